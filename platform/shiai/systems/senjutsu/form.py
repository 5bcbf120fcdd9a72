"""The set-up Senjutsu's new-game form describes: a duel of two to six players
(Multiplayer Rules), each side's character with a core weapon and the character's
sample deck, or a solo game against the book's opponents (Solo Rules > Solo Setup);
the battlefield and a terrain preset either way. Every field is read through
:func:`field` (size-limited); anything malformed or illegal is ``InvalidCommand`` in
words a player understands, before anything is stored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import InvalidCommand, Setup
from shiai.systems import Form
from shiai.systems.senjutsu.battlefields import chosen_battlefield
from shiai.systems.senjutsu.terrain import form_terrain

# The sides of a duel, in seating order (Multiplayer Rules: two to six players).
SIDES = ("A", "B", "C", "D", "E", "F")
MIN_PLAYERS = 2
# The longest value any of the form's fields takes (the JSON set-up has its own limit).
MAX_FIELD = 100
# What the form preselects (Battlefield Setup > 1: "If playing for the first time,
# choose the snowy battlefield board"; the Learn To Play book's Student and Master,
# then the other characters, the Noblewoman twice as the box allows).
FIRST_BATTLEFIELD = "snowy-battlefield"
PRESELECTED = {
    "A": "student",
    "B": "master",
    "C": "ronin",
    "D": "warrior",
    "E": "noblewoman",
    "F": "noblewoman",
}
MODES = ("duel", "solo")
# Component List: one miniature of each character, two of the Noblewoman.
TWICE = "noblewoman"
# Solo: up to three opponents in the browser form (the engine takes five).
SOLO_SLOTS = (1, 2, 3)
FIRST_OPPONENT = "ashigaru-katana"
STANCES = ("offensive", "defensive")
# Solo Setup > 6: "For your first few games, a total wound limit of 5-8 across all
# opponents is recommended." A limit left empty takes its share of this total.
SOLO_TOTAL_WOUNDS = 6
MAX_WOUND_LIMIT = 20


def field(form: Form, name: str, default: str = "") -> str:
    """A field of the form (``default`` if absent), at most ``MAX_FIELD`` characters."""
    value = form.get(name, default)
    if len(value) > MAX_FIELD:
        raise InvalidCommand(f"{name}: a choice is at most {MAX_FIELD} characters")
    return value


def player_count(form: Form) -> int:
    """How many players the duel has: ``players``, 2 to 6 (two when absent)."""
    typed = field(form, "players", str(MIN_PLAYERS)).strip()
    if not (typed.isdigit() and MIN_PLAYERS <= int(typed) <= len(SIDES)):
        raise InvalidCommand(
            f"the number of players is {MIN_PLAYERS} to {len(SIDES)} (Multiplayer Rules)"
        )
    return int(typed)


def form_setup(catalogue: Any, form: Form) -> Setup:
    """The set-up the form's choices describe (the JSON one is read elsewhere)."""
    battlefield, board = chosen_battlefield(catalogue, field(form, "battlefield"))
    terrain = form_terrain(catalogue, lambda name, default: field(form, name, default), board)
    mode = field(form, "mode", "duel")
    if mode not in MODES:
        raise InvalidCommand("choose a duel or a solo game")
    if mode == "solo":
        return solo_setup(catalogue, form, battlefield, terrain)
    sides = SIDES[: player_count(form)]
    players = [player_entry(catalogue, form, side) for side in sides]
    picked = [player["character"] for player in players]
    for side, character in zip(sides, picked, strict=True):
        before = picked[: sides.index(side)]
        name = catalogue.characters[character].name
        if character in before and character != TWICE:
            raise InvalidCommand(
                f"side {side}: {name} is already played (only the Noblewoman may be"
                " chosen twice; Component List)"
            )
        if character == TWICE and before.count(TWICE) >= 2:
            raise InvalidCommand(
                f"side {side}: the Noblewoman may be chosen twice, not three times (Component List)"
            )
    return {"mode": "duel", "battlefield": battlefield, **terrain, "players": players}


def player_entry(catalogue: Any, form: Form, side: str) -> dict[str, Any]:
    """Side ``side``'s character and core weapon (``character_<side>``: "id|weapon")."""
    character, _, weapon = field(form, f"character_{side}").partition("|")
    known = catalogue.characters.get(character)
    if known is None or weapon not in known.weapons:
        raise InvalidCommand(f"choose a character and a core weapon for side {side}")
    return {"side": side, "character": character, "weapon": weapon, "deck": None, "prepared": []}


def solo_setup(
    catalogue: Any, form: Form, battlefield: Any, terrain: dict[str, Any]
) -> dict[str, Any]:
    """The solo set-up the form describes (Solo Rules > Solo Setup): the player at
    side A, then each chosen opponent (``opponent_1``..``opponent_3``; an empty one is
    no opponent) with its wound limit (step 6; left empty, its share of
    ``SOLO_TOTAL_WOUNDS``), stance (step 5) and nightmare card (step 2, "to increase
    difficulty"). Opponents approach from the front (step 7's usual entry)."""
    if field(form, "side", "A") != "A":
        raise InvalidCommand("in a solo game you play side A: the opponents are the book's")
    if field(form, "opponent", "bot") == "invite":
        raise InvalidCommand(
            "a solo game has no second player to invite: the opponents act by the solo rules"
        )
    player = player_entry(catalogue, form, "A")
    chosen = [n for n in SOLO_SLOTS if field(form, f"opponent_{n}")]
    if not chosen:
        raise InvalidCommand("choose at least one opponent for the solo game")
    share = max(1, SOLO_TOTAL_WOUNDS // len(chosen))
    opponents: list[dict[str, Any]] = []
    for n in chosen:
        opponent = field(form, f"opponent_{n}")
        if opponent not in catalogue.opponents:
            raise InvalidCommand(f"opponent {n}: choose one of the book's solo opponents")
        typed = field(form, f"wound_limit_{n}").strip()
        if typed and not (typed.isdigit() and 1 <= int(typed) <= MAX_WOUND_LIMIT):
            raise InvalidCommand(
                f"opponent {n}: the wound limit is a whole number from 1 to {MAX_WOUND_LIMIT}"
            )
        stance = field(form, f"stance_{n}", "offensive")
        if stance not in STANCES:
            raise InvalidCommand(f"opponent {n}: the stance is offensive or defensive")
        approaches = catalogue.opponents[opponent].approaches
        opponents.append(
            {
                "opponent": opponent,
                "wound_limit": int(typed) if typed else share,
                "stance": stance,
                "approach": "front" if "front" in approaches else approaches[0],
                "nightmare": field(form, f"nightmare_{n}") in ("1", "on", "true"),
            }
        )
    return {
        "mode": "solo",
        "battlefield": battlefield,
        **terrain,
        "players": [player],
        "opponents": opponents,
    }


def character_choices(catalogue: Any) -> list[tuple[str, str]]:
    """Every (character, core weapon) pair, as ``("ronin|w-katana", "Ronin with Katana")``."""
    choices = []
    for character in catalogue.characters.values():
        for weapon in character.weapons:
            card = catalogue.cards.get(weapon)
            choices.append(
                (
                    f"{character.id}|{weapon}",
                    f"{character.name} with {card.name if card else weapon}",
                )
            )
    return choices


def preselected_characters(choices: Sequence[tuple[str, str]]) -> dict[str, str]:
    """The choice each side starts at: its :data:`PRESELECTED` character's first weapon."""
    keys = [key for key, _ in choices]
    return {
        side: next(
            (k for k in keys if k.startswith(PRESELECTED[side] + "|")), keys[0] if keys else ""
        )
        for side in SIDES
    }

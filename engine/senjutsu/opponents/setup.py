"""Solo Setup 1-8: the opponents of a solo duel, from the set-up to the state.

A solo set-up is a duel set-up with ``"mode": "solo"``, one player (side ``A``) and
``"opponents": [{"opponent": id, "wound_limit": n, "stance": "offensive" |
"defensive", "approach": id | null, "nightmare": bool}]``, the opponent card row from
left to right: sides ``O1``, ``O2``... in that order. Opponents are never prompted.

An opponent is a character entry like a player's, with no hand, weapon or Kamae tree,
and its ``solo`` record (``opponent``, ``stance``, ``approach``, ``wounds_left``,
``stuns_above``). Its ``wound_limit`` is the one chosen (step 6) and its
``hand_limit`` the same number: an opponent never holds stuns (they go into its
deck), so only its wounds can defeat it by the duel's rule, and
:func:`engine.senjutsu.opponents.defeat.beaten` adds the solo one (stuns above).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Dice, Event, InvalidCommand, State
from engine.hexgrid import Facing, Hex
from engine.senjutsu import solo
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.cards.decks import shuffle

SOLO_SETUP = "Solo Rules > Solo Setup"
PLAYER = "A"
STANCES = ("offensive", "defensive")
MAX_OPPONENTS = 5  # the six sides a game has: you and up to five opponents
FIELDS = frozenset({"opponent", "wound_limit", "stance", "approach", "nightmare"})


def opponent_sides(count: int) -> list[str]:
    """The opponents' sides in the card row's order, left to right."""
    return [f"O{index + 1}" for index in range(count)]


def generic_nightmares(catalogue: Catalogue) -> list[str]:
    """The generic solo nightmare cards standees draw from (Solo Setup step 2)."""
    return sorted(c.id for c in catalogue.cards.values() if c.id.startswith("nm-generic-"))


def _entry(catalogue: Catalogue, entry: Any, index: int) -> dict[str, Any]:
    where = f"opponents[{index}]."
    if not isinstance(entry, Mapping):
        raise InvalidCommand(f"opponents[{index}]: an opponent is an object")
    extra = sorted(set(entry) - FIELDS)
    if extra:
        raise InvalidCommand(f"{where}{', '.join(extra)}: unexpected in an opponent")
    opponent_id = entry.get("opponent")
    if not isinstance(opponent_id, str) or opponent_id not in catalogue.opponents:
        raise InvalidCommand(f"{where}opponent: no solo opponent {opponent_id!r}")
    opponent = catalogue.opponent(opponent_id)
    limit = entry.get("wound_limit")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise InvalidCommand(f"{where}wound_limit: a whole number of 1 or more, not {limit!r}")
    stance = entry.get("stance", "offensive")
    if stance not in STANCES:
        raise InvalidCommand(f"{where}stance: offensive or defensive, not {stance!r}")
    approach = entry.get("approach")
    if approach is None:
        approach = opponent.approaches[0]
    if approach not in opponent.approaches:
        raise InvalidCommand(
            f"{where}approach: {opponent.name} approaches from {', '.join(opponent.approaches)},"
            f" not {approach!r}"
        )
    nightmare = entry.get("nightmare", False)
    if not isinstance(nightmare, bool):
        raise InvalidCommand(f"{where}nightmare: true or false, not {nightmare!r}")
    return {
        "opponent": opponent_id,
        "wound_limit": limit,
        "stance": stance,
        "approach": approach,
        "nightmare": nightmare,
    }


def parse_opponents(catalogue: Catalogue, entries: Any) -> list[dict[str, Any]]:
    """The set-up's ``opponents``, checked (InvalidCommand naming the field)."""
    if not isinstance(entries, list) or not 1 <= len(entries) <= MAX_OPPONENTS:
        raise InvalidCommand(f"opponents: a list of 1 to {MAX_OPPONENTS} opponents")
    return [_entry(catalogue, entry, index) for index, entry in enumerate(entries)]


def opponent_deck(catalogue: Catalogue, entry: Mapping[str, Any], dice: Dice) -> list[str]:
    """Solo Setup 1-2: the cards on the back of the opponent card, with its nightmare
    card if asked (a standee draws one of the generic ones at random), shuffled."""
    opponent = catalogue.opponent(entry["opponent"])
    cards = list(opponent.deck)
    if entry["nightmare"]:
        if opponent.nightmare is not None:
            cards.append(opponent.nightmare)
        else:
            pool = generic_nightmares(catalogue)
            cards.append(pool[dice.roll(1, len(pool))[0] - 1])
    return list(shuffle(sorted(cards), dice))


def opponent_characters(
    catalogue: Catalogue, entries: Sequence[Mapping[str, Any]], dice: Dice
) -> dict[str, dict[str, Any]]:
    """Every opponent's character entry, side by side in the card row's order
    (Solo Setup 1-8; placed later, after your character: step 5)."""
    found: dict[str, dict[str, Any]] = {}
    for side, entry in zip(opponent_sides(len(entries)), entries, strict=True):
        found[side] = {
            "character": entry["opponent"],
            "weapon": None,
            "tree": None,
            "hex": None,
            "facing": 0,
            "kamae": None,
            "focus": 0,
            "wounds": 0,
            "bleeding": 0,
            "wound_limit": entry["wound_limit"],
            "hand_limit": entry["wound_limit"],
            "hobbles": [],
            "hand": [],
            "stuns": 0,
            "deck": opponent_deck(catalogue, entry, dice),
            "discard": [],
            "played": None,
            "defeated": False,
            "solo": {
                "opponent": entry["opponent"],
                "stance": entry["stance"],
                "approach": entry["approach"],
                "wounds_left": entry["wound_limit"],
                "stuns_above": 0,
            },
        }
    return found


def placements(state: State) -> list[Event]:
    """Solo Setup step 5, once your character is placed: each opponent "on empty
    hexes, facing your character and at least four hexes away", left to right. Of
    the hexes allowed, the one nearest you on the side its approach names (then
    nearest you, then the canonical order): the rulebook leaves the hex to you, the
    engine takes one fixed choice."""
    chars = state["characters"]
    you = chars[PLAYER]
    player = (Hex.from_json(you["hex"]), Facing(you["facing"]))
    board = frozenset(Hex.from_json(h) for h in state["board"]["hexes"])
    terrain = frozenset(Hex.from_json(h) for p in state["terrain"] for h in p["hexes"])
    taken = {Hex.from_json(c["hex"]) for c in chars.values() if c["hex"] is not None}
    events: list[Event] = []
    for side in state["sides"]:
        mine = chars[side]
        if not mine.get("solo") or mine["hex"] is not None:
            continue
        approach = mine["solo"]["approach"]
        allowed = solo.setup_positions(board, player, frozenset(taken), terrain, approach)
        if not allowed:
            raise InvalidCommand(f"opponents: no empty hex four hexes from you for {side}")
        hex_, facing = min(
            allowed,
            key=lambda p: (
                not solo.in_approach(player, p[0], approach),
                p[0].distance(player[0]),
                p[0],
            ),
        )
        taken.add(hex_)
        events.append(
            {"type": "placed", "side": side, "hex": hex_.to_json(), "facing": int(facing)}
        )
    return events

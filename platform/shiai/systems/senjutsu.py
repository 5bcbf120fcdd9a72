"""Senjutsu's plug-in: its new-game form (the battlefield, a terrain preset, each
player's character with a core weapon and the character's sample deck), its viewer
and play scripts (``static/systems/senjutsu/``: the hex battlefield, the cards, the
hands and the reveal, a control for every prompt) and the public catalogue those
scripts read (``/systems/senjutsu/catalogue.json``: cards, characters, kamae trees,
battlefields and terrain, nothing of any game).

The set-up the form builds is the one ``engine.senjutsu`` starts from::

    {"mode": "duel", "battlefield": id, "terrain": [{"terrain", "hex", "facing"}],
     "players": [{"side", "character", "weapon", "deck": null, "prepared": []}]}

``deck: null`` is the character's ready-made sample deck. A set-up typed in as JSON
(the generic form's field, kept below the choices) takes any other deck.

"Solo against the book's opponents" (Solo Rules > Solo Setup) builds instead::

    {"mode": "solo", "battlefield", "terrain", "players": [side A only],
     "opponents": [{"opponent", "wound_limit", "stance", "approach": "front",
                    "nightmare"}]}

one to three opponents from the catalogue's solo opponents, the card row left to
right (sides ``O1``, ``O2``...). The opponents are never prompted: the platform seats
the host at A and the chosen bot (or the host) at the opponents' sides, who never
answer anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from flask import Blueprint, Response, jsonify
from flask.typing import ResponseReturnValue

from engine.core import InvalidCommand, Setup
from engine.hexgrid import Facing, Hex, oriented
from engine.senjutsu import load_catalogue
from shiai.systems import Files, Form, Scripts, SystemPlugin

# Two players at a browser game (the platform seats two sides).
PLAYER_SIDES = ("A", "B")
# What the form preselects (Battlefield Setup > 1: "If playing for the first time,
# choose the snowy battlefield board"; the Learn To Play book's Student and Master).
FIRST_BATTLEFIELD = "snowy-battlefield"
PRESELECTED = {"A": "student", "B": "master"}
MODES = ("duel", "solo")
# Solo: up to three opponents in the browser form (the engine takes five).
SOLO_SLOTS = (1, 2, 3)
FIRST_OPPONENT = "ashigaru-katana"
STANCES = ("offensive", "defensive")
# Solo Setup > 6: "For your first few games, a total wound limit of 5-8 across all
# opponents is recommended." A limit left empty takes its share of this total.
SOLO_TOTAL_WOUNDS = 6
MAX_WOUND_LIMIT = 20
# Battlefield Setup > 2: terrain "cannot be placed within 2 hexes of any other
# previously placed terrain" (so at least 3 hexes apart).
TERRAIN_SPACING = 3
# Terrain presets: (key, label, the kinds placed). "When playing for the first
# time, just use rocks. In general, terrain should occupy 3 to 4 battlefield hexes."
TERRAIN_PRESETS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("rocks", "Three rocks (the first game's terrain)", ("rocks", "rocks", "rocks")),
    (
        "mixed",
        "Rocks, bamboo, a shrine and a cherry tree",
        ("rocks", "bamboo", "shrine", "cherry-tree"),
    ),
    (
        "village",
        "Burning carts, a rock and the torii gate",
        ("burning-carts", "rocks", "torii-gate"),
    ),
    ("none", "No terrain", ()),
)


def _catalogue() -> Any:
    """The packaged Senjutsu catalogue (engine.senjutsu; cached there)."""
    return load_catalogue()


class SenjutsuPlugin(SystemPlugin):
    form_template = "systems/senjutsu_form.html"
    scripts = Scripts(
        replay="systems/senjutsu/replay.js",
        board="systems/senjutsu/board.js",
        play="systems/senjutsu/play.js",
    )

    @property
    def sides(self) -> tuple[str, ...]:
        # The ruleset seats up to six; a game started here has two players.
        return PLAYER_SIDES

    def blueprint(self) -> Blueprint:
        bp = Blueprint("senjutsu", __name__)
        bp.add_url_rule("/systems/senjutsu/catalogue.json", "catalogue", catalogue_json)
        return bp

    # -- the new-game form ------------------------------------------------------------

    def form_options(self) -> dict[str, Any]:
        catalogue = _catalogue()
        battlefields = [(b.id, b.name) for b in catalogue.battlefields.values()]
        first = FIRST_BATTLEFIELD if FIRST_BATTLEFIELD in catalogue.battlefields else None
        characters = character_choices(catalogue)
        keys = [key for key, _ in characters]
        preselected = {
            side: next(
                (k for k in keys if k.startswith(PRESELECTED[side] + "|")), keys[0] if keys else ""
            )
            for side in PLAYER_SIDES
        }
        return {
            "battlefields": battlefields,
            "battlefield": first or (battlefields[0][0] if battlefields else ""),
            "presets": [(key, label) for key, label, _ in TERRAIN_PRESETS],
            "characters": characters,
            "preselected": preselected,
            "sample": catalogue.sample,
            "modes": [
                ("duel", "A duel between two players"),
                ("solo", "Solo against the book's opponents"),
            ],
            "opponents": [(o.id, o.name) for o in catalogue.opponents.values()],
            "first_opponent": FIRST_OPPONENT,
            "solo_slots": SOLO_SLOTS,
            "stances": STANCES,
            "solo_total_wounds": SOLO_TOTAL_WOUNDS,
        }

    def setup_from_form(self, form: Form, files: Files) -> Setup:
        if form.get("setup", "").strip():
            return super().setup_from_form(form, files)  # a set-up typed in as JSON
        catalogue = _catalogue()
        battlefield = form.get("battlefield", "")
        if battlefield not in catalogue.battlefields:
            raise InvalidCommand("choose a battlefield")
        preset = form.get("terrain", "")
        kinds = next((k for key, _, k in TERRAIN_PRESETS if key == preset), None)
        if kinds is None:
            raise InvalidCommand("choose a terrain preset")
        hexes = [Hex(q, r) for q, r in catalogue.battlefields[battlefield].hexes]
        shapes = {kind: _terrain_shape(catalogue, kind) for kind in kinds}
        terrain = place_terrain(hexes, [(kind, shapes[kind]) for kind in kinds])
        mode = form.get("mode", "duel")
        if mode not in MODES:
            raise InvalidCommand("choose a duel or a solo game")
        if mode == "solo":
            return solo_setup(catalogue, form, battlefield, terrain)
        players: list[dict[str, Any]] = []
        taken: list[str] = []
        for side in PLAYER_SIDES:
            character, _, weapon = form.get(f"character_{side}", "").partition("|")
            known = catalogue.characters.get(character)
            if known is None or weapon not in known.weapons:
                raise InvalidCommand(f"choose a character and a core weapon for side {side}")
            if character in taken and character != "noblewoman":
                # Component List: one of each character, two Noblewoman miniatures.
                raise InvalidCommand(
                    f"side {side}: {known.name} is already played"
                    " (only the Noblewoman may be chosen twice)"
                )
            taken.append(character)
            players.append(
                {
                    "side": side,
                    "character": character,
                    "weapon": weapon,
                    "deck": None,
                    "prepared": [],
                }
            )
        return {"mode": "duel", "battlefield": battlefield, "terrain": terrain, "players": players}


def _player_entry(catalogue: Any, form: Form, side: str) -> dict[str, Any]:
    character, _, weapon = form.get(f"character_{side}", "").partition("|")
    known = catalogue.characters.get(character)
    if known is None or weapon not in known.weapons:
        raise InvalidCommand(f"choose a character and a core weapon for side {side}")
    return {"side": side, "character": character, "weapon": weapon, "deck": None, "prepared": []}


def solo_setup(
    catalogue: Any, form: Form, battlefield: str, terrain: list[dict[str, Any]]
) -> dict[str, Any]:
    """The solo set-up the form describes (Solo Rules > Solo Setup): the player at
    side A, then each chosen opponent (``opponent_1``..``opponent_3``; an empty one is
    no opponent) with its wound limit (step 6; left empty, its share of
    ``SOLO_TOTAL_WOUNDS``), stance (step 5) and nightmare card (step 2, "to increase
    difficulty"). Opponents approach from the front (step 7's usual entry)."""
    if form.get("side", "A") != "A":
        raise InvalidCommand("in a solo game you play side A: the opponents are the book's")
    if form.get("opponent", "bot") == "invite":
        raise InvalidCommand(
            "a solo game has no second player to invite: the opponents act by the solo rules"
        )
    player = _player_entry(catalogue, form, "A")
    chosen = [n for n in SOLO_SLOTS if form.get(f"opponent_{n}", "")]
    if not chosen:
        raise InvalidCommand("choose at least one opponent for the solo game")
    share = max(1, SOLO_TOTAL_WOUNDS // len(chosen))
    opponents: list[dict[str, Any]] = []
    for n in chosen:
        opponent = form.get(f"opponent_{n}", "")
        if opponent not in catalogue.opponents:
            raise InvalidCommand(f"opponent {n}: choose one of the book's solo opponents")
        typed = form.get(f"wound_limit_{n}", "").strip()
        if typed and not (typed.isdigit() and 1 <= int(typed) <= MAX_WOUND_LIMIT):
            raise InvalidCommand(
                f"opponent {n}: the wound limit is a whole number from 1 to {MAX_WOUND_LIMIT}"
            )
        stance = form.get(f"stance_{n}", "offensive")
        if stance not in STANCES:
            raise InvalidCommand(f"opponent {n}: the stance is offensive or defensive")
        approaches = catalogue.opponents[opponent].approaches
        opponents.append(
            {
                "opponent": opponent,
                "wound_limit": int(typed) if typed else share,
                "stance": stance,
                "approach": "front" if "front" in approaches else approaches[0],
                "nightmare": form.get(f"nightmare_{n}", "") in ("1", "on", "true"),
            }
        )
    return {
        "mode": "solo",
        "battlefield": battlefield,
        "terrain": terrain,
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


def _terrain_shape(catalogue: Any, kind: str) -> tuple[Hex, ...]:
    found = catalogue.terrain_kinds.get(kind)
    if found is None:
        raise InvalidCommand(f"the catalogue has no terrain {kind!r}")
    return tuple(Hex(q, r) for q, r in found.hexes)


def place_terrain(
    board: Sequence[Hex], pieces: Iterable[tuple[str, Sequence[Hex]]]
) -> list[dict[str, Any]]:
    """Terrain placed for a preset, deterministically (Battlefield Setup > 2): each
    piece, facing east, on the board hex whose piece lies wholly inside the board,
    not on its edge, and at least ``TERRAIN_SPACING`` hexes from every piece placed
    before, farthest from those pieces (the first: nearest the board's middle; ties
    in (q, r) order). A piece that fits nowhere is left out."""
    area = frozenset(board)
    inner = sorted(h for h in area if all(n in area for n in h.neighbours()))
    if not inner:
        return []
    middle = min(inner, key=lambda h: (sum(h.distance(o) for o in area), h.q, h.r))
    placed: list[dict[str, Any]] = []
    occupied: list[Hex] = []
    for kind, shape in pieces:
        best: tuple[tuple[int, int, int], Hex] | None = None
        for anchor in inner:
            cells = oriented(shape, anchor, Facing.EAST)
            if not cells <= area or any(c not in inner for c in cells):
                continue
            gaps = [c.distance(o) for c in cells for o in occupied]
            if gaps and min(gaps) < TERRAIN_SPACING:
                continue
            spread = min(gaps) if gaps else -anchor.distance(middle)
            key = (spread, -anchor.q, -anchor.r)
            if best is None or key > best[0]:
                best = (key, anchor)
        if best is None:
            continue
        anchor = best[1]
        occupied.extend(oriented(shape, anchor, Facing.EAST))
        placed.append({"terrain": kind, "hex": [anchor.q, anchor.r], "facing": int(Facing.EAST)})
    return placed


# -- the public catalogue -----------------------------------------------------------------


def plain(value: Any) -> Any:
    """A catalogue record as the contract's JSON: a dataclass's fields by their JSON
    names (``with_`` -> ``with``, ``from_`` -> ``from``), tuples as lists. Fields at
    null, false or an empty list are left out (absent fields take those defaults in
    the contract; numbers are kept: a cell of 0 wounds is not a cell of 1)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ((f.name.rstrip("_"), getattr(value, f.name)) for f in dataclasses.fields(value))
        return {
            name: plain(item)
            for name, item in fields
            if item is not None and item is not False and item != ()
        }
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


@cache
def public_catalogue() -> dict[str, Any]:
    """What the scripts read: every public record of the packaged catalogue."""
    catalogue = _catalogue()
    return {
        "sample": catalogue.sample,
        "cards": {key: plain(card) for key, card in catalogue.cards.items()},
        "characters": {key: plain(c) for key, c in catalogue.characters.items()},
        "trees": {key: plain(tree) for key, tree in catalogue.trees.items()},
        "battlefields": {key: plain(b) for key, b in catalogue.battlefields.items()},
        "terrain": {key: plain(t) for key, t in catalogue.terrain_kinds.items()},
    }


def catalogue_json() -> ResponseReturnValue:
    response: Response = jsonify(public_catalogue())
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    return response

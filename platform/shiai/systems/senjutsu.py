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
        return {
            "mode": "duel",
            "battlefield": battlefield,
            "terrain": place_terrain(hexes, [(kind, shapes[kind]) for kind in kinds]),
            "players": players,
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

"""Reading a Samurai Battles state: units, their hexes and types, the board, sides.

The state is plain canonical JSON (see the contract in the rules map): units by id,
each with its side, number, type, hex ``[q, r]`` (or ``null`` in an enemy's view of a
hidden unit), facing, models, Fortitude, ammunition, supplies, status, ``hidden`` and
``engaged``. These accessors turn the JSON into the hex library's values and the
catalogue's records; they never change the state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

from engine.core import State, canonical_json
from engine.hexgrid import Board, Facing, Hex
from engine.samurai_battles.army.catalogue import (
    ArmyUnit,
    Catalogue,
    TerrainKind,
    UnitType,
    catalogue_of,
)
from engine.samurai_battles.geometry.terrain import Battlefield

SIDES: Final = ("east", "west")
SIDE_LABELS: Final = {"east": "East army", "west": "West army"}
READY: Final = "ready"
DESTROYED: Final = "destroyed"
FLED: Final = "fled"
JOINED: Final = "joined"
REMOVED: Final = (DESTROYED, FLED)
"""The statuses of a unit lost to its side (what the break point counts)."""


def enemy_of(side: str) -> str:
    """The other army."""
    return "west" if side == "east" else "east"


def units(state: State) -> Mapping[str, Any]:
    """Every unit of the game by id, on the table or not."""
    found: Mapping[str, Any] = state["units"]
    return found


def unit(state: State, unit_id: str) -> Mapping[str, Any]:
    record: Mapping[str, Any] = units(state)[unit_id]
    return record


def _order_key(item: tuple[str, Any]) -> tuple[str, int]:
    return (item[1]["side"], item[1]["number"])


def unit_ids(state: State, side: str | None = None, *, on_table: bool = True) -> tuple[str, ...]:
    """The ids of the units of ``side`` (both sides for ``None``), by side then number;
    only those still on the table (``ready``) unless ``on_table`` is false."""
    return tuple(
        unit_id
        for unit_id, record in sorted(units(state).items(), key=_order_key)
        if (side is None or record["side"] == side) and (not on_table or record["status"] == READY)
    )


def is_on_table(state: State, unit_id: str) -> bool:
    return unit_id in units(state) and unit(state, unit_id)["status"] == READY


def hex_of(state: State, unit_id: str) -> Hex | None:
    """Where the unit stands (``None`` when a view hides it)."""
    at = unit(state, unit_id)["hex"]
    return None if at is None else Hex(at[0], at[1])


def facing_of(state: State, unit_id: str) -> Facing:
    facing = unit(state, unit_id)["facing"]
    return Facing(0 if facing is None else facing)


def side_of(state: State, unit_id: str) -> str:
    side: str = unit(state, unit_id)["side"]
    return side


def catalogue(state: State) -> Catalogue:
    """The data the game was started with (by the fingerprint in ``state["data"]``)."""
    return catalogue_of(state)


def type_of(state: State, unit_id: str) -> UnitType:
    return catalogue(state).unit_type(unit(state, unit_id)["type"])


def board(state: State) -> Board:
    """The board (boards do not change in a game)."""
    return battlefield(state).board


_LAST: list[tuple[object, str, Battlefield]] = []


def battlefield(state: State) -> Battlefield:
    """The board with the terrain kinds of the game's catalogue, parsed once per board:
    the states of one game share their board's JSON object, so it is recognised by
    identity first, then by its canonical text."""
    shown = state["board"]
    data = state.get("data")
    if _LAST and _LAST[0][0] is shown and _LAST[0][1] == str(data):
        return _LAST[0][2]
    found = _battlefield(canonical_json(shown), catalogue(state))
    _LAST[:] = [(shown, str(data), found)]
    return found


@lru_cache(maxsize=16)
def _battlefield(text: str, data: Catalogue) -> Battlefield:
    return Battlefield(Board.from_json(json.loads(text)), data)


def terrain_at(state: State, hex_: Hex) -> TerrainKind:
    """The terrain kind of ``hex_`` (open where nothing is placed)."""
    return catalogue(state).terrain(board(state).terrain_at(hex_))


def occupant(state: State, hex_: Hex) -> str | None:
    """The unit on the table standing on ``hex_`` (hidden units included), if any."""
    for unit_id in unit_ids(state):
        if hex_of(state, unit_id) == hex_:
            return unit_id
    return None


def positions(state: State, side: str | None = None) -> dict[Hex, str]:
    """The hex of every unit on the table (of ``side``, or both), to its id."""
    found: dict[Hex, str] = {}
    for unit_id in unit_ids(state, side):
        at = hex_of(state, unit_id)
        if at is not None:
            found[at] = unit_id
    return found


def written_order(state: State, unit_id: str) -> Mapping[str, Any] | None:
    """The unit's revealed order this turn (``state["orders"]``), if any."""
    side = side_of(state, unit_id)
    found: Mapping[str, Any] | None = state.get("orders", {}).get(side, {}).get(unit_id)
    return found


def new_unit(catalogue: Catalogue, side: str, deployed: ArmyUnit) -> dict[str, Any]:
    """A unit's record at the start of a game: full strength, starting Fortitude,
    full ammunition and supplies (the Unit Card's values)."""
    kind = catalogue.unit_type(deployed.type)
    return {
        "side": side,
        "number": deployed.number,
        "type": deployed.type,
        "hex": deployed.hex.to_json(),
        "facing": int(deployed.facing),
        "models": kind.models,
        "fortitude": kind.fortitude,
        "ammo": kind.ranged.ammunition if kind.ranged else 0,
        "supplies": kind.supplies,
        "status": READY,
        "hidden": False,
        "engaged": [],
    }


def label(state: State, unit_id: str) -> str:
    """How a sentence names a unit: its army, number and type ("East 2 (Arquebusiers)")."""
    record = unit(state, unit_id)
    kind = catalogue(state).unit_type(record["type"])
    return f"{record['side'].capitalize()} {record['number']} ({kind.name})"

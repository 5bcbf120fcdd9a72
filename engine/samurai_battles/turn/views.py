"""What one army (or a spectator) may see of a state, and what the browser draws.

Redacted while the game runs: the other army's sealed orders (``written``: ``true``,
written but not shown), an enemy hidden unit's hex and facing (``null``) and its
revealed orders. Derived for drawing: the zones of the revealed orders (Zone of
Control, Defense Zone, Kill Zone) and the catalogue's names, categories, strengths and
ranges.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import State
from engine.hexgrid import Facing, Hex
from engine.samurai_battles.army.catalogue import Catalogue
from engine.samurai_battles.geometry.zones import (
    defense_zone,
    facing_towards,
    kill_zone,
    zone_of_control,
)
from engine.samurai_battles.orders.model import MOVE_LIMITS
from engine.samurai_battles.state.access import (
    battlefield,
    catalogue,
    facing_of,
    hex_of,
    side_of,
    type_of,
    unit,
    unit_ids,
    written_order,
)


def _hidden_from(state: State, unit_id: str, viewer: str | None) -> bool:
    return bool(unit(state, unit_id)["hidden"]) and side_of(state, unit_id) != viewer


def _zone_facing(at: Hex, facing: Facing, order: Mapping[str, Any]) -> Facing:
    face = order.get("face")
    if isinstance(face, list) and Hex(*face).distance(at) == 1:
        return facing_towards(at, Hex(*face))
    return facing


def _hexes(hexes: frozenset[Hex], state: State) -> list[list[int]]:
    field = battlefield(state)
    return [h.to_json() for h in sorted(hexes) if field.on_board(h)]


def zones(
    state: State, viewer: str | None, *, everything: bool = False
) -> dict[str, dict[str, list[list[int]]]]:
    """The zones of every unit ``viewer`` may see (``everything``: all of them, once the
    game is over), by its revealed order."""
    tables = catalogue(state).tables
    field = battlefield(state)
    found: dict[str, dict[str, list[list[int]]]] = {"control": {}, "defense": {}, "kill": {}}
    for unit_id in unit_ids(state):
        at = hex_of(state, unit_id)
        if at is None or (not everything and _hidden_from(state, unit_id, viewer)):
            continue
        order = written_order(state, unit_id) or {}
        kind = order.get("order")
        facing = _zone_facing(at, facing_of(state, unit_id), order)
        if kind != "assault":
            found["control"][unit_id] = _hexes(
                zone_of_control(at, facing, tables.control_radius), state
            )
        reach = 0
        ranged = type_of(state, unit_id).ranged
        if kind in {"defend", "fire_and_retreat"} or unit(state, unit_id)["hidden"]:
            found["defense"][unit_id] = _hexes(
                defense_zone(at, facing, tables.defense_radius), state
            )
            if ranged is not None:
                reach = {
                    "defend": int(order.get("kill_range") or 0),
                    "fire_and_retreat": tables.fire_and_retreat_range,
                }.get(str(kind), tables.ambush_fire_range)
        if reach:
            found["kill"][unit_id] = _hexes(kill_zone(field, at, facing, reach), state)
    return found


def catalogue_view(data: Catalogue) -> dict[str, Any]:
    """What the browser shows and draws of a catalogue: unit types, terrain kinds, clans,
    and the path limits of each moving order by category (``moves``)."""
    return {
        "sample": data.sample,
        "units": {type_id: kind.to_json() for type_id, kind in data.unit_types.items()},
        "terrain": {
            kind_id: {
                "name": kind.name,
                "blocks_sight": kind.blocks_sight,
                "impassable": kind.impassable,
                "ambush": kind.ambush,
                "defence_dice": kind.defence_dice,
            }
            for kind_id, kind in data.terrain_kinds.items()
        },
        "clans": {clan.id: clan.name for clan in data.clans},
        "moves": {order: dict(limits) for order, limits in MOVE_LIMITS.items()},
    }


def view(state: State, viewer: str | None) -> dict[str, Any]:
    """What ``viewer`` (a side, or ``None`` for a spectator) may see of ``state``."""
    over = state["phase"] == "over"
    shown: dict[str, Any] = dict(state)
    if not over:
        shown["written"] = {
            side: (orders if side == viewer else True) for side, orders in state["written"].items()
        }
        units = dict(state["units"])
        orders = {side: dict(by_unit) for side, by_unit in state["orders"].items()}
        for unit_id in sorted(units):
            if _hidden_from(state, unit_id, viewer):
                units[unit_id] = {**units[unit_id], "hex": None, "facing": None}
                orders.get(side_of(state, unit_id), {}).pop(unit_id, None)
        shown["units"] = units
        shown["orders"] = orders
    shown["zones"] = zones(state, viewer, everything=over)
    shown["catalogue"] = catalogue_view(catalogue(state))
    return shown

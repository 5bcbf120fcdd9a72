"""Shared test builders for Samurai Battles: a state from a compact spec.

    state = battle(
        {"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (1, 2), {"ammo": 2})},
        terrain={(2, 2): "forest"},
    )

Units are keyed by id: the first letter is the army (``e`` east, ``w`` west), the
digits its number. Each spec is ``(type, (q, r))`` or ``(type, (q, r), overrides)``,
the overrides replacing fields of the unit's record (``facing``, ``models``,
``fortitude``, ``ammo``, ``supplies``, ``status``, ``hidden``, ``engaged``). East units
face west (3) and west units east (0) unless told. The board is a parallelogram of
axial hexes, ``q`` in ``range(columns)`` and ``r`` in ``range(rows)``, so every hex a
test writes as ``(q, r)`` with small non-negative numbers is on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import State
from engine.hexgrid import Board, Facing, Hex
from engine.samurai_battles.army.catalogue import ArmyUnit, load_catalogue
from engine.samurai_battles.state.access import new_unit

Spec = tuple[Any, ...]
"""``(type, (q, r))`` or ``(type, (q, r), overrides)``."""

DEFAULT_FACING = {"east": Facing.WEST, "west": Facing.EAST}


def board(
    columns: int = 8, rows: int = 6, terrain: Mapping[tuple[int, int], str] | None = None
) -> Board:
    """A parallelogram board with ``terrain`` placed by ``(q, r)``."""
    hexes = frozenset(Hex(q, r) for q in range(columns) for r in range(rows))
    return Board(hexes, {Hex(q, r): kind for (q, r), kind in (terrain or {}).items()})


def battle(
    units: Mapping[str, Spec],
    *,
    columns: int = 8,
    rows: int = 6,
    terrain: Mapping[tuple[int, int], str] | None = None,
    turn: int = 1,
    turns: int = 6,
    victory: Mapping[str, Any] | None = None,
    orders: Mapping[str, Mapping[str, Any]] | None = None,
) -> State:
    """A state in the orders phase of ``turn`` with ``units`` on a plain board;
    ``orders`` (by side) are the revealed orders, as the Execution Phase reads them."""
    catalogue = load_catalogue()
    records: dict[str, Any] = {}
    for unit_id, spec in units.items():
        side = "east" if unit_id.startswith("e") else "west"
        kind, (q, r) = spec[0], spec[1]
        overrides = dict(spec[2]) if len(spec) == 3 else {}
        deployed = ArmyUnit(unit_id, int(unit_id[1:]), kind, Hex(q, r), DEFAULT_FACING[side])
        records[unit_id] = {**new_unit(catalogue, side, deployed), **overrides}
    return {
        "scenario": "test",
        "data": catalogue.fingerprint,
        "turn": turn,
        "turns": turns,
        "phase": "orders",
        "sides": ["east", "west"],
        "factions": {"east": "takeda", "west": "uesugi"},
        "board": board(columns, rows, terrain).to_json(),
        "units": records,
        "victory": dict(victory or {"break": None, "objectives": [], "points": True}),
        "written": {},
        "orders": {side: dict(orders.get(side, {})) for side in ("east", "west")} if orders else {},
        "removed": {"east": [], "west": []},
        "outcome": None,
    }


def revealed(state: State, **orders: Mapping[str, Any]) -> State:
    """``state`` with the given orders (by side: ``east={"e1": {...}}``) revealed."""
    return {**state, "orders": {side: dict(orders.get(side, {})) for side in ("east", "west")}}


def rest_orders(state: State, side: str) -> dict[str, Any]:
    """Rest for every unit of ``side`` on the table (a complete, always legal set)."""
    return {
        unit_id: {"order": "rest"}
        for unit_id, record in sorted(state["units"].items())
        if record["side"] == side and record["status"] == "ready"
    }

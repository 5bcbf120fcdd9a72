"""A finite, deterministic list of movement commands :func:`decide` accepts now (for the
random bot and the conformance checks): hold, a charge at the nearest model of each enemy
unit in reach, a move towards the nearest enemy at the full allowance (and at half of it
for a unit with a missile weapon), mounting,
pavises, weapon changes, Mountain-Sea Change, and ending the side's moves."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine.core import Command, CommandRefused, State
from engine.core.memo import last_state
from engine.skirmish.geometry.measure import INCH, edge_distance
from engine.skirmish.geometry.paths import round_half_away
from engine.skirmish.morale import unit_gap
from engine.skirmish.morale.roster import units_of
from engine.skirmish.movement.actions import carried
from engine.skirmish.movement.phase import command_checked, prompt
from engine.skirmish.movement.reach import immobile
from engine.skirmish.state import access


def _accepted(state: State, command: Command) -> bool:
    try:
        command_checked(state, command)
    except CommandRefused:
        return False
    return True


def _moves(state: State, side: str, unit_id: str, allowance: int) -> list[Command]:
    first = access.first_model(state, unit_id)
    if first is None or allowance <= 0:
        return []
    here = access.base_of(state, first)
    found: list[Command] = []
    enemies = access.enemies(state, side)
    if enemies:
        nearest = min(enemies, key=lambda m: edge_distance(here, access.base_of(state, m)))
        there = access.base_of(state, nearest)
        dx, dy = there.x - here.x, there.y - here.y
        length = math.hypot(dx, dy)
        room = edge_distance(here, there) - INCH / 2
        # A half move too for a shooter (it may still shoot after it).
        shooter = access.weapon_of(state, unit_id).missile
        shares = (allowance, allowance // 2) if shooter else (allowance,)
        steps: list[float] = []
        for share in shares:
            # A tenth of a millimetre short: the rounded end point never costs more.
            step = min(share, room) - 1
            if step not in steps:
                steps.append(step)
        for step in steps:
            if length > 0 and step > INCH / 4:
                to = [
                    here.x + round_half_away(dx / length * step),
                    here.y + round_half_away(dy / length * step),
                ]
                found.append({"type": "move", "side": side, "unit": unit_id, "to": to})
    return found


def _nearest_of_each_unit(state: State, unit_id: str, targets: list[str]) -> list[str]:
    """Of the models in charge reach, the nearest of each enemy unit (one charge per unit
    charged is enough for a list of choices)."""
    first = access.first_model(state, unit_id)
    if first is None:
        return []
    here = access.base_of(state, first)
    best: dict[str, tuple[float, str]] = {}
    for target in targets:
        unit = state["models"][target]["unit"]
        gap = edge_distance(here, access.base_of(state, target))
        if unit not in best or gap < best[unit][0]:
            best[unit] = (gap, target)
    return [found for _gap, found in best.values()]


def _followers(state: State, hero: str) -> list[str]:
    """The units a commander's heroic move could take along (within his radius, free)."""
    if not state["units"][hero].get("command"):
        return []
    reach = access.command_radius(state, hero)
    side = state["units"][hero]["side"]
    return [
        u
        for u in units_of(state, side)
        if u != hero and immobile(state, u) is None and unit_gap(state, hero, u) <= reach
    ]


_CHECKED: dict[tuple[Any, ...], tuple[Any, Any, Any, list[Command]]] = {}


def _unit_commands(
    state: State, side: str, unit_id: str, info: Mapping[str, Any], *, heroic: bool
) -> list[Command]:
    """The unit's candidate commands, checked: hold, charges, moves, mounting, pavises,
    weapon changes."""
    candidates: list[Command] = []
    doing = info["actions"]
    if "charge" in doing:
        candidates += [
            {"type": "charge", "side": side, "unit": unit_id, "target": t}
            for t in _nearest_of_each_unit(state, unit_id, info["charge"])
        ]
    if "move" in doing:
        moves = _moves(state, side, unit_id, info["allowance"])
        candidates += moves
        followers = _followers(state, unit_id) if heroic else []
        if followers:
            candidates += [{**m, "with": followers} for m in moves]
    for kind in ("mount", "dismount", "pavise"):
        if kind in doing:
            candidates.append({"type": kind, "side": side, "unit": unit_id})
    if "change_weapon" in doing:
        current = state["units"][unit_id]["weapon"]
        candidates += [
            {"type": "change_weapon", "side": side, "unit": unit_id, "weapon": w}
            for w in carried(state, unit_id)
            if w != current
        ]
    hold: Command = {"type": "hold", "side": side, "unit": unit_id}
    return [hold, *(c for c in candidates if _accepted(state, c))]


def _remembered_commands(
    state: State, side: str, unit_id: str, info: Mapping[str, Any]
) -> list[Command]:
    """:func:`_unit_commands` of a normal move, remembered while the models and the
    unit's own record are the same objects (and, for what reads other units -- an
    honourable hero's Bushido, mounting's holders -- the units too): when another unit
    holds, nothing this unit may do has changed."""
    models = state["models"]
    record = state["units"][unit_id]
    others = (
        state["units"]
        if record.get("honourable") or record.get("horse_held") or ("dismount" in info["actions"])
        else None
    )
    key = (id(models), id(record), id(others), unit_id, state["turn"], state.get("active"))
    found = _CHECKED.get(key)
    if found is not None and found[0] is models and found[1] is record and found[2] is others:
        return found[3]
    commands = _unit_commands(state, side, unit_id, info, heroic=False)
    if len(_CHECKED) >= 1024:
        _CHECKED.clear()
    _CHECKED[key] = (models, record, others, commands)
    return commands


@last_state
def legal(state: State, side: str) -> list[Command]:
    """The movement commands ``side`` may give now (empty when it is not prompted)."""
    asked = prompt(state)
    if asked is None or side not in asked.sides:
        return []
    heroic = bool(asked.options.get("heroic"))
    found: list[Command] = []
    for unit_id, info in asked.options["units"].items():
        if heroic:
            found += _unit_commands(state, side, unit_id, info, heroic=True)
        else:
            found += _remembered_commands(state, side, unit_id, info)
    for hero in asked.options.get("mountain_sea_change", []):
        command: Command = {"type": "mountain_sea_change", "side": side, "unit": hero}
        if _accepted(state, command):
            found.append(command)
    if not heroic:
        found.append({"type": "end_moves", "side": side})
    return found

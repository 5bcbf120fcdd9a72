"""The Honour Roll: its dice near the general, its re-rolls and its event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Dice, Event, State
from engine.kensei import geometry
from engine.kensei.geometry.board import board
from engine.kensei.state import abilities
from engine.kensei.state.offering_dice import offered
from engine.kensei.state.queries import (
    general_unit,
    honour_of,
)
from engine.kensei.state.rolls import honour_rerolls

GENERAL_REACH = 1500  # 15 cm: Repeat honour roll


def honour_roll_event(
    state: State, uid: str, dice: Dice, *, reason: str, modifiers: Sequence[tuple[str, int]] = ()
) -> Event:
    """An Honour Roll of the unit (``honour_rolled``): its HO with ``modifiers``, 1D6 or
    2D6 keeping the better (:func:`honour_dice`), success when the kept die is at most it."""
    target = honour_of(state, uid) + sum(value for _label, value in modifiers)
    faces, best_of_two, rerolled = honour_dice(state, uid, dice, target)
    unit = state["units"][uid]
    final = offered(
        dice,
        faces,
        unit["side"],
        f"Honour Roll of {unit['name']} ({uid}): {reason}",
        {"kind": "honour", "target": target},
    )
    return {
        "type": "honour_rolled",
        "unit": uid,
        "reason": reason,
        "dice": list(final.faces),
        **final.record(),
        "rerolled": rerolled,
        "best_of_two": best_of_two,
        "target": target,
        "modifiers": [f"{label} {value}" for label, value in modifiers],
        "success": min(final.values) <= target,
    }


def honour_dice(
    state: State, uid: str, dice: Dice, target: int
) -> tuple[list[int], bool, list[dict[str, Any]]]:
    """1D6, or 2D6 keeping the better near the general (Repeat honour roll), against
    ``target``; then the re-rolls of troop abilities (an engaged enemy's forced re-roll
    of successful dice, the unit's own of failed dice), recorded die by die."""
    best_of_two = near_general(state, uid)
    faces, rerolled = honour_rerolls(
        dice,
        dice.roll(2 if best_of_two else 1),
        target,
        own=abilities.rerolls(state, uid, "honour_roll"),
        enemy=abilities.enemy_honour_rerolls(state, uid),
    )
    return faces, best_of_two, rerolled


def near_general(state: State, uid: str) -> bool:
    """The general, or a troop within 15 cm of him with line of sight to him. If the
    general leads a unit, any miniature of that unit carries the effect."""
    side = state["units"][uid]["side"]
    source = general_unit(state, side)
    if source is None:
        return False
    if source == uid:
        return True
    bases = board(state).bases
    scene = board(state).scene
    for mid in state["units"][uid]["minis"]:
        for gid in state["units"][source]["minis"]:
            if geometry.edge_distance(bases[mid], bases[gid]) > GENERAL_REACH + geometry.EPSILON:
                continue
            if scene.line_of_sight(mid, gid) != "none":
                return True
    return False

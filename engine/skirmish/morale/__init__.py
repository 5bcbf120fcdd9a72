"""Morale (owner: H2): the Courage Test and what modifies it, the tests casualties call
for, fleeing, and the Fire strategies that work on Courage (Become the Enemy, Frighten,
Body of a Rock, Mountain-Sea Change), the humming arrows' lasting -1.

What other areas call: :func:`after_casualties` (shooting and combat, after their
casualties are applied), :func:`courage_test` (any test; Shout), :func:`effective_courage`,
:func:`humming_targets`, :func:`flee_events`, :func:`full_speed`.
"""

from __future__ import annotations

from engine.core import State
from engine.skirmish.geometry.measure import INCH, point_distance
from engine.skirmish.morale.casualties import after_casualties, needs_casualty_test, test_and_flee
from engine.skirmish.morale.courage import (
    PASS_MARK,
    REASONS,
    courage_test,
    effective_courage,
    rock,
    unit_gap,
)
from engine.skirmish.morale.flight import (
    MOUNTED_MOVE,
    flee_events,
    fleeing_move,
    friendly_edge,
    full_speed,
    is_mounted,
)
from engine.skirmish.morale.roster import units_of
from engine.skirmish.state import access

HUMMING_RADIUS = 6 * INCH
"""Choice of arrowheads: "all non-heroic characters within 6 inches of the point of aim"."""


def humming_targets(state: State, x: float, y: float) -> list[str]:
    """The non-heroic units (either side) with a living model within 6 inches of the point
    of aim (x, y), edge to edge, in id order: each loses 1 Courage for the battle."""
    found = []
    for unit_id in units_of(state, hero=False):
        if any(
            point_distance(access.base_of(state, m), x, y) <= HUMMING_RADIUS
            for m in access.living_models(state, unit_id)
        ):
            found.append(unit_id)
    return found


__all__ = [
    "HUMMING_RADIUS",
    "MOUNTED_MOVE",
    "PASS_MARK",
    "REASONS",
    "after_casualties",
    "courage_test",
    "effective_courage",
    "flee_events",
    "fleeing_move",
    "friendly_edge",
    "full_speed",
    "humming_targets",
    "is_mounted",
    "needs_casualty_test",
    "rock",
    "test_and_flee",
    "unit_gap",
]

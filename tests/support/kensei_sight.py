"""A Kensei position where line of sight refuses a shoot and a charge target the order
prompt accepts: side A's archers (``A.u5``, active, two orders) face side B's court
ashigaru (``B.u2``) 30 cm away behind a wall as tall as a building; B's other units are
parked at the far edge, where the archers see B's palace guard (``B.u1``) and no other.
Used by the unit tests of the sight refusals and by the play page's journey test."""

from __future__ import annotations

from engine.core import State
from tests.unit.kensei.support import clear_table, in_order, put

ARCHERS, BEHIND_WALL, IN_SIGHT = "A.u5", "B.u2", "B.u1"
WALL = {
    "id": "wall",
    "name": "Wall",
    "kind": "impassable",
    "height": 6,
    "points": [[1800, 4500], [4800, 4500], [4800, 4700], [1800, 4700]],
    "by": None,
}


def walled(wall: bool = True) -> State:
    """A's archers to give an order, B.u2 behind ``WALL`` (or in the open)."""
    state = in_order("A", unit=ARCHERS, orders=2)
    state["scenery"] = [dict(WALL)] if wall else []
    state["activation"]["units"].update(A=ARCHERS, B=None)
    clear_table(state, (ARCHERS, BEHIND_WALL))
    for k, mid in enumerate(state["units"][ARCHERS]["minis"]):
        put(state, mid, 3000 + (k % 2) * 310 + (k // 2 % 2) * 155, 3000 - (k // 2) * 310, 900)
    for k, mid in enumerate(state["units"][BEHIND_WALL]["minis"]):
        put(state, mid, 2500 + (k % 6) * 310, 6000 + (k // 6) * 310, 2700)
    return state

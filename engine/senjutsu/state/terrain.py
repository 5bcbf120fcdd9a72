"""Evolve handlers of terrain placed in turns (Battlefield Setup step 2): the first
player rolled, a piece placed, the pieces left over set aside. Total and pure: each event
carries its outcome (the piece's hexes, the turn order), a handler only applies it.

While terrain is placed in turns the state has ``"phase": "terrain"`` and a
``terrain_pool``: ``{"left": [kinds, sorted], "order": [sides, clockwise from the first
player] (empty until rolled), "next": index in order, "set_aside": [kinds]}``. When
``left`` is empty the phase moves on to placing the characters (``"place"``).
"""

from __future__ import annotations

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def _pool(state: State, **changes: object) -> State:
    pool = {**state["terrain_pool"], **changes}
    phase = "terrain" if pool["left"] else "place"
    return {**state, "phase": phase, "terrain_pool": pool}


@handles("terrain_first")
def _terrain_first(state: State, event: Event) -> State:
    return _pool(state, order=list(event["order"]), next=0)


@handles("terrain_placed")
def _terrain_placed(state: State, event: Event) -> State:
    pool = state["terrain_pool"]
    piece = event["piece"]
    left = list(pool["left"])
    left.remove(piece["kind"])
    order = pool["order"]
    after = (order.index(event["side"]) + 1) % len(order)
    new = {**state, "terrain": [*state["terrain"], dict(piece)]}
    return _pool(new, left=left, next=after)


@handles("terrain_set_aside")
def _terrain_set_aside(state: State, event: Event) -> State:
    return _pool(state, left=[], set_aside=list(event["pieces"]))

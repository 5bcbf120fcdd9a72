"""Evolve handlers of the orders phase and the game's end: orders written (sealed),
orders revealed, turn ended, game ended, conceded. Total and pure, no checks: each
event carries what it sets."""

from __future__ import annotations

from engine.core import Event, State
from engine.core.concession import CONCEDED, with_concession
from engine.core.handlers import Handler, handler_table

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)

ORDERS_WRITTEN = "orders_written"
ORDERS_REVEALED = "orders_revealed"
HIDDEN_ORDERS = "hidden_orders"
TURN_ENDED = "turn_ended"
GAME_ENDED = "game_ended"
TURN_EVENT_KINDS = frozenset(
    {ORDERS_WRITTEN, ORDERS_REVEALED, HIDDEN_ORDERS, TURN_ENDED, GAME_ENDED, CONCEDED}
)


@handles(ORDERS_WRITTEN)
def _orders_written(state: State, event: Event) -> State:
    """A side's orders, sealed until the other side has written its own."""
    sealed = event.get("sealed")
    orders = sealed["orders"] if sealed else {}
    return {**state, "written": {**state["written"], event["side"]: orders}}


@handles(ORDERS_REVEALED)
def _orders_revealed(state: State, event: Event) -> State:
    """Both sides' orders shown together: the Execution Phase reads them."""
    return {**state, "written": {}, "orders": event["orders"]}


@handles(HIDDEN_ORDERS)
def _hidden_orders(state: State, event: Event) -> State:
    """The orders of a side's hidden units, revealed to that side only."""
    sealed = event.get("sealed")
    kept = sealed["orders"] if sealed else {}
    side = event["side"]
    orders = dict(state["orders"])
    orders[side] = {**orders.get(side, {}), **kept}
    return {**state, "orders": orders}


@handles(TURN_ENDED)
def _turn_ended(state: State, event: Event) -> State:
    """The next turn's orders phase (the revealed orders stay shown until the next reveal)."""
    return {**state, "turn": event["turn"] + 1, "phase": "orders"}


@handles(GAME_ENDED)
def _game_ended(state: State, event: Event) -> State:
    return {**state, "phase": "over", "outcome": event["outcome"]}


@handles(CONCEDED)
def _conceded(state: State, event: Event) -> State:
    conceded = with_concession(state, event)
    if event["outcome"] is None:
        return conceded
    return {**conceded, "phase": "over", "written": {}, "outcome": event["outcome"]}

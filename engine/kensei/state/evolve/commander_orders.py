"""Applying the events of the commander's orders (see
:mod:`engine.kensei.command.commander_orders`).
Each event carries its outcome (the shuffled deck under ``secret``, the order kept, the
effects granted), so folding never reads the cards' data."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.kensei.army.forces import MARKERS
from engine.kensei.state.evolve.changes import with_units

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def _with_side(state: State, side: str, **change: Any) -> State:
    orders = state["commander_orders"]
    sides = {**orders["sides"], side: {**orders["sides"][side], **change}}
    return {**state, "commander_orders": {**orders, "sides": sides}}


@handles("commander_orders_chosen")
def _chosen(state: State, event: Event) -> State:
    return _with_side(
        state,
        event["side"],
        hand=[event["sealed"]["first"]],
        deck=list(event["secret"]["deck"]),
        chosen=True,
    )


@handles("commander_order_drawn")
def _drawn(state: State, event: Event) -> State:
    orders = state["commander_orders"]
    mine = orders["sides"][event["side"]]
    state = {**state, "commander_orders": {**orders, "drawn_turn": event["turn"]}}
    return _with_side(state, event["side"], deck=mine["deck"][1:], drawn=[mine["deck"][0]])


@handles("commander_order_kept")
def _kept(state: State, event: Event) -> State:
    side = event["side"]
    mine = state["commander_orders"]["sides"][side]
    rest = event["sealed"]["discarded"]
    discard = mine["discard"] + ([{"id": rest, "face_up": False}] if rest else [])
    return _with_side(state, side, hand=[event["sealed"]["kept"]], drawn=[], discard=discard)


@handles("commander_order_played")
def _played(state: State, event: Event) -> State:
    side, oid = event["side"], event["order"]
    mine = state["commander_orders"]["sides"][side]
    state = _with_side(
        state,
        side,
        hand=[held for held in mine["hand"] if held != oid],
        discard=[*mine["discard"], {"id": oid, "face_up": True}],
        played=[*mine["played"], oid],
    )
    # The cost: command cards discarded face down (their values do not matter).
    cards = state["cards"][side]
    hand = list(cards["hand"])
    for value in event["sealed"]["cards"]:
        hand.remove(value)
    paid = [{"value": value, "face_up": False} for value in event["sealed"]["cards"]]
    state = {
        **state,
        "cards": {
            **state["cards"],
            side: {**cards, "hand": hand, "discard": cards["discard"] + paid},
        },
    }
    if event["effects"]:
        grant = {
            "order": oid,
            "name": event["name"],
            "turn": event["turn"],
            "effects": event["effects"],
        }
        orders = state["commander_orders"]
        grants = dict(orders["grants"])
        for uid in event["units"]:
            grants[uid] = [*grants.get(uid, []), grant]
        state = {**state, "commander_orders": {**orders, "grants": grants}}
    changes = {}
    for uid in event["units"]:
        markers = dict(state["units"][uid]["markers"])
        for marker in event["remove_markers"]:
            markers[marker] = MARKERS[marker]  # as a unit starts the battle
        changes[uid] = {"markers": markers}
    if event["remove_markers"]:
        state = with_units(state, changes)
    if event.get("extra_orders"):
        activation = state["activation"]
        orders_now = {**activation["orders"]}
        orders_now[side] += event["extra_orders"]
        state = {**state, "activation": {**activation, "orders": orders_now}}
    return state

"""Applying the events of the Lead order (see :mod:`engine.kensei.orders.lead`).

While a Lead is under way the activation carries ``lead``: the leader's unit, the
common order, the activated units (the leader first), those still ``waiting`` to
give it and those whose ki choice is pending. Each activated unit gives the common
order in turn as the side's active unit, with one activation order to spend on it
(``led_order``), so the ordinary order code resolves it; ``lead_ended`` puts the
leader back as the active unit and marks every activated unit Used.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.kensei.state.evolve.changes import spend_orders, with_units

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def still_waiting(state: State) -> list[str]:
    """The activated units still to give the common order (those left on the table)."""
    lead = state["activation"]["lead"]
    units = state["units"]
    return [uid for uid in lead["waiting"] if not units[uid]["removed"] and units[uid]["minis"]]


def _with_lead(state: State, **change: Any) -> State:
    activation = state["activation"]
    return {**state, "activation": {**activation, "lead": {**activation["lead"], **change}}}


@handles("lead_declared")
def _lead_declared(state: State, event: Event) -> State:
    activation = state["activation"]
    side = event["side"]
    activated = [event["unit"], *event["units"]]
    lead = {
        "side": side,
        "leader": event["unit"],
        "order": event["common_order"],
        "units": activated,
        "waiting": activated,
        "ki_pending": [roll["unit"] for roll in event["rolls"] if roll["ki"]],
    }
    combat_done = {**activation["combat_done"], side: True}  # Lead is a combat order
    state = {**state, "activation": {**activation, "combat_done": combat_done, "lead": lead}}
    return spend_orders(state, side, event["orders_spent"])


@handles("lead_ki_chosen")
def _lead_ki_chosen(state: State, event: Event) -> State:
    lead = state["activation"]["lead"]
    state = _with_lead(state, ki_pending=[u for u in lead["ki_pending"] if u != event["unit"]])
    return with_units(state, {event["unit"]: {"ki": event["ability"]}})


@handles("led_order")
def _led_order(state: State, event: Event) -> State:
    """The unit gives the common order now: it is the side's active unit, with the one
    order the Lead paid for it, and its own voluntary combat order."""
    side, uid = event["side"], event["unit"]
    lead = state["activation"]["lead"]
    state = _with_lead(state, waiting=[u for u in lead["waiting"] if u != uid])
    activation = state["activation"]
    return {
        **state,
        "activation": {
            **activation,
            "units": {**activation["units"], side: uid},
            "orders": {**activation["orders"], side: 1},
            "combat_done": {**activation["combat_done"], side: False},
            "next": side,
        },
    }


@handles("lead_passed")
def _lead_passed(state: State, event: Event) -> State:
    lead = state["activation"]["lead"]
    return _with_lead(state, waiting=[u for u in lead["waiting"] if u != event["unit"]])


@handles("lead_ended")
def _lead_ended(state: State, event: Event) -> State:
    """Every activated unit gets its Used Unit marker; the leader is the active unit
    again, his side's orders are spent and the other side acts if it has orders."""
    units = state["units"]
    state = with_units(
        state, {uid: {"markers": {**units[uid]["markers"], "used": True}} for uid in event["used"]}
    )
    activation = state["activation"]
    side = event["side"]
    rest = {key: value for key, value in activation.items() if key != "lead"}
    orders = {**activation["orders"], side: 0}
    other = "B" if side == "A" else "A"
    return {
        **state,
        "activation": {
            **rest,
            "units": {**activation["units"], side: event["unit"]},
            "orders": orders,
            "combat_done": {**activation["combat_done"], side: True},
            "next": other if orders[other] > 0 else side,
        },
    }

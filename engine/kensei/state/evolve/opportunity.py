"""Applying the events of an opportunity charge (see :mod:`engine.kensei.charge.opportunity`)
and of the charge's closing-in (:func:`engine.kensei.charge.trace.closing_in`)."""

from __future__ import annotations

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.kensei.state.evolve.combat import charge_pending, reactive_order_spent
from engine.kensei.state.evolve.multiple import placed

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


@handles("move_declared")
def _move_declared(state: State, event: Event) -> State:
    activation = state["activation"]
    pending = {"kind": "opportunity", "side": event["side"], "moved": event["moved"]}
    if "then" in event:  # the Move joins or leaves a unit once it is made
        pending["then"] = event["then"]
    return {**state, "activation": {**activation, "pending": pending}}


@handles("opportunity_declared")
def _opportunity_declared(state: State, event: Event) -> State:
    """The reacting side's order (its pool, not its turn) and the charge on the mover."""
    activation = state["activation"]
    pending = {**charge_pending(event), "opportunity": True, "resume": list(event["resume"])}
    if "charge" in event:  # an opportunity charge on a charging unit: its charge waits
        pending["charge"] = event["charge"]
    if "then" in event:  # the mover's join or leave, done if it completes its move
        pending["then"] = event["then"]
    return {
        **state,
        "activation": {**activation, **reactive_order_spent(activation, event), "pending": pending},
    }


@handles("move_resumed")
def _move_resumed(state: State, event: Event) -> State:
    return placed(state, event["minis"])


@handles("opportunity_passed")
def _opportunity_passed(state: State, event: Event) -> State:
    """No opportunity charge on the charging unit: its charged units react."""
    activation = state["activation"]
    pending = {**activation["pending"], "asked": True}
    return {**state, "activation": {**activation, "pending": pending}}


@handles("charge_resumed")
def _charge_resumed(state: State, event: Event) -> State:
    """The opportunity charge made no contact: the original charge goes on."""
    return {**state, "activation": {**state["activation"], "pending": dict(event["charge"])}}


@handles("close_in_offered")
def _close_in_offered(state: State, event: Event) -> State:
    """The charge waits for its side's answer (``close_in``) before the attack."""
    return {**state, "activation": {**state["activation"], "pending": dict(event["charge"])}}


@handles("closed_in")
def _closed_in(state: State, event: Event) -> State:
    state = placed(state, event["minis"])
    activation = state["activation"]
    pending = {**activation["pending"], "stage": "attack"}
    return {**state, "activation": {**activation, "pending": pending}}

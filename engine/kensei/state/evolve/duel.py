"""Applying the events of a Challenge to a duel (see :mod:`engine.kensei.combat.duel`)."""

from __future__ import annotations

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.kensei.state.evolve.changes import spend_orders, with_minis
from engine.kensei.state.evolve.combat import reactive_order_spent

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


@handles("duel_declared")
def _duel_declared(state: State, event: Event) -> State:
    activation = state["activation"]
    pending = {
        "kind": "duel",
        "stage": "answer",
        "attacker": event["unit"],
        "defender": event["target"],
        "leaders": {event["unit"]: event["leader"], event["target"]: event["target_leader"]},
        "boost": {event["unit"]: event["boost"]},
        "swap": event.get("swap_with"),
    }
    combat_done = {**activation["combat_done"], event["side"]: True}
    state = {
        **state,
        "activation": {**activation, "combat_done": combat_done, "pending": pending},
    }
    return spend_orders(state, event["side"], event["orders_spent"])


@handles("duel_answered")
def _duel_answered(state: State, event: Event) -> State:
    """The challenged side's order (as a reactive attack's), then the combat: between
    the leaders if accepted, else between the units without the refusing leader."""
    activation = state["activation"]
    uid = event["unit"]
    duel = activation["pending"]
    pending = {
        "kind": "combat",
        "stage": "roll",
        "attacker": duel["attacker"],
        "defender": uid,
        "boost": {**duel["boost"], uid: event["boost"]},
        "without_order": {uid: event["without_order"]},
        "damage": {},
        "taken": {},
        "chase": None,
        "charging": None,
        "charged": None,
    }
    if event["accept"]:
        pending["duel"] = dict(duel["leaders"])
        # 1. The challenged leader is placed in close combat with the challenger.
        state = with_minis(
            state,
            {
                m["id"]: {"x": m["x"], "y": m["y"], "facing": m["facing"]}
                for m in event.get("placed", [])
            },
        )
    else:
        pending["refused"] = event["dishonoured"]
        state = with_minis(state, {event["dishonoured"]: {"dishonoured": True}})
    return {
        **state,
        "activation": {
            **activation,
            **reactive_order_spent(activation, event),
            "pending": pending,
        },
    }

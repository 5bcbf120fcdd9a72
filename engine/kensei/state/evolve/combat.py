"""Applying the events of a melee combat (see :mod:`engine.kensei.combat.resolution`).

The combat in progress lives on the activation as its ``pending`` step, with
the stage it has reached; each event moves it on. Like every handler, these
copy what they change and never check a rule.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.kensei.state.evolve.changes import (
    after_casualties,
    spend_orders,
    with_minis,
    with_units,
)

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def _pending(state: State, **change: Any) -> State:
    activation = state["activation"]
    return {**state, "activation": {**activation, "pending": {**activation["pending"], **change}}}


@handles("attack_declared")
def _attack_declared(state: State, event: Event) -> State:
    activation = state["activation"]
    combat_done = dict(activation["combat_done"])
    if not event.get("opportunity"):  # an opportunity charge is a reaction, not the turn
        combat_done[event["side"]] = True
    pending = {
        "kind": "combat",
        "stage": "react",
        "attacker": event["unit"],
        "defender": event["target"],
        "boost": {event["unit"]: event["boost"]},
        "without_order": {},
        "damage": {},
        "taken": {},
        "chase": None,
        "charging": event["unit"] if event.get("charge") else None,
        "charged": (event.get("charged") or event["target"]) if event.get("charge") else None,
    }
    if "group" in event:  # a multiple combat: every unit of the group but the attacker reacts
        pending.update(
            group=list(event["group"]),
            combats=[list(pair) for pair in event["combats"]],
            fight=list(event["combats"][0]),
            reacting=[uid for uid in event["group"] if uid != event["unit"]],
            assigned=[],
            assign={},
            ordered=False,
            tally=[],
        )
    state = {
        **state,
        "activation": {**activation, "combat_done": combat_done, "pending": pending},
    }
    if event.get("opportunity"):
        return state
    return spend_orders(state, event["side"], event["orders_spent"])


@handles("shot")
def _shot(state: State, event: Event) -> State:
    """A Shoot order (or Hold and shoot): the unloaded marker, the orders, and the
    target's casualties pending unless the shoot was lost."""
    uid, side = event["unit"], event["side"]
    unit = state["units"][uid]
    if event["unloaded"]:
        markers = {**unit["markers"], "unloaded": unit["markers"]["unloaded"] + event["unloaded"]}
        state = with_units(state, {uid: {"markers": markers}})
    activation = state["activation"]
    if not event["hold"]:
        combat_done = {**activation["combat_done"], side: True}
        activation = {**activation, "combat_done": combat_done}
    if event["lost"] and event["hold"]:
        activation = {**activation, "pending": _after_hold(activation["pending"])}
    if not event["lost"]:
        activation = {
            **activation,
            "pending": {
                "kind": "combat",
                "mode": "shoot",
                "stage": "casualties",
                "attacker": uid,
                "defender": event["target"],
                "boost": {},
                "without_order": {},
                "damage": {event["target"]: event["damage"]},
                "taken": {},
                "chase": None,
                "before": event["before"],
                "resume": _after_hold(activation["pending"]) if event["hold"] else None,
            },
        }
    state = {**state, "activation": activation}
    if event["orders_spent"]:
        state = spend_orders(state, side, event["orders_spent"])
    return state


def _after_hold(charge: dict[str, Any]) -> dict[str, Any]:
    """The charge after a Hold and shoot: the next charged unit holding shoots, else
    the charge moves."""
    holders = charge.get("holders")
    if holders:
        return {**charge, "holders": holders[1:], "stage": "hold" if holders[1:] else "move"}
    return {**charge, "stage": "move"}


def reactive_order_spent(activation: dict[str, Any], event: Event) -> dict[str, Any]:
    """The ``orders``, ``next`` and ``reactors`` of the activation after a reactive
    unit answered with its side's orders (a reactive attack, a duel's answer): the
    orders come out of its side's pool without taking that side's turn, and a
    reactive unit that spent one is Used at the end of the activation."""
    side, uid, spent = event["side"], event["unit"], event["orders_spent"]
    orders = {**activation["orders"], side: activation["orders"][side] - spent}
    following = activation["next"]
    if orders[following] <= 0:
        following = side if orders[side] > 0 else ("B" if side == "A" else "A")
    reactors = list(activation["reactors"])
    if spent and activation["units"][side] != uid and uid not in reactors:
        reactors.append(uid)
    return {"orders": orders, "next": following, "reactors": reactors}


@handles("reactive_attack_declared")
def _reactive_attack(state: State, event: Event) -> State:
    activation = state["activation"]
    uid = event["unit"]
    pending = activation["pending"]
    change: dict[str, Any] = {"stage": "roll"}
    if "reacting" in pending:  # a multiple combat: the next unit of the group reacts
        reacting = [u for u in pending["reacting"] if u != uid]
        change = {"stage": "react" if reacting else "roll", "reacting": reacting}
    return {
        **state,
        "activation": {
            **activation,
            **reactive_order_spent(activation, event),
            "pending": {
                **pending,
                **change,
                "boost": {**pending["boost"], uid: event["boost"]},
                "without_order": {**pending["without_order"], uid: event["without_order"]},
            },
        },
    }


@handles("combat_rolled")
def _combat_rolled(state: State, event: Event) -> State:
    return _pending(state, stage="casualties", damage=event["damage"])


@handles("combat_result")
def _combat_result(state: State, event: Event) -> State:
    if "losers" in event:  # a multiple combat: the defeated units, resolved in order
        return _pending(
            state, stage="result", losers=list(event["losers"]), winners=list(event["winners"])
        )
    winners = [event["winner"]] if event["winner"] else []
    return _pending(state, stage="result", winners=winners)


@handles("chase_offered")
def _chase_offered(state: State, event: Event) -> State:
    offer = {"unit": event["unit"], "fleeing": event["fleeing"]}
    pending = state["activation"]["pending"]
    if pending["stage"] == "chase":  # a multiple combat: another winner may chase after
        return _pending(state, chases=[*pending.get("chases", []), offer])
    return _pending(state, stage="chase", chase=offer)


def lose_minis(state: State, uid: str, lost: list[str]) -> State:
    """Miniatures leave the table as casualties (isolated, collided, caught)."""
    if not lost:
        return state
    unit = state["units"][uid]
    remaining = [mid for mid in unit["minis"] if mid not in lost]
    leader = unit["leader"] if unit["leader"] not in lost else None
    state = with_minis(state, {mid: {"removed": True} for mid in lost})
    state = with_units(
        state,
        {
            uid: {
                "minis": remaining,
                "leader": leader,
                "casualty_this_turn": True,
                "removed": not remaining,
            }
        },
    )
    return after_casualties(state, unit["side"], lost)


@handles("miniatures_lost")
def _miniatures_lost(state: State, event: Event) -> State:
    return lose_minis(state, event["unit"], list(event["minis"]))


def _placed(state: State, minis: list[dict[str, Any]]) -> State:
    return with_minis(
        state, {m["id"]: {"x": m["x"], "y": m["y"], "facing": m["facing"]} for m in minis}
    )


@handles("fell_back")
def _fell_back(state: State, event: Event) -> State:
    uid, side = event["unit"], event["side"]
    state = _placed(state, event["minis"])
    unit = state["units"][uid]
    markers = {
        **unit["markers"],
        "used": True,
        "sheltered": False,
        "fleeing": unit["markers"]["fleeing"] or event["kind"] == "retreat",
    }
    state = with_units(state, {uid: {"markers": markers, "moves": unit["moves"] + 1}})
    state = lose_minis(state, uid, list(event["lost"]))
    activation = state["activation"]
    if activation["units"].get(side) == uid and activation["orders"][side] > 0:
        # A unit that falls back is Used: its remaining activation orders are lost.
        state = spend_orders(state, side, activation["orders"][side])
    return state


@handles("chased")
def _chased(state: State, event: Event) -> State:
    state = _placed(state, event["minis"])
    uid = event["unit"]
    state = with_units(state, {uid: {"moves": state["units"][uid]["moves"] + 1}})
    if state["units"][uid]["markers"]["sheltered"]:
        state = with_units(
            state, {uid: {"markers": {**state["units"][uid]["markers"], "sheltered": False}}}
        )
    return lose_minis(state, event["fleeing"], list(event["caught"]))


@handles("combat_ended")
def _combat_ended(state: State, _event: Event) -> State:
    activation = state["activation"]
    pending = activation["pending"]
    resume = pending.get("resume")  # a charge after its Hold and shoot
    state = {**state, "activation": {**activation, "pending": resume}}
    if pending.get("duel"):
        # Both units are Used and no combat action involves them until the end of the
        # turn; an active one loses its remaining orders, as a unit that falls back.
        fought = [pending["attacker"], pending["defender"]]
        state = with_units(
            state,
            {
                uid: {"markers": {**state["units"][uid]["markers"], "used": True}, "duelled": True}
                for uid in fought
            },
        )
        for side in ("A", "B"):
            uid = activation["units"].get(side)
            left = state["activation"]["orders"][side]
            if uid in fought and left > 0:
                state = spend_orders(state, side, left)
    for side in ("A", "B"):
        uid = activation["units"].get(side)
        left = state["activation"]["orders"][side]
        if uid is not None and state["units"][uid]["removed"] and left > 0:
            state = spend_orders(state, side, left)
    return state


# -- the charge (see engine.kensei.charge.charging) ----------------------------------------------


def charge_pending(event: Event) -> dict[str, Any]:
    """A charge waiting for its target's reaction (a Charge, an opportunity charge)."""
    return {
        "kind": "charge",
        "stage": "reaction",
        "side": event["side"],
        "unit": event["unit"],
        "target": event["target"],
        "boost": event.get("boost", False),
        "reaction": None,
    }


@handles("charge_declared")
def _charge_declared(state: State, event: Event) -> State:
    activation = state["activation"]
    pending = charge_pending(event)
    if "targets" in event:  # several charged units, each reacting in turn
        pending.update(targets=list(event["targets"]), reacting=list(event["targets"]), holders=[])
    combat_done = {**activation["combat_done"], event["side"]: True}
    state = {
        **state,
        "activation": {**activation, "combat_done": combat_done, "pending": pending},
    }
    return spend_orders(state, event["side"], event["orders_spent"])


@handles("charge_reacted")
def _charge_reacted(state: State, event: Event) -> State:
    activation = state["activation"]
    side, uid = event["side"], event["unit"]
    orders = {**activation["orders"], side: activation["orders"][side] - event["orders_spent"]}
    reactors = list(activation["reactors"])
    if event["orders_spent"] and activation["units"][side] != uid and uid not in reactors:
        reactors.append(uid)  # a reactive unit that spent an order is Used at the end
    following = activation["next"]
    if orders[following] <= 0:
        following = "A" if orders["A"] > 0 else "B"
    pending = {**activation["pending"], "stage": "roll", "reaction": event["reaction"]}
    if event.get("boost"):  # a boosted Hold and shoot: its shoot is boosted
        pending["boosted_holds"] = [*pending.get("boosted_holds", []), uid]
    if "reacting" in pending:  # several charged units: the next one reacts
        waiting = [u for u in pending["reacting"] if u != uid]
        holders = pending["holders"] + ([uid] if event["reaction"] == "hold" else [])
        pending.update(
            stage="reaction" if waiting else "roll",
            reacting=waiting,
            holders=holders,
            reaction="hold" if holders else event["reaction"],
        )
    return {
        **state,
        "activation": {
            **activation,
            "orders": orders,
            "next": following,
            "reactors": reactors,
            "pending": pending,
        },
    }


@handles("fled")
def _fled(state: State, event: Event) -> State:
    uid = event["unit"]
    state = _placed(state, event["minis"])
    unit = state["units"][uid]
    markers = {**unit["markers"], "used": True, "sheltered": False}
    state = with_units(state, {uid: {"markers": markers, "moves": unit["moves"] + 1}})
    return lose_minis(state, uid, list(event["lost"]))


@handles("charge_rolled")
def _charge_rolled(state: State, event: Event) -> State:
    pending = state["activation"]["pending"]
    return _pending(
        state,
        stage="hold" if pending["reaction"] == "hold" else "move",
        die=event["die"],
        movement=event["movement"],
        allowance=event["allowance"],
        reached=event["reached"],
    )


@handles("charge_moved")
def _charge_moved(state: State, event: Event) -> State:
    uid = event["unit"]
    state = _placed(state, event["minis"])
    unit = state["units"][uid]
    change: dict[str, Any] = {"moves": unit["moves"] + 1}
    if event["minis"] and unit["markers"]["sheltered"]:
        change["markers"] = {**unit["markers"], "sheltered": False}
    state = with_units(state, {uid: change})
    return {**state, "activation": {**state["activation"], "pending": None}}


# Multiple combat's handlers register themselves on import.

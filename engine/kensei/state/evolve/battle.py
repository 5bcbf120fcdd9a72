"""The events of setting up, the turn sequence, activations, moves and casualties."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.concession import CONCEDED, with_concession
from engine.core.handlers import Handler, handler_table
from engine.core.standing import STANDING_SET, with_standing
from engine.kensei.state.evolve.changes import (
    after_casualties,
    spend_orders,
    with_markers,
    with_minis,
    with_units,
)

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


# -- setting up -----------------------------------------------------------------


@handles("scenery_order_chosen")
def _scenery_order(state: State, event: Event) -> State:
    first = event["first"]
    second = "B" if first == "A" else "A"
    return {
        **state,
        "phase": "scenery",
        "setup": {**state["setup"], "scenery_queue": [first, second]},
    }


@handles("scenery_placed")
def _scenery_placed(state: State, event: Event) -> State:
    queue = [side for side in state["setup"]["scenery_queue"] if side != event["side"]]
    return {
        **state,
        "scenery": [*state["scenery"], *event["pieces"]],
        "setup": {**state["setup"], "scenery_queue": queue},
    }


@handles("strategy_rolled")
def _strategy(state: State, event: Event) -> State:
    winner = event["winner"]
    return {
        **state,
        "phase": "deployment",
        "setup": {**state["setup"], "strategy": winner},
        "deployment": {"stage": "starting", "next": winner},
    }


@handles("miniatures_deployed")
def _deployed(state: State, event: Event) -> State:
    changes = {
        m["id"]: {"x": m["x"], "y": m["y"], "facing": m["facing"], "placed": True}
        for m in event["minis"]
    }
    state = with_minis(state, changes)
    return {**state, "deployment": {**state["deployment"], "next": event["next"]}}


@handles("deployment_stage")
def _deployment_stage(state: State, event: Event) -> State:
    return {**state, "deployment": {"stage": event["stage"], "next": event["next"]}}


# -- the turn -------------------------------------------------------------------


@handles("turn_started")
def _turn_started(state: State, event: Event) -> State:
    return {
        **state,
        "phase": "maintenance",
        "turn": event["turn"],
        "deployment": None,
        "initiative": None,
        "activation": None,
        "activations": {"A": 0, "B": 0},
    }


@handles("battle_checked")
def _battle_checked(state: State, event: Event) -> State:
    return {**state, "battle_points": dict(event["points"])}


@handles("honour_rolled")
def _honour_rolled(state: State, event: Event) -> State:
    if event["reason"] == "fleeing" and event["success"]:
        return with_markers(state, event["unit"], fleeing=False)
    return state


@handles("unit_removed")
def _unit_removed(state: State, event: Event) -> State:
    uid = event["unit"]
    unit = state["units"][uid]
    state = with_minis(state, {mid: {"removed": True} for mid in unit["minis"]})
    state = with_units(state, {uid: {"minis": [], "removed": True, "leader": None}})
    return after_casualties(state, unit["side"], unit["minis"])


@handles("markers_cleared")
def _markers_cleared(state: State, _event: Event) -> State:
    units = {}
    for uid, unit in state["units"].items():
        markers = unit["markers"]
        fresh = {**markers, "used": False, "stunned": 0}
        units[uid] = {
            **unit,
            "markers": fresh,
            "casualty_this_turn": False,
            "ki": None,
            "no_charge_from": [],
            "moves": 0,
            "duelled": False,
        }
    return {**state, "units": units}


@handles("initiative_rolled")
def _initiative(state: State, event: Event) -> State:
    return {**state, "phase": "activation", "initiative": event["winner"]}


@handles("active_side_chosen")
def _active_side(state: State, event: Event) -> State:
    return {
        **state,
        "activation": {
            "active_side": event["active"],
            "units": {"A": None, "B": None},
            "orders": {"A": 0, "B": 0},
            "rolled": False,
            "next": event["active"],
            "reactors": [],
            "combat_done": {"A": False, "B": False},
            "pending": None,
            "solo": event.get("solo", False),
        },
    }


@handles("unit_chosen")
def _unit_chosen(state: State, event: Event) -> State:
    activation = state["activation"]
    units = {**activation["units"], event["side"]: event["unit"]}
    activations = {**state["activations"], event["side"]: state["activations"][event["side"]] + 1}
    return {**state, "activation": {**activation, "units": units}, "activations": activations}


@handles("orders_rolled")
def _orders_rolled(state: State, event: Event) -> State:
    activation = state["activation"]
    orders = {side: roll["orders"] for side, roll in event["rolls"].items()}
    ki_pending = [side for side, roll in event["rolls"].items() if roll["ki"]]
    first = activation["active_side"]
    if orders.get(first, 0) == 0:
        first = "B" if first == "A" else "A"
    return {
        **state,
        "activation": {
            **activation,
            "orders": {"A": orders.get("A", 0), "B": orders.get("B", 0)},
            "rolled": True,
            "ki_pending": ki_pending,
            "next": first,
        },
    }


@handles("ki_chosen")
def _ki_chosen(state: State, event: Event) -> State:
    activation = state["activation"]
    pending = [side for side in activation["ki_pending"] if side != event["side"]]
    orders = {**activation["orders"]}
    orders[event["side"]] += event.get("extra_orders", 0)  # a ki ability's extra orders
    state = {**state, "activation": {**activation, "ki_pending": pending, "orders": orders}}
    return with_units(state, {event["unit"]: {"ki": event["ability"]}})


@handles("orders_lost")
def _orders_lost(state: State, event: Event) -> State:
    """A removed active unit's remaining orders are lost (Unit Activation > 4)."""
    return spend_orders(state, event["side"], event["orders"])


@handles("boost_rolled")
def _boost_rolled(state: State, event: Event) -> State:
    activation = state["activation"]
    pending = {
        "kind": "boosted_move",
        "side": event["side"],
        "unit": event["unit"],
        "allowance": event["allowance"],
    }
    state = {**state, "activation": {**activation, "pending": pending}}
    return spend_orders(state, event["side"], event["orders_spent"])


@handles("moved")
def _moved(state: State, event: Event) -> State:
    changes = {m["id"]: {"x": m["x"], "y": m["y"], "facing": m["facing"]} for m in event["minis"]}
    state = with_minis(state, changes)
    uid = event["unit"]
    unit = state["units"][uid]
    unit_change: dict[str, Any] = {"moves": unit["moves"] + 1}
    if event["displaced"] and unit["markers"]["sheltered"]:
        unit_change["markers"] = {**unit["markers"], "sheltered": False}
    unit_changes: dict[str, dict[str, Any]] = {uid: unit_change}
    if event["order"] == "disengage":
        # Disengage > Enemy reaction: the units it fought may not charge it this turn.
        for enemy in event.get("disengaged_from", []):
            barred = state["units"][enemy]["no_charge_from"]
            unit_changes[enemy] = {"no_charge_from": sorted({*barred, uid})}
    state = with_units(state, unit_changes)
    if state["activation"] is not None:
        state = {**state, "activation": {**state["activation"], "pending": None}}
        state = spend_orders(state, event["side"], event["orders_spent"])
    return state


@handles("wounds_taken")
def _wounds_taken(state: State, event: Event) -> State:
    uid = event["unit"]
    unit = state["units"][uid]
    casualties = list(event["casualties"])
    remaining = [mid for mid in unit["minis"] if mid not in casualties]
    markers = {**unit["markers"], "wounded": event["wounded_marker"]}
    if "stunned_marker" in event:
        markers["stunned"] = event["stunned_marker"]
    leader = unit["leader"] if unit["leader"] not in casualties else None
    state = with_minis(state, {mid: {"removed": True} for mid in casualties})
    state = with_minis(state, {mid: {"wounds": n} for mid, n in event["leader_wounds"].items()})
    state = with_units(
        state,
        {
            uid: {
                "minis": remaining,
                "markers": markers,
                "leader": leader,
                "casualty_this_turn": unit["casualty_this_turn"] or bool(casualties),
                "removed": not remaining,
            }
        },
    )
    if event.get("combat"):
        activation = state["activation"]
        pending = activation["pending"]
        taken = {
            **pending["taken"],
            uid: {"wounds": event["wounds"], "casualties": casualties},
        }
        state = {**state, "activation": {**activation, "pending": {**pending, "taken": taken}}}
    return after_casualties(state, unit["side"], casualties)


@handles("reloaded")
def _reloaded(state: State, event: Event) -> State:
    uid = event["unit"]
    unloaded = state["units"][uid]["markers"]["unloaded"] - event["removed"]
    state = with_markers(state, uid, unloaded=unloaded)
    return spend_orders(state, event["side"], event["orders_spent"])


@handles("sheltered")
def _sheltered(state: State, event: Event) -> State:
    state = with_markers(state, event["unit"], sheltered=True)
    return spend_orders(state, event["side"], event["orders_spent"])


@handles("leader_joined")
def _leader_joined(state: State, event: Event) -> State:
    leader_unit = state["units"][event["leader_unit"]]
    target = state["units"][event["unit"]]
    leader = leader_unit["minis"][0]
    state = with_units(
        state,
        {
            event["leader_unit"]: {"minis": [], "removed": True, "merged_into": event["unit"]},
            event["unit"]: {"minis": [*target["minis"], leader], "leader": leader},
        },
    )
    state = with_minis(state, {leader: {"unit": event["unit"]}})
    swap = event.get("swap_with")
    if swap:
        a, b = state["minis"][leader], state["minis"][swap]
        state = with_minis(
            state,
            {
                leader: {"x": b["x"], "y": b["y"], "facing": b["facing"]},
                swap: {"x": a["x"], "y": a["y"], "facing": a["facing"]},
            },
        )
    return state


@handles("leader_left")
def _leader_left(state: State, event: Event) -> State:
    old = state["units"][event["unit"]]
    leader = event["leader"]
    new_uid = event["new_unit"]
    units = dict(state["units"])
    units[event["unit"]] = {
        **old,
        "minis": [mid for mid in old["minis"] if mid != leader],
        "leader": None,
    }
    units[new_uid] = event["profile"]
    state = {**state, "units": units}
    state = with_minis(state, {leader: {"unit": new_uid}})
    if state["activation"] is not None:
        activation = state["activation"]
        state = {
            **state,
            "activation": {**activation, "reactors": [*activation["reactors"], new_uid]},
        }
    return state


@handles("activation_ended")
def _activation_ended(state: State, event: Event) -> State:
    units = state["units"]
    used = {uid: {"markers": {**units[uid]["markers"], "used": True}} for uid in event["used"]}
    return {**with_units(state, used), "activation": None}


@handles("turn_ended")
def _turn_ended(state: State, _event: Event) -> State:
    return {**state, "phase": "end_of_turn", "activation": None}


@handles("battle_ended")
def _battle_ended(state: State, event: Event) -> State:
    return {**state, "phase": "over", "finished": event["outcome"], "activation": None}


@handles(CONCEDED)
def _conceded(state: State, event: Event) -> State:
    """A side resigns (the kernel's concession): the battle is over with its outcome."""
    over = {**state, "phase": "over", "finished": event["outcome"], "activation": None}
    return with_concession(over, event)


@handles(STANDING_SET)
def _standing(state: State, event: Event) -> State:
    """A side's standing answers (engine.core.standing): kept for its prompts to come."""
    return with_standing(state, event)

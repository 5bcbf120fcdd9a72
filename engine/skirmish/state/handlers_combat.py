"""Evolve handlers of the shooting, close combat and heroic events (owner: H3). Total and
pure, no checks: each event carries its outcome (dice faces, wounds left, positions), a
handler only writes it into the state.

State keys of this area: per unit ``shot``, ``done``, ``reload`` (the turn from which an
arquebus may fire again), ``zen``, ``heroic`` (declared actions, consumed here),
``courage_mod`` (humming arrows), ``dismounted_turn``, ``followed`` (the turn a unit
followed up); per model ``wounds``, ``status``, ``mounted``, positions; the side's
``humming_used``; and ``fights`` (added when first needed): ``{"turn", "fought": [model
ids], "count", "chosen": {side: choices}}`` for the combats of the current turn.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.skirmish.state.access import with_model, with_positions, with_unit

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def fights(state: State) -> dict[str, Any]:
    """The record of this turn's combats (empty when none was fought this turn)."""
    found = state.get("fights")
    if not found or found.get("turn") != state["turn"]:
        return {"turn": state["turn"], "fought": [], "count": 0, "chosen": {}}
    return dict(found)


def _without(actions: Any, action: str) -> list[Any]:
    found = list(actions or ())
    if action in found:
        found.remove(action)
    return found


@handles("shot")
def _shot(state: State, event: Event) -> State:
    unit_id = event["unit"]
    unit = state["units"][unit_id]
    if event["heroic"]:
        state = with_unit(state, unit_id, heroic=_without(unit.get("heroic"), "shoot"))
    else:
        state = with_unit(state, unit_id, shot=True, done=True)
    if event.get("reload") is not None:
        state = with_unit(state, unit_id, reload=event["reload"])
    if event.get("arrows") and not state.get("humming_used", {}).get(event["side"]):
        state = {**state, "humming_used": {**state.get("humming_used", {}), event["side"]: True}}
    return state


@handles("shot_held")
def _shot_held(state: State, event: Event) -> State:
    unit_id = event["unit"]
    if event["heroic"]:
        return with_unit(
            state, unit_id, heroic=_without(state["units"][unit_id].get("heroic"), "shoot")
        )
    return with_unit(state, unit_id, done=True)


@handles("shooting_ended")
def _shooting_ended(state: State, event: Event) -> State:
    first = state.get("initiative") or state["sides"][0]
    if event["side"] == first:
        other = next(s for s in state["sides"] if s != first)
        return {**state, "active": other}
    return {**state, "active": None}


@handles("humming_arrows")
def _humming(state: State, event: Event) -> State:
    for unit_id in event["units"]:
        state = with_unit(
            state, unit_id, courage_mod=int(state["units"][unit_id].get("courage_mod", 0)) - 1
        )
    return state


@handles("zen_used")
def _zen_used(state: State, event: Event) -> State:
    unit_id = event["unit"]
    return with_unit(state, unit_id, zen=max(0, int(state["units"][unit_id].get("zen", 0)) - 1))


@handles("wounded")
def _wounded(state: State, event: Event) -> State:
    return with_model(state, event["model"], wounds=event["wounds"])


@handles("killed")
def _killed(state: State, event: Event) -> State:
    return with_model(state, event["model"], wounds=0, status="dead")


@handles("driven_off")
def _driven_off(state: State, event: Event) -> State:
    return with_model(state, event["model"], status="fled")


@handles("horse_killed")
def _horse_killed(state: State, event: Event) -> State:
    model_id = event["model"]
    state = with_model(state, model_id, mounted=False)
    return with_unit(state, state["models"][model_id]["unit"], dismounted_turn=state["turn"])


@handles("wound_rolls", "disarmed", "disengage_failed")
def _recorded_only(state: State, event: Event) -> State:
    # The dice of a wound roll, a disarming, Shout's test: what they caused follows as
    # its own events (wounded, killed...).
    return state


@handles("combat_fought")
def _combat_fought(state: State, event: Event) -> State:
    # A round's dice: the wounds, retreats and the closing of the combat follow.
    return state


@handles("combat_closed")
def _combat_closed(state: State, event: Event) -> State:
    record = fights(state)
    fought = list(record["fought"])
    fought.extend(m for m in event["models"] if m not in fought)
    state = {
        **state,
        "fights": {**record, "fought": fought, "count": record["count"] + 1, "chosen": {}},
    }
    for unit_id in event["heroic_units"]:
        state = with_unit(
            state, unit_id, heroic=_without(state["units"][unit_id].get("heroic"), "combat")
        )
    return state


@handles("retreated")
def _retreated(state: State, event: Event) -> State:
    return with_positions(state, event["models"])


@handles("followed_up")
def _followed_up(state: State, event: Event) -> State:
    state = with_positions(state, event["models"])
    for unit_id in sorted({state["models"][m]["unit"] for m in event["models"]}):
        state = with_unit(state, unit_id, followed=state["turn"])
    return state


@handles("disengaged")
def _disengaged(state: State, event: Event) -> State:
    state = with_positions(state, event["models"])
    record = fights(state)
    fought = list(record["fought"])
    fought.extend(m for m in event["models"] if m not in fought)
    return {**state, "fights": {**record, "fought": fought}}


@handles("swept_on")
def _swept_on(state: State, event: Event) -> State:
    # Heroic Combat: the free move into a new combat, fought later this phase.
    state = with_positions(state, event["models"])
    record = fights(state)
    fought = [m for m in record["fought"] if m not in event["models"]]
    return {**state, "fights": {**record, "fought": fought}}


@handles("fight_chosen")
def _fight_chosen(state: State, event: Event) -> State:
    record = fights(state)
    sealed = event.get("sealed")
    choices = sealed["choices"] if sealed else {}
    chosen = {**record["chosen"], event["side"]: choices}
    return {**state, "fights": {**record, "chosen": chosen}}


@handles("fight_revealed")
def _fight_revealed(state: State, event: Event) -> State:
    # Both sides' choices shown together; the combat they were made for follows.
    return state

"""Evolve handlers of the movement and morale events (owner: H2, movement & morale).

Total and pure, no checks: each event carries what it sets. Per-turn marks are stamped
with the turn they were made in (``charged``, ``caught``, ``halted``, ``refused``,
``weapon_changed``), so nothing has to clear them when the turn ends.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.skirmish.state.access import with_models, with_positions, with_unit

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def _heroic_used(record: dict[str, Any]) -> list[str]:
    """The hero's declared heroic actions less the move he just made."""
    left = list(record.get("heroic", []))
    if "move" in left:
        left.remove("move")
    return left


def _acted(state: State, unit_id: str, distance: int, *, heroic: bool) -> State:
    """A unit made its move: a heroic one uses the declaration, a normal one its move."""
    record = state["units"][unit_id]
    if heroic:
        return with_unit(state, unit_id, heroic=_heroic_used(record))
    changes: dict[str, Any] = {"moved": int(record.get("moved", 0)) + distance, "done": True}
    pavise = record.get("pavise")
    if distance and isinstance(pavise, dict) and pavise.get("work"):
        changes["pavise"] = {**pavise, "work": 0}
    return with_unit(state, unit_id, **changes)


@handles("moved")
def _moved(state: State, event: Event) -> State:
    """A move: every model of the unit (and of the units that moved with a hero's
    heroic move, which is free for them too) to its new place."""
    state = with_positions(state, event["models"])
    return _acted(state, event["unit"], int(event["distance"]), heroic=bool(event.get("heroic")))


@handles("charged")
def _charged(state: State, event: Event) -> State:
    """A charge into base contact; a fleeing target is caught."""
    state = with_positions(state, event["models"])
    state = _acted(state, event["unit"], int(event["distance"]), heroic=bool(event.get("heroic")))
    state = with_unit(state, event["unit"], charged=state["turn"])
    target_unit = state["models"][event["target"]]["unit"]
    if state["units"][target_unit].get("fleeing"):
        state = with_unit(state, target_unit, caught=state["turn"])
    return state


@handles("held")
def _held(state: State, event: Event) -> State:
    return _acted(state, event["unit"], 0, heroic=bool(event.get("heroic")))


@handles("mounted", "dismounted")
def _mounting(state: State, event: Event) -> State:
    """Mounting or dismounting: the models' bases change, the unit's move so far is
    what the event says (half a turn's allowance spent, unless Mastery of Horsemanship)."""
    riding = event["type"] == "mounted"
    state = with_models(state, {m: {"mounted": riding} for m in event["models"]})
    return with_unit(state, event["unit"], moved=int(event["moved"]), horse_held=not riding)


@handles("pavise_work")
def _pavise_work(state: State, event: Event) -> State:
    """A turn of Movement spent on the pavises: ``work`` turns done, ``up`` once set up."""
    pavise = {"set": bool(event["set"]), "work": int(event["work"]), "turn": state["turn"]}
    return with_unit(state, event["unit"], pavise=pavise, done=True)


@handles("charge_refused")
def _charge_refused(state: State, event: Event) -> State:
    """A failed Courage Test to charge: that enemy may not be approached this turn."""
    record = state["units"][event["unit"]]
    refused = record.get("refused")
    units: list[str] = []
    if isinstance(refused, dict) and refused.get("turn") == state["turn"]:
        units = list(refused["units"])
    if event["target_unit"] not in units:
        units.append(event["target_unit"])
    return with_unit(state, event["unit"], refused={"turn": state["turn"], "units": units})


@handles("fled_moved")
def _fled_moved(state: State, event: Event) -> State:
    state = with_positions(state, event["models"])
    return with_unit(state, event["unit"], done=True)


@handles("left_table")
def _left_table(state: State, event: Event) -> State:
    """A fleeing unit reaches its edge and leaves the battlefield."""
    return with_models(state, {m: {"status": "fled"} for m in event["models"]})


@handles("rallied")
def _rallied(state: State, event: Event) -> State:
    """A hero who fled with the group he led leaves it (Mastery of Command)."""
    return with_unit(state, event["unit"], fleeing=False, edge=None)


@handles("moves_ended")
def _moves_ended(state: State, event: Event) -> State:
    """A side has moved all its units: the other side moves next, or the phase is over."""
    if event["side"] == state.get("initiative"):
        return {**state, "active": "b" if event["side"] == "a" else "a"}
    return {**state, "active": None}


@handles("weapon_changed")
def _weapon_changed(state: State, event: Event) -> State:
    return with_unit(state, event["unit"], weapon=event["weapon"], weapon_changed=state["turn"])


@handles("mountain_sea_change")
def _mountain_sea_change(state: State, event: Event) -> State:
    """The Fire strategy is used (once only)."""
    return {**state, "mountain_sea": {**state.get("mountain_sea", {}), event["side"]: True}}


@handles("courage_tested")
def _courage_tested(state: State, event: Event) -> State:
    """A passed casualty or band test: the group tests again on its next casualties. A
    failed Mountain-Sea Change test: the group (and the hero leading it) cannot move this
    turn. Flight is its own event (``fled``)."""
    reason = event["reason"]
    unit_id = event["unit"]
    if event["passed"] and reason in ("casualties", "band"):
        return with_unit(state, unit_id, must_test=True)
    if not event["passed"] and reason == "mountain_sea_change":
        state = with_unit(state, unit_id, halted=state["turn"])
        if event.get("leader"):
            state = with_unit(state, event["leader"], halted=state["turn"])
    return state


@handles("fled")
def _fled(state: State, event: Event) -> State:
    """A unit flees to its edge after its free move; its pavises are left behind."""
    state = with_positions(state, event["models"])
    changes: dict[str, Any] = {"fleeing": True, "edge": event["edge"], "done": True}
    if state["units"][event["unit"]].get("pavise"):
        changes["pavise"] = {"set": False, "work": 0, "turn": state["turn"]}
    return with_unit(state, event["unit"], **changes)


@handles("cut_down")
def _cut_down(state: State, event: Event) -> State:
    """Fleeing characters caught by mounted enemy are destroyed."""
    return with_models(state, {m: {"status": "dead"} for m in event["models"]})


@handles("band_halved")
def _band_halved(state: State, event: Event) -> State:
    """The band is at half or less of its start: every group has tested (once)."""
    return {**state, "band_tested": {**state.get("band_tested", {}), event["side"]: True}}

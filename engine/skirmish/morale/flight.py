"""Fleeing (Morale): "Fleeing character groups get one free move at full speed towards
the nearest friendly table edge. In subsequent turns, the group must continue to move at
full speed towards this table edge until they leave the battlefield altogether."

The nearest friendly table edge is the side's own edge (``state["edges"]``): a band has
one (Interpretation > Fleeing). A hero whose group failed a test while using his Courage
flees with it (Mastery of Command: "the result must also be applied to the heroic
character") and leaves the group at the start of the next movement phase.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.skirmish.geometry.measure import INCH
from engine.skirmish.geometry.paths import flight
from engine.skirmish.state import access

MOUNTED_MOVE = 12 * INCH
"""Moving on Horseback: "Mounted characters have a move characteristic of 12 inches"."""


def is_mounted(state: State, unit_id: str) -> bool:
    """Whether the unit rides (its first living model does)."""
    models = state["models"]
    for model_id in state["units"][unit_id]["models"]:
        record = models[model_id]
        if record["status"] == "ok":
            return bool(record["mounted"])
    return False


_FOOT_SPEED: dict[tuple[Any, str, str], int] = {}


def full_speed(state: State, unit_id: str) -> int:
    """The unit's maximum movement allowance in table units: 12 inches mounted, else the
    profile's move (6 inches; a limp 5) capped by heavy armour on foot (5 inches)."""
    if is_mounted(state, unit_id):
        return MOUNTED_MOVE
    record = state["units"][unit_id]
    key = (state.get("data"), record["profile"], record["armour"])
    found = _FOOT_SPEED.get(key)
    if found is None:
        move_in = access.profile_of(state, unit_id).move_in
        cap = access.armour_of(state, unit_id).foot_move_in
        if cap is not None:
            move_in = min(move_in, cap)
        found = _FOOT_SPEED[key] = move_in * INCH
    return found


def friendly_edge(state: State, unit_id: str) -> str:
    record = state["units"][unit_id]
    edge: str = record.get("home") or state["edges"][record["side"]]
    return edge


def flee_events(state: State, unit_id: str, *, reason: str, led: str | None = None) -> list[Event]:
    """The unit flees: ``fled`` with its free move at full speed to its edge, and
    ``left_table`` when that takes it off. ``led`` names the group a fleeing hero led."""
    edge = friendly_edge(state, unit_id)
    side = state["units"][unit_id]["side"]
    models = access.living_models(state, unit_id)
    positions, gone = flight(state, models, edge, full_speed(state, unit_id), side)
    event: Event = {
        "type": "fled",
        "unit": unit_id,
        "edge": edge,
        "models": positions,
        "reason": reason,
    }
    if led is not None:
        event["led"] = led
    events = [event]
    if gone:
        events.append({"type": "left_table", "unit": unit_id, "models": list(models)})
    return events


def fleeing_move(state: State, unit_id: str) -> list[Event]:
    """The move a fleeing unit must make in a later movement phase: full speed on to its
    edge (``fled_moved``), ``left_table`` once it gets there."""
    edge = state["units"][unit_id].get("edge") or friendly_edge(state, unit_id)
    side = state["units"][unit_id]["side"]
    models = access.living_models(state, unit_id)
    positions, gone = flight(state, models, edge, full_speed(state, unit_id), side)
    events: list[Event] = [{"type": "fled_moved", "unit": unit_id, "models": positions}]
    if gone:
        events.append({"type": "left_table", "unit": unit_id, "models": list(models)})
    return events

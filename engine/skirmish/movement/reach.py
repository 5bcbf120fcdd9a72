"""How far a unit may still move this phase and what stops it moving at all ("Movement",
"Moving on Horseback", "Mastery of Horsemanship", "Body Strike").

Allowance: 6 inches on foot (5 in heavy armour, a limp 5: the profile's ``move_in``),
12 mounted; a heroic move is a fresh, free allowance (Heroic Movement: "an additional
free move"). A rider with Mastery of Horsemanship 2+ adds D6 inches, rolled only when a
move needs it (Interpretation > Horsemanship's D6). Body Strike adds 3 inches to a move
into contact (a charge).
"""

from __future__ import annotations

import math
from typing import Any

from engine.skirmish import rules
from engine.skirmish.geometry.measure import CONTACT, FOOT_SIZE, INCH, MOUNTED_SIZE
from engine.skirmish.morale import full_speed, is_mounted
from engine.skirmish.state import access

BODY_STRIKE = "body_strike"
BODY_STRIKE_BONUS = 3 * INCH
"""Body Strike: "Can move an extra 3 inches if into contact with enemy"."""
HORSEMANSHIP = "horsemanship"
HORSE_DIE_LEVEL = 2
"""Mastery of Horsemanship from level 2: "+D6 inches movement"."""
HORSE_DIE_MAX = 6 * INCH
FOOT_RADIUS = FOOT_SIZE / 2
MOUNTED_RADIUS = MOUNTED_SIZE / 2


def allowance_left(state: Any, unit_id: str, *, heroic: bool = False) -> int:
    """What the unit may still move this phase (table units), before any D6 or Body Strike."""
    speed = full_speed(state, unit_id)
    if heroic:
        return speed
    return max(0, speed - int(state["units"][unit_id].get("moved", 0)))


def rolls_horse_die(state: Any, unit_id: str) -> bool:
    """A rider with Mastery of Horsemanship 2 or more adds D6 inches to his move."""
    return (
        is_mounted(state, unit_id)
        and access.mastery(state, unit_id, HORSEMANSHIP) >= HORSE_DIE_LEVEL
    )


def charge_bonus(state: Any, unit_id: str) -> int:
    return BODY_STRIKE_BONUS if access.has_strategy(state, unit_id, BODY_STRIKE) else 0


_ENGAGED: dict[int, tuple[Any, frozenset[str]]] = {}


def engaged_units(state: Any) -> frozenset[str]:
    """The units with a model in base contact with an enemy model. Remembered by the
    identity of the state's models (evolve copies them whenever a model changes; the
    entry keeps them alive so the identity is not reused)."""
    models = state["models"]
    found = _ENGAGED.get(id(models))
    if found is not None and found[0] is models:
        return found[1]
    living = [
        (m["x"], m["y"], MOUNTED_RADIUS if m["mounted"] else FOOT_RADIUS, m["side"], m["unit"])
        for m in models.values()
        if m["status"] == "ok"
    ]
    hit: set[str] = set()
    for i, (ax, ay, ar, aside, aunit) in enumerate(living):
        for bx, by, br, bside, bunit in living[i + 1 :]:
            if aside == bside:
                continue
            reach = ar + br + CONTACT
            dx, dy = ax - bx, ay - by
            if -reach <= dx <= reach and -reach <= dy <= reach and math.hypot(dx, dy) <= reach:
                hit.add(aunit)
                hit.add(bunit)
    result = frozenset(hit)
    if len(_ENGAGED) >= 256:
        _ENGAGED.clear()
    _ENGAGED[id(models)] = (models, result)
    return result


def engaged(state: Any, unit_id: str) -> bool:
    """Some model of the unit is in base contact with an enemy model."""
    return unit_id in engaged_units(state)


def immobile(state: Any, unit_id: str) -> tuple[str, str] | None:
    """Why the unit may not move at all now (message, rule), or ``None``."""
    record = state["units"][unit_id]
    turn = state["turn"]
    if record.get("fleeing"):
        return ("it is fleeing", rules.FLEEING)
    if record.get("halted") == turn:
        return ("it failed its Courage Test against Mountain-Sea Change", rules.MOUNTAIN_SEA_CHANGE)
    if int(record.get("reload", 0)) > turn:
        return ("it is reloading its arquebus", rules.ARQUEBUS)
    pavise = record.get("pavise")
    if isinstance(pavise, dict) and pavise.get("set"):
        return ("its pavises are set up (two turns to take them down)", rules.PAVISE_SETUP)
    if engaged(state, unit_id):
        return ("it is in base contact with the enemy", rules.LEAVING_CONTACT)
    return None

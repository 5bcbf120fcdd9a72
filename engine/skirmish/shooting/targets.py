"""Who may shoot, and at whom (Shooting; Moving and Fighting on Horseback > Shooting from
Horseback; Weapons and Armour > Arquebus).

A character shoots when it has a missile weapon, is not fleeing nor reloading, has moved
no more than half its maximum movement allowance (on horseback a bow or short bow may
still shoot after moving more, at -2 to hit) and is not engaged in close combat. A target
is a living enemy not in a close combat, within the weapon's range (edge to edge), within
the shooter's arc (90 degrees forward; on horseback 360 degrees unarmoured or in light
armour, 90 degrees to the left in medium or heavy armour) and in line of sight. A hero may
pick any such target; a character group shoots together at the nearest of them.
"""

from __future__ import annotations

from engine.core import State
from engine.skirmish import rules
from engine.skirmish.army.catalogue import Weapon, catalogue_of
from engine.skirmish.geometry import sight
from engine.skirmish.geometry.measure import INCH
from engine.skirmish.heroic import chars
from engine.skirmish.state import access

MOUNTED_WEAPONS = ("bow", "short_bow")
"""Shooting from Horseback: a Bow or Short Bow."""


def missile(state: State, unit_id: str) -> Weapon | None:
    weapon = catalogue_of(state).weapon(state["units"][unit_id]["weapon"])
    return weapon if weapon.missile else None


def moved_far(state: State, unit_id: str) -> bool:
    """Whether the unit moved more than half its maximum allowance this turn."""
    return int(state["units"][unit_id].get("moved", 0)) * 2 > access.allowance(state, unit_id)


def cannot_shoot(state: State, unit_id: str, *, heroic: bool = False) -> tuple[str, str] | None:
    """Why the unit cannot shoot now, as (reason, rule), or ``None``. ``heroic``: its
    declared Heroic Shooting (an additional shot: it may have shot already)."""
    unit = state["units"][unit_id]
    weapon = missile(state, unit_id)
    if weapon is None:
        return ("it has no missile weapon", rules.SHOOTING)
    if not chars.living(state, unit_id):
        return ("it is no longer on the table", rules.SHOOTING)
    if unit.get("fleeing"):
        return ("it is fleeing", rules.FLEEING)
    if heroic:
        if "shoot" not in unit.get("heroic", ()):
            return ("it declared no Heroic Shooting", rules.HEROIC_SHOOTING)
    elif unit.get("shot") or unit.get("done"):
        return ("it has already shot this turn", rules.SHOOTING)
    if int(unit.get("reload", 0)) > int(state["turn"]):
        return ("its arquebus is reloading", rules.ARQUEBUS)
    riding = any(chars.mounted(state, m) for m in chars.living(state, unit_id))
    if riding and weapon.id not in MOUNTED_WEAPONS:
        return ("only a bow or short bow is shot from horseback", rules.SHOOTING_FROM_HORSEBACK)
    if not riding and moved_far(state, unit_id):
        return ("it moved more than half its movement allowance", rules.SHOOT_AFTER_MOVING)
    if not shooters(state, unit_id):
        return ("it is engaged in close combat", rules.SHOOT_ENGAGED)
    return None


def shooters(state: State, unit_id: str) -> list[str]:
    """The unit's living models not engaged in close combat."""
    return [m for m in chars.living(state, unit_id) if not chars.engaged(state, m)]


def in_arc(state: State, shooter: str, target: str) -> bool:
    """Shooting: within a forward arc of 90 degrees; Shooting from Horseback: all round
    unarmoured or in light armour, 90 degrees to the left in medium or heavy armour."""
    return bool(sight.in_arc_of_fire(state, shooter, target))


def in_sight(state: State, shooter: str, target: str) -> bool:
    return bool(sight.line_of_sight(state, shooter, target))


def refusal(state: State, shooter: str, target: str, weapon: Weapon) -> tuple[str, str] | None:
    """Why ``shooter`` (a model) cannot shoot ``target`` (a model), or ``None``."""
    if target not in state["models"] or not chars.alive(state, target):
        return ("there is no such enemy on the table", rules.SHOOTING)
    if chars.side_of(state, target) == chars.side_of(state, shooter):
        return ("it is not an enemy", rules.SHOOTING)
    if chars.distance(state, shooter, target) > (weapon.range_in or 0) * INCH:
        return ("it is out of range", rules.SHOOT_RANGE)
    if chars.engaged(state, target):
        return ("it is in a close combat", rules.SHOOT_INTO_COMBAT)
    if not in_arc(state, shooter, target):
        rule = rules.MOUNTED_ARC if chars.mounted(state, shooter) else rules.SHOOT_ARC
        return ("it is outside the arc of fire", rule)
    if not in_sight(state, shooter, target):
        return ("it is out of sight", rules.LINE_OF_SIGHT)
    return None


def reachable(state: State, unit_id: str) -> list[str]:
    """Every enemy model some shooter of the unit could shoot, in id order."""
    weapon = missile(state, unit_id)
    if weapon is None:
        return []
    side = state["units"][unit_id]["side"]
    firing = shooters(state, unit_id)
    return [
        target
        for target in chars.living_models(state, chars.other_side(state, side))
        if any(refusal(state, s, target, weapon) is None for s in firing)
    ]


def legal_targets(state: State, unit_id: str) -> list[str]:
    """The targets the unit may choose: any reachable enemy for a hero; for a group the
    nearest reachable enemy (ties: each of them) (Shooting: "Non-heroic characters must
    target the nearest enemy", read as the nearest one they can shoot: Interpretation >
    Nearest target)."""
    if state["units"][unit_id]["hero"]:
        return reachable(state, unit_id)
    weapon = missile(state, unit_id)
    firing = shooters(state, unit_id)
    if weapon is None or not firing:
        return []
    side = state["units"][unit_id]["side"]
    enemies = chars.living_models(state, chars.other_side(state, side))
    reach = {t: min(chars.distance(state, s, t) for s in firing) for t in enemies}
    found: list[str] = []
    best = None
    for target in sorted(enemies, key=lambda t: reach[t]):
        if best is not None and reach[target] > best + 1e-6:
            break
        if any(refusal(state, s, target, weapon) is None for s in firing):
            found.append(target)
            best = reach[target]
    return [t for t in enemies if t in found]

"""The other things a unit may do in the movement phase: mount and dismount (Moving on
Horseback), work on its pavises (Pavises), a master's change of weapons by his warrior
attendants (Warrior Attendants), and the Fire strategy Mountain-Sea Change.

Mounting or dismounting "takes half a turn's movement allowance and is only possible if
either there is a retainer to hold the horse or a post to tie the horse": the unit must
have half its allowance left; afterwards it has used the same share of its allowance in
its new way of moving, plus a half (Mastery of Horsemanship: no penalty, no half). The
retainer is a friendly non-heroic model of another unit within 2 inches; the post any
obstacle or building within 1 inch (Interpretation > Mounting and dismounting). Only a
model that rode and dismounted of its own will may mount again (its horse is held).
"""

from __future__ import annotations

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, State
from engine.skirmish import rules
from engine.skirmish.geometry.measure import (
    INCH,
    edge_distance,
    overlapping,
)
from engine.skirmish.geometry.paths import pieces, radius, ring_gap
from engine.skirmish.morale import courage_test, full_speed, is_mounted
from engine.skirmish.morale.courage import MOUNTAIN_SEA_CHANGE
from engine.skirmish.morale.roster import units_of
from engine.skirmish.movement.reach import HORSEMANSHIP, engaged, immobile
from engine.skirmish.state import access

HOLDER_REACH = 2 * INCH
POST_REACH = 1 * INCH
ATTENDANT_REACH = 2 * INCH
"""Warrior Attendants: the Samurai within 2 inches of any member may change weapons."""


def _near_post(state: State, unit_id: str) -> bool:
    for model_id in access.living_models(state, unit_id):
        record = state["models"][model_id]
        x, y, r = record["x"], record["y"], radius(bool(record["mounted"]))
        for piece in pieces(state):
            if (
                piece.kind in ("obstacle", "building")
                and ring_gap(x, y, piece.ring) - r <= POST_REACH
            ):
                return True
    return False


def _holder(state: State, unit_id: str) -> bool:
    side = state["units"][unit_id]["side"]
    mine = [access.base_of(state, m) for m in access.living_models(state, unit_id)]
    for other in units_of(state, side, hero=False):
        if other == unit_id or access.is_fleeing(state, other):
            continue
        for model_id in access.living_models(state, other):
            theirs = access.base_of(state, model_id)
            if any(edge_distance(base, theirs) <= HOLDER_REACH for base in mine):
                return True
    return False


def decide_mounting(state: State, command: Command) -> list[Event]:
    """``mount`` or ``dismount``."""
    unit_id = command["unit"]
    riding = command["type"] == "mount"
    record = state["units"][unit_id]
    why = immobile(state, unit_id)
    if why is not None:
        raise IllegalCommand(f"{unit_id} cannot {command['type']}: {why[0]}", rule=why[1])
    if riding:
        if is_mounted(state, unit_id) or not record.get("horse_held"):
            raise IllegalCommand(f"{unit_id} has no horse held to mount", rule=rules.MOUNTING)
    elif not is_mounted(state, unit_id):
        raise IllegalCommand(f"{unit_id} is not mounted", rule=rules.MOUNTING)
    if not (_holder(state, unit_id) or _near_post(state, unit_id)):
        raise IllegalCommand(
            "mounting or dismounting needs a retainer within 2 inches to hold the horse or "
            "a post (an obstacle or building within 1 inch) to tie it",
            rule=rules.MOUNTING_HELP,
        )
    speed = full_speed(state, unit_id)
    moved = int(record.get("moved", 0))
    free = access.mastery(state, unit_id, HORSEMANSHIP) >= 1
    if not free and moved * 2 > speed:
        raise IllegalCommand(
            "mounting or dismounting takes half a turn's movement allowance", rule=rules.MOUNTING
        )
    models = list(access.living_models(state, unit_id))
    after = access.with_models(state, {m: {"mounted": riding} for m in models})
    for model_id in models:
        base = access.base_of(after, model_id)
        for other in access.model_ids(after):
            if other != model_id and overlapping(base, access.base_of(after, other)):
                raise IllegalCommand(
                    f"a horse has no room next to {other}", rule=rules.MOUNTING_HELP
                )
    new_speed = full_speed(after, unit_id)
    share = moved * new_speed
    new_moved = -(-share // speed) if speed else 0
    if not free:
        new_moved += new_speed // 2
    return [
        {
            "type": "mounted" if riding else "dismounted",
            "unit": unit_id,
            "models": models,
            "moved": int(min(new_moved, new_speed)),
            "free": free,
        }
    ]


def decide_pavise(state: State, command: Command) -> list[Event]:
    """A turn of Movement on the pavises: "It takes two turns of Movement to set up or
    take down a pavise" (the unit does nothing else that turn; the count is lost when it
    moves; Interpretation: the two turns need not follow each other)."""
    unit_id = command["unit"]
    record = state["units"][unit_id]
    pavise = record.get("pavise")
    if not isinstance(pavise, dict):
        raise IllegalCommand(f"{unit_id} carries no pavises", rule=rules.PAVISES)
    if int(record.get("moved", 0)) > 0:
        raise IllegalCommand("working on the pavises takes the whole move", rule=rules.PAVISE_SETUP)
    if record.get("fleeing") or engaged(state, unit_id):
        raise IllegalCommand(f"{unit_id} cannot work on its pavises now", rule=rules.PAVISE_SETUP)
    work = int(pavise.get("work", 0)) + 1
    up = bool(pavise.get("set"))
    if work >= 2:
        up, work = not up, 0
    return [{"type": "pavise_work", "unit": unit_id, "work": work, "set": up}]


def carried(state: State, unit_id: str) -> list[str]:
    """The weapons a hero has with him (his band's list, ``carried``); without a list,
    every weapon he has a Mastery for (Interpretation > Changing weapons)."""
    record = state["units"][unit_id]
    listed = [w for w in record.get("carried") or [] if w != record["weapon"]]
    if listed:
        return sorted({record["weapon"], *listed})
    catalogue = access.catalogue(state)
    found = {record["weapon"]}
    for weapon_id in catalogue.weapons:
        mastery = catalogue.mastery_for(weapon_id)
        if mastery is not None and access.mastery(state, unit_id, mastery.id) > 0:
            found.add(weapon_id)
    return sorted(found)


def decide_change_weapon(state: State, command: Command) -> list[Event]:
    """Warrior Attendants: "If the Samurai is within 2 inches of any member of the
    attendants group during the Movement phase, he may change weapons. This only applies
    to two-handed weapons such as the Bow and Halberd." Once a turn; costs no movement."""
    unit_id = command["unit"]
    record = state["units"][unit_id]
    weapon = command.get("weapon")
    catalogue = access.catalogue(state)
    if not isinstance(weapon, str) or weapon not in catalogue.weapons:
        raise InvalidCommand("weapon must be a weapon id")
    if not record["hero"]:
        raise IllegalCommand("only a heroic character changes weapons", rule=rules.CHANGE_WEAPONS)
    if record.get("weapon_changed") == state["turn"]:
        raise IllegalCommand(
            f"{unit_id} already changed weapons this turn", rule=rules.CHANGE_WEAPONS
        )
    if weapon == record["weapon"]:
        raise IllegalCommand(f"{unit_id} already holds {weapon}", rule=rules.CHANGE_WEAPONS)
    if not (catalogue.weapon(weapon).two_handed or catalogue.weapon(record["weapon"]).two_handed):
        raise IllegalCommand(
            "attendants pass only two-handed weapons (such as the Bow and Halberd)",
            rule=rules.CHANGE_WEAPONS,
        )
    if weapon not in carried(state, unit_id):
        raise IllegalCommand(f"{unit_id} does not carry {weapon}", rule=rules.CHANGE_WEAPONS)
    mine = access.base_of(state, access.living_models(state, unit_id)[0])
    near = False
    for other in units_of(state, record["side"], hero=False):
        if state["units"][other].get("master") != unit_id:
            continue
        if any(
            edge_distance(mine, access.base_of(state, m)) <= ATTENDANT_REACH
            for m in access.living_models(state, other)
        ):
            near = True
    if not near:
        raise IllegalCommand(
            "the samurai must be within 2 inches of one of his warrior attendants",
            rule=rules.CHANGE_WEAPONS,
        )
    return [{"type": "weapon_changed", "unit": unit_id, "weapon": weapon, "was": record["weapon"]}]


def mountain_sea_heroes(state: State, side: str) -> list[str]:
    """The heroes of ``side`` who may use Mountain-Sea Change now: once only, in the
    movement phase before any enemy unit has moved (Interpretation: "they cannot move in
    that turn" needs them not to have moved yet)."""
    if state.get("phase") != "move" or state.get("step") != "act":
        return []
    if state.get("mountain_sea", {}).get(side):
        return []
    enemy = access.enemy_of(side)
    for unit_id in units_of(state, enemy):
        record = state["units"][unit_id]
        if record.get("fleeing"):
            continue
        if record.get("done") or int(record.get("moved", 0)) > 0:
            return []
    return [
        hero
        for hero in units_of(state, side, hero=True)
        if access.has_strategy(state, hero, MOUNTAIN_SEA_CHANGE)
        and not access.is_fleeing(state, hero)
    ]


def decide_mountain_sea_change(state: State, command: Command, dice: Dice) -> list[Event]:
    """Mountain-Sea Change: "Once only, confuse the enemy. All enemy character groups take
    a Courage Test. If they fail, they cannot move in that turn." """
    side = command["side"]
    unit_id = command["unit"]
    if unit_id not in mountain_sea_heroes(state, side):
        raise IllegalCommand(
            f"{unit_id} cannot use Mountain-Sea Change now (once only, before the enemy moves)",
            rule=rules.MOUNTAIN_SEA_CHANGE,
        )
    events: list[Event] = [{"type": "mountain_sea_change", "unit": unit_id, "side": side}]
    for group in units_of(state, access.enemy_of(side), hero=False):
        if not access.is_fleeing(state, group):
            events.append(courage_test(state, group, MOUNTAIN_SEA_CHANGE, dice))
    return events


__all__ = [
    "decide_change_weapon",
    "decide_mountain_sea_change",
    "decide_mounting",
    "decide_pavise",
    "mountain_sea_heroes",
]

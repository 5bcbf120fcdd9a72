"""The ``charge`` command: a move into base contact with an enemy ("Movement": "can be
into contact with enemy"). The unit's model nearest the target goes straight at it until
the bases touch, the others by the same vector; the path must be within the allowance
(+3 inches with Body Strike, +D6 for a rider with Mastery of Horsemanship 2+).

Before it moves: a group charging enemy that outnumber it or have higher Courage tests
(Morale; failed: ``charge_refused``, it may not approach them this turn but may act
otherwise); a group charged by a heroic character tests (Close Combat on Horseback;
failed: it flees, and if the hero can still reach it, it is caught: cut down by a rider,
fighting at -2 against a hero on foot). Fleeing characters caught by mounted enemy are
destroyed (Morale). Bushido: an honourable hero may not charge a group while an enemy
hero is within his reach, nor join a combat between two heroes.
"""

from __future__ import annotations

import math

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, State
from engine.skirmish import rules
from engine.skirmish.geometry.measure import INCH, edge_distance, heading, in_contact
from engine.skirmish.geometry.paths import movers, round_half_away
from engine.skirmish.morale import courage_test, is_mounted
from engine.skirmish.morale.casualties import failed
from engine.skirmish.morale.roster import units_of
from engine.skirmish.movement.moves import barred, check_way, stop_short, within_budget
from engine.skirmish.movement.reach import (
    HORSE_DIE_MAX,
    allowance_left,
    charge_bonus,
    immobile,
    rolls_horse_die,
)
from engine.skirmish.state import access
from engine.skirmish.state.evolve import evolve_all


def lead_model(state: State, unit_id: str, target: str) -> str:
    """The unit's model nearest the target (edge to edge; the lowest id on a tie)."""
    goal = access.base_of(state, target)
    models = access.living_models(state, unit_id)
    return min(models, key=lambda m: round(edge_distance(access.base_of(state, m), goal), 3))


def charge_vector(state: State, unit_id: str, target: str) -> tuple[int, int]:
    """The vector taking the unit's lead model straight into base contact with ``target``."""
    lead = access.base_of(state, lead_model(state, unit_id, target))
    goal = access.base_of(state, target)
    dx, dy = goal.x - lead.x, goal.y - lead.y
    length = math.hypot(dx, dy)
    travel = length - (lead.size + goal.size) / 2
    if length == 0:
        return (0, 0)
    return (round_half_away(dx / length * travel), round_half_away(dy / length * travel))


def reach_of(state: State, unit_id: str, *, heroic: bool) -> int:
    """The farthest a charge of the unit could go (allowance, Body Strike, a full D6)."""
    reach = allowance_left(state, unit_id, heroic=heroic) + charge_bonus(state, unit_id)
    if rolls_horse_die(state, unit_id):
        reach += HORSE_DIE_MAX
    return reach


def _hero_within_reach(state: State, hero: str, reach: int) -> str | None:
    mine = [access.base_of(state, m) for m in access.living_models(state, hero)]
    for enemy in units_of(state, access.enemy_of(state["units"][hero]["side"]), hero=True):
        if access.is_fleeing(state, enemy):
            continue
        for model_id in access.living_models(state, enemy):
            theirs = access.base_of(state, model_id)
            if any(edge_distance(base, theirs) <= reach for base in mine):
                return enemy
    return None


def _bushido(state: State, unit_id: str, target_unit: str, target: str, reach: int) -> None:
    record = state["units"][unit_id]
    if not record.get("hero") or not record.get("honourable"):
        return
    if not state["units"][target_unit]["hero"]:
        hero = _hero_within_reach(state, unit_id, reach)
        if hero is not None:
            raise IllegalCommand(
                f"an honourable samurai cannot assault a group while {hero} is within reach",
                rule=rules.HONOURABLE_TARGETS,
            )
        return
    goal = access.base_of(state, target)
    for friend in units_of(state, record["side"], hero=True):
        if friend == unit_id:
            continue
        for model_id in access.living_models(state, friend):
            if in_contact(access.base_of(state, model_id), goal):
                raise IllegalCommand(
                    f"{target_unit} is fighting {friend}: an honourable samurai does not join "
                    "a combat between two heroes",
                    rule=rules.HONOURABLE_DUEL,
                )


def _charge_test_needed(state: State, unit_id: str, target_unit: str) -> bool:
    """Morale: a group tests "if they wish to charge enemy which outnumber them or have
    higher Courage" (the enemy's own Courage; Interpretation: its lasting modifiers count)."""
    if state["units"][unit_id]["hero"]:
        return False
    mine = len(access.living_models(state, unit_id))
    theirs = len(access.living_models(state, target_unit))
    return theirs > mine or access.courage(state, target_unit) > access.courage(state, unit_id)


def _move_in(
    state: State, command: Command, dice: Dice, target: str, *, heroic: bool
) -> list[Event]:
    """The charging move itself (after any tests), with a mounted charger's cutting down
    of a fleeing group."""
    unit_id = command["unit"]
    side = command["side"]
    dx, dy = charge_vector(state, unit_id, target)
    group = movers(state, access.living_models(state, unit_id))
    cost = check_way(state, group, dx, dy, side, ignore=(target,))
    budget = allowance_left(state, unit_id, heroic=heroic) + charge_bonus(state, unit_id)
    fraction, die = within_budget(state, unit_id, cost, budget, dice)
    if fraction < 1.0 and die is not None:
        # The D6 fell short: the rider goes as far as it lets him, not into contact.
        dx, dy, spent = stop_short(
            state, group, [(dx, dy, cost)], budget + die * INCH, side=side, ignore=(target,)
        )
        moved: Event = {
            "type": "moved",
            "unit": unit_id,
            "models": {m.id: [m.x + dx, m.y + dy, state["models"][m.id]["facing"]] for m in group},
            "distance": math.ceil(spent - 1e-9),
            "heroic": heroic,
            "horse_die": die,
            "charge_fell_short": target,
        }
        return [moved]
    facing = _facing_to(state, group[0].id, target)
    event: Event = {
        "type": "charged",
        "unit": unit_id,
        "target": target,
        "models": {m.id: [m.x + dx, m.y + dy, facing] for m in group},
        "distance": math.ceil(cost - 1e-9),
        "heroic": heroic,
    }
    if die is not None:
        event["horse_die"] = die
    events = [event]
    target_unit = access.unit_id_of(state, target)
    record = state["units"][target_unit]
    if record.get("fleeing") and not record["hero"] and is_mounted(state, unit_id):
        events.append(
            {
                "type": "cut_down",
                "unit": target_unit,
                "by": unit_id,
                "models": list(access.living_models(state, target_unit)),
            }
        )
    return events


def _facing_to(state: State, model_id: str, target: str) -> int:
    here = state["models"][model_id]
    there = state["models"][target]
    return heading(here["x"], here["y"], there["x"], there["y"])


def _target(state: State, command: Command) -> tuple[str, str]:
    target = command.get("target")
    if not isinstance(target, str) or target not in state["models"]:
        raise InvalidCommand("target must be the id of an enemy model")
    if state["models"][target]["side"] == command["side"]:
        raise IllegalCommand(f"{target} is not an enemy", rule=rules.INTO_CONTACT)
    if not access.is_alive(state, target):
        raise IllegalCommand(f"{target} is no longer on the table", rule=rules.INTO_CONTACT)
    return target, access.unit_id_of(state, target)


def check_charge(state: State, command: Command, *, heroic: bool) -> tuple[str, str]:
    """Every check of a ``charge`` before its dice (the target model and its unit): the
    charge is legal when this returns (no die can make it illegal afterwards)."""
    unit_id = command["unit"]
    why = immobile(state, unit_id)
    if why is not None:
        raise IllegalCommand(f"{unit_id} cannot charge: {why[0]}", rule=why[1])
    target, target_unit = _target(state, command)
    if target_unit in barred(state, unit_id):
        raise IllegalCommand(
            f"{unit_id} failed its Courage Test to charge {target_unit} this turn",
            rule=rules.CHARGE_TEST,
        )
    reach = reach_of(state, unit_id, heroic=heroic)
    _bushido(state, unit_id, target_unit, target, reach)
    dx, dy = charge_vector(state, unit_id, target)
    group = movers(state, access.living_models(state, unit_id))
    cost = check_way(state, group, dx, dy, command["side"], ignore=(target,))
    if cost > reach:
        raise IllegalCommand(
            f"{target} is {cost / INCH:.1f} inches away, beyond {unit_id}'s reach of "
            f"{reach / INCH:.1f}",
            rule=rules.BODY_STRIKE if charge_bonus(state, unit_id) else rules.MOVE_ALLOWANCE,
        )
    return target, target_unit


def decide_charge(state: State, command: Command, dice: Dice, *, heroic: bool) -> list[Event]:
    """A ``charge`` command of a unit allowed to act now (checked by the caller)."""
    unit_id = command["unit"]
    # Check the way before any die is rolled: a refused command rolls nothing.
    target, target_unit = check_charge(state, command, heroic=heroic)
    events: list[Event] = []
    if _charge_test_needed(state, unit_id, target_unit):
        test = courage_test(state, unit_id, "charge", dice, target_unit=target_unit)
        events.append(test)
        if not test["passed"]:
            events.append({"type": "charge_refused", "unit": unit_id, "target_unit": target_unit})
            return events
    target_record = state["units"][target_unit]
    if (
        state["units"][unit_id]["hero"]
        and not target_record["hero"]
        and not target_record.get("fleeing")
    ):
        test = courage_test(state, target_unit, "charged_by_hero", dice, by=unit_id)
        events.append(test)
        if not test["passed"]:
            events += failed(evolve_all(state, events), test, "charged_by_hero")
            state = evolve_all(state, events)
            return events + _catch(state, command, dice, target_unit, heroic=heroic)
    return events + _move_in(evolve_all(state, events), command, dice, target, heroic=heroic)


def _catch(
    state: State, command: Command, dice: Dice, fled_unit: str, *, heroic: bool
) -> list[Event]:
    """After a group flees from a charging hero: "If the rider has sufficient movement
    allowance to catch the fleeing characters, then they are cut down" (a hero on foot
    who catches them fights them, at -2 for them). Otherwise the hero stays and may
    still act (Interpretation > Fleeing)."""
    unit_id = command["unit"]
    models = access.living_models(state, fled_unit)
    if not models:
        return []
    lead = access.base_of(state, access.living_models(state, unit_id)[0])
    target = min(models, key=lambda m: (round(edge_distance(lead, access.base_of(state, m)), 3), m))
    group = movers(state, access.living_models(state, unit_id))
    dx, dy = charge_vector(state, unit_id, target)
    try:
        cost = check_way(state, group, dx, dy, command["side"], ignore=(target,))
    except IllegalCommand:
        return []
    budget = allowance_left(state, unit_id, heroic=heroic) + charge_bonus(state, unit_id)
    if cost > budget:
        return []
    return _move_in(state, {**command, "target": target}, dice, target, heroic=heroic)

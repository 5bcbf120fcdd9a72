"""A whole close combat, from the heroes' choices to the retreat (Close Combat; Close
Combat on Horseback; Water Strategies; Heroic Actions > Heroic Combat).

In order: Flowing Water Cut cancels one strategy of an opposing hero; Choose the Place
lets a hero disengage on 4+ (2" back); The Red Leaves Cut disarms an opponent on 5+;
Shout's charge makes the enemy units test Courage or fight at -2. Then the round (and
one more for each hero who declared Heroic Combat: the losers of an extra round do not
retreat before the next, Interpretation > Heroic Combat), the losers' retreat of 1"
(those who cannot stay), the mounted winners' (and Stickiness heroes') follow-up, the
Courage tests after casualties, and the free move of a Heroic Combat hero who killed
all his opponents into a new combat within 6".
"""

from __future__ import annotations

import math
from typing import Any

from engine.core import State
from engine.skirmish import morale
from engine.skirmish.combat import situation
from engine.skirmish.combat.fighters import Setting
from engine.skirmish.combat.fights import Combat
from engine.skirmish.combat.rounds import fight_round
from engine.skirmish.geometry import paths
from engine.skirmish.geometry.measure import CONTACT, INCH, heading
from engine.skirmish.heroic import bushido, chars, profile
from engine.skirmish.heroic import strategies as water
from engine.skirmish.heroic.work import Work
from engine.skirmish.state.access import sort_models

FREE_MOVE = 6 * INCH
"""Heroic Combat: a free move into a new combat within 6"."""


def heroes_in(state: State, combat: Combat) -> list[str]:
    """The hero units of the combat, in order."""
    found: list[str] = []
    for model_id in combat.all_models():
        unit = chars.unit_of(state, model_id)
        if unit["hero"] and unit["id"] not in found:
            found.append(str(unit["id"]))
    return found


def fight_combat(work: Work, combat: Combat, choices: dict[str, dict[str, Any]]) -> None:
    """Fight ``combat`` with the heroes' ``choices`` (by hero unit id)."""
    before = work.state
    setting = Setting(combat=combat, choices=choices)
    setting.first = not any(
        chars.unit_of(before, m).get("followed") == before["turn"] - 1 for m in combat.all_models()
    )
    _flowing_water(work, setting)
    _disengage(work, setting)
    combat = setting.combat
    members = [
        m for s in sorted(combat.models) for m in combat.models[s] if chars.alive(work.state, m)
    ]
    if len({chars.side_of(work.state, m) for m in members}) < 2:
        work.emit(_empty(work.state, combat))
        _close(work, combat, [])
        return
    _red_leaves(work, setting)
    _shout(work, setting)
    declared = [
        h
        for h in heroes_in(work.state, combat)
        if "combat" in work.state["units"][h].get("heroic", ())
    ]
    rounds = 1 + len(declared)
    opponents = {
        h: [f for m in chars.living(work.state, h) for f in chars.contacts(work.state, m)]
        for h in declared
    }
    winner = None
    for number in range(1, rounds + 1):
        if number > 1:
            setting.first = False
        last = number == rounds
        winner = fight_round(work, setting, number, heroic=number < rounds, last=last)
        if winner is None:
            break
    _close(work, combat, declared)
    if winner is not None:
        _retreat(work, combat, winner)
    dead = [m for m in chars.living_models(before) if not chars.alive(work.state, m)]
    if dead:
        work.extend(morale.after_casualties(work.state, dead, work.dice))
    for hero in declared:
        if opponents[hero] and not any(chars.alive(work.state, f) for f in opponents[hero]):
            _free_move(work, hero)


def _empty(state: State, combat: Combat) -> dict[str, Any]:
    """A combat nobody fought (a side disengaged or fell before a blow)."""
    sides = list(state["sides"])
    return {
        "type": "combat_fought",
        "combat": combat.number,
        "round": 0,
        "heroic": False,
        "last": True,
        "models": {s: list(combat.models[s]) for s in sides},
        "support": {s: [] for s in sides},
        "dice": {s: {} for s in sides},
        "scold": [],
        "zen": None,
        "modifiers": {s: {} for s in sides},
        "bonus": {},
        "doubled": [],
        "best": {},
        "combat_values": {},
        "winner": None,
        "reason": "no_fight",
        "roll_off": None,
        "cancelled": {},
        "heroic_units": [],
    }


def _close(work: Work, combat: Combat, declared: list[str]) -> None:
    """Mark the heroes' Heroic Combat as used and every model of the combat as fought
    (a combat ended early by a disengagement or deaths included)."""
    work.emit(
        {
            "type": "combat_closed",
            "combat": combat.number,
            "models": sort_models(combat.all_models()),
            "heroic_units": declared,
        }
    )


def _flowing_water(work: Work, setting: Setting) -> None:
    state = work.state
    heroes = heroes_in(state, setting.combat)
    for hero in heroes:
        if not water.has(state, hero, water.FLOWING_WATER):
            continue
        side = state["units"][hero]["side"]
        for other in heroes:
            if state["units"][other]["side"] == side or other in setting.cancelled:
                continue
            found = next((s for s in water.CANCELLABLE if water.has(state, other, s)), None)
            if found is not None:
                setting.cancelled[other] = found
                break


def _disengage(work: Work, setting: Setting) -> None:
    for hero, choice in sorted(setting.choices.items()):
        if not choice.get("disengage") or not water.has(work.state, hero, water.CHOOSE_PLACE):
            continue
        if setting.cancelled.get(hero) == water.CHOOSE_PLACE:
            continue
        models = chars.living(work.state, hero)
        if not models:
            continue
        model_id = models[0]
        die = work.dice.roll_one()
        spot = None
        if die >= water.DISENGAGE_NEED:
            foes = chars.contacts(work.state, model_id)
            spot = paths.retreat_spot(
                work.state,
                model_id,
                situation.away_point(work.state, model_id, foes),
                distance=water.DISENGAGE_DISTANCE_IN * INCH,
            )
        if spot is None:
            work.emit({"type": "disengage_failed", "unit": hero, "die": die})
            continue
        facing = int(work.state["models"][model_id]["facing"])
        work.emit(
            {
                "type": "disengaged",
                "unit": hero,
                "die": die,
                "models": {model_id: [spot[0], spot[1], facing]},
            }
        )
        combat = setting.combat
        setting.combat = Combat(
            combat.number,
            {s: [m for m in combat.models[s] if m != model_id] for s in combat.models},
            combat.support,
        )


def _red_leaves(work: Work, setting: Setting) -> None:
    for hero in heroes_in(work.state, setting.combat):
        if not setting.active(work.state, hero, water.RED_LEAVES):
            continue
        mine = chars.living(work.state, hero)
        foes = [f for m in mine for f in chars.contacts(work.state, m) if f not in setting.disarmed]
        armed = [f for f in foes if profile.wielded(work.state, f).kind != "basic"]
        if not armed:
            continue
        die = work.dice.roll_one()
        success = die >= water.DISARM_NEED
        if success:
            setting.disarmed.append(armed[0])
        work.emit(
            {"type": "disarmed", "unit": hero, "model": armed[0], "die": die, "success": success}
        )


def _shout(work: Work, setting: Setting) -> None:
    for hero in heroes_in(work.state, setting.combat):
        if not setting.active(work.state, hero, water.SHOUT):
            continue
        if work.state["units"][hero].get("charged") != work.state["turn"]:
            continue
        mine = chars.living(work.state, hero)
        foes = sort_models({f for m in mine for f in chars.contacts(work.state, m)})
        units: list[str] = []
        for foe in foes:
            unit_id = str(chars.unit_of(work.state, foe)["id"])
            if unit_id not in units:
                units.append(unit_id)
        for unit_id in units:
            if unit_id in setting.shouted:
                continue
            event = morale.courage_test(work.state, unit_id, "shout", work.dice)
            work.emit(event)
            if not event["passed"]:
                setting.shouted.append(unit_id)


def _retreat(work: Work, combat: Combat, winner: str) -> None:
    """The losers retreat 1" straight away from the enemies in contact (those who cannot
    stay; a second-rank spearman steps back with the friend he supports); mounted winners
    (and heroes with Stickiness) follow up to renew the combat."""
    state = work.state
    losers = [
        m
        for s in sorted(combat.models)
        if s != winner
        for m in combat.models[s] + combat.support.get(s, [])
        if chars.alive(state, m)
    ]
    moved: dict[str, list[int]] = {}
    vectors: dict[str, tuple[int, int]] = {}
    for model_id in losers:
        foes = chars.contacts(state, model_id)
        if not foes:
            continue
        spot = paths.retreat_spot(
            state, model_id, situation.away_point(state, model_id, foes), ignore=losers
        )
        if spot is None:
            continue
        record = state["models"][model_id]
        moved[model_id] = [spot[0], spot[1], int(record["facing"])]
        vectors[model_id] = (spot[0] - int(record["x"]), spot[1] - int(record["y"]))
    for model_id in losers:
        if model_id in moved:
            continue
        led = [f for f in vectors if chars.touching(state, model_id, f)]
        if led and not chars.contacts(state, model_id):
            record = state["models"][model_id]
            dx, dy = vectors[led[0]]
            moved[model_id] = [int(record["x"]) + dx, int(record["y"]) + dy, int(record["facing"])]
    if not moved:
        return
    work.emit({"type": "retreated", "combat": combat.number, "models": moved})
    after = work.state
    followers: dict[str, list[int]] = {}
    for model_id in sort_models(m for m in combat.models.get(winner, []) if chars.alive(state, m)):
        unit = chars.unit_of(state, model_id)
        sticky = bool(unit["hero"]) and water.has(state, str(unit["id"]), water.STICKINESS)
        if not (chars.mounted(state, model_id) or sticky):
            continue
        chased = [f for f in chars.contacts(state, model_id) if f in vectors]
        if not chased:
            continue
        dx, dy = vectors[chased[0]]
        side = chars.side_of(state, model_id)
        if paths.blocking_model(after, paths.movers(after, [model_id]), dx, dy, side=side):
            continue
        record = state["models"][model_id]
        followers[model_id] = [int(record["x"]) + dx, int(record["y"]) + dy, int(record["facing"])]
    if followers:
        work.emit({"type": "followed_up", "combat": combat.number, "models": followers})


def _free_move(work: Work, hero: str) -> None:
    """Heroic Combat: a hero who killed all his opponents moves free into a new combat
    within 6" (the nearest enemy he may assault; Bushido respected)."""
    state = work.state
    mine = chars.living(state, hero)
    if not mine or chars.engaged(state, mine[0]):
        return
    model_id = mine[0]
    side = chars.side_of(state, model_id)
    enemies = [
        e
        for e in chars.living_models(state, chars.other_side(state, side))
        if chars.distance(state, model_id, e) <= FREE_MOVE
    ]
    enemies = bushido.preferred_targets(state, hero, enemies)
    enemies.sort(key=lambda e: (round(chars.distance(state, model_id, e), 3), sort_models([e])[0]))
    x, y, r = chars.circle(state, model_id)
    for target in enemies:
        tx, ty, tr = chars.circle(state, target)
        length = math.hypot(tx - x, ty - y)
        if length == 0:
            continue
        travel = length - r - tr - CONTACT / 2
        ex = round(x + (tx - x) / length * travel)
        ey = round(y + (ty - y) / length * travel)
        group = paths.movers(state, [model_id])
        cost = paths.translation_cost(state, group, ex - x, ey - y)
        if cost is None or cost > FREE_MOVE:
            continue
        if paths.blocking_model(state, group, ex - x, ey - y, side=side, ignore=[target]):
            continue
        facing = heading(ex, ey, tx, ty)
        work.emit(
            {
                "type": "swept_on",
                "unit": hero,
                "target": target,
                "models": {model_id: [ex, ey, facing]},
                "distance": round(math.hypot(ex - x, ey - y)),
            }
        )
        return

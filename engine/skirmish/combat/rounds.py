"""One round of close combat (Close Combat; Weapons and Armour; Close Combat on
Horseback; Water Strategies; Wind Strategies; Zen Tokens).

Every model in the combat rolls its Attacks in dice (doubled when the enemy is surrounded
or could not retreat), each die changed by its combat dice modifiers; the side with the
highest single score wins, a draw goes to the side with the higher Combat characteristic
(its best in the combat), then to a roll-off (rolled again while equal). The winners roll
the same number of dice again to wound.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.skirmish.combat import situation
from engine.skirmish.combat.blows import wound
from engine.skirmish.combat.fighters import Fighter, Setting
from engine.skirmish.heroic import chars, profile, zen
from engine.skirmish.heroic import strategies as water
from engine.skirmish.heroic.work import Work

FLEEING_DICE = -2
DISMOUNTED = -2
SHOUTED = -2


def _foes(state: State, model_id: str, support: bool, members: list[str]) -> list[str]:
    if not support:
        return chars.contacts(state, model_id)
    side = chars.side_of(state, model_id)
    found: list[str] = []
    for friend in members:
        if chars.side_of(state, friend) == side and chars.touching(state, model_id, friend):
            found.extend(f for f in chars.contacts(state, friend) if f not in found)
    return found


def _against(state: State, foes: list[str], support: bool) -> profile.Against:
    return profile.Against(
        mounted=any(chars.mounted(state, f) for f in foes),
        armour=profile.armour_id(state, foes[0]) if foes else "none",
        second_rank=support,
    )


def fighters(state: State, setting: Setting) -> tuple[list[Fighter], list[str]]:
    """Every model fighting this round with its dice and modifiers, and the sides whose
    dice are doubled."""
    combat = setting.combat
    members = {s: [m for m in combat.models[s] if chars.alive(state, m)] for s in state["sides"]}
    everyone = [m for s in state["sides"] for m in members[s]]
    doubled = []
    for side in state["sides"]:
        other = chars.other_side(state, side)
        for foe in members[other]:
            blocked = situation.retreat_blocked(
                state, foe, members[other] + list(combat.support.get(other, []))
            )
            if blocked or (
                situation.surrounded(state, foe) and not profile.never_outnumbered(state, foe)
            ):
                doubled.append(side)
                break
    found: list[Fighter] = []
    for side in state["sides"]:
        other = chars.other_side(state, side)
        outnumbering = len(members[side]) > len(members[other])
        supporters = [m for m in combat.support.get(side, []) if chars.alive(state, m)]
        for model_id in members[side] + supporters:
            support = model_id in supporters
            foes = _foes(state, model_id, support, everyone)
            if not foes:
                continue
            found.append(
                _fighter(
                    state,
                    setting,
                    model_id,
                    side=side,
                    foes=foes,
                    support=support,
                    doubled=side in doubled,
                    outnumbering=outnumbering,
                )
            )
    return found, doubled


def _fighter(
    state: State,
    setting: Setting,
    model_id: str,
    *,
    side: str,
    foes: list[str],
    support: bool,
    doubled: bool,
    outnumbering: bool,
) -> Fighter:
    unit = chars.unit_of(state, model_id)
    unit_id = str(unit["id"])
    stats = profile.stats(
        state, model_id, _against(state, foes, support), disarmed=model_id in setting.disarmed
    )
    attacks = stats.attacks
    mods: dict[str, int] = {}
    if stats.modifier:
        mods["weapon_and_armour"] = stats.modifier
    hero = bool(unit["hero"])
    if hero:
        if setting.chose(unit_id, water.BODY_FOR_SWORD) and setting.active(
            state, unit_id, water.BODY_FOR_SWORD
        ):
            attacks += 1
        if setting.active(state, unit_id, water.STICKINESS) and unit.get("followed") == (
            state["turn"] - 1
        ):
            attacks += 1
        if setting.first and setting.active(state, unit_id, water.HIT_IN_ONE):
            mods["hit_in_one_timing"] = 1
        if setting.active(state, unit_id, water.STAB_AT_HEART) and situation.retreat_blocked(
            state,
            model_id,
            setting.combat.models[side] + list(setting.combat.support.get(side, [])),
        ):
            mods["stab_at_the_heart"] = 1
        if setting.chose(unit_id, water.ONE_CUT) and setting.active(state, unit_id, water.ONE_CUT):
            attacks = 1
            mods["one_cut"] = 1
    for foe in foes:
        foe_unit = str(chars.unit_of(state, foe)["id"])
        if not chars.is_hero(state, foe):
            continue
        if setting.first and setting.active(state, foe_unit, water.NO_DESIGN):
            attacks = max(1, attacks - 1)
            break
    for foe in foes:
        foe_unit = str(chars.unit_of(state, foe)["id"])
        if (
            chars.is_hero(state, foe)
            and setting.active(state, foe_unit, water.MANY_ENEMIES)
            and outnumbering
        ):
            mods["many_enemies"] = -1
            break
    if situation.attacks_defended_obstacle(state, model_id):
        mods["defended_obstacle"] = -1
    if situation.mounted_charge(state, model_id):
        mods["mounted_charge"] = 1
    if unit.get("fleeing") or unit.get("caught") == state["turn"]:
        mods["fleeing"] = FLEEING_DICE
    if unit.get("dismounted_turn") == state["turn"]:
        mods["dismounted"] = DISMOUNTED
    if unit_id in setting.shouted:
        mods["shout"] = SHOUTED
    return Fighter(
        model=model_id,
        side=side,
        unit=unit_id,
        hero=hero,
        support=support,
        foes=foes,
        attacks=attacks,
        dice=attacks * (2 if doubled else 1),
        modifiers=mods,
        combat=stats.combat,
    )


def _scores(
    found: list[Fighter], faces: dict[str, list[int]], bonus: dict[str, int]
) -> dict[str, int]:
    best: dict[str, int] = {}
    for f in found:
        if not faces[f.model]:
            continue
        score = max(faces[f.model]) + f.modifier + bonus.get(f.model, 0)
        best[f.side] = max(best.get(f.side, score), score)
    return best


def _decide(
    sides: list[str], best: dict[str, int], values: dict[str, int]
) -> tuple[str | None, str]:
    a, b = sides
    if best.get(a, -99) != best.get(b, -99):
        return (a if best.get(a, -99) > best.get(b, -99) else b), "score"
    if values[a] != values[b]:
        return (a if values[a] > values[b] else b), "combat"
    return None, "roll_off"


def fight_round(
    work: Work, setting: Setting, number: int, *, heroic: bool, last: bool
) -> str | None:
    """Fight one round: the ``combat_fought`` event and the winners' wound rolls. The
    winning side (``None`` when a side had nobody left to fight)."""
    state = work.state
    found, doubled = fighters(state, setting)
    sides = list(state["sides"])
    if len({f.side for f in found}) < 2:
        return None
    action = zen.Action(
        wants_die=frozenset(u for u, c in sorted(setting.choices.items()) if c.get("zen"))
    )
    faces = {f.model: work.dice.roll(f.dice) for f in found}
    rolled = {f.model: list(faces[f.model]) for f in found}
    scolds = _scold(work, setting, found, faces)
    bonus = _abdomen(state, setting, found, faces)
    values = {s: max([f.combat for f in found if f.side == s], default=0) for s in sides}
    best = _scores(found, faces, bonus)
    winner, reason = _decide(sides, best, values)
    altered = _zen_die(
        work,
        setting,
        found=found,
        faces=faces,
        bonus=bonus,
        values=values,
        action=action,
        winner=winner,
    )
    if altered is not None:
        best = _scores(found, faces, bonus)
        winner, reason = _decide(sides, best, values)
    roll_off: list[list[int]] | None = None
    if winner is None:
        roll_off = []
        while winner is None:
            pair = work.dice.roll(2)
            roll_off.append(pair)
            if pair[0] != pair[1]:
                winner = sides[0] if pair[0] > pair[1] else sides[1]
    work.emit(
        {
            "type": "combat_fought",
            "combat": setting.combat.number,
            "round": number,
            "heroic": heroic,
            "last": last,
            "models": {s: [f.model for f in found if f.side == s and not f.support] for s in sides},
            "support": {s: [f.model for f in found if f.side == s and f.support] for s in sides},
            "dice": {s: {f.model: rolled[f.model] for f in found if f.side == s} for s in sides},
            "scold": scolds,
            "zen": altered,
            "modifiers": {s: {f.model: f.modifiers for f in found if f.side == s} for s in sides},
            "bonus": bonus,
            "doubled": doubled,
            "best": best,
            "combat_values": values,
            "winner": winner,
            "reason": reason,
            "roll_off": roll_off,
            "cancelled": dict(setting.cancelled),
            "heroic_units": [],
        }
    )
    for f in found:
        if f.side == winner:
            wound(work, setting, f, action)
    return winner


def _scold(
    work: Work, setting: Setting, found: list[Fighter], faces: dict[str, list[int]]
) -> list[dict[str, Any]]:
    """Scold: the opponent re-rolls one Attack die of the hero's choosing (his best)."""
    done: list[dict[str, Any]] = []
    for hero in found:
        if not hero.hero or not setting.active(work.state, hero.unit, water.SCOLD):
            continue
        candidates = [
            (faces[f.model][i] + f.modifier, f.model, i)
            for f in found
            if f.side != hero.side and f.model in hero.foes
            for i in range(len(faces[f.model]))
        ]
        if not candidates:
            continue
        _, model_id, index = max(candidates, key=lambda c: (c[0], -int(c[2])))
        before = faces[model_id][index]
        faces[model_id][index] = work.dice.roll_one()
        done.append(
            {
                "hero": hero.model,
                "model": model_id,
                "index": index,
                "from": before,
                "to": faces[model_id][index],
            }
        )
    return done


def _abdomen(
    state: State, setting: Setting, found: list[Fighter], faces: dict[str, list[int]]
) -> dict[str, int]:
    """The Abdomen Timing of Two: if an opponent scores 1, the hero adds +1 to his score."""
    bonus: dict[str, int] = {}
    for hero in found:
        if (
            hero.hero
            and setting.active(state, hero.unit, water.ABDOMEN)
            and any(1 in faces[f.model] for f in found if f.side != hero.side)
        ):
            bonus[hero.model] = 1
    return bonus


def _zen_die(
    work: Work,
    setting: Setting,
    *,
    found: list[Fighter],
    faces: dict[str, list[int]],
    bonus: dict[str, int],
    values: dict[str, int],
    action: zen.Action,
    winner: str | None,
) -> dict[str, Any] | None:
    """A hero's declared Zen die: +1 on his best die when that turns a lost combat into
    a won one (or a roll-off into a win)."""
    sides = list(work.state["sides"])
    for hero in found:
        if not hero.hero or hero.unit not in action.wants_die or winner == hero.side:
            continue
        if not faces[hero.model]:
            continue
        index = faces[hero.model].index(max(faces[hero.model]))
        trial = {k: list(v) for k, v in faces.items()}
        trial[hero.model][index] += 1
        if _decide(sides, _scores(found, trial, bonus), values)[0] != hero.side:
            continue
        face = faces[hero.model][index]
        done = zen.alter(work, hero.model, action, face, to=face + 1, what="combat")
        if done is None:
            continue
        faces[hero.model][index] = face + 1
        return {**done, "model": hero.model, "index": index}
    return None

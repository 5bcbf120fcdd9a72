"""The winners' blows (Close Combat: "the winners roll again with the same number of dice
to determine if any of their attacks cause a wound"; Close Combat on Horseback: the
horse, Defence 3; Water Strategies: Continuous Cut, Hit in One Timing, One Cut, The Body
in Place of the Sword; Morale: fleeing characters fight at -1 Strength).

Each winning model rolls its combat dice again (Continuous Cut: one more) at one enemy it
touches (a second-rank spearman: one his friends touch); an honourable hero strikes a
heroic enemy first. A hero who chose to strike the horse rolls all his dice at it; a
group strikes a rider's horse only when it cannot wound the rider and can wound the horse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import State
from engine.skirmish.heroic import bushido, chars, profile, zen
from engine.skirmish.heroic import strategies as water
from engine.skirmish.heroic.work import Work
from engine.skirmish.heroic.wounding import roll_wounds, wound_need

if TYPE_CHECKING:
    from engine.skirmish.combat.fighters import Fighter, Setting

FLEEING_STRENGTH = -1


def _targets(state: State, setting: Setting, f: Fighter) -> list[str]:
    foes = [m for m in f.foes if chars.alive(state, m)]
    if f.hero:
        foes = bushido.preferred_targets(state, f.unit, foes) or foes
    return foes


def wound(work: Work, setting: Setting, f: Fighter, action: zen.Action) -> None:
    """The wound dice of one winning fighter."""
    state = work.state
    foes = _targets(state, setting, f)
    if not foes:
        return
    count = f.dice + (1 if f.hero and setting.active(state, f.unit, water.CONTINUOUS_CUT) else 0)
    target = foes[0]
    strength = _strength(state, setting, f, target)
    horse = False
    riders = [m for m in foes if chars.mounted(state, m)]
    if f.hero and setting.choices.get(f.unit, {}).get("strike") == "horse" and riders:
        target, horse = riders[0], True
    elif not f.hero and chars.mounted(state, target):
        rider = profile.defence(state, target, profile.against(state, f.model))
        horse = wound_need(strength, rider) is None and (
            wound_need(strength, profile.HORSE_DEFENCE) is not None
        )
    if horse:
        strength = _strength(state, setting, f, target)
        defence = profile.HORSE_DEFENCE
    else:
        defence = profile.defence(state, target, profile.against(state, f.model))
    roll_wounds(
        work,
        f.model,
        target,
        strength=strength,
        defence=defence,
        count=count,
        action=action,
        horse=horse,
    )


def _strength(state: State, setting: Setting, f: Fighter, target: str) -> int:
    unit = chars.unit_of(state, f.model)
    stats = profile.stats(
        state,
        f.model,
        profile.against(state, target, second_rank=f.support),
        disarmed=f.model in setting.disarmed,
    )
    strength = stats.strength
    if f.hero:
        if setting.first and setting.active(state, f.unit, water.HIT_IN_ONE):
            strength += 1
        if setting.chose(f.unit, water.ONE_CUT) and setting.active(state, f.unit, water.ONE_CUT):
            strength += 1
        if setting.chose(f.unit, water.BODY_FOR_SWORD) and setting.active(
            state, f.unit, water.BODY_FOR_SWORD
        ):
            strength -= 1
    if unit.get("fleeing") or unit.get("caught") == state["turn"]:
        strength += FLEEING_STRENGTH
    return strength

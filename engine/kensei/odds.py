"""Exact odds of Kensei rolls: the calculator bots, the offering advice of part
III and the analysts' odds page use.

Every figure is an exact :class:`fractions.Fraction` built from the die rules
in :mod:`engine.kensei.state.rolls` (the same functions the engine rolls with), so
the odds and the game can never disagree. Distributions are lists indexed by
the count (``dist[k]`` is the chance of exactly ``k``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from engine.kensei.state.rolls import casualties, honour_roll_chance, success_die, wound_die

Distribution = list[Fraction]
FACES = range(1, 7)
SIXTH = Fraction(1, 6)


def success_chance(modifier: int, *, critical_only: bool = False) -> Fraction:
    """The chance that one die of a success roll succeeds."""
    good = sum(
        success_die(face, modifier, critical_only=critical_only) in ("success", "critical")
        for face in FACES
    )
    return Fraction(good, 6)


def binomial(count: int, chance: Fraction) -> Distribution:
    return [comb(count, k) * chance**k * (1 - chance) ** (count - k) for k in range(count + 1)]


def successes(count: int, modifier: int = 0) -> Distribution:
    """Successes of a success roll of ``count`` dice (zero dice: 1D6, criticals only)."""
    if count <= 0:
        return binomial(1, success_chance(modifier, critical_only=True))
    return binomial(count, success_chance(modifier))


def at_least(distribution: Sequence[Fraction], k: int) -> Fraction:
    """The chance of ``k`` or more."""
    return sum(distribution[max(k, 0) :], Fraction(0))


def mean(distribution: Sequence[Fraction]) -> Fraction:
    return sum((k * p for k, p in enumerate(distribution)), Fraction(0))


@dataclass(frozen=True)
class Attack:
    """An attack or a shot as the Combat or Shoot Roll Table gives it: the dice
    after every +XD6/-XD6, the modifier on each die, and the modifier on each
    wound die (weapons, armour, abilities)."""

    dice: int
    modifier: int = 0
    wound_modifier: int = 0
    shooting: bool = False


@dataclass(frozen=True)
class Target:
    """The unit that takes the attack: how many miniatures it has, its Wounds
    attribute, the wounds on its wounded marker, its stunned markers and its
    honour (after modifiers) for the roll a defeat or heavy shooting calls for."""

    miniatures: int
    wounds: int = 1
    wounded: int = 0
    stunned: int = 0
    honour: int = 4


@dataclass(frozen=True)
class AttackOdds:
    hits: Distribution
    wounds: Distribution  # direct wounds and criticals
    stuns: Distribution
    casualties: Distribution  # miniatures removed, stuns swapped for wounds included

    def to_dict(self) -> dict[str, list[str]]:
        return {
            name: [str(p) for p in getattr(self, name)]
            for name in ("hits", "wounds", "stuns", "casualties")
        }


def wound_chances(modifier: int, *, shooting: bool) -> dict[str, Fraction]:
    """One wound die: the chance of a wound (criticals included), of a stun, and of
    nothing (fumbles, and stuns when shooting)."""
    found = {"wound": Fraction(0), "stun": Fraction(0), "nothing": Fraction(0)}
    for face in FACES:
        result = wound_die(face, modifier, shooting=shooting)
        key = (
            "wound"
            if result in ("wound", "critical")
            else "stun"
            if result == "stun"
            else "nothing"
        )
        found[key] += SIXTH
    return found


def attack(attack: Attack, target: Target) -> AttackOdds:
    """The exact distributions of an attack's hits, wounds, stuns and casualties."""
    hits = successes(attack.dice, attack.modifier)
    chance = wound_chances(attack.wound_modifier, shooting=attack.shooting)
    joint: dict[tuple[int, int], Fraction] = {}
    for count, p_hits in enumerate(hits):
        if p_hits == 0:
            continue
        for (wounds, stuns), p in _wounds_and_stuns(count, chance).items():
            joint[wounds, stuns] = joint.get((wounds, stuns), Fraction(0)) + p_hits * p
    most = len(hits)
    wound_dist = [Fraction(0)] * most
    stun_dist = [Fraction(0)] * most
    casualty_dist = [Fraction(0)] * (target.miniatures + 1)
    for (wounds, stuns), p in joint.items():
        wound_dist[wounds] += p
        stun_dist[stuns] += p
        extra = (target.stunned + stuns) // 2
        removed, _left = casualties(wounds + extra, target.wounds, target.wounded)
        casualty_dist[min(removed, target.miniatures)] += p
    return AttackOdds(hits, wound_dist, stun_dist, casualty_dist)


def _wounds_and_stuns(dice: int, chance: dict[str, Fraction]) -> dict[tuple[int, int], Fraction]:
    """Multinomial over ``dice`` wound dice: {(wounds, stuns): chance}."""
    found: dict[tuple[int, int], Fraction] = {}
    for wounds in range(dice + 1):
        for stuns in range(dice - wounds + 1):
            nothing = dice - wounds - stuns
            ways = comb(dice, wounds) * comb(dice - wounds, stuns)
            p = (
                ways
                * chance["wound"] ** wounds
                * chance["stun"] ** stuns
                * chance["nothing"] ** nothing
            )
            if p:
                found[wounds, stuns] = p
    return found


def shooting_break(odds: AttackOdds, target: Target) -> Fraction:
    """The chance a shot breaks the unit: 50% or more of its miniatures as
    casualties calls an honour roll, and it fails (or the unit is wiped out)."""
    half = -(-target.miniatures // 2)
    fail = 1 - honour_roll_chance(target.honour)
    wiped = odds.casualties[target.miniatures] if target.miniatures < len(odds.casualties) else 0
    tested = at_least(odds.casualties, half) - wiped
    return wiped + tested * fail


def melee_break(theirs: AttackOdds, ours: AttackOdds, target: Target) -> Fraction:
    """The chance a melee breaks the target: it takes more casualties than it
    inflicts (both sides strike at once, independently; ``ours`` is the target's
    own attack on the attacker, whose casualty list is as long as the attacker
    is strong) and fails its honour roll, or it is wiped out. A leader's loss
    counting as two casualties is not modelled."""
    fail = 1 - honour_roll_chance(target.honour)
    total = Fraction(0)
    for taken, p_taken in enumerate(theirs.casualties):
        if p_taken == 0:
            continue
        if taken >= target.miniatures:
            total += p_taken
            continue
        # Fewer casualties inflicted, short of wiping the attacker out (whoever
        # eliminates the other wins, "regardless of the number of casualties").
        wiped_out = len(ours.casualties) - 1
        inflicted_less = sum(ours.casualties[: min(taken, wiped_out)], Fraction(0))
        total += p_taken * inflicted_less * fail
    return total

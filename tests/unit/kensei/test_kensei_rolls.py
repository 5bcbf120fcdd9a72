"""Kensei dice rolls (Dice rolls, Success rolls, Honour rolls, Wound Roll Table)
and the exact odds calculator, which is checked against brute-force enumeration
of every face of small rolls."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from engine.core import EnteredDice, SeededDice
from engine.kensei import odds
from engine.kensei.state.rolls import (
    casualties,
    d3,
    dice_count,
    honour_roll,
    honour_roll_chance,
    stuns_to_wounds,
    success_roll,
    wound_roll,
)


def entered(*faces: int) -> EnteredDice:
    return EnteredDice(list(faces))


# -- Dice rolls --------------------------------------------------------------------


def test_dice_rolls_d3_is_half_a_d6_rounded_up():
    assert [d3(face) for face in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    with pytest.raises(ValueError, match="1 to 6"):
        d3(7)


def test_dice_rolls_added_and_removed_dice_never_below_zero():
    assert dice_count(3, added=2) == 5
    assert dice_count(3, added=1, removed=2) == 2
    assert dice_count(2, removed=4) == 0


# -- Success rolls -----------------------------------------------------------------


def test_success_rolls_four_or_more_after_the_modifier_on_each_die():
    roll = success_roll(entered(4, 3, 2, 5), 4, modifier=1)
    assert roll.results == ("success", "success", "failure", "success")
    assert roll.successes == 3
    assert success_roll(entered(4, 5), 2, modifier=-1).results == ("failure", "success")


def test_success_rolls_natural_one_always_fails_natural_six_always_succeeds():
    assert success_roll(entered(1, 6), 2, modifier=+5).results == ("fumble", "critical")
    assert success_roll(entered(1, 6), 2, modifier=-5).results == ("fumble", "critical")
    assert success_roll(entered(1, 6), 2, modifier=-5).successes == 1


def test_success_rolls_zero_dice_roll_one_die_only_a_natural_six_succeeds():
    five = success_roll(entered(5), 0, modifier=+2)
    assert five.zero_dice
    assert five.faces == (5,)
    assert five.successes == 0
    assert success_roll(entered(6), -2).successes == 1
    assert success_roll(entered(6), -2).to_dict()["dice"] == 0


# -- Honour rolls ------------------------------------------------------------------


def test_honour_rolls_at_most_the_honour_no_fumble_or_critical():
    assert honour_roll(entered(4), 4).success
    assert not honour_roll(entered(5), 4).success
    assert honour_roll(entered(1), 0).success is False  # no natural-1 critical
    assert honour_roll(entered(6), 6).success  # no natural-6 fumble


def test_repeat_honour_roll_two_dice_keep_the_better():
    roll = honour_roll(entered(6, 3), 4, best_of_two=True)
    assert roll.faces == (6, 3)
    assert roll.kept == 3
    assert roll.success
    assert honour_roll_chance(4, best_of_two=True) == 1 - Fraction(1, 3) ** 2


# -- Wound Roll Table ----------------------------------------------------------------


def test_wound_roll_table_fumbles_criticals_wounds_and_stuns():
    roll = wound_roll(entered(1, 2, 3, 4, 6), 5, modifier=0, shooting=False)
    assert roll.results == ("fumble", "stun", "stun", "wound", "critical")
    assert (roll.wounds, roll.stuns, roll.criticals) == (2, 2, 1)
    assert wound_roll(entered(5), 1, modifier=-3, shooting=False).results == ("stun",)
    assert wound_roll(entered(6), 1, modifier=-5, shooting=False).results == ("critical",)


def test_wound_roll_table_stuns_ignored_when_shooting():
    roll = wound_roll(entered(2, 3, 5), 3, shooting=True)
    assert roll.results == (None, None, "wound")
    assert roll.stuns == 0


def test_removing_casualties_wounds_over_the_wounds_attribute_rest_on_the_marker():
    assert casualties(5, 2) == (2, 1)
    assert casualties(1, 2, wounded=1) == (1, 0)
    assert stuns_to_wounds(3) == (1, 1)
    with pytest.raises(ValueError, match="at least 1"):
        casualties(1, 0)


def test_rolls_take_their_faces_from_the_dice_source():
    a = success_roll(SeededDice("s", 3), 6, 1)
    b = success_roll(SeededDice("s", 3), 6, 1)
    assert a == b
    assert len(a.faces) == 6


# -- the odds calculator, against enumeration -------------------------------------


def _enumerate_successes(count: int, modifier: int) -> list[Fraction]:
    found: Counter[int] = Counter()
    rolled = max(count, 1)
    for faces in itertools.product(range(1, 7), repeat=rolled):
        found[success_roll(EnteredDice(list(faces)), count, modifier).successes] += 1
    total = 6**rolled
    return [Fraction(found[k], total) for k in range(rolled + 1)]


@pytest.mark.parametrize(("count", "modifier"), [(0, 0), (0, 3), (1, 0), (3, -1), (4, 2)])
def test_odds_success_roll_distribution_matches_every_face(count: int, modifier: int):
    assert odds.successes(count, modifier) == _enumerate_successes(count, modifier)


def test_odds_attack_matches_enumeration_of_hits_and_wound_dice():
    attack = odds.Attack(dice=3, modifier=0, wound_modifier=-1)
    target = odds.Target(miniatures=3, wounds=1, stunned=1)
    found: dict[tuple[int, int, int], Fraction] = {}
    total = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=3):
        hits = success_roll(EnteredDice(list(faces)), 3, 0).successes
        for wound_faces in itertools.product(range(1, 7), repeat=hits):
            roll = wound_roll(EnteredDice(list(wound_faces)), hits, -1, shooting=False)
            extra, _ = stuns_to_wounds(1 + roll.stuns)
            removed = min(casualties(roll.wounds + extra, 1)[0], 3)
            p = Fraction(1, 6**3) * Fraction(1, 6**hits)
            key = (roll.wounds, roll.stuns, removed)
            found[key] = found.get(key, Fraction(0)) + p
            total += p
    assert total == 1
    result = odds.attack(attack, target)
    for k in range(4):
        assert result.wounds[k] == sum(p for (w, _s, _c), p in found.items() if w == k)
        assert result.stuns[k] == sum(p for (_w, s, _c), p in found.items() if s == k)
        assert result.casualties[k] == sum(p for (_w, _s, c), p in found.items() if c == k)
    assert sum(result.casualties) == 1


def test_odds_shooting_breaks_on_half_casualties_and_a_failed_honour_roll():
    target = odds.Target(miniatures=4, honour=3)
    shot = odds.attack(odds.Attack(dice=6, shooting=True), target)
    assert shot.stuns == [1] + [0] * 6  # no stuns when shooting
    half_or_more = odds.at_least(shot.casualties, 2)
    wiped = shot.casualties[4]
    expected = wiped + (half_or_more - wiped) * Fraction(1, 2)
    assert odds.shooting_break(shot, target) == expected
    assert 0 < expected < 1


def test_odds_melee_break_needs_more_casualties_taken_than_inflicted():
    target = odds.Target(miniatures=5, honour=6)  # honour 6 never fails: only a wipe-out breaks
    theirs = odds.attack(odds.Attack(dice=8, modifier=1), target)
    ours = odds.attack(odds.Attack(dice=2), odds.Target(miniatures=5))
    assert odds.melee_break(theirs, ours, target) == theirs.casualties[5]
    brave = odds.melee_break(theirs, ours, odds.Target(miniatures=5, honour=2))
    assert brave > theirs.casualties[5]
    assert odds.mean(odds.successes(6)) == 3

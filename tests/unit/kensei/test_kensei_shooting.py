"""Kensei part II: the Shoot order, one test per rule paragraph.

Side A's ashigaru archers (``A.u5``: 4 miniatures in a staggered block, AT 0/0, yumi,
long range) and teppo gunners (``A.u4``: firearms) shoot at the court ashigaru of
side B (``B.u2``: 12 miniatures, WO 1) standing in two ranks 30 cm away, on a table
without scenery. Dice are entered, so every roll is the one the test says.
"""

from __future__ import annotations

import functools

import pytest

from engine.core import EnteredDice, IllegalCommand, State
from engine.kensei import rules
from engine.kensei.shooting.shoot import shoot_table
from tests.unit.kensei.support import KENSEI, clear_table, edited, in_order, play, put

ARCHERS, GUNNERS, TARGET = "A.u5", "A.u4", "B.u2"
SHOOT = {"type": "order", "side": "A", "order": "shoot", "target": TARGET}


@functools.cache
def _base() -> State:
    return in_order("A", unit=ARCHERS, orders=2)


def table(shooter: str = ARCHERS, distance: int = 3000) -> State:
    state = edited(_base())
    state["scenery"] = []
    state["activation"]["units"].update(A=shooter, B=None)
    state["activation"]["orders"].update(A=2, B=0)
    clear_table(state, (shooter, TARGET))
    for k, mid in enumerate(state["units"][shooter]["minis"]):
        put(state, mid, 3000 + (k % 2) * 310 + (k // 2 % 2) * 155, 3000 - (k // 2) * 310, 900)
    for k, mid in enumerate(state["units"][TARGET]["minis"]):
        put(state, mid, 2500 + (k % 6) * 310, 3000 + distance + (k // 6) * 310, 2700)
    return state


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def refused(state: State, command: dict) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    return caught.value


def test_shoot_only_a_unit_with_ranged_weapons_and_none_in_melee():
    state = table()
    state["activation"]["units"]["A"] = "A.u2"  # samurai: no ranged weapons
    assert refused(state, SHOOT).rule == rules.SHOOT
    state = table()
    foe = state["units"][TARGET]["minis"][0]
    put(state, foe, 3000, 3000 + 300, 2700)  # in melee with the front archer
    assert refused(state, SHOOT).rule == rules.SHOOT


def test_choose_a_target_unit_in_sight_and_not_in_melee_with_your_units():
    state = table()
    for mid in state["units"][ARCHERS]["minis"]:
        state["minis"][mid]["facing"] = 2700  # backs to the enemy: no line of sight
    assert refused(state, SHOOT).rule == rules.SHOOT_TARGET
    state = table()
    friend = state["units"]["A.u2"]["minis"][0]
    put(state, friend, 2500, 6000 - 300, 900)  # samurai in melee with the target
    caught = refused(state, SHOOT)
    assert caught.rule == rules.SHOOT_TARGET
    assert "melee combat" in caught.message


def test_check_the_shooting_distance_each_miniature_within_range():
    # Long range: 60 cm. The target is 58 cm from the front rank and the back rank's
    # 3.1 cm further: only the front rank's two archers shoot.
    state = table(distance=6050)
    lines = shoot_table(state, ARCHERS, TARGET, boosted=False)
    assert ["miniatures in sight and range", 2] in lines["dice_lines"]


def test_check_the_shooting_distance_out_of_range_the_shoot_is_lost():
    state = table(distance=7000)
    after, events = play(state, SHOOT, dice=EnteredDice([]))
    shot = events_of(events, "shot")[0]
    assert shot["lost"]
    assert after["activation"]["orders"]["A"] == 1  # the order is spent all the same
    assert after["units"][TARGET]["minis"] == state["units"][TARGET]["minis"]


def test_shoot_roll_table_dice_and_modifiers():
    state = table()
    lines = shoot_table(state, ARCHERS, TARGET, boosted=True)
    assert lines["dice_lines"] == [
        ["ranged attack attribute", 0],
        ["miniatures in sight and range", 4],
        ["boosted shoot", 1],
    ]
    state["units"][ARCHERS]["casualty_this_turn"] = True
    state["units"][ARCHERS]["markers"]["sheltered"] = True
    state["units"][TARGET]["markers"]["sheltered"] = True
    state["units"][TARGET]["skirmish"] = True
    lines = shoot_table(state, ARCHERS, TARGET, boosted=False)
    assert ["casualty this turn", -1] in lines["dice_lines"]
    assert ["sheltered", -2] in lines["dice_lines"]
    assert lines["dice"] == 1
    assert ["enemy sheltered", -1] in lines["modifier_lines"]
    assert ["single miniature or skirmisher target", -1] in lines["modifier_lines"]


def test_shoot_roll_table_out_of_formation_minus_one():
    state = table()
    put(state, state["units"][ARCHERS]["minis"][3], 5000, 1000, 900)
    assert ["out of formation", -1] in shoot_table(state, ARCHERS, TARGET, boosted=False)[
        "modifier_lines"
    ]


def test_shoot_resolution_hits_on_four_and_wounds_without_stuns():
    # Four dice: 4, 5, 2, 6 -> three impacts; wound dice 4, 3, 6 -> two wounds, the 3 ignored.
    after, events = play(table(), SHOOT, dice=EnteredDice([4, 5, 2, 6, 4, 3, 6]))
    shot = events_of(events, "shot")[0]
    assert shot["roll"]["shoot_roll"]["successes"] == 3
    assert shot["roll"]["wound_roll"]["results"] == ["wound", None, "critical"]
    assert shot["damage"]["wounds"] == 2
    # Two of twelve: the owner chooses which of the seen miniatures fall.
    assert KENSEI.prompt(after).kind == "casualties"


def test_boosting_a_shoot_costs_two_orders():
    _after, events = play(table(), {**SHOOT, "boost": True}, dice=EnteredDice([1] * 5))
    assert events_of(events, "shot")[0]["orders_spent"] == 2
    assert events_of(events, "activation_ended")  # both orders spent: the activation is over
    state = table()
    state["activation"]["orders"]["A"] = 1
    assert refused(state, {**SHOOT, "boost": True}).rule == rules.BOOSTING_SHOOT


def test_unloaded_weapons_firearms_must_reload_before_shooting_again():
    state = table(shooter=GUNNERS)
    after, events = play(state, SHOOT, dice=EnteredDice([1] * 20))
    assert events_of(events, "shot")[0]["unloaded"] == 1
    assert after["units"][GUNNERS]["markers"]["unloaded"] == 1
    again = table(shooter=GUNNERS)
    again["units"][GUNNERS]["markers"]["unloaded"] = 1
    assert refused(again, SHOOT).rule == rules.UNLOADED_WEAPONS
    bows, _ = play(table(), SHOOT, dice=EnteredDice([1] * 5))
    assert bows["units"][ARCHERS]["markers"]["unloaded"] == 0  # bows do not unload


def test_removing_casualties_in_shoots_only_miniatures_the_shooters_see():
    state = table()
    # A wall of shrine between the archers and B's left half: only the right half is seen.
    state["scenery"] = [
        {
            "id": "wall",
            "name": "Wall",
            "kind": "impassable",
            "height": 6,
            "points": [[1500, 4500], [3300, 4500], [3300, 4700], [1500, 4700]],
            "by": None,
        }
    ]
    lines = shoot_table(state, ARCHERS, TARGET, boosted=False)
    seen = set(lines["seen"])
    assert seen
    assert seen != set(state["units"][TARGET]["minis"])
    # Everything hits and wounds: twelve wounds, but only the seen miniatures fall.
    after, events = play(state, SHOOT, dice=EnteredDice([6] * 4 + [6] * 4))
    while KENSEI.prompt(after).kind == "casualties":
        after, more = play(after, {"type": "casualties", "side": "B"}, dice=EnteredDice([6] * 4))
        events += more
    taken = events_of(events, "wounds_taken")[0]
    assert set(taken["casualties"]) <= seen
    assert len(taken["casualties"]) == min(4, len(seen))


def test_honour_roll_when_a_shoot_takes_half_of_the_unit():
    state = table()
    for mid in state["units"][TARGET]["minis"][4:]:
        state["minis"][mid].update(removed=True)
    state["units"][TARGET]["minis"] = state["units"][TARGET]["minis"][:4]
    # Two hits, two wounds (WO 1): B has four miniatures left, two lost is half. The
    # honour roll passes (1).
    dice = EnteredDice([5, 5, 1, 1, 4, 4, 1, 1])
    after, events = play(state, SHOOT, dice=dice)
    if KENSEI.prompt(after) is not None and KENSEI.prompt(after).kind == "casualties":
        after, more = play(after, {"type": "casualties", "side": "B"}, dice=dice)
        events += more
    result = events_of(events, "shoot_result")[0]
    assert result == {
        "type": "shoot_result",
        "unit": TARGET,
        "casualties": 2,
        "before": 4,
        "honour_roll": True,
    }
    assert events_of(events, "honour_rolled")[0]["reason"] == "shot"


def test_no_honour_roll_below_half():
    dice = EnteredDice([5, 1, 1, 1, 4])
    after, events = play(table(), SHOOT, dice=dice)
    after, more = play(after, {"type": "casualties", "side": "B"}, dice=dice)
    events += more
    result = events_of(events, "shoot_result")
    assert result
    assert not result[0]["honour_roll"]
    assert not events_of(events, "honour_rolled")

"""Morale (rulebook "Morale", "Mastery of Command", the Fire strategies on Courage, the
humming arrows, "Close Combat on Horseback" on heroes charging groups): each test is
named after the paragraph it checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import EnteredDice, Event, IllegalCommand
from engine.skirmish import morale, movement, rules
from engine.skirmish.geometry.measure import INCH, inches
from engine.skirmish.state.evolve import evolve_all
from tests.unit.skirmish.builders import at, build_state, hero, unit, with_mods

State = dict[str, Any]


def kill(state: State, *model_ids: str) -> State:
    models = dict(state["models"])
    for model_id in model_ids:
        models[model_id] = {**models[model_id], "status": "dead"}
    return {**state, "models": models}


def casualties(
    state: State, dead: Sequence[str], faces: Sequence[int]
) -> tuple[list[Event], State]:
    state = kill(state, *dead)
    dice = EnteredDice(list(faces))
    events = morale.after_casualties(state, list(dead), dice)
    dice.finish()
    return events, evolve_all(state, events)


def courage_tests(events: list[Event]) -> list[Event]:
    return [e for e in events if e["type"] == "courage_tested"]


def five_ashigaru(**more: Any) -> State:
    return build_state(
        a=[unit("ashigaru", at=(10, 20), count=5), *more.pop("a", [])],
        b=[unit("retainer", at=(10, 30)), *more.pop("b", [])],
        **more,
    )


# -- Morale ---------------------------------------------------------------------------------


def test_heroic_characters_are_not_subject_to_normal_morale_results() -> None:
    state = build_state(a=[hero("yamada_suzuki", at=(10, 10))], b=[unit("retainer", at=(10, 30))])
    state = with_mods(state, "a1", must_test=True)
    events, _ = casualties(state, [], [])
    assert events == []
    assert not morale.needs_casualty_test(state, "a1")


def test_casualties_reduce_a_group_to_half_or_less_of_its_start_number() -> None:
    state = five_ashigaru()
    events, _ = casualties(state, ["a1.1", "a1.2"], [])
    assert events == []  # 3 of 5 left: more than half
    events, after = casualties(state, ["a1.1", "a1.2", "a1.3"], [1, 2])
    test = courage_tests(events)[0]
    assert test["reason"] == "casualties"
    assert test["dice"] == [1, 2]
    assert test["total"] == 6
    assert test["passed"] is False
    assert after["units"]["a1"]["fleeing"] is True


def test_a_group_reduced_below_its_minimum_tests() -> None:
    # A group of 5 whose minimum is 4: 3 left is more than half, but below the minimum.
    state = build_state(
        a=[unit("ashigaru", at=(5, 20), count=5), hero("ashigaru_captain", at=(30, 5))],
        b=[unit("retainer", at=(10, 30))],
    )
    state = with_mods(state, "a1", min=4)
    events, _ = casualties(state, ["a1.1"], [])
    assert events == []
    events, _ = casualties(state, ["a1.1", "a1.2"], [3, 4])
    assert courage_tests(events)[0]["passed"] is True


def test_to_take_a_courage_test_roll_2d6_and_add_courage_10_or_more_passes() -> None:
    state = five_ashigaru()
    event = morale.courage_test(state, "a1", "charge", EnteredDice([3, 4]))
    assert event["courage"] == 3
    assert event["total"] == 10
    assert event["passed"] is True
    event = morale.courage_test(state, "a1", "charge", EnteredDice([3, 3]))
    assert event["passed"] is False


def test_if_the_group_passes_the_next_time_it_takes_casualties_it_tests_again() -> None:
    state = five_ashigaru()
    events, after = casualties(state, ["a1.1", "a1.2", "a1.3"], [6, 6])
    assert after["units"]["a1"]["must_test"] is True
    assert after["units"]["a1"]["fleeing"] is False
    events, after = casualties(after, ["a1.4"], [1, 1])
    assert courage_tests(events)[0]["passed"] is False
    assert after["units"]["a1"]["fleeing"] is True


def test_casualties_reduce_an_entire_band_to_half_every_group_tests() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(5, 20), count=4), unit("retainer", at=(20, 20), count=4)],
        b=[unit("retainer", at=(10, 30))],
    )
    # 8 models: losing 4 of the first group's leaves half the band.
    events, after = casualties(state, ["a1.1", "a1.2", "a1.3"], [6, 6])
    assert [e["type"] for e in events] == ["courage_tested"]
    events, after = casualties(after, ["a1.4"], [6, 5])
    assert events[0] == {"type": "band_halved", "side": "a"}
    assert [e["unit"] for e in courage_tests(events)] == ["a2"]
    assert courage_tests(events)[0]["reason"] == "band"
    assert after["band_tested"]["a"] is True
    # Only once: the band's next casualties test the group for its own losses only (it
    # passed a test, so it tests again).
    events, _ = casualties(after, ["a2.1"], [6, 6])
    assert [e["reason"] for e in events] == ["casualties"]


def test_fleeing_groups_get_one_free_move_at_full_speed_towards_their_table_edge() -> None:
    state = five_ashigaru()
    events, after = casualties(state, ["a1.1", "a1.2", "a1.3"], [1, 1])
    fled = next(e for e in events if e["type"] == "fled")
    assert fled["edge"] == "south"
    assert fled["models"]["a1.4"][1] == inches(14)  # 6 inches towards the south edge
    assert after["units"]["a1"]["edge"] == "south"
    # In later turns they run on until they leave the battlefield.
    after = {**after, "turn": 2}
    events = movement.begin(after, EnteredDice([]))
    assert events[0]["type"] == "fled_moved"


def test_fleeing_groups_leave_the_battlefield_at_their_edge() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 3), count=5)], b=[unit("retainer", at=(10, 30))]
    )
    events, after = casualties(state, ["a1.1", "a1.2", "a1.3"], [1, 1])
    assert [e["type"] for e in events][:3] == ["courage_tested", "fled", "left_table"]
    assert after["models"]["a1.4"]["status"] == "fled"


def test_groups_charging_enemy_which_outnumber_them_take_a_courage_test() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(10, 14), count=5)]
    )
    command = {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}
    events = movement.decide(state, command, EnteredDice([1, 1]))
    assert [e["type"] for e in events] == ["courage_tested", "charge_refused"]
    after = evolve_all(state, events)
    # It may not approach this enemy this turn, but otherwise may act as normal.
    assert not after["units"]["a1"]["done"]
    assert "b1.1" not in movement.charge_targets(after, "a1")
    events = movement.decide(
        after,
        {"type": "move", "side": "a", "unit": "a1", "to": [inches(10), inches(8)]},
        EnteredDice([]),
    )
    assert events[0]["type"] == "moved"


def test_groups_charging_enemy_with_higher_courage_take_a_courage_test() -> None:
    state = build_state(a=[unit("ashigaru", at=(10, 10))], b=[unit("retainer", at=(10, 14))])
    command = {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}
    events = movement.decide(state, command, EnteredDice([6, 6]))
    assert [e["type"] for e in events][:2] == ["courage_tested", "charged"]
    # Against equal numbers and Courage no test is needed.
    even = build_state(a=[unit("ashigaru", at=(10, 10))], b=[unit("ashigaru", at=(10, 14))])
    events = movement.decide(even, {**command}, EnteredDice([]))
    assert events[0]["type"] == "charged"


def test_non_heroic_characters_charged_by_heroic_characters_test_and_flee() -> None:
    captain = hero("ashigaru_captain", at=(10, 10), strategies=["body_strike"])
    state = build_state(a=[captain], b=[unit("civilian", at=(10, 13))])
    command = {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}
    events = movement.decide(state, command, EnteredDice([1, 1]))
    kinds = [e["type"] for e in events]
    assert kinds[:2] == ["courage_tested", "fled"]
    # A hero on foot who can still reach them (6 inches and Body Strike's 3 after
    # their 6 inch flight) catches them: they fight at -2 (combat).
    assert "charged" in kinds
    after = evolve_all(state, events)
    assert after["units"]["b1"]["caught"] == 1


def test_characters_within_command_radius_can_use_his_courage() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), command=1), unit("ashigaru", at=(10, 13), count=5)],
        b=[unit("retainer", at=(10, 30))],
    )
    value, _modifiers, leader = morale.effective_courage(state, "a2")
    assert (value, leader) == (8, "a1")
    far = at(
        at(at(at(at(state, "a2.1", 10, 20), "a2.2", 11, 20), "a2.3", 12, 20), "a2.4", 13, 20),
        "a2.5",
        14,
        20,
    )
    value, _modifiers, leader = morale.effective_courage(far, "a2")
    assert (value, leader) == (3, None)


def test_a_hero_leading_a_group_that_fails_flees_with_it_and_leaves_it_next_turn() -> None:
    state = build_state(
        a=[
            hero("yamanaka_hideoshi", at=(10, 10), command=2),
            unit("ashigaru", at=(10, 13), count=5),
        ],
        b=[unit("retainer", at=(10, 30))],
    )
    events, after = casualties(state, ["a2.1", "a2.2", "a2.3"], [1, 1])
    assert courage_tests(events)[0]["leader"] == "a1"
    assert [e["unit"] for e in events if e["type"] == "fled"] == ["a2", "a1"]
    assert after["units"]["a1"]["fleeing"] is True
    events = movement.begin({**after, "turn": 2}, EnteredDice([]))
    assert {"type": "rallied", "unit": "a1"} in events


def test_become_the_enemy_and_frighten_change_courage_by_1() -> None:
    state = build_state(
        a=[
            hero("ashigaru_captain", at=(30, 5), strategies=["become_the_enemy"]),
            unit("ashigaru", at=(10, 13)),
        ],
        b=[hero("ashigaru_captain", at=(30, 30), strategies=["frighten"])],
    )
    _value, modifiers, _leader = morale.effective_courage(state, "a2")
    assert modifiers == {"become_the_enemy": 1, "frighten": -1}


def test_humming_arrows_reduce_the_courage_of_all_non_heroic_characters_within_6_inches() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 10)), hero("ashigaru_captain", at=(12, 12))],
        b=[unit("retainer", at=(10, 15)), unit("retainer", at=(10, 30))],
    )
    assert morale.humming_targets(state, inches(10), inches(14)) == ["a1", "b1"]
    hummed = with_mods(state, "b1", courage_mod=-1)
    _value, modifiers, _leader = morale.effective_courage(hummed, "b1")
    assert modifiers == {"humming": -1}


def test_body_of_a_rock_groups_within_command_radius_pass_all_courage_tests() -> None:
    state = build_state(
        a=[
            hero("ashigaru_captain", at=(10, 10), command=2, strategies=["body_of_a_rock"]),
            unit("ashigaru", at=(10, 13), count=5),
        ],
        b=[unit("retainer", at=(10, 30))],
    )
    events, after = casualties(state, ["a2.1", "a2.2", "a2.3"], [])
    test = courage_tests(events)[0]
    assert test["passed"] is True
    assert test["automatic"] == "a1"
    assert test["dice"] == []
    assert after["units"]["a2"]["must_test"] is True


def test_fleeing_characters_caught_by_enemy_on_foot_turn_to_fight() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 10), count=5)], b=[unit("ashigaru", at=(10, 14))]
    )
    state = with_mods(state, "b1", fleeing=True, edge="north")
    command = {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}
    events = movement.decide(state, command, EnteredDice([]))
    assert [e["type"] for e in events][:1] == ["charged"]
    assert "cut_down" not in [e["type"] for e in events]
    after = evolve_all(state, events)
    assert after["units"]["b1"]["caught"] == 1
    assert all(after["models"][m]["status"] == "ok" for m in ("b1.1", "b1.2", "b1.3"))


def test_a_hero_whose_charge_cannot_catch_the_fleeing_group_may_still_act() -> None:
    state = build_state(
        a=[hero("ashigaru_captain", at=(10, 10))], b=[unit("civilian", at=(10, 13))]
    )
    command = {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}
    events = movement.decide(state, command, EnteredDice([1, 1]))
    assert [e["type"] for e in events if e["type"] != "moves_ended"] == ["courage_tested", "fled"]
    after = evolve_all(state, events)
    assert after["units"]["a1"]["done"] is False
    assert after["units"]["b1"]["fleeing"] is True


def test_a_group_that_fails_to_charge_may_not_approach_this_enemy_this_turn() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(10, 16), count=5)]
    )
    command = {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}
    after = evolve_all(state, movement.decide(state, command, EnteredDice([1, 1])))
    closer = {"type": "move", "side": "a", "unit": "a1", "to": [inches(10), inches(12)]}
    with pytest.raises(IllegalCommand) as caught:
        movement.decide(after, closer, EnteredDice([]))
    assert caught.value.rule == rules.CHARGE_TEST
    with pytest.raises(IllegalCommand):
        movement.decide(after, command, EnteredDice([]))
    # Next turn the enemy may be approached again.
    later = with_mods({**after, "turn": 2}, "a1", done=False, moved=0)
    movement.decide(later, closer, EnteredDice([]))


def test_a_flight_stops_short_of_impassable_scenery() -> None:
    cliff = {"id": "cliff", "kind": "impassable", "points": [[0, 15], [36, 15], [36, 16], [0, 16]]}
    state = build_state(
        a=[unit("ashigaru", at=(10, 20), count=5)],
        b=[unit("retainer", at=(10, 30))],
        scenery=[cliff],
    )
    events, after = casualties(state, ["a1.1", "a1.2", "a1.3"], [1, 1])
    fled = next(e for e in events if e["type"] == "fled")
    y = fled["models"]["a1.4"][1]
    assert inches(16) + 125 - 2 <= y < inches(16) + 125 + INCH // 4  # as near as it gets
    assert after["units"]["a1"]["fleeing"] is True

"""Moving on Horseback and Mastery of Horsemanship (rulebook "Moving and Fighting on
Horseback > Moving on Horseback", "Close Combat on Horseback" on riders catching fleeing
characters, "Mastery of Horsemanship"): each test is named after the paragraph it checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import EnteredDice, Event, IllegalCommand
from engine.skirmish import movement, rules
from engine.skirmish.geometry.measure import INCH, inches
from engine.skirmish.state.evolve import evolve_all
from tests.unit.skirmish.builders import build_state, hero, unit, with_mods

State = dict[str, Any]


def play(
    state: State, command: dict[str, Any], faces: Sequence[int] = ()
) -> tuple[list[Event], State]:
    dice = EnteredDice(list(faces))
    events = movement.decide(state, command, dice)
    dice.finish()
    return events, evolve_all(state, events)


def kinds(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def move(unit_id: str, x_in: float, y_in: float) -> dict[str, Any]:
    return {"type": "move", "side": unit_id[0], "unit": unit_id, "to": [inches(x_in), inches(y_in)]}


def rider(**more: Any) -> dict[str, Any]:
    return hero("ashigaru_captain", at=(10, 10), mounted=True, **more)


def test_mounted_characters_have_a_move_characteristic_of_12_inches() -> None:
    state = build_state(
        a=[unit("mounted_retainer", at=(10, 5), mounted=True)], b=[unit("ashigaru", at=(30, 33))]
    )
    assert movement.allowance_left(state, "a1") == 12 * INCH
    play(state, move("a1", 10, 17))
    with pytest.raises(IllegalCommand) as caught:
        movement.decide(state, move("a1", 10, 17.5), EnteredDice([]))
    assert caught.value.rule == rules.MOVE_ALLOWANCE


def test_riders_are_subject_to_the_same_movement_penalties() -> None:
    marsh = {"id": "marsh", "kind": "difficult", "points": [[0, 12], [36, 12], [36, 16], [0, 16]]}
    state = build_state(a=[rider()], b=[unit("ashigaru", at=(30, 33))], scenery=[marsh])
    # 8 inches of path, 4 of them through the marsh: 12 inches.
    events, _ = play(state, move("a1", 10, 18))
    assert events[0]["distance"] == 12 * INCH


def test_mounting_or_dismounting_takes_half_a_turns_movement_allowance() -> None:
    state = build_state(
        a=[rider(), unit("retainer", at=(12, 10))], b=[unit("ashigaru", at=(30, 33))]
    )
    events, after = play(state, {"type": "dismount", "side": "a", "unit": "a1"})
    assert events[0]["type"] == "dismounted"
    assert after["models"]["a1.1"]["mounted"] is False
    # On foot now, with half of his 6 inches spent.
    assert movement.allowance_left(after, "a1") == 3 * INCH
    assert after["units"]["a1"]["horse_held"] is True
    # Next turn he may mount again (his horse was held): half of 12 left.
    later = with_mods({**after, "turn": 2}, "a1", moved=0, done=False)
    events, after = play(later, {"type": "mount", "side": "a", "unit": "a1"})
    assert after["models"]["a1.1"]["mounted"] is True
    assert movement.allowance_left(after, "a1") == 6 * INCH


def test_mounting_needs_a_retainer_to_hold_the_horse_or_a_post_to_tie_it() -> None:
    alone = build_state(a=[rider()], b=[unit("ashigaru", at=(30, 33))])
    with pytest.raises(IllegalCommand) as caught:
        movement.decide(alone, {"type": "dismount", "side": "a", "unit": "a1"}, EnteredDice([]))
    assert caught.value.rule == rules.MOUNTING_HELP
    fence = {
        "id": "fence",
        "kind": "obstacle",
        "points": [[8, 11.5], [14, 11.5], [14, 11.7], [8, 11.7]],
    }
    posted = build_state(a=[rider()], b=[unit("ashigaru", at=(30, 33))], scenery=[fence])
    events, _ = play(posted, {"type": "dismount", "side": "a", "unit": "a1"})
    assert events[0]["type"] == "dismounted"


def test_mastery_of_horsemanship_mounting_and_dismounting_is_at_no_penalty() -> None:
    state = build_state(
        a=[rider(masteries={"horsemanship": 1}), unit("retainer", at=(12, 10))],
        b=[unit("ashigaru", at=(30, 33))],
    )
    _events, after = play(state, {"type": "dismount", "side": "a", "unit": "a1"})
    assert movement.allowance_left(after, "a1") == 6 * INCH


def test_mastery_of_horsemanship_2_gives_d6_inches_more_movement() -> None:
    state = build_state(a=[rider(masteries={"horsemanship": 2})], b=[unit("ashigaru", at=(30, 33))])
    # Within 12 inches nothing is rolled.
    events, _ = play(state, move("a1", 10, 22))
    assert "horse_die" not in events[0]
    # 15 inches: the die decides; a 4 gets him there...
    events, after = play(state, move("a1", 10, 25), [4])
    assert events[0]["horse_die"] == 4
    assert after["models"]["a1.1"]["y"] == inches(25)
    # ...a 1 stops him after 13 inches along the way.
    events, after = play(state, move("a1", 10, 25), [1])
    assert abs(after["models"]["a1.1"]["y"] - inches(23)) <= 2
    # Without the mastery, 15 inches is too far.
    plain = build_state(a=[rider()], b=[unit("ashigaru", at=(30, 33))])
    with pytest.raises(IllegalCommand):
        movement.decide(plain, move("a1", 10, 25), EnteredDice([]))


def test_fleeing_characters_caught_by_mounted_enemy_are_automatically_destroyed() -> None:
    state = build_state(a=[rider()], b=[unit("ashigaru", at=(10, 18))])
    state = with_mods(state, "b1", fleeing=True, edge="north")
    events, after = play(state, {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"})
    assert kinds(events)[:2] == ["charged", "cut_down"]
    assert all(after["models"][m]["status"] == "dead" for m in ("b1.1", "b1.2", "b1.3"))


def test_a_hero_with_a_fleeing_group_is_not_ridden_down() -> None:
    state = build_state(a=[rider()], b=[hero("ashigaru_captain", at=(10, 18))])
    state = with_mods(state, "b1", fleeing=True, edge="north")
    events, after = play(state, {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"})
    assert "cut_down" not in kinds(events)
    assert after["units"]["b1"]["caught"] == 1


def test_a_rider_with_allowance_to_catch_characters_fleeing_his_charge_cuts_them_down() -> None:
    state = build_state(a=[rider()], b=[unit("civilian", at=(10, 14))])
    events, after = play(
        state, {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}, [1, 1]
    )
    assert kinds(events)[:4] == ["courage_tested", "fled", "charged", "cut_down"]
    assert after["models"]["b1.1"]["status"] == "dead"


def test_a_charge_the_horsemanship_die_leaves_short_ends_before_contact() -> None:
    state = build_state(a=[rider(masteries={"horsemanship": 2})], b=[unit("ashigaru", at=(10, 26))])
    command = {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}
    events, after = play(state, command, [6, 6, 1])
    moved = next(e for e in events if e["type"] in ("moved", "charged"))
    assert moved["type"] == "moved"
    assert moved["charge_fell_short"] == "b1.1"
    assert moved["horse_die"] == 1
    assert abs(after["models"]["a1.1"]["y"] - inches(23)) <= 2

"""Combat dice, casualties and Fortitude tests (Interpretation > Combat, Fortitude: the
sample tables of ``data/tables.json``)."""

from __future__ import annotations

from engine.core import EnteredDice
from engine.samurai_battles.army.catalogue import load_catalogue
from engine.samurai_battles.combat import Blow, Shot, fight, fortitude_test, hits, losses, roll_shot

TABLES = load_catalogue().tables


def test_a_die_hits_when_it_reaches_the_hit_number() -> None:
    assert hits([3, 4, 5, 6], 4) == 3
    assert hits([1, 2], 6) == 0


def test_attack_dice_fall_as_models_are_lost_rounded_up() -> None:
    assert [TABLES.attack_dice(6, models, 6) for models in (6, 5, 3, 1)] == [6, 5, 3, 1]
    assert TABLES.attack_dice(6, 3, 4) == 5  # 4.5 rounded up


def test_a_shot_spends_one_ammunition_point_and_records_every_face() -> None:
    fired = roll_shot(Shot("w1", "e1", 4, 5, 3, kill_zone=True), EnteredDice([5, 6, 4, 1]))
    assert fired == {
        "type": "fired",
        "unit": "w1",
        "target": "e1",
        "dice": [5, 6, 4, 1],
        "needed": 5,
        "hits": 2,
        "ammo": 2,
        "kill_zone": True,
    }


def test_casualties_remove_models_and_a_unit_with_none_left_is_destroyed() -> None:
    assert losses("e1", 2, 6) == [{"type": "casualties", "unit": "e1", "models": 2, "left": 4}]
    assert losses("e1", 9, 3) == [
        {"type": "casualties", "unit": "e1", "models": 3, "left": 0},
        {"type": "destroyed", "unit": "e1"},
    ]


def test_fortitude_test_passes_when_the_die_is_at_most_the_current_fortitude() -> None:
    events = fortitude_test("e1", 4, "fired_on", EnteredDice([4]), TABLES)
    assert events == [
        {
            "type": "fortitude_tested",
            "unit": "e1",
            "cause": "fired_on",
            "die": 4,
            "needed": 4,
            "passed": True,
            "fortitude": 4,
        }
    ]


def test_a_failed_fortitude_test_costs_one_fortitude() -> None:
    (event,) = fortitude_test("e1", 4, "fired_on", EnteredDice([5]), TABLES)
    assert (event["passed"], event["fortitude"]) == (False, 3)


def test_a_unit_whose_fortitude_falls_to_zero_is_put_to_flight() -> None:
    events = fortitude_test("e1", 1, "fired_on", EnteredDice([2]), TABLES)
    assert [e["type"] for e in events] == ["fortitude_tested", "put_to_flight"]
    assert events[0]["fortitude"] == 0


def test_losing_a_melee_makes_the_test_harder_and_a_failure_puts_to_flight() -> None:
    events = fortitude_test("e1", 4, "lost_melee", EnteredDice([4]), TABLES)
    assert events[0]["needed"] == 3
    assert [e["type"] for e in events] == ["fortitude_tested", "put_to_flight"]


def test_the_side_that_scores_more_hits_wins_the_melee() -> None:
    blows = [Blow("e1", "w1", 3, 4), Blow("w1", "e1", 2, 4), Blow("w2", "e1", 1, 4)]
    sides = {"e1": "east", "w1": "west", "w2": "west"}
    melee = fight(blows, ["e1", "w1", "w2"], sides, EnteredDice([4, 4, 1, 6, 1, 6]))
    assert melee["hits"] == {"e1": 2, "w1": 1, "w2": 1}
    assert melee["taken"] == {"e1": 2, "w1": 2, "w2": 0}
    assert melee["winner"] is None  # 2 hits each side: a draw
    melee = fight(blows, ["e1", "w1", "w2"], sides, EnteredDice([4, 4, 4, 6, 1, 1]))
    assert melee["winner"] == "east"

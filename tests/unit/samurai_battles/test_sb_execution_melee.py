"""Step 4, melee, and step 6, retreats (Movement Orders > Assault: flank and rear
bonuses; Defensive Orders > All-Around Defense, Defend; Special Orders > Ambush: hidden
units; Retreat Orders > Retreat; Interpretation > Melee, Fortitude)."""

from __future__ import annotations

from typing import Any

from tests.unit.samurai_battles.builders import battle, revealed
from tests.unit.samurai_battles.test_sb_execution_support import of, run, steps_of, unit


def _strike(events: list[dict[str, Any]], attacker: str) -> dict[str, Any]:
    """The dice ``attacker`` rolled in the (first) melee."""
    melee = of(events, "melee_fought")[0]
    found: dict[str, Any] = next(s for s in melee["strikes"] if s["unit"] == attacker)
    return found


def test_an_assault_on_the_rear_gets_two_bonus_dice() -> None:
    state = battle({"e1": ("samurai", (0, 2)), "w1": ("samurai", (2, 2))})
    state = revealed(state, east={"e1": {"order": "assault", "path": [[1, 2]], "target": "w1"}})
    events, _ = run(state)
    assert of(events, "engaged")[0]["side"] == "rear"
    assert len(_strike(events, "e1")["dice"]) == 6 + 2


def test_all_around_defense_has_no_flank_or_rear() -> None:
    state = battle({"e1": ("samurai", (0, 2)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "assault", "path": [[1, 2]], "target": "w1"}},
        west={"w1": {"order": "all_around"}},
    )
    events, _ = run(state)
    assert of(events, "engaged")[0]["side"] == "front"
    assert len(_strike(events, "e1")["dice"]) == 6


def test_flank_and_rear_bonuses_only_on_an_assault() -> None:
    # A melee carried over from an earlier turn: West 1's rear is to East 1, but no
    # unit assaulted this turn, so no bonus die.
    state = battle(
        {
            "e1": ("samurai", (1, 2), {"engaged": ["w1"]}),
            "w1": ("samurai", (2, 2), {"engaged": ["e1"]}),
        }
    )
    events, _ = run(revealed(state))
    assert len(_strike(events, "e1")["dice"]) == 6
    assert len(_strike(events, "w1")["dice"]) == 6


def test_terrain_gives_its_defence_dice_to_the_unit_attacked() -> None:
    state = battle(
        {"e1": ("samurai", (4, 2)), "w1": ("samurai", (2, 2))}, terrain={(2, 2): "village"}
    )
    state = revealed(state, east={"e1": {"order": "assault", "path": [[3, 2]], "target": "w1"}})
    events, _ = run(state)
    assert len(_strike(events, "w1")["dice"]) == 6 + 2


def test_defend_engages_two_attackers_from_the_front_and_turns_to_the_strongest() -> None:
    state = battle({"e1": ("ninja", (4, 0)), "e2": ("samurai", (2, 4)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state,
        east={
            "e1": {"order": "assault", "path": [[3, 1]], "target": "w1"},
            "e2": {"order": "assault", "path": [[2, 3]], "target": "w1"},
        },
        west={"w1": {"order": "defend", "face": [3, 2]}},
    )
    events, after = run(state)
    melee = steps_of(events)["melee"]
    # West 1 turns to East 2 (6 attack dice against the ninja's 3): south-east.
    assert melee[0] == {"type": "faced", "unit": "w1", "facing": 1}
    strikes = of(events, "melee_fought")[0]["strikes"]
    assert sorted(s["foe"] for s in strikes if s["unit"] == "w1") == ["e1", "e2"]
    assert unit(after, "w1")["facing"] == 1 or unit(after, "w1")["status"] != "ready"


def test_a_unit_not_on_defend_strikes_only_its_strongest_foe() -> None:
    state = battle({"e1": ("ninja", (4, 0)), "e2": ("samurai", (2, 4)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state,
        east={
            "e1": {"order": "assault", "path": [[3, 1]], "target": "w1"},
            "e2": {"order": "assault", "path": [[2, 3]], "target": "w1"},
        },
    )
    events, _ = run(state)
    strikes = of(events, "melee_fought")[0]["strikes"]
    assert [s["foe"] for s in strikes if s["unit"] == "w1"] == ["e2"]


def test_the_loser_of_a_melee_tests_fortitude_and_is_put_to_flight_on_failure() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("ashigaru_yari", (2, 2))})
    state = revealed(state, east={"e1": {"order": "assault", "path": [[3, 2]], "target": "w1"}})
    events, after = run(state, [6, 6, 6, 1, 1, 1] + [1] * 6 + [3])
    melee = of(events, "melee_fought")[0]
    assert melee["hits"] == {"e1": 3, "w1": 0}
    assert melee["winner"] == "east"
    tested = of(events, "fortitude_tested")[0]
    assert (tested["unit"], tested["needed"], tested["passed"]) == ("w1", 2, False)
    assert of(events, "put_to_flight") == [{"type": "put_to_flight", "unit": "w1"}]
    assert unit(after, "w1")["status"] == "fled"
    assert unit(after, "e1")["engaged"] == []
    assert after["removed"]["east"] == ["w1"]


def test_a_melee_with_equal_hits_is_a_draw_and_goes_on() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("samurai", (2, 2))})
    state = revealed(state, east={"e1": {"order": "assault", "path": [[3, 2]], "target": "w1"}})
    events, after = run(state, [6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1])
    assert of(events, "melee_fought")[0]["winner"] is None
    assert of(events, "fortitude_tested") == []
    assert unit(after, "e1")["engaged"] == ["w1"]
    assert unit(after, "w1")["engaged"] == ["e1"]


def test_a_unit_entering_a_hidden_units_defense_zone_is_attacked_without_reply() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("ninja", (2, 2), {"hidden": True})})
    state = revealed(state, east={"e1": {"order": "march", "path": [[3, 2]]}})
    events, after = run(state, [4, 4, 1, 1])
    movement = [e["type"] for e in steps_of(events)["movement"]]
    assert movement == ["moved", "revealed", "engaged", "stopped"]
    assert of(events, "engaged")[0]["ambushed"] is True
    melee = of(events, "melee_fought")[0]
    assert melee["dice"] == {"e1": [], "w1": [4, 4, 1]}
    assert unit(after, "e1")["models"] == 4
    assert unit(after, "w1")["hidden"] is False


def test_approaching_a_hidden_unit_from_outside_its_defense_zone_is_no_flank_attack() -> None:
    # (1, 3) is on the flank of a unit facing east, outside its Defense Zone.
    state = battle(
        {
            "e1": ("samurai", (0, 3)),
            "w1": ("ninja", (2, 2), {"hidden": True}),
            "w2": ("samurai", (7, 5)),
        }
    )
    state = revealed(state, east={"e1": {"order": "assault", "path": [[1, 3]], "target": "w2"}})
    events, _ = run(state)
    engaged = of(events, "engaged")[0]
    assert (engaged["side"], engaged["ambushed"]) == ("front", False)
    assert len(_strike(events, "e1")["dice"]) == 6


def test_a_melee_is_abandoned_when_every_unit_in_it_retreats() -> None:
    state = battle(
        {
            "e1": ("samurai", (3, 2), {"engaged": ["w1"]}),
            "w1": ("samurai", (2, 2), {"engaged": ["e1"]}),
        }
    )
    state = revealed(
        state,
        east={"e1": {"order": "retreat", "path": [[4, 2]]}},
        west={"w1": {"order": "retreat", "path": [[1, 2]]}},
    )
    events, after = run(state, [])
    assert of(events, "melee_abandoned") == [{"type": "melee_abandoned", "units": ["e1", "w1"]}]
    assert [e["unit"] for e in of(events, "retreated")] == ["e1", "w1"]
    assert unit(after, "e1")["hex"] == [4, 2]
    assert unit(after, "e1")["engaged"] == []


def test_retreat_leaves_the_melee_after_melee_combat() -> None:
    state = battle(
        {
            "e1": ("samurai", (3, 2), {"engaged": ["w1"]}),
            "w1": ("samurai", (2, 2), {"engaged": ["e1"]}),
        }
    )
    state = revealed(state, east={"e1": {"order": "retreat", "path": [[4, 2]]}})
    events, after = run(state, [1] * 12)
    assert steps_of(events)["retreat"] == [{"type": "retreated", "unit": "e1", "path": [[4, 2]]}]
    assert of(events, "melee_fought")
    assert unit(after, "w1")["engaged"] == []
    assert unit(after, "e1")["hex"] == [4, 2]


def test_retreat_is_not_executed_by_a_unit_destroyed_in_the_melee() -> None:
    state = battle(
        {
            "e1": ("samurai", (3, 2), {"engaged": ["w1"], "models": 1}),
            "w1": ("samurai", (2, 2), {"engaged": ["e1"]}),
        }
    )
    state = revealed(state, east={"e1": {"order": "retreat", "path": [[4, 2]]}})
    events, after = run(state, [1, 6, 1, 1, 1, 1, 1])
    assert of(events, "destroyed") == [{"type": "destroyed", "unit": "e1"}]
    assert of(events, "retreated") == []
    assert unit(after, "e1")["status"] == "destroyed"

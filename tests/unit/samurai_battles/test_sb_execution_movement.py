"""Step 3 of the Execution Phase: movement orders, one hex per tick for every unit at
once (Movement Orders > Assault, March, Move and Fire, Run; Defensive Orders > Defend,
Fire and Retreat Kill Zones; Special Orders > Ambush)."""

from __future__ import annotations

from tests.unit.samurai_battles.builders import battle, revealed
from tests.unit.samurai_battles.test_sb_execution_support import kinds, of, run, steps_of, unit


def test_movement_resolves_one_hex_per_tick_for_every_unit_at_once() -> None:
    state = battle({"e1": ("samurai", (6, 4)), "w1": ("samurai", (1, 0))})
    state = revealed(
        state,
        east={"e1": {"order": "run", "path": [[5, 4], [4, 4]]}},
        west={"w1": {"order": "run", "path": [[2, 0], [3, 0]]}},
    )
    events, after = run(state, [])
    moved = of(events, "moved")
    assert [m["tick"] for m in moved] == [1, 2]
    assert [[x["unit"] for x in m["moves"]] for m in moved] == [["e1", "w1"], ["e1", "w1"]]
    assert moved[0]["moves"][0] == {"unit": "e1", "from": [6, 4], "to": [5, 4], "facing": 3}
    assert unit(after, "e1")["hex"] == [4, 4]
    assert unit(after, "w1")["hex"] == [3, 0]


def test_units_following_each_other_move_into_the_hex_just_left() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "e2": ("samurai", (5, 2))})
    state = revealed(
        state,
        east={
            "e1": {"order": "run", "path": [[3, 2], [2, 2]]},
            "e2": {"order": "run", "path": [[4, 2], [3, 2]]},
        },
    )
    _, after = run(state, [])
    assert unit(after, "e1")["hex"] == [2, 2]
    assert unit(after, "e2")["hex"] == [3, 2]


def test_a_unit_cannot_enter_a_hex_held_by_a_unit_that_stays() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "e2": ("samurai", (3, 2))})
    state = revealed(state, east={"e1": {"order": "run", "path": [[3, 2], [2, 2]]}})
    events, after = run(state, [])
    assert of(events, "moved") == []
    assert of(events, "stopped") == [
        {"type": "stopped", "unit": "e1", "hex": [4, 2], "reason": "blocked"}
    ]
    assert unit(after, "e1")["hex"] == [4, 2]


def test_friendly_units_wanting_each_others_hex_do_not_pass() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "e2": ("samurai", (3, 2))})
    state = revealed(
        state,
        east={
            "e1": {"order": "run", "path": [[3, 2]]},
            "e2": {"order": "run", "path": [[4, 2]]},
        },
    )
    events, _ = run(state, [])
    assert of(events, "moved") == []
    assert sorted(e["unit"] for e in of(events, "stopped")) == ["e1", "e2"]


def test_march_stops_in_enemy_zone_of_control() -> None:
    # West 1 faces east: its Zone of Control is its three front hexes, (3, 1) among them.
    state = battle({"e1": ("samurai_cavalry", (4, 1)), "w1": ("samurai", (2, 2))})
    state = revealed(state, east={"e1": {"order": "march", "path": [[3, 1], [3, 0]]}})
    events, after = run(state)
    assert of(events, "stopped")[0] == {
        "type": "stopped",
        "unit": "e1",
        "hex": [3, 1],
        "reason": "zone_of_control",
    }
    engaged = of(events, "engaged")[0]
    assert (engaged["attacker"], engaged["defender"], engaged["assault"]) == ("e1", "w1", False)
    assert unit(after, "e1")["hex"] == [3, 1]
    assert len(of(events, "moved")) == 1


def test_march_stops_in_enemy_defense_zone() -> None:
    state = battle({"e1": ("samurai_cavalry", (4, 1)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "march", "path": [[3, 1], [3, 0]]}},
        west={"w1": {"order": "defend", "face": [3, 2]}},
    )
    events, _ = run(state)
    assert of(events, "stopped")[0]["reason"] == "defense_zone"
    assert of(events, "engaged")[0]["defender"] == "w1"


def test_assault_has_no_zone_of_control_while_assaulting() -> None:
    # East 1 marches into the front of West 1 once West 1 has moved; an assaulting West 1
    # exerts no Zone of Control, a marching one does.
    units = {"e1": ("samurai", (4, 3)), "w1": ("samurai", (2, 2)), "e2": ("samurai", (7, 5))}
    east = {"e1": {"order": "march", "path": [[3, 3]]}}
    assaulting = revealed(
        battle(units),
        east=east,
        west={"w1": {"order": "assault", "path": [[2, 3]], "target": "e2"}},
    )
    events, _ = run(assaulting)
    assert not [e for e in of(events, "engaged") if e["attacker"] == "e1"]
    marching = revealed(battle(units), east=east, west={"w1": {"order": "march", "path": [[2, 3]]}})
    events, _ = run(marching)
    assert next(e for e in of(events, "engaged") if e["attacker"] == "e1")["defender"] == "w1"


def test_assault_succeeds_when_the_unit_reaches_a_hex_next_to_its_target() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state, west={"w1": {"order": "assault", "path": [[3, 2], [4, 2]], "target": "e1"}}
    )
    events, after = run(state)
    engaged = of(events, "engaged")
    assert [(e["attacker"], e["defender"], e["side"], e["assault"]) for e in engaged] == [
        ("w1", "e1", "front", True)
    ]
    assert unit(after, "w1")["hex"] == [4, 2]
    assert "melee_fought" in kinds(steps_of(events)["melee"])


def test_an_assault_with_an_empty_path_attacks_an_adjacent_target_where_it_stands() -> None:
    state = battle({"e1": ("samurai", (3, 2)), "w1": ("samurai", (2, 2))})
    state = revealed(state, west={"w1": {"order": "assault", "path": [], "target": "e1"}})
    events, after = run(state, [1] * 12)  # a drawn melee: both stay engaged
    assert of(events, "moved") == []
    assert [(e["attacker"], e["defender"], e["assault"]) for e in of(events, "engaged")] == [
        ("w1", "e1", True)
    ]
    assert unit(after, "w1")["engaged"] == ["e1"]


def test_assault_fails_when_the_target_moved_away() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "run", "path": [[6, 2], [7, 2]]}},
        west={"w1": {"order": "assault", "path": [[3, 2], [4, 2]], "target": "e1"}},
    )
    events, _ = run(state, [])
    assert of(events, "engaged") == []
    assert of(events, "stopped") == [
        {"type": "stopped", "unit": "w1", "hex": [4, 2], "reason": "assault_failed"}
    ]


def test_two_assaulting_units_meeting_roll_die_plus_fortitude() -> None:
    # Both want (3, 2). East 1 (Fortitude 3) rolls 6: 9; West 1 (Fortitude 5) rolls 3: 8.
    state = battle({"e1": ("samurai", (4, 2), {"fortitude": 3}), "w1": ("samurai", (2, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "assault", "path": [[3, 2]], "target": "w1"}},
        west={"w1": {"order": "assault", "path": [[3, 2]], "target": "e1"}},
    )
    events, after = run(state, [6, 3] + [1] * 12)
    encounter = of(events, "encounter")[0]
    assert encounter["hex"] == [3, 2]
    assert encounter["rolls"] == {"e1": [6], "w1": [3]}
    assert encounter["winner"] == "e1"
    assert unit(after, "e1")["hex"] == [3, 2]
    assert unit(after, "w1")["hex"] == [2, 2]
    assert [(e["attacker"], e["defender"]) for e in of(events, "engaged")] == [("e1", "w1")]


def test_two_assaulting_units_with_equal_totals_roll_again() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "assault", "path": [[3, 2]], "target": "w1"}},
        west={"w1": {"order": "assault", "path": [[3, 2]], "target": "e1"}},
    )
    events, after = run(state, [2, 2, 1, 4] + [1] * 12)
    encounter = of(events, "encounter")[0]
    assert encounter["rolls"] == {"e1": [2, 1], "w1": [2, 4]}
    assert encounter["winner"] == "w1"
    assert unit(after, "w1")["hex"] == [3, 2]


def test_an_assaulting_unit_goes_before_a_marching_one_into_a_hex() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "march", "path": [[3, 2]]}},
        west={"w1": {"order": "assault", "path": [[3, 2]], "target": "e1"}},
    )
    events, after = run(state)
    assert of(events, "encounter") == []
    assert unit(after, "w1")["hex"] == [3, 2]
    assert unit(after, "e1")["hex"] == [4, 2]
    assert [(e["attacker"], e["defender"]) for e in of(events, "engaged")] == [("w1", "e1")]


def test_kill_zone_interrupts_movement_for_the_shot() -> None:
    # West 1's Kill Zone reaches 3 hexes ahead; East 1 enters it at (4, 2), is shot
    # (1 hit), passes its Fortitude test and moves on.
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("ashigaru_archers", (1, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "run", "path": [[4, 2], [3, 2]]}},
        west={"w1": {"order": "defend", "face": [2, 2], "kill_range": 3}},
    )
    events, after = run(state, [5, 1, 1, 1, 1, 1, 1])
    movement = kinds(steps_of(events)["movement"])
    assert movement == ["moved", "fired", "casualties", "fortitude_tested", "moved"]
    fired = of(events, "fired")[0]
    assert (fired["unit"], fired["target"], fired["hits"], fired["kill_zone"]) == (
        "w1",
        "e1",
        1,
        True,
    )
    assert unit(after, "w1")["ammo"] == 6
    assert unit(after, "e1")["hex"] == [3, 2]
    assert unit(after, "e1")["models"] == 5


def test_kill_zone_shot_that_breaks_the_movers_fortitude_ends_its_move() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("ashigaru_archers", (1, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "run", "path": [[4, 2], [3, 2]]}},
        west={"w1": {"order": "defend", "face": [2, 2], "kill_range": 3}},
    )
    events, after = run(state, [5, 1, 1, 1, 1, 1, 6])
    assert of(events, "stopped") == [
        {"type": "stopped", "unit": "e1", "hex": [4, 2], "reason": "fortitude"}
    ]
    assert unit(after, "e1")["hex"] == [4, 2]
    assert unit(after, "e1")["fortitude"] == 4


def test_defend_kill_zone_fires_at_a_unit_beginning_its_move_inside_it() -> None:
    state = battle({"e1": ("samurai", (3, 2)), "w1": ("ashigaru_archers", (1, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "run", "path": [[4, 2], [5, 2]]}},
        west={"w1": {"order": "defend", "face": [2, 2], "kill_range": 3}},
    )
    events, _ = run(state, [1] * 6)
    assert kinds(steps_of(events)["movement"])[:2] == ["fired", "moved"]


def test_a_kill_zone_fires_once_a_turn_at_the_nearest_of_several() -> None:
    state = battle(
        {
            "e1": ("samurai", (5, 2)),
            "e2": ("samurai", (0, 3)),
            "w1": ("ashigaru_archers", (1, 2)),
        }
    )
    state = revealed(
        state,
        east={
            "e1": {"order": "run", "path": [[4, 2], [3, 2]]},
            "e2": {"order": "run", "path": [[0, 4], [0, 5]]},
        },
        west={"w1": {"order": "defend", "face": [2, 2], "kill_range": 3}},
    )
    events, _ = run(state, [1] * 6)
    fired = of(events, "fired")
    # Both enter at the first hex of movement: East 2 at 2 hexes, East 1 at 3.
    assert [f["target"] for f in fired] == ["e2"]


def test_all_around_defense_ranged_units_may_not_shoot() -> None:
    # Archers on All-Around Defense, even hidden, have no Kill Zone: East 1 marches into
    # their front within range unshot, and is stopped by their Zone of Control.
    for hidden in (False, True):
        state = battle(
            {"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (2, 2), {"hidden": hidden})}
        )
        state = revealed(
            state,
            east={"e1": {"order": "march", "path": [[3, 2]]}},
            west={"w1": {"order": "all_around"}},
        )
        events, after = run(state)
        assert of(events, "fired") == []
        assert unit(after, "w1")["ammo"] == 7
        assert of(events, "engaged")[0]["defender"] == "w1"


def test_fire_and_retreat_steps_back_and_the_assault_fails() -> None:
    # The rulebook's example: cavalry assault through the arquebusiers' Kill Zone; they
    # fire (1 casualty), fall back 1 hex, and the cavalry cannot reach them.
    state = battle({"e1": ("samurai_cavalry", (6, 2)), "w1": ("arquebusiers", (2, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "assault", "path": [[5, 2], [4, 2], [3, 2]], "target": "w1"}},
        west={"w1": {"order": "fire_and_retreat", "face": [3, 2]}},
    )
    events, after = run(state, [4, 1, 1, 1, 1, 1, 1])
    movement = kinds(steps_of(events)["movement"])
    assert movement == [
        "moved",
        "moved",
        "fired",
        "casualties",
        "fortitude_tested",
        "fell_back",
        "moved",
        "stopped",
    ]
    assert of(events, "fell_back") == [{"type": "fell_back", "unit": "w1", "to": [1, 2]}]
    assert of(events, "stopped")[0]["reason"] == "assault_failed"
    assert of(events, "engaged") == []
    assert unit(after, "e1")["models"] == 3
    assert unit(after, "w1")["hex"] == [1, 2]


def test_fire_and_retreat_assaulted_outside_its_kill_zone_neither_fires_nor_retreats() -> None:
    # East 1 comes round to the north-west: the flank of a unit facing east.
    state = battle({"e1": ("samurai", (1, 0)), "w1": ("arquebusiers", (2, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "assault", "path": [[1, 1], [2, 1]], "target": "w1"}},
        west={"w1": {"order": "fire_and_retreat", "face": [3, 2]}},
    )
    events, _after = run(state)
    assert of(events, "fired") == []
    assert of(events, "fell_back") == []
    assert of(events, "engaged")[0]["side"] == "flank"
    strike = next(s for s in of(events, "melee_fought")[0]["strikes"] if s["unit"] == "e1")
    assert len(strike["dice"]) == 6 + 1  # Attack 6 and the flank bonus die


def test_move_and_fire_fires_from_the_written_hex() -> None:
    state = battle({"e1": ("mounted_archers", (6, 0)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state,
        east={
            "e1": {
                "order": "move_and_fire",
                "path": [[5, 0], [5, 1], [6, 1]],
                "fire_at": 1,
                "target": "w1",
            }
        },
    )
    events, after = run(state, [5, 1, 1, 1, 6])
    assert kinds(steps_of(events)["movement"]) == [
        "moved",
        "fired",
        "casualties",
        "fortitude_tested",
        "moved",
        "moved",
    ]
    assert unit(after, "e1")["ammo"] == 6
    assert unit(after, "e1")["hex"] == [6, 1]
    assert unit(after, "w1")["models"] == 5
    assert unit(after, "w1")["fortitude"] == 4


def test_move_and_fire_without_sight_at_the_written_hex_holds_fire_and_moves_on() -> None:
    state = battle(
        {"e1": ("mounted_archers", (6, 0)), "w1": ("samurai", (2, 2))}, terrain={(4, 1): "forest"}
    )
    state = revealed(
        state,
        east={
            "e1": {"order": "move_and_fire", "path": [[5, 0], [6, 0]], "fire_at": 1, "target": "w1"}
        },
    )
    events, after = run(state, [])
    held = of(events, "held_fire")
    assert held == [{"type": "held_fire", "unit": "e1", "target": "w1", "reason": "out_of_sight"}]
    assert unit(after, "e1")["hex"] == [6, 0]
    assert unit(after, "e1")["ammo"] == 7


def test_a_moving_unit_engaged_by_an_enemy_stops_for_the_rest_of_the_step() -> None:
    # West 1 marches into East 1's Zone of Control after East 1's first hex and engages
    # it: East 1 fights where it stands instead of running on.
    state = battle({"e1": ("samurai_cavalry", (5, 2)), "w1": ("samurai", (4, 0))})
    state = revealed(
        state,
        east={"e1": {"order": "run", "path": [[4, 2], [3, 2], [2, 2]]}},
        west={"w1": {"order": "march", "path": [[4, 1]]}},
    )
    events, after = run(state)
    assert [(e["attacker"], e["defender"]) for e in of(events, "engaged")] == [("w1", "e1")]
    assert len(of(events, "moved")) == 1
    assert unit(after, "e1")["hex"] == [4, 2]


def test_a_unit_engaged_in_melee_does_not_move() -> None:
    state = battle(
        {
            "e1": ("samurai", (3, 2), {"engaged": ["w1"]}),
            "w1": ("samurai", (2, 2), {"engaged": ["e1"]}),
        }
    )
    state = revealed(state, east={"e1": {"order": "run", "path": [[4, 2], [5, 2]]}})
    events, after = run(state)
    assert of(events, "rested")[0] == {
        "type": "rested",
        "unit": "e1",
        "order": "run",
        "reason": "engaged",
    }
    assert of(events, "moved") == []
    assert unit(after, "e1")["hex"] == [3, 2]

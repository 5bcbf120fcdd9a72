"""Movement (rulebook "Movement", "Heavy armour", "Body Strike", "Heroic Movement",
"Mastery of Command", "Pavises", "Warrior Attendants", "Bushido", "Mountain-Sea Change"):
each test is named after the paragraph it checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import EnteredDice, Event, IllegalCommand
from engine.skirmish import movement, rules
from engine.skirmish.describe import describe
from engine.skirmish.describe.moves import SENTENCES
from engine.skirmish.geometry.measure import CONTACT, INCH, edge_distance, inches
from engine.skirmish.geometry.paths import retreat_spot
from engine.skirmish.state import access
from engine.skirmish.state.evolve import evolve_all
from engine.skirmish.state.handlers_moves import HANDLERS
from tests.unit.skirmish.builders import at, build_state, hero, unit, with_mods

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


def move(unit_id: str, x_in: float, y_in: float, **more: Any) -> dict[str, Any]:
    side = unit_id[0]
    return {
        "type": "move",
        "side": side,
        "unit": unit_id,
        "to": [inches(x_in), inches(y_in)],
        **more,
    }


def refused(state: State, command: dict[str, Any], rule: str, faces: Sequence[int] = ()) -> None:
    with pytest.raises(IllegalCommand) as caught:
        movement.decide(state, command, EnteredDice(list(faces)))
    assert caught.value.rule == rule


def one_retainer_group(**more: Any) -> State:
    return build_state(a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(30, 30))], **more)


# -- Movement ---------------------------------------------------------------------------


def test_all_characters_can_move_up_to_6_inches() -> None:
    state = one_retainer_group()
    events, after = play(state, move("a1", 10, 16))
    assert events[0]["type"] == "moved"
    assert events[0]["distance"] == 6 * INCH
    # The group moves as one: every model by the same vector.
    assert after["models"]["a1.3"]["y"] == inches(16)
    assert after["models"]["a1.3"]["x"] == state["models"]["a1.3"]["x"]
    refused(state, move("a1", 10, 16.2), rules.MOVE_ALLOWANCE)


def test_a_unit_moves_once_and_the_sides_move_in_order_of_initiative() -> None:
    state = build_state(a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(20, 30))])
    events, after = play(state, move("a1", 10, 12))
    assert events[-1] == {"type": "moves_ended", "side": "a"}
    assert after["active"] == "b"
    refused(after, move("a1", 10, 13), rules.SEQUENCE_MOVEMENT)
    events, after = play(after, {"type": "hold", "side": "b", "unit": "b1"})
    assert events[-1] == {"type": "moves_ended", "side": "b"}
    assert movement.prompt(after) is None


def test_crossing_difficult_terrain_is_at_half_speed() -> None:
    marsh = {"id": "marsh", "kind": "difficult", "points": [[5, 12], [20, 12], [20, 14], [5, 14]]}
    state = build_state(
        a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(30, 30))], scenery=[marsh]
    )
    # 4 inches of path, 2 of them through the marsh: 6 inches of allowance.
    events, _ = play(state, move("a1", 10, 14))
    assert events[0]["distance"] == 6 * INCH
    refused(state, move("a1", 10, 14.5), rules.MOVE_ALLOWANCE)


def test_deduct_2_for_crossing_obstacles() -> None:
    wall = {"id": "wall", "kind": "obstacle", "points": [[5, 12], [20, 12], [20, 12.2], [5, 12.2]]}
    state = build_state(
        a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(30, 30))], scenery=[wall]
    )
    events, _ = play(state, move("a1", 10, 14))
    assert events[0]["distance"] == 6 * INCH
    refused(state, move("a1", 10, 14.5), rules.MOVE_ALLOWANCE)


def test_impassable_scenery_and_buildings_cannot_be_crossed() -> None:
    rock = {"id": "rock", "kind": "impassable", "points": [[5, 12], [20, 12], [20, 13], [5, 13]]}
    state = build_state(
        a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(30, 30))], scenery=[rock]
    )
    refused(state, move("a1", 10, 15), rules.MOVEMENT_PATHS)


def test_models_cannot_pass_through_enemies_nor_leave_the_table() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 10))], b=[hero("ashigaru_captain", at=(10, 13))]
    )
    refused(state, move("a1", 10, 15), rules.MOVEMENT_PATHS)
    refused(state, move("a1", 10, 0.2), rules.MOVEMENT_PATHS)


def test_can_be_into_contact_with_enemy_by_a_charge() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", count=3, at=(11, 14))]
    )
    # A move ending in contact must be a charge.
    refused(state, move("a1", 11, 13.01), rules.MOVES_INTO_CONTACT)
    events, after = play(state, {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"})
    assert events[0]["type"] == "charged"
    gap = edge_distance(access.base_of(after, "a1.2"), access.base_of(after, "b1.1"))
    assert gap <= CONTACT
    assert after["units"]["a1"]["charged"] == 1


def test_not_out_of_contact_unless_a_forced_retreat() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(10, 11), count=3)]
    )
    state = at(state, "b1.1", 10, 10 + 250 / INCH)  # the bases touch
    assert movement.engaged(state, "a1")
    refused(state, move("a1", 10, 5), rules.LEAVING_CONTACT)
    assert "move" not in movement.actions(state, "a1")


def test_forced_retreat_goes_1_inch_directly_away_or_is_blocked() -> None:
    wall = {"id": "wall", "kind": "obstacle", "points": [[5, 8.9], [20, 8.9], [20, 9.1], [5, 9.1]]}
    state = build_state(a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(10, 20))])
    spot = retreat_spot(state, "a1.1", (inches(10), inches(11)))
    assert spot == (inches(10), inches(9))
    walled = build_state(
        a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(10, 20))], scenery=[wall]
    )
    assert retreat_spot(walled, "a1.1", (inches(10), inches(11))) is None
    # The table edge, and another model, block a retreat too.
    edge = build_state(a=[unit("retainer", at=(10, 0.8))], b=[unit("ashigaru", at=(10, 20))])
    assert retreat_spot(edge, "a1.1", (inches(10), inches(2))) is None
    assert retreat_spot(state, "a1.1", (inches(8.5), inches(10))) is None  # a1.2 stands there


def test_heavy_armour_restricts_movement_on_foot_to_5_inches() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 10), armour="heavy")], b=[unit("ashigaru", at=(30, 30))]
    )
    play(state, move("a1", 10, 15))
    refused(state, move("a1", 10, 15.5), rules.MOVE_ALLOWANCE)


def test_a_limping_hero_moves_5_inches() -> None:
    state = build_state(
        a=[hero("yamanaka_hideoshi", at=(10, 10))], b=[unit("ashigaru", at=(30, 30))]
    )
    assert movement.allowance_left(state, "a1") == 5 * INCH


def test_arquebusiers_reloading_do_not_move() -> None:
    state = with_mods(one_retainer_group(), "a1", reload=2)
    refused(state, move("a1", 10, 12), rules.ARQUEBUS)


# -- Body Strike, charges and Bushido -----------------------------------------------------


def test_body_strike_can_move_an_extra_3_inches_into_contact() -> None:
    strike = hero("ashigaru_captain", at=(10, 10), strategies=["body_strike"])
    plain = hero("ashigaru_captain", at=(20, 10))
    state = build_state(a=[strike, plain], b=[unit("ashigaru", at=(10, 18.5), count=3)])
    state = at(state, "b1.2", 20, 18.5)
    events, _ = play(state, {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}, [6, 6])
    assert "charged" in kinds(events)
    refused(
        state, {"type": "charge", "side": "a", "unit": "a2", "target": "b1.2"}, rules.MOVE_ALLOWANCE
    )
    # Only into contact: an ordinary move keeps 6 inches.
    refused(state, move("a1", 10, 17), rules.MOVE_ALLOWANCE)


def test_honourable_samurai_cannot_assault_groups_in_preference_to_heroes() -> None:
    samurai = hero("yamada_suzuki", at=(10, 10), honourable=True)
    state = build_state(
        a=[samurai], b=[unit("ashigaru", at=(6, 14)), hero("ashigaru_captain", at=(14, 14))]
    )
    refused(
        state,
        {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"},
        rules.HONOURABLE_TARGETS,
    )
    events, _ = play(state, {"type": "charge", "side": "a", "unit": "a1", "target": "b2.1"})
    assert "charged" in kinds(events)


def test_honourable_samurai_do_not_join_a_combat_between_two_heroes() -> None:
    state = build_state(
        a=[
            hero("yamada_suzuki", at=(10, 10), honourable=True),
            hero("ashigaru_captain", at=(14, 14)),
        ],
        b=[hero("ashigaru_captain", at=(14, 14 + 250 / INCH))],
    )
    refused(
        state,
        {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"},
        rules.HONOURABLE_DUEL,
    )


# -- Heroic Movement and Mastery of Command ----------------------------------------------------


def test_heroic_movement_is_an_additional_free_move_made_first() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 10))],
        b=[hero("ashigaru_captain", at=(20, 30), zen=1)],
    )
    state = with_mods(state, "b1", heroic=["move"])
    prompt = movement.prompt(state)
    assert prompt is not None
    assert prompt.sides == ("b",)
    assert prompt.options["heroic"] is True
    refused(state, move("a1", 10, 12), rules.HEROIC_DECLARATION)
    events, after = play(state, move("b1", 20, 24))
    assert events[0]["heroic"] is True
    assert after["units"]["b1"]["heroic"] == []
    assert after["units"]["b1"]["moved"] == 0
    # His normal move is still to come, after the initiative side's.
    events, after = play(after, move("a1", 10, 12))
    assert after["active"] == "b"
    events, after = play(after, move("b1", 20, 18))
    assert events[0]["distance"] == 6 * INCH


def test_units_within_command_radius_move_with_him_in_a_heroic_move() -> None:
    commander = hero("ashigaru_captain", at=(10, 10), command=1)
    state = build_state(
        a=[commander, unit("retainer", at=(10, 12)), unit("ashigaru", at=(20, 12))],
        b=[unit("ashigaru", at=(30, 30))],
    )
    state = with_mods(state, "a1", heroic=["move"])
    refused(state, move("a1", 10, 15, **{"with": ["a3"]}), rules.COMMAND_RADIUS)
    events, after = play(state, move("a1", 10, 15, **{"with": ["a2"]}))
    assert events[0]["with"] == ["a2"]
    assert after["models"]["a2.1"]["y"] == inches(17)
    # Free for them too: the retainers still have their own move.
    assert after["units"]["a2"]["moved"] == 0
    assert not after["units"]["a2"]["done"]
    # Without Mastery of Command, nobody follows.
    plain = with_mods(state, "a1", command=0)
    refused(plain, move("a1", 10, 15, **{"with": ["a2"]}), rules.COMMAND_MOVE)


# -- Pavises, attendants, Mountain-Sea Change ------------------------------------------------


def test_it_takes_two_turns_of_movement_to_set_up_or_take_down_a_pavise() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 10), pavises=True)], b=[unit("ashigaru", at=(30, 30))]
    )
    events, after = play(state, {"type": "pavise", "side": "a", "unit": "a1"})
    assert events[0] == {"type": "pavise_work", "unit": "a1", "work": 1, "set": False}
    after = {
        **after,
        "turn": 2,
        "active": "a",
        "units": {**after["units"], "a1": {**after["units"]["a1"], "done": False}},
    }
    events, after = play(after, {"type": "pavise", "side": "a", "unit": "a1"})
    assert after["units"]["a1"]["pavise"]["set"] is True
    after = {
        **after,
        "turn": 3,
        "active": "a",
        "units": {**after["units"], "a1": {**after["units"]["a1"], "done": False}},
    }
    refused(after, move("a1", 10, 12), rules.PAVISE_SETUP)


def test_warrior_attendants_stay_within_command_radius_of_their_master() -> None:
    state = build_state(
        a=[
            hero("yamada_suzuki", at=(10, 10)),
            unit("genin", at=(10, 12), attendants=True, master=1),
        ],
        b=[unit("ashigaru", at=(30, 30))],
    )
    assert state["units"]["a2"]["master"] == "a1"
    refused(state, move("a2", 10, 17), rules.ATTENDANT_RADIUS)
    play(state, move("a2", 10, 13.5))


def test_the_samurai_within_2_inches_of_his_attendants_may_change_weapons() -> None:
    samurai = hero("yamada_suzuki", at=(10, 10), weapon="long_sword", masteries={"bow": 2})
    state = build_state(
        a=[samurai, unit("genin", at=(10, 11.5), attendants=True, master=1)],
        b=[unit("ashigaru", at=(30, 30))],
    )
    change = {"type": "change_weapon", "side": "a", "unit": "a1", "weapon": "bow"}
    events, after = play(state, change)
    assert events[0]["type"] == "weapon_changed"
    assert after["units"]["a1"]["weapon"] == "bow"
    assert not after["units"]["a1"]["done"]
    far = at(state, "a1.1", 10, 5)
    refused(far, change, rules.CHANGE_WEAPONS)


def test_mountain_sea_change_groups_that_fail_cannot_move_that_turn() -> None:
    state = build_state(
        a=[hero("ashigaru_captain", at=(10, 10), strategies=["mountain_sea_change"])],
        b=[unit("ashigaru", at=(20, 30)), unit("civilian", at=(10, 30))],
    )
    prompt = movement.prompt(state)
    assert prompt is not None
    assert prompt.options["mountain_sea_change"] == ["a1"]
    command = {"type": "mountain_sea_change", "side": "a", "unit": "a1"}
    events, after = play(state, command, [6, 6, 1, 1])
    assert [e["passed"] for e in events if e["type"] == "courage_tested"] == [True, False]
    assert after["units"]["b2"]["halted"] == 1
    refused(after, command, rules.MOUNTAIN_SEA_CHANGE)
    after = {**after, "active": "b"}
    refused(after, move("b2", 10, 28), rules.MOUNTAIN_SEA_CHANGE)
    play(after, move("b1", 20, 28))


def test_fleeing_groups_run_on_when_the_movement_phase_begins() -> None:
    state = build_state(a=[unit("retainer", at=(10, 10))], b=[unit("ashigaru", at=(20, 20))])
    state = with_mods(state, "a1", fleeing=True, edge="south")
    events = movement.begin(state, EnteredDice([]))
    assert events[0]["type"] == "fled_moved"
    assert events[0]["models"]["a1.1"][1] == inches(4)
    after = evolve_all(state, events)
    events = movement.begin({**after, "active": "a"}, EnteredDice([]))
    assert [e["type"] for e in events][:2] == ["fled_moved", "left_table"]


def test_every_movement_and_morale_event_has_a_handler_and_a_sentence() -> None:
    assert sorted(SENTENCES) == sorted(HANDLERS)
    state = build_state(
        a=[
            hero("ashigaru_captain", at=(10, 10), mounted=True, command=2),
            unit("retainer", at=(12, 10)),
        ],
        b=[unit("civilian", at=(10, 14))],
    )
    events, _ = play(state, {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}, [1, 1])
    events += movement.decide(
        state, {"type": "dismount", "side": "a", "unit": "a1"}, EnteredDice([])
    )
    for event in events:
        sentence = describe(event, state)
        assert sentence.endswith(".")
        assert event["type"].replace("_", " ") != sentence


def test_every_legal_movement_command_is_accepted() -> None:
    commander = hero("ashigaru_captain", at=(10, 10), command=2, zen=1)
    state = build_state(
        a=[commander, unit("retainer", at=(10, 12)), unit("ashigaru", at=(20, 12), pavises=True)],
        b=[unit("ashigaru", at=(10, 28)), hero("yamada_suzuki", at=(22, 16), mounted=True)],
    )
    heroic = with_mods(state, "a1", heroic=["move"])
    for situation in (heroic, state):
        commands = movement.legal(situation, "a")
        assert movement.legal(situation, "b") == []
        assert {"type": "hold", "side": "a", "unit": "a1"} in commands
        for command in commands:
            movement.decide(situation, command, EnteredDice([6] * 12))
    assert any("with" in c for c in movement.legal(heroic, "a"))
    assert any(c["type"] == "charge" for c in movement.legal(state, "a"))


def test_movement_can_be_in_any_direction_turning_on_the_way() -> None:
    house = {
        "id": "house",
        "kind": "building",
        "points": [[9, 11.5], [11, 11.5], [11, 12.5], [9, 12.5]],
    }
    state = build_state(
        a=[hero("ashigaru_captain", at=(10, 10))],
        b=[unit("ashigaru", at=(30, 30))],
        scenery=[house],
    )
    refused(state, move("a1", 10, 13.5), rules.MOVEMENT_PATHS)
    corners = [[inches(11.8), inches(11)], [inches(11.8), inches(13)]]
    events, after = play(state, move("a1", 10, 13.5, via=corners))
    assert after["models"]["a1.1"]["y"] == inches(13.5)
    assert 5.9 * INCH <= events[0]["distance"] <= 6 * INCH
    refused(state, move("a1", 10, 14, via=corners), rules.MOVE_ALLOWANCE)


def test_heroic_moves_are_made_in_order_of_initiative() -> None:
    state = build_state(
        a=[hero("ashigaru_captain", at=(10, 10))],
        b=[hero("ashigaru_captain", at=(20, 30))],
        initiative="b",
    )
    state = with_mods(with_mods(state, "a1", heroic=["move"]), "b1", heroic=["move"])
    assert movement.heroic_movers(state) == ["b1", "a1"]
    prompt = movement.prompt(state)
    assert prompt is not None
    assert prompt.sides == ("b",)
    _events, after = play(state, {"type": "hold", "side": "b", "unit": "b1"})
    prompt = movement.prompt(after)
    assert prompt is not None
    assert prompt.sides == ("a",)
    assert prompt.options["heroic"] is True

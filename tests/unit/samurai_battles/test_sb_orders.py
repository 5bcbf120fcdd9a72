"""The checks made when orders are written, each refusal naming its rule."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalCommand, InvalidCommand, State
from engine.samurai_battles import rules
from engine.samurai_battles.orders.checks import check_orders
from tests.unit.samurai_battles.builders import Spec, battle, rest_orders


def refused(state: State, side: str, orders: dict[str, Any]) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as raised:
        check_orders(state, side, {**rest_orders(state, side), **orders})
    return raised.value


def accepted(state: State, side: str, orders: dict[str, Any]) -> None:
    check_orders(state, side, {**rest_orders(state, side), **orders})


def march(*path: tuple[int, int]) -> dict[str, Any]:
    return {"order": "march", "path": [list(h) for h in path]}


TWO = {"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))}


def test_each_turn_assign_orders_to_all_of_your_units() -> None:
    state = battle({**TWO, "e2": ("ashigaru_yari", (5, 3))})
    with pytest.raises(IllegalCommand, match="e2 has none") as raised:
        check_orders(state, "east", {"e1": {"order": "rest"}})
    assert raised.value.rule == rules.ORDERS


def test_orders_only_for_your_own_units() -> None:
    state = battle(TWO)
    error = refused(state, "east", {"w1": {"order": "rest"}})
    assert error.rule == rules.ORDERS


def test_a_malformed_order_is_invalid_and_names_its_unit() -> None:
    state = battle(TWO)
    with pytest.raises(InvalidCommand, match="e1: path must be"):
        check_orders(state, "east", {"e1": {"order": "march"}})


def test_rest_is_always_an_order() -> None:
    accepted(battle(TWO), "east", {})


def test_all_around_defense_cavalry_cannot_be_issued() -> None:
    state = battle({**TWO, "e2": ("samurai_cavalry", (6, 3))})
    assert refused(state, "east", {"e2": {"order": "all_around"}}).rule == rules.ALL_AROUND
    accepted(state, "east", {"e1": {"order": "all_around"}})


def test_defend_cavalry_cannot_be_issued() -> None:
    state = battle({**TWO, "e2": ("samurai_cavalry", (6, 3))})
    assert refused(state, "east", {"e2": {"order": "defend", "face": [5, 3]}}).rule == rules.DEFEND


def test_defend_faces_an_adjacent_hex() -> None:
    state = battle(TWO)
    accepted(state, "east", {"e1": {"order": "defend", "face": [4, 2]}})
    assert refused(state, "east", {"e1": {"order": "defend", "face": [3, 2]}}).rule == rules.DEFEND


def test_defend_ranged_unit_writes_its_kill_zone_range() -> None:
    state = battle({**TWO, "e2": ("ashigaru_archers", (5, 3))})
    accepted(state, "east", {"e2": {"order": "defend", "face": [4, 3], "kill_range": 4}})
    for order in (
        {"order": "defend", "face": [4, 3]},
        {"order": "defend", "face": [4, 3], "kill_range": 5},
        {"order": "defend", "face": [4, 3], "kill_range": 0},
    ):
        assert refused(state, "east", {"e2": order}).rule == rules.KILL_ZONE
    no_range = {"order": "defend", "face": [4, 2], "kill_range": 2}
    assert refused(state, "east", {"e1": no_range}).rule == rules.KILL_ZONE


def test_fire_and_retreat_only_units_that_have_a_ranged_attack() -> None:
    state = battle({**TWO, "e2": ("arquebusiers", (5, 3))})
    accepted(state, "east", {"e2": {"order": "fire_and_retreat", "face": [4, 3]}})
    error = refused(state, "east", {"e1": {"order": "fire_and_retreat", "face": [4, 2]}})
    assert error.rule == rules.FIRE_AND_RETREAT


def test_fire_ranged_weapons_target_within_range_and_line_of_sight() -> None:
    state = battle(
        {"e1": ("arquebusiers", (5, 2)), "w1": ("samurai", (2, 2)), "w2": ("samurai", (1, 4))},
        terrain={(3, 3): "forest"},
    )
    accepted(state, "east", {"e1": {"order": "fire", "target": "w1"}})
    assert refused(state, "east", {"e1": {"order": "fire", "target": "w2"}}).rule == rules.FIRE
    hidden = battle({"e1": ("arquebusiers", (5, 2)), "w1": ("ninja", (3, 2), {"hidden": True})})
    assert refused(hidden, "east", {"e1": {"order": "fire", "target": "w1"}}).rule == rules.AMBUSH


def test_fire_ranged_weapons_only_units_that_have_a_ranged_attack() -> None:
    state = battle(TWO)
    assert refused(state, "east", {"e1": {"order": "fire", "target": "w1"}}).rule == rules.FIRE


def test_fire_ranged_weapons_needs_an_ammunition_point() -> None:
    state = battle({"e1": ("arquebusiers", (5, 2), {"ammo": 0}), "w1": ("samurai", (3, 2))})
    error = refused(state, "east", {"e1": {"order": "fire", "target": "w1"}})
    assert error.rule == rules.AMMUNITION


def test_fire_ranged_weapons_target_must_be_an_enemy_on_the_table() -> None:
    state = battle(
        {**TWO, "e2": ("arquebusiers", (5, 3)), "w2": ("samurai", (3, 3), {"status": "fled"})}
    )
    assert refused(state, "east", {"e2": {"order": "fire", "target": "e1"}}).rule == rules.FIRE
    assert refused(state, "east", {"e2": {"order": "fire", "target": "w2"}}).rule == rules.FIRE


def test_assault_infantry_moves_up_to_two_hexes() -> None:
    state = battle(TWO)
    order = {"order": "assault", "path": [[4, 2], [3, 2]], "target": "w1"}
    accepted(state, "east", {"e1": order})
    longer = {**order, "path": [[4, 2], [3, 2], [2, 2]]}
    assert refused(state, "east", {"e1": longer}).rule == rules.ASSAULT


def test_assault_cavalry_moves_up_to_four_hexes() -> None:
    state = battle({"e1": ("samurai_cavalry", (6, 2)), "w1": ("samurai", (0, 2))})
    path = [[5, 2], [4, 2], [3, 2], [2, 2]]
    accepted(state, "east", {"e1": {"order": "assault", "path": path, "target": "w1"}})
    too_far = {"order": "assault", "path": [*path, [1, 2]], "target": "w1"}
    assert refused(state, "east", {"e1": too_far}).rule == rules.ASSAULT


def test_assault_target_in_line_of_sight_when_the_order_is_issued() -> None:
    state = battle(TWO, terrain={(3, 2): "forest"})
    error = refused(state, "east", {"e1": {"order": "assault", "path": [[4, 2]], "target": "w1"}})
    assert error.rule == rules.ASSAULT


def test_assault_an_adjacent_enemy_without_moving() -> None:
    state = battle({"e1": ("samurai", (3, 2)), "w1": ("samurai", (2, 2))})
    accepted(state, "east", {"e1": {"order": "assault", "path": [], "target": "w1"}})


def test_assault_a_hidden_unit_cannot_be_the_target() -> None:
    state = battle({"e1": ("samurai", (3, 2)), "w1": ("ninja", (2, 2), {"hidden": True})})
    error = refused(state, "east", {"e1": {"order": "assault", "path": [], "target": "w1"}})
    assert error.rule == rules.AMBUSH


def test_march_infantry_moves_one_hex_and_cavalry_two() -> None:
    state = battle({**TWO, "e2": ("samurai_cavalry", (6, 3))})
    accepted(state, "east", {"e1": march((4, 2)), "e2": march((5, 3), (4, 3))})
    assert refused(state, "east", {"e1": march((4, 2), (3, 2))}).rule == rules.MARCH
    assert refused(state, "east", {"e2": march((5, 3), (4, 3), (3, 3))}).rule == rules.MARCH


def test_march_path_hex_by_hex_each_adjacent_to_the_one_before() -> None:
    state = battle({**TWO, "e2": ("samurai_cavalry", (6, 3))})
    assert refused(state, "east", {"e2": march((5, 3), (3, 3))}).rule == rules.MARCH
    assert refused(state, "east", {"e1": march((3, 2))}).rule == rules.MARCH


def test_march_cannot_enter_impassable_terrain_or_leave_the_board() -> None:
    state = battle(TWO, terrain={(4, 2): "river"})
    assert refused(state, "east", {"e1": march((4, 2))}).rule == rules.TERRAIN
    edge = battle({"e1": ("samurai", (7, 2)), "w1": ("samurai", (0, 2))})
    assert refused(edge, "east", {"e1": march((8, 2))}).rule == rules.TERRAIN


def test_run_infantry_two_hexes_cavalry_four() -> None:
    state = battle({**TWO, "e2": ("samurai_cavalry", (6, 3))})
    run = {"order": "run", "path": [[5, 3], [4, 3], [3, 3], [2, 3]]}
    accepted(state, "east", {"e2": run, "e1": {"order": "run", "path": [[4, 2], [3, 2]]}})
    too_far = {"order": "run", "path": [[4, 2], [3, 2], [2, 2]]}
    assert refused(state, "east", {"e1": too_far}).rule == rules.RUN


def test_run_terrain_can_prevent_it() -> None:
    state = battle({**TWO, "e2": ("samurai_cavalry", (6, 3))}, terrain={(4, 3): "forest"})
    run = {"order": "run", "path": [[5, 3], [4, 3]]}
    assert refused(state, "east", {"e2": run}).rule == rules.TERRAIN
    accepted(state, "east", {"e2": {"order": "march", "path": [[5, 3], [4, 3]]}})


def test_move_and_fire_infantry_units_may_not_execute() -> None:
    state = battle({"e1": ("arquebusiers", (5, 2)), "w1": ("samurai", (2, 2))})
    order = {"order": "move_and_fire", "path": [[4, 2]], "fire_at": 1, "target": "w1"}
    assert refused(state, "east", {"e1": order}).rule == rules.MOVE_AND_FIRE


def test_move_and_fire_up_to_four_hexes_firing_from_the_underlined_hex() -> None:
    state = battle({"e1": ("mounted_archers", (7, 2)), "w1": ("samurai", (1, 2))})
    near = {
        "order": "move_and_fire",
        "path": [[6, 2], [5, 2], [4, 2], [4, 3]],
        "fire_at": 3,
        "target": "w1",
    }
    accepted(state, "east", {"e1": near})
    far = {**near, "fire_at": 1}  # fires from (6, 2): 5 hexes away, out of range
    assert refused(state, "east", {"e1": far}).rule == rules.MOVE_AND_FIRE
    off_path = {**near, "fire_at": 5}
    assert refused(state, "east", {"e1": off_path}).rule == rules.MOVE_AND_FIRE
    too_far = {**near, "path": [[6, 2], [5, 2], [4, 2], [3, 2], [2, 2]]}
    assert refused(state, "east", {"e1": too_far}).rule == rules.MOVE_AND_FIRE


def test_ambush_only_in_certain_types_of_terrain() -> None:
    state = battle({"e1": ("ninja", (6, 2)), "w1": ("samurai", (0, 2))}, terrain={(6, 3): "forest"})
    assert refused(state, "east", {"e1": {"order": "ambush", "face": [5, 2]}}).rule == rules.AMBUSH
    in_forest = battle(
        {"e1": ("ninja", (6, 3)), "w1": ("samurai", (0, 2))}, terrain={(6, 3): "forest"}
    )
    accepted(in_forest, "east", {"e1": {"order": "ambush", "face": [5, 3]}})


def test_ambush_no_enemy_units_within_two_hexes() -> None:
    terrain = {(4, 2): "forest"}
    state = battle({"e1": ("ninja", (4, 2)), "w1": ("samurai", (2, 2))}, terrain=terrain)
    assert refused(state, "east", {"e1": {"order": "ambush", "face": [3, 2]}}).rule == rules.AMBUSH


def test_ambush_not_engaged_in_melee_combat() -> None:
    terrain = {(4, 2): "forest"}
    state = battle(
        {"e1": ("ninja", (4, 2), {"engaged": ["w1"]}), "w1": ("samurai", (0, 2))}, terrain=terrain
    )
    assert refused(state, "east", {"e1": {"order": "ambush", "face": [3, 2]}}).rule == rules.RETREAT


def test_ambush_only_on_the_order_chart() -> None:
    state = battle(TWO, terrain={(5, 2): "forest"})
    error = refused(state, "east", {"e1": {"order": "ambush", "face": [4, 2]}})
    assert error.rule == rules.SPECIAL_ORDERS


def join(partner: str, hex_: tuple[int, int]) -> dict[str, Any]:
    return {"order": "join_up", "with": partner, "hex": list(hex_)}


def test_join_up_two_damaged_units_of_the_same_type_adjacent() -> None:
    units: dict[str, Spec] = {
        "e1": ("samurai", (5, 2), {"models": 4}),
        "e2": ("samurai", (5, 3), {"models": 2}),
        "e3": ("samurai", (6, 3), {"models": 3}),
        "w1": ("samurai", (0, 2)),
    }
    state = battle(units)
    accepted(state, "east", {"e1": join("e2", (5, 2)), "e2": join("e1", (5, 2))})
    too_many = {"e1": join("e3", (5, 2)), "e3": join("e1", (5, 2))}
    assert refused(state, "east", too_many).rule == rules.JOIN_UP
    one_sided = {"e1": join("e2", (5, 2))}
    assert refused(state, "east", one_sided).rule == rules.JOIN_UP
    other_hex = {"e1": join("e2", (4, 2)), "e2": join("e1", (4, 2))}
    assert refused(state, "east", other_hex).rule == rules.JOIN_UP


def test_join_up_same_type_only() -> None:
    state = battle(
        {
            "e1": ("samurai", (5, 2), {"models": 2}),
            "e2": ("ashigaru_yari", (5, 3), {"models": 2}),
            **{"w1": TWO["w1"]},
        }
    )
    pair = {"e1": join("e2", (5, 2)), "e2": join("e1", (5, 2))}
    assert refused(state, "east", pair).rule == rules.JOIN_UP


def test_receive_supplies_adjacent_to_a_peasant_transport_also_ordered() -> None:
    units: dict[str, Spec] = {
        "e1": ("ashigaru_archers", (5, 2), {"ammo": 2}),
        "e2": ("peasant_transport", (5, 3)),
        "e3": ("arquebusiers", (7, 3), {"ammo": 1}),
        "w1": ("samurai", (0, 2)),
    }
    state = battle(units)
    supplied = {
        "e1": {"order": "receive_supplies", "from": "e2"},
        "e2": {"order": "receive_supplies"},
    }
    accepted(state, "east", supplied)
    assert refused(state, "east", {"e1": supplied["e1"]}).rule == rules.RECEIVE_SUPPLIES
    far = {"e3": {"order": "receive_supplies", "from": "e2"}, "e2": {"order": "receive_supplies"}}
    assert refused(state, "east", far).rule == rules.RECEIVE_SUPPLIES


def test_reconnaissance_can_only_be_given_to_a_ninja_unit() -> None:
    state = battle({**TWO, "e2": ("ninja", (6, 3))})
    accepted(state, "east", {"e2": {"order": "reconnaissance"}})
    error = refused(state, "east", {"e1": {"order": "reconnaissance"}})
    assert error.rule == rules.RECONNAISSANCE


def test_retreat_only_a_unit_engaged_in_melee() -> None:
    state = battle(
        {
            "e1": ("samurai", (3, 2), {"engaged": ["w1"]}),
            "w1": ("samurai", (2, 2), {"engaged": ["e1"]}),
            "e2": ("samurai", (5, 4)),
        }
    )
    accepted(state, "east", {"e1": {"order": "retreat", "path": [[4, 2]]}})
    assert (
        refused(state, "east", {"e2": {"order": "retreat", "path": [[6, 4]]}}).rule == rules.RETREAT
    )
    too_far = {"order": "retreat", "path": [[4, 2], [5, 2]]}
    assert refused(state, "east", {"e1": too_far}).rule == rules.RETREAT


def test_retreat_is_the_only_order_that_leaves_melee() -> None:
    state = battle(
        {
            "e1": ("samurai", (3, 2), {"engaged": ["w1"]}),
            "w1": ("samurai", (2, 2), {"engaged": ["e1"]}),
        }
    )
    assert refused(state, "east", {"e1": march((4, 2))}).rule == rules.RETREAT
    accepted(state, "east", {"e1": {"order": "all_around"}})

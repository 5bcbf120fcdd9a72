"""Geometry: line of sight through terrain, the zones of a unit, the side an attack
comes from, and what terrain allows."""

from __future__ import annotations

from engine.hexgrid import Facing, Hex
from engine.samurai_battles.army.catalogue import load_catalogue
from engine.samurai_battles.geometry.sight import in_range_and_sight, sees
from engine.samurai_battles.geometry.terrain import Battlefield
from engine.samurai_battles.geometry.zones import (
    attack_side,
    defense_zone,
    facing_towards,
    kill_zone,
    zone_of_control,
)
from tests.unit.samurai_battles.builders import board


def field(terrain: dict[tuple[int, int], str] | None = None) -> Battlefield:
    return Battlefield(board(8, 6, terrain), load_catalogue())


def test_line_of_sight_is_blocked_by_forest_between() -> None:
    battlefield = field({(2, 2): "forest"})
    assert not sees(battlefield, Hex(0, 2), Hex(4, 2))
    assert sees(battlefield, Hex(0, 3), Hex(4, 3))


def test_line_of_sight_is_not_blocked_by_the_viewer_s_own_forest() -> None:
    battlefield = field({(0, 2): "forest", (4, 2): "village"})
    assert sees(battlefield, Hex(0, 2), Hex(4, 2))


def test_line_of_sight_crosses_rivers_and_open_ground() -> None:
    battlefield = field({(2, 2): "river", (3, 2): "marsh"})
    assert sees(battlefield, Hex(0, 2), Hex(5, 2))


def test_fire_ranged_weapons_needs_range_and_line_of_sight() -> None:
    battlefield = field({(2, 1): "hill"})
    assert in_range_and_sight(battlefield, Hex(0, 2), Hex(4, 2), 4)
    assert not in_range_and_sight(battlefield, Hex(0, 2), Hex(5, 2), 4)
    assert not in_range_and_sight(battlefield, Hex(0, 1), Hex(4, 1), 4)


def test_zone_of_control_is_the_three_front_hexes() -> None:
    assert zone_of_control(Hex(3, 3), Facing.WEST) == {Hex(2, 3), Hex(2, 4), Hex(3, 2)}


def test_defend_defense_zone_faces_the_written_hex() -> None:
    facing = facing_towards(Hex(3, 3), Hex(3, 2))
    assert facing is Facing.NORTH_WEST
    assert Hex(3, 2) in defense_zone(Hex(3, 3), facing)
    assert len(defense_zone(Hex(3, 3), facing)) == 3


def test_defend_kill_zone_is_the_front_arc_to_the_written_range() -> None:
    zone = kill_zone(field(), Hex(0, 2), Facing.EAST, 3)
    assert Hex(3, 2) in zone
    assert Hex(4, 2) not in zone
    assert Hex(-1, 2) not in zone  # behind, and off the board


def test_kill_zone_leaves_out_hexes_out_of_line_of_sight() -> None:
    zone = kill_zone(field({(1, 2): "forest"}), Hex(0, 2), Facing.EAST, 3)
    assert Hex(1, 2) in zone
    assert Hex(3, 2) not in zone


def test_assault_from_behind_is_a_rear_attack_and_from_the_side_a_flank() -> None:
    assert attack_side(Hex(3, 3), Facing.EAST, Hex(4, 3)) == "front"
    assert attack_side(Hex(3, 3), Facing.EAST, Hex(2, 4)) == "flank"
    assert attack_side(Hex(3, 3), Facing.EAST, Hex(2, 3)) == "rear"


def test_all_around_defense_has_no_flank_or_rear_sides() -> None:
    for neighbour in Hex(3, 3).neighbours():
        assert attack_side(Hex(3, 3), Facing.EAST, neighbour, all_around=True) == "front"


def test_river_is_impassable_and_a_ford_is_not() -> None:
    battlefield = field({(2, 2): "river", (2, 3): "ford"})
    assert not battlefield.passable(Hex(2, 2))
    assert battlefield.passable(Hex(2, 3))
    assert not battlefield.passable(Hex(8, 0))


def test_terrain_can_prevent_a_run_order() -> None:
    battlefield = field({(2, 2): "forest", (2, 3): "marsh"})
    assert battlefield.forbids(Hex(2, 2), "cavalry", "run")
    assert not battlefield.forbids(Hex(2, 2), "infantry", "run")
    assert battlefield.forbids(Hex(2, 3), "infantry", "run")
    assert not battlefield.forbids(Hex(2, 3), "infantry", "march")


def test_ambush_only_in_certain_types_of_terrain() -> None:
    battlefield = field({(2, 2): "forest", (3, 3): "village", (4, 4): "hill"})
    assert battlefield.ambush_allowed(Hex(2, 2))
    assert battlefield.ambush_allowed(Hex(3, 3))
    assert not battlefield.ambush_allowed(Hex(4, 4))
    assert not battlefield.ambush_allowed(Hex(1, 1))

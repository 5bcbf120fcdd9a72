"""Measuring (inches, bases, edge to edge, base contact, coherency, nearest, radius),
line of sight, arcs and intervening obstacles (Movement; Shooting; Close Combat >
Defending an obstacle; Weapons and Armour > Pavises; Moving and Fighting on
Horseback > Arc of fire)."""

from __future__ import annotations

from engine.skirmish.geometry import measure, sight
from engine.skirmish.geometry.measure import CONTACT, INCH, inches, make_base
from engine.tabletop.bases import Base
from tests.unit.skirmish.builders import build_state, hero, unit


def foot(x_in: float, y_in: float, facing: int = 0) -> Base:
    return make_base(inches(x_in), inches(y_in), facing * 10, mounted=False)


def test_inches_are_254_table_units() -> None:
    assert INCH == 254
    assert inches(6) == 1524
    assert inches(2.5) == 635


def test_bases_are_round_25mm_on_foot_50mm_mounted() -> None:
    assert foot(1, 1).size == 250
    assert foot(1, 1).shape == "round"
    assert make_base(0, 0, 0, mounted=True).size == 500


def test_movement_distances_are_measured_edge_to_edge() -> None:
    a, b = foot(10, 10), make_base(inches(10) + 250 + INCH, inches(10), 0, mounted=False)
    assert abs(measure.edge_distance(a, b) - INCH) < 1e-9
    assert measure.within(a, b, INCH)
    assert not measure.within(a, b, INCH - 1)


def test_base_contact_is_a_gap_of_at_most_0_05_inch() -> None:
    a = foot(10, 10)
    touching = make_base(a.x + 250 + CONTACT, a.y, 0, mounted=False)
    apart = make_base(a.x + 250 + CONTACT + 1, a.y, 0, mounted=False)
    assert measure.in_contact(a, touching)
    assert not measure.in_contact(a, apart)


def test_introduction_group_coherency_within_2_inches_connected() -> None:
    chain = [foot(10, 10), foot(12.5, 10), foot(15, 10)]
    assert measure.coherent(chain)
    assert not measure.coherent([foot(10, 10), foot(12.5, 10), foot(16, 10)])
    assert measure.coherent([foot(1, 1)])


def test_nearest_and_within_radius() -> None:
    origin = foot(10, 10)
    others = {"b1.1": foot(10, 14), "b1.2": foot(14, 10), "b2.1": foot(10, 20)}
    assert measure.nearest(origin, others) == ("b1.1", "b1.2")
    assert measure.within_radius(origin, others, 4 * INCH) == ("b1.1", "b1.2")
    assert measure.nearest_between([origin, foot(10, 18)], others) == ("b2.1",)


def test_close_combat_contact_groups() -> None:
    bases = {
        "a1.1": foot(10, 10),
        "b1.1": make_base(inches(10) + 250, inches(10), 0, mounted=False),
        "a1.2": foot(20, 20),
        "a2.1": make_base(inches(10) + 500, inches(10), 0, mounted=False),
    }
    sides = {"a1.1": "a", "b1.1": "b", "a1.2": "a", "a2.1": "a"}
    assert measure.contact_groups(bases, sides) == [["a1.1", "a2.1", "b1.1"]]


def test_heading_counter_clockwise_from_east() -> None:
    assert measure.heading(0, 0, 10, 0) == 0
    assert measure.heading(0, 0, 0, 10) == 900
    assert measure.heading(0, 0, -10, 0) == 1800


WOOD = {
    "id": "wood",
    "kind": "difficult",
    "blocks_sight": True,
    "points": [[8, 14], [16, 14], [16, 16], [8, 16]],
}
WALL = {"id": "wall", "kind": "obstacle", "points": [[8, 14.9], [16, 14.9], [16, 15.1], [8, 15.1]]}


def test_shooting_must_be_in_line_of_sight() -> None:
    state = build_state(
        a=[hero(at=(12, 10))],
        b=[unit("ashigaru", at=(12, 20)), unit("ashigaru", at=(30, 10))],
        scenery=[WOOD],
    )
    assert not sight.line_of_sight(state, "a1.1", "b1.1")
    assert sight.line_of_sight(state, "a1.1", "b2.1")


def test_line_of_sight_out_of_the_piece_one_stands_in() -> None:
    state = build_state(a=[hero(at=(12, 15))], b=[unit("ashigaru", at=(12, 22))], scenery=[WOOD])
    assert sight.line_of_sight(state, "a1.1", "b1.1")


def test_shooting_intervening_obstacle_and_character() -> None:
    state = build_state(
        a=[hero(at=(12, 10))],
        b=[unit("ashigaru", at=(12, 20), count=3), unit("ashigaru", at=(12, 17), count=3)],
        scenery=[WALL],
    )
    found = sight.intervening(state, "a1.1", "b1.1")
    assert found == [{"kind": "obstacle", "id": "wall"}, {"kind": "character", "id": "b2.1"}]


def test_an_obstacle_the_shooter_stands_against_does_not_obscure() -> None:
    state = build_state(a=[hero(at=(12, 14.4))], b=[unit("ashigaru", at=(12, 20))], scenery=[WALL])
    assert sight.intervening(state, "a1.1", "b1.1") == []


def test_pavises_count_as_an_intervening_obstacle() -> None:
    state = build_state(
        a=[hero(at=(12, 10))], b=[unit("ashigaru", at=(12, 20), facing=270, pavises=True)]
    )
    assert sight.intervening(state, "a1.1", "b1.1") == []
    units = dict(state["units"])
    units["b1"] = {**units["b1"], "pavise": {"set": True, "work": 0}}
    state = {**state, "units": units}
    assert sight.intervening(state, "a1.1", "b1.1") == [{"kind": "pavise", "id": "b1.1"}]
    assert sight.intervening(state, "a1.1", "b1.3") == [{"kind": "pavise", "id": "b1.3"}]


def test_shooting_within_a_forward_arc_of_90_degrees() -> None:
    shooter = foot(10, 10, facing=90)
    assert sight.in_forward_arc(shooter, foot(10, 20))
    assert sight.in_forward_arc(shooter, foot(14, 14))
    assert not sight.in_forward_arc(shooter, foot(15, 14))
    assert not sight.in_forward_arc(shooter, foot(10, 0))


def test_shooting_from_horseback_arc_of_fire() -> None:
    state = build_state(
        a=[
            hero(at=(10, 10), mounted=True, armour="light"),
            hero(at=(20, 10), mounted=True, armour="heavy", facing=90),
            hero(at=(30, 10)),
        ],
        b=[unit("ashigaru", at=(5, 30))],
    )
    assert sight.arc_of(state, "a1.1") is None
    assert sight.arc_of(state, "a2.1") == (900, 450)
    assert sight.arc_of(state, "a3.1") == (0, 450)
    # a3 faces north (90 degrees): the heavy rider's arc is centred on west (left).
    west = foot(2, 10)
    assert sight.in_arc(make_base(inches(20), inches(10), 900, mounted=True), west, 900, 450)


def test_close_combat_defending_an_obstacle() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(12, 14.4), count=3)],
        b=[unit("ashigaru", at=(12, 15.6), count=3, facing=270)],
        scenery=[WALL],
    )
    assert sight.defended_obstacle(state, "a1.1", "b1.1") == "wall"
    assert sight.defended_obstacle(state, "b1.1", "a1.1") == "wall"
    open_field = build_state(a=[unit("ashigaru", at=(12, 10))], b=[unit("ashigaru", at=(12, 11))])
    assert sight.defended_obstacle(open_field, "a1.1", "b1.1") is None


def test_point_in_sight_and_arc_of_fire_of_a_model() -> None:
    state = build_state(
        a=[hero(at=(12, 10), facing=90)],
        b=[unit("ashigaru", at=(12, 20)), unit("ashigaru", at=(30, 10))],
        scenery=[WOOD],
    )
    assert not sight.point_in_sight(state, "a1.1", inches(12), inches(20))
    assert sight.point_in_sight(state, "a1.1", inches(30), inches(10))
    assert sight.in_arc_of_fire(state, "a1.1", "b1.1")
    assert not sight.in_arc_of_fire(state, "a1.1", "b2.1")

"""Kensei geometry kernel: one test per rulebook paragraph, plus properties.

Units: tenths of a millimetre (2.5 cm = 250), facings in tenths of a degree.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.kensei.geometry import (
    Base,
    Scene,
    Scenery,
    attack_side,
    control_area,
    distance_to_polygon,
    edge_distance,
    engaged,
    facing_away_from,
    facing_centre_of,
    facing_towards,
    footprint,
    formation_problems,
    forward_or_sideways,
    heading,
    impassable_for,
    in_control_area,
    in_visual_field,
    isolated,
    on_table,
    overlaps,
    path_length,
    position_along,
    rotate,
    scenery_polygon,
    side_of,
    sweep,
    table_scene,
    within,
)

EAST, NORTH, WEST, SOUTH = 0, 900, 1800, 2700


def inf(x: int, y: int, facing: int = EAST, height: int = 2, size: int = 250) -> Base:
    """A 25 mm round infantry base."""
    return Base(x, y, facing, "round", size, height)


def square(x: int, y: int, facing: int = EAST, size: int = 250, height: int = 2) -> Base:
    return Base(x, y, facing, "square", size, height)


def block(
    name: str, x0: int, y0: int, x1: int, y1: int, *, height: int = 5, kind: str = "normal"
) -> Scenery:
    return Scenery(name, kind, height, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))  # type: ignore[arg-type]


# -- Distance and Measurements --------------------------------------------------------


def test_distance_measured_between_nearest_borders() -> None:
    # Two 25 mm round bases whose centres are 5 cm apart: 2.5 cm between borders.
    assert edge_distance(inf(1000, 1000), inf(1500, 1000)) == pytest.approx(250)
    # Diagonal, circle-circle is exact: centres 500 apart along (3, 4).
    assert edge_distance(inf(0, 0), inf(300, 400)) == pytest.approx(250)
    # A square's border, not its centre: side 250, so its left edge is at x=1375.
    assert edge_distance(inf(1000, 1000), square(1500, 1000)) == pytest.approx(250)
    # A square turned 45 degrees points a corner: 176.78 from its centre.
    assert edge_distance(inf(1000, 1000), square(1500, 1000, 450)) == pytest.approx(
        500 - 125 - 125 * math.sqrt(2)
    )
    # Square to square, corner to corner on the diagonal.
    a, b = square(0, 0), square(1000, 1000)
    assert edge_distance(a, b) == pytest.approx(math.hypot(750, 750))
    # Overlapping or touching bases are 0 apart.
    assert edge_distance(inf(0, 0), inf(100, 0)) == 0
    assert edge_distance(square(0, 0), square(0, 0, 450)) == 0
    # Any other element: scenery.
    wall = scenery_polygon(block("wall", 1400, 0, 1500, 2000))
    assert distance_to_polygon(inf(1000, 1000), wall) == pytest.approx(275)
    assert distance_to_polygon(square(1000, 1000), wall) == pytest.approx(275)


def test_distance_2_5cm_or_less_is_inclusive() -> None:
    assert within(inf(0, 0), inf(500, 0), 250)
    assert not within(inf(0, 0), inf(501, 0), 250)
    assert within(inf(0, 0), inf(300, 400), 250)  # a float 250.0 on the diagonal


# -- Orientation of a miniature / Rotate miniatures ---------------------------------------


def test_orientation_heading_rounds_half_away_from_zero() -> None:
    assert heading((0, 0), (10, 0)) == EAST
    assert heading((0, 0), (0, 10)) == NORTH
    assert heading((0, 0), (-10, 0)) == WEST
    assert heading((0, 0), (0, -10)) == SOUTH
    assert heading((0, 0), (10, -10)) == 3150
    assert heading((0, 0), (1000, 1)) == 1  # 0.0573 degrees -> 0.1
    assert heading((0, 0), (1000, -1)) == 3599
    with pytest.raises(ValueError, match="itself"):
        heading((5, 5), (5, 5))


def test_rotate_miniatures_about_the_centre() -> None:
    base = square(1000, 2000, EAST)
    turned = rotate(base, 4500)
    assert (turned.x, turned.y, turned.facing) == (1000, 2000, 900)
    assert footprint(turned).centroid.distance(footprint(base).centroid) < 1e-9


# -- Flank, Front and Rearguard -------------------------------------------------------


def test_flank_front_and_rearguard_arcs() -> None:
    target = inf(1000, 1000, NORTH)
    assert side_of(target, (1000, 2000)) == "front"
    assert side_of(target, (2000, 2000)) == "front"  # exactly 45 degrees: front
    assert side_of(target, (2000, 1000)) == "flank"
    assert side_of(target, (0, 1100)) == "flank"
    assert side_of(target, (1000, 0)) == "rear"
    assert side_of(target, (0, 0)) == "rear"  # exactly 135 degrees: rear


def test_attacking_by_front_flank_and_rearguard() -> None:
    target = inf(1000, 1000, NORTH)  # front side at y=1125, rear side at y=875
    assert attack_side(inf(1000, 1375), target) == "front"
    # Beside it, a sliver of the attacker beyond the front side: still front.
    assert attack_side(inf(1375, 1010), target) == "front"
    assert attack_side(inf(1375, 990), target) == "flank"
    # Completely behind the rear side (touching the line counts as behind).
    assert attack_side(inf(1000, 625), target) == "rear"
    assert attack_side(inf(1300, 750), target) == "rear"
    assert attack_side(inf(1300, 751), target) == "flank"


# -- Visual field of a miniature --------------------------------------------------------


def test_visual_field_is_the_half_plane_before_the_front_point() -> None:
    observer = inf(1000, 1000, EAST)  # front point at x=1125
    assert in_visual_field(observer, inf(3000, 1000))
    # Far to the side, its border reaching x=1125: on the line, not beyond it.
    assert not in_visual_field(observer, inf(1000, 5000))
    assert in_visual_field(observer, inf(1001, 5000))  # one tenth of a mm beyond
    assert not in_visual_field(observer, inf(500, 1000))  # behind
    # A square target turned 45 degrees reaches further with its corner.
    assert in_visual_field(observer, square(960, 3000, 450))


# -- Line of sight of a miniature -------------------------------------------------------


def duel(*others: Base, scenery: tuple[Scenery, ...] = ()) -> Scene:
    """Observer "o" at (1000, 1000) facing east, target "t" 1 m... 40 cm to the east."""
    bases = {"o": inf(1000, 1000, EAST), "t": inf(5000, 1000, WEST)}
    bases.update({f"m{n}": base for n, base in enumerate(others)})
    return table_scene(scenery, bases)


def test_line_of_sight_needs_the_target_in_the_visual_field() -> None:
    # Both face east: t sees nothing behind it, o sees t in front.
    scene = table_scene([], {"o": inf(1000, 1000, EAST), "t": inf(5000, 1000, EAST)})
    assert scene.line_of_sight("o", "t") == "total"
    assert scene.line_of_sight("t", "o") == "none"


def test_line_of_sight_total_when_no_obstacle_touches() -> None:
    # A miniature 1 mm clear of the band (band half-width 125, its radius 125).
    assert duel(inf(3000, 1251, height=9)).line_of_sight("o", "t") == "total"
    assert duel(scenery=(block("hill", 2000, 1126, 3000, 2000),)).line_of_sight("o", "t") == (
        "total"
    )


def test_line_of_sight_partial_when_obstacle_touches() -> None:
    # Touching the band's edge exactly, even a tall obstacle: partial.
    assert duel(inf(3000, 1250, height=9)).line_of_sight("o", "t") == "partial"
    assert duel(scenery=(block("hill", 2000, 1125, 3000, 2000),)).line_of_sight("o", "t") == (
        "partial"
    )
    # A low wall right across the band: only partial.
    low = block("fence", 2900, 0, 3000, 2000, height=1)
    assert duel(scenery=(low,)).line_of_sight("o", "t") == "partial"


def test_line_of_sight_none_only_if_obstacle_at_least_target_height() -> None:
    wall = lambda h: block("wall", 2900, 0, 3000, 2000, height=h)  # noqa: E731
    assert duel(scenery=(wall(1),)).line_of_sight("o", "t") == "partial"
    assert duel(scenery=(wall(2),)).line_of_sight("o", "t") == "none"  # equal height
    assert duel(scenery=(wall(3),)).line_of_sight("o", "t") == "none"
    # A miniature right in the way, as wide as the band.
    assert duel(inf(3000, 1000, height=1)).line_of_sight("o", "t") == "partial"
    assert duel(inf(3000, 1000, height=2)).line_of_sight("o", "t") == "none"


def test_line_of_sight_band_is_as_wide_as_the_target_base() -> None:
    # The same tall post touches the band of a 5 cm target, not that of a 2.5 cm one.
    post = block("post", 3000, 1200, 3100, 1300, height=9)
    narrow = table_scene([post], {"o": inf(1000, 1000), "t": inf(5000, 1000, WEST)})
    wide = table_scene([post], {"o": inf(1000, 1000), "t": inf(5000, 1000, WEST, size=500)})
    assert narrow.line_of_sight("o", "t") == "total"
    assert wide.line_of_sight("o", "t") == "partial"


def test_line_of_sight_obstacles_together_can_cut_the_band() -> None:
    # Two tall bases side by side, touching, together covering the band: none.
    pair = (inf(3000, 875, height=2), inf(3000, 1125, height=2))
    assert duel(*pair).line_of_sight("o", "t") == "none"
    # Apart by 1 cm in the middle: a way through, partial.
    apart = (inf(3000, 820, height=2), inf(3000, 1180, height=2))
    assert duel(*apart).line_of_sight("o", "t") == "partial"
    # A wall from one side and a miniature closing the rest.
    half_wall = block("wall", 2900, 1000, 3000, 3000, height=4)
    assert duel(inf(2950, 875), scenery=(half_wall,)).line_of_sight("o", "t") == "none"
    # One of the two lower than the target: only partial.
    mixed = (inf(3000, 875, height=2), inf(3000, 1125, height=1))
    assert duel(*mixed).line_of_sight("o", "t") == "partial"


def test_obstacles_are_scenery_and_every_other_miniature() -> None:
    # An ally of the observer in the way obstructs as much as an enemy would.
    assert duel(inf(3000, 1000, height=3)).line_of_sight("o", "t") == "none"
    # The observer and target themselves are not obstacles.
    assert duel().line_of_sight("o", "t") == "total"


def test_line_of_sight_many_agrees_with_single_queries() -> None:
    scene = random_scene(7)
    ids = sorted(scene.bases)
    # Front rows (a20-a39 and b20-b39) facing each other across the scenery, and
    # back-row observers looking through their own front row.
    pairs = [(a, b) for a in ids[14:30] for b in ids[60:80]]
    # Fresh scenes: a scene remembers the answers it gave.
    batched = scene.line_of_sight_many(pairs)
    assert batched == [random_scene(7).line_of_sight(a, b) for a, b in pairs]
    assert scene.line_of_sight_many([]) == []
    assert scene.line_of_sight_many(pairs) == batched
    outcomes = set(batched)
    assert outcomes == {"total", "partial", "none"}


# -- Covers -------------------------------------------------------------------------------


def test_cover_within_2_5cm_and_partial_sight() -> None:
    fence = block("fence", 4500, 0, 4600, 2000, height=1)  # low, across the band
    # The target is 2.5 cm behind the fence (its border at 4875, fence at 4600: 275): no.
    assert not duel(scenery=(fence,)).in_cover("t", "o")
    near_fence = block("fence", 4525, 0, 4625, 2000, height=1)  # 250 from the border
    assert duel(scenery=(near_fence,)).in_cover("t", "o")
    # Within 2.5 cm of an obstacle that does not touch the sight band: no cover.
    aside = block("rock", 4700, 1300, 4900, 1500, height=1)
    assert distance_to_polygon(inf(5000, 1000), scenery_polygon(aside)) <= 250
    assert not duel(scenery=(aside,)).in_cover("t", "o")
    # A miniature is an obstacle too: a low ally of the target standing in front of it.
    assert duel(inf(4650, 1000, height=1)).in_cover("t", "o")
    # No sight at all: no cover either.
    tall = block("wall", 4525, 0, 4625, 2000, height=5)
    assert not duel(scenery=(tall,)).in_cover("t", "o")


# -- Melee combat -----------------------------------------------------------------------


def test_melee_combat_2_5cm_and_facing_centre() -> None:
    a = inf(1000, 1000, EAST)
    assert engaged(a, inf(1500, 1000, NORTH))  # 2.5 cm, a faces b's centre
    assert not engaged(a, inf(1501, 1000, WEST))  # 2.51 cm: too far
    assert not engaged(inf(1000, 1000, NORTH), inf(1500, 1000, NORTH))  # nobody faces
    assert engaged(inf(1000, 1000, NORTH), inf(1500, 1000, WEST))  # b faces a
    # Facing "towards the centre": the facing ray passes through the other base.
    assert facing_centre_of(a, inf(1500, 1120))
    assert not facing_centre_of(a, inf(1500, 1130))
    assert not facing_centre_of(a, inf(500, 1000))  # behind
    assert facing_centre_of(a, square(1500, 1000, 450))
    assert facing_centre_of(rotate(a, facing_towards(a, (1500, 1400))), inf(1500, 1400))


def test_two_units_in_melee_when_any_pair_is_engaged() -> None:
    scene = table_scene(
        [],
        {
            "a1": inf(1000, 1000, EAST),
            "a2": inf(1000, 1300, NORTH),
            "b1": inf(1500, 1000, WEST),
            "b2": inf(1500, 1300, NORTH),
        },
    )
    assert scene.engaged("a1", "b1")
    assert scene.engaged_pairs(["a1", "a2"], ["b1", "b2"]) == [("a1", "b1")]


# -- Unit formation -----------------------------------------------------------------------


def row(*xs: int) -> list[Base]:
    return [inf(x, 1000) for x in xs]


def test_unit_formation_closed_two_others_within_2_5cm() -> None:
    # Centres 500 apart: 2.5 cm between borders. The ends have only one neighbour.
    assert formation_problems(row(0, 500, 1000), skirmishers=False) == [
        "miniature 0 is not within 2.5 cm of two other miniatures of its unit (closed formation)",
        "miniature 2 is not within 2.5 cm of two other miniatures of its unit (closed formation)",
    ]
    triangle = [inf(0, 0), inf(500, 0), inf(250, 400)]
    assert formation_problems(triangle, skirmishers=False) == []


def test_unit_formation_two_miniatures_within_2_5cm_of_each_other() -> None:
    assert formation_problems(row(0, 500), skirmishers=False) == []
    assert formation_problems(row(0, 501), skirmishers=False) == [
        "miniature 0 is not within 2.5 cm of the other miniature of its unit (closed formation)",
        "miniature 1 is not within 2.5 cm of the other miniature of its unit (closed formation)",
    ]
    assert formation_problems(row(0), skirmishers=False) == []


def test_unit_formation_skirmishers_one_other_within_5cm() -> None:
    assert formation_problems(row(0, 750, 1500), skirmishers=True) == []
    problems = formation_problems(row(0, 750, 1501), skirmishers=True)
    assert problems == [
        "miniature 2 is not within 5 cm of another miniature of its unit"
        " (open formation, skirmishers)"
    ]


def test_unit_formation_no_miniature_more_than_20cm_from_any_other() -> None:
    spread = row(*range(0, 4751, 750))  # skirmishers 5 cm apart, 7 of them
    assert edge_distance(spread[0], spread[-1]) == 4500 - 250
    assert formation_problems(spread, skirmishers=True) == [
        f"miniatures {i} and {j} are more than 20 cm apart"
        for i in range(7)
        for j in range(i + 1, 7)
        if (j - i) * 750 - 250 > 2000
    ]
    assert formation_problems(row(0, 750, 1500, 2250), skirmishers=True) == []  # 2000 exactly


def test_isolated_miniature_has_no_other_within_2_5cm() -> None:
    bases = row(0, 500, 1200)
    assert not isolated(bases, 0)
    assert isolated(bases, 2)


# -- Control area -------------------------------------------------------------------------


def test_control_area_is_mov_cm_from_the_base_edge() -> None:
    base = inf(3000, 3000)
    area = control_area(base, 10)  # MOV 10 cm
    assert area.contains(footprint(base))
    assert area.bounds[2] == pytest.approx(3000 + 125 + 1000)
    assert in_control_area(base, 10, inf(4250, 3000))  # 10 cm border to border
    assert not in_control_area(base, 10, inf(4251, 3000))
    assert control_area(square(0, 0), 5).bounds[2] == pytest.approx(125 + 500)


# -- Move, Engage in melee combat, Crossing obstacles / miniatures, Boost, Charge, Flee ---


def test_move_changes_direction_along_a_path() -> None:
    path = [(0, 0), (300, 0), (300, 400)]
    assert path_length((0, 0), path[1:]) == 700
    assert position_along(path, 500) == (300, 200)
    assert position_along(path, 10_000) == (300, 400)
    assert position_along([(0, 0), (3, 3)], 2.1213203435596424) == (2, 2)  # 1.5 -> 2
    assert position_along([(0, 0), (-3, 0)], 1.5) == (-2, 0)  # half away from zero


def test_crossing_obstacles_touching_even_minimally() -> None:
    river = block("river", 2000, 1125, 2200, 3000, height=0, kind="difficult")
    scene = table_scene([river], {})
    mover = inf(1000, 1000, EAST)
    # Along y=1000 the base's border reaches y=1125: it grazes the river.
    assert scene.path_scenery(mover, [(3000, 1000)]) == [river]
    assert scene.crossed_scenery(sweep(mover, [(3000, 1000)])) == [river]
    assert scene.path_scenery(mover, [(3000, 999)]) == []
    assert scene.path_scenery(mover, [(1500, 1000)]) == []
    assert scene.path_scenery(square(1000, 1000), [(3000, 1000)]) == [river]


def test_impassable_scenery_and_elements_taller_than_the_miniature() -> None:
    rock = block("rock", 2000, 2000, 2400, 2400, height=1, kind="impassable")
    house = block("house", 3000, 2000, 3400, 2400, height=3)
    hedge = block("hedge", 4000, 2000, 4400, 2400, height=2)
    assert impassable_for(scenery=rock, height=5)
    assert impassable_for(scenery=house, height=2)
    assert not impassable_for(scenery=hedge, height=2)
    scene = table_scene([rock, house, hedge], {})
    assert scene.over_impassable(inf(2200, 2200)) == rock
    assert scene.over_impassable(inf(3200, 2200, height=2)) == house
    assert scene.over_impassable(inf(3200, 2200, height=3)) is None
    assert scene.over_impassable(inf(4200, 2200, height=2)) is None
    assert scene.over_impassable(inf(3200, 2200), height=1) == house
    # Touching the house from outside is not standing over it.
    assert scene.over_impassable(inf(2875, 2200, height=2)) is None
    assert scene.over_impassable(inf(2876, 2200, height=2)) == house
    assert scene.over_impassable(square(2875, 2200, height=2)) is None
    assert scene.over_impassable(square(2876, 2200, height=2)) == house


def test_crossing_miniatures_and_never_ending_over_one() -> None:
    scene = table_scene([], {"ally": inf(2000, 1000), "enemy": square(3000, 1000)})
    mover = inf(1000, 1000)
    assert scene.path_bases(mover, [(4000, 1000)]) == ["ally", "enemy"]
    assert scene.path_bases(mover, [(1000, 3000)]) == []
    assert scene.bases_touched(sweep(mover, [(4000, 1000)])) == ["ally", "enemy"]
    assert scene.bases_touched(sweep(mover, [(4000, 1000)]), exclude=["ally"]) == ["enemy"]
    # Ending in contact is allowed, overlapping is not.
    assert scene.overlaps_any_base(inf(2250, 1000)) is None
    assert scene.overlaps_any_base(inf(2249, 1000)) == "ally"
    assert scene.overlaps_any_base(inf(2751, 1000), exclude=["ally"]) == "enemy"
    assert scene.overlaps_any_base(inf(2750, 1000)) is None
    assert overlaps(square(0, 0), square(249, 0))
    assert not overlaps(square(0, 0), square(250, 0))


def test_movement_orders_never_leave_the_table() -> None:
    assert on_table(inf(125, 125), 12000, 9000)
    assert not on_table(inf(124, 125), 12000, 9000)
    assert on_table(inf(11875, 8875), 12000, 9000)
    assert not on_table(square(11875, 4000, 450), 12000, 9000)  # its corner sticks out


def test_boost_a_movement_forward_or_sideways_only() -> None:
    base = inf(1000, 1000, NORTH)
    assert forward_or_sideways(base, [(1000, 2000), (2000, 2000)])
    assert forward_or_sideways(base, [(0, 1000)])  # straight sideways
    assert not forward_or_sideways(base, [(1000, 2000), (1000, 1500)])


def test_charge_faces_the_centre_and_flee_turns_the_rearguard() -> None:
    charger, fleer = inf(1000, 1000), inf(2000, 2000)
    assert facing_towards(charger, (fleer.x, fleer.y)) == 450
    assert facing_away_from(fleer, (charger.x, charger.y)) == 450
    turned = rotate(fleer, facing_away_from(fleer, (charger.x, charger.y)))
    assert side_of(turned, (charger.x, charger.y)) == "rear"


def test_sweep_of_a_square_includes_its_start_and_end_footprints() -> None:
    base = square(1000, 1000, 450)
    swept = sweep(base, [(3000, 1000)], final_facing=NORTH)
    assert swept.covers(footprint(base))
    assert swept.covers(footprint(Base(3000, 1000, NORTH, "square", 250, 2)))
    assert sweep(base, []).equals(footprint(base))


# -- Scene --------------------------------------------------------------------------------


def test_scene_with_bases_moves_adds_and_removes() -> None:
    scene = duel(inf(3000, 1000, height=2))
    assert scene.line_of_sight("o", "t") == "none"
    moved = scene.with_bases({"m0": inf(3000, 3000)})
    assert moved.line_of_sight("o", "t") == "total"
    assert scene.line_of_sight("o", "t") == "none"  # the old scene is unchanged
    gone = scene.with_bases({}, removed=["m0"])
    assert sorted(gone.bases) == ["o", "t"]
    with pytest.raises(KeyError, match="no miniature 'm0'"):
        gone.base("m0")


def test_within_distance_and_nearest() -> None:
    scene = table_scene([], {"a": inf(0, 0), "b": inf(500, 0), "c": inf(0, 500), "d": inf(900, 0)})
    assert scene.within_distance("a", ["d", "c", "b", "a"], 250) == ["c", "b"]
    assert scene.nearest("a", ["d", "c", "b"]) == ("b", 250.0)  # tie b/c: smallest id
    assert scene.nearest("a", ["a"]) is None


def test_scenery_must_be_a_simple_polygon() -> None:
    bow_tie = Scenery("x", "normal", 1, ((0, 0), (10, 10), (10, 0), (0, 10)))
    with pytest.raises(ValueError, match="not a simple polygon"):
        table_scene([bow_tie], {})
    with pytest.raises(ValueError, match="round or square"):
        Base(0, 0, 0, "hex", 250, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="facing"):
        Base(0, 0, 3600, "round", 250, 1)


# -- properties -------------------------------------------------------------------------

coords = st.integers(min_value=0, max_value=12000)
facings = st.integers(min_value=0, max_value=3599)
bases = st.builds(
    Base,
    x=coords,
    y=st.integers(min_value=0, max_value=9000),
    facing=facings,
    shape=st.sampled_from(["round", "square"]),
    size=st.sampled_from([250, 300, 400, 500]),
    height=st.integers(min_value=1, max_value=4),
)


@given(bases, bases)
def test_edge_distance_is_symmetric(a: Base, b: Base) -> None:
    assert edge_distance(a, b) == pytest.approx(edge_distance(b, a), abs=1e-6)


@given(bases, bases, st.integers(-5000, 5000), st.integers(-5000, 5000), st.integers(0, 3))
def test_distances_are_invariant_under_rigid_motions(
    a: Base, b: Base, dx: int, dy: int, quarter: int
) -> None:
    def move(base: Base) -> Base:
        x, y = base.x, base.y
        for _ in range(quarter):
            x, y = -y, x
        return Base(x + dx, y + dy, (base.facing + 900 * quarter) % 3600, base.shape, base.size, 1)

    # Quarter turns are exact (the facing table is exact on the axes), so even the
    # predicates on a knife-edge agree.
    assert edge_distance(move(a), move(b)) == pytest.approx(edge_distance(a, b), abs=1e-6)
    assert in_visual_field(move(a), move(b)) == in_visual_field(a, b)
    assert engaged(move(a), move(b)) == engaged(a, b)
    assert side_of(move(a), (move(b).x, move(b).y)) == side_of(a, (b.x, b.y))


@given(facings, st.integers(0, 12000), st.integers(0, 9000))
def test_heading_round_trips_a_facing(facing: int, x: int, y: int) -> None:
    far = 1_000_000
    rad = math.radians(facing / 10)
    target = (round(x + far * math.cos(rad)), round(y + far * math.sin(rad)))
    assert heading((x, y), target) == facing


@given(bases, st.lists(st.tuples(coords, coords), min_size=1, max_size=4), facings)
@settings(max_examples=60)
def test_sweep_contains_start_and_end_footprints(
    base: Base, waypoints: list[tuple[int, int]], final: int
) -> None:
    swept = sweep(base, waypoints, final_facing=final)
    end = Base(*waypoints[-1], final, base.shape, base.size, base.height)
    tolerant = swept.buffer(1e-6)
    assert tolerant.covers(footprint(base))
    assert tolerant.covers(footprint(end))
    assert swept.area >= footprint(base).area - 1e-6


@given(st.integers(0, 10_000))
@settings(max_examples=15, deadline=None)
def test_results_are_deterministic_for_the_same_inputs(seed: int) -> None:
    first, second = random_scene(seed), random_scene(seed)
    ids = sorted(first.bases)
    pairs = [(ids[i], ids[-1 - i]) for i in range(20)]
    singles = [first.line_of_sight(a, b) for a, b in pairs]
    assert singles == [second.line_of_sight(a, b) for a, b in pairs]
    assert singles == random_scene(seed).line_of_sight_many(pairs)
    assert [first.in_cover(b, a) for a, b in pairs] == [second.in_cover(b, a) for a, b in pairs]


def random_scene(seed: int) -> Scene:
    """A 120 x 90 cm table with 10 scenery blocks and 2 x 40 miniatures in loose rows."""
    rng = random.Random(seed)
    scenery = []
    for n in range(10):
        x, y = rng.randrange(1000, 10000), rng.randrange(2500, 6000)
        w, h = rng.randrange(300, 1500), rng.randrange(300, 1500)
        scenery.append(block(f"s{n}", x, y, x + w, y + h, height=rng.randint(1, 4)))
    placed: dict[str, Base] = {}
    for side, (y0, facing) in enumerate(((800, NORTH), (8200, SOUTH))):
        for n in range(40):
            x = 600 + (n % 20) * 540 + rng.randrange(0, 60)
            y = y0 + (n // 20) * (400 if side == 0 else -400) + rng.randrange(0, 60)
            shape = "square" if n % 7 == 0 else "round"
            placed[f"{'ab'[side]}{n:02d}"] = Base(
                x, y, (facing + rng.randrange(-300, 300)) % 3600, shape, 250, rng.randint(1, 3)
            )
    return table_scene(scenery, placed)

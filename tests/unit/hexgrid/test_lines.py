"""Lines and line of sight: exact line drawing, the edge-tie rule, Senjutsu's corners."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import (
    Contact,
    Facing,
    Hex,
    contact,
    corner_line_of_sight,
    corners,
    line,
    line_hexes,
    line_of_sight,
    sight_lines,
)
from engine.hexgrid.geometry import centre, contains, hexes_at, point
from tests.unit.hexgrid.strategies import exact, facings, hexes, near

ORIGIN = Hex(0, 0)


@exact
@given(hexes, hexes)
def test_a_line_has_one_step_per_hex_of_distance_plus_one(a: Hex, b: Hex) -> None:
    steps = line(a, b)
    assert len(steps) == a.distance(b) + 1
    assert steps[0] == (a,)
    assert steps[-1] == (b,)


@exact
@given(hexes, hexes)
def test_each_step_is_one_hex_or_two_tied_neighbours_one_further_on(a: Hex, b: Hex) -> None:
    steps = line(a, b)
    for index, step in enumerate(steps):
        assert 1 <= len(step) <= 2
        assert list(step) == sorted(step)
        assert all(a.distance(h) == index for h in step)
        if len(step) == 2:
            assert step[0].distance(step[1]) == 1
    # Consecutive steps touch: every hex of a step is next to every hex of the next.
    for here, there in itertools.pairwise(steps):
        assert all(h.distance(t) == 1 for h in here for t in there)


@exact
@given(hexes, hexes)
def test_the_line_back_is_the_line_there_reversed(a: Hex, b: Hex) -> None:
    assert line(b, a) == line(a, b)[::-1]


@exact
@given(hexes, hexes, st.frozensets(hexes, max_size=30))
def test_line_of_sight_is_symmetric_with_or_without_blockers(
    a: Hex, b: Hex, blockers: frozenset[Hex]
) -> None:
    assert line_of_sight(a, b, set())
    assert line_of_sight(a, b, blockers) == line_of_sight(b, a, blockers)
    # The set and the test forms of "what blocks" agree.
    assert line_of_sight(a, b, blockers) == line_of_sight(a, b, blockers.__contains__)


@exact
@given(hexes, hexes)
def test_the_end_hexes_never_block(a: Hex, b: Hex) -> None:
    assert line_of_sight(a, b, {a, b})


def test_a_straight_row_is_blocked_by_any_hex_on_it() -> None:
    assert line(ORIGIN, Hex(3, 0)) == ((ORIGIN,), (Hex(1, 0),), (Hex(2, 0),), (Hex(3, 0),))
    assert not line_of_sight(ORIGIN, Hex(3, 0), {Hex(2, 0)})
    assert line_of_sight(ORIGIN, Hex(3, 0), {Hex(2, -1), Hex(1, 1)})


def test_a_line_along_an_edge_reports_both_hexes_and_is_blocked_only_by_both() -> None:
    # ORIGIN to Hex(2, -1) runs along the edge between Hex(1, -1) and Hex(1, 0).
    assert line(ORIGIN, Hex(2, -1))[1] == (Hex(1, -1), Hex(1, 0))
    assert line_of_sight(ORIGIN, Hex(2, -1), {Hex(1, -1)})
    assert line_of_sight(ORIGIN, Hex(2, -1), {Hex(1, 0)})
    assert not line_of_sight(ORIGIN, Hex(2, -1), {Hex(1, -1), Hex(1, 0)})
    assert line_hexes(ORIGIN, Hex(2, -1)) == (ORIGIN, Hex(1, -1), Hex(1, 0), Hex(2, -1))


def test_a_line_through_a_corner_is_not_blocked_by_the_hex_it_grazes() -> None:
    # ORIGIN to Hex(4, 1) passes exactly through the corner of Hex(1, 0), Hex(2, 0)
    # and Hex(1, 1); Hex(1, 1) is only grazed there.
    graze = (centre(ORIGIN), centre(Hex(4, 1)))
    assert contact(Hex(1, 1), *graze) is Contact.TOUCH
    assert Hex(1, 1) not in line_hexes(ORIGIN, Hex(4, 1))
    assert line_of_sight(ORIGIN, Hex(4, 1), {Hex(1, 1)})


@exact
@given(hexes, hexes)
def test_every_sample_point_lies_in_the_hexes_of_its_step(a: Hex, b: Hex) -> None:
    (ax, ay), (bx, by) = centre(a), centre(b)
    steps = line(a, b)
    for index, step in enumerate(steps):
        t = Fraction(index, max(1, len(steps) - 1))
        sample = point(ax + (bx - ax) * t, ay + (by - ay) * t)
        assert all(contains(h, sample) for h in step)
        assert hexes_at(sample) == step


def test_corners_are_whole_points_shared_by_three_hexes() -> None:
    for spot in corners(ORIGIN):
        assert all(c.denominator == 1 for c in spot)
        assert len(hexes_at(spot)) == 3


def test_contact_tells_crossing_touching_and_missing_apart() -> None:
    start, end = centre(ORIGIN), centre(Hex(3, 0))
    assert contact(Hex(1, 0), start, end) is Contact.CROSS
    assert contact(Hex(1, -1), start, end) is Contact.NONE  # a row's neighbours share no point
    # Along the edge between Hex(1, -1) and Hex(1, 0): both touched, neither crossed.
    edge = (centre(ORIGIN), centre(Hex(2, -1)))
    assert contact(Hex(1, -1), *edge) is Contact.TOUCH
    assert contact(Hex(1, 0), *edge) is Contact.TOUCH


# Senjutsu 1.5, Line Of Sight (p. 14): from either front corner of your hex to any
# corner of theirs; touching terrain or your own hex (past the corner) interrupts.


def test_senjutsu_line_of_sight_reaches_ahead_and_not_behind() -> None:
    assert corner_line_of_sight(ORIGIN, Facing.EAST, Hex(3, 0), set())
    assert corner_line_of_sight(ORIGIN, Facing.EAST, Hex(1, 0), set())
    # Directly behind, every line from the front corners crosses the own hex.
    for behind in (Hex(-1, 0), Hex(-2, 0), Hex(-3, 1)):
        assert not corner_line_of_sight(ORIGIN, Facing.EAST, behind, set())
    # Beside: the hex to the north-west is seen past the north-east corner.
    assert corner_line_of_sight(ORIGIN, Facing.EAST, Hex(0, -1), set())


def test_senjutsu_line_of_sight_is_interrupted_by_touching_terrain() -> None:
    # To Hex(1, 3) the centre line runs along the edge between Hex(0, 2) and the
    # rock on Hex(1, 1): the conventional rule lets it through (one of two blocks),
    # but every corner line of Senjutsu's rule touches the rock somewhere.
    target, rock = Hex(1, 3), Hex(1, 1)
    assert line(ORIGIN, target)[2] == (Hex(0, 2), rock)
    assert line_of_sight(ORIGIN, target, {rock})
    clear = sight_lines(ORIGIN, Facing.EAST, target, set())
    assert clear
    contacts = {contact(rock, start, end) for start, end in clear}
    assert Contact.NONE not in contacts
    assert Contact.TOUCH in contacts  # some lines only touch it, and that is enough
    assert not corner_line_of_sight(ORIGIN, Facing.EAST, target, {rock})


def test_senjutsu_terrain_across_the_row_or_in_the_faced_hex_blinds() -> None:
    assert not corner_line_of_sight(ORIGIN, Facing.EAST, Hex(3, 0), {Hex(2, 0)})
    # A rock in the hex faced holds both front corners: as written, every line
    # touches it, so nothing is seen.
    assert not any(
        corner_line_of_sight(ORIGIN, Facing.EAST, target, {Hex(1, 0)})
        for target in ORIGIN.spiral(3)[2:]
    )


def test_senjutsu_line_of_sight_past_a_rock_beside_the_row() -> None:
    target = Hex(3, 0)
    rock = Hex(2, -1)  # touches the row's upper edge
    lines = sight_lines(ORIGIN, Facing.EAST, target, {rock})
    assert lines  # the lower corners still see
    assert all(contact(rock, start, end) is Contact.NONE for start, end in lines)
    # Fewer lines than in the open.
    assert len(lines) < len(sight_lines(ORIGIN, Facing.EAST, target, set()))


@exact
@given(near, facings, near, st.frozensets(near, max_size=8))
def test_senjutsu_line_of_sight_turns_with_the_board(
    viewer: Hex, facing: Facing, target: Hex, rocks: frozenset[Hex]
) -> None:
    seen = corner_line_of_sight(viewer, facing, target, rocks)
    turned = corner_line_of_sight(
        viewer.rotated(1),
        facing.turn(1),
        target.rotated(1),
        frozenset(r.rotated(1) for r in rocks),
    )
    assert seen == turned
    # More rocks never open a view.
    if not corner_line_of_sight(viewer, facing, target, set()):
        assert not seen


@exact
@given(near, facings, near, st.frozensets(near, max_size=8))
def test_senjutsu_set_and_test_forms_of_terrain_agree(
    viewer: Hex, facing: Facing, target: Hex, rocks: frozenset[Hex]
) -> None:
    assert corner_line_of_sight(viewer, facing, target, rocks) == corner_line_of_sight(
        viewer, facing, target, rocks.__contains__
    )


def test_a_piece_never_sees_its_own_hex() -> None:
    assert not corner_line_of_sight(ORIGIN, Facing.EAST, ORIGIN, set())

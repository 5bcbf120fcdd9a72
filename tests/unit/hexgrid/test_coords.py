"""Axial hexes and facings: the metric and the turns every hex system relies on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import Facing, Hex, turn
from tests.unit.hexgrid.strategies import exact, facings, hexes


@exact
@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_on_the_same_hex(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)


@exact
@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@exact
@given(hexes)
def test_the_six_neighbours_are_at_distance_one_and_distinct(a: Hex) -> None:
    neighbours = a.neighbours()
    assert len(set(neighbours)) == 6
    assert all(a.distance(n) == 1 for n in neighbours)
    assert all(Facing.towards(a, a.neighbour(f)) is f for f in Facing)


@exact
@given(facings, st.integers(-20, 20))
def test_turning_six_hexsides_is_no_turn_and_turns_add_up(facing: Facing, steps: int) -> None:
    assert turn(facing, 6) is facing
    assert turn(facing, -6) is facing
    assert turn(turn(facing, steps), -steps) is facing
    assert facing.turn(steps).turn(1) is facing.turn(steps + 1)


@exact
@given(hexes, hexes, st.integers(-12, 12))
def test_rotation_keeps_distances_and_six_sixths_are_the_identity(
    a: Hex, centre: Hex, steps: int
) -> None:
    assert a.rotated(6, around=centre) == a
    assert a.rotated(steps, around=centre).distance(centre) == a.distance(centre)
    assert a.rotated(steps, around=centre).rotated(-steps, around=centre) == a


@exact
@given(facings)
def test_rotating_a_facing_s_step_gives_the_turned_facing_s_step(facing: Facing) -> None:
    assert facing.vector.rotated(1) == facing.turn(1).vector


@exact
@given(hexes, st.integers(0, 6))
def test_ring_and_spiral_sizes_and_distances(centre: Hex, radius: int) -> None:
    ring = centre.ring(radius)
    assert len(ring) == max(1, 6 * radius)
    assert len(set(ring)) == len(ring)
    assert all(centre.distance(h) == radius for h in ring)
    # Each hex of a ring is next to the one before it, the last next to the first.
    if radius:
        assert all(ring[i - 1].distance(ring[i]) == 1 for i in range(len(ring)))
    spiral = centre.spiral(radius)
    assert len(spiral) == 3 * radius * (radius + 1) + 1
    assert [centre.distance(h) for h in spiral] == sorted(centre.distance(h) for h in spiral)
    assert centre.within(radius) == frozenset(spiral)


def test_the_ring_starts_due_east_and_runs_clockwise() -> None:
    assert Hex(0, 0).ring(1) == tuple(Hex(0, 0).neighbour(f) for f in Facing)


def test_cube_coordinates_sum_to_zero_and_hexes_sort_by_q_then_r() -> None:
    assert Hex(2, -5).cube() == (2, -5, 3)
    assert sorted([Hex(1, -1), Hex(0, 2), Hex(0, -3)]) == [Hex(0, -3), Hex(0, 2), Hex(1, -1)]


@exact
@given(hexes)
def test_a_hex_round_trips_through_json(a: Hex) -> None:
    assert Hex.from_json(a.to_json()) == a


@pytest.mark.parametrize("written", [[1], [1, 2, 3], ["1", 2], [1.0, 2], [True, 0], "1,2", None])
def test_a_malformed_hex_is_refused_with_a_clear_message(written: object) -> None:
    with pytest.raises(ValueError, match=r"\[q, r\]"):
        Hex.from_json(written)


def test_a_hex_is_made_of_whole_numbers_only() -> None:
    with pytest.raises(TypeError):
        Hex(1.5, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Hex(True, 0)

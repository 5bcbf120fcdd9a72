"""Exact geometry checked against an independent reference: hex cells as the
Voronoi cells of the centres (nearest centre, Euclidean, in cube coordinates)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import Contact, Hex, contact
from engine.hexgrid.geometry import Point, hexes_at, meets_only_at_start, point
from tests.unit.hexgrid.strategies import exact

coordinates = st.fractions(min_value=-30, max_value=30, max_denominator=6)
points = st.builds(point, coordinates, coordinates)


def squared_distance(at: Point, hex_: Hex) -> Fraction:
    """Euclidean distance squared in cube coordinates (the plane q + r + s = 0 is
    a scaled copy of the screen, so nearest here is nearest there)."""
    q, r = at[0] / 3, at[1] / 3
    s = -q - r
    return (q - hex_.q) ** 2 + (r - hex_.r) ** 2 + (s - hex_.s) ** 2


def voronoi(at: Point) -> tuple[tuple[Hex, ...], bool]:
    """The nearest hexes to a point, and whether one is strictly nearest."""
    guess = Hex(round(at[0] / 3), round(at[1] / 3))
    candidates = guess.spiral(2)
    best = min(squared_distance(at, h) for h in candidates)
    nearest = tuple(sorted(h for h in candidates if squared_distance(at, h) == best))
    return nearest, len(nearest) == 1


@exact
@given(points)
def test_the_hexes_at_a_point_are_its_nearest_centres(at: Point) -> None:
    assert hexes_at(at) == voronoi(at)[0]


@exact
@given(points, points, st.integers(0, 2), st.integers(0, 5))
def test_contact_agrees_with_points_sampled_along_the_segment(
    start: Point, end: Point, reach: int, towards: int
) -> None:
    hex_ = hexes_at(start)[0].neighbour(towards, reach)
    found = contact(hex_, start, end)
    samples = 48
    for step in range(samples + 1):
        t = Fraction(step, samples)
        at = point(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        nearest, alone = voronoi(at)
        if hex_ in nearest:
            assert found is not Contact.NONE
            if alone:
                assert found is Contact.CROSS
    if found is Contact.NONE:
        assert hex_ not in voronoi(start)[0]
        assert hex_ not in voronoi(end)[0]


@exact
@given(points, points)
def test_a_segment_meets_the_hex_it_starts_in_beyond_its_start_unless_it_leaves_at_once(
    start: Point, end: Point
) -> None:
    for hex_ in hexes_at(start):
        if meets_only_at_start(hex_, start, end) and start != end:
            # Leaving at once: a point just past the start is outside the hex.
            nudge = Fraction(1, 10**6)
            past = point(
                start[0] + (end[0] - start[0]) * nudge, start[1] + (end[1] - start[1]) * nudge
            )
            assert hex_ not in voronoi(past)[0]

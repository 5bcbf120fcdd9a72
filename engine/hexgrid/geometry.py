"""Exact plane geometry of the hex grid, in whole and rational numbers.

Points are written in *third-axial* coordinates: the axial coordinates of the
plane scaled by 3, so that every hex centre and every hex corner has whole
coordinates. Hex ``(q, r)`` is centred on ``(3q, 3r)``; its corners are the
centroids of the triangles it makes with two adjacent neighbours, e.g. the
corner shared with its EAST and SOUTH_EAST neighbours is ``(3q + 1, 3r + 1)``.

The map from pixels to axial coordinates is linear, so whatever is true of
points, segments and convex hexagons on the screen (a segment crosses a hex,
touches it only at its rim, misses it) is true here too, and is decided with
integer cross products and :class:`fractions.Fraction`: no float, no epsilon.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterator
from fractions import Fraction

from engine.hexgrid.coords import Facing, Hex

Point = tuple[Fraction, Fraction]
"""A point of the plane in third-axial coordinates (see the module docstring)."""


class Contact(enum.Enum):
    """How a closed segment meets a closed hex."""

    NONE = "none"
    TOUCH = "touch"  # only on the hex's rim: along an edge, or at a corner
    CROSS = "cross"  # through the hex's inside


def point(x: int | Fraction, y: int | Fraction) -> Point:
    """A point from two coordinates."""
    return (Fraction(x), Fraction(y))


def centre(hex_: Hex) -> Point:
    """The centre of a hex."""
    return point(3 * hex_.q, 3 * hex_.r)


def _corner_offset(index: int) -> tuple[int, int]:
    first, second = Facing(index % 6).vector, Facing((index + 1) % 6).vector
    return (first.q + second.q, first.r + second.r)


_CORNERS: tuple[tuple[int, int], ...] = tuple(_corner_offset(index) for index in range(6))


def corner(hex_: Hex, index: int) -> Point:
    """Corner ``index`` of a hex: the corner between the hexsides ``Facing(index)``
    and ``Facing(index + 1)`` (so corner 0 is between EAST and SOUTH_EAST)."""
    dx, dy = _CORNERS[index % 6]
    return point(3 * hex_.q + dx, 3 * hex_.r + dy)


def corners(hex_: Hex) -> tuple[Point, ...]:
    """The six corners, clockwise from corner 0."""
    return tuple(corner(hex_, index) for index in range(6))


def front_corners(hex_: Hex, facing: Facing) -> tuple[Point, Point]:
    """The two corners of the hexside a piece in ``hex_`` faces (left, then right)."""
    return (corner(hex_, facing - 1), corner(hex_, facing))


def _half_planes() -> tuple[tuple[int, int, int], ...]:
    """``(a, b, c)`` per edge of the hex at the origin: a point ``(x, y)`` is in
    the closed hex iff ``a x + b y <= c`` for all six."""
    planes = []
    for index in range(6):
        (px, py), (qx, qy) = _CORNERS[index], _CORNERS[(index + 1) % 6]
        dx, dy = qx - px, qy - py
        # cross((dx, dy), (x - px, y - py)) = dx (y - py) - dy (x - px); the centre
        # (0, 0) is inside, so the inside is where the cross product has the centre's sign.
        a, b, c = -dy, dx, -dy * px + dx * py  # cross = a x + b y - c
        sign = 1 if -c > 0 else -1  # cross at the centre is -c
        # inside: sign * (a x + b y - c) >= 0, i.e. (-sign a) x + (-sign b) y <= -sign c
        planes.append((-sign * a, -sign * b, -sign * c))
    return tuple(planes)


_PLANES = _half_planes()


def contains(hex_: Hex, at: Point) -> bool:
    """Whether the closed hex (its inside and its rim) holds the point."""
    x, y = at[0] - 3 * hex_.q, at[1] - 3 * hex_.r
    return all(a * x + b * y <= c for a, b, c in _PLANES)


def hexes_at(at: Point) -> tuple[Hex, ...]:
    """The hexes whose closed area holds a point, sorted: one inside a hex, two
    on an edge, three at a corner.

    >>> hexes_at(point(Fraction(3, 2), Fraction(3, 2)))
    (Hex(q=0, r=1), Hex(q=1, r=0))
    """
    nearest = _cube_round(at[0] / 3, at[1] / 3)
    found = sorted(hex_ for hex_ in nearest.spiral(1) if contains(hex_, at))
    if not found:  # pragma: no cover - cube rounding always lands next to the point
        raise AssertionError(f"no hex holds {at}")
    return tuple(found)


def _cube_round(q: Fraction, r: Fraction) -> Hex:
    """The hex nearest a fractional axial position (Red Blob's cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


def contact(hex_: Hex, start: Point, end: Point) -> Contact:
    """How the closed segment ``start``-``end`` meets the closed hex."""
    closed, inside = _parameter_ranges(hex_, start, end)
    if inside:
        return Contact.CROSS
    return Contact.TOUCH if closed is not None else Contact.NONE


def meets_only_at_start(hex_: Hex, start: Point, end: Point) -> bool:
    """Whether the segment leaves the hex at once: it meets the closed hex at its
    starting point and nowhere else (a line drawn from a corner of a piece's own
    hex, away from it)."""
    closed, inside = _parameter_ranges(hex_, start, end)
    if start == end:
        return closed is not None and not inside
    return closed == (Fraction(0), Fraction(0))


def _parameter_ranges(
    hex_: Hex, start: Point, end: Point
) -> tuple[tuple[Fraction, Fraction] | None, bool]:
    """For the points ``start + t (end - start)``, ``0 <= t <= 1``: the range of
    ``t`` in the closed hex (or None), and whether some ``t`` is strictly inside."""
    ox, oy = start[0] - 3 * hex_.q, start[1] - 3 * hex_.r
    dx, dy = end[0] - start[0], end[1] - start[1]
    # Each edge gives g(t) = alpha + beta t, with the closed hex where g <= 0 and
    # its inside where g < 0. The ends 0 and 1 are closed bounds, every edge's a
    # strict one for the inside: so the inside is met iff ``low < high`` (a strict
    # bound equal to the other end leaves nothing), the closed hex iff ``low <= high``.
    low, high = Fraction(0), Fraction(1)
    inside_possible = True
    for a, b, c in _PLANES:
        alpha = a * ox + b * oy - c
        beta = a * dx + b * dy
        if beta == 0:
            if alpha > 0:
                return None, False
            if alpha == 0:
                inside_possible = False  # runs along this edge's line
            continue
        bound = -alpha / beta
        if beta > 0:
            high = min(high, bound)
        else:
            low = max(low, bound)
    if low > high:
        return None, False
    return (low, high), inside_possible and low < high


def hexes_near_segment(start: Point, end: Point) -> Iterator[Hex]:
    """Every hex that could meet the segment (its bounding box, one hex wider),
    in canonical order; callers test each with :func:`contact`."""
    low_x, high_x = sorted((start[0], end[0]))
    low_y, high_y = sorted((start[1], end[1]))
    # A hex reaches 2 units (in third-axial coordinates) from its centre.
    for q in range(math.floor((low_x - 2) / 3), math.ceil((high_x + 2) / 3) + 1):
        for r in range(math.floor((low_y - 2) / 3), math.ceil((high_y + 2) / 3) + 1):
            yield Hex(q, r)

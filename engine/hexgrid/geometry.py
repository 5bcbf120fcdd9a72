"""Exact plane geometry of the hex grid, in whole and rational numbers.

Points are written in *third-axial* coordinates: the axial coordinates of the
plane scaled by 3, so that every hex centre and every hex corner has whole
coordinates. Hex ``(q, r)`` is centred on ``(3q, 3r)``; its corners are the
centroids of the triangles it makes with two adjacent neighbours, e.g. the
corner shared with its EAST and SOUTH_EAST neighbours is ``(3q + 1, 3r + 1)``.

The map from pixels to axial coordinates is linear, so whatever is true of
points, segments and convex hexagons on the screen (a segment crosses a hex,
touches it only at its rim, misses it) is true here too, and is decided with
whole-number arithmetic: no float, no epsilon. Public functions take and give
points as :class:`fractions.Fraction` pairs; the hot paths (line drawing,
contact tests) work on :data:`Scaled` points, whole numbers over a common
denominator, and compare ratios by cross-multiplying.
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


Scaled = tuple[int, int, int]
"""A point as whole numbers ``(X, Y, D)``, ``D > 0``: the point ``(X / D, Y / D)``.
The hot paths (line drawing, contact tests) compute in these, never in Fractions."""


def scaled(at: Point) -> Scaled:
    """A point over a common whole denominator."""
    x, y = Fraction(at[0]), Fraction(at[1])
    d = math.lcm(x.denominator, y.denominator)
    return (x.numerator * (d // x.denominator), y.numerator * (d // y.denominator), d)


def _inside_test(hex_: Hex, at: Scaled, strict: bool = False) -> bool:
    x, y, d = at
    x, y = x - 3 * hex_.q * d, y - 3 * hex_.r * d
    if strict:
        return all(a * x + b * y < c * d for a, b, c in _PLANES)
    return all(a * x + b * y <= c * d for a, b, c in _PLANES)


def contains(hex_: Hex, at: Point) -> bool:
    """Whether the closed hex (its inside and its rim) holds the point."""
    return _inside_test(hex_, scaled(at))


def hexes_at(at: Point) -> tuple[Hex, ...]:
    """The hexes whose closed area holds a point, sorted: one inside a hex, two
    on an edge, three at a corner.

    >>> hexes_at(point(Fraction(3, 2), Fraction(3, 2)))
    (Hex(q=0, r=1), Hex(q=1, r=0))
    """
    return hexes_at_scaled(scaled(at))


def hexes_at_scaled(at: Scaled) -> tuple[Hex, ...]:
    """:func:`hexes_at` for a point over a whole denominator."""
    nearest = _cube_round(at)
    if _inside_test(nearest, at, strict=True):
        return (nearest,)  # the usual case: well inside one hex
    found = sorted(hex_ for hex_ in nearest.spiral(1) if _inside_test(hex_, at))
    if not found:  # pragma: no cover - cube rounding always lands next to the point
        raise AssertionError(f"no hex holds {at}")
    return tuple(found)


def _nearest_whole(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (denominator > 0) rounded, halves up."""
    return (2 * numerator + denominator) // (2 * denominator)


def _cube_round(at: Scaled) -> Hex:
    """The hex nearest a point (Red Blob's cube rounding): axial ``q = X / 3D``,
    ``r = Y / 3D``, all in whole numbers scaled by ``3D``."""
    x, y, d = at
    scale = 3 * d
    rq, rr, rs = (_nearest_whole(x, scale), _nearest_whole(y, scale), _nearest_whole(-x - y, scale))
    dq, dr, ds = abs(rq * scale - x), abs(rr * scale - y), abs(rs * scale + x + y)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


def contact(hex_: Hex, start: Point, end: Point) -> Contact:
    """How the closed segment ``start``-``end`` meets the closed hex."""
    return contact_scaled(hex_, *_common(start, end))


def contact_scaled(hex_: Hex, start: Scaled, end: Scaled) -> Contact:
    """:func:`contact` for two points over the same whole denominator."""
    ranges = _parameter_ranges(hex_, start, end)
    if ranges is None:
        return Contact.NONE
    return Contact.CROSS if ranges[2] else Contact.TOUCH


def meets_only_at_start(hex_: Hex, start: Point, end: Point) -> bool:
    """Whether the segment leaves the hex at once: it meets the closed hex at its
    starting point and nowhere else (a line drawn from a corner of a piece's own
    hex, away from it)."""
    return meets_only_at_start_scaled(hex_, *_common(start, end))


def meets_only_at_start_scaled(hex_: Hex, start: Scaled, end: Scaled) -> bool:
    """:func:`meets_only_at_start` for two points over the same whole denominator."""
    ranges = _parameter_ranges(hex_, start, end)
    if ranges is None:
        return False
    low, high, inside = ranges
    if start == end:
        return not inside
    return low[0] == 0 and high[0] == 0


def _common(start: Point, end: Point) -> tuple[Scaled, Scaled]:
    """Both points over one whole denominator."""
    x1, y1, d1 = scaled(start)
    x2, y2, d2 = scaled(end)
    d = math.lcm(d1, d2)
    return (x1 * (d // d1), y1 * (d // d1), d), (x2 * (d // d2), y2 * (d // d2), d)


Ratio = tuple[int, int]  # (numerator, denominator > 0), compared by cross products


def _parameter_ranges(hex_: Hex, start: Scaled, end: Scaled) -> tuple[Ratio, Ratio, bool] | None:
    """For the points ``start + t (end - start)``, ``0 <= t <= 1`` (both points
    over the same denominator ``D``): the range of ``t`` in the closed hex, low
    and high as ratios, and whether some ``t`` is strictly inside; None when the
    segment misses the hex."""
    x1, y1, d = start
    x2, y2, _ = end
    ox, oy = x1 - 3 * hex_.q * d, y1 - 3 * hex_.r * d
    dx, dy = x2 - x1, y2 - y1
    # Each edge gives g(t) = alpha + beta t (times D), with the closed hex where
    # g <= 0 and its inside where g < 0. The ends 0 and 1 are closed bounds, each
    # edge's a strict one for the inside: so the inside is met iff ``low < high``
    # (a strict bound equal to the other end leaves nothing), the closed hex iff
    # ``low <= high``.
    low_n, low_d, high_n, high_d = 0, 1, 1, 1
    inside_possible = True
    for a, b, c in _PLANES:
        alpha = a * ox + b * oy - c * d
        beta = a * dx + b * dy
        if beta == 0:
            if alpha > 0:
                return None
            if alpha == 0:
                inside_possible = False  # runs along this edge's line
            continue
        # bound = -alpha / beta, kept with a positive denominator
        num, den = (-alpha, beta) if beta > 0 else (alpha, -beta)
        if beta > 0:
            if num * high_d < high_n * den:
                high_n, high_d = num, den
        elif num * low_d > low_n * den:
            low_n, low_d = num, den
    if low_n * high_d > high_n * low_d:
        return None
    inside = inside_possible and low_n * high_d < high_n * low_d
    return (low_n, low_d), (high_n, high_d), inside


def hexes_near(first: Hex, second: Hex) -> Iterator[Hex]:
    """Every hex that could meet a segment between any point of ``first`` and
    any point of ``second`` (the box around both, one hex wider), in canonical
    order; callers test each with :func:`contact`."""
    # In third-axial coordinates a hex reaches 2 from its centre: a hex meeting
    # the box of both hexes has its centre within 4 of it.
    low_q, high_q = sorted((first.q, second.q))
    low_r, high_r = sorted((first.r, second.r))
    for q in range(low_q - 2, high_q + 3):
        for r in range(low_r - 2, high_r + 3):
            yield Hex(q, r)

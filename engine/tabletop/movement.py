"""Kensei geometry: paths, sweeps, the table's edges, melee, formation and control
areas ("Move", "Crossing obstacles", "Melee combat", "Unit formation")."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from engine.tabletop.bases import (
    CM,
    EPSILON,
    QUAD_SEGS,
    XY,
    Base,
    FloatXY,
    _extent,
    _round_half_away,
    footprint,
    within,
)
from engine.tabletop.orientation import facing_centre_of, rotate

# -- paths ("Move", "Crossing obstacles") -------------------------------------------------


def path_length(start_xy: Sequence[float], waypoints: Sequence[Sequence[float]]) -> float:
    """Length of the polyline from the start through the waypoints ("Move": "it can
    change direction in the middle of the movement as many times as you want")."""
    total = 0.0
    previous = start_xy
    for point in waypoints:
        total += math.hypot(point[0] - previous[0], point[1] - previous[1])
        previous = point
    return total


def position_along(path: Sequence[Sequence[float]], distance: float) -> XY:
    """The point ``distance`` along the polyline ``path`` (its first point is the
    start), each coordinate rounded half away from zero; the last point if the path is
    shorter. Used to stop a charge or a move short.

    >>> position_along([(0, 0), (100, 0), (100, 100)], 150)
    (100, 50)
    """
    if not path:
        raise ValueError("position_along needs a path of at least one point")
    remaining = max(0.0, distance)
    for first, second in pairwise(path):
        leg = math.hypot(second[0] - first[0], second[1] - first[1])
        if leg > 0 and remaining <= leg:
            fraction = remaining / leg
            return (
                _round_half_away(first[0] + (second[0] - first[0]) * fraction),
                _round_half_away(first[1] + (second[1] - first[1]) * fraction),
            )
        remaining -= leg
    last = path[-1]
    return (_round_half_away(last[0]), _round_half_away(last[1]))


def sweep(base: Base, waypoints: Sequence[XY], final_facing: int | None = None) -> Polygon:
    """The area the base covers moving from its position along the waypoints
    ("Crossing obstacles": "A miniature crosses an obstacle when its base touches (even
    minimally) that obstacle").

    Interpretation: the miniature may turn to face its movement while it moves ("it
    will be faced wherever you want"), so the sweep is the band of width ``size``
    around the path (round joins and caps: the path grown by ``size/2``), plus the
    footprints at the start (facing as now) and at the end (facing ``final_facing``,
    default unchanged), which add a square's corners outside the band (and make the
    polygon contain both footprints exactly). The corners of a square turning on the
    spot are not swept. Without movement it is the footprint (the union of both
    footprints if the base turns). For the exact test of a round base against scenery
    and bases, see ``Scene.path_scenery``/``path_bases``.
    """
    return _sweep(base, tuple((x, y) for x, y in waypoints), final_facing)


@lru_cache(maxsize=1024)
def _sweep(base: Base, waypoints: tuple[XY, ...], final_facing: int | None) -> Polygon:
    """:func:`sweep`, remembered: every check of a move asks for the same sweeps."""
    distinct = [(base.x, base.y)]
    for x, y in waypoints:
        if (x, y) != distinct[-1]:
            distinct.append((x, y))
    if len(distinct) == 1:
        turned = base if final_facing is None else rotate(base, final_facing)
        if turned.facing == base.facing:
            return footprint(base)
        turning = shapely.union_all([footprint(base), footprint(turned)])
        if not isinstance(turning, Polygon):  # pragma: no cover - both share the centre
            raise AssertionError(f"a sweep should be one polygon, got {turning.geom_type}")
        return turning
    band = LineString(distinct).buffer(base.size / 2, quad_segs=QUAD_SEGS)
    facing = base.facing if final_facing is None else final_facing % 3600
    end = Base(distinct[-1][0], distinct[-1][1], facing, base.shape, base.size, base.height)
    merged = shapely.union_all([band, footprint(base), footprint(end)])
    if not isinstance(merged, Polygon):  # pragma: no cover - the parts always overlap
        raise AssertionError(f"a sweep should be one polygon, got {merged.geom_type}")
    return merged


SURE = 1e-3
"""Margin (tenths of a millimetre) by which a bound on a distance must clear a threshold
to settle a question without the exact distance or polygon: far above the float error
of either."""
_INNER = 0.99
"""A :func:`sweep` holds every point nearer to the path than this share of the base's
half size: its round caps and joins are polygons whose chords stay within
cos(pi / 64) = 0.9988 of the radius."""


def _point_path_distance(px: float, py: float, path: Sequence[FloatXY]) -> float:
    """Distance from a point to a polyline (a single point if the path has one)."""
    if len(path) == 1:
        return math.hypot(px - path[0][0], py - path[0][1])
    best = math.inf
    for (ax, ay), (bx, by) in pairwise(path):
        vx, vy = bx - ax, by - ay
        length2 = vx * vx + vy * vy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / length2))
        best = min(best, math.hypot(px - (ax + t * vx), py - (ay + t * vy)))
    return best


def _path_geometry(path: Sequence[FloatXY]) -> BaseGeometry:
    return LineString(path) if len(path) > 1 else Point(path[0])


def on_table(base: Base, width: int, height: int) -> bool:
    """The whole base is on the table ("Movement Orders": "No command can make them
    leave the table"); touching the table's edge is on it."""
    ext_x = _extent(base, 1.0, 0.0)
    ext_y = _extent(base, 0.0, 1.0)
    return (
        base.x - ext_x >= -EPSILON
        and base.y - ext_y >= -EPSILON
        and base.x + ext_x <= width + EPSILON
        and base.y + ext_y <= height + EPSILON
    )


# -- melee, formation, control area ----------------------------------------------------


def engaged(a: Base, b: Base, reach: int) -> bool:
    """In contact for a melee: the edges are ``reach`` or less apart and at least one
    of the two faces the centre of the other's base (see :func:`facing_centre_of`).
    Whether they are enemies is the ruleset's business."""
    return within(a, b, reach) and (facing_centre_of(a, b) or facing_centre_of(b, a))


def isolated(bases: Sequence[Base], i: int, reach: int) -> bool:
    """No other miniature of the unit within ``reach`` of miniature ``i``."""
    return not any(within(bases[i], other, reach) for j, other in enumerate(bases) if j != i)


def control_area(base: Base, mov_cm: int) -> Polygon:
    """ "Control area": the area within MOV cm of the base's border."""
    if base.shape == "round":
        return Point(base.x, base.y).buffer(base.size / 2 + mov_cm * CM, quad_segs=QUAD_SEGS)
    return footprint(base).buffer(mov_cm * CM, quad_segs=QUAD_SEGS)


def in_control_area(base: Base, mov_cm: int, other: Base) -> bool:
    """Some of ``other``'s base is within MOV cm of ``base`` (exact, inclusive)."""
    return within(base, other, mov_cm * CM)

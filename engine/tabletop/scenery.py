"""Kensei geometry, the scenery: a point or a polyline against a simple polygon, in
plain Python, and the index a :class:`~engine.tabletop.scene.Scene` keeps of a
table's scenery (prepared polygons, bounds, blockers for line of sight).

The hot questions of movement ("does this round base, moving along this path,
touch that obstacle?", "does it end standing over it?") are a handful of
segment distances each, and asking shapely costs more in call overhead than the
arithmetic. These functions answer them with the formulas GEOS uses (point to
segment distance as ``Distance::pointToSegment``, a coordinate distance as
``sqrt(dx * dx + dy * dy)``), so the answers are those shapely gives; the
orientation tests that decide whether segments cross are exact, on integers.

Every vertex here is an integer point (table units), as scenery vertices,
positions and waypoints all are.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely import STRtree
from shapely.geometry import Polygon

from engine.tabletop.bases import (
    CUT_TOLERANCE,
    EPSILON,
    FloatXY,
    Scenery,
    scenery_polygon,
)

IntXY = tuple[int, int]


def point_segment_distance(px: int, py: int, a: IntXY, b: IntXY) -> float:
    """Distance from a point to the segment ab (GEOS ``Distance::pointToSegment``)."""
    ax, ay = a
    bx, by = b
    if ax == bx and ay == by:
        return math.sqrt((px - ax) * (px - ax) + (py - ay) * (py - ay))
    dx, dy = bx - ax, by - ay
    length2 = float(dx * dx + dy * dy)
    r = ((px - ax) * dx + (py - ay) * dy) / length2
    if r <= 0.0:
        return math.sqrt((px - ax) * (px - ax) + (py - ay) * (py - ay))
    if r >= 1.0:
        return math.sqrt((px - bx) * (px - bx) + (py - by) * (py - by))
    s = ((ay - py) * dx - (ax - px) * dy) / length2
    return abs(s) * math.sqrt(length2)


def _orientation(a: IntXY, b: IntXY, c: IntXY) -> int:
    """Sign of the turn a -> b -> c (exact: integers)."""
    cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (cross > 0) - (cross < 0)


def _on_segment(a: IntXY, b: IntXY, p: IntXY) -> bool:
    """A point collinear with the segment ab lies on it."""
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_meet(a: IntXY, b: IntXY, c: IntXY, d: IntXY) -> bool:
    """The closed segments ab and cd share a point (exact)."""
    o1 = _orientation(a, b, c)
    o2 = _orientation(a, b, d)
    o3 = _orientation(c, d, a)
    o4 = _orientation(c, d, b)
    if o1 != o2 and o3 != o4:
        return True
    return (
        (o1 == 0 and _on_segment(a, b, c))
        or (o2 == 0 and _on_segment(a, b, d))
        or (o3 == 0 and _on_segment(c, d, a))
        or (o4 == 0 and _on_segment(c, d, b))
    )


def strictly_inside(point: IntXY, ring: Sequence[IntXY]) -> bool:
    """The point lies inside the polygon and not on its border (exact)."""
    inside = False
    py = point[1]
    count = len(ring)
    for i in range(count):
        a = ring[i]
        b = ring[(i + 1) % count]
        turn = _orientation(a, b, point)
        if turn == 0 and _on_segment(a, b, point):
            return False
        if (a[1] > py) != (b[1] > py) and (turn > 0) == (b[1] > a[1]):
            inside = not inside
    return inside


def meets(point: IntXY, ring: Sequence[IntXY]) -> bool:
    """The point lies inside the polygon or on its border (exact)."""
    count = len(ring)
    for i in range(count):
        a, b = ring[i], ring[(i + 1) % count]
        if _orientation(a, b, point) == 0 and _on_segment(a, b, point):
            return True
    return strictly_inside(point, ring)


def border_distance(point: IntXY, ring: Sequence[IntXY]) -> float:
    """Distance from a point to the polygon's border (its exterior ring)."""
    px, py = point
    count = len(ring)
    return min(point_segment_distance(px, py, ring[i], ring[(i + 1) % count]) for i in range(count))


def path_within(ring: Sequence[IntXY], path: Sequence[IntXY], limit: float) -> bool:
    """The polyline (a single point if it has one) comes ``limit`` or less from the
    polygon, its inside included: shapely's ``dwithin(polygon, path, limit)``.

    A path of several points that are all the same is a degenerate line, which GEOS
    only finds within a distance of a polygon when it meets the polygon; so does this
    (it is what the rules have always answered for a path standing still)."""
    if len(path) > 1 and all(p == path[0] for p in path):
        return meets(path[0], ring)
    count = len(ring)
    edges = [(ring[i], ring[(i + 1) % count]) for i in range(count)]
    legs = list(pairwise(path)) or [(path[0], path[0])]
    for a, b in legs:
        for c, d in edges:
            if segments_meet(a, b, c, d):
                return True
    if strictly_inside(path[0], ring):
        return True
    for a, b in legs:
        lx0, lx1 = min(a[0], b[0]) - limit, max(a[0], b[0]) + limit
        ly0, ly1 = min(a[1], b[1]) - limit, max(a[1], b[1]) + limit
        for c, d in edges:
            if (
                max(c[0], d[0]) < lx0
                or min(c[0], d[0]) > lx1
                or max(c[1], d[1]) < ly0
                or min(c[1], d[1]) > ly1
            ):
                continue  # the edge's box is farther than the limit from the leg's
            if (
                point_segment_distance(a[0], a[1], c, d) <= limit
                or point_segment_distance(b[0], b[1], c, d) <= limit
                or point_segment_distance(c[0], c[1], a, b) <= limit
                or point_segment_distance(d[0], d[1], a, b) <= limit
            ):
                return True
    return False


# -- the index of a table's scenery ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _SceneryIndex:
    """Everything about the scenery that a Scene needs, built once per scenery tuple."""

    scenery: tuple[Scenery, ...]
    polygons: NDArray[np.object_]
    points: tuple[tuple[FloatXY, ...], ...]
    """The vertices of each polygon (not repeated at the end)."""
    vertices: tuple[tuple[FloatXY, ...], ...]
    """The vertices of each blocker (the polygon grown by CUT_TOLERANCE)."""
    blockers: tuple[Polygon, ...]
    blocker_bounds: tuple[tuple[float, float, float, float], ...]
    convex: tuple[bool, ...]
    bounds: tuple[tuple[float, float, float, float], ...]
    heights: tuple[int, ...]
    tree: STRtree
    circles: tuple[tuple[float, float, float], ...]
    """A circle holding each polygon: the centre of its bounds, a radius 1 unit more
    than its farthest vertex (a quick, exact-safe filter)."""


@lru_cache(maxsize=64)
def _scenery_index(scenery: tuple[Scenery, ...]) -> _SceneryIndex:
    polygons = np.array([scenery_polygon(s) for s in scenery], dtype=object)
    shapely.prepare(polygons)
    blockers = tuple(p.buffer(CUT_TOLERANCE, join_style="mitre") for p in polygons.tolist())
    bounds = (
        tuple(
            (float(b[0]), float(b[1]), float(b[2]), float(b[3]))
            for b in shapely.bounds(polygons).tolist()
        )
        if len(scenery)
        else ()
    )
    return _SceneryIndex(
        scenery=scenery,
        polygons=polygons,
        points=tuple(
            tuple((float(x), float(y)) for x, y in p.exterior.coords[:-1])
            for p in polygons.tolist()
        ),
        vertices=tuple(tuple((float(x), float(y)) for x, y in b.exterior.coords) for b in blockers),
        blockers=blockers,
        convex=tuple(bool(p.convex_hull.area - p.area <= EPSILON) for p in polygons.tolist()),
        blocker_bounds=tuple(
            (b.bounds[0], b.bounds[1], b.bounds[2], b.bounds[3]) for b in blockers
        ),
        bounds=bounds,
        heights=tuple(s.height for s in scenery),
        tree=STRtree(polygons),
        circles=tuple(_circle(s.points) for s in scenery),
    )


def _circle(points: tuple[tuple[int, int], ...]) -> tuple[float, float, float]:
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return cx, cy, max(math.hypot(x - cx, y - cy) for x, y in points) + 1.0

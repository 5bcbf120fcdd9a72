"""Kensei geometry, the bases: units and conventions, bases and scenery, footprints
and the distances between them ("Distance and Measurements").

See :mod:`engine.kensei.geometry` for the conventions every module relies on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeAlias

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

Shape: TypeAlias = Literal["round", "square"]
SceneryKind: TypeAlias = Literal["normal", "difficult", "impassable"]
Sight: TypeAlias = Literal["total", "partial", "none"]
Side: TypeAlias = Literal["front", "flank", "rear"]
MiniatureId: TypeAlias = str
XY: TypeAlias = tuple[int, int]
FloatXY: TypeAlias = tuple[float, float]

EPSILON = 1e-6
"""Tolerance (tenths of a millimetre) of every comparison of a float with a threshold."""
CM = 100
"""One centimetre in table units (tenths of a millimetre)."""
QUAD_SEGS = 16
"""Segments per quarter circle of a round footprint (64 vertices, all on the circle)."""
CUT_TOLERANCE = 1.0
"""Blockers are grown by 0.1 mm in the "cut across" test of line of sight, so that
touching bases and the polygon approximation of circles leave no hair-thin gaps."""

_SQRT2 = math.sqrt(2.0)
_CIRCUMSCRIBE = math.cos(math.pi / (4 * QUAD_SEGS))
"""Inscribed over circumscribed radius of a round footprint's polygon."""


def _unit_vectors() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """cos/sin of every facing, exact on the axes (0, 900, 1800, 2700)."""
    first = [(math.cos(math.radians(f / 10)), math.sin(math.radians(f / 10))) for f in range(900)]
    first[0] = (1.0, 0.0)
    cos: list[float] = []
    sin: list[float] = []
    for quadrant in range(4):
        for c, s in first:
            rotated = ((c, s), (-s, c), (-c, -s), (s, -c))[quadrant]
            cos.append(rotated[0])
            sin.append(rotated[1])
    return tuple(cos), tuple(sin)


_COS, _SIN = _unit_vectors()


def _round_half_away(value: float) -> int:
    """Round to the nearest int, halves away from zero (deterministic, unlike banker's)."""
    return math.floor(abs(value) + 0.5) * (1 if value >= 0 else -1)


@dataclass(frozen=True, slots=True)
class Base:
    """A miniature's base on the table ("Orientation of a miniature", "Troops").

    ``size`` is the diameter (round) or side (square), ``height`` the troop's volume.

    >>> Base(1000, 2000, 900, "round", 250, 2).radius
    125.0
    """

    x: int
    y: int
    facing: int
    shape: Shape
    size: int
    height: int

    def __post_init__(self) -> None:
        if self.shape not in ("round", "square"):
            raise ValueError(f"a base is round or square, not {self.shape!r}")
        if self.size <= 0 or self.height < 1:
            raise ValueError(f"a base needs a positive size and height >= 1: {self}")
        if not 0 <= self.facing < 3600:
            raise ValueError(f"facing must be in [0, 3600) tenths of a degree: {self.facing}")

    # The dataclass's own comparison and hash, written out so that they are compiled
    # with the engine (bases are hashed and compared as keys of remembered answers).
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Base):
            return NotImplemented
        return (
            self.x == other.x
            and self.y == other.y
            and self.facing == other.facing
            and self.shape == other.shape
            and self.size == other.size
            and self.height == other.height
        )

    def __hash__(self) -> int:
        return hash((self.x, self.y, self.facing, self.shape, self.size, self.height))

    @property
    def radius(self) -> float:
        """Half the size: the radius of a round base, the half-side of a square one."""
        return self.size / 2

    @property
    def bound(self) -> float:
        """Radius of the smallest circle about the centre containing the base."""
        return self.size / 2 if self.shape == "round" else self.size / 2 * _SQRT2


@dataclass(frozen=True, slots=True)
class Scenery:
    """A scenery element: a simple polygon with integer vertices ("Obstacles",
    "Crossing obstacles"). ``kind`` says how it is crossed, ``height`` how it hides."""

    id: str
    kind: SceneryKind
    height: int
    points: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if self.kind not in ("normal", "difficult", "impassable"):
            raise ValueError(f"scenery {self.id}: unknown kind {self.kind!r}")
        if len(self.points) < 3:
            raise ValueError(f"scenery {self.id}: a polygon needs at least 3 points")

    @property
    def polygon(self) -> Polygon:
        return scenery_polygon(self)


@lru_cache(maxsize=1024)
def scenery_polygon(scenery: Scenery) -> Polygon:
    """The scenery's polygon (checked simple and non-empty), cached."""
    polygon = Polygon(scenery.points)
    if not polygon.is_valid or polygon.area <= 0:
        raise ValueError(f"scenery {scenery.id}: not a simple polygon: {scenery.points}")
    return polygon


def impassable_for(scenery: Scenery, height: int) -> bool:
    """ "Crossing obstacles": impassable scenery, or "elements taller than the miniature".

    Height makes *normal* obstacles (walls, fences, hedges) impassable: those are
    climbed over ("Climb"). Difficult terrain (woods, rivers, crops) is an area a
    miniature moves into, so its height only matters for line of sight."""
    return scenery.kind == "impassable" or (scenery.kind == "normal" and scenery.height > height)


# -- footprints and distances ("Distance and Measurements") -------------------------------


def centre(base: Base) -> XY:
    """The centre of the base: the pivot of rotations, the end of sight lines."""
    return (base.x, base.y)


def direction(facing: int) -> FloatXY:
    """The unit vector of a facing (exact on the axes)."""
    return (_COS[facing % 3600], _SIN[facing % 3600])


@lru_cache(maxsize=8192)
def corners(base: Base) -> tuple[FloatXY, ...]:
    """The four corners of a square base, counter-clockwise starting from the front-right
    one (for a round base: those of the square circumscribing it, turned the same way)."""
    c, s = direction(base.facing)
    h = base.size / 2
    out: list[FloatXY] = []
    for lx, ly in ((h, -h), (h, h), (-h, h), (-h, -h)):
        out.append((base.x + lx * c - ly * s, base.y + lx * s + ly * c))
    return tuple(out)


@lru_cache(maxsize=8192)
def footprint(base: Base) -> Polygon:
    """The base as a polygon ("Distance and Measurements": distances are measured
    between the nearest borders of the bases).

    Square: the exact square, rotated by the facing. Round: 64 vertices on the circle
    (``quad_segs=16``); distances and touches of round bases are computed on the exact
    circle elsewhere, this polygon serves areas and polygon operations.
    """
    if base.shape == "square":
        polygon = Polygon(corners(base))
    else:
        polygon = Point(base.x, base.y).buffer(base.size / 2, quad_segs=QUAD_SEGS)
    shapely.prepare(polygon)
    return polygon


@lru_cache(maxsize=8192)
def _blocker(base: Base) -> Polygon:
    """The footprint used to decide whether a base cuts a sight band: the circle's
    polygon circumscribes the circle, and everything is grown by CUT_TOLERANCE."""
    if base.shape == "square":
        return Polygon(corners(base)).buffer(CUT_TOLERANCE, join_style="mitre")
    radius = base.size / 2 / _CIRCUMSCRIBE + CUT_TOLERANCE
    return Point(base.x, base.y).buffer(radius, quad_segs=QUAD_SEGS)


@lru_cache(maxsize=8192)
def _blocker_ring(base: Base) -> tuple[FloatXY, ...]:
    """The vertices of :func:`_blocker` (its exterior ring, the first repeated last)."""
    return tuple((float(x), float(y)) for x, y in _blocker(base).exterior.coords)


def _point_distance(base: Base, px: float, py: float) -> float:
    """Distance from a point to the base (0 inside or on the border)."""
    dx = px - base.x
    dy = py - base.y
    half = base.size / 2
    if base.shape == "round":
        return max(0.0, math.hypot(dx, dy) - half)
    c, s = _COS[base.facing], _SIN[base.facing]
    lx = abs(dx * c + dy * s) - half
    ly = abs(-dx * s + dy * c) - half
    return math.hypot(max(lx, 0.0), max(ly, 0.0))


def _extent(base: Base, ux: float, uy: float) -> float:
    """Half the width of the base's projection on the unit vector (ux, uy)."""
    if base.shape == "round":
        return base.size / 2
    c, s = _COS[base.facing], _SIN[base.facing]
    return base.size / 2 * (abs(ux * c + uy * s) + abs(-ux * s + uy * c))


def _square_gap(a: Base, b: Base) -> float:
    """Largest separation of two squares' projections over the four SAT axes
    (> 0: apart; <= 0: touching or overlapping, -penetration)."""
    dx = b.x - a.x
    dy = b.y - a.y
    gap = -math.inf
    for facing in (a.facing, (a.facing + 900) % 3600, b.facing, (b.facing + 900) % 3600):
        ux, uy = _COS[facing], _SIN[facing]
        separation = abs(dx * ux + dy * uy) - _extent(a, ux, uy) - _extent(b, ux, uy)
        gap = max(gap, separation)
    return gap


def edge_distance(a: Base, b: Base) -> float:
    """Distance between the nearest borders of two bases, 0 if they touch or overlap
    ("Distance and Measurements"). Exact for circles, circle-square and squares.

    >>> edge_distance(Base(0, 0, 0, "round", 250, 2), Base(500, 0, 0, "round", 250, 2))
    250.0
    """
    if a.shape == "round" and b.shape == "round":
        return max(0.0, math.hypot(b.x - a.x, b.y - a.y) - (a.size + b.size) / 2)
    if a.shape == "round":
        return max(0.0, _point_distance(b, a.x, a.y) - a.size / 2)
    if b.shape == "round":
        return max(0.0, _point_distance(a, b.x, b.y) - b.size / 2)
    if _square_gap(a, b) <= 0:
        return 0.0
    a_to_b = [_point_distance(b, px, py) for px, py in corners(a)]
    b_to_a = [_point_distance(a, px, py) for px, py in corners(b)]
    return min(a_to_b + b_to_a)


def within(a: Base, b: Base, limit: int) -> bool:
    """``limit`` (tenths of mm) or less between the nearest borders, inclusive and stable.

    >>> within(Base(0, 0, 0, "round", 250, 2), Base(500, 0, 0, "round", 250, 2), 250)
    True
    """
    return edge_distance(a, b) <= limit + EPSILON


def overlaps(a: Base, b: Base) -> bool:
    """The bases overlap (more than touch): "No miniature may end its movement over
    another miniature" ("Crossing miniatures"). Touching bases do not overlap."""
    if a.shape == "round" and b.shape == "round":
        return math.hypot(b.x - a.x, b.y - a.y) < (a.size + b.size) / 2 - EPSILON
    if a.shape == "round":
        return _point_distance(b, a.x, a.y) < a.size / 2 - EPSILON
    if b.shape == "round":
        return _point_distance(a, b.x, b.y) < b.size / 2 - EPSILON
    return _square_gap(a, b) < -EPSILON


def distance_to_polygon(base: Base, polygon: BaseGeometry) -> float:
    """Distance between the base's border and a polygon (scenery), 0 if they touch or
    overlap ("Distance and Measurements": "any other element"). Exact for round bases."""
    if base.shape == "round":
        return max(0.0, float(shapely.distance(Point(base.x, base.y), polygon)) - base.size / 2)
    return float(shapely.distance(footprint(base), polygon))


def touches_polygon(base: Base, polygon: BaseGeometry) -> bool:
    """The base touches the polygon, even minimally ("Crossing obstacles")."""
    return distance_to_polygon(base, polygon) <= EPSILON

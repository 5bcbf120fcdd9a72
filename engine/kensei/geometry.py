"""Kensei geometry kernel: bases, distances, orientation, sight, melee, formation.

Conventions (the ruleset relies on them):

* Coordinates are integers in tenths of a millimetre, origin at the table's
  lower-left corner, x to the right, y up (a 120 x 90 cm table is 12000 x 9000).
* Facing is an integer in tenths of a degree in [0, 3600): 0 is +x, counter-clockwise.
* A base's ``(x, y)`` is its centre; a miniature rotates about it ("Rotate miniatures").

Floats are used inside computations only. Whatever the ruleset stores comes out
as an int through a documented rounding (:func:`heading`, :func:`position_along`),
and float distances are only compared with integer thresholds through
:func:`within`-style helpers using the fixed tolerance :data:`EPSILON`, so that
"2.5 cm or less" is inclusive and stable.

Round bases are handled with exact circle math wherever a distance or a touch
is decided; :func:`footprint` gives a fixed-resolution polygon (64 vertices on
the circle) for areas and for the few polygon operations (sweeps, the "cut
across" test of line of sight). Rulebook paragraphs are cited by their titles
in ``kensei-living-rules-2020.txt``.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Literal, TypeAlias

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely import STRtree
from shapely.geometry import LineString, Point, Polygon
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
MELEE_DISTANCE = 250
"""2.5 cm: melee engagement, cover, closed formation ("a miniature's base width")."""
SKIRMISH_DISTANCE = 500
"""5 cm: skirmishers' open formation."""
UNIT_SPREAD = 2000
"""20 cm: no miniature of a unit further than this from any other."""
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


# -- orientation ("Orientation of a miniature", "Flank, Front and Rearguard") ------------


def heading(from_xy: Sequence[float], to_xy: Sequence[float]) -> int:
    """The facing (tenths of a degree) that looks from one point to another: the angle
    in tenths of a degree, rounded half away from zero, then taken modulo 3600.

    >>> heading((0, 0), (0, 10)), heading((0, 0), (-10, 0)), heading((0, 0), (10, -10))
    (900, 1800, 3150)
    """
    dx = to_xy[0] - from_xy[0]
    dy = to_xy[1] - from_xy[1]
    if dx == 0 and dy == 0:
        raise ValueError(f"no heading from a point to itself: {tuple(from_xy)}")
    return _round_half_away(math.degrees(math.atan2(dy, dx)) * 10) % 3600


def rotate(base: Base, facing: int) -> Base:
    """The base turned to ``facing`` about its centre ("Rotate miniatures")."""
    return Base(base.x, base.y, facing % 3600, base.shape, base.size, base.height)


def facing_towards(base: Base, xy: Sequence[float]) -> int:
    """The facing that orients the base towards a point (charge: "oriented to the
    center of the base of the miniature it is charging"; engaging)."""
    return heading((base.x, base.y), xy)


def facing_away_from(base: Base, xy: Sequence[float]) -> int:
    """The facing that turns the base's rearguard to a point ("Flee": "rotate the
    miniatures so that its rearguard face the charging unit")."""
    return heading(xy, (base.x, base.y))


def side_of(target: Base, point: Sequence[float]) -> Side:
    """Which side of the target a point lies on ("Flank, Front and Rearguard").

    Interpretation: the front is the 90-degree arc centred on the facing (45 degrees
    either side, inclusive), the rearguard the 90-degree arc centred on the opposite
    direction (inclusive), the flanks the rest. Angles are taken at the base's centre.
    The centre itself counts as front.
    """
    ux, uy = _COS[target.facing], _SIN[target.facing]
    vx = point[0] - target.x
    vy = point[1] - target.y
    along = vx * ux + vy * uy
    across = abs(vx * uy - vy * ux)
    if along >= across - EPSILON:
        return "front"
    if -along >= across - EPSILON:
        return "rear"
    return "flank"


def attack_side(attacker: Base, target: Base) -> Side:
    """The side of ``target`` that ``attacker`` attacks ("Attacking by front, flank and
    rearguard"): front if any point of the attacker's base is in front of the target's
    front side (the line through the front point, across the facing); rear if the
    attacker's base is completely behind the rearguard side (the line through the rear
    point); flank otherwise."""
    if in_visual_field(target, attacker):
        return "front"
    ux, uy = _COS[target.facing], _SIN[target.facing]
    half = target.size / 2
    beyond_rear = (attacker.x - target.x) * ux + (attacker.y - target.y) * uy + half
    if beyond_rear + _extent(attacker, ux, uy) <= EPSILON:
        return "rear"
    return "flank"


def _ray_hits(origin_x: float, origin_y: float, ux: float, uy: float, base: Base) -> bool:
    """The ray from the origin along the unit vector meets the base (closed)."""
    dx = base.x - origin_x
    dy = base.y - origin_y
    half = base.size / 2
    if base.shape == "round":
        along = dx * ux + dy * uy
        if math.hypot(dx, dy) <= half + EPSILON:
            return True
        return along >= 0 and abs(dx * uy - dy * ux) <= half + EPSILON
    c, s = _COS[base.facing], _SIN[base.facing]
    # Slab method in the square's frame: origin o, direction d.
    ox, oy = -(dx * c + dy * s), -(-dx * s + dy * c)
    ddx, ddy = ux * c + uy * s, -ux * s + uy * c
    t_min, t_max = 0.0, math.inf
    for o, d in ((ox, ddx), (oy, ddy)):
        if abs(d) < 1e-12:
            if abs(o) > half + EPSILON:
                return False
            continue
        t1, t2 = (-half - EPSILON - o) / d, (half + EPSILON - o) / d
        t_min = max(t_min, min(t1, t2))
        t_max = min(t_max, max(t1, t2))
    return t_min <= t_max


def facing_centre_of(a: Base, b: Base) -> bool:
    """``a`` is "oriented towards the centre of the enemy base" b ("Melee combat").

    Interpretation: the ray from a's centre along a's facing passes through b's base
    (border included). A facing set with :func:`facing_towards` always qualifies, and
    so does any facing a player would accept as "looking at that base".
    """
    return _ray_hits(a.x, a.y, _COS[a.facing], _SIN[a.facing], b)


# -- visual field ("Visual field of a miniature") ----------------------------------------


def in_visual_field(observer: Base, target: Base) -> bool:
    """Any part of the target's base lies in the observer's visual field: "the entire
    area in front of the central point on the front side of the miniature's base".

    Interpretation: the field is the open half-plane beyond the line through the
    front point of the base (centre + size/2 along the facing), perpendicular to the
    facing. A base that only touches that line is not in the field.
    """
    ux, uy = _COS[observer.facing], _SIN[observer.facing]
    ahead = (target.x - observer.x) * ux + (target.y - observer.y) * uy - observer.size / 2
    return ahead + _extent(target, ux, uy) > EPSILON


def point_in_visual_field(observer: Base, xy: Sequence[float]) -> bool:
    """The point lies in the observer's visual field (open half-plane, see above)."""
    ux, uy = _COS[observer.facing], _SIN[observer.facing]
    return (xy[0] - observer.x) * ux + (xy[1] - observer.y) * uy - observer.size / 2 > EPSILON


def forward_or_sideways(base: Base, waypoints: Sequence[XY]) -> bool:
    """ "Boost a movement": "Miniatures must move somewhere within their vision field,
    which means they must move forward or sideways". Interpretation: no leg of the
    path (from the base's position through the waypoints) goes backwards with respect
    to the facing the base had when the order started (angle <= 90 degrees)."""
    ux, uy = _COS[base.facing], _SIN[base.facing]
    previous: Sequence[float] = (base.x, base.y)
    for point in waypoints:
        dx, dy = point[0] - previous[0], point[1] - previous[1]
        if dx * ux + dy * uy < -EPSILON * max(1.0, math.hypot(dx, dy)):
            return False
        previous = point
    return True


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
    spot are not swept. Without movement it is the footprint. For the exact test of a
    round base against scenery and bases, see ``Scene.path_scenery``/``path_bases``.
    """
    distinct = [(base.x, base.y)]
    for x, y in waypoints:
        if (x, y) != distinct[-1]:
            distinct.append((x, y))
    if len(distinct) == 1:
        return footprint(base if final_facing is None else rotate(base, final_facing))
    band = LineString(distinct).buffer(base.size / 2, quad_segs=QUAD_SEGS)
    facing = base.facing if final_facing is None else final_facing % 3600
    end = Base(distinct[-1][0], distinct[-1][1], facing, base.shape, base.size, base.height)
    merged = shapely.union_all([band, footprint(base), footprint(end)])
    if not isinstance(merged, Polygon):  # pragma: no cover - the parts always overlap
        raise AssertionError(f"a sweep should be one polygon, got {merged.geom_type}")
    return merged


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


def engaged(a: Base, b: Base) -> bool:
    """ "Melee combat": the edges are 2.5 cm or less apart and at least one of the two
    faces the centre of the other's base (see :func:`facing_centre_of`). Whether they
    are enemies is the ruleset's business."""
    return within(a, b, MELEE_DISTANCE) and (facing_centre_of(a, b) or facing_centre_of(b, a))


def isolated(bases: Sequence[Base], i: int) -> bool:
    """No other miniature of the unit within 2.5 cm of miniature ``i``."""
    return not any(
        within(bases[i], other, MELEE_DISTANCE) for j, other in enumerate(bases) if j != i
    )


def formation_problems(bases: Sequence[Base], *, skirmishers: bool) -> list[str]:
    """Why a unit is out of formation ("Unit formation"); empty if it is in formation.

    Closed (not skirmishers): each miniature within 2.5 cm of at least two others when
    the unit has more than two miniatures, within 2.5 cm of the other when it has two.
    Open (skirmishers): each within 5 cm of at least one other. All units: no miniature
    more than 20 cm from any other. Miniatures are named by their index in ``bases``.
    """
    count = len(bases)
    if count < 2:
        return []
    distances = [[0.0] * count for _ in range(count)]
    for i in range(count):
        for j in range(i + 1, count):
            distances[i][j] = distances[j][i] = edge_distance(bases[i], bases[j])
    problems: list[str] = []
    if skirmishers:
        limit, needed, words = SKIRMISH_DISTANCE, 1, "5 cm of another miniature"
    else:
        limit, needed = MELEE_DISTANCE, min(2, count - 1)
        words = "2.5 cm of two other miniatures" if needed == 2 else "2.5 cm of the other miniature"
    kind = "open formation, skirmishers" if skirmishers else "closed formation"
    for i in range(count):
        close = sum(1 for j in range(count) if j != i and distances[i][j] <= limit + EPSILON)
        if close < needed:
            problems.append(f"miniature {i} is not within {words} of its unit ({kind})")
    for i in range(count):
        for j in range(i + 1, count):
            if distances[i][j] > UNIT_SPREAD + EPSILON:
                problems.append(f"miniatures {i} and {j} are more than 20 cm apart")
    return problems


def control_area(base: Base, mov_cm: int) -> Polygon:
    """ "Control area": the area within MOV cm of the base's border."""
    if base.shape == "round":
        return Point(base.x, base.y).buffer(base.size / 2 + mov_cm * CM, quad_segs=QUAD_SEGS)
    return footprint(base).buffer(mov_cm * CM, quad_segs=QUAD_SEGS)


def in_control_area(base: Base, mov_cm: int, other: Base) -> bool:
    """Some of ``other``'s base is within MOV cm of ``base`` (exact, inclusive)."""
    return within(base, other, mov_cm * CM)


# -- the scene --------------------------------------------------------------------------


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
    )


@dataclass(frozen=True, slots=True)
class _Band:
    """The sight band from an observer's centre to a target's centre."""

    ox: float
    oy: float
    ux: float
    uy: float
    length: float
    half: float

    def corners(self) -> list[FloatXY]:
        nx, ny = -self.uy * self.half, self.ux * self.half
        ex, ey = self.ox + self.ux * self.length, self.oy + self.uy * self.length
        return [
            (self.ox + nx, self.oy + ny),
            (self.ox - nx, self.oy - ny),
            (ex - nx, ey - ny),
            (ex + nx, ey + ny),
        ]

    def local(self, points: Iterable[FloatXY]) -> list[FloatXY]:
        """Points in the band's frame: (along the band, across it to the left)."""
        ox, oy, ux, uy = self.ox, self.oy, self.ux, self.uy
        return [((x - ox) * ux + (y - oy) * uy, (y - oy) * ux - (x - ox) * uy) for x, y in points]

    def bbox(self) -> tuple[float, float, float, float]:
        points = self.corners()
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True, slots=True)
class _Axes:
    """The bases sorted by x and by y, to scan only those near a sight band."""

    x_keys: list[float]
    x_order: list[int]
    y_keys: list[float]
    y_order: list[int]
    margin: float

    @classmethod
    def of(cls, reaches: Sequence[tuple[int, int, float]]) -> _Axes:
        by_x = sorted((x, n) for n, (x, _, _) in enumerate(reaches))
        by_y = sorted((y, n) for n, (_, y, _) in enumerate(reaches))
        return cls(
            [float(k) for k, _ in by_x],
            [n for _, n in by_x],
            [float(k) for k, _ in by_y],
            [n for _, n in by_y],
            max((r for _, _, r in reaches), default=0.0) + EPSILON,
        )

    def near(self, ax: float, ay: float, bx: float, by: float, half: float) -> list[int]:
        """Indexes (ascending) of the bases whose centre lies within ``half`` plus the
        largest base reach of the box spanned by the two points, along the axis where
        that box is narrower."""
        margin = half + self.margin
        if abs(bx - ax) <= abs(by - ay):
            keys, order, low, high = self.x_keys, self.x_order, min(ax, bx), max(ax, bx)
        else:
            keys, order, low, high = self.y_keys, self.y_order, min(ay, by), max(ay, by)
        return sorted(order[bisect_left(keys, low - margin) : bisect_right(keys, high + margin)])


@dataclass(frozen=True, slots=True)
class _SightDetail:
    sight: Sight
    scenery: tuple[int, ...] = ()
    bases: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class _Bands:
    """Sight bands of many (observer, target) pairs as column arrays; the arithmetic is
    the same, operation for operation, as :class:`_Band` and ``Scene._sight``, so
    batched and single queries agree to the bit."""

    seen: NDArray[np.bool_]
    ox: NDArray[np.float64]
    oy: NDArray[np.float64]
    ux: NDArray[np.float64]
    uy: NDArray[np.float64]
    length: NDArray[np.float64]
    half: NDArray[np.float64]

    @classmethod
    def between(
        cls, arrays: tuple[NDArray[np.float64], ...], obs: NDArray[np.intp], tgt: NDArray[np.intp]
    ) -> _Bands:
        xs, ys, size, _, fcos, fsin, round_ = arrays
        ox, oy, tx, ty = xs[obs], ys[obs], xs[tgt], ys[tgt]
        # The visual field, as in_visual_field.
        fx, fy = fcos[obs], fsin[obs]
        ahead = (tx - ox) * fx + (ty - oy) * fy - size[obs] / 2
        rel_c = fcos[tgt] * fx + fsin[tgt] * fy
        rel_s = -fsin[tgt] * fx + fcos[tgt] * fy
        square_extent = size[tgt] / 2 * (np.abs(rel_c) + np.abs(rel_s))
        extent = np.where(round_[tgt] > 0, size[tgt] / 2, square_extent)
        dx, dy = tx - ox, ty - oy
        length = np.sqrt(dx * dx + dy * dy)
        safe = np.where(length > 0, length, 1.0)
        return cls(ahead + extent > EPSILON, ox, oy, dx / safe, dy / safe, length, size[tgt] / 2)

    def near_bases(
        self, arrays: tuple[NDArray[np.float64], ...], obs: NDArray[np.intp], tgt: NDArray[np.intp]
    ) -> NDArray[np.bool_]:
        """pairs x bases: the base's bounding circle touches the band (observer and
        target left out)."""
        xs, ys, bound = arrays[0], arrays[1], arrays[3]
        cx = xs[None, :] - self.ox[:, None]
        cy = ys[None, :] - self.oy[:, None]
        along = cx * self.ux[:, None] + cy * self.uy[:, None]
        across = np.abs(cy * self.ux[:, None] - cx * self.uy[:, None])
        du = np.maximum(np.maximum(-along, along - self.length[:, None]), 0.0)
        dv = np.maximum(across - self.half[:, None], 0.0)
        near: NDArray[np.bool_] = np.sqrt(du * du + dv * dv) <= bound[None, :] + EPSILON
        rows = np.arange(len(obs))
        near[rows, obs] = False
        near[rows, tgt] = False
        return near

    def rows(self) -> Iterable[_Band | None]:
        """Each pair's band, or None when the target is not in the visual field."""
        columns = zip(
            self.seen.tolist(),
            self.ox.tolist(),
            self.oy.tolist(),
            self.ux.tolist(),
            self.uy.tolist(),
            self.length.tolist(),
            self.half.tolist(),
            strict=True,
        )
        for seen, ox, oy, ux, uy, length, half in columns:
            yield _Band(ox, oy, ux, uy, length, half) if seen else None


class Scene:
    """The table at one moment: scenery and every miniature's base, indexed for queries.

    Build one per state snapshot: ``Scene(scenery, bases)``. The scenery index
    (prepared polygons, STRtree) is cached per scenery tuple, so a new Scene for the
    same table only indexes the bases; :meth:`with_bases` derives the next one.
    Bases are scanned in sorted id order with exact circle math (for 2 x 40
    miniatures a bounding-circle pre-test is cheaper than a tree, and it makes
    :meth:`with_bases` free), and every list returned is in sorted id order unless
    the caller gave an order.
    """

    __slots__ = (
        "_axes",
        "_ids",
        "_index",
        "_list",
        "_memo",
        "_reach",
        "_slot",
        "bases",
        "scenery",
    )

    def __init__(self, scenery: Iterable[Scenery], bases: Mapping[MiniatureId, Base]) -> None:
        self.scenery: tuple[Scenery, ...] = tuple(scenery)
        ids = tuple(sorted(bases))
        self.bases: Mapping[MiniatureId, Base] = {i: bases[i] for i in ids}
        self._index = _scenery_index(self.scenery)
        self._ids = ids
        self._slot = {i: n for n, i in enumerate(ids)}
        self._list = tuple(bases[i] for i in ids)
        self._reach = tuple((b.x, b.y, b.bound + EPSILON) for b in self._list)
        self._axes: _Axes | None = None  # built on the first sight query
        # Sight answers of this snapshot, by (observer, target) slot.
        self._memo: dict[tuple[int, int], _SightDetail] = {}

    def with_bases(
        self, changed: Mapping[MiniatureId, Base], removed: Iterable[MiniatureId] = ()
    ) -> Scene:
        """The same table with some bases moved, added or removed (casualties);
        the scenery index is shared."""
        bases = dict(self.bases)
        bases.update(changed)
        for gone in removed:
            bases.pop(gone, None)
        return Scene(self.scenery, bases)

    def base(self, miniature: MiniatureId) -> Base:
        try:
            return self.bases[miniature]
        except KeyError:
            raise KeyError(f"no miniature {miniature!r} on the table") from None

    # -- line of sight ("Line of sight of a miniature") --------------------------------

    def line_of_sight(self, observer_id: MiniatureId, target_id: MiniatureId) -> Sight:
        """Total, partial or no line of sight from observer to target ("Line of sight
        of a miniature").

        The target must be in the observer's visual field, else "none". The sight line
        is a band as wide as the target's base from the observer's centre to the
        target's centre. Obstacles are the scenery and every other miniature, ally or
        enemy ("Obstacles"). No obstacle touches the band: "total". Some obstacle
        touches it: "partial", unless obstacles at least as tall as the target (alone
        or together) cut the band completely across, so that no path inside the band
        joins its observer end to its target end: "none". Lower obstacles never block.
        """
        return self._sight(self._slot[observer_id], self._slot[target_id]).sight

    def line_of_sight_many(self, pairs: Sequence[tuple[MiniatureId, MiniatureId]]) -> list[Sight]:
        """:meth:`line_of_sight` for many (observer, target) pairs at once, with the same
        results: the visual field and the base pre-tests run vectorised over all pairs,
        the scenery goes through the same code as single queries (bounding boxes, then
        separating axes), so the answers are identical."""
        if not pairs:
            return []
        obs = np.fromiter((self._slot[o] for o, _ in pairs), dtype=np.intp, count=len(pairs))
        tgt = np.fromiter((self._slot[t] for _, t in pairs), dtype=np.intp, count=len(pairs))
        bands = _Bands.between(_base_arrays(self._list), obs, tgt)
        near_rows = bands.near_bases(_base_arrays(self._list), obs, tgt).tolist()
        results: list[Sight] = []
        memo = self._memo
        for k, band in enumerate(bands.rows()):
            key = (int(obs[k]), int(tgt[k]))
            known = memo.get(key)
            if known is None:
                if band is None:
                    known = _SightDetail("none")
                elif band.length <= 0:
                    known = _SightDetail("total")
                else:
                    candidates = [n for n, hit in enumerate(near_rows[k]) if hit]
                    touching = self._refine_bases(band, candidates)
                    scenery = self._scenery_touching(band)
                    known = self._classify(band, key[1], scenery, touching)
                memo[key] = known
            results.append(known.sight)
        return results

    def in_cover(self, target_id: MiniatureId, observer_id: MiniatureId) -> bool:
        """The target is in cover from the observer ("Covers"): it is 2.5 cm or less
        from an obstacle, and that obstacle makes the observer's line of sight partial
        (it touches the sight band and sight is partial). Without sight there is no
        cover to speak of: False."""
        target = self.base(target_id)
        detail = self._sight(self._slot[observer_id], self._slot[target_id])
        if detail.sight != "partial":
            return False
        for n in detail.scenery:
            if distance_to_polygon(target, self._index.polygons[n]) <= MELEE_DISTANCE + EPSILON:
                return True
        return any(within(target, self._list[n], MELEE_DISTANCE) for n in detail.bases)

    def _sight(self, oi: int, ti: int) -> _SightDetail:
        known = self._memo.get((oi, ti))
        if known is None:
            known = self._memo[oi, ti] = self._compute_sight(oi, ti)
        return known

    def _compute_sight(self, oi: int, ti: int) -> _SightDetail:
        observer, target = self._list[oi], self._list[ti]
        if not in_visual_field(observer, target):
            return _SightDetail("none")
        dx, dy = target.x - observer.x, target.y - observer.y
        length = math.sqrt(dx * dx + dy * dy)
        if length <= 0:
            return _SightDetail("total")
        band = _Band(observer.x, observer.y, dx / length, dy / length, length, target.size / 2)
        # Bases: bounding-circle test against the band rectangle, then exact.
        candidates: list[int] = []
        ox, oy, ux, uy, half = band.ox, band.oy, band.ux, band.uy, band.half
        if self._axes is None:
            self._axes = _Axes.of(self._reach)
        reaches = self._reach
        for n in self._axes.near(observer.x, observer.y, target.x, target.y, half):
            x, y, reach = reaches[n]
            along = (x - ox) * ux + (y - oy) * uy
            if along < -reach or along > length + reach or n in (oi, ti):
                continue
            across = abs((y - oy) * ux - (x - ox) * uy)
            if across > half + reach:
                continue
            du = max(-along, along - length, 0.0)
            dv = max(across - half, 0.0)
            if math.sqrt(du * du + dv * dv) <= reach:
                candidates.append(n)
        touching = self._refine_bases(band, candidates)
        return self._classify(band, ti, self._scenery_touching(band), touching)

    def _scenery_touching(self, band: _Band) -> tuple[int, ...]:
        """The scenery touching the band (within EPSILON), in scenery order: bounding
        boxes first, then separating axes in the band's frame for convex polygons, or
        shapely for the others. Single and batched queries both come here, so they agree
        to the bit."""
        index = self._index
        if not index.scenery:
            return ()
        minx, miny, maxx, maxy = band.bbox()
        out: list[int] = []
        polygon: Polygon | None = None
        for n, (a, b, c, d) in enumerate(index.bounds):
            if a > maxx + EPSILON or c < minx - EPSILON or b > maxy + EPSILON or d < miny - EPSILON:
                continue
            if index.convex[n]:
                hit = _convex_meets_box(
                    band.local(index.points[n]), band.length, -band.half, band.half
                )
            else:
                polygon = polygon or Polygon(band.corners())
                hit = bool(shapely.dwithin(index.polygons[n], polygon, EPSILON))
            if hit:
                out.append(n)
        return tuple(out)

    def _refine_bases(self, band: _Band, candidates: list[int]) -> tuple[int, ...]:
        """Exact touch test of the candidate bases against the band: circles are exact
        already (distance from the centre to the rectangle), squares go to shapely."""
        touching: list[int] = []
        polygon: Polygon | None = None
        for n in candidates:
            other = self._list[n]
            if other.shape == "square":
                if polygon is None:
                    polygon = Polygon(band.corners())
                if not shapely.intersects(footprint(other), polygon):
                    continue
            touching.append(n)
        return tuple(touching)

    def _classify(
        self, band: _Band, ti: int, scenery: tuple[int, ...], bases: tuple[int, ...]
    ) -> _SightDetail:
        if not scenery and not bases:
            return _SightDetail("total")
        tall = self._list[ti].height
        tall_scenery = [n for n in scenery if self._index.heights[n] >= tall]
        tall_bases = [n for n in bases if self._list[n].height >= tall]
        if (tall_scenery or tall_bases) and self._cut_across(band, tall_scenery, tall_bases):
            return _SightDetail("none", scenery, bases)
        return _SightDetail("partial", scenery, bases)

    def _cut_across(self, band: _Band, scenery: list[int], bases: list[int]) -> bool:
        """Do these obstacles (grown by CUT_TOLERANCE) leave no way through the band
        from its observer end to its target end?

        The ends are cut apart exactly when some connected group of obstacles meets
        both long sides of the band. A convex obstacle (a base, convex scenery) does
        so alone when it meets both sides (analytic for round bases). Otherwise the
        obstacles are grouped by (conservative) overlap, and only a group whose
        projection across the band covers the whole width can cut it, which the
        polygon operations decide.
        """
        ox, oy, ux, uy, half, length = band.ox, band.oy, band.ux, band.uy, band.half, band.length
        spans: list[tuple[float, float]] = []
        boxes: list[tuple[float, float, float, float]] = []
        blockers: list[Polygon] = []
        for n in bases:
            other = self._list[n]
            along = (other.x - ox) * ux + (other.y - oy) * uy
            across = (other.y - oy) * ux - (other.x - ox) * uy
            if other.shape == "round":
                reach = other.size / 2 + CUT_TOLERANCE
                du = max(-along, along - length, 0.0)
                if (
                    math.hypot(du, across - half) <= reach
                    and math.hypot(du, across + half) <= reach
                ):
                    return True
                bound = other.size / 2 / _CIRCUMSCRIBE + CUT_TOLERANCE + EPSILON
                spread = bound
            else:
                if _meets_both_sides(band, _blocker(other).exterior.coords):
                    return True
                spread = _extent(other, -uy, ux) + 2 * CUT_TOLERANCE + EPSILON
                bound = other.bound + 2 * CUT_TOLERANCE + EPSILON
            spans.append((across - spread, across + spread))
            boxes.append((other.x - bound, other.y - bound, other.x + bound, other.y + bound))
            blockers.append(_blocker(other))
        lone_ok = len(bases) * [True]
        for n in scenery:
            if self._index.convex[n] and _meets_both_sides(band, self._index.vertices[n]):
                return True
            offsets = [(py - oy) * ux - (px - ox) * uy for px, py in self._index.vertices[n]]
            spans.append((min(offsets) - EPSILON, max(offsets) + EPSILON))
            boxes.append(self._index.blocker_bounds[n])
            blockers.append(self._index.blockers[n])
            lone_ok.append(self._index.convex[n])
        for group in _overlapping_groups(boxes):
            if len(group) == 1 and lone_ok[group[0]]:
                continue  # a convex obstacle alone: decided above
            if _covers(sorted(spans[k] for k in group), half) and _cuts(
                band, [blockers[k] for k in group]
            ):
                return True
        return False

    # -- melee, distances --------------------------------------------------------------

    def engaged(self, a_id: MiniatureId, b_id: MiniatureId) -> bool:
        """:func:`engaged` for two miniatures of the scene ("Melee combat")."""
        return engaged(self.base(a_id), self.base(b_id))

    def engaged_pairs(
        self, ids_a: Sequence[MiniatureId], ids_b: Sequence[MiniatureId]
    ) -> list[tuple[MiniatureId, MiniatureId]]:
        """Every (a, b), a from ``ids_a`` and b from ``ids_b``, engaged in melee, in the
        order of ``ids_a`` then ``ids_b`` ("Melee combat": "Two units will be in melee
        combat if at least one miniature from each unit is in melee combat")."""
        out: list[tuple[MiniatureId, MiniatureId]] = []
        others = [(b_id, self.base(b_id)) for b_id in ids_b]
        for a_id in ids_a:
            a = self.base(a_id)
            for b_id, b in others:
                if a_id == b_id:
                    continue
                gap = math.hypot(b.x - a.x, b.y - a.y) - a.bound - b.bound
                if gap <= MELEE_DISTANCE + EPSILON and engaged(a, b):
                    out.append((a_id, b_id))
        return out

    def within_distance(
        self, miniature: MiniatureId, ids: Iterable[MiniatureId], limit: int
    ) -> list[MiniatureId]:
        """Those of ``ids`` (in their order, the miniature itself left out) whose base
        is ``limit`` or less from the miniature's base ("Distance and Measurements")."""
        base = self.base(miniature)
        return [
            other for other in ids if other != miniature and within(base, self.base(other), limit)
        ]

    def nearest(
        self, miniature: MiniatureId, ids: Iterable[MiniatureId]
    ) -> tuple[MiniatureId, float] | None:
        """The nearest of ``ids`` (border to border) and its distance; ties go to the
        smallest id. None if there is no other."""
        base = self.base(miniature)
        best: tuple[float, MiniatureId] | None = None
        for other in ids:
            if other == miniature:
                continue
            candidate = (edge_distance(base, self.base(other)), other)
            if best is None or candidate < best:
                best = candidate
        return None if best is None else (best[1], best[0])

    # -- movement support ("Move", "Crossing obstacles", "Crossing miniatures") --------

    def crossed_scenery(self, area: BaseGeometry) -> list[Scenery]:
        """The scenery an area (a :func:`sweep`, a footprint) touches, even minimally,
        in scenery order ("Crossing obstacles")."""
        hits = self._index.tree.query(area, predicate="intersects")
        return [self._index.scenery[n] for n in sorted(hits.tolist())]

    def path_scenery(self, base: Base, waypoints: Sequence[XY]) -> list[Scenery]:
        """The scenery the base touches moving along the waypoints, exact for round
        bases: within ``size/2`` of the path (the :func:`sweep` band); square bases
        use the sweep polygon. In scenery order ("Crossing obstacles")."""
        if base.shape == "square":
            return self.crossed_scenery(sweep(base, waypoints))
        path = [(base.x, base.y), *waypoints]
        line: BaseGeometry = LineString(path) if len(path) > 1 else Point(base.x, base.y)
        hits = self._index.tree.query(line, predicate="dwithin", distance=base.size / 2 + EPSILON)
        return [self._index.scenery[n] for n in sorted(hits.tolist())]

    def bases_touched(
        self, area: BaseGeometry, exclude: Iterable[MiniatureId] = ()
    ) -> list[MiniatureId]:
        """The miniatures whose base touches the area, even minimally ("Crossing
        miniatures"), in id order, leaving out ``exclude``."""
        skip = set(exclude)
        minx, miny, maxx, maxy = (float(v) for v in area.bounds)
        out: list[MiniatureId] = []
        for n, other in enumerate(self._list):
            miniature = self._ids[n]
            if miniature in skip:
                continue
            r = other.bound + EPSILON
            if other.x + r < minx or other.x - r > maxx or other.y + r < miny or other.y - r > maxy:
                continue
            if distance_to_polygon(other, area) <= EPSILON:
                out.append(miniature)
        return out

    def path_bases(
        self, base: Base, waypoints: Sequence[XY], exclude: Iterable[MiniatureId] = ()
    ) -> list[MiniatureId]:
        """The miniatures the base touches moving along the waypoints (exact for a
        round base against round bases: centre distance to the path), in id order."""
        if base.shape == "square":
            return self.bases_touched(sweep(base, waypoints), exclude)
        skip = set(exclude)
        path = [(float(base.x), float(base.y)), *((float(x), float(y)) for x, y in waypoints)]
        reach = base.size / 2 + EPSILON
        minx = min(p[0] for p in path) - reach
        maxx = max(p[0] for p in path) + reach
        miny = min(p[1] for p in path) - reach
        maxy = max(p[1] for p in path) + reach
        out: list[MiniatureId] = []
        for n, (x, y, bound) in enumerate(self._reach):
            if x + bound < minx or x - bound > maxx or y + bound < miny or y - bound > maxy:
                continue
            miniature = self._ids[n]
            if miniature in skip:
                continue
            other = self._list[n]
            if other.shape == "round":
                if _point_path_distance(other.x, other.y, path) <= reach + other.size / 2:
                    out.append(miniature)
            elif _point_path_distance(other.x, other.y, path) <= reach + other.bound and (
                distance_to_polygon(other, _path_geometry(path)) <= reach
            ):
                out.append(miniature)
        return out

    def overlaps_any_base(
        self, base: Base, exclude: Iterable[MiniatureId] = ()
    ) -> MiniatureId | None:
        """The first miniature (in id order) whose base the given base would overlap
        ("Crossing miniatures": "No miniature may end its movement over another
        miniature"); touching is allowed."""
        skip = set(exclude)
        bx, by, reach = base.x, base.y, base.bound
        for n, (x, y, bound) in enumerate(self._reach):
            if abs(x - bx) >= bound + reach or abs(y - by) >= bound + reach:
                continue
            other = self._list[n]
            if self._ids[n] in skip:
                continue
            if overlaps(base, other):
                return self._ids[n]
        return None

    def on_table(self, base: Base, width: int, height: int) -> bool:
        """:func:`on_table`."""
        return on_table(base, width, height)

    def over_impassable(self, base: Base, height: int | None = None) -> Scenery | None:
        """The first scenery (in scenery order) that is impassable to a miniature of
        ``height`` (default: the base's) and that the base would stand over, i.e.
        overlap more than touch ("Crossing obstacles": "A miniature cannot finish its
        movement over an obstacle that is impassable to it"; impassable scenery or
        "elements taller than the miniature")."""
        tall = base.height if height is None else height
        if base.shape == "round":
            centre_point = Point(base.x, base.y)
            found = self._index.tree.query(
                centre_point, predicate="dwithin", distance=base.size / 2
            )
        else:
            shape = footprint(base)
            found = self._index.tree.query(shape, predicate="intersects")
        for n in sorted(int(k) for k in found.tolist()):
            scenery = self._index.scenery[n]
            if not impassable_for(scenery, tall):
                continue
            polygon = self._index.polygons[n]
            if base.shape == "round":
                if shapely.contains_xy(polygon, base.x, base.y) or (
                    float(shapely.distance(polygon.exterior, centre_point))
                    < base.size / 2 - EPSILON
                ):
                    return scenery
            elif float(shapely.area(shapely.intersection(shape, polygon))) > EPSILON:
                return scenery
        return None


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


@lru_cache(maxsize=256)
def _base_arrays(bases: tuple[Base, ...]) -> tuple[NDArray[np.float64], ...]:
    """Column arrays of the bases for the vectorised queries (cached per base tuple)."""
    xs = np.array([b.x for b in bases], dtype=np.float64)
    ys = np.array([b.y for b in bases], dtype=np.float64)
    size = np.array([b.size for b in bases], dtype=np.float64)
    bound = np.array([b.bound for b in bases], dtype=np.float64)
    fcos = np.array([_COS[b.facing] for b in bases], dtype=np.float64)
    fsin = np.array([_SIN[b.facing] for b in bases], dtype=np.float64)
    round_ = np.array([b.shape == "round" for b in bases], dtype=np.float64)
    return xs, ys, size, bound, fcos, fsin, round_


def _meets_both_sides(band: _Band, convex: Iterable[Sequence[float]]) -> bool:
    """A convex blocker meets both long sides of the band (so it cuts it alone)."""
    local = band.local((float(p[0]), float(p[1])) for p in convex)
    return _convex_meets_box(local, band.length, band.half, band.half) and _convex_meets_box(
        local, band.length, -band.half, -band.half
    )


def _convex_meets_box(points: Sequence[FloatXY], length: float, low: float, high: float) -> bool:
    """A convex polygon (vertices in the band's frame) meets the box [0, length] x
    [low, high] (a segment when low == high), within EPSILON: separating axis test on
    the box's axes and the polygon's edge normals."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    if max(xs) < -EPSILON or min(xs) > length + EPSILON:
        return False
    if max(ys) < low - EPSILON or min(ys) > high + EPSILON:
        return False
    box = ((0.0, low), (length, low), (length, high), (0.0, high))
    count = len(points)
    for i in range(count):
        (ax, ay), (bx, by) = points[i], points[(i + 1) % count]
        nx, ny = by - ay, ax - bx
        norm = math.hypot(nx, ny)
        if norm == 0:
            continue
        mine = [x * nx + y * ny for x, y in points]
        theirs = [x * nx + y * ny for x, y in box]
        slack = EPSILON * norm
        if max(mine) < min(theirs) - slack or min(mine) > max(theirs) + slack:
            return False
    return True


def _overlapping_groups(boxes: Sequence[tuple[float, float, float, float]]) -> list[list[int]]:
    """Groups of boxes connected by overlaps (union-find), each in index order."""
    parent = list(range(len(boxes)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for i, (a0, b0, c0, d0) in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            a1, b1, c1, d1 = boxes[j]
            if a0 <= c1 and a1 <= c0 and b0 <= d1 and b1 <= d0:
                parent[root(j)] = root(i)
    groups: dict[int, list[int]] = {}
    for k in range(len(boxes)):
        groups.setdefault(root(k), []).append(k)
    return list(groups.values())


def _covers(spans: Sequence[tuple[float, float]], half: float) -> bool:
    """Sorted intervals cover [-half, half] without a gap."""
    covered = -half
    for low, high in spans:
        if low > covered:
            return False
        covered = max(covered, high)
        if covered >= half:
            return True
    return False


def _cuts(band: _Band, blockers: list[Polygon]) -> bool:
    """No part of the band outside the blockers joins its observer end to its target end."""
    a, b, c, d = band.corners()
    rest = shapely.difference(Polygon([a, b, c, d]), shapely.union_all(blockers))
    if rest.is_empty:
        return True
    observer_end = LineString([a, b])
    target_end = LineString([c, d])
    for part in shapely.get_parts(rest).tolist():
        if shapely.dwithin(part, observer_end, EPSILON) and shapely.dwithin(
            part, target_end, EPSILON
        ):
            return False
    return True

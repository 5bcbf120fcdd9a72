"""The paths of moves, forced retreats and flights: what a straight move costs across the
scenery ("Movement": difficult terrain at half speed, 2 inches deducted per obstacle
crossed), where a group ends up when it moves as one, the forced-retreat spot ("Close
Combat": retreat 1 inch) and the flight to a friendly table edge ("Morale").

Every model moves in a straight line from its place (a group translates rigidly: each
model keeps its offset to the first). The cost of a model's path is its length, plus
the length of it that lies in difficult terrain again (half speed), plus 2 inches for
every obstacle its centre line crosses; a base may not touch impassable scenery nor a
building, nor pass through an enemy model, nor end overlapping any model or off the
table (Interpretation > Movement paths). All plain arithmetic on the scenery's integer
polygons, kept in a small module-level cache: no shapely here (the bots move thousands
of times a second).

This module sits in ``geometry``: it reads the state's plain dicts and never the state
accessors (a lower layer).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from engine.skirmish.geometry.measure import FOOT_SIZE, INCH, MOUNTED_SIZE, heading

OBSTACLE_COST = 2 * INCH
"""Movement: "Deduct 2 for crossing obstacles"."""
OVERLAP = 1.0
"""Bases closer than this beyond touching overlap (a tenth of a millimetre of slack)."""
EDGE_DIRECTIONS: Mapping[str, tuple[int, int]] = {
    "south": (0, -1),
    "north": (0, 1),
    "west": (-1, 0),
    "east": (1, 0),
}
"""The way to each table edge (y up: the south edge is y = 0)."""

Point = tuple[float, float]
Ring = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece of scenery prepared for path arithmetic."""

    kind: str
    ring: Ring
    box: tuple[float, float, float, float]


# -- the scenery cache --------------------------------------------------------------------

_CACHE: dict[int, tuple[Any, tuple[Piece, ...]]] = {}
_CACHE_LIMIT = 64


def pieces(state: Mapping[str, Any]) -> tuple[Piece, ...]:
    """The state's scenery prepared (cached by the identity of its scenery list, which
    evolve shares between the states of a game; the list is kept alive with its entry
    so its identity cannot be reused)."""
    scenery = state.get("scenery") or []
    key = id(scenery)
    found = _CACHE.get(key)
    if found is not None and found[0] is scenery:
        return found[1]
    prepared = tuple(_piece(record) for record in scenery)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = (scenery, prepared)
    return prepared


def _piece(record: Mapping[str, Any]) -> Piece:
    ring = tuple((int(p[0]), int(p[1])) for p in record["points"])
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return Piece(str(record["kind"]), ring, (min(xs), min(ys), max(xs), max(ys)))


# -- plain polygon arithmetic ---------------------------------------------------------------


def _inside(x: float, y: float, ring: Ring) -> bool:
    """Even-odd test of a point against a polygon (its border counts as either)."""
    inside = False
    count = len(ring)
    ax, ay = ring[-1]
    for i in range(count):
        bx, by = ring[i]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
        ax, ay = bx, by
    return inside


def _segment_point_distance(a: Point, b: Point, p: Point) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def crossings(a: Point, b: Point, ring: Ring) -> list[float]:
    """The fractions of the segment ab where it meets the polygon's edges."""
    found: list[float] = []
    ax, ay = a
    rx, ry = b[0] - ax, b[1] - ay
    count = len(ring)
    for i in range(count):
        cx, cy = ring[i]
        dx, dy = ring[(i + 1) % count]
        sx, sy = dx - cx, dy - cy
        denominator = rx * sy - ry * sx
        if denominator == 0:
            continue
        t = ((cx - ax) * sy - (cy - ay) * sx) / denominator
        u = ((cx - ax) * ry - (cy - ay) * rx) / denominator
        if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0:
            found.append(t)
    return found


def _box_near(piece: Piece, a: Point, b: Point, margin: float) -> bool:
    x0, y0, x1, y1 = piece.box
    return not (
        max(a[0], b[0]) < x0 - margin
        or min(a[0], b[0]) > x1 + margin
        or max(a[1], b[1]) < y0 - margin
        or min(a[1], b[1]) > y1 + margin
    )


def _length_inside(a: Point, b: Point, ring: Ring) -> float:
    """The length of the segment ab lying inside the polygon."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return 0.0
    cuts = sorted([0.0, 1.0, *crossings(a, b, ring)])
    inside = 0.0
    for low, high in pairwise(cuts):
        if high - low <= 0:
            continue
        mid = (low + high) / 2
        if _inside(a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid, ring):
            inside += high - low
    return inside * length


def _meets(a: Point, b: Point, ring: Ring) -> bool:
    """The segment ab touches or enters the polygon."""
    return bool(crossings(a, b, ring)) or _inside(a[0], a[1], ring)


def _within(a: Point, b: Point, ring: Ring, limit: float) -> bool:
    """The segment ab comes within ``limit`` of the polygon (its inside included)."""
    if _meets(a, b, ring):
        return True
    count = len(ring)
    for i in range(count):
        cx, cy = ring[i]
        dx, dy = ring[(i + 1) % count]
        if (
            _segment_point_distance(a, b, (cx, cy)) < limit
            or _segment_point_distance((cx, cy), (dx, dy), a) < limit
            or _segment_point_distance((cx, cy), (dx, dy), b) < limit
        ):
            return True
    return False


def ring_gap(x: float, y: float, ring: Ring) -> float:
    """The distance from a point to a polygon (0 inside it)."""
    if _inside(x, y, ring):
        return 0.0
    count = len(ring)
    return min(
        _segment_point_distance(ring[i], ring[(i + 1) % count], (x, y)) for i in range(count)
    )


# -- the cost of a straight path ------------------------------------------------------------


def radius(mounted: bool) -> float:
    """The radius of a model's round base."""
    return (MOUNTED_SIZE if mounted else FOOT_SIZE) / 2


def path_cost(
    scenery: Sequence[Piece], start: Point, end: Point, base_radius: float
) -> float | None:
    """What moving a model's centre straight from ``start`` to ``end`` costs in table
    units, or ``None`` when impassable scenery or a building is in the way (the base
    touches it) or the move ends with the centre on an obstacle.

    >>> path_cost((), (0, 0), (300, 400), 125)
    500.0
    """
    cost = math.hypot(end[0] - start[0], end[1] - start[1])
    if cost == 0:
        return 0.0
    for piece in scenery:
        if not _box_near(piece, start, end, base_radius):
            continue
        if piece.kind in ("impassable", "building"):
            if _within(start, end, piece.ring, base_radius - OVERLAP):
                return None
        elif piece.kind == "difficult":
            cost += _length_inside(start, end, piece.ring)
        elif piece.kind == "obstacle" and _meets(start, end, piece.ring):
            if _inside(end[0], end[1], piece.ring):
                return None
            cost += OBSTACLE_COST
    return cost


@dataclass(frozen=True, slots=True)
class Mover:
    """One model that moves: its id, centre and base radius."""

    id: str
    x: int
    y: int
    radius: float


def movers(state: Mapping[str, Any], model_ids: Sequence[str]) -> list[Mover]:
    models = state["models"]
    return [
        Mover(m, models[m]["x"], models[m]["y"], radius(bool(models[m]["mounted"])))
        for m in model_ids
    ]


def translation_cost(
    state: Mapping[str, Any], group: Sequence[Mover], dx: float, dy: float
) -> float | None:
    """The cost of moving every model of ``group`` by the vector (dx, dy): the dearest
    model's path (``None`` when one of them cannot go)."""
    scenery = pieces(state)
    worst = 0.0
    for mover in group:
        cost = path_cost(scenery, (mover.x, mover.y), (mover.x + dx, mover.y + dy), mover.radius)
        if cost is None:
            return None
        worst = max(worst, cost)
    return worst


def blocking_model(
    state: Mapping[str, Any],
    group: Sequence[Mover],
    dx: float,
    dy: float,
    *,
    side: str,
    ignore: Collection[str] = (),
) -> str | None:
    """The first model (id order) the translated group would pass through (an enemy on
    the way) or end overlapping (anyone), ``None`` when the way is clear. Friends may be
    passed through (Interpretation > Movement paths)."""
    own = {m.id for m in group}
    widest = MOUNTED_SIZE
    x0 = min(min(m.x, m.x + dx) for m in group) - widest
    x1 = max(max(m.x, m.x + dx) for m in group) + widest
    y0 = min(min(m.y, m.y + dy) for m in group) - widest
    y1 = max(max(m.y, m.y + dy) for m in group) + widest
    for other_id, other in state["models"].items():
        ox, oy = other["x"], other["y"]
        if not (x0 <= ox <= x1 and y0 <= oy <= y1):
            continue
        if other_id in own or other_id in ignore or other["status"] != "ok":
            continue
        other_r = radius(bool(other["mounted"]))
        enemy = other["side"] != side
        for mover in group:
            reach = mover.radius + other_r - OVERLAP
            ex, ey = mover.x + dx, mover.y + dy
            if math.hypot(ex - ox, ey - oy) < reach:
                return str(other_id)
            if enemy and _segment_point_distance((mover.x, mover.y), (ex, ey), (ox, oy)) < reach:
                return str(other_id)
    return None


def on_table(state: Mapping[str, Any], x: float, y: float, base_radius: float) -> bool:
    """The whole base lies on the table (touching the edge is on it)."""
    width, height = int(state["table"]["width"]), int(state["table"]["height"])
    return (
        base_radius - OVERLAP <= x <= width - base_radius + OVERLAP
        and base_radius - OVERLAP <= y <= height - base_radius + OVERLAP
    )


def round_half_away(value: float) -> int:
    return math.floor(abs(value) + 0.5) * (1 if value >= 0 else -1)


def farthest(budget: float, cost_at: Any, *, steps: int = 14) -> float:
    """The largest fraction t in [0, 1] with ``cost_at(t)`` not None and within
    ``budget`` (a bisection: the cost grows along a straight path)."""
    whole = cost_at(1.0)
    if whole is not None and whole <= budget:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(steps):
        mid = (low + high) / 2
        cost = cost_at(mid)
        if cost is not None and cost <= budget:
            low = mid
        else:
            high = mid
    return low


# -- forced retreat ----------------------------------------------------------------------------


def retreat_spot(
    state: Mapping[str, Any],
    model_id: str,
    away_from: Sequence[float],
    distance: int = INCH,
    ignore: Collection[str] = (),
) -> tuple[int, int] | None:
    """Where the model ends a forced retreat of ``distance`` straight away from the
    point ``away_from`` (Close Combat: "The losers must retreat 1 inch"), or ``None``
    when it cannot: the spot is off the table, its base would overlap a living model
    (other than itself and ``ignore``), or the way touches an obstacle, impassable
    scenery or a building ("would not be able to retreat 1 inch ... because of an
    obstacle"). From the very point it stands on, the retreat goes towards +x.
    """
    record = state["models"][model_id]
    x, y = record["x"], record["y"]
    dx, dy = x - away_from[0], y - away_from[1]
    length = math.hypot(dx, dy)
    if length == 0:
        dx, dy, length = 1.0, 0.0, 1.0
    tx = round_half_away(x + dx / length * distance)
    ty = round_half_away(y + dy / length * distance)
    r = radius(bool(record["mounted"]))
    if not on_table(state, tx, ty, r):
        return None
    for piece in pieces(state):
        if not _box_near(piece, (x, y), (tx, ty), r):
            continue
        if piece.kind in ("impassable", "building"):
            if _within((x, y), (tx, ty), piece.ring, r - OVERLAP):
                return None
        elif piece.kind == "obstacle" and _meets((x, y), (tx, ty), piece.ring):
            return None
    skip = {model_id, *ignore}
    for other_id, other in state["models"].items():
        if other_id in skip or other["status"] != "ok":
            continue
        reach = r + radius(bool(other["mounted"])) - OVERLAP
        if math.hypot(tx - other["x"], ty - other["y"]) < reach:
            return None
    return (tx, ty)


# -- flight ---------------------------------------------------------------------------------------


def edge_gap(state: Mapping[str, Any], mover: Mover, edge: str) -> float:
    """How far the model's base is from the table edge ``edge``."""
    width, height = int(state["table"]["width"]), int(state["table"]["height"])
    if edge == "south":
        return mover.y - mover.radius
    if edge == "north":
        return height - mover.y - mover.radius
    if edge == "west":
        return mover.x - mover.radius
    return width - mover.x - mover.radius


def flight(
    state: Mapping[str, Any], model_ids: Sequence[str], edge: str, allowance: int, side: str
) -> tuple[dict[str, list[int]], bool]:
    """A fleeing unit's move at full speed straight towards its table edge (Morale:
    "one free move at full speed towards the nearest friendly table edge"): the new
    positions ``{model: [x, y, facing]}`` and whether the unit leaves the table (its
    model nearest the edge reaches it within the allowance). Terrain costs apply; the
    flight stops short of impassable scenery, enemy models in the way and any model it
    would end on (Interpretation > Fleeing)."""
    group = movers(state, model_ids)
    if not group:
        return {}, False
    ux, uy = EDGE_DIRECTIONS[edge]
    reach = min(max(0.0, edge_gap(state, m, edge)) for m in group)
    facing = heading(0, 0, ux, uy)
    if reach > 0:
        cost = translation_cost(state, group, ux * reach, uy * reach)
        if (
            cost is not None
            and cost <= allowance
            and blocking_model(state, group, ux * reach, uy * reach, side=side) is None
        ):
            return {m.id: [m.x, m.y, facing] for m in group}, True
    else:
        return {m.id: [m.x, m.y, facing] for m in group}, True
    span = float(min(allowance, reach))

    def cost_at(t: float) -> float | None:
        dx, dy = ux * span * t, uy * span * t
        cost = translation_cost(state, group, dx, dy)
        if cost is None or blocking_model(state, group, dx, dy, side=side) is not None:
            return None
        return cost

    t = farthest(allowance, cost_at)
    dx, dy = round_half_away(ux * span * t), round_half_away(uy * span * t)
    return {m.id: [m.x + dx, m.y + dy, facing] for m in group}, False

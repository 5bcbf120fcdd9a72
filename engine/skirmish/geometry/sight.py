"""Line of sight, arcs of fire, the obstacles and characters between a shooter and his
target, and the obstacle a model defends.

Sight is taken between the centres of the two bases (Shooting > Must be in
line-of-sight): scenery that ``blocks_sight`` (woods, buildings, rocks) blocks it when
the line crosses it, unless the shooter or the target stands in or against that piece
(he sees out of it, and is seen in it; Interpretation > Line of sight). Characters never
block sight: one the line passes over is an intervening obstacle that may take the hit
(Shooting > If the intervening obstacle is another character), as is an obstacle (wall,
fence, barricade) the line crosses, or the target's pavise.

Polygons are built once per scenery piece (cached by its points) with shapely; the
characters are plain circle arithmetic.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import shapely
from shapely.geometry import LineString, Polygon

from engine.core import State
from engine.skirmish.geometry.measure import FULL_CIRCLE, heading, living_model_ids, scenery_of
from engine.skirmish.geometry.measure import model_base as base_of_model
from engine.tabletop.bases import Base

FORWARD_HALF_ARC = 450
"""Shooting > Within a forward arc of 90 degrees: 45 degrees either side of the facing."""
LEFT = 900
"""Moving and Fighting on Horseback > A mounted character in medium or heavy armour
shoots 90 degrees to the left hand side only: the arc centred 90 degrees left."""
MIN_CROSSING = 1.0
"""A line must run more than 0.1 mm inside a piece to cross it (not graze a corner)."""


@lru_cache(maxsize=512)
def polygon_of(points: tuple[tuple[int, int], ...]) -> Polygon:
    """The prepared polygon of a scenery piece (table units), cached by its points."""
    polygon = Polygon(points)
    if not polygon.is_valid:
        polygon = polygon.buffer(0)
    shapely.prepare(polygon)
    return polygon


def piece_polygon(piece: dict[str, Any]) -> Polygon:
    """The polygon of a scenery piece of the state."""
    return polygon_of(tuple((int(x), int(y)) for x, y in piece["points"]))


def _crosses(line: LineString, polygon: Polygon) -> bool:
    if not polygon.intersects(line):
        return False
    return bool(polygon.intersection(line).length > MIN_CROSSING)


def touches_piece(base: Base, polygon: Polygon) -> bool:
    """Whether a base stands in or against a piece (within 0.05 inch of it)."""
    return bool(polygon.distance(shapely.Point(base.x, base.y)) <= base.size / 2 + 13)


def _sight_line(a: Base, b: Base) -> LineString:
    return LineString([(a.x, a.y), (b.x, b.y)])


def line_of_sight(state: State, shooter: str, target: str) -> bool:
    """Whether ``shooter`` sees ``target`` (model ids): no sight-blocking scenery
    crossed by the line between their centres, other than a piece either stands in or
    against."""
    a, b = base_of_model(state, shooter), base_of_model(state, target)
    return _clear(state, a, b)


def _clear(state: State, a: Base, b: Base) -> bool:
    line = _sight_line(a, b)
    for piece in scenery_of(state):
        if not piece["blocks_sight"]:
            continue
        polygon = piece_polygon(piece)
        if (
            _crosses(line, polygon)
            and not touches_piece(a, polygon)
            and not touches_piece(b, polygon)
        ):
            return False
    return True


def point_in_sight(state: State, shooter: str, x: int, y: int) -> bool:
    """Whether the shooter sees a point of the table (the point of aim of a humming arrow)."""
    a = base_of_model(state, shooter)
    line = LineString([(a.x, a.y), (x, y)])
    for piece in scenery_of(state):
        if piece["blocks_sight"]:
            polygon = piece_polygon(piece)
            if _crosses(line, polygon) and not touches_piece(a, polygon):
                return False
    return True


def _segment_distance(point: Base, a: Base, b: Base) -> float:
    """The distance from the centre of ``point`` to the segment between two centres."""
    px, py, ax, ay = point.x, point.y, a.x, a.y
    dx, dy = b.x - ax, b.y - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def intervening(state: State, shooter: str, target: str) -> list[dict[str, Any]]:
    """What stands between the shooter and his target (Shooting > If an intervening
    obstacle obscures the target), nearest the shooter first: each ``{"kind":
    "obstacle", "id": scenery id}`` for an obstacle (wall, fence, barricade: kind
    ``obstacle``) the line between centres crosses and the shooter does not stand
    against, ``{"kind": "character", "id": model id}`` for a living model other than
    both whose base the line passes over, and ``{"kind": "pavise", "id": target}`` when
    the target's group has its pavises set up and the shooter is in front of it."""
    a, b = base_of_model(state, shooter), base_of_model(state, target)
    line = _sight_line(a, b)
    found: list[tuple[float, int, dict[str, Any]]] = []
    for piece in scenery_of(state):
        if piece["kind"] != "obstacle":
            continue
        polygon = piece_polygon(piece)
        if _crosses(line, polygon) and not touches_piece(a, polygon):
            crossing = polygon.intersection(line)
            distance = shapely.Point(a.x, a.y).distance(crossing)
            found.append((distance, 0, {"kind": "obstacle", "id": piece["id"]}))
    for model_id in living_model_ids(state):
        if model_id in (shooter, target):
            continue
        other = base_of_model(state, model_id)
        if _segment_distance(other, a, b) < other.size / 2:
            distance = math.hypot(other.x - a.x, other.y - a.y)
            found.append((distance, 1, {"kind": "character", "id": model_id}))
    if _behind_pavise(state, target, a):
        distance = math.hypot(b.x - a.x, b.y - a.y)
        found.append((distance, 2, {"kind": "pavise", "id": target}))
    found.sort(key=lambda item: (item[0], item[1], item[2]["id"]))
    return [entry for _, _, entry in found]


def _behind_pavise(state: State, target: str, shooter: Base) -> bool:
    """Weapons and Armour > Pavises: a character with his group's pavise set up is
    shielded from shots coming from his front half (180 degrees)."""
    record = state["models"][target]
    pavise = state["units"][record["unit"]].get("pavise")
    if not pavise or not pavise.get("set"):
        return False
    base = base_of_model(state, target)
    return in_arc(base, shooter, 0, 900)


def angle_between(facing: int, bearing: int) -> int:
    """The unsigned difference of two directions, tenths of a degree in [0, 1800]."""
    difference = (bearing - facing) % FULL_CIRCLE
    return min(difference, FULL_CIRCLE - difference)


def in_arc(observer: Base, target: Base, offset: int, half_width: int) -> bool:
    """Whether the centre of ``target`` lies within ``half_width`` of the direction
    ``observer.facing + offset`` (tenths of a degree, counter-clockwise)."""
    if observer.x == target.x and observer.y == target.y:
        return True
    bearing = heading(observer.x, observer.y, target.x, target.y)
    return angle_between((observer.facing + offset) % FULL_CIRCLE, bearing) <= half_width


def in_forward_arc(observer: Base, target: Base) -> bool:
    """Shooting > Within a forward arc of 90 degrees (the target's centre)."""
    return in_arc(observer, target, 0, FORWARD_HALF_ARC)


def arc_of(state: State, shooter: str) -> tuple[int, int] | None:
    """The shooter's arc of fire as ``(offset, half width)`` from his facing, or
    ``None`` for all round: on foot the forward 90 degrees; mounted, all round when
    unarmoured or in light armour, 90 degrees to the left in medium or heavy armour
    (Moving and Fighting on Horseback > Shooting from Horseback > Arc of fire)."""
    record = state["models"][shooter]
    if not record["mounted"]:
        return (0, FORWARD_HALF_ARC)
    armour = state["units"][record["unit"]]["armour"]
    if armour in ("medium", "heavy"):
        return (LEFT, FORWARD_HALF_ARC)
    return None


def in_arc_of_fire(state: State, shooter: str, target: str) -> bool:
    """Whether ``target`` is within ``shooter``'s arc of fire (:func:`arc_of`)."""
    arc = arc_of(state, shooter)
    if arc is None:
        return True
    return in_arc(base_of_model(state, shooter), base_of_model(state, target), *arc)


def defended_obstacle(state: State, defender: str, attacker: str) -> str | None:
    """The obstacle (wall, barricade: kind ``obstacle``) ``defender`` defends against
    ``attacker`` (Close Combat > Defending an obstacle): one his base stands against and
    the line from him to the attacker crosses or touches; ``None`` when there is none."""
    d, a = base_of_model(state, defender), base_of_model(state, attacker)
    line = _sight_line(d, a)
    for piece in scenery_of(state):
        if piece["kind"] != "obstacle":
            continue
        polygon = piece_polygon(piece)
        if touches_piece(d, polygon) and polygon.intersects(line):
            return str(piece["id"])
    return None

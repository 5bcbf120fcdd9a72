"""Kensei geometry: orientation, sides and the visual field ("Orientation of a
miniature", "Flank, Front and Rearguard", "Visual field of a miniature")."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.tabletop.bases import (
    _COS,
    _SIN,
    EPSILON,
    XY,
    Base,
    Side,
    _extent,
    _round_half_away,
)

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

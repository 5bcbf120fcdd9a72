"""Facing-relative geometry: front hexes, relative directions, sides and arcs.

Around a piece, the plane is cut into six 60-degree *sextants*, one centred on
each hexside; the boundaries run through the hex's corners (the "diagonals").
A hex's *relative direction* from a piece is the sextant it lies in, numbered
clockwise from the facing: 0 ahead, 1 front-right, 2 rear-right, 3 behind,
4 rear-left, 5 front-left. A hex exactly on a diagonal lies on the boundary of
two sextants and has both relative directions; an adjacent hex always has one.

A :data:`SideRule` names the side (front, flank, rear) of each relative
direction. :data:`THREE_FRONT` is the conventional hex-wargame rule used by
default: the three hexsides ahead are the front, the two behind them the
flanks, the last one the rear. Where a hex lies between two sides, it counts as
the more frontal one (front before flank before rear): an attacker gets a
flank or rear bonus only when it is wholly on that side.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from engine.hexgrid.coords import Facing, Hex


class Side(enum.IntEnum):
    """Which side of a piece another hex is on; lower is more frontal."""

    FRONT = 0
    FLANK = 1
    REAR = 2


SideRule = tuple[Side, Side, Side, Side, Side, Side]
"""The side of each relative direction 0..5 (ahead, then clockwise)."""

THREE_FRONT: SideRule = (Side.FRONT, Side.FRONT, Side.FLANK, Side.REAR, Side.FLANK, Side.FRONT)
"""Front: the three hexsides ahead; flanks: the next two; rear: the one behind."""


def _cross(u: Hex, v: Hex) -> int:
    return u.q * v.r - u.r * v.q


def _in_cone(first: Hex, second: Hex, offset: Hex) -> bool:
    """Whether ``offset`` lies in the closed cone from ray ``first`` clockwise to
    ray ``second`` (less than half a turn apart)."""
    turn = 1 if _cross(first, second) > 0 else -1
    return turn * _cross(first, offset) >= 0 and turn * _cross(offset, second) >= 0


def _diagonal(index: int) -> Hex:
    """The ray through the corner between hexsides ``index`` and ``index + 1``."""
    return Facing(index % 6).vector + Facing((index + 1) % 6).vector


def relative_directions(origin: Hex, facing: Facing, target: Hex) -> tuple[int, ...]:
    """The sextant(s) ``target`` lies in, seen from a piece at ``origin`` facing
    ``facing``: 0 ahead, then clockwise to 5 (front-left). One number, or two
    (ascending) for a hex on a diagonal; none for the piece's own hex.

    >>> relative_directions(Hex(0, 0), Facing.EAST, Hex(3, 0))
    (0,)
    >>> relative_directions(Hex(0, 0), Facing.EAST, Hex(1, 1))
    (0, 1)
    """
    offset = target - origin
    if offset == Hex(0, 0):
        return ()
    found = []
    for relative in range(6):
        absolute = facing + relative
        if _in_cone(_diagonal(absolute - 1), _diagonal(absolute), offset):
            found.append(relative)
    return tuple(found)


def relative_side(of: Hex, facing: Facing, to: Hex, rule: SideRule = THREE_FRONT) -> Side:
    """The side of the piece at ``of`` (facing ``facing``) that hex ``to`` is on;
    between two sides, the more frontal.

    >>> relative_side(of=Hex(0, 0), facing=Facing.EAST, to=Hex(-1, 0))
    <Side.REAR: 2>
    """
    directions = relative_directions(of, facing, to)
    if not directions:
        raise ValueError(f"{to} is the piece's own hex: it is on no side")
    return min(rule[direction] for direction in directions)


def arc(
    origin: Hex,
    facing: Facing,
    side: Side | str,
    radius: int = 1,
    rule: SideRule = THREE_FRONT,
) -> frozenset[Hex]:
    """The hexes from 1 to ``radius`` away on one side of a piece (``Side.FRONT``
    or ``"front"``, ``"flank"``, ``"rear"``); the three arcs share no hex and
    together cover the whole area.

    >>> sorted(arc(Hex(0, 0), Facing.EAST, "rear"))
    [Hex(q=-1, r=0)]
    """
    wanted = _side(side)
    return frozenset(
        hex_
        for hex_ in origin.spiral(radius)[1:]
        if relative_side(origin, facing, hex_, rule) is wanted
    )


def _side(side: Side | str) -> Side:
    if isinstance(side, Side):
        return side
    try:
        return Side[side.upper()]
    except KeyError:
        raise ValueError(f"a side is front, flank or rear, not {side!r}") from None


def front_hexes(origin: Hex, facing: Facing) -> tuple[Hex, Hex, Hex]:
    """The hex ahead and the two either side of it: (left, ahead, right).

    >>> front_hexes(Hex(0, 0), Facing.EAST)
    (Hex(q=1, r=-1), Hex(q=1, r=0), Hex(q=0, r=1))
    """
    return (
        origin.neighbour(facing.turn(-1)),
        origin.neighbour(facing),
        origin.neighbour(facing.turn(1)),
    )


def facings_towards(origin: Hex, target: Hex) -> tuple[Facing, ...]:
    """The facings that look most nearly at ``target``: the one facing straight
    at it when it lies on one of the six straight rows from ``origin``, else the
    two either side of the true direction (clockwise order). Senjutsu's
    "facing your character" (solo opponents, p. 19) picks between these two.

    >>> facings_towards(Hex(0, 0), Hex(0, 3))
    (<Facing.SOUTH_EAST: 1>,)
    >>> facings_towards(Hex(0, 0), Hex(2, 1))
    (<Facing.EAST: 0>, <Facing.SOUTH_EAST: 1>)
    """
    offset = target - origin
    if offset == Hex(0, 0):
        raise ValueError("a piece cannot face its own hex")
    for facing in Facing:
        ray = facing.vector
        # On the ray: a positive multiple of the facing's step.
        if _cross(ray, offset) == 0 and ray.q * offset.q + ray.r * offset.r > 0:
            return (facing,)
    for facing in Facing:
        following = facing.turn(1)
        if _in_cone(facing.vector, following.vector, offset):
            return (facing, following)
    raise AssertionError(f"no facing brackets {offset}")  # pragma: no cover


def oriented(pattern: Iterable[Hex], origin: Hex, facing: Facing) -> frozenset[Hex]:
    """A pattern drawn for a piece at ``Hex(0, 0)`` facing EAST (a card's attack
    or block grid), placed around a piece at ``origin`` facing ``facing``.

    >>> sorted(oriented([Hex(1, 0)], Hex(5, 5), Facing.WEST))
    [Hex(q=4, r=5)]
    """
    return frozenset(hex_.rotated(facing) + origin for hex_ in pattern)

"""The bots' candidate moves: a unit moved as a block (every miniature translated by
the same vector, so the formation is kept) towards the nearest enemy, straight on
and obliquely, stopped short of what ``decide`` would refuse; disengaging; and the
small questions they ask (the unit's bases and centre, the nearest enemy)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

from engine.core import Command, State
from engine.kensei import geometry
from engine.kensei.geometry import Base, spatial
from engine.kensei.geometry.board import board
from engine.kensei.movement.move import FORWARD_OR_SIDEWAYS
from engine.kensei.state.queries import base_of, live_units, other

CM = 100
MIN_MOVE = 100  # a move shorter than 1 cm is not worth trying
STOP_MARGIN = 10  # 1 mm: moves stop this short of the table's edge and other bases


def _below(generator: random.Random, n: int) -> int:
    """A random int in [0, n), drawn as CPython's ``Random._randbelow`` draws it (by
    ``getrandbits``, the same draws in the same order) but compiled with the engine:
    ``generator.choice(seq)`` is ``seq[_below(generator, len(seq))]`` and
    ``generator.shuffle`` is :func:`shuffled`."""
    k = n.bit_length()
    found: int = generator.getrandbits(k)
    while found >= n:
        found = generator.getrandbits(k)
    return found


def shuffled(generator: random.Random, items: list[Any]) -> None:
    """``generator.shuffle(items)`` step for step (see :func:`_below`)."""
    for i in range(len(items) - 1, 0, -1):
        j = _below(generator, i + 1)
        items[i], items[j] = items[j], items[i]


def _facing_for(base: Base, heading: int) -> int:
    """Round bases face the heading; square ones the nearest quarter turn (a
    square turned by 90 degrees covers the same ground, so a block of them
    turns without its bases overlapping). Either is within 45 degrees."""
    if base.shape == "round":
        return heading
    return (round(heading / 900) * 900) % 3600


def _moves(
    state: State, uid: str, allowance: int, *, boosted: bool, pick: random.Random | None = None
) -> Iterator[Command]:
    """The unit as a block: still, towards the nearest enemy, straight on and
    obliquely, at full and half length, each stopped short of the table's edge, of
    other miniatures and of the enemy's melee distance (see :func:`_free_lengths`),
    and a boosted move only forward or sideways: moves ``decide`` would refuse for
    those reasons are not tried. With ``pick`` (a bot's generator), one of those
    directions, picked by it (the others are not measured)."""
    unit = state["units"][uid]
    side = unit["side"]
    yield {"type": "order", "side": side, "order": "move", "minis": []}
    bases = _bases(state, unit["minis"])
    centre = _centre(list(bases.values()))
    target = _nearest_enemy(state, side, centre)
    facing = next(iter(bases.values())).facing
    headings = [facing, (facing + 450) % 3600, (facing - 450) % 3600]
    if target is not None:
        headings.insert(0, geometry.heading(centre, target))
    headings = list(dict.fromkeys(headings))
    if pick is not None:
        headings = [headings[_below(pick, len(headings))]]
    free = _free_lengths(state, unit, list(bases.values()), headings, allowance)
    seen = set()
    for heading, room in zip(headings, free, strict=True):
        for share in (1.0, 0.5):
            length = min(allowance * share - 1, room)
            if length < MIN_MOVE:
                continue
            dx = round(length * math.cos(math.radians(heading / 10)))
            dy = round(length * math.sin(math.radians(heading / 10)))
            if (dx, dy) in seen:
                continue
            seen.add((dx, dy))
            true_heading = geometry.heading((0, 0), (dx, dy))
            if boosted and any(
                spatial.angle_between(true_heading, b.facing) > FORWARD_OR_SIDEWAYS
                for b in bases.values()
            ):
                continue
            facing_after = _facing_for(next(iter(bases.values())), true_heading)
            minis = [
                {"id": mid, "path": [[b.x + dx, b.y + dy]], "facing": facing_after}
                for mid, b in bases.items()
            ]
            yield {"type": "order", "side": side, "order": "move", "minis": minis}


def _free_lengths(
    state: State, unit: dict[str, Any], mine: list[Base], headings: list[int], reach: int
) -> list[float]:
    """For each heading, how far (up to a little more than ``reach``) the unit can go
    as a block (every miniature by the same vector) before a miniature's bounding
    circle leaves the table or comes within 1 mm of another miniature's (within the
    melee distance and 1 mm of an enemy's): conservative, so that moves up to that
    length cross no miniature and engage no enemy. Only the miniatures in the unit's
    corridor ahead are measured one by one."""
    here = board(state)
    own = set(unit["minis"])
    placed = [(b.x, b.y, b.bound) for b in mine]
    widest = max([bound for _x, _y, bound in placed])
    # As far as a miniature of the unit may reach (the other's base is in its box),
    # and 1 to spare.
    r = reach + widest + geometry.MELEE_DISTANCE + 2 * STOP_MARGIN + 1
    xs = [x for x, _y, _b in placed]
    ys = [y for _x, y, _b in placed]
    x0, x1 = min(xs) - r, max(xs) + r
    y0, y1 = min(ys) - r, max(ys) + r
    side = unit["side"]
    bases, side_of = here.bases, here.side_of
    them = []
    for o in here.in_box(x0, y0, x1, y1):
        if o not in own:
            b = bases[o]
            melee = geometry.MELEE_DISTANCE if side_of[o] != side else 0
            them.append((b.x, b.y, b.bound + STOP_MARGIN + melee))
    width, height = state["table"]["width"], state["table"]["height"]
    found: list[float] = []
    for heading in headings:
        ux, uy = math.cos(math.radians(heading / 10)), math.sin(math.radians(heading / 10))
        limit = min(_table_room(placed, ux, uy, width, height), reach + STOP_MARGIN)
        # The unit's corridor: across the heading, and along it from its rear to its
        # front moved as far as it may still go.
        spots = [(y * ux - x * uy, x * ux + y * uy, bound) for x, y, bound in placed]
        low, high, rear, front = _corridor(spots)
        for ox, oy, grow in them:
            across = oy * ux - ox * uy
            if across + grow <= low or across - grow >= high:
                continue
            along = ox * ux + oy * uy
            if along + grow <= rear or along - grow >= front + limit:
                continue
            for b_across, b_along, bound in spots:
                gap = bound + grow
                off = b_across - across
                if off >= gap or off <= -gap:
                    continue  # never within reach of each other on this heading
                root = math.sqrt(gap * gap - off * off)
                ahead = along - b_along  # how far ahead of the miniature the other is
                if ahead + root <= 0:
                    continue  # behind it
                first = ahead - root
                if 0 < first < limit:
                    limit = first
                elif first <= 0 < ahead:
                    limit = 0.0  # already that close, and closing in
        found.append(limit - STOP_MARGIN)
    return found


def _corridor(spots: list[tuple[float, float, float]]) -> tuple[float, float, float, float]:
    """The least and greatest ``across - bound``, ``across + bound``, ``along - bound``
    and ``along + bound`` of the spots (across, along, bound): one pass of two-value
    ``min`` and ``max``, which keep the first extreme as ``min`` and ``max`` of a list."""
    low = rear = math.inf
    high = front = -math.inf
    for across, along, bound in spots:
        low = min(low, across - bound)
        high = max(high, across + bound)
        rear = min(rear, along - bound)
        front = max(front, along + bound)
    return low, high, rear, front


def _table_room(
    placed: list[tuple[int, int, float]], ux: float, uy: float, width: int, height: int
) -> float:
    """How far circles (x, y, radius) can go along (ux, uy) staying on the table."""
    xs = (
        [x + bound for x, _y, bound in placed] if ux > 0 else [x - bound for x, _y, bound in placed]
    )
    ys = (
        [y + bound for _x, y, bound in placed] if uy > 0 else [y - bound for _x, y, bound in placed]
    )
    limit = math.inf
    if ux > 0:
        limit = (width - max(xs)) / ux
    elif ux < 0:
        limit = min(xs) / -ux
    if uy > 0:
        limit = min(limit, (height - max(ys)) / uy)
    elif uy < 0:
        limit = min(limit, min(ys) / -uy)
    return limit


def _disengages(state: State, uid: str) -> Iterator[Command]:
    unit = state["units"][uid]
    bases = _bases(state, unit["minis"])
    centre = _centre(list(bases.values()))
    enemy = _nearest_enemy(state, unit["side"], centre)
    if enemy is None:
        return
    away = geometry.heading(enemy, centre)
    length = unit["mov"] * CM - 1
    dx = round(length * math.cos(math.radians(away / 10)))
    dy = round(length * math.sin(math.radians(away / 10)))
    facing = _facing_for(next(iter(bases.values())), geometry.heading((0, 0), (dx, dy)))
    minis = [{"id": m, "path": [[b.x + dx, b.y + dy]], "facing": facing} for m, b in bases.items()]
    yield {"type": "order", "side": unit["side"], "order": "disengage", "minis": minis}


def _centre(bases: list[Base]) -> tuple[int, int]:
    return (
        sum(b.x for b in bases) // len(bases),
        sum(b.y for b in bases) // len(bases),
    )


def _nearest_enemy(state: State, side: str, point: tuple[int, int]) -> tuple[int, int] | None:
    """The centre of the placed enemy miniature nearest to the point (the first in
    army-list order on a tie)."""
    enemies = _enemies(state, side)
    if point not in enemies.nearest:
        enemies.nearest[point] = enemies.search(point)
    return enemies.nearest[point]


class _Enemies:
    """The placed enemy miniatures' centres (in army-list order) and the answers given
    so far. The search is a plain loop over integers: for the few dozen miniatures of
    a battle it is cheaper than an array search once the engine is compiled."""

    def __init__(self, points: list[tuple[int, int]]) -> None:
        self.points = points
        self.xs: list[int] = [x for x, _y in points]
        self.ys: list[int] = [y for _x, y in points]
        self.nearest: dict[tuple[int, int], tuple[int, int] | None] = {}

    def search(self, point: tuple[int, int]) -> tuple[int, int] | None:
        """Squared distances are exact integers; a tie goes to the first in army-list
        order (only a strictly nearer miniature replaces the one found)."""
        if not self.points:
            return None
        px, py = point
        xs, ys = self.xs, self.ys
        found = 0
        dx = xs[0] - px
        dy = ys[0] - py
        best = dx * dx + dy * dy
        for k in range(1, len(xs)):
            dx = xs[k] - px
            dy = ys[k] - py
            squared = dx * dx + dy * dy
            if squared < best:
                best = squared
                found = k
        return self.points[found]

    def search_many(self, points: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """:meth:`search` of several points (at least one enemy)."""
        found = []
        for point in points:
            nearest = self.search(point)
            assert nearest is not None
            found.append(nearest)
        return found


_ENEMIES: list[tuple[Any, Any, str, _Enemies]] = []


def _enemies(state: State, side: str) -> _Enemies:
    """The enemies of ``side``, remembered for the last few states (by the identity of
    their units and miniatures, which this keeps alive)."""
    units, minis = state["units"], state["minis"]
    for known_units, known_minis, known_side, found in _ENEMIES:
        if known_units is units and known_minis is minis and known_side == side:
            return found
    found = _Enemies(
        [
            (mini["x"], mini["y"])
            for _uid, enemy in live_units(state, other(side))
            for mid in enemy["minis"]
            if (mini := minis[mid])["placed"]
        ]
    )
    _ENEMIES.insert(0, (units, minis, side, found))
    del _ENEMIES[8:]
    return found


def _bases(state: State, mids: list[str]) -> dict[str, Base]:
    """The bases of some miniatures, by id (from the state's board when placed)."""
    placed = board(state).bases
    return {mid: placed.get(mid) or base_of(state, mid) for mid in mids}

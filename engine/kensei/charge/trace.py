"""The charge movement's block (Orders and Actions > Charge > 4. Charge movement): the
charging unit goes as one block, keeping formation and without turns, straight at the
targets' miniature nearest to it, until contact; shared by the charge and by an
opportunity charge on a charging unit (which meets it along this path).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine.core import State
from engine.kensei import geometry
from engine.kensei.combat.falling_back import spatial_base
from engine.kensei.geometry import Base
from engine.kensei.geometry.board import board
from engine.kensei.shooting.shoot import sights

STEP = 20  # the charge is traced in 2 mm steps


def targets_of(pending: Mapping[str, Any]) -> list[str]:
    """The charged units (the first is the one named as ``target``)."""
    return list(pending.get("targets") or [pending["target"]])


def centre_of(state: State, uid: str) -> tuple[int, int]:
    bases = board(state).bases
    placed = [bases[m] for m in state["units"][uid]["minis"] if m in bases]
    return (sum(b.x for b in placed) // len(placed), sum(b.y for b in placed) // len(placed))


def aim(state: State, uid: str, targets: list[str]) -> int:
    """The heading of the charge: from the unit's centre to the nearest target miniature
    a charging miniature sees (any target miniature when none is seen any more)."""
    here = board(state)
    start = centre_of(state, uid)
    seen = sorted(
        {t for each in targets for found in sights(state, uid, each).values() for t in found}
    )
    theirs = [m for t in targets for m in state["units"][t]["minis"] if m in here.bases]
    goal = min(
        seen or theirs,
        key=lambda t: (math.hypot(here.bases[t].x - start[0], here.bases[t].y - start[1]), t),
    )
    return geometry.heading(start, (here.bases[goal].x, here.bases[goal].y))


def trace(
    state: State, mine: list[str], heading: int, distance: int, *, from_start: bool = False
) -> tuple[int, dict[str, Base]]:
    """Move the miniatures as one block along ``heading`` until one would leave the
    table, stand over impassable scenery or overlap another miniature (contact); then
    those within 2.5 cm of an enemy face its centre. The steps before anything could
    stop a miniature are skipped (``from_start``: every step is taken, the reference
    the tests hold the skipping to)."""
    here = board(state)
    ux, uy = math.cos(math.radians(heading / 10)), math.sin(math.radians(heading / 10))
    own = set(mine)
    starts = {m: here.bases[m] for m in mine}
    r = max(b.bound for b in starts.values()) + distance + geometry.MELEE_DISTANCE + 1
    xs = [b.x for b in starts.values()]
    ys = [b.y for b in starts.values()]
    others = [
        o for o in here.in_box(min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r) if o not in own
    ]
    table = state["table"]
    scene = here.scene
    # Only the bases near a miniature's straight sweep can stop it (a quick filter).
    near = {
        m: [o for o in others if _swept(b, ux, uy, distance, here.bases[o])]
        for m, b in starts.items()
    }

    def at(t: int) -> dict[str, Base] | None:
        spots = {
            m: spatial_base(b, b.x + round(ux * t), b.y + round(uy * t), b.facing)
            for m, b in starts.items()
        }
        for m, spot in spots.items():
            if not geometry.on_table(spot, table["width"], table["height"]):
                return None
            if scene.over_impassable(spot) is not None:
                return None
            if any(geometry.overlaps(spot, here.bases[o]) for o in near[m]):
                return None
        return spots

    travelled, finals = 0, dict(starts)
    # The steps before the first moment anything could stop a miniature pass: start
    # from the last of them (the same answer as stepping from the start).
    skip = 0 if from_start else _steps_clear(state, starts, near, ux=ux, uy=uy, distance=distance)
    if skip > 0:
        spots = at(skip * STEP)
        if spots is not None:
            travelled, finals = skip * STEP, spots
    while travelled < distance:
        step = min(travelled + STEP, distance)
        spots = at(step)
        if spots is None:
            break
        travelled, finals = step, spots
    return travelled, face_enemies(state, finals, others)


def _steps_clear(
    state: State,
    starts: Mapping[str, Base],
    near: Mapping[str, list[str]],
    *,
    ux: float,
    uy: float,
    distance: int,
) -> int:
    """How many whole steps (shorter than ``distance``) every miniature surely takes:
    until then each bounding circle, moved along (ux, uy), stays more than a unit clear
    of the table's edges, of the circles holding the scenery impassable to it and of the
    bounding circles of the bases near its path (a base's centre is rounded by less
    than a unit), so the exact tests of the trace could not stop it."""
    here = board(state)
    table = state["table"]
    width, height = table["width"], table["height"]
    clear = float(distance)
    for m, b in starts.items():
        r = b.bound + 2
        # The table's edges (the base lies within its bounding circle).
        for position, u, size in ((b.x, ux, width), (b.y, uy, height)):
            if position - r < 0 or position + r > size:
                clear = 0.0
            elif u > 0:
                clear = min(clear, (size - r - position) / u)
            elif u < 0:
                clear = min(clear, (position - r) / -u)
        circles: list[tuple[float, float, float]] = [
            (o.x, o.y, o.bound) for o in (here.bases[n] for n in near[m])
        ]
        circles += here.scene.impassable_circles(b.height)
        for cx, cy, radius in circles:
            dx, dy = cx - b.x, cy - b.y
            reach = radius + r
            along = dx * ux + dy * uy
            off = dx * dx + dy * dy - along * along  # squared distance across the path
            if off >= reach * reach:
                continue  # never within reach across the path
            root = math.sqrt(reach * reach - off)
            if along + root < 0:
                continue  # within reach only behind the start
            clear = min(clear, along - root)
        if clear <= STEP:
            return 0
    return max(0, math.ceil(clear / STEP) - 1)


def _swept(base: Base, ux: float, uy: float, distance: int, other: Base) -> bool:
    """Whether ``other`` comes within reach of ``base`` moved straight along (ux, uy)
    for up to ``distance`` (the distance from its centre to that segment)."""
    dx, dy = other.x - base.x, other.y - base.y
    t = max(0.0, min(float(distance), dx * ux + dy * uy))
    return math.hypot(dx - ux * t, dy - uy * t) <= base.bound + other.bound + 2 * STEP


def face_enemies(state: State, finals: dict[str, Base], others: list[str]) -> dict[str, Base]:
    """The charging miniatures within 2.5 cm of an enemy (among ``others``) face the
    centre of the nearest one, when they can turn where they stand."""
    if not finals:
        return finals
    here = board(state)
    table = state["table"]
    scene = here.scene
    side = state["minis"][next(iter(finals))]["side"]
    enemies = [o for o in others if here.side_of[o] != side]
    finals = dict(finals)
    for m, base in list(finals.items()):
        near = [
            (geometry.edge_distance(base, here.bases[e]), e)
            for e in enemies
            if geometry.within(base, here.bases[e], geometry.MELEE_DISTANCE)
        ]
        if not near:
            continue
        enemy = here.bases[min(near)[1]]
        facing = geometry.heading((base.x, base.y), (enemy.x, enemy.y))
        turned = spatial_base(base, base.x, base.y, facing)
        # Turning a square base sweeps new ground: it must stay on the table, off
        # impassable scenery and clear of every other base, or it keeps its facing.
        clear = (
            geometry.on_table(turned, table["width"], table["height"])
            and scene.over_impassable(turned) is None
            and all(not geometry.overlaps(turned, here.bases[o]) for o in others)
            and all(not geometry.overlaps(turned, b) for k, b in finals.items() if k != m)
        )
        if clear:
            finals[m] = turned
    return finals


def closing_in(state: State, uid: str, heading: int, remaining: int) -> list[dict[str, Any]]:
    """4. Charge movement, "with each of the unit's miniatures": once the block has
    stopped with a miniature in contact, each miniature not in contact may go on
    straight (no turns) for what is left of the charge distance until it is stopped;
    it closes in when it ends within 2.5 cm of an enemy and the unit stays in formation
    (nearest to the enemy first). Returns those miniatures' new spots, faced."""
    here = board(state)
    unit = state["units"][uid]
    mine = [m for m in unit["minis"] if m in here.bases]
    current = {m: here.bases[m] for m in mine}
    r = max(b.bound for b in current.values()) + remaining + geometry.MELEE_DISTANCE + 1
    xs = [b.x for b in current.values()]
    ys = [b.y for b in current.values()]
    box = here.in_box(min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)
    others = [o for o in box if o not in current]
    enemies = [o for o in others if here.side_of[o] != unit["side"]]

    def gap(base: Base) -> float:
        return min((geometry.edge_distance(base, here.bases[e]) for e in enemies), default=1e9)

    if (
        remaining <= 0
        or len(mine) < 2
        or all(gap(b) > geometry.MELEE_DISTANCE for b in current.values())
    ):
        return []
    ux, uy = math.cos(math.radians(heading / 10)), math.sin(math.radians(heading / 10))
    table, scene = state["table"], here.scene
    closed: list[str] = []
    free = [m for m in mine if gap(current[m]) > geometry.MELEE_DISTANCE]
    for m in sorted(free, key=lambda m: (gap(current[m]), m)):
        start, final = current[m], None
        for step in range(STEP, remaining + STEP, STEP):
            t = min(step, remaining)
            spot = spatial_base(
                start, start.x + round(ux * t), start.y + round(uy * t), start.facing
            )
            if (
                not geometry.on_table(spot, table["width"], table["height"])
                or scene.over_impassable(spot) is not None
                or any(geometry.overlaps(spot, here.bases[o]) for o in others)
                or any(geometry.overlaps(spot, b) for k, b in current.items() if k != m)
            ):
                break
            final = spot
        if final is None or gap(final) > geometry.MELEE_DISTANCE:
            continue
        trial = {**current, m: final}
        if geometry.formation_problems(list(trial.values()), skirmishers=unit["skirmish"]):
            continue
        current = trial
        closed.append(m)
    if not closed:
        return []
    # Only the miniatures that closed in turn: the others stay as they stand, so they
    # are obstacles to a turn like any other base.
    staying = [m for m in mine if m not in closed]
    faced = face_enemies(state, {m: current[m] for m in closed}, [*others, *staying])
    return [
        {"id": m, "x": faced[m].x, "y": faced[m].y, "facing": faced[m].facing}
        for m in mine
        if m in closed
    ]

"""Small geometric questions the rules ask on top of :mod:`engine.kensei.geometry`."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from engine.kensei import geometry
from engine.kensei.geometry import Base, Scenery
from engine.kensei.geometry.board import Board

CONTACT_SLACK = 2  # 0.2 mm: bases that only touch are not crossed


def placed(base: Base, x: int, y: int, facing: int) -> Base:
    """The same miniature at another position and facing."""
    return Base(x, y, facing, base.shape, base.size, base.height)


def inside_rect(base: Base, rect: Sequence[int]) -> bool:
    """The whole base lies inside the rectangle ``[x0, y0, x1, y1]`` (a deployment zone)."""
    # The bounds of geometry.footprint(base), without building the polygon: a round
    # footprint's vertices include the four axis points, x +- size/2 and y +- size/2
    # exactly; a square's are its corners.
    if base.shape == "round":
        r = base.size / 2
        minx, miny, maxx, maxy = base.x - r, base.y - r, base.x + r, base.y + r
    else:
        points = geometry.corners(base)
        minx, maxx = min(p[0] for p in points), max(p[0] for p in points)
        miny, maxy = min(p[1] for p in points), max(p[1] for p in points)
    eps = geometry.EPSILON
    return (
        minx >= rect[0] - eps
        and miny >= rect[1] - eps
        and maxx <= rect[2] + eps
        and maxy <= rect[3] + eps
    )


def scenery_overlap(a: Scenery, b: Scenery) -> bool:
    """Two pieces of scenery share some area (touching is fine)."""
    shared = geometry.scenery_polygon(a).intersection(geometry.scenery_polygon(b))
    return float(shared.area) > geometry.EPSILON


def angle_between(a: int, b: int) -> int:
    """The smaller angle between two facings, in tenths of a degree (0 to 1800)."""
    diff = abs(a - b) % 3600
    return min(diff, 3600 - diff)


def crossed_bases(
    scene: geometry.Scene,
    base: Base,
    waypoints: Sequence[tuple[int, int]],
    exclude: Iterable[str],
    near: Board | None = None,
    *,
    among: Iterable[str] | None = None,
) -> list[str]:
    """Miniatures a base would pass over moving along the waypoints ("Crossing
    miniatures"). Sliding past a base in contact is not crossing it, so the
    moving base is taken 0.2 mm narrower. ``near`` (the board of the scene) and
    ``among`` (miniatures known to hold every one that can be near) are filters."""
    if not waypoints:
        return []
    candidates: list[str] | None = None
    if near is not None:
        xs = [base.x, *(p[0] for p in waypoints)]
        ys = [base.y, *(p[1] for p in waypoints)]
        r = base.bound
        skip = set(exclude)
        box = (min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)
        found = near.in_box(*box) if among is None else near.among_in_box(among, *box)
        candidates = [mid for mid in found if mid not in skip]
        if not candidates:
            return []
    narrower = Base(
        base.x, base.y, base.facing, base.shape, max(1, base.size - CONTACT_SLACK), base.height
    )
    return scene.path_bases(narrower, waypoints, exclude, among=candidates)


Window = tuple[float, float, str, Base]
"""From ``t0`` to ``t1`` along a straight move, the moving miniature may overlap a base."""


def overlap_windows(
    starts: Mapping[str, Base], others: Iterable[Base], ux: float, uy: float
) -> list[Window]:
    """For every moving miniature (``starts``, translated by ``(round(ux t), round(uy
    t))``, a unit vector) and every other base, the stretch of ``t`` outside which the
    two cannot overlap: their bounding circles (grown by 1, for the rounding of the
    position) do not meet. Pairs that never come that close are left out. A filter:
    :func:`geometry.overlaps` decides inside the window."""
    windows: list[Window] = []
    listed = list(others)
    for mid, base in starts.items():
        for other in listed:
            reach = base.bound + other.bound + 1
            dx, dy = base.x - other.x, base.y - other.y
            along = dx * ux + dy * uy
            room = along * along - (dx * dx + dy * dy) + reach * reach
            if room <= 0:
                continue
            half = math.sqrt(room)
            windows.append((-along - half - 1, -along + half + 1, mid, other))
    return windows


def swept_box(starts: Iterable[Base], dx: float, dy: float) -> tuple[float, float, float, float]:
    """A box holding every base of ``starts`` at every point of a straight move by up
    to ``(dx, dy)`` (positions rounded to whole units; 1 unit of margin)."""
    listed = list(starts)
    x0 = min(b.x - b.bound for b in listed) + min(0.0, dx) - 1
    y0 = min(b.y - b.bound for b in listed) + min(0.0, dy) - 1
    x1 = max(b.x + b.bound for b in listed) + max(0.0, dx) + 1
    y1 = max(b.y + b.bound for b in listed) + max(0.0, dy) + 1
    return x0, y0, x1, y1

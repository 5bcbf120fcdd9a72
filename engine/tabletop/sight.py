"""Kensei geometry: the pieces of line of sight ("Line of sight of a miniature"):
sight bands, the sorted axes that find the bases near one, and the tests that decide
whether obstacles touch a band or cut it across."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import LineString, Polygon

from engine.tabletop.bases import (
    _COS,
    _SIN,
    EPSILON,
    Base,
    FloatXY,
    Sight,
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
    arrays = (xs, ys, size, bound, fcos, fsin, round_)
    for array in arrays:  # shared by every scene of these bases: never written
        array.setflags(write=False)
    return arrays


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
    # The box's corners projected on an edge normal (nx, ny) are 0 * nx + low * ny,
    # length * nx + low * ny, length * nx + high * ny and 0 * nx + high * ny: the
    # same floats as below (0 * nx is a zero, adding it changes nothing but a zero's
    # sign). The edges are taken from (last, first) on; their order does not matter.
    ax, ay = points[-1]
    for bx, by in points:
        nx, ny = by - ay, ax - bx
        ax, ay = bx, by
        if nx == 0 and ny == 0:
            continue
        slack = EPSILON * math.hypot(nx, ny)
        mine = [x * nx + y * ny for x, y in points]
        at_low, at_high, far = low * ny, high * ny, length * nx
        if max(mine) < min(at_low, at_high, far + at_low, far + at_high) - slack:
            return False
        if min(mine) > max(at_low, at_high, far + at_low, far + at_high) + slack:
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

"""Kensei geometry: the :class:`Scene`, the table at one moment (scenery and every
miniature's base) indexed for the rules' queries: line of sight and cover, melee,
distances, and what a moving base crosses or ends over."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from engine.tabletop.bases import (
    _CIRCUMSCRIBE,
    CUT_TOLERANCE,
    EPSILON,
    XY,
    Base,
    MiniatureId,
    Scenery,
    Sight,
    _blocker,
    _blocker_ring,
    _extent,
    distance_to_polygon,
    edge_distance,
    footprint,
    impassable_for,
    overlaps,
    within,
)
from engine.tabletop.movement import (
    _INNER,
    SURE,
    _path_geometry,
    _point_path_distance,
    engaged,
    on_table,
    sweep,
)
from engine.tabletop.orientation import in_visual_field
from engine.tabletop.scenery import (
    _scenery_index,
    _SceneryIndex,
    border_distance,
    path_within,
    strictly_inside,
)
from engine.tabletop.sight import (
    _Axes,
    _Band,
    _Bands,
    _base_arrays,
    _convex_meets_box,
    _covers,
    _cuts,
    _meets_both_sides,
    _overlapping_groups,
    _SightDetail,
)

# -- the scene --------------------------------------------------------------------------


Layout = tuple[tuple[MiniatureId, ...], dict[MiniatureId, int]]
"""A scene's miniatures in sorted id order and the slot of each (see :meth:`Scene.layout`)."""

_LAST_INDEX: list[tuple[tuple[Scenery, ...], _SceneryIndex]] = []


def _index_of(scenery: tuple[Scenery, ...]) -> _SceneryIndex:
    """:func:`_scenery_index`, the same tuple (by identity: a table's boards share it)
    answered without hashing its pieces again."""
    if _LAST_INDEX and _LAST_INDEX[0][0] is scenery:
        return _LAST_INDEX[0][1]
    found = _scenery_index(scenery)
    _LAST_INDEX[:] = [(scenery, found)]
    return found


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
        "_seen",
        "_slot",
        "bases",
        "contact",
        "scenery",
    )

    def __init__(
        self,
        scenery: Iterable[Scenery],
        bases: Mapping[MiniatureId, Base],
        *,
        contact: int,
        layout: Layout | None = None,
    ) -> None:
        """``contact``: the system's melee contact distance (edges this close or nearer
        are in contact if one faces the other; the cover distance too). ``layout``: the
        :meth:`layout` of a scene of the very same miniatures (same ids), which spares
        sorting them again."""
        self.contact = contact
        self.scenery: tuple[Scenery, ...] = tuple(scenery)
        if layout is None:
            ids = tuple(sorted(bases))
            slots = dict(zip(ids, range(len(ids)), strict=True))
        else:
            ids, slots = layout
        listed = tuple([bases[i] for i in ids])
        self.bases: Mapping[MiniatureId, Base] = dict(zip(ids, listed, strict=True))
        self._index = _index_of(self.scenery)
        self._ids = ids
        self._slot = slots
        self._list = listed
        self._reach: tuple[tuple[int, int, float], ...] | None = None  # see _reaches
        self._axes: _Axes | None = None  # built on the first sight query
        # Sight answers of this snapshot, by (observer, target) slot.
        self._memo: dict[tuple[int, int], _SightDetail] = {}
        # seen_by answers, by (observers, targets).
        self._seen: dict[tuple[tuple[str, ...], tuple[str, ...]], dict[str, list[str]]] = {}

    def layout(self) -> Layout:
        """The miniatures' ids in sorted order and each one's slot (never modified)."""
        return self._ids, self._slot

    def _reaches(self) -> tuple[tuple[int, int, float], ...]:
        """Each base's centre and bounding radius (plus EPSILON), in slot order."""
        if self._reach is None:
            self._reach = tuple([(b.x, b.y, b.bound + EPSILON) for b in self._list])
        return self._reach

    def with_bases(
        self, changed: Mapping[MiniatureId, Base], removed: Iterable[MiniatureId] = ()
    ) -> Scene:
        """The same table with some bases moved, added or removed (casualties);
        the scenery index is shared."""
        bases = dict(self.bases)
        bases.update(changed)
        for gone in removed:
            bases.pop(gone, None)
        return Scene(self.scenery, bases, contact=self.contact)

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
        slot, memo = self._slot, self._memo
        keys = [(slot[o], slot[t]) for o, t in pairs]
        missing = sorted({key for key in keys if key not in memo})
        if missing:
            # Each pair's arithmetic is elementwise: computing only the unknown pairs
            # gives them the same answers as computing them all.
            obs = np.fromiter((o for o, _ in missing), dtype=np.intp, count=len(missing))
            tgt = np.fromiter((t for _, t in missing), dtype=np.intp, count=len(missing))
            bands = _Bands.between(_base_arrays(self._list), obs, tgt)
            near_rows = bands.near_bases(_base_arrays(self._list), obs, tgt).tolist()
            for k, band in enumerate(bands.rows()):
                key = missing[k]
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
        return [memo[key].sight for key in keys]

    def seen_by(
        self, observers: Sequence[MiniatureId], targets: Sequence[MiniatureId]
    ) -> dict[MiniatureId, list[MiniatureId]]:
        """For each observer, the targets it sees (partial or total line of sight), in
        the given orders; remembered for this scene (a fresh copy every time)."""
        key = (tuple(observers), tuple(targets))
        found = self._seen.get(key)
        if found is None:
            pairs = [(m, t) for m in key[0] for t in key[1]]
            found = {m: [] for m in key[0]}
            for (m, t), sight in zip(pairs, self.line_of_sight_many(pairs), strict=True):
                if sight != "none":
                    found[m].append(t)
            self._seen[key] = found
        return {m: list(seen) for m, seen in found.items()}

    def sees_any(self, observers: Sequence[MiniatureId], targets: Sequence[MiniatureId]) -> bool:
        """Whether some observer sees some target (``any`` of :meth:`seen_by`), asking
        the nearest pairs first and stopping at the first sight (the single query gives
        the batched answers)."""
        known = self._seen.get((tuple(observers), tuple(targets)))
        if known is not None:
            return any(known.values())
        slot, bases = self._slot, self._list
        pairs = sorted(
            (
                (bases[o].x - bases[t].x) ** 2 + (bases[o].y - bases[t].y) ** 2,
                o,
                t,
            )
            for o in (slot[m] for m in observers)
            for t in (slot[m] for m in targets)
        )
        return any(self._sight(o, t).sight != "none" for _d, o, t in pairs)

    def in_cover(self, target_id: MiniatureId, observer_id: MiniatureId) -> bool:
        """The target is in cover from the observer ("Covers"): it is ``contact`` or less
        from an obstacle, and that obstacle makes the observer's line of sight partial
        (it touches the sight band and sight is partial). Without sight there is no
        cover to speak of: False."""
        target = self.base(target_id)
        detail = self._sight(self._slot[observer_id], self._slot[target_id])
        if detail.sight != "partial":
            return False
        for n in detail.scenery:
            if distance_to_polygon(target, self._index.polygons[n]) <= self.contact + EPSILON:
                return True
        return any(within(target, self._list[n], self.contact) for n in detail.bases)

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
            self._axes = _Axes.of(self._reaches())
        reaches = self._reaches()
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
        ox, oy, ux, uy, half, length = band.ox, band.oy, band.ux, band.uy, band.half, band.length
        for n, (a, b, c, d) in enumerate(index.bounds):
            if a > maxx + EPSILON or c < minx - EPSILON or b > maxy + EPSILON or d < miny - EPSILON:
                continue
            # The circle holding the polygon must come within EPSILON of the band.
            cx, cy, r = index.circles[n]
            reach = r + EPSILON
            across = (cy - oy) * ux - (cx - ox) * uy
            along = (cx - ox) * ux + (cy - oy) * uy
            if across > half + reach or across < -half - reach:
                continue
            if along < -reach or along > length + reach:
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
        if not self._may_cut(band, scenery, bases):
            return False
        spans: list[tuple[float, float]] = []
        boxes: list[tuple[float, float, float, float]] = []
        blockers: list[Base | Polygon] = []  # bases made blockers only when needed
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
                # The blocker's half-width across the band is at most the square's
                # plus CUT_TOLERANCE * sqrt(2) < spread: it meets both sides only if
                # its span covers the band.
                spread = _extent(other, -uy, ux) + 2 * CUT_TOLERANCE + EPSILON
                if (
                    across - spread <= -half
                    and across + spread >= half
                    and _meets_both_sides(band, _blocker_ring(other))
                ):
                    return True
                bound = other.bound + 2 * CUT_TOLERANCE + EPSILON
            spans.append((across - spread, across + spread))
            boxes.append((other.x - bound, other.y - bound, other.x + bound, other.y + bound))
            blockers.append(other)
        lone_ok = len(bases) * [True]
        for n in scenery:
            offsets = [(py - oy) * ux - (px - ox) * uy for px, py in self._index.vertices[n]]
            low, high = min(offsets), max(offsets)
            # The first test of _convex_meets_box on both sides, on the same floats.
            if (
                self._index.convex[n]
                and high >= half - EPSILON
                and low <= -half + EPSILON
                and _meets_both_sides(band, self._index.vertices[n])
            ):
                return True
            spans.append((low - EPSILON, high + EPSILON))
            boxes.append(self._index.blocker_bounds[n])
            blockers.append(self._index.blockers[n])
            lone_ok.append(self._index.convex[n])
        for group in _overlapping_groups(boxes):
            if len(group) == 1 and lone_ok[group[0]]:
                continue  # a convex obstacle alone: decided above
            if not _covers(sorted(spans[k] for k in group), half):
                continue
            shapes = [blockers[k] for k in group]
            if _cuts(band, [_blocker(b) if isinstance(b, Base) else b for b in shapes]):
                return True
        return False

    def _may_cut(self, band: _Band, scenery: list[int], bases: list[int]) -> bool:
        """A quick necessary condition of :meth:`_cut_across`: the obstacles' widths
        across the band, generously bounded (a base's bounding circle grown by the
        tolerances and one more unit), cover it from side to side. Every way
        :meth:`_cut_across` finds a cut (one obstacle meeting both sides, or a group
        whose spans cover the band) implies it, so False there means no cut."""
        ox, oy, ux, uy = band.ox, band.oy, band.ux, band.uy
        spans: list[tuple[float, float]] = []
        for n in bases:
            other = self._list[n]
            across = (other.y - oy) * ux - (other.x - ox) * uy
            spread = other.bound / _CIRCUMSCRIBE + 2 * CUT_TOLERANCE + 1.0
            spans.append((across - spread, across + spread))
        for n in scenery:
            offsets = [(py - oy) * ux - (px - ox) * uy for px, py in self._index.vertices[n]]
            spans.append((min(offsets) - 1.0, max(offsets) + 1.0))
        spans.sort()
        return _covers(spans, band.half)

    # -- melee, distances --------------------------------------------------------------

    def engaged(self, a_id: MiniatureId, b_id: MiniatureId) -> bool:
        """:func:`engaged` for two miniatures of the scene ("Melee combat")."""
        return engaged(self.base(a_id), self.base(b_id), self.contact)

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
                if gap <= self.contact + EPSILON and engaged(a, b, self.contact):
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
        index = self._index
        reach = (base.size / 2 if base.shape == "round" else base.bound) + 2 * EPSILON
        minx = maxx = base.x
        miny = maxy = base.y
        for x, y in waypoints:
            minx, maxx = min(minx, x), max(maxx, x)
            miny, maxy = min(miny, y), max(maxy, y)
        near = [
            n
            for n, (a, b, c, d) in enumerate(index.bounds)
            if a <= maxx + reach and c >= minx - reach and b <= maxy + reach and d >= miny - reach
        ]
        if not near:
            return []  # no scenery's bounding box comes within reach of the path
        path = [(base.x, base.y), *waypoints]
        if base.shape == "square":
            # The sweep lies within the base's bounding radius of the path and holds
            # every point nearer than _INNER * size/2: only obstacles in between need
            # the polygon.
            outer = base.bound + SURE
            inner = base.size / 2 * _INNER - SURE
            path = [p for k, p in enumerate(path) if k == 0 or p != path[k - 1]]
            swept: Polygon | None = None
            hits: list[Scenery] = []
            for n in near:
                ring = index.scenery[n].points
                if not path_within(ring, path, outer):
                    continue
                if not path_within(ring, path, inner):
                    swept = swept or sweep(base, waypoints)
                    if not shapely.intersects(swept, index.polygons[n]):
                        continue
                hits.append(index.scenery[n])
            return hits
        distance = base.size / 2 + EPSILON
        return [
            index.scenery[n] for n in near if path_within(index.scenery[n].points, path, distance)
        ]

    def _slots(self, among: Iterable[MiniatureId] | None) -> Iterable[int]:
        """The slots (id order) of every miniature, or of those of ``among`` on the table."""
        if among is None:
            return range(len(self._ids))
        slot = self._slot
        return sorted(slot[m] for m in among if m in slot)

    def bases_touched(
        self,
        area: BaseGeometry,
        exclude: Iterable[MiniatureId] = (),
        *,
        among: Iterable[MiniatureId] | None = None,
    ) -> list[MiniatureId]:
        """The miniatures whose base touches the area, even minimally ("Crossing
        miniatures"), in id order, leaving out ``exclude`` (and, if ``among`` is
        given, any miniature not in it: a caller's prefilter)."""
        skip = set(exclude)
        minx, miny, maxx, maxy = (float(v) for v in area.bounds)
        out: list[MiniatureId] = []
        for n in self._slots(among):
            other = self._list[n]
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
        self,
        base: Base,
        waypoints: Sequence[XY],
        exclude: Iterable[MiniatureId] = (),
        *,
        among: Iterable[MiniatureId] | None = None,
    ) -> list[MiniatureId]:
        """The miniatures the base touches moving along the waypoints (exact for a
        round base against round bases: centre distance to the path), in id order
        (only those of ``among`` if it is given)."""
        if base.shape == "square":
            return self._square_path_bases(base, waypoints, exclude, among)
        skip = set(exclude)
        path = [(float(base.x), float(base.y)), *((float(x), float(y)) for x, y in waypoints)]
        reach = base.size / 2 + EPSILON
        minx = min(p[0] for p in path) - reach
        maxx = max(p[0] for p in path) + reach
        miny = min(p[1] for p in path) - reach
        maxy = max(p[1] for p in path) + reach
        out: list[MiniatureId] = []
        reaches = self._reaches()
        for n in self._slots(among):
            x, y, bound = reaches[n]
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

    def _square_path_bases(
        self,
        base: Base,
        waypoints: Sequence[XY],
        exclude: Iterable[MiniatureId],
        among: Iterable[MiniatureId] | None,
    ) -> list[MiniatureId]:
        """:meth:`bases_touched` by the :func:`sweep` of a square base: the sweep lies
        within the base's bounding radius of the path and holds every point nearer than
        _INNER * size/2, so only the bases in between need the polygon."""
        skip = set(exclude)
        path = [(float(base.x), float(base.y)), *((float(x), float(y)) for x, y in waypoints)]
        outer = base.bound + EPSILON + SURE
        inner = base.size / 2 * _INNER - SURE
        unsure: list[MiniatureId] = []
        sure: list[MiniatureId] = []
        for n in self._slots(among):
            miniature = self._ids[n]
            if miniature in skip:
                continue
            other = self._list[n]
            gap = _point_path_distance(other.x, other.y, path)
            if gap > outer + other.bound:
                continue
            if gap <= inner + other.size / 2:
                sure.append(miniature)
            else:
                unsure.append(miniature)
        if unsure:
            sure += self.bases_touched(sweep(base, waypoints), among=unsure)
        return sorted(sure)

    def overlaps_any_base(
        self,
        base: Base,
        exclude: Iterable[MiniatureId] = (),
        *,
        among: Iterable[MiniatureId] | None = None,
    ) -> MiniatureId | None:
        """The first miniature (in id order; of ``among`` if given) whose base the given
        base would overlap ("Crossing miniatures": "No miniature may end its movement
        over another miniature"); touching is allowed."""
        skip = set(exclude)
        bx, by, reach = base.x, base.y, base.bound
        reaches = self._reaches()
        for n in self._slots(among):
            x, y, bound = reaches[n]
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

    def scenery_near(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """Some scenery's bounding box comes within 2 * EPSILON of the box (a cheap
        filter: when it is False, no base inside the box touches or stands on scenery)."""
        slack = 2 * EPSILON
        return any(
            a <= x1 + slack and c >= x0 - slack and b <= y1 + slack and d >= y0 - slack
            for a, b, c, d in self._index.bounds
        )

    def impassable_circles(self, height: int) -> list[tuple[float, float, float]]:
        """Circles (centre, radius) holding the scenery impassable to a miniature of
        ``height``: a base whose bounding circle stays clear of them stands over none
        (:meth:`over_impassable` is None; a quick filter)."""
        index = self._index
        return [
            index.circles[n]
            for n, scenery in enumerate(index.scenery)
            if impassable_for(scenery, height)
        ]

    def over_impassable(self, base: Base, height: int | None = None) -> Scenery | None:
        """The first scenery (in scenery order) that is impassable to a miniature of
        ``height`` (default: the base's) and that the base would stand over, i.e.
        overlap more than touch ("Crossing obstacles": "A miniature cannot finish its
        movement over an obstacle that is impassable to it"; impassable scenery or
        "elements taller than the miniature")."""
        tall = base.height if height is None else height
        index = self._index
        x, y = base.x, base.y
        reach = base.bound
        for n, (a, b, c, d) in enumerate(index.bounds):
            # The exact tests below imply that the bounding boxes overlap.
            if a >= x + reach or c <= x - reach or b >= y + reach or d <= y - reach:
                continue
            scenery = index.scenery[n]
            if not impassable_for(scenery, tall):
                continue
            if base.shape == "round":
                ring = scenery.points
                if border_distance((x, y), ring) < base.size / 2 - EPSILON or strictly_inside(
                    (x, y), ring
                ):
                    return scenery
            elif (
                float(shapely.area(shapely.intersection(footprint(base), index.polygons[n])))
                > EPSILON
            ):
                return scenery
        return None

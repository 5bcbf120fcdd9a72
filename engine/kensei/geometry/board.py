"""The miniatures of a state as geometry, built once per state and shared.

States are never mutated, so the bases and the :class:`geometry.Scene` of a
state can be cached by the identity of its ``minis`` and ``scenery`` objects
(the cache keeps those objects alive, so an identity is never reused while
its entry exists). A new board starts from the latest one, which may be another
game's: only what is checked to be of the same input is taken from it. A
miniature whose dict is the very same object keeps its :class:`Base`, the same
scenery list keeps its :class:`Scenery` tuple, and the previous board's bases,
sides and sorted ids are followed only when the state has the very same
miniatures (the same ids, in the same order), none of them come or gone. The
grid of the bases is built on the first question that needs it, and answers
that only depend on the state (who is engaged with whom) are remembered on the
board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.core import State
from engine.kensei import geometry
from engine.kensei.geometry import Base, Scenery

_CACHE_SIZE = 16
CELL = 1000  # a 10 cm grid to find the miniatures near a point quickly
# A cell's key: one int for its column and row (no tuple to build and hash for each
# cell a query looks at), unique for any cell within 300 m of the table's corner.
_OFFSET = 1 << 15
_ROW = 1 << 16


def _cell(cx: int, cy: int) -> int:
    return (cx + _OFFSET) * _ROW + cy + _OFFSET


_cache: list[tuple[Any, Any, Board]] = []

Box = tuple[str, float, float, float, float]
"""A miniature and the box around its base: id, min x, min y, max x, max y."""


class Board:
    bases: dict[str, Base]
    side_of: dict[str, str]
    _sources: dict[str, tuple[Any, Base]]
    _minis: dict[str, Any]
    _grid: _Grid | None
    _layout: geometry.Layout | None

    def __init__(self, state: State, previous: Board | None = None) -> None:
        self._minis: dict[str, Any] = state["minis"]  # kept alive with the board
        changed = None if previous is None else self._follow(state, previous)
        # The sorted ids of the scene: the previous board's when the same miniatures
        # are on the table.
        self._layout: geometry.Layout | None = None
        if changed is not None:
            assert previous is not None
            self._layout = previous._layout
            stale = changed
        else:
            changed = self._build(state, previous)
            before = {} if previous is None else previous.bases
            stale = [mid for mid, base in before.items() if self.bases.get(mid) is not base]
        # The previous board's grid, if it has one, and what to patch in it.
        self._patch: tuple[_Grid, list[str], list[str]] | None = None
        if previous is not None and previous._grid is not None:
            self._patch = (previous._grid, stale, changed)
        self._scenery_source: Any = state["scenery"]
        self._scenery: tuple[Scenery, ...] = (
            previous._scenery
            if previous is not None and previous._scenery_source is self._scenery_source
            else scenery_of(state)
        )
        self._scene: geometry.Scene | None = None
        self._grid = None
        self._engaged: dict[tuple[str, str], list[str]] = {}

    def _follow(self, state: State, previous: Board) -> list[str] | None:
        """Take the previous board's bases and rebuild only the miniatures whose dict
        changed; the ids of those, or None (nothing done) if a miniature came onto the
        table or left it (then the bases are built afresh, in the state's order).

        Only a board of the very same miniatures (the same ids in the same order) is
        followed: the previous board may be another game's, whose miniatures this
        state lacks (they would stay on this board) or has in another order."""
        minis = state["minis"]
        known = previous._minis
        if len(minis) != len(known) or list(minis) != list(known):
            return None
        sources = dict(previous._sources)
        bases = dict(previous.bases)
        changed: list[str] = []
        # A miniature whose dict is the previous state's is as the previous board has it.
        for mid in [mid for mid, mini in minis.items() if known.get(mid) is not mini]:
            mini = minis[mid]
            source = sources.get(mid)
            if source is not None and source[0] is mini:
                continue
            on_table = mini["placed"] and not mini["removed"]
            if source is None and not on_table:
                continue
            if source is None or not on_table or mini["side"] != previous.side_of[mid]:
                return None
            base = base_from(mini)
            sources[mid] = (mini, base)
            bases[mid] = base
            changed.append(mid)
        self._sources = sources
        self.bases = bases
        self.side_of = previous.side_of  # the same miniatures: never modified
        return changed

    def _build(self, state: State, previous: Board | None) -> list[str]:
        """The bases of every miniature on the table, in the state's order (reusing the
        previous board's :class:`Base` of an unchanged miniature); the ids of those
        built anew."""
        sources: dict[str, tuple[Any, Base]] = {}
        bases: dict[str, Base] = {}
        side_of: dict[str, str] = {}
        changed: list[str] = []
        known = {} if previous is None else previous._sources
        for mid, mini in state["minis"].items():
            source = known.get(mid)
            if source is None or source[0] is not mini:
                if not mini["placed"] or mini["removed"]:
                    continue
                source = (mini, base_from(mini))
                changed.append(mid)
            sources[mid] = source
            bases[mid] = source[1]
            side_of[mid] = mini["side"]
        self._sources = sources
        self.bases = bases
        self.side_of = side_of
        return changed

    @property
    def scene(self) -> geometry.Scene:
        if self._scene is None:
            self._scene = geometry.table_scene(self._scenery, self.bases, layout=self._layout)
            self._layout = self._scene.layout()
        return self._scene

    def _index(self) -> _Grid:
        """The grid cells, each miniature's box and cell, and the largest bounding radius
        (or more: a grid patched from the last board keeps its radius if the widest
        base left, which only widens the cells a query looks at)."""
        grid = self._grid
        if grid is None:
            # Read once: a board is shared by the threads deciding on its state.
            patch = self._patch
            if patch is not None:
                grid = _patched(patch[0], patch[1], patch[2], self.bases)
            else:
                grid = _patched(({}, {}, 0.0), [], list(self.bases), self.bases)
            self._grid = grid
            self._patch = None
        return grid

    def in_box(self, x0: float, y0: float, x1: float, y1: float) -> list[str]:
        """Miniatures whose base may reach into the box (a cheap filter; in id order)."""
        cells, _boxes, pad = self._index()
        found = []
        first_row = int(y0 - pad) // CELL
        rows = int(y1 + pad) // CELL + 1 - first_row
        for cx in range(int(x0 - pad) // CELL, int(x1 + pad) // CELL + 1):
            column = _cell(cx, first_row)
            for key in range(column, column + rows):
                cell = cells.get(key)
                if cell is None:
                    continue
                for mid, a, b, c, d in cell:
                    if c >= x0 and a <= x1 and d >= y0 and b <= y1:
                        found.append(mid)
        found.sort()
        return found

    def among_in_box(
        self, ids: Iterable[str], x0: float, y0: float, x1: float, y1: float
    ) -> list[str]:
        """Those of ``ids`` (in their order) that :meth:`in_box` would return."""
        boxes = self._index()[1]
        found = []
        for mid in ids:
            (_mid, a, b, c, d), _cell = boxes[mid]
            if c >= x0 and a <= x1 and d >= y0 and b <= y1:
                found.append(mid)
        return found

    def enemies_near(self, base: Base, side: str, reach: int) -> list[str]:
        """Enemy miniatures whose border may be within ``reach`` of ``base`` (a cheap
        filter; callers ask the exact question after)."""
        r = base.bound + reach + 1
        side_of = self.side_of
        return [
            mid
            for mid in self.in_box(base.x - r, base.y - r, base.x + r, base.y + r)
            if side_of[mid] != side
        ]

    def enemies_near_each(self, bases: Sequence[Base], side: str, reach: int) -> list[list[str]]:
        """:meth:`enemies_near` for several bases, with one look at the grid."""
        if not bases:
            return []
        rs = [base.bound + reach + 1 for base in bases]
        x0 = min(base.x - r for base, r in zip(bases, rs, strict=True))
        y0 = min(base.y - r for base, r in zip(bases, rs, strict=True))
        x1 = max(base.x + r for base, r in zip(bases, rs, strict=True))
        y1 = max(base.y + r for base, r in zip(bases, rs, strict=True))
        side_of = self.side_of
        enemies = [mid for mid in self.in_box(x0, y0, x1, y1) if side_of[mid] != side]
        if not enemies:
            return [[] for _ in bases]
        return [
            self.among_in_box(enemies, base.x - r, base.y - r, base.x + r, base.y + r)
            for base, r in zip(bases, rs, strict=True)
        ]

    def engaged_with(self, base: Base, side: str) -> list[str]:
        """Enemy miniatures in melee combat with a base of ``side`` (Melee combat)."""
        return [
            mid
            for mid in self.enemies_near(base, side, geometry.MELEE_DISTANCE)
            if geometry.engaged(base, self.bases[mid])
        ]

    def engaged_mini(self, mid: str, side: str) -> list[str]:
        """:meth:`engaged_with` for a miniature of the board, remembered (do not modify)."""
        key = (mid, side)
        found = self._engaged.get(key)
        if found is None:
            found = self._engaged[key] = self.engaged_with(self.bases[mid], side)
        return found

    def engaged_minis(self, mids: Sequence[str], side: str) -> dict[str, list[str]]:
        """:meth:`engaged_mini` for several miniatures of the board (do not modify)."""
        known = self._engaged
        missing = [mid for mid in mids if (mid, side) not in known]
        if missing:
            bases = [self.bases[mid] for mid in missing]
            near = self.enemies_near_each(bases, side, geometry.MELEE_DISTANCE)
            for mid, base, enemies in zip(missing, bases, near, strict=True):
                known[mid, side] = [e for e in enemies if geometry.engaged(base, self.bases[e])]
        return {mid: known[mid, side] for mid in mids}


def base_from(mini: Any) -> Base:
    """The geometry of a miniature of the state."""
    return Base(
        x=mini["x"],
        y=mini["y"],
        facing=mini["facing"],
        shape=mini["base"]["shape"],
        size=mini["base"]["size"],
        height=mini["height"],
    )


_Grid = tuple[dict[int, list[Box]], dict[str, tuple[Box, int]], float]


def _patched(grid: _Grid, stale: list[str], changed: list[str], bases: dict[str, Base]) -> _Grid:
    """A grid with the stale miniatures taken out and the changed ones put in (the
    lists of the cells it touches are copied: the old grid is left as it was)."""
    cells, boxes, widest = dict(grid[0]), dict(grid[1]), grid[2]
    for mid in stale:
        _box, cell = boxes.pop(mid)
        cells[cell] = [box for box in cells[cell] if box[0] != mid]
    for mid in changed:
        base = bases[mid]
        b = base.bound
        widest = max(widest, b)
        box = (mid, base.x - b, base.y - b, base.x + b, base.y + b)
        cell = _cell(base.x // CELL, base.y // CELL)
        boxes[mid] = (box, cell)
        cells[cell] = [*cells.get(cell, ()), box]
    return cells, boxes, widest


def scenery_of(state: State) -> tuple[Scenery, ...]:
    return tuple(
        Scenery(
            id=piece["id"],
            kind=piece["kind"],
            height=piece["height"],
            points=tuple((int(x), int(y)) for x, y in piece["points"]),
        )
        for piece in state["scenery"]
    )


def board(state: State) -> Board:
    minis, scenery = state["minis"], state["scenery"]
    for entry in _cache:
        if entry[0] is minis and entry[1] is scenery:
            return entry[2]
    found = Board(state, _cache[0][2] if _cache else None)
    _cache.insert(0, (minis, scenery, found))
    del _cache[_CACHE_SIZE:]
    return found

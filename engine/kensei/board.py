"""The miniatures of a state as geometry, built once per state and shared.

States are never mutated, so the bases and the :class:`geometry.Scene` of a
state can be cached by the identity of its ``minis`` and ``scenery`` objects
(the cache keeps those objects alive, so an identity is never reused while
its entry exists).
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.kensei import geometry
from engine.kensei.geometry import Base, Scenery

_CACHE_SIZE = 16
CELL = 1000  # a 10 cm grid to find the miniatures near a point quickly
_cache: list[tuple[Any, Any, Board]] = []


class Board:
    def __init__(self, state: State) -> None:
        self.bases: dict[str, Base] = {
            mid: Base(
                x=mini["x"],
                y=mini["y"],
                facing=mini["facing"],
                shape=mini["base"]["shape"],
                size=mini["base"]["size"],
                height=mini["height"],
            )
            for mid, mini in state["minis"].items()
            if mini["placed"] and not mini["removed"]
        }
        self.side_of = {mid: state["minis"][mid]["side"] for mid in self.bases}
        self._cells: dict[tuple[int, int], list[str]] = {}
        for mid, base in self.bases.items():
            self._cells.setdefault((base.x // CELL, base.y // CELL), []).append(mid)
        self._widest = max((base.bound for base in self.bases.values()), default=0.0)
        self._scenery = scenery_of(state)
        self._scene: geometry.Scene | None = None

    @property
    def scene(self) -> geometry.Scene:
        if self._scene is None:
            self._scene = geometry.Scene(self._scenery, self.bases)
        return self._scene

    def in_box(self, x0: float, y0: float, x1: float, y1: float) -> list[str]:
        """Miniatures whose base may reach into the box (a cheap filter; in id order)."""
        pad = self._widest
        found = []
        for cx in range(int(x0 - pad) // CELL, int(x1 + pad) // CELL + 1):
            for cy in range(int(y0 - pad) // CELL, int(y1 + pad) // CELL + 1):
                for mid in self._cells.get((cx, cy), ()):
                    base = self.bases[mid]
                    b = base.bound
                    if (
                        base.x + b >= x0
                        and base.x - b <= x1
                        and base.y + b >= y0
                        and base.y - b <= y1
                    ):
                        found.append(mid)
        return sorted(found)

    def enemies_near(self, base: Base, side: str, reach: int) -> list[str]:
        """Enemy miniatures whose border may be within ``reach`` of ``base`` (a cheap
        filter; callers ask the exact question after)."""
        r = base.bound + reach + 1
        return [
            mid
            for mid in self.in_box(base.x - r, base.y - r, base.x + r, base.y + r)
            if self.side_of[mid] != side
        ]

    def engaged_with(self, base: Base, side: str) -> list[str]:
        """Enemy miniatures in melee combat with a base of ``side`` (Melee combat)."""
        return [
            mid
            for mid in self.enemies_near(base, side, geometry.MELEE_DISTANCE)
            if geometry.engaged(base, self.bases[mid])
        ]


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
    found = Board(state)
    _cache.insert(0, (minis, scenery, found))
    del _cache[_CACHE_SIZE:]
    return found

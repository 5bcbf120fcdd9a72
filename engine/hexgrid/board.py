"""A board: the hexes of a map and the terrain on them, with a JSON form.

A :class:`Board` is a frozen value: a set of hexes (any shape; the rectangle and
the big hexagon have constructors) and at most one terrain kind per hex, named
by the game system ("rocks", "bamboo", "forest"...). Hexes without terrain are
clear. Its JSON form lists everything in canonical order, so that equal boards
have equal text::

    {"hexes": [[q, r], ...], "terrain": [[q, r, kind], ...]}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.hexgrid.coords import Hex


@dataclass(frozen=True)
class Board:
    """The hexes of a map and the terrain on them.

    >>> board = Board.hexagon(1, terrain={Hex(1, 0): "rocks"})
    >>> len(board), board.terrain_at(Hex(1, 0)), board.terrain_at(Hex(0, 0))
    (7, 'rocks', None)
    >>> Board.from_json(board.to_json()) == board
    True
    """

    hexes: frozenset[Hex]
    terrain: Mapping[Hex, str] = field(default_factory=dict, compare=False, hash=False)
    _terrain_items: tuple[tuple[Hex, str], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        hexes = frozenset(self.hexes)
        if not all(isinstance(hex_, Hex) for hex_ in hexes):
            raise TypeError("a board is made of Hex values")
        items = tuple(sorted(dict(self.terrain).items()))
        for hex_, kind in items:
            if hex_ not in hexes:
                raise ValueError(f"terrain {kind!r} is placed on {hex_}, which is off the board")
            if not isinstance(kind, str) or not kind:
                raise ValueError(f"the terrain on {hex_} needs a name, not {kind!r}")
        object.__setattr__(self, "hexes", hexes)
        object.__setattr__(self, "terrain", MappingProxyType(dict(items)))
        # Equality and hashing go by this canonical copy of the terrain.
        object.__setattr__(self, "_terrain_items", items)

    @classmethod
    def rectangle(cls, columns: int, rows: int, terrain: Mapping[Hex, str] | None = None) -> Board:
        """A ``columns`` by ``rows`` map, pointy-top, odd rows shifted half a hex
        right ("odd-r"); its top-left hex is ``Hex(0, 0)``.

        >>> sorted(Board.rectangle(2, 2))
        [Hex(q=0, r=0), Hex(q=0, r=1), Hex(q=1, r=0), Hex(q=1, r=1)]
        """
        if columns < 1 or rows < 1:
            raise ValueError(f"a rectangle has at least one column and row, not {columns}x{rows}")
        hexes = frozenset(
            Hex(column - row // 2, row) for row in range(rows) for column in range(columns)
        )
        return cls(hexes, dict(terrain or {}))

    @classmethod
    def hexagon(
        cls, radius: int, centre: Hex | None = None, terrain: Mapping[Hex, str] | None = None
    ) -> Board:
        """Every hex within ``radius`` of ``centre`` (the origin by default)."""
        if radius < 0:
            raise ValueError(f"a hexagon's radius is 0 or more, not {radius}")
        middle = centre if centre is not None else Hex(0, 0)
        return cls(middle.within(radius), dict(terrain or {}))

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self.hexes

    def __iter__(self) -> Iterator[Hex]:
        """The hexes in canonical order."""
        return iter(sorted(self.hexes))

    def __len__(self) -> int:
        return len(self.hexes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.hexes == other.hexes and self._terrain_items == other._terrain_items

    def __hash__(self) -> int:
        return hash((self.hexes, self._terrain_items))

    def terrain_at(self, hex_: Hex) -> str | None:
        """The terrain kind on a hex, or None for clear ground (or off the board)."""
        return self.terrain.get(hex_)

    def hexes_with(self, *kinds: str) -> frozenset[Hex]:
        """The hexes holding any of these terrain kinds (what blocks sight or
        movement, for a system that says which kinds do)."""
        wanted = set(kinds)
        return frozenset(hex_ for hex_, kind in self._terrain_items if kind in wanted)

    def neighbours(self, hex_: Hex) -> tuple[Hex, ...]:
        """The adjacent hexes that are on the board, in facing order."""
        return tuple(n for n in hex_.neighbours() if n in self.hexes)

    def with_terrain(self, changes: Mapping[Hex, str | None]) -> Board:
        """A copy with terrain placed (a kind) or cleared (None) on some hexes."""
        terrain = dict(self.terrain)
        for hex_, kind in changes.items():
            if kind is None:
                terrain.pop(hex_, None)
            else:
                terrain[hex_] = kind
        return Board(self.hexes, terrain)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data in canonical order (see the module docstring)."""
        return {
            "hexes": [hex_.to_json() for hex_ in sorted(self.hexes)],
            "terrain": [[hex_.q, hex_.r, kind] for hex_, kind in self._terrain_items],
        }

    @classmethod
    def from_json(cls, value: object) -> Board:
        """A board from its JSON form; a :class:`ValueError` naming what is wrong
        for anything else (unknown keys, a hex listed twice, terrain off the board)."""
        if not isinstance(value, dict) or set(value) != {"hexes", "terrain"}:
            raise ValueError('a board is written {"hexes": [...], "terrain": [...]}')
        listed, placed = value["hexes"], value["terrain"]
        if not isinstance(listed, list) or not isinstance(placed, list):
            raise ValueError("a board's hexes and terrain are lists")
        hexes = [Hex.from_json(item) for item in listed]
        if len(set(hexes)) != len(hexes):
            raise ValueError("a board lists each hex once")
        return cls(frozenset(hexes), _terrain_from_json(placed))


def _terrain_from_json(placed: Iterable[object]) -> dict[Hex, str]:
    terrain: dict[Hex, str] = {}
    for item in placed:
        if (
            not isinstance(item, list)
            or len(item) != 3
            or type(item[0]) is not int
            or type(item[1]) is not int
            or not isinstance(item[2], str)
        ):
            raise ValueError(f"terrain is written [q, r, kind], not {item!r}")
        hex_ = Hex(item[0], item[1])
        if hex_ in terrain:
            raise ValueError(f"{hex_} has two terrains; a hex holds one")
        terrain[hex_] = item[2]
    return terrain

"""Hexes in axial coordinates and the six facings (see the package docstring).

A :class:`Hex` is a frozen value ``Hex(q, r)``; its third cube coordinate is
``s = -q - r``. Hexes add and subtract like vectors, order by ``(q, r)`` (the
canonical order of every sorted list this package returns) and know their
distance, neighbours, rings and spirals. A :class:`Facing` names one of the six
hexsides, numbered clockwise from ``EAST = 0`` on the pointy-top layout.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """One hex of the grid, in axial coordinates.

    >>> Hex(1, -2) + Hex(0, 1)
    Hex(q=1, r=-1)
    >>> Hex(0, 0).distance(Hex(2, -1))
    2
    """

    q: int
    r: int

    def __post_init__(self) -> None:
        # ``bool`` is an ``int``; a hex at ``(True, 0)`` is a bug upstream.
        if type(self.q) is not int or type(self.r) is not int:
            raise TypeError(f"hex coordinates are whole numbers, not ({self.q!r}, {self.r!r})")

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def scaled(self, factor: int) -> Hex:
        """This hex taken as a vector, ``factor`` times: ``Facing.EAST.vector.scaled(3)``."""
        return Hex(self.q * factor, self.r * factor)

    def length(self) -> int:
        """Distance from the origin hex, in hexes."""
        return max(abs(self.q), abs(self.r), abs(self.s))

    def distance(self, other: Hex) -> int:
        """Hexes to step to reach ``other`` (the hex itself is not counted).

        >>> Hex(0, 0).distance(Hex(3, 0))
        3
        """
        return (self - other).length()

    def neighbour(self, facing: Facing | int, steps: int = 1) -> Hex:
        """The hex ``steps`` hexes away in direction ``facing``.

        >>> Hex(0, 0).neighbour(Facing.EAST)
        Hex(q=1, r=0)
        """
        return self + Facing(facing % 6).vector.scaled(steps)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in facing order (EAST first, then clockwise)."""
        return tuple(self + facing.vector for facing in Facing)

    def rotated(self, steps: int, around: Hex | None = None) -> Hex:
        """This hex turned ``steps`` sixths of a turn clockwise about ``around``.

        >>> Hex(1, 0).rotated(1)
        Hex(q=0, r=1)
        """
        centre = around if around is not None else Hex(0, 0)
        q, r, s = (self - centre).cube()
        for _ in range(steps % 6):
            # Clockwise on screen (r grows downwards): (q, r, s) -> (-r, -s, -q).
            q, r, s = -r, -s, -q
        return Hex(q, r) + centre

    def cube(self) -> tuple[int, int, int]:
        """``(q, r, s)``."""
        return (self.q, self.r, self.s)

    def ring(self, radius: int) -> tuple[Hex, ...]:
        """The hexes at exactly ``radius`` from this one, clockwise from the
        ``radius``-th hex due EAST. ``ring(0)`` is the hex itself.

        >>> len(Hex(0, 0).ring(2))
        12
        """
        if radius < 0:
            raise ValueError(f"a ring's radius is 0 or more, not {radius}")
        if radius == 0:
            return (self,)
        found: list[Hex] = []
        current = self.neighbour(Facing.EAST, radius)
        # From due east, walk the six sides clockwise: south-west first.
        for side in range(6):
            heading = Facing((Facing.SOUTH_WEST + side) % 6)
            for _ in range(radius):
                found.append(current)
                current = current.neighbour(heading)
        return tuple(found)

    def spiral(self, radius: int) -> tuple[Hex, ...]:
        """This hex, then ring 1, ring 2, ... up to ``radius``: every hex within
        ``radius``, nearest first (``3 r (r + 1) + 1`` hexes)."""
        return tuple(hex_ for ring in range(radius + 1) for hex_ in self.ring(ring))

    def within(self, radius: int) -> frozenset[Hex]:
        """Every hex at distance ``radius`` or less."""
        return frozenset(self.spiral(radius))

    def to_json(self) -> list[int]:
        """``[q, r]``."""
        return [self.q, self.r]

    @classmethod
    def from_json(cls, value: object) -> Hex:
        """A hex from ``[q, r]``; a clear :class:`ValueError` for anything else."""
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(type(item) is int for item in value)
        ):
            raise ValueError(f"a hex is written [q, r] with two whole numbers, not {value!r}")
        return cls(value[0], value[1])


class Facing(enum.IntEnum):
    """The six hexsides a piece can face, numbered clockwise from EAST.

    Pointy-top layout: a hex has neighbours due east and west, and four on the
    diagonals; north is up the screen and ``r`` grows downwards (south).

    >>> Facing.EAST.turn(-1)
    <Facing.NORTH_EAST: 5>
    """

    EAST = 0
    SOUTH_EAST = 1
    SOUTH_WEST = 2
    WEST = 3
    NORTH_WEST = 4
    NORTH_EAST = 5

    @property
    def vector(self) -> Hex:
        """The step to the neighbour this facing looks at."""
        return _VECTORS[self]

    def turn(self, steps: int) -> Facing:
        """Turned ``steps`` hexsides clockwise (negative: anticlockwise)."""
        return Facing((self + steps) % 6)

    @property
    def opposite(self) -> Facing:
        """The facing directly behind."""
        return self.turn(3)

    @classmethod
    def towards(cls, origin: Hex, neighbour: Hex) -> Facing:
        """The facing from ``origin`` to an adjacent hex."""
        step = neighbour - origin
        for facing in cls:
            if facing.vector == step:
                return facing
        raise ValueError(f"{neighbour} is not adjacent to {origin}")


_VECTORS: dict[int, Hex] = {
    Facing.EAST: Hex(1, 0),
    Facing.SOUTH_EAST: Hex(0, 1),
    Facing.SOUTH_WEST: Hex(-1, 1),
    Facing.WEST: Hex(-1, 0),
    Facing.NORTH_WEST: Hex(0, -1),
    Facing.NORTH_EAST: Hex(1, -1),
}


def turn(facing: Facing | int, steps: int) -> Facing:
    """``facing`` turned ``steps`` hexsides clockwise (negative: anticlockwise).

    >>> turn(Facing.WEST, 6) is Facing.WEST
    True
    """
    return Facing(facing % 6).turn(steps)

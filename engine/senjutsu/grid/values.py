"""The small frozen values the grid mechanics work on and return.

``grid`` knows no state dict and no catalogue object: the effects and solo code turn
a card's effects into these values (a :class:`MoveSpec` per step or rotate effect, a
:class:`Cell` per attack grid hex) and read the results back (:class:`MoveOutcome`,
:class:`PushOutcome`, :class:`KamaePath`). Every value is hashable and ordered so
that every tuple this package returns is sorted canonically.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.core.fields import field_or
from engine.hexgrid import Facing, Hex

Position = tuple[Hex, Facing]
"""Where a character stands and which hexside it faces."""

StepDirs = Literal["front", "front3", "any"]
CollisionKind = Literal["character", "off_battlefield", "terrain"]

RELATIVE_DIRECTIONS: dict[str, tuple[int, ...]] = {
    # Move Effects > Step X: 1. the hex faced; 2. that hex or the one left or right
    # of it; 3. any adjacent hex. Numbers are hexsides clockwise from the facing.
    "front": (0,),
    "front3": (-1, 0, 1),
    "any": (0, 1, 2, 3, 4, 5),
}


@dataclass(frozen=True, order=True)
class MoveSpec:
    """One step or rotate effect of a card line: ``kind`` step|rotate, ``n`` hexes or
    hexsides, ``dirs`` the step's arrows (ignored for a rotation), ``mandatory`` a
    solid icon (resolved in full) rather than an outlined one ("up to" ``n``)."""

    kind: Literal["step", "rotate"]
    n: int
    dirs: StepDirs = "front"
    mandatory: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("step", "rotate"):
            raise ValueError(f"a move effect is a step or a rotate, not {self.kind!r}")
        if type(self.n) is not int or self.n < 0:
            raise ValueError(f"a move effect moves 0 or more times, not {self.n!r}")
        if self.dirs not in RELATIVE_DIRECTIONS:
            raise ValueError(f"a step goes front, front3 or any, not {self.dirs!r}")

    @classmethod
    def from_effect(cls, effect: Mapping[str, Any] | Any) -> MoveSpec:
        """A spec from a card's step or rotate EFFECT: its JSON form
        (``{"do": "step", "n": 1, "dirs": "front", "mandatory": false}``, absent
        fields at their defaults) or any object with the same attribute names."""
        return cls(
            field_or(effect, "do", None),
            field_or(effect, "n", 1),
            field_or(effect, "dirs", "front"),
            bool(field_or(effect, "mandatory", False)),
        )


@dataclass(frozen=True, order=True)
class Collision:
    """A move that would have entered ``hex``: a character (``into`` its side), terrain
    (``into`` its kind) or off the battlefield (``into`` None). The moving character
    stays where it was (Move Effects > Collisions)."""

    kind: CollisionKind
    hex: Hex
    into: str | None = None

    def sort_key(self) -> tuple[str, Hex, str]:
        return (self.kind, self.hex, self.into or "")

    @property
    def label(self) -> str:
        """One word for commands and events: the side collided with, the terrain's
        name as given (a piece id or a kind), or ``"edge"`` off the battlefield."""
        return self.into if self.into is not None else "edge"


@dataclass(frozen=True)
class MoveOutcome:
    """One distinct way to finish a line's moves: the end position, the hexes walked
    (the start hex first, then every hex entered) and the collision that ended the
    move, if any."""

    end: Position
    collision: Collision | None
    path: tuple[Hex, ...]

    def sort_key(self) -> tuple[Hex, int, tuple[str, Hex, str], tuple[Hex, ...]]:
        collision = self.collision.sort_key() if self.collision else ("", Hex(0, 0), "")
        return (self.end[0], int(self.end[1]), collision, self.path)


@dataclass(frozen=True, order=True)
class Cell:
    """One hex of an attack grid: ``hex`` the offset from the attacker facing EAST,
    and what a successful attack does there (wounds 0: targeted only)."""

    hex: Hex
    wounds: int = 1
    bleeding: int = 0
    execution: bool = False
    poison: bool = False
    hobble: bool = False
    stun: bool = False
    asterisk: bool = False


@dataclass(frozen=True)
class PushOutcome:
    """Where a pushed or pulled character ends: the hexes it went through (its
    start first) and the collision that stopped it, if any."""

    end: Hex
    collision: Collision | None
    path: tuple[Hex, ...]

    @property
    def hex(self) -> Hex:
        """The hex the character ends in (the same as ``end``)."""
        return self.end

    def sort_key(self) -> tuple[Hex, tuple[str, Hex, str], tuple[Hex, ...]]:
        collision = self.collision.sort_key() if self.collision else ("", Hex(0, 0), "")
        return (self.end, collision, self.path)


@dataclass(frozen=True, order=True)
class KamaePath:
    """A way to change Kamae: the position ids visited (the start first) and the
    focus gained on the way (one per pink branch travelled, before the cap)."""

    path: tuple[str, ...]
    focus: int

    @property
    def end(self) -> str:
        return self.path[-1]

    @property
    def positions(self) -> tuple[str, ...]:
        """The position ids visited, the start first (the same as ``path``)."""
        return self.path

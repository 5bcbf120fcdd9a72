"""Dice sources and provably fair seeds.

Every random outcome in a game comes from a ``Dice`` source and is written
into the event it causes, so replays never roll again.

* ``SeededDice``: server play. Counter-based: the n-th die of command k is a
  pure function of (seed, k, n), so any roll can be re-derived once the seed
  is revealed.
* ``EnteredDice``: a table-top game recorded by hand. The players type the
  faces they rolled; the engine checks how many were needed and their range.

At game start only ``seed_commitment(seed)`` is published; the seed is
revealed when the game ends and anyone can check every roll.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Sequence

from engine.core.errors import InvalidCommand

_DRAW_BYTES = 8
_DRAW_SPACE = 1 << (8 * _DRAW_BYTES)


class Dice(ABC):
    """A source of die faces for one command."""

    @abstractmethod
    def roll(self, count: int, sides: int = 6) -> list[int]:
        """Roll ``count`` dice with ``sides`` faces each (faces 1..sides)."""

    def roll_one(self, sides: int = 6) -> int:
        return self.roll(1, sides)[0]

    def finish(self) -> None:  # noqa: B027 - optional hook, a no-op for most sources
        """Called once the command has been decided: a source may check here
        that every face it was given was used."""


class SeededDice(Dice):
    """Counter-based dice derived from a game seed and a command index.

    Die ``n`` of command ``k`` is ``SHA-256(seed : k : n)`` reduced to a face
    by rejection sampling, so faces are uniform and reproducible.

    >>> SeededDice("demo-seed", 3).roll(4) == SeededDice("demo-seed", 3).roll(4)
    True
    """

    def __init__(self, seed: str, command_index: int) -> None:
        if not seed:
            raise ValueError("a SeededDice needs a non-empty seed")
        if command_index < 0:
            raise ValueError("command_index must be >= 0")
        self.seed = seed
        self.command_index = command_index
        self.counter = 0

    def _draw(self) -> int:
        material = f"{self.seed}:{self.command_index}:{self.counter}".encode()
        self.counter += 1
        return int.from_bytes(hashlib.sha256(material).digest()[:_DRAW_BYTES], "big")

    def roll(self, count: int, sides: int = 6) -> list[int]:
        if count < 0 or sides < 2:
            raise ValueError(f"cannot roll {count} dice with {sides} sides")
        limit = _DRAW_SPACE - (_DRAW_SPACE % sides)
        faces: list[int] = []
        while len(faces) < count:
            value = self._draw()
            if value < limit:
                faces.append(value % sides + 1)
        return faces


class EnteredDice(Dice):
    """Faces typed in by players who rolled real dice at the table.

    >>> dice = EnteredDice([6, 2])
    >>> dice.roll(2)
    [6, 2]
    >>> dice.finish()
    """

    def __init__(self, faces: Sequence[int]) -> None:
        for face in faces:
            if isinstance(face, bool) or not isinstance(face, int):
                raise InvalidCommand(f"entered die {face!r} is not a whole number")
        self.faces = list(faces)
        self.used = 0

    def roll(self, count: int, sides: int = 6) -> list[int]:
        if count < 0:
            raise ValueError(f"cannot roll {count} dice")
        available = len(self.faces) - self.used
        if count > available:
            raise InvalidCommand(
                f"this command needs {self.used + count} entered dice "
                f"but {len(self.faces)} were given"
            )
        faces = self.faces[self.used : self.used + count]
        for face in faces:
            if not 1 <= face <= sides:
                raise InvalidCommand(f"entered die {face} is not a face of a d{sides}")
        self.used += count
        return faces

    def finish(self) -> None:
        if self.used != len(self.faces):
            raise InvalidCommand(
                f"{len(self.faces)} dice were entered but this command rolled {self.used}"
            )


def seed_commitment(seed: str) -> str:
    """The public commitment to a secret seed: its SHA-256, hex.

    >>> seed_commitment("abc")[:12]
    'ba7816bf8f01'
    """
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def verify_seed(seed: str, commitment: str) -> bool:
    """True when ``seed`` is the one committed to at game start."""
    return seed_commitment(seed) == commitment

"""Decisions remembered for a moment: a bot checks a command before it plays it.

A bot tries a command with dice that only pretend (see :mod:`engine.kensei.bots.players`)
and then submits the one it took, so the very same state and command are decided
twice in a row. :func:`remembered` wraps a decide function so that the second
time returns (a copy of) the events of the first, when they cannot depend on the
dice: only a decision that rolled no die at all is kept.

The entries are keyed by the identity of the state (states are never mutated;
an entry keeps its state alive, so the identity is not reused while the entry
exists) and by the command, a parsed value (:mod:`engine.kensei.commands`: frozen,
its fields typed, so equal values are the same command). Refusals are not
remembered: they are asked again.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from engine.core import Dice, State

R = TypeVar("R")

_SIZE = 8


class Watched(Dice):
    """Dice that pass the rolls on and note that there were some."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.rolled = False

    def roll(self, count: int, sides: int = 6) -> list[int]:
        self.rolled = True
        return self.dice.roll(count, sides)

    def roll_one(self, sides: int = 6) -> int:
        self.rolled = True
        return self.dice.roll_one(sides)


def _kept(value: Any) -> tuple[bytes | None, Any]:
    """An answer as it is kept (events are never shared between answers): its
    :mod:`marshal` bytes, from which each use reads a fresh deep copy (its C code keeps
    every type and the order of dicts; version 2: no shared references), or a copy of
    data marshal does not take, piece by piece."""
    try:
        return marshal.dumps(value, 2), None
    except ValueError:
        return None, _copied(value)


def _given(kept: tuple[bytes | None, Any]) -> Any:
    """A fresh copy of a kept answer (see :func:`_kept`)."""
    data, value = kept
    return marshal.loads(data) if data is not None else _copied(value)


def _copied(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {key: _copied(inner) for key, inner in value.items()}
    if kind is list:
        return [_copied(inner) for inner in value]
    return value


class NoDice(Dice):
    """For decide functions that never roll."""

    def roll(self, count: int, sides: int = 6) -> list[int]:
        raise AssertionError("this decision rolls no dice")


class Remembered:
    """The last few dice-free answers of one decide function."""

    def __init__(self) -> None:
        self._entries: list[tuple[State, Hashable, tuple[bytes | None, Any]]] = []

    def decide(self, state: State, key: Hashable, dice: Dice, work: Callable[[Dice], R]) -> R:
        """``work(dice)`` (events: plain JSON data), remembered by state and key (a
        parsed command) when no die was rolled."""
        for known, known_key, answer in self._entries:
            if known is state and known_key == key:
                found: R = _given(answer)
                return found
        watched = Watched(dice)
        result = work(watched)
        if not watched.rolled:
            self._entries.insert(0, (state, key, _kept(result)))
            del self._entries[_SIZE:]
        return result

    def clear(self) -> None:
        self._entries.clear()

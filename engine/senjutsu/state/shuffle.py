"""The one shuffle of Senjutsu (Player Setup > 8; search effects shuffle too).

A Fisher-Yates shuffle whose every swap comes from the command's ``Dice``
(``dice.roll(1, k)``), so the order is recorded in the state or event that follows and
a replay never shuffles again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.core import Dice

T = TypeVar("T")


def shuffled(items: Sequence[T], dice: Dice) -> list[T]:
    """A new list holding ``items`` in a random order drawn from ``dice``.

    >>> from engine.core import SeededDice
    >>> sorted(shuffled(["a", "b", "c"], SeededDice("s", 0)))
    ['a', 'b', 'c']
    """
    order = list(items)
    for last in range(len(order) - 1, 0, -1):
        pick = dice.roll(1, last + 1)[0] - 1
        order[last], order[pick] = order[pick], order[last]
    return order

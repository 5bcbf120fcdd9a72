"""A Fisher-Yates shuffle driven by the command's Dice (contract section 5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.core import Dice

T = TypeVar("T")


def shuffled(items: Sequence[T], dice: Dice) -> list[T]:
    """``items`` in a new order: for each place from the last, swap in one of the
    places up to it, rolled with a die of that many faces."""
    order = list(items)
    for last in range(len(order) - 1, 0, -1):
        pick = dice.roll(1, last + 1)[0] - 1
        order[last], order[pick] = order[pick], order[last]
    return order

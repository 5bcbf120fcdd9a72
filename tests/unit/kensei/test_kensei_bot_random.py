"""The bots' compiled draws are CPython's: ``shuffled`` is ``Random.shuffle`` and
``_below`` the index ``Random.choice`` draws, step for step (same results, same state
of the generator after), so the bots play the same games with or without them."""

from __future__ import annotations

import random

import pytest

from engine.kensei.bots.moves import _below, shuffled


@pytest.mark.parametrize("seed", ["bench-0", "x", 12345])
def test_shuffled_is_random_shuffle(seed: str | int) -> None:
    for n in range(0, 70):
        theirs, ours = random.Random(f"{seed}-{n}"), random.Random(f"{seed}-{n}")
        expected, got = list(range(n)), list(range(n))
        theirs.shuffle(expected)
        shuffled(ours, got)
        assert got == expected
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("seed", ["bench-0", "x", 12345])
def test_below_is_the_index_random_choice_draws(seed: str | int) -> None:
    for n in range(1, 70):
        theirs, ours = random.Random(f"{seed}-{n}"), random.Random(f"{seed}-{n}")
        items = list(range(n))
        assert items[_below(ours, n)] == theirs.choice(items)
        assert ours.getstate() == theirs.getstate()

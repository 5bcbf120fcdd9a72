"""The bots' shortcuts must never change what they play: a command they set aside
without asking ``decide`` is one ``decide`` refuses, and GreedyBot's odds of winning
a command duel are the odds counted hand by hand."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from engine.core import CommandRefused, Prompt, State
from engine.kensei.bots.players import PART_ONE_ORDERS, _surely_refused, candidates
from engine.kensei.command.cards import DECK
from engine.kensei.command.duel import _win_chance, greedy_bet
from engine.kensei.commands.orders import parse_order
from engine.kensei.orders.decide import decide_order
from engine.kensei.state.remember import NoDice
from tests.support.kensei_equal import SETUP  # the benchmarks' set-up
from tests.unit.kensei.support import bot_game


def _counted(mine: int, count: int, shown: dict[int, int]) -> Fraction:
    """The chance that a bet of ``mine`` beats the greedy bet of a hand of ``count``
    cards drawn from the deck less ``shown``, every hand of distinct cards counted."""
    pool = list(DECK)
    for value, n in shown.items():
        for _ in range(n):
            pool.remove(value)
    hands = list(combinations(range(len(pool)), count))
    beaten = sum(1 for hand in hands if mine > sum(greedy_bet([pool[i] for i in hand])))
    return Fraction(beaten, len(hands))


@pytest.mark.parametrize(
    ("mine", "count", "shown"),
    [
        (0, 1, {}),
        (2, 1, {}),
        (3, 2, {1: 8}),
        (4, 3, {0: 2, 3: 1}),
        (5, 4, {2: 3}),
        (6, 5, {0: 7, 3: 3}),
        (1, 2, {1: 4, 2: 6}),
    ],
)
def test_command_duel_win_chance_counts_every_hand_card_by_card(
    mine: int, count: int, shown: dict[int, int]
) -> None:
    expected = _counted(mine, count, shown)
    found = _win_chance(mine, count, tuple(sorted(shown.items())))
    assert found == pytest.approx(float(expected), abs=1e-12)


def test_a_move_the_bots_set_aside_unasked_is_one_decide_refuses() -> None:
    """Every move order the bots consider in two part-I games: when the quick look says
    ``decide`` would refuse it (an engaged miniature displaced; impassable, climbed
    or, running, difficult scenery crossed), ``decide`` refuses it."""
    set_aside: Counter[str] = Counter()

    def check(state: State, prompt: Prompt) -> None:
        if prompt.kind != "order":
            return
        side = prompt.sides[0]
        for command in candidates(state, side, PART_ONE_ORDERS):
            if not _surely_refused(state, side, command):
                continue
            with pytest.raises(CommandRefused) as refused:
                decide_order(state, side, parse_order(command), NoDice())
            set_aside[str(getattr(refused.value, "rule", "invalid"))] += 1

    for seed in ("checks-0", "checks-1"):
        bot_game(seed, SETUP, PART_ONE_ORDERS, watch=check)
    # The shortcut is taken (for scenery in the way of a move at least): the test
    # would pass vacuously otherwise.
    assert sum(set_aside.values()) >= 5, set_aside

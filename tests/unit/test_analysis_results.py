"""The result and score a side of a finished game gets in the analysis read models."""

from __future__ import annotations

from engine.core import Outcome, Termination
from replays.analysis import RESULTS, result_of


def test_the_winner_scores_one_and_the_other_side_nothing() -> None:
    outcome = Outcome(Termination.ANNIHILATION, "B", {"A": 0, "B": 3})
    assert [result_of(outcome, side) for side in ("A", "B")] == ["loss", "win"]
    assert [RESULTS[result_of(outcome, side)] for side in ("A", "B")] == [0.0, 1.0]


def test_a_draw_counts_half_for_each_side() -> None:
    outcome = Outcome(Termination.TURN_LIMIT, None, {"A": 2, "B": 2})
    assert {result_of(outcome, side) for side in ("A", "B")} == {"draw"}
    assert RESULTS["draw"] == 0.5

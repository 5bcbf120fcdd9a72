"""The meta dashboards' statistics: Wilson intervals from a rate and a count
(draws as half), and the exact binomial test, checked against known values."""

from __future__ import annotations

from fractions import Fraction

import pytest
from scipy.stats import binomtest  # type: ignore[import-untyped]

from dashboards.meta_stats import binomial_p_value, score_rate, wilson_interval


def test_wilson_interval_of_eight_wins_in_ten_is_the_textbook_value() -> None:
    # 8 of 10: the Wilson 95% interval is 0.4902 to 0.9433 (Newcombe 1998, table I).
    low, high = wilson_interval(Fraction(8, 10), 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)


@pytest.mark.parametrize(("successes", "games"), [(0, 7), (3, 11), (81, 263), (50, 50)])
def test_wilson_interval_of_whole_counts_agrees_with_scipy(successes: int, games: int) -> None:
    expected = binomtest(successes, games).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = wilson_interval(Fraction(successes, games), games)
    assert low == pytest.approx(expected.low, abs=1e-12)
    assert high == pytest.approx(expected.high, abs=1e-12)


def test_wilson_interval_with_draws_as_half_lies_between_its_whole_neighbours() -> None:
    # 3 wins and 1 draw in 6 games: a rate of 3.5/6, between 3/6 and 4/6.
    rate = score_rate(3, 1, 6)
    assert rate == Fraction(7, 12)
    low, high = wilson_interval(rate, 6)
    below, above = wilson_interval(Fraction(3, 6), 6), wilson_interval(Fraction(4, 6), 6)
    assert below[0] < low < above[0]
    assert below[1] < high < above[1]
    # By hand: centre 0.5508, half-width 0.3097.
    assert (round(low, 4), round(high, 4)) == (0.2411, 0.8605)


def test_no_games_is_an_interval_of_everything() -> None:
    assert wilson_interval(Fraction(0), 0) == (0.0, 1.0)
    assert score_rate(0, 0, 0) == 0


@pytest.mark.parametrize(("successes", "trials"), [(7, 10), (60, 100), (0, 5), (13, 20)])
def test_binomial_p_value_is_scipys_exact_two_sided_test(successes: int, trials: int) -> None:
    expected = binomtest(successes, trials, 0.5, alternative="two-sided").pvalue
    assert binomial_p_value(successes, trials) == pytest.approx(expected, rel=1e-12)


def test_binomial_p_value_of_seven_in_ten_is_the_known_value() -> None:
    # P(X <= 3) + P(X >= 7) for X ~ Bin(10, 1/2) = 2 * 176 / 1024.
    assert binomial_p_value(7, 10) == pytest.approx(352 / 1024, rel=1e-12)
    assert binomial_p_value(0, 0) == 1.0


def test_the_dashboards_tables_name_the_read_models_columns() -> None:
    from dashboards import meta_tables  # noqa: PLC0415
    from replays import schema  # noqa: PLC0415

    for name in ("game_sides", "game_dice", "game_units"):
        ours, theirs = getattr(meta_tables, name), getattr(schema, name)
        assert ours.name == theirs.name
        assert [c.name for c in ours.columns] == [c.name for c in theirs.columns]
        for mine, real in zip(ours.columns, theirs.columns, strict=True):
            assert mine.type._type_affinity == real.type._type_affinity, mine.name

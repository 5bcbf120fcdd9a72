"""The statistics behind the meta dashboards: Wilson score intervals for rates
with draws counted as half, an exact binomial test and the standard normal
distribution (scipy)."""

from __future__ import annotations

import math
from fractions import Fraction

from scipy.stats import binomtest, norm  # type: ignore[import-untyped]

# The standard normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


def wilson_interval(rate: Fraction, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``rate`` (p̂) over ``games`` trials.

    It is computed from p̂ and n, not from a success count, because with draws
    counted as half a win the successes (wins + draws / 2) need not be whole;
    for whole counts it is the usual Wilson interval. No games: (0, 1).
    """
    if games <= 0:
        return (0.0, 1.0)
    p, n = float(rate), games
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def binomial_p_value(successes: int, trials: int) -> float:
    """The two-sided exact binomial test's p-value of ``successes`` in ``trials``
    against a fair coin (p = 1/2); 1 when there are no trials."""
    if trials <= 0:
        return 1.0
    return float(binomtest(successes, trials, 0.5, alternative="two-sided").pvalue)


def score_rate(wins: int, draws: int, games: int) -> Fraction:
    """Wins plus half the draws, over the games (0 for no games)."""
    if games <= 0:
        return Fraction(0)
    return (Fraction(wins) + Fraction(draws, 2)) / games


def normal_share(low: float, high: float) -> float:
    """The share of a standard normal variable between ``low`` and ``high``."""
    return float(norm.cdf(high) - norm.cdf(low)) if high > low else 0.0

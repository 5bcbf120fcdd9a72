"""The player pages' rating figure: the ordinal over the band mu +/- 2 sigma, drawn
with the trace types the vendored plotly.js bundle holds."""

from __future__ import annotations

from uuid import uuid4

from dashboards.player_figures import rating_figure
from dashboards.plotly_bundle import TRACE_TYPES
from shiai.players import RatingPoint

EVENT = uuid4()


POINTS = [
    RatingPoint(EVENT, "Spring cup", 1, "Bob", "win", 27.6, 8.1, 3.4),
    RatingPoint(EVENT, "Spring cup", 2, "Carol", "draw", 27.5, 7.6, 4.7),
]


def test_the_ordinal_is_drawn_over_the_two_sigma_band() -> None:
    figure = rating_figure(POINTS)
    upper, lower, mean, ordinal = figure["data"]
    assert upper["y"] == [27.6 + 2 * 8.1, 27.5 + 2 * 7.6]
    assert lower["y"] == [27.6 - 2 * 8.1, 27.5 - 2 * 7.6]
    assert lower["fill"] == "tonexty"
    assert mean["y"] == [27.6, 27.5]
    assert ordinal["y"] == [3.4, 4.7]
    assert ordinal["x"] == [1, 2]
    assert ordinal["customdata"][1] == "Spring cup, round 2 v Carol: draw"
    assert {trace["type"] for trace in figure["data"]} <= TRACE_TYPES


def test_no_rated_games_is_an_empty_chart_that_says_so() -> None:
    figure = rating_figure([])
    assert figure["data"] == []
    assert figure["layout"]["annotations"][0]["text"] == "No rated games yet"

"""The odds figures and tables on hand-made distributions, numbers checked by hand."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import plotly.graph_objects as go

from dashboards.odds_figures import (
    casualties_figure,
    chance_rows,
    distribution_figure,
    percent,
    table_csv,
)
from engine.kensei import odds

EIGHTH = Fraction(1, 8)


def test_three_dice_at_four_plus_hit_none_one_two_or_three_times_in_eighths() -> None:
    rows = chance_rows(odds.successes(3, 0))
    assert [row.chance for row in rows] == [EIGHTH, 3 * EIGHTH, 3 * EIGHTH, EIGHTH]
    assert [row.at_least for row in rows] == [1, 7 * EIGHTH, 4 * EIGHTH, EIGHTH]

    figure = distribution_figure("Hits", {"hits": rows}, counted="count")
    (bars,) = figure["data"]
    assert bars["type"] == "bar"
    assert bars["x"] == [0, 1, 2, 3]
    assert bars["y"] == [12.5, 37.5, 37.5, 12.5]
    assert bars["customdata"] == ["1/8", "3/8", "3/8", "1/8"], "the exact chance on hover"
    go.Figure(figure)  # plotly accepts every property


def test_each_series_is_its_own_group_of_bars_in_its_own_colour() -> None:
    hits = chance_rows([Fraction(1, 2), Fraction(1, 2)])
    stuns = chance_rows([Fraction(5, 6), Fraction(1, 6)])
    figure = distribution_figure("Rolls", {"hits": hits, "stuns": stuns}, counted="count")
    assert [trace["name"] for trace in figure["data"]] == ["hits", "stuns"]
    assert figure["data"][1]["customdata"] == ["5/6", "1/6"]
    assert figure["data"][0]["marker"]["color"] != figure["data"][1]["marker"]["color"]
    assert figure["layout"]["barmode"] == "group"


def test_the_casualties_figure_draws_exactly_n_as_bars_and_at_least_n_as_a_line() -> None:
    rows = chance_rows([Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)])
    figure = casualties_figure("Casualties", rows)
    exactly, at_least = figure["data"]
    assert exactly["y"] == [25.0, 50.0, 25.0]
    assert at_least["type"] == "scatter"
    assert at_least["y"] == [100.0, 75.0, 25.0]
    assert at_least["customdata"] == ["1", "3/4", "1/4"]
    go.Figure(figure)


def test_percentages_are_rounded_exactly_to_two_decimals() -> None:
    assert percent(Fraction(1, 8)) == "12.50"
    assert percent(Fraction(2, 3)) == "66.67"
    assert percent(Fraction(1, 3)) == "33.33"
    assert percent(Fraction(1, 216)) == "0.46"
    assert percent(Fraction(0)) == "0.00"
    assert percent(Fraction(1)) == "100.00"


def test_a_table_downloads_as_csv_with_fractions_and_percentages() -> None:
    text = table_csv(chance_rows(odds.successes(3, 0)), counted="hits")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["hits", "exactly", "exactly_percent", "at_least", "at_least_percent"]
    assert rows[1] == ["0", "1/8", "12.50", "1", "100.00"]
    assert rows[3] == ["2", "3/8", "37.50", "1/2", "50.00"]
    assert len(rows) == 5

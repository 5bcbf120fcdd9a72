"""Figures and tables of exact odds: rows in, Plotly figure dicts and CSV out.

A row is a count and its exact chance (a :class:`fractions.Fraction`); the
figures plot percentages (floats only for drawing, never stored) and carry the
exact fraction on hover. The dicts are plain JSON for ``Plotly.newPlot`` (no
template: the page's weight stays small).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dashboards.csv_cells import csv_text
from engine.kensei import odds

Figure = dict[str, Any]

# Colours that stay apart for colour-blind readers (Okabe-Ito).
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00")


@dataclass(frozen=True)
class ChanceRow:
    """``count`` exactly, and ``count`` or more, with their exact chances."""

    count: int
    chance: Fraction
    at_least: Fraction


def chance_rows(distribution: Sequence[Fraction]) -> list[ChanceRow]:
    """The rows of a distribution (``distribution[k]``: the chance of exactly k)."""
    return [
        ChanceRow(count, chance, odds.at_least(distribution, count))
        for count, chance in enumerate(distribution)
    ]


def percent(chance: Fraction) -> str:
    """A chance as a percentage with two decimals, rounded exactly (half to even).

    >>> percent(Fraction(1, 8)), percent(Fraction(2, 3)), percent(Fraction(1))
    ('12.50', '66.67', '100.00')
    """
    hundredths = round(chance * 10000)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def _plotted(chance: Fraction) -> float:
    return float(chance * 100)


def distribution_figure(
    title: str, series: Mapping[str, Sequence[ChanceRow]], *, counted: str
) -> Figure:
    """Grouped bars: for each series, the chance of each count exactly."""
    data = [
        {
            "type": "bar",
            "name": name,
            "x": [row.count for row in rows],
            "y": [_plotted(row.chance) for row in rows],
            "customdata": [str(row.chance) for row in rows],
            "hovertemplate": f"{name}: %{{x}} {counted}<br>%{{y:.2f}}% (%{{customdata}})"
            "<extra></extra>",
            "marker": {"color": COLOURS[index % len(COLOURS)]},
        }
        for index, (name, rows) in enumerate(series.items())
    ]
    layout = _layout(title, counted, "chance of exactly (%)")
    layout["yaxis"] = {"title": {"text": "chance of exactly (%)"}, "rangemode": "tozero"}
    return {"data": data, "layout": layout}


def casualties_figure(title: str, rows: Sequence[ChanceRow]) -> Figure:
    """Casualties: bars for exactly N, a line for N or more."""
    counts = [row.count for row in rows]
    data = [
        {
            "type": "bar",
            "name": "exactly",
            "x": counts,
            "y": [_plotted(row.chance) for row in rows],
            "customdata": [str(row.chance) for row in rows],
            "hovertemplate": "exactly %{x}: %{y:.2f}% (%{customdata})<extra></extra>",
            "marker": {"color": COLOURS[0]},
        },
        {
            "type": "scatter",
            "mode": "lines+markers",
            "name": "at least",
            "x": counts,
            "y": [_plotted(row.at_least) for row in rows],
            "customdata": [str(row.at_least) for row in rows],
            "hovertemplate": "at least %{x}: %{y:.2f}% (%{customdata})<extra></extra>",
            "line": {"color": COLOURS[1]},
        },
    ]
    return {"data": data, "layout": _layout(title, "casualties", "chance (%)")}


def _layout(title: str, x_title: str, y_title: str) -> dict[str, Any]:
    return {
        "title": {"text": title},
        "barmode": "group",
        "xaxis": {"title": {"text": x_title}, "dtick": 1, "rangemode": "tozero"},
        "yaxis": {"title": {"text": y_title}, "range": [0, 100]},
        "legend": {"orientation": "h", "y": -0.25},
        "margin": {"l": 56, "r": 16, "t": 48, "b": 64},
        "height": 340,
    }


def table_csv(rows: Sequence[ChanceRow], *, counted: str) -> str:
    """A table as CSV: the count, the exact chances as fractions and as percentages."""
    return csv_text(
        [counted, "exactly", "exactly_percent", "at_least", "at_least_percent"],
        (
            [row.count, row.chance, percent(row.chance), row.at_least, percent(row.at_least)]
            for row in rows
        ),
    )

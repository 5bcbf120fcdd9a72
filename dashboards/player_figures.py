"""The player pages' figure: a player's rating after each of their rated games.

Pure: rows in, a Plotly figure (a plain dict) out; the platform gives the rows
(``shiai.players.RatingPoint``) and draws the figure as the meta page does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

Figure = dict[str, Any]
# Two standard deviations either side of the mean: where the true skill lies, ~95%.
BAND_SIGMAS = 2


class RatingRow(Protocol):
    @property
    def event_name(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def opponent(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    @property
    def mu(self) -> float: ...
    @property
    def sigma(self) -> float: ...
    @property
    def ordinal(self) -> float: ...


def rating_figure(rows: Sequence[RatingRow]) -> Figure:
    """The ordinal (mu - 3 sigma, what the leaderboard sorts by) after each rated
    game, over the band mu +/- 2 sigma; x is the rated game's number."""
    title = "Rating after each rated game"
    layout: dict[str, Any] = {
        "title": {"text": title},
        "height": 340,
        "margin": {"l": 56, "r": 16, "t": 48, "b": 56},
        "xaxis": {"title": {"text": "rated game"}, "dtick": 1 if len(rows) <= 20 else None},
        "yaxis": {"title": {"text": "rating"}},
        "legend": {"orientation": "h", "y": -0.25},
    }
    if not rows:
        layout["annotations"] = [
            {"text": "No rated games yet", "showarrow": False, "x": 0.5, "y": 0.5,
             "xref": "paper", "yref": "paper"}
        ]  # fmt: skip
        layout["xaxis"] = layout["yaxis"] = {"visible": False}
        return {"data": [], "layout": layout}
    x = list(range(1, len(rows) + 1))
    games = [f"{row.event_name}, round {row.round} v {row.opponent}: {row.outcome}" for row in rows]
    upper = [row.mu + BAND_SIGMAS * row.sigma for row in rows]
    lower = [row.mu - BAND_SIGMAS * row.sigma for row in rows]
    data = [
        {"type": "scatter", "mode": "lines", "x": x, "y": upper, "name": "μ + 2\u03c3",
         "line": {"width": 0}, "showlegend": False, "hoverinfo": "skip"},
        {"type": "scatter", "mode": "lines", "x": x, "y": lower, "name": "μ ± 2\u03c3",
         "line": {"width": 0}, "fill": "tonexty", "fillcolor": "rgba(31, 119, 180, 0.18)",
         "hoverinfo": "skip"},
        {"type": "scatter", "mode": "lines", "x": x, "y": [row.mu for row in rows],
         "name": "μ (mean)", "line": {"dash": "dot", "color": "#1f77b4"},
         "hovertemplate": "μ %{y:.2f}<extra></extra>"},
        {"type": "scatter", "mode": "lines+markers", "x": x,
         "y": [row.ordinal for row in rows], "name": "ordinal (μ \u2212 3\u03c3)",
         "line": {"color": "#b5121b"}, "customdata": games,
         "hovertemplate": "game %{x}: %{customdata}<br>ordinal %{y:.2f}<extra></extra>"},
    ]  # fmt: skip
    return {"data": data, "layout": layout}

"""The meta dashboards' figures and tables: rows in (from
:mod:`dashboards.meta_queries`), Plotly figure dicts and CSV out.

Every rate is drawn with its Wilson 95% interval and its number of games.
Percentages are floats only for drawing; the tables carry the counts and the
exact rate. The dicts are plain JSON for ``Plotly.newPlot`` (no template).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from dashboards.csv_cells import csv_text
from dashboards.meta_cards import CardPlay
from dashboards.meta_lists import CommonList, TopFinish, UnitInclusion
from dashboards.meta_queries import (
    STEP_BIN,
    Advantage,
    FactionMonth,
    FactionRate,
    FactionSpread,
    GameLength,
    Luck,
    LuckBin,
    Matchup,
    Record,
    RoundResult,
    ScenarioMonth,
    StandingStep,
    UnitPerformance,
    WithAndWithout,
)
from dashboards.meta_stats import Z_95, normal_share
from dashboards.odds_figures import COLOURS

Figure = dict[str, Any]


def percent(rate: Fraction | float) -> str:
    """A rate as a percentage with one decimal, e.g. ``"87.5"``."""
    return f"{float(rate) * 100:.1f}"


def _interval_text(record: Record) -> str:
    low, high = record.interval
    return f"{percent(low)} to {percent(high)}%"


def _layout(title: str, **more: Any) -> dict[str, Any]:
    return {
        "title": {"text": title},
        "margin": {"l": 120, "r": 24, "t": 48, "b": 56},
        "height": 360,
    } | more


def _empty(title: str, note: str = "No games match these filters") -> Figure:
    layout = _layout(title)
    layout["annotations"] = [
        {
            "text": note,
            "showarrow": False,
            "x": 0.5,
            "y": 0.5,
            "xref": "paper",
            "yref": "paper",
        }
    ]
    layout["xaxis"] = layout["yaxis"] = {"visible": False}
    return {"data": [], "layout": layout}


def _rate_bars(
    labels: Sequence[str],
    records: Sequence[Record],
    title: str,
    *,
    hover_extra: Sequence[str],
    bar_extra: Sequence[str] = (),
) -> Figure:
    """Horizontal bars of rates with asymmetric Wilson error bars, ``n=`` on each
    bar and a line at 50%."""
    if not records:
        return _empty(title)
    rates = [float(r.rate) * 100 for r in records]
    lows = [r.interval[0] * 100 for r in records]
    highs = [r.interval[1] * 100 for r in records]
    trace = {
        "type": "bar",
        "orientation": "h",
        "y": list(labels),
        "x": [round(x, 2) for x in rates],
        "text": [
            f"n={r.games}{extra}"
            for r, extra in zip(records, bar_extra or ["" for _ in records], strict=True)
        ],
        "textposition": "inside",
        "insidetextanchor": "start",
        "error_x": {
            "type": "data",
            "symmetric": False,
            "array": [round(h - x, 2) for h, x in zip(highs, rates, strict=True)],
            "arrayminus": [round(x - lo, 2) for x, lo in zip(rates, lows, strict=True)],
            "color": "#333",
        },
        "customdata": [
            [r.games, r.wins, r.draws, r.losses, _interval_text(r), extra]
            for r, extra in zip(records, hover_extra, strict=True)
        ],
        "hovertemplate": "%{y}: %{x:.1f}% (95% CI %{customdata[4]})<br>"
        "%{customdata[0]} games: %{customdata[1]} W, %{customdata[2]} D, %{customdata[3]} L"
        "%{customdata[5]}<extra></extra>",
        "marker": {"color": COLOURS[0]},
    }
    layout = _layout(
        title,
        xaxis={"title": {"text": "win rate, draws as half (%)"}, "range": [0, 100]},
        yaxis={"autorange": "reversed", "automargin": True},
        shapes=[
            {
                "type": "line",
                "x0": 50,
                "x1": 50,
                "y0": 0,
                "y1": 1,
                "yref": "paper",
                "line": {"dash": "dot", "color": "#888"},
            }
        ],
        height=max(240, 80 + 32 * len(records)),
    )
    return {"data": [trace], "layout": layout}


def faction_win_rate_figure(rows: Sequence[FactionRate]) -> Figure:
    """Each faction's win rate against other factions, most played first."""
    return _rate_bars(
        [row.faction for row in rows],
        rows,
        "Faction win rate (mirror matches excluded)",
        hover_extra=["" for _ in rows],
    )


def matchup_figure(rows: Sequence[Matchup]) -> Figure:
    """A heat map: the row faction's win rate against the column faction, with the
    games in each cell and the interval on hover; blank where they never met (or
    met fewer than the minimum)."""
    title = "Matchups: the row faction's win rate against the column faction"
    if not rows:
        return _empty(title)
    factions = sorted({row.faction for row in rows} | {row.opponent for row in rows})
    found = {(row.faction, row.opponent): row for row in rows}
    z: list[list[float | None]] = []
    text: list[list[str]] = []
    custom: list[list[list[Any]]] = []
    for faction in factions:
        z.append([])
        text.append([])
        custom.append([])
        for opponent in factions:
            cell = found.get((faction, opponent))
            z[-1].append(None if cell is None else round(float(cell.rate) * 100, 2))
            text[-1].append("" if cell is None else f"{percent(cell.rate)}%<br>n={cell.games}")
            custom[-1].append(
                ["", 0, 0, 0, 0]
                if cell is None
                else [_interval_text(cell), cell.games, cell.wins, cell.draws, cell.losses]
            )
    trace = {
        "type": "heatmap",
        "x": factions,
        "y": factions,
        "z": z,
        "text": text,
        "texttemplate": "%{text}",
        "customdata": custom,
        "zmin": 0,
        "zmax": 100,
        "zmid": 50,
        "colorscale": "RdBu",
        "colorbar": {"title": {"text": "%"}},
        "hoverongaps": False,
        "hovertemplate": "%{y} against %{x}: %{z:.1f}% (95% CI %{customdata[0]})<br>"
        "%{customdata[1]} games: %{customdata[2]} W, %{customdata[3]} D, %{customdata[4]} L"
        "<extra></extra>",
    }
    layout = _layout(
        title,
        xaxis={"title": {"text": "against"}, "side": "bottom", "automargin": True},
        yaxis={"autorange": "reversed", "automargin": True},
        height=max(320, 120 + 48 * len(factions)),
    )
    return {"data": [trace], "layout": layout}


def p_value_text(p_value: float) -> str:
    """A p-value for readers: three significant figures, or "< 0.001"."""
    return "< 0.001" if p_value < 0.001 else f"{p_value:.3g}"


def first_player_figure(rows: Sequence[Advantage]) -> Figure:
    """The win rate of the side that held each system's first-player mark, with the
    exact binomial test's p-value (decisive games against a fair coin) on hover and
    beside it."""
    return _rate_bars(
        [row.measure for row in rows],
        rows,
        "First-player advantage: the win rate of the side holding the mark",
        hover_extra=[
            f"<br>exact binomial test, {row.wins} of {row.wins + row.losses} decisive games: "
            f"p = {p_value_text(row.p_value)}"
            for row in rows
        ],
        bar_extra=[f" · p={p_value_text(row.p_value)}" for row in rows],
    )


def game_length_figure(rows: Sequence[GameLength]) -> Figure:
    """Two histograms side by side, games by turns and by steps, stacked by how
    the games ended (one colour per ending)."""
    title = "Game length and how games ended"
    if not rows:
        return _empty(title)
    endings = sorted({row.ending for row in rows})
    turns = sorted({row.turns for row in rows})
    bins = sorted({row.steps_from for row in rows})
    data: list[dict[str, Any]] = []
    for index, ending in enumerate(endings):
        by_turns = dict.fromkeys(turns, 0)
        by_steps = dict.fromkeys(bins, 0)
        for row in rows:
            if row.ending == ending:
                by_turns[row.turns] += row.games
                by_steps[row.steps_from] += row.games
        colour = {"color": COLOURS[index % len(COLOURS)]}
        data.append({
            "type": "bar", "name": ending, "legendgroup": ending, "marker": colour,
            "x": turns, "y": [by_turns[t] for t in turns], "xaxis": "x", "yaxis": "y",
            "hovertemplate": f"{ending}: %{{y}} games of %{{x}} turns<extra></extra>",
        })  # fmt: skip
        data.append({
            "type": "bar", "name": ending, "legendgroup": ending, "marker": colour,
            "showlegend": False, "x": [b + STEP_BIN / 2 for b in bins],
            "y": [by_steps[b] for b in bins], "width": STEP_BIN * 0.9,
            "customdata": [f"{b} to {b + STEP_BIN - 1}" for b in bins],
            "xaxis": "x2", "yaxis": "y2",
            "hovertemplate": f"{ending}: %{{y}} games of %{{customdata}} steps<extra></extra>",
        })  # fmt: skip
    layout = _layout(
        title,
        barmode="stack",
        xaxis={"domain": [0, 0.45], "title": {"text": "turns"}, "dtick": 1},
        yaxis={"title": {"text": "games"}, "rangemode": "tozero"},
        xaxis2={"domain": [0.55, 1], "title": {"text": f"steps (bins of {STEP_BIN})"}},
        yaxis2={"anchor": "x2", "rangemode": "tozero"},
        legend={"orientation": "h", "y": -0.3, "title": {"text": "ended by"}},
        margin={"l": 56, "r": 16, "t": 48, "b": 96},
    )
    return {"data": data, "layout": layout}


def dice_luck_figure(rows: Sequence[LuckBin]) -> Figure:
    """A histogram: game sides by luck (observed minus expected successes), in
    bins of one success, a bar colour per kind of die, with a line at zero."""
    title = "Dice luck: observed minus expected successes per game side"
    if not rows:
        return _empty(title)
    kinds = sorted({row.faces for row in rows})
    data = []
    for index, faces in enumerate(kinds):
        mine = [row for row in rows if row.faces == faces]
        data.append({
            "type": "bar", "name": f"d{faces}",
            "x": [row.luck_from + 0.5 for row in mine],
            "y": [row.sides for row in mine],
            "width": 0.9,
            "customdata": [f"{row.luck_from} to {row.luck_from + 1}" for row in mine],
            "hovertemplate": f"%{{y}} sides %{{customdata}} successes luckier than expected"
            f" with d{faces}<extra></extra>",
            "marker": {"color": COLOURS[(2 + index) % len(COLOURS)]},
        })  # fmt: skip
    layout = _layout(
        title,
        barmode="stack",
        showlegend=len(kinds) > 1,
        xaxis={"title": {"text": "observed - expected successes"}, "zeroline": True},
        yaxis={"title": {"text": "game sides"}, "rangemode": "tozero"},
        shapes=[
            {
                "type": "line",
                "x0": 0,
                "x1": 0,
                "y0": 0,
                "y1": 1,
                "yref": "paper",
                "line": {"dash": "dot", "color": "#888"},
            }
        ],
        margin={"l": 56, "r": 16, "t": 48, "b": 56},
    )
    return {"data": data, "layout": layout}


def luck_key(row: Luck, rows: Sequence[Luck]) -> str:
    """A row's faction or player, with its kind of die when the rows hold several."""
    return f"{row.key} · d{row.faces}" if len({r.faces for r in rows}) > 1 else row.key


def luck_bars_figure(
    rows: Sequence[Luck],
    *,
    who: str,
    empty: str,
    title: str = "",
    colours: Sequence[str] = (),
    labelled: bool = False,
) -> Figure:
    """Luck per game of each faction or player, with its 95% interval (from the
    variance bound), the game sides on each bar (``labelled``: with the z-score
    in the axis label instead), and the z-score on hover; ``colours``, one a bar,
    default to one colour."""
    title = title or f"Dice luck per game, by {who}"
    if not rows:
        return _empty(title, empty)
    per_game = [float(row.per_game) for row in rows]
    trace = {
        "type": "bar",
        "orientation": "h",
        "y": [
            f"{luck_key(row, rows)} (n={row.sides}, z={row.z:+.2f})"
            if labelled
            else luck_key(row, rows)
            for row in rows
        ],
        "x": [round(x, 3) for x in per_game],
        "text": [] if labelled else [f"n={row.sides}" for row in rows],
        "textposition": "auto",
        "error_x": {
            "type": "data",
            "symmetric": False,
            "array": [round(row.interval[1] - x, 3) for row, x in zip(rows, per_game, strict=True)],
            "arrayminus": [
                round(x - row.interval[0], 3) for row, x in zip(rows, per_game, strict=True)
            ],
            "color": "#333",
        },
        "customdata": [
            [row.sides, row.dice, row.observed, f"{float(row.expected):.2f}", f"{row.z:+.2f}"]
            for row in rows
        ],
        "hovertemplate": "%{y}: %{x:+.2f} successes per game<br>%{customdata[0]} sides,"
        " %{customdata[1]} dice: %{customdata[2]} successes, %{customdata[3]} expected"
        " (z %{customdata[4]})<extra></extra>",
        "marker": {"color": list(colours) if colours else COLOURS[2]},
    }
    layout = _layout(
        title,
        xaxis={"title": {"text": "observed - expected successes per game"}, "zeroline": True},
        yaxis={"autorange": "reversed", "automargin": True},
        height=max(240, 80 + 32 * len(rows)),
    )
    return {"data": [trace], "layout": layout}


# The per-player luck dashboard: the page shows the z-scores of every player as a
# histogram, and only the LUCK_EXTREMES luckiest and least lucky players (the CSV
# has them all).
LUCK_EXTREMES = 15
Z_BIN = 0.5  # the histogram's bin width, in standard deviations
Z_SPAN = 3.0  # the histogram always covers -Z_SPAN to Z_SPAN


@dataclass(frozen=True)
class ZBin:
    """The players whose luck z-score is from ``z_from`` (included) to ``z_from +
    Z_BIN``, and how many of them a standard normal z-score (no one lucky, and
    an exact variance) would put there."""

    z_from: float
    players: int
    expected: float


def z_bins(rows: Sequence[Luck]) -> list[ZBin]:
    """The rows' z-scores in bins of :data:`Z_BIN` (each bin's lower bound
    included), every bin from the lowest to the highest filled one and at least
    from -:data:`Z_SPAN` to :data:`Z_SPAN`; none without rows."""
    if not rows:
        return []
    counts = Counter(math.floor(row.z / Z_BIN) for row in rows)
    first = min(*counts, math.floor(-Z_SPAN / Z_BIN))
    last = max(*counts, math.ceil(Z_SPAN / Z_BIN) - 1)
    return [
        ZBin(
            z_from=index * Z_BIN,
            players=counts[index],
            expected=len(rows) * normal_share(index * Z_BIN, (index + 1) * Z_BIN),
        )
        for index in range(first, last + 1)
    ]


def luck_extremes(
    rows: Sequence[Luck], count: int = LUCK_EXTREMES
) -> tuple[list[Luck], list[Luck]]:
    """The ``count`` luckiest rows by z-score, highest first, and the ``count``
    least lucky of the others, lowest first; ties in z go by key. With at most
    ``2 * count`` rows, every row is among the luckiest (in that order) and the
    second list is empty: no row is shown twice."""
    ranked = sorted(rows, key=lambda row: (-row.z, row.key))
    if len(ranked) <= 2 * count:
        return ranked, []
    return ranked[:count], sorted(ranked[count:], key=lambda row: (row.z, row.key))[:count]


def _signed(number: float) -> str:
    return f"{number:+g}" if number else "0"


def luck_z_figure(rows: Sequence[Luck]) -> Figure:
    """A histogram of the rows' luck z-scores (see :func:`z_bins`) with the
    counts a standard normal would give: a tail beyond the curve is consistent
    luck, not chance. The variance bound understates |z|, so with no luck at
    all the bars are narrower than the curve."""
    title = "Dice luck by player: z-scores against the standard normal"
    if not rows:
        return _empty(title, "No games played on the platform match these filters")
    bins = z_bins(rows)
    centres = [found.z_from + Z_BIN / 2 for found in bins]
    ranges = [f"{_signed(found.z_from)} to {_signed(found.z_from + Z_BIN)}" for found in bins]
    bars = {
        "type": "bar", "name": "players", "x": centres, "y": [b.players for b in bins],
        "width": Z_BIN * 0.9, "customdata": ranges, "marker": {"color": COLOURS[2]},
        "hovertemplate": "%{y} players with z %{customdata}<extra></extra>",
    }  # fmt: skip
    curve = {
        "type": "scatter", "mode": "lines", "name": "standard normal (no luck)",
        "x": centres, "y": [round(b.expected, 2) for b in bins], "customdata": ranges,
        "line": {"shape": "spline", "color": "#333"},
        "hovertemplate": "%{y:.1f} players expected with z %{customdata}"
        " if no one were lucky<extra></extra>",
    }  # fmt: skip
    layout = _layout(
        title,
        xaxis={"title": {"text": "z: luck in standard deviations"}, "zeroline": True},
        yaxis={"title": {"text": "players"}, "rangemode": "tozero"},
        legend={"orientation": "h", "y": -0.25},
        margin={"l": 56, "r": 16, "t": 48, "b": 80},
        shapes=[
            {
                "type": "line",
                "x0": edge,
                "x1": edge,
                "y0": 0,
                "y1": 1,
                "yref": "paper",
                "line": {"dash": "dot", "color": "#888"},
            }
            for edge in (-round(Z_95, 2), round(Z_95, 2))
        ],
    )
    return {"data": [bars, curve], "layout": layout}


def luck_extremes_figure(luckiest: Sequence[Luck], unluckiest: Sequence[Luck]) -> Figure:
    """Luck per game of the players :func:`luck_extremes` chose, the luckiest in
    one colour and the least lucky in another."""
    shown = [*luckiest, *unluckiest]
    title = (
        f"The {len(luckiest)} luckiest and the {len(unluckiest)} least lucky players, by z"
        if unluckiest
        else "Every player, luckiest first (by z)"
    )
    return luck_bars_figure(
        shown,
        who="player",
        empty="No games played on the platform match these filters",
        title=title,
        colours=[COLOURS[2]] * len(luckiest) + [COLOURS[1]] * len(unluckiest),
        labelled=True,
    )


def luck_summary(rows: Sequence[Luck]) -> str:
    """How many players there are and how many are beyond ±1.96 standard
    deviations, against the 2.5% a side chance alone would put there."""
    above = sum(1 for row in rows if row.z > Z_95)
    below = sum(1 for row in rows if row.z < -Z_95)
    chance = len(rows) * 0.025
    return (
        f"{len(rows):,} players: {above:,} with z above 1.96 and {below:,} below -1.96,"
        f" where chance alone would put about {chance:,.1f} on each side (fewer, as the"
        " variance bound understates |z|)."
    )


def month_label(year: int, month: int) -> str:
    return f"{year:04d}-{month:02d}"


def factions_over_time_figure(rows: Sequence[FactionMonth]) -> Figure:
    """Two panels sharing the months: each faction's share of the game sides
    (top) and its win rate with Wilson 95% error bars (bottom; months not
    ``rated``, with fewer non-mirror games than the minimum, left out)."""
    title = "Factions over time: representation and win rate"
    if not rows:
        return _empty(title)
    factions = sorted({row.faction for row in rows})
    data: list[dict[str, Any]] = []
    for index, faction in enumerate(factions):
        mine = [row for row in rows if row.faction == faction]
        months = [month_label(row.year, row.month) for row in mine]
        colour = COLOURS[index % len(COLOURS)]
        data.append({
            "type": "scatter", "mode": "lines+markers", "name": faction,
            "legendgroup": faction, "line": {"color": colour}, "x": months,
            "y": [round(float(row.share) * 100, 2) for row in mine],
            "customdata": [[row.sides, row.month_sides] for row in mine],
            "hovertemplate": f"{faction}, %{{x}}: %{{y:.1f}}% of sides"
            " (%{customdata[0]} of %{customdata[1]})<extra></extra>",
        })  # fmt: skip
        rated = [row for row in mine if row.rated]
        data.append({
            "type": "scatter", "mode": "lines+markers", "name": faction,
            "legendgroup": faction, "showlegend": False, "line": {"color": colour},
            "x": [month_label(row.year, row.month) for row in rated],
            "y": [round(float(row.rate) * 100, 2) for row in rated],
            "error_y": {
                "type": "data", "symmetric": False,
                "array": [round((row.interval[1] - float(row.rate)) * 100, 2) for row in rated],
                "arrayminus": [round((float(row.rate) - row.interval[0]) * 100, 2)
                               for row in rated],
            },
            "customdata": [[row.games, _interval_text(row)] for row in rated],
            "xaxis": "x", "yaxis": "y2",
            "hovertemplate": f"{faction}, %{{x}}: %{{y:.1f}}% win rate"
            " (95% CI %{customdata[1]}) over %{customdata[0]} games<extra></extra>",
        })  # fmt: skip
    layout = _layout(
        title,
        xaxis={"type": "category", "title": {"text": "month"}},
        yaxis={"domain": [0.56, 1], "title": {"text": "share of sides (%)"}, "rangemode": "tozero"},
        yaxis2={"domain": [0, 0.44], "title": {"text": "win rate (%)"}, "range": [0, 100]},
        legend={"orientation": "h", "y": -0.2},
        margin={"l": 64, "r": 16, "t": 48, "b": 80},
        height=520,
    )
    return {"data": data, "layout": layout}


def scenarios_over_time_figure(rows: Sequence[ScenarioMonth]) -> Figure:
    """Each scenario's share of the month's games, stacked to 100%."""
    title = "Scenarios over time: share of the games"
    if not rows:
        return _empty(title)
    scenarios = sorted({row.scenario for row in rows})
    data = []
    for index, scenario in enumerate(scenarios):
        mine = [row for row in rows if row.scenario == scenario]
        data.append({
            "type": "bar", "name": scenario, "marker": {"color": COLOURS[index % len(COLOURS)]},
            "x": [month_label(row.year, row.month) for row in mine],
            "y": [round(float(row.share) * 100, 2) for row in mine],
            "customdata": [[row.games, row.month_games] for row in mine],
            "hovertemplate": f"{scenario}, %{{x}}: %{{y:.1f}}%"
            " (%{customdata[0]} of %{customdata[1]} games)<extra></extra>",
        })  # fmt: skip
    layout = _layout(
        title,
        barmode="stack",
        xaxis={"type": "category", "title": {"text": "month"}},
        yaxis={"title": {"text": "share of games (%)"}, "range": [0, 100]},
        legend={"orientation": "h", "y": -0.25},
        margin={"l": 64, "r": 16, "t": 48, "b": 80},
    )
    return {"data": data, "layout": layout}


def unit_figure(rows: Sequence[UnitPerformance]) -> Figure:
    """Two panels sharing the units (``faction · name``): the win rate of the
    faction's armies fielding the unit (bars with Wilson 95% error bars and the
    games) against those without it (diamonds, with theirs), and the casualties
    the unit caused per 100 points it cost."""
    title = "Units: win rate with and without, and casualties caused per 100 points"
    if not rows:
        return _empty(title)
    labels = [f"{row.faction} · {row.name}" for row in rows]
    with_it = _rate_bars(labels, rows, title, hover_extra=["" for _ in rows])
    bars = with_it["data"][0]
    bars["name"] = "with the unit"
    bars["hovertemplate"] = bars["hovertemplate"].replace("%{y}:", "%{y}, fielded:")
    without = [row.without for row in rows]
    shown = [index for index, record in enumerate(without) if record.games > 0]
    marks = {
        "type": "scatter", "mode": "markers", "name": "without it",
        "y": [labels[i] for i in shown],
        "x": [round(float(without[i].rate) * 100, 2) for i in shown],
        "marker": {"symbol": "diamond", "size": 10, "color": COLOURS[1]},
        "customdata": [[without[i].games, _interval_text(without[i])] for i in shown],
        "hovertemplate": "%{y}, not fielded: %{x:.1f}% (95% CI %{customdata[1]})"
        " over %{customdata[0]} games<extra></extra>",
    }  # fmt: skip
    casualties = {
        "type": "bar", "orientation": "h", "name": "casualties per 100 points",
        "y": labels, "x": [round(float(row.caused_per_100_points), 3) for row in rows],
        "customdata": [[row.caused, row.cost, row.copies] for row in rows],
        "xaxis": "x2", "marker": {"color": COLOURS[4]},
        "hovertemplate": "%{y}: %{x:.2f} casualties per 100 points (%{customdata[0]} caused"
        " by %{customdata[2]} units costing %{customdata[1]})<extra></extra>",
    }  # fmt: skip
    layout = with_it["layout"]
    layout["xaxis"] = layout["xaxis"] | {"domain": [0, 0.62]}
    layout["xaxis2"] = {"domain": [0.68, 1], "title": {"text": "casualties / 100 points"},
                        "rangemode": "tozero"}  # fmt: skip
    layout["shapes"][0]["xref"] = "x"
    layout["legend"] = {"orientation": "h", "y": -0.12}
    layout["margin"] = layout["margin"] | {"b": 96}
    layout["height"] = max(280, 120 + 28 * len(rows))
    return {"data": [bars, marks, casualties], "layout": layout}


# The cards the card figure shows at most (the most played; the table has them all).
CARDS_SHOWN = 40


def card_figure(rows: Sequence[CardPlay]) -> Figure:
    """Two panels sharing the cards (``character · card``, the most played
    :data:`CARDS_SHOWN`): the win rate of the character's games in which it
    played the card (bars with Wilson 95% error bars and the games) against
    those in which it did not (diamonds, with theirs), and the card's play rate."""
    title = "Cards: win rate when played and when not, and play rate"
    if not rows:
        return _empty(title)
    shown = sorted(rows, key=lambda row: (-row.games, row.faction, row.name))[:CARDS_SHOWN]
    return _with_and_without_figure(
        shown, title, verbs=("played", "not played"), share="play rate",
        shares=[row.play_rate for row in shown],
        hover="%{y}: played in %{x:.1f}% of the games (%{customdata[0]} of %{customdata[1]})",
    )  # fmt: skip


def _with_and_without_figure(
    shown: Sequence[WithAndWithout],
    title: str,
    *,
    verbs: tuple[str, str],
    share: str,
    shares: Sequence[Fraction],
    hover: str,
    intervals: Sequence[tuple[float, float]] = (),
) -> Figure:
    """:func:`unit_figure`'s two panels for rows with and without something (a card
    played, a unit in a list): the rates with (bars) and without (diamonds), and
    beside them a share (of the games with it, over all), with its interval when
    given."""
    figure = unit_figure(
        [UnitPerformance(**{f.name: getattr(row, f.name) for f in fields(WithAndWithout)},
                         unit_type="") for row in shown]
    )  # fmt: skip
    bars, marks, rates = figure["data"]
    bars["name"] = verbs[0]
    bars["hovertemplate"] = bars["hovertemplate"].replace(", fielded:", f", {verbs[0]}:")
    marks["name"] = verbs[1]
    marks["hovertemplate"] = marks["hovertemplate"].replace("not fielded", verbs[1])
    percents = [float(value) * 100 for value in shares]
    rates.update({
        "name": share, "x": [round(x, 2) for x in percents],
        "customdata": [[row.games, row.games + row.without_games] for row in shown],
        "hovertemplate": f"{hover}<extra></extra>",
    })  # fmt: skip
    if intervals:
        rates["error_x"] = {
            "type": "data", "symmetric": False, "color": "#333",
            "array": [round(h * 100 - x, 2) for (_, h), x in zip(intervals, percents, strict=True)],
            "arrayminus": [round(x - lo * 100, 2)
                           for (lo, _), x in zip(intervals, percents, strict=True)],
        }  # fmt: skip
    figure["layout"]["title"] = {"text": title}
    # Short axis titles: side by side on a phone, long ones run into each other.
    figure["layout"]["xaxis"]["title"] = {"text": "win rate (%)"}
    figure["layout"]["xaxis2"] = figure["layout"]["xaxis2"] | {
        "title": {"text": f"{share} (%)"},
        "range": [0, 100],
    }
    return figure


# The units the list-units figure shows at most (the most included; the table has them all).
LIST_UNITS_SHOWN = 40


def list_units_figure(rows: Sequence[UnitInclusion]) -> Figure:
    """Two panels sharing the units (``faction · unit``, the most included
    :data:`LIST_UNITS_SHOWN`): the win rate of the faction's lists that include
    the unit (bars with Wilson 95% error bars and the games) against its lists
    that do not (diamonds), and the inclusion rate with its Wilson interval."""
    title = "Units in lists"
    if not rows:
        return _empty(title, "No army lists match these filters")
    shown = sorted(rows, key=lambda row: (-row.games, row.faction, row.name))[:LIST_UNITS_SHOWN]
    return _with_and_without_figure(
        shown, title, verbs=("in the list", "not in the list"), share="in lists",
        shares=[row.inclusion for row in shown],
        intervals=[row.inclusion_interval for row in shown],
        hover="%{y}: in %{x:.1f}% of the faction's lists (%{customdata[0]} of %{customdata[1]})",
    )  # fmt: skip


def common_lists_figure(rows: Sequence[CommonList]) -> Figure:
    """The most fielded lists' win rates (non-mirror games) with Wilson 95% error
    bars, how often each was fielded in its label, its units on hover."""
    if not rows:
        return _empty("Most common lists", "No list was fielded twice under these filters")
    return _rate_bars(
        [f"{row.name} ({row.faction}, {row.points}), fielded {row.sides}" for row in rows],
        rows,
        "Most common lists: win rate",
        hover_extra=[f"<br>fielded {row.sides} times<br>{_wrapped(row.units)}" for row in rows],
    )  # fmt: skip


def _wrapped(text: str, width: int = 80) -> str:
    """A long line of hover text broken at its entries (``; ``) into lines."""
    lines: list[str] = []
    for part in text.split("; "):
        if lines and len(lines[-1]) + len(part) + 2 <= width:
            lines[-1] += f"; {part}"
        else:
            lines.append(part)
    return "<br>".join(lines)


def top_finishes_figure(rows: Sequence[TopFinish]) -> Figure:
    """Top-four finishes per faction (a finish without a list read is "no list")."""
    title = "Top-four finishes by faction (the latest events)"
    if not rows:
        return _empty(title, "No event matches these filters")
    counts = Counter(row.faction or "no list" for row in rows)
    wins = Counter(row.faction or "no list" for row in rows if row.position == 1)
    factions = sorted(counts, key=lambda faction: (-counts[faction], faction))
    trace = {
        "type": "bar", "orientation": "h", "y": factions, "x": [counts[f] for f in factions],
        "customdata": [wins[f] for f in factions], "marker": {"color": COLOURS[0]},
        "hovertemplate": "%{y}: %{x} top-four finishes, %{customdata} first places"
        "<extra></extra>",
    }  # fmt: skip
    layout = _layout(
        title,
        xaxis={"title": {"text": "top-four finishes"}, "rangemode": "tozero", "dtick": 1},
        yaxis={"autorange": "reversed", "automargin": True},
        height=max(240, 80 + 32 * len(factions)),
    )
    return {"data": [trace], "layout": layout}


def standings_figure(rows: Sequence[StandingStep]) -> Figure:
    """Each player's running score (win 1, draw 1/2) after each round."""
    title = "Standings progression: score after each round"
    if not rows:
        return _empty(title, "No published results for this event yet")
    players = sorted({(row.player, row.name) for row in rows}, key=lambda p: (p[1], p[0]))
    data = []
    for index, (player, name) in enumerate(players):
        mine = [row for row in rows if row.player == player]
        data.append({
            "type": "scatter", "mode": "lines+markers", "name": name,
            "line": {"color": COLOURS[index % len(COLOURS)]},
            "x": [row.round for row in mine], "y": [float(row.score) for row in mine],
            "customdata": [row.outcome for row in mine],
            "hovertemplate": f"{name}, round %{{x}}: %{{customdata}}, score %{{y}}<extra></extra>",
        })  # fmt: skip
    layout = _layout(
        title,
        xaxis={"title": {"text": "round"}, "dtick": 1},
        yaxis={"title": {"text": "score (win 1, draw ½)"}, "rangemode": "tozero"},
        margin={"l": 56, "r": 16, "t": 48, "b": 56},
    )
    return {"data": data, "layout": layout}


def faction_spread_figure(rows: Sequence[FactionSpread]) -> Figure:
    """Players per faction, with the faction's best rank on hover."""
    title = "Faction spread: players per faction"
    if not rows:
        return _empty(title, "No players in this event")
    trace = {
        "type": "bar", "orientation": "h",
        "y": [row.faction for row in rows], "x": [row.players for row in rows],
        "customdata": [row.best_rank for row in rows], "marker": {"color": COLOURS[0]},
        "hovertemplate": "%{y}: %{x} players, best rank %{customdata}<extra></extra>",
    }  # fmt: skip
    layout = _layout(
        title,
        xaxis={"title": {"text": "players"}, "dtick": 1, "rangemode": "tozero"},
        yaxis={"autorange": "reversed", "automargin": True},
        height=max(240, 80 + 32 * len(rows)),
    )
    return {"data": [trace], "layout": layout}


def results_by_round_figure(rows: Sequence[RoundResult]) -> Figure:
    """A heat map: each faction's win rate in each round, the games in each cell
    and the interval on hover."""
    title = "Results by round: each faction's win rate"
    if not rows:
        return _empty(title, "No recorded games linked to this event's pairings")
    rounds = sorted({row.round for row in rows})
    factions = sorted({row.faction for row in rows})
    found = {(row.faction, row.round): row for row in rows}
    cells = [[found.get((faction, round_)) for round_ in rounds] for faction in factions]
    trace = {
        "type": "heatmap", "x": [f"round {r}" for r in rounds], "y": factions,
        "z": [[None if c is None else round(float(c.rate) * 100, 2) for c in line]
              for line in cells],
        "text": [["" if c is None else f"{percent(c.rate)}%<br>n={c.games}" for c in line]
                 for line in cells],
        "customdata": [[["", 0] if c is None else [_interval_text(c), c.games] for c in line]
                       for line in cells],
        "texttemplate": "%{text}", "zmin": 0, "zmax": 100, "zmid": 50, "colorscale": "RdBu",
        "hoverongaps": False, "colorbar": {"title": {"text": "%"}},
        "hovertemplate": "%{y}, %{x}: %{z:.1f}% (95% CI %{customdata[0]})"
        " over %{customdata[1]} games<extra></extra>",
    }  # fmt: skip
    layout = _layout(
        title,
        yaxis={"autorange": "reversed", "automargin": True},
        height=max(280, 120 + 40 * len(factions)),
    )
    return {"data": [trace], "layout": layout}


@dataclass(frozen=True)
class TableSpec:
    """A dashboard's table: its column headings and each row's cells (text)."""

    header: tuple[str, ...]
    cells: Callable[[Any], list[str]]


def _record_cells(row: Record) -> list[str]:
    low, high = row.interval
    return [
        str(row.games),
        str(row.wins),
        str(row.draws),
        str(row.losses),
        str(row.rate),
        percent(row.rate),
        percent(low),
        percent(high),
    ]


RECORD_HEADER = (
    "games",
    "wins",
    "draws",
    "losses",
    "rate",
    "rate_percent",
    "ci95_low_percent",
    "ci95_high_percent",
)

LUCK_HEADER = (
    "sides",
    "dice",
    "observed",
    "expected",
    "luck",
    "luck_per_game",
    "ci95_low_per_game",
    "ci95_high_per_game",
    "z",
)


def _luck_cells(row: Luck) -> list[str]:
    low, high = row.interval
    return [
        row.key,
        f"d{row.faces}",
        str(row.sides),
        str(row.dice),
        str(row.observed),
        str(row.expected),
        str(row.luck),
        f"{float(row.per_game):.3f}",
        f"{low:.3f}",
        f"{high:.3f}",
        f"{row.z:.3f}",
    ]


TABLES: dict[str, TableSpec] = {
    "faction-win-rates": TableSpec(
        ("faction", *RECORD_HEADER), lambda row: [row.faction, *_record_cells(row)]
    ),
    "matchups": TableSpec(
        ("faction", "opponent", *RECORD_HEADER),
        lambda row: [row.faction, row.opponent, *_record_cells(row)],
    ),
    "first-player": TableSpec(
        ("system", "side that", *RECORD_HEADER, "binomial_p_value"),
        lambda row: [row.system, row.measure, *_record_cells(row), f"{row.p_value:.6g}"],
    ),
    "game-length": TableSpec(
        ("turns", "steps_from", "steps_to", "ending", "games"),
        lambda row: [
            str(row.turns),
            str(row.steps_from),
            str(row.steps_from + STEP_BIN - 1),
            row.ending,
            str(row.games),
        ],
    ),
    "dice-luck": TableSpec(
        ("die", "luck_from", "luck_to", "sides"),
        lambda row: [f"d{row.faces}", str(row.luck_from), str(row.luck_from + 1), str(row.sides)],
    ),
    "dice-luck-factions": TableSpec(("faction", "die", *LUCK_HEADER), _luck_cells),
    "dice-luck-players": TableSpec(("player", "die", *LUCK_HEADER), _luck_cells),
    "factions-over-time": TableSpec(
        ("month", "faction", "sides", "month_sides", "share_percent", *RECORD_HEADER),
        lambda row: [
            month_label(row.year, row.month),
            row.faction,
            str(row.sides),
            str(row.month_sides),
            percent(row.share),
            *_record_cells(row),
        ],
    ),
    "scenarios-over-time": TableSpec(
        ("month", "scenario", "games", "month_games", "share_percent"),
        lambda row: [
            month_label(row.year, row.month),
            row.scenario,
            str(row.games),
            str(row.month_games),
            percent(row.share),
        ],
    ),
    "units": TableSpec(
        (
            "faction",
            "unit",
            "unit_type",
            *RECORD_HEADER,
            *(f"without_{heading}" for heading in RECORD_HEADER),
            "copies",
            "casualties_caused",
            "cost",
            "casualties_per_100_points",
        ),
        lambda row: [
            row.faction,
            row.name,
            row.unit_type,
            *_record_cells(row),
            *_record_cells(row.without),
            str(row.copies),
            str(row.caused),
            str(row.cost),
            f"{float(row.caused_per_100_points):.3f}",
        ],
    ),
    "cards": TableSpec(
        (
            "character",
            "card",
            "play_rate",
            "play_rate_percent",
            *RECORD_HEADER,
            *(f"without_{heading}" for heading in RECORD_HEADER),
            "wounds",
            "wounds_per_game",
        ),
        lambda row: [
            row.faction,
            row.name,
            str(row.play_rate),
            percent(row.play_rate),
            *_record_cells(row),
            *_record_cells(row.without),
            str(row.wounds),
            f"{float(row.wounds_per_game):.3f}",
        ],
    ),
    "list-units": TableSpec(
        (
            "faction",
            "unit",
            "unit_id",
            "unit_type",
            "lists_with",
            "faction_lists",
            "inclusion_percent",
            "inclusion_ci95_low_percent",
            "inclusion_ci95_high_percent",
            *RECORD_HEADER,
            *(f"without_{heading}" for heading in RECORD_HEADER),
            "miniatures_per_list",
            "cost",
        ),
        lambda row: [
            row.faction,
            row.name,
            row.unit,
            row.unit_type,
            str(row.games),
            str(row.lists),
            percent(row.inclusion),
            *(percent(bound) for bound in row.inclusion_interval),
            *_record_cells(row),
            *_record_cells(row.without),
            f"{float(row.models_per_list):.2f}",
            str(row.cost),
        ],
    ),
    "common-lists": TableSpec(
        (
            "faction",
            "list",
            "points",
            "commander_level",
            "fielded",
            *RECORD_HEADER,
            "units",
            "signature",
        ),
        lambda row: [
            row.faction,
            row.name,
            str(row.points),
            "" if row.commander_level is None else str(row.commander_level),
            str(row.sides),
            *_record_cells(row),
            row.units,
            row.signature,
        ],
    ),
    "top-finishes": TableSpec(
        (
            "event",
            "last_played",
            "place",
            "player",
            "ranked_by",
            "faction",
            "list",
            "points",
            "units",
            "event_id",
            "signature",
        ),
        lambda row: [
            row.event_name,
            row.last_played.isoformat(),
            str(row.position),
            row.player,
            row.ranked_by,
            row.faction or "no list",
            row.list_name,
            "" if row.points is None else str(row.points),
            row.units,
            str(row.event),
            row.signature,
        ],
    ),
    "standings-progression": TableSpec(
        ("player", "name", "round", "outcome", "score"),
        lambda row: [row.player, row.name, str(row.round), row.outcome, str(row.score)],
    ),
    "faction-spread": TableSpec(
        ("faction", "players", "best_rank"),
        lambda row: [row.faction, str(row.players), str(row.best_rank)],
    ),
    "results-by-round": TableSpec(
        ("round", "faction", *RECORD_HEADER),
        lambda row: [str(row.round), row.faction, *_record_cells(row)],
    ),
}

FIGURES: dict[str, Callable[[Any], Figure]] = {
    "faction-win-rates": faction_win_rate_figure,
    "matchups": matchup_figure,
    "first-player": first_player_figure,
    "game-length": game_length_figure,
    "dice-luck": dice_luck_figure,
    "dice-luck-factions": lambda rows: luck_bars_figure(
        rows, who="faction", empty="No games match these filters"
    ),
    "dice-luck-players": luck_z_figure,
    "factions-over-time": factions_over_time_figure,
    "scenarios-over-time": scenarios_over_time_figure,
    "units": unit_figure,
    "cards": card_figure,
    "list-units": list_units_figure,
    "common-lists": common_lists_figure,
    "top-finishes": top_finishes_figure,
    "standings-progression": standings_figure,
    "faction-spread": faction_spread_figure,
    "results-by-round": results_by_round_figure,
}


def table_rows(name: str, rows: Sequence[Any]) -> list[list[str]]:
    """A table's rows as text cells, in the header's order."""
    return [TABLES[name].cells(row) for row in rows]


def table_csv(name: str, rows: Sequence[Any]) -> str:
    """A dashboard's table as CSV, with its header (formula-like text neutralised)."""
    return csv_text(TABLES[name].header, table_rows(name, rows))

"""The meta dashboards' queries: SQLAlchemy Core over the analysis read models
(``game_sides``, ``game_units``), each returning plain rows (frozen dataclasses
of whole counts and exact fractions; no floats). Each side of a game is a row
of ``game_sides``, so a game counts once per side.

Results: ``win``, ``draw``, ``loss``; a rate is wins plus half the draws over
the games (:func:`dashboards.meta_stats.score_rate`) with its Wilson interval.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, case, distinct, func, select

from dashboards.meta_filters import Filters
from dashboards.meta_stats import binomial_p_value, score_rate, wilson_interval
from dashboards.meta_tables import game_sides


@dataclass(frozen=True)
class Record:
    """Games played, won, drawn and lost, and the rate with its 95% interval."""

    games: int
    wins: int
    draws: int
    losses: int

    @property
    def rate(self) -> Fraction:
        return score_rate(self.wins, self.draws, self.games)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.rate, self.games)


@dataclass(frozen=True)
class FactionRate(Record):
    """A faction's record against other factions (mirror matches left out)."""

    faction: str = ""


@dataclass(frozen=True)
class Matchup(Record):
    """``faction``'s record against ``opponent``."""

    faction: str = ""
    opponent: str = ""


@dataclass(frozen=True)
class Advantage(Record):
    """The record of the side that had an advantage (``measure``), and the exact
    binomial test of its wins among the decisive games (draws left out)."""

    measure: str = ""
    p_value: float = field(default=1.0, compare=False)


def _counts() -> list[Any]:
    result = game_sides.c.result
    return [
        func.count().label("games"),
        func.sum(case((result == "win", 1), else_=0)).label("wins"),
        func.sum(case((result == "draw", 1), else_=0)).label("draws"),
        func.sum(case((result == "loss", 1), else_=0)).label("losses"),
    ]


def _record(row: Any) -> dict[str, int]:
    return {
        "games": int(row.games),
        "wins": int(row.wins or 0),
        "draws": int(row.draws or 0),
        "losses": int(row.losses or 0),
    }


def faction_win_rates(connection: Connection, filters: Filters) -> list[FactionRate]:
    """Every faction with at least ``min_games`` non-mirror games, most games first
    (then by name)."""
    c = game_sides.c
    query = (
        select(c.faction, *_counts())
        .where(filters.where(game_sides), c.faction != c.opponent_faction)
        .group_by(c.faction)
        .having(func.count() >= filters.min_games)
    )
    rows = [FactionRate(faction=row.faction, **_record(row)) for row in connection.execute(query)]
    return sorted(rows, key=lambda row: (-row.games, row.faction))


def matchups(connection: Connection, filters: Filters) -> list[Matchup]:
    """Every pair of different factions that met at least ``min_games`` times, each
    from both sides (A against B and B against A), by faction then opponent."""
    c = game_sides.c
    query = (
        select(c.faction, c.opponent_faction, *_counts())
        .where(filters.where(game_sides), c.faction != c.opponent_faction)
        .group_by(c.faction, c.opponent_faction)
        .having(func.count() >= filters.min_games)
    )
    rows = [
        Matchup(faction=row.faction, opponent=row.opponent_faction, **_record(row))
        for row in connection.execute(query)
    ]
    return sorted(rows, key=lambda row: (row.faction, row.opponent))


# The advantages the read model records, as (measure, column); null where the
# system has no such roll.
ADVANTAGES = (
    ("won the strategy roll", game_sides.c.won_strategy_roll),
    ("won the turn-1 initiative", game_sides.c.won_first_initiative),
    ("activated first", game_sides.c.activated_first),
)


def first_player_advantage(connection: Connection, filters: Filters) -> list[Advantage]:
    """For each advantage, the record of the sides that had it (each game once: the
    side with the advantage), with the exact binomial test of its wins among
    decisive games against a fair coin. Mirror matches count."""
    rows = []
    for measure, column in ADVANTAGES:
        query = select(*_counts()).where(filters.where(game_sides), column.is_(True))
        found = _record(connection.execute(query).one())
        if found["games"] < filters.min_games or found["games"] == 0:
            continue
        decisive = found["wins"] + found["losses"]
        p_value = binomial_p_value(found["wins"], decisive)
        rows.append(Advantage(measure=measure, p_value=p_value, **found))
    return rows


# The width of the game-length histogram's bins of steps (engine events).
STEP_BIN = 50


@dataclass(frozen=True)
class GameLength:
    """How many games lasted ``turns`` turns and ``steps_from`` to
    ``steps_from + STEP_BIN - 1`` steps, and ended by ``ending``."""

    turns: int
    steps_from: int
    ending: str
    games: int


def game_lengths(connection: Connection, filters: Filters) -> list[GameLength]:
    """Games (each once, however many of its sides match the filters) by turns,
    bin of steps and ending; by turns, steps and ending. The minimum games does
    not apply to a distribution."""
    c = game_sides.c
    steps_from = ((c.steps // STEP_BIN) * STEP_BIN).label("steps_from")
    query = (
        select(c.turns, steps_from, c.ending, func.count(distinct(c.game_id)).label("games"))
        .where(filters.where(game_sides))
        .group_by(c.turns, steps_from, c.ending)
    )
    rows = [
        GameLength(turns=row.turns, steps_from=int(row.steps_from), ending=row.ending,
                   games=int(row.games))
        for row in connection.execute(query)
    ]  # fmt: skip
    return sorted(rows, key=lambda row: (row.turns, row.steps_from, row.ending))

"""Representative dashboard queries, for the dashboards benchmark until
``dashboards.data.all_data`` exists: the aggregates each meta dashboard of issue 8
needs, over ``game_sides`` and ``game_units``, under one filter state.

Each query groups in the database and returns a few hundred rows at most; the
figures (rates, intervals, tests) are the dashboards' business, not timed here.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from sqlalchemy import (
    ColumnElement,
    Connection,
    Integer,
    Select,
    and_,
    cast,
    distinct,
    func,
    select,
    true,
)

from replays.schema import game_sides, game_units

S = game_sides.c
U = game_units.c


@dataclass(frozen=True)
class Filters:
    """The dashboards' filter state (issue 8): game system, event, dates, battle size;
    the names of ``dashboards.meta_filters.Filters``."""

    system: str | None = "kensei"
    event: UUID | None = None
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    battle_size: int | None = None


def conditions(filters: Filters) -> ColumnElement[bool]:
    found: list[ColumnElement[bool]] = []
    if filters.system is not None:
        found.append(S.system == filters.system)
    if filters.event is not None:
        found.append(S.tournament_id == filters.event)
    if filters.date_from is not None:
        found.append(S.played_on >= filters.date_from)
    if filters.date_to is not None:
        found.append(S.played_on <= filters.date_to)
    if filters.battle_size is not None:
        found.append(S.army_points == filters.battle_size)
    return and_(true(), *found)


def queries(filters: Filters) -> dict[str, Select[Any]]:
    where = conditions(filters)
    games = func.count()
    score = func.sum(S.score)
    not_mirror = S.faction != S.opponent_faction
    # The unit types each side of a game (under the filters) fielded: a row per
    # (side of a game, type). Filtering inside, before the DISTINCT, keeps narrow
    # filter states cheap (PostgreSQL: 3.1 s against 0.9 s with the filter outside).
    fielding = (
        select(U.game_id, U.side, U.type)
        .distinct()
        .select_from(game_units.join(game_sides, and_(U.game_id == S.game_id, U.side == S.side)))
        .where(where)
        .subquery()
    )
    sides_fielding = game_sides.join(
        fielding, and_(fielding.c.game_id == S.game_id, fielding.c.side == S.side)
    )
    units_of_sides = game_units.join(game_sides, and_(U.game_id == S.game_id, U.side == S.side))
    luck = func.round(S.observed_successes - S.expected_successes)
    return {
        "faction_win_rate": select(S.faction, games, score)
        .where(where, not_mirror)
        .group_by(S.faction),
        "matchups": select(S.faction, S.opponent_faction, games, score)
        .where(where)
        .group_by(S.faction, S.opponent_faction),
        "first_player_strategy": select(S.won_strategy_roll, games, score)
        .where(where, S.won_strategy_roll.is_not(None), S.result != "draw")
        .group_by(S.won_strategy_roll),
        "first_player_initiative": select(S.won_first_initiative, games, score)
        .where(where, S.won_first_initiative.is_not(None), S.result != "draw")
        .group_by(S.won_first_initiative),
        # By day: the dashboards fold days into months or weeks (no dialect-specific dates).
        "faction_over_time": select(S.played_on, S.faction, games, score)
        .where(where)
        .group_by(S.played_on, S.faction),
        "scenario_over_time": select(S.played_on, S.scenario, games)
        .where(where)
        .group_by(S.played_on, S.scenario),
        "unit_type_fielded": select(fielding.c.type, games, score)
        .select_from(sides_fielding)
        .group_by(fielding.c.type),
        "unit_performance": select(
            S.faction,
            U.name,
            U.type,
            games,
            func.sum(U.cost),
            func.sum(U.casualties_caused),
            func.sum(U.casualties_suffered),
            func.sum(cast(U.survived, Integer)),
        )
        .select_from(units_of_sides)
        .where(where)
        .group_by(S.faction, U.name, U.type),
        "game_length": select(S.turns, S.ending, func.count(distinct(S.game_id)))
        .where(where)
        .group_by(S.turns, S.ending),
        "steps": select(func.min(S.steps), func.max(S.steps), func.avg(S.steps)).where(where),
        "dice_luck": select(luck, games).where(where).group_by(luck),
    }


def query_all(connection: Connection, filters: Filters) -> dict[str, list[Any]]:
    """Every representative dashboard query's rows under ``filters``."""
    return {
        name: list(connection.execute(statement)) for name, statement in queries(filters).items()
    }

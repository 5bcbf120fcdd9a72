"""The meta dashboards' rollups as the dashboards query them: lightweight
SQLAlchemy table clauses naming the columns of ``replays.schema``'s rollup tables
(``replays.rollups`` fills them; a test keeps these equal), for the reason
:mod:`dashboards.meta_tables` gives.

Every rollup starts with the partition columns (``system``, ``tournament_id``,
``played_on``, ``army_points``, ``source``, ``event_size``), which :meth:`Filters.where` reads as on
``game_sides``."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnClause, Date, Float, Integer, String, TableClause, Uuid, column, table


def _rollup(name: str, *columns: ColumnClause[Any]) -> TableClause:
    return table(
        name,
        column("system", String),
        column("tournament_id", Uuid),
        column("played_on", Date),
        column("army_points", Integer),
        column("source", String),
        column("event_size", Integer),
        *columns,
    )


def _whole(*names: str) -> list[ColumnClause[Any]]:
    return [column(name, Integer) for name in names]


RECORD = ("games", "wins", "draws", "losses")
LUCK = ("sides", "dice", "observed", "expected_parts")

rollup_matchups = _rollup(
    "rollup_matchups",
    column("faction", String),
    column("opponent_faction", String),
    *_whole(*RECORD),
)
rollup_advantages = _rollup("rollup_advantages", column("measure", String), *_whole(*RECORD))
rollup_game_lengths = _rollup(
    "rollup_game_lengths",
    column("turns", Integer),
    column("steps_from", Integer),
    column("ending", String),
    *_whole("games", "games_at_lowest_size"),
)
rollup_scenarios = _rollup(
    "rollup_scenarios", column("scenario", String), *_whole("games", "games_at_lowest_size")
)
rollup_luck_bins = _rollup(
    "rollup_luck_bins", column("faces", Integer), column("luck_from", Integer), *_whole("sides")
)
rollup_luck_factions = _rollup(
    "rollup_luck_factions",
    column("faction", String),
    column("faces", Integer),
    *_whole(*LUCK),
    column("variance", Float),
)
rollup_luck_players = _rollup(
    "rollup_luck_players",
    column("account_id", Uuid),
    column("bot", String),
    column("faces", Integer),
    *_whole(*LUCK),
    column("variance", Float),
)
rollup_units = _rollup(
    "rollup_units",
    column("faction", String),
    column("name", String),
    column("unit_type", String),
    *_whole(*RECORD, "copies", "caused", "cost"),
)
rollup_list_units = _rollup(
    "rollup_list_units",
    column("faction", String),
    column("unit", String),
    column("name", String),
    column("unit_type", String),
    *_whole(*RECORD, "models", "entries", "cost"),
)
rollup_lists = _rollup(
    "rollup_lists",
    column("signature", String),
    column("faction", String),
    column("name", String),
    column("points", Integer),
    column("commander_level", Integer),
    *_whole("sides", *RECORD),
)

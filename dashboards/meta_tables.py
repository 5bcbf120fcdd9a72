"""The analysis read models' tables as the dashboards query them: lightweight
SQLAlchemy table clauses naming the columns of ``replays.schema.game_sides``,
``game_dice`` and ``game_units`` (a test keeps them equal), so the dashboards do
not import the event store's schema module and its storage packages."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Date, Float, Integer, String, Uuid, column, table

game_sides = table(
    "game_sides",
    column("game_id", Uuid),
    column("side", String),
    column("system", String),
    column("ruleset_version", String),
    column("faction", String),
    column("army_points", Integer),
    column("scenario", String),
    column("tournament_id", Uuid),
    column("round", Integer),
    column("played_on", Date),
    column("first", Boolean),
    column("result", String),
    column("score", Float),
    column("victory_points", Integer),
    column("opponent_faction", String),
    column("turns", Integer),
    column("steps", Integer),
    column("ending", String),
    column("extra", JSON),
)

game_dice = table(
    "game_dice",
    column("game_id", Uuid),
    column("side", String),
    column("faces", Integer),
    column("dice", Integer),
    column("observed", Integer),
    column("expected_parts", Integer),
)

game_units = table(
    "game_units",
    column("game_id", Uuid),
    column("unit", String),
    column("side", String),
    column("name", String),
    column("type", String),
    column("cost", Integer),
    column("casualties_caused", Integer),
    column("casualties_suffered", Integer),
    column("survived", Boolean),
    column("extra", JSON),
)

# Who played each side of a game created on the platform (an account or a bot),
# and the accounts' public names: the platform's tables, read (never written) by
# the dice-luck dashboard's per-player view. Imported games have no seats.
game_seats = table(
    "game_seats",
    column("game_id", Uuid),
    column("side", String),
    column("account_id", Uuid),
    column("bot", String),
)

accounts = table("accounts", column("id", Uuid), column("display_name", String))

# A tournament's final games and its players' standings: the platform's tournament
# read models, read (never written) by the per-tournament dashboards.
rated_games = table(
    "rated_games",
    column("tournament_id", Uuid),
    column("round", Integer),
    column("table_number", Integer),
    column("player_a", String),
    column("player_b", String),
    column("name_a", String),
    column("name_b", String),
    column("outcome_a", String),
    column("outcome_b", String),
)

tournament_standings = table(
    "tournament_standings",
    column("tournament_id", Uuid),
    column("player_id", String),
    column("rank", Integer),
    column("name", String),
    column("faction", String),
)

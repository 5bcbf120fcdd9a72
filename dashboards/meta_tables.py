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
    column("source", String),
    column("event_size", Integer),
    column("player", String),
    column("account_id", Uuid),
    column("faction_given", String),
    column("opponent_faction_given", String),
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
    column("position", Integer),
    column("rank", Integer),
    column("name", String),
    column("faction", String),
)

# The army lists of the data points (``replays.schema.side_lists`` and
# ``side_list_entries``, written by the platform's ``shiai.list_facts``): a row per
# data point side with a list, a row per entry of it.
side_lists = table(
    "side_lists",
    column("game_id", Uuid),
    column("side", String),
    column("system", String),
    column("origin", String),
    column("tournament_id", Uuid),
    column("player", String),
    column("signature", String),
    column("faction", String),
    column("name", String),
    column("points", Integer),
    column("commander_level", Integer),
)

side_list_entries = table(
    "side_list_entries",
    column("game_id", Uuid),
    column("side", String),
    column("entry", Integer),
    column("unit", String),
    column("name", String),
    column("unit_type", String),
    column("unit_class", String),
    column("count", Integer),
    column("cost", Integer),
    column("options", String),
)

# The tournaments' names (the platform's listing), read by the lists' top finishes.
tournaments = table("tournaments", column("id", Uuid), column("name", String))
# The imported events' names (shiai.imported_events' listing), read likewise.
imported_events = table("imported_events", column("id", Uuid), column("name", String))

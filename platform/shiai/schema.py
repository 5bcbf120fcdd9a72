"""The platform's tables, for Alembic: accounts, seats, and the tournament read models.

``accounts`` is a table of record (passwords never go into an event store that
cannot forget), and so are ``api_tokens`` (hashes of the accounts' API
tokens), ``role_requests`` (requests for the organiser role) and ``game_seats``
(who plays which side of a game created here: not part of the game record,
which stays the same whoever plays it). Every other
table here is a read model of the Tournaments application's events, rebuilt by
``shiai rebuild-read-models``.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    Date,
    DateTime,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Uuid,
)

from replays import schema as replays_schema
from shiai.imported_events.tables import imported_tables
from shiai.studies import study_tables

platform_tables = MetaData()

accounts = Table(
    "accounts",
    platform_tables,
    Column("id", Uuid, primary_key=True),
    Column("username", String(64), nullable=False, unique=True),
    Column("display_name", String(120), nullable=False),
    Column("password_hash", String(256), nullable=False),
    Column("role", String(16), nullable=False),  # "admin", "organiser" or "player"
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# Who plays each side of a game created in the browser (shiai.play): an account
# (the same one on both sides of a hot-seat game), a bot, or nobody yet: then
# ``invitation`` holds the token of the link that lets one account claim the side.
game_seats = Table(
    "game_seats",
    platform_tables,
    Column("game_id", Uuid, primary_key=True),
    Column("side", String(16), primary_key=True),
    Column("account_id", Uuid, nullable=True, index=True),
    Column("bot", String(32), nullable=True),
    Column("invitation", String(64), nullable=True, unique=True),
    Column("host_id", Uuid, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# Per-account API tokens for scripts (``Authorization: Bearer <token>``): only a
# SHA-256 of each token is kept; a revoked token keeps its row (and its dates).
api_tokens = Table(
    "api_tokens",
    platform_tables,
    Column("id", Uuid, primary_key=True),
    Column("account_id", Uuid, nullable=False, index=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_used_at", DateTime(timezone=True), nullable=True),
    Column("revoked_at", DateTime(timezone=True), nullable=True),
)

# Each account's latest request for the organiser role (shiai.accounts): pending until
# an admin grants or refuses it; asked again, the same row is reused, so an account
# never has two pending requests.
role_requests = Table(
    "role_requests",
    platform_tables,
    Column("account_id", Uuid, primary_key=True),
    Column("reason", String(500), nullable=False),
    Column("status", String(16), nullable=False, index=True),  # pending, granted, refused
    Column("asked_at", DateTime(timezone=True), nullable=False),
    Column("decided_at", DateTime(timezone=True), nullable=True),
    Column("decided_by", Uuid, nullable=True),
)

tournaments = Table(
    "tournaments",
    platform_tables,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("game_system", String(64), nullable=False),
    Column("battle_size", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("planned_rounds", Integer, nullable=False),
    Column("rounds_paired", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("organisers", JSON, nullable=False),
    # Whether every list of the event is shown to everyone (Tournament.lists_public).
    Column("lists_public", Integer, nullable=False, server_default="0"),
    Column("version", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

tournament_standings = Table(
    "tournament_standings",
    platform_tables,
    Column("tournament_id", Uuid, primary_key=True),
    Column("player_id", String(16), primary_key=True),
    Column("position", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("name", String(120), nullable=False),
    Column("club", String(120), nullable=True),
    Column("faction", String(120), nullable=True),
    Column("score", Float, nullable=False),
    Column("tiebreaks", JSON, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("draws", Integer, nullable=False),
    Column("losses", Integer, nullable=False),
    Column("byes", Integer, nullable=False),
    Column("victory_points", Float, nullable=False),
    Column("vp_differential", Float, nullable=False),
    Column("dropped", Integer, nullable=False),
    Column("through_round", Integer, nullable=False),
    # The player's rated identity (read_models.rated_identity: ``account:<id>`` or
    # ``name:<casefolded name>``), which the player pages (shiai.players) look up, and
    # whether they submitted a list and its points (the engine's count, if checked).
    Column("identity", String(80), nullable=True, index=True),
    Column("has_list", Integer, nullable=False, server_default="0"),
    Column("list_points", Integer, nullable=True),
)

# Recorded games linked to a pairing: the results follower looks games up here.
tournament_game_links = Table(
    "tournament_game_links",
    platform_tables,
    Column("game_id", String(64), primary_key=True),
    Column("tournament_id", Uuid, nullable=False, index=True),
    Column("round", Integer, nullable=False),
    Column("table_number", Integer, nullable=False),
)

# The day each round of a tournament was paired (its RoundPaired event's), the day
# the meta gives the results reported at its tables (shiai.reported_results).
tournament_round_days = Table(
    "tournament_round_days",
    platform_tables,
    Column("tournament_id", Uuid, primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("paired_on", Date, nullable=False),
)

# The organisers' mappings of free-text factions to a system's catalogue factions,
# as they stand: a projection of the FactionMaps application's events
# (shiai.faction_mapping), rebuilt from them. Who mapped a text and when.
faction_mappings = Table(
    "faction_mappings",
    platform_tables,
    Column("system", String(64), primary_key=True),
    Column("text", String(120), primary_key=True),
    Column("faction", String(120), nullable=False),
    Column("mapped_by", String(64), nullable=False),
    Column("mapped_at", DateTime(timezone=True), nullable=False),
)

# Every final tournament game; ratings are updated in the order of
# (tournament created, tournament id, round, table).
rated_games = Table(
    "rated_games",
    platform_tables,
    Column("tournament_id", Uuid, primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("table_number", Integer, primary_key=True),
    Column("tournament_created_at", DateTime(timezone=True), nullable=False, index=True),
    Column("player_a", String(80), nullable=False),
    Column("player_b", String(80), nullable=False),
    Column("name_a", String(120), nullable=False),
    Column("name_b", String(120), nullable=False),
    Column("outcome_a", String(8), nullable=False),
    Column("outcome_b", String(8), nullable=False),
)

ratings = Table(
    "ratings",
    platform_tables,
    Column("player", String(80), primary_key=True),
    Column("name", String(120), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("ordinal", Float, nullable=False, index=True),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("draws", Integer, nullable=False),
    Column("losses", Integer, nullable=False),
)


def all_metadata() -> list[MetaData]:
    """Every table the project owns: the replays layer's and the platform's."""
    return [*replays_schema.all_metadata(), platform_tables, study_tables, imported_tables]

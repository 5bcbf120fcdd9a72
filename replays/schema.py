"""Every table the project owns, for Alembic.

The event store tables (one pair per event-sourced application) are defined
with eventsourcing-sqlalchemy's own record classes, so the recorder and the
migrations describe the same columns; the applications run with
``CREATE_TABLE=n`` and Alembic alone creates and changes tables.
Read models are plain SQLAlchemy Core tables, rebuildable from the events.
"""

from __future__ import annotations

from typing import Any

from eventsourcing_sqlalchemy.datastore import SQLAlchemyDatastore
from eventsourcing_sqlalchemy.models import (  # type: ignore[attr-defined]  # untyped module
    Base as EventStoreBase,
)
from eventsourcing_sqlalchemy.models import (  # type: ignore[attr-defined]
    SnapshotRecord,
    StoredEventRecord,
)
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Date,
    DateTime,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    Uuid,
)
from sqlalchemy_utils.types.uuid import UUIDType

# Event-sourced applications whose stores Alembic owns, by application name.
EVENT_SOURCED_APPLICATIONS = (
    "GameRecords",
    "Tournaments",
    "Studies",
    "ImportedEvents",
    "FactionMaps",
)


def define_event_store_tables() -> MetaData:
    """Define (once) the event and snapshot tables of every application."""
    for name in EVENT_SOURCED_APPLICATIONS:
        prefix = name.lower()
        SQLAlchemyDatastore.define_record_class(
            f"{name}Event", f"{prefix}_events", None, StoredEventRecord
        )
        SQLAlchemyDatastore.define_record_class(
            f"{name}Snapshot", f"{prefix}_snapshots", None, SnapshotRecord
        )
    metadata: MetaData = EventStoreBase.metadata
    return metadata


read_models = MetaData()

games = Table(
    "games",
    read_models,
    Column("id", Uuid, primary_key=True),
    Column("system", String(64), nullable=False, index=True),
    Column("title", String(200), nullable=False),
    Column("sides", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("winner", String(64), nullable=True),
    Column("steps", Integer, nullable=False),
    Column("commands", Integer, nullable=False),
)

# The analysis read models (replays.analysis): finished games only, a row per side,
# a row per side and kind of die it rolled, and a row per unit fielded. What every
# system has is a column; a system's own facts are the ``extra`` JSON (canonical:
# no floats). ``score`` is the only float, and nothing reads it back into a game.
# The sources of the meta's data points (``game_sides.source``).
RECORDED, REPORTED, IMPORTED = "recorded", "reported", "imported"
SOURCES = (RECORDED, REPORTED, IMPORTED)

game_sides = Table(
    "game_sides",
    read_models,
    Column("game_id", Uuid, primary_key=True),
    Column("side", String(16), primary_key=True),
    Column("system", String(64), nullable=False, index=True),
    Column("ruleset_version", String(32), nullable=False),
    Column("faction", String(120), nullable=False, index=True),
    # The battle size in the system's own measure (Kensei: army points), 0 for none.
    Column("army_points", Integer, nullable=False, index=True),
    Column("scenario", String(64), nullable=False, index=True),
    # The tournament and round of the pairing the game is linked to, if any.
    Column("tournament_id", Uuid, nullable=True, index=True),
    Column("round", Integer, nullable=True),
    Column("played_on", Date, nullable=False, index=True),
    # Whether the side held the first-player mark (RulesetInfo.first_player).
    Column("first", Boolean, nullable=True),
    Column("result", String(8), nullable=False),  # "win", "loss" or "draw"
    Column("score", Float, nullable=False),  # 1, 0.5 or 0
    Column("victory_points", Integer, nullable=False),
    Column("opponent_faction", String(120), nullable=False),
    Column("turns", Integer, nullable=False),
    Column("steps", Integer, nullable=False),
    Column("ending", String(32), nullable=False),
    Column("extra", JSON, nullable=False),
    # Where the data point comes from (``SOURCES``): a recorded game, a result reported
    # at a tournament's table without a recorded game, or an imported past event.
    Column("source", String(16), nullable=False, server_default="recorded", index=True),
    # The players of the event the game was played at (None outside events).
    Column("event_size", Integer, nullable=True),
    # Who played the side, for a reported or imported data point: the name they were
    # registered or imported under, and their account when one is known. A recorded
    # game's rows leave both empty (its seats, ``game_seats``, say who played it).
    Column("player", String(120), nullable=True, index=True),
    Column("account_id", Uuid, nullable=True, index=True),
    # A faction as it was registered or imported when it is not an id of the system's
    # catalogue ("Buke clan"), else empty: ``faction`` then holds what an organiser
    # mapped it to (shiai.faction_mapping), or the same text while it is not mapped.
    Column("faction_given", String(120), nullable=True, index=True),
    Column("opponent_faction_given", String(120), nullable=True),
    Index("ix_game_sides_faction_opponent_faction", "faction", "opponent_faction"),
)

# A side's success rolls with one kind of die (``faces``: 6 for d6s): the dice
# rolled, their successes, and the expected successes in 1/faces (a whole number).
game_dice = Table(
    "game_dice",
    read_models,
    Column("game_id", Uuid, primary_key=True),
    Column("side", String(16), primary_key=True),
    Column("faces", Integer, primary_key=True),
    Column("dice", Integer, nullable=False),
    Column("observed", Integer, nullable=False),
    Column("expected_parts", Integer, nullable=False),
)

game_units = Table(
    "game_units",
    read_models,
    Column("game_id", Uuid, primary_key=True),
    Column("unit", String(32), primary_key=True),
    Column("side", String(16), nullable=False),
    Column("name", String(120), nullable=False, index=True),
    Column("type", String(32), nullable=False, index=True),
    Column("cost", Integer, nullable=False),
    Column("casualties_caused", Integer, nullable=False),
    Column("casualties_suffered", Integer, nullable=False),
    Column("survived", Boolean, nullable=False),
    Column("extra", JSON, nullable=False),
)

# The army lists of the meta's data points (``shiai.list_facts``): a row per data
# point side whose player's list the system's catalogue could read, and a row per
# entry of that list. Kept apart from ``game_units`` (the units a recorded game
# fielded, with their casualties): a list says what a player brought, not what
# happened to it. ``origin`` says who wrote the row (``registration``: a
# tournament's registered list, for its reported results and for recorded games
# linked to its pairings; ``imported``: a past event's file); ``signature``
# (``ListSummary.signature``) groups identical lists whatever their name.
side_lists = Table(
    "side_lists",
    read_models,
    Column("game_id", Uuid, primary_key=True),
    Column("side", String(16), primary_key=True),
    Column("system", String(64), nullable=False),
    Column("origin", String(16), nullable=False, index=True),
    Column("tournament_id", Uuid, nullable=True, index=True),
    Column("player", String(120), nullable=True),
    Column("signature", String(64), nullable=False),
    Column("faction", String(120), nullable=False),
    Column("name", String(120), nullable=False),
    Column("points", Integer, nullable=False),
    Column("commander_level", Integer, nullable=True),
    # A signature's first list (by game and side) is found without a sort.
    Index("ix_side_lists_signature", "signature", "game_id", "side"),
)

side_list_entries = Table(
    "side_list_entries",
    read_models,
    Column("game_id", Uuid, primary_key=True),
    Column("side", String(16), primary_key=True),
    Column("entry", Integer, primary_key=True),  # its place in the list, from 0
    Column("unit", String(64), nullable=False, index=True),
    Column("name", String(120), nullable=False),
    Column("unit_type", String(32), nullable=False),
    Column("unit_class", String(32), nullable=False),
    Column("count", Integer, nullable=False),
    Column("cost", Integer, nullable=False),
    Column("options", String(200), nullable=False),
)

# The meta dashboards' rollups (replays.rollups): the analysis read models summed
# per partition (system, tournament, day played, battle size, source and event size: every column a
# dashboard filter reads, at its grain) and per each dashboard's grouping columns.
# Rebuildable from game_sides, game_units and game_seats at any time.


def _rollup(name: str, *columns: Column[Any]) -> Table:
    return Table(
        name,
        read_models,
        Column("system", String(64), nullable=False),
        Column("tournament_id", Uuid, nullable=True),
        Column("played_on", Date, nullable=False),
        Column("army_points", Integer, nullable=False),
        Column("source", String(16), nullable=False, server_default="recorded"),
        Column("event_size", Integer, nullable=True),
        *columns,
        Index(f"ix_{name}_day", "system", "played_on"),
    )


def _whole(*names: str) -> list[Column[Any]]:
    return [Column(name, Integer, nullable=False) for name in names]


RECORD = ("games", "wins", "draws", "losses")
LUCK = ("sides", "dice", "observed", "expected_parts")

# Game sides by faction and opponent (mirrors included), with their results.
rollup_matchups = _rollup(
    "rollup_matchups",
    Column("faction", String(120), nullable=False),
    Column("opponent_faction", String(120), nullable=False),
    *_whole(*RECORD),
)

# The sides that had an advantage (``measure``: the game_sides column that is true).
rollup_advantages = _rollup(
    "rollup_advantages", Column("measure", String(32), nullable=False), *_whole(*RECORD)
)

# Games by turns, bin of steps and ending; ``games_at_lowest_size`` counts a game
# only in the row of the smallest battle size among its sides of that group, so
# that a sum over every battle size counts each game once.
rollup_game_lengths = _rollup(
    "rollup_game_lengths",
    Column("turns", Integer, nullable=False),
    Column("steps_from", Integer, nullable=False),
    Column("ending", String(32), nullable=False),
    *_whole("games", "games_at_lowest_size"),
)

# Games by scenario (each game once, as above).
rollup_scenarios = _rollup(
    "rollup_scenarios",
    Column("scenario", String(64), nullable=False),
    *_whole("games", "games_at_lowest_size"),
)

# Sides that rolled dice, by kind of die (faces) and luck in whole successes (floored).
rollup_luck_bins = _rollup(
    "rollup_luck_bins",
    Column("faces", Integer, nullable=False),
    Column("luck_from", Integer, nullable=False),
    *_whole("sides"),
)

# The dice of the sides that rolled dice, by faction and kind of die (``faces``;
# ``expected_parts`` in 1/faces); ``variance`` sums each side's bound
# E(1 - E/dice) of the variance of its successes.
rollup_luck_factions = _rollup(
    "rollup_luck_factions",
    Column("faction", String(120), nullable=False),
    Column("faces", Integer, nullable=False),
    *_whole(*LUCK),
    Column("variance", Float, nullable=False),
)

# The same by seat (game_seats: an account or a bot) of the sides played on the platform.
rollup_luck_players = _rollup(
    "rollup_luck_players",
    Column("account_id", Uuid, nullable=True),
    Column("bot", String(32), nullable=True),
    Column("faces", Integer, nullable=False),
    *_whole(*LUCK),
    Column("variance", Float, nullable=False),
)

# Non-mirror sides that fielded a unit profile (by name), with their results, the
# copies fielded, the casualties they caused and their cost.
rollup_units = _rollup(
    "rollup_units",
    Column("faction", String(120), nullable=False),
    Column("name", String(120), nullable=False),
    Column("unit_type", String(32), nullable=False),
    *_whole(*RECORD, "copies", "caused", "cost"),
)

# The army lists of the data points (side_lists, side_list_entries): per faction and
# unit, the non-mirror sides whose list includes it, with their results, and the
# miniatures, entries and cost of it they hold; per list signature (and the sides'
# faction), the sides that fielded it (mirrors included), the record of its
# non-mirror games, and its name (the first by alphabet), points and commander level.
rollup_list_units = _rollup(
    "rollup_list_units",
    Column("faction", String(120), nullable=False),
    Column("unit", String(64), nullable=False),
    Column("name", String(120), nullable=False),
    Column("unit_type", String(32), nullable=False),
    *_whole(*RECORD, "models", "entries", "cost"),
)

rollup_lists = _rollup(
    "rollup_lists",
    Column("signature", String(64), nullable=False),
    Column("faction", String(120), nullable=False),
    Column("name", String(120), nullable=False),
    Column("points", Integer, nullable=False),
    Column("commander_level", Integer, nullable=True),
    *_whole("sides", *RECORD),
)

ROLLUPS = (
    rollup_matchups,
    rollup_advantages,
    rollup_game_lengths,
    rollup_scenarios,
    rollup_luck_bins,
    rollup_luck_factions,
    rollup_luck_players,
    rollup_units,
    rollup_list_units,
    rollup_lists,
)

projection_tracking = Table(
    "projection_tracking",
    read_models,
    Column("name", String(64), primary_key=True),
    Column("position", BigInteger, nullable=False),
)

# Events a follower (replays.projection) could not apply: each is retried, in
# order, at the start of every catch-up, and removed once it applies; every later
# event of the same originator waits here behind it.
projection_failures = Table(
    "projection_failures",
    read_models,
    Column("follower", String(64), primary_key=True),
    Column("notification_id", BigInteger, primary_key=True),
    Column("originator_id", Uuid, nullable=False),
    Column("error", Text, nullable=False),
    Column("first_seen", DateTime(timezone=True), nullable=False),
    Column("last_seen", DateTime(timezone=True), nullable=False),
    Column("attempts", Integer, nullable=False),
)


# What the event store holds beside the events, written in the same transaction
# as a game's events (not a read model: never emptied by a rebuild).
record_store = MetaData()

# The content fingerprint of every imported record (``replays.records.record_fingerprint``):
# the same game cannot be imported again under another id.
record_fingerprints = Table(
    "record_fingerprints",
    record_store,
    Column("fingerprint", String(64), primary_key=True),
    Column("game_id", Uuid, nullable=False, unique=True),
)


def all_metadata() -> list[MetaData]:
    return [define_event_store_tables(), record_store, read_models]


def compare_type(
    context: Any,
    inspected_column: Any,
    metadata_column: Any,
    inspected_type: Any,
    metadata_type: Any,
) -> bool | None:
    """Alembic's type comparison, except that SQLite reports
    eventsourcing-sqlalchemy's BINARY(16) UUIDs as NUMERIC(16)."""
    if isinstance(metadata_type, UUIDType) and context.dialect.name == "sqlite":
        return False
    return None  # Alembic's own comparison

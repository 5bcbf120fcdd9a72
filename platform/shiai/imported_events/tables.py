"""The ``imported_events`` listing: one row per imported event, a projection of
the ImportedEvents application's events (``application.ImportedEventRows``)."""

from __future__ import annotations

from sqlalchemy import Column, Date, DateTime, Integer, MetaData, String, Table, Uuid

# The longest event name (as a tournament's).
EVENT_LIMIT = 200

imported_tables = MetaData()

imported_events = Table(
    "imported_events",
    imported_tables,
    Column("id", Uuid, primary_key=True),
    Column("name", String(EVENT_LIMIT), nullable=False),
    Column("held_on", Date, nullable=False, index=True),
    Column("system", String(64), nullable=False),
    Column("battle_size", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("games", Integer, nullable=False),
    Column("importer_id", String(64), nullable=False, index=True),
    Column("imports", Integer, nullable=False),
    Column("imported_at", DateTime(timezone=True), nullable=False),
)

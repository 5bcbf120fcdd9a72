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
from sqlalchemy import JSON, BigInteger, Column, DateTime, Integer, MetaData, String, Table, Uuid
from sqlalchemy_utils.types.uuid import UUIDType

# Event-sourced applications whose stores Alembic owns, by application name.
EVENT_SOURCED_APPLICATIONS = ("GameRecords", "Tournaments")


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

projection_tracking = Table(
    "projection_tracking",
    read_models,
    Column("name", String(64), primary_key=True),
    Column("position", BigInteger, nullable=False),
)


def all_metadata() -> list[MetaData]:
    return [define_event_store_tables(), read_models]


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

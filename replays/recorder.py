"""The SQL event store's recorder: eventsourcing-sqlalchemy's, with batch inserts.

eventsourcing-sqlalchemy's application recorder adds one ORM object per stored
event and flushes: SQLAlchemy then sends one ``INSERT ... RETURNING`` per row
(on SQLite it cannot batch an ordered ``RETURNING``). Importing a game of a
few hundred events spent a third of its time there. ``BatchApplicationRecorder``
inserts the rows of one save with a single Core ``insert().returning()``
executemany, which SQLAlchemy sends as multi-row ``INSERT ... VALUES`` batches,
and keeps everything else the library does:

* the same session and transaction (``recorder.transaction``), so the events of
  one save are committed together or not at all;
* on PostgreSQL, ``LOCK TABLE ... IN EXCLUSIVE MODE`` before inserting (the
  library's ``_lock_table``), so notification ids are committed in the order
  they are assigned, and the ``NOTIFY`` of the library's subscriptions;
* notification ids ascending in the order of the stored events (checked);
* the unique (originator_id, originator_version) index: a row that is already
  there makes the whole statement fail, and the datastore's transaction turns
  SQLAlchemy's ``IntegrityError`` into eventsourcing's ``IntegrityError``,
  which the application turns into ``Conflict`` or ``GameExists``.

It also accepts ``snapshots=[StoredEvent, ...]`` with the events, written to
the snapshot table in the same transaction (``GameRecords.import_record`` takes
its snapshots while it builds the game, instead of re-reading it after the save).

``BatchSQLAlchemyFactory`` is eventsourcing-sqlalchemy's factory with this
recorder; ``replays.store.event_store_env`` names it as ``PERSISTENCE_MODULE``
(a topic may name a factory class). Tables stay Alembic's: run with
``CREATE_TABLE=n``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder, ProgrammingError, StoredEvent
from eventsourcing_sqlalchemy.datastore import SQLAlchemyDatastore
from eventsourcing_sqlalchemy.factory import SQLAlchemyFactory
from eventsourcing_sqlalchemy.recorders import SQLAlchemyApplicationRecorder
from sqlalchemy import Connection, Table, insert
from sqlalchemy.orm import Session


class BatchApplicationRecorder(SQLAlchemyApplicationRecorder):
    """Inserts the stored events of one save (and any snapshots) in batches."""

    def __init__(
        self,
        datastore: SQLAlchemyDatastore,
        *,
        events_table_name: str,
        schema_name: str | None = None,
        snapshots_table_name: str | None = None,
    ) -> None:
        super().__init__(datastore, events_table_name=events_table_name, schema_name=schema_name)
        self.events_table: Table = self.events_record_cls.__table__
        self.snapshots_table: Table | None = None
        if snapshots_table_name is not None:
            # The snapshot recorder's own record class (defined once per table).
            snapshot_record_cls = self.datastore.define_record_class(
                cls_name=_record_class_name(schema_name, snapshots_table_name),
                table_name=snapshots_table_name,
                schema_name=schema_name,
                base_cls=self.datastore.base_snapshot_record_cls,
            )
            self.snapshots_table = snapshot_record_cls.__table__

    def _insert_stored_events(
        self, session: Session, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int]:
        snapshots: Sequence[StoredEvent] = kwargs.get("snapshots") or ()
        self._lock_table(session)
        connection = session.connection()
        notification_ids: list[int] = []
        if stored_events:
            notification_ids = self._insert_rows(connection, stored_events)
        if snapshots:
            if self.snapshots_table is None:
                raise ProgrammingError("this recorder was built without a snapshot table")
            connection.execute(insert(self.snapshots_table), [_row(item) for item in snapshots])
        self._notify_channel(session)
        return notification_ids

    def _insert_rows(
        self, connection: Connection, stored_events: Sequence[StoredEvent]
    ) -> list[int]:
        """Insert the events' rows; their notification ids, in the events' order."""
        table = self.events_table
        # Rows are matched to events by version (and by originator when one save
        # holds several aggregates: decoding every returned UUID costs more).
        first = stored_events[0].originator_id
        one_originator = all(event.originator_id == first for event in stored_events)
        returned = [table.c.id, table.c.originator_version]
        if not one_originator:
            returned.append(table.c.originator_id)
        statement = insert(table).returning(
            *returned,
            # PostgreSQL: SQLAlchemy orders the VALUES it sends, so the ids come
            # from the sequence in the order of the events. SQLite gives rows
            # their ids in VALUES order but cannot promise the order of the
            # RETURNING rows: either way they are matched to the events below.
            sort_by_parameter_order=connection.dialect.name != "sqlite",
        )
        rows = connection.execute(statement, [_row(event) for event in stored_events]).all()
        if one_originator:
            by_version = {row[1]: row[0] for row in rows}
            ids = [by_version[event.originator_version] for event in stored_events]
        else:
            by_key = {(_uuid(row[2]), row[1]): row[0] for row in rows}
            ids = [
                by_key[(_uuid(event.originator_id), event.originator_version)]
                for event in stored_events
            ]
        if any(later <= earlier for earlier, later in pairwise(ids)):
            # Never seen; it would break the notification log's order. Raised
            # inside the transaction, so nothing is stored.
            raise ProgrammingError(f"notification ids out of order: {ids}")
        return ids


class BatchSQLAlchemyFactory(SQLAlchemyFactory):
    """eventsourcing-sqlalchemy's factory, with ``BatchApplicationRecorder``."""

    application_recorder_class = BatchApplicationRecorder

    def application_recorder(self) -> ApplicationRecorder:
        prefix = self.env.name.lower() or "stored"
        recorder = BatchApplicationRecorder(
            datastore=self.datastore,
            events_table_name=f"{prefix}_events",
            schema_name=self._schema_name,
            snapshots_table_name=f"{prefix}_snapshots" if self.is_snapshotting_enabled() else None,
        )
        if self.env_create_table() and recorder.datastore.engine is not None:
            recorder.create_table()
        return recorder


def _row(stored: StoredEvent) -> dict[str, Any]:
    return {
        "originator_id": stored.originator_id,
        "originator_version": stored.originator_version,
        "topic": stored.topic,
        "state": stored.state,
    }


def _uuid(value: UUID | str) -> UUID:
    return value if isinstance(value, UUID) else UUID(str(value))


def _record_class_name(schema_name: str | None, table_name: str) -> str:
    """The name eventsourcing-sqlalchemy's recorders give a table's record class."""
    parts = (schema_name or "").split("_") + table_name.rstrip("s").split("_")
    return "".join(part.capitalize() for part in parts)

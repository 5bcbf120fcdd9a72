"""The SQL event store's recorders: eventsourcing-sqlalchemy's, with batch
inserts and driver-level reads.

eventsourcing-sqlalchemy's application recorder adds one ORM object per stored
event and flushes: SQLAlchemy then sends one ``INSERT ... RETURNING`` per row.
Importing a game of a few hundred events spent a third of its time there.
``BatchApplicationRecorder`` inserts the rows of one save at once:

* the events of one aggregate (every save but a few) with one ``executemany``
  of SQLAlchemy's compiled insert on the driver, then one indexed select of the
  notification ids the rows were given (``_insert_one_originator``);
* the events of several aggregates with one Core ``insert().returning()``.

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
its snapshots while it builds the game, instead of re-reading it after the save),
and ``alongside=callable``: called with the transaction's connection once the
events are inserted, to write rows of other tables of the same database in the
same transaction (``GameRecords.start_game``: the seats of a game played in the
browser). If it raises, nothing of the save is stored.

Both recorders (events, and ``DriverReadsAggregateRecorder`` for snapshots)
read with ``_DriverReads.select_events``: the library's select, compiled once
per dialect and run on the driver, instead of an ORM query built per call.

``BatchSQLAlchemyFactory`` is eventsourcing-sqlalchemy's factory with these
recorders; ``replays.store.event_store_env`` names it as ``PERSISTENCE_MODULE``
(a topic may name a factory class). Tables stay Alembic's: run with
``CREATE_TABLE=n``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import pairwise
from typing import Any
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder, ProgrammingError, StoredEvent
from eventsourcing_sqlalchemy.datastore import SQLAlchemyDatastore, Transaction
from eventsourcing_sqlalchemy.factory import SQLAlchemyFactory
from eventsourcing_sqlalchemy.recorders import (
    SQLAlchemyAggregateRecorder,
    SQLAlchemyApplicationRecorder,
)
from sqlalchemy import Connection, Dialect, Integer, Table, bindparam, insert, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement
from sqlalchemy.types import TypeEngine


class _DriverReads:
    """``select_events`` from statements compiled once per dialect and run on
    the driver (``exec_driver_sql``), in the recorder's own transaction.

    eventsourcing-sqlalchemy builds an ORM query per call and loads an ORM
    object per row: building the query (cache key and all) cost more than
    running it, and reading a game at a step makes three such calls. The
    statement is the same select, compiled by SQLAlchemy once per variant
    (``gt``, ``lte``, ``desc``, ``limit``); values go through the columns' bind
    and result processors as SQLAlchemy's own execution would send them."""

    # Those of eventsourcing-sqlalchemy's recorders.
    events_record_cls: Any
    transaction: Callable[..., Transaction]

    def select_events(
        self,
        originator_id: UUID | str,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> list[StoredEvent]:
        with self.transaction(commit=False) as session:
            connection = session.connection()
            statements = self._driver_statements(connection.dialect)
            query = statements.select_events(
                gt is not None, lte is not None, desc, limit is not None
            )
            values = [statements.bind_id(originator_id)]
            if gt is not None:
                values.append(statements.bind_version(gt))
            if lte is not None:
                values.append(statements.bind_version(lte))
            if limit is not None:
                values += [limit, 0]
            rows = connection.exec_driver_sql(query.sql, query.parameters(values)).all()
        if not rows:
            return []
        # Every row is of ``originator_id`` (the where clause): its stored form
        # is read once, as the library's record class would read it.
        read_id = statements.result_id(rows[0][0])
        read_state = statements.result_state
        return [
            StoredEvent(
                originator_id=read_id,
                originator_version=version,
                topic=topic,
                state=_bytes(read_state(state)),
            )
            for _, version, topic, state in rows
        ]

    def _driver_statements(self, dialect: Dialect) -> _Statements:
        cache: dict[str, _Statements] = self.__dict__.setdefault("_statements_by_dialect", {})
        statements = cache.get(dialect.name)
        if statements is None:
            statements = cache[dialect.name] = _Statements(
                self.events_record_cls.__table__, dialect
            )
        return statements


class BatchApplicationRecorder(_DriverReads, SQLAlchemyApplicationRecorder):
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
        alongside: Callable[[Connection], object] | None = kwargs.get("alongside")
        if alongside is not None:
            alongside(connection)
        self._notify_channel(session)
        return notification_ids

    def _insert_rows(
        self, connection: Connection, stored_events: Sequence[StoredEvent]
    ) -> list[int]:
        """Insert the events' rows; their notification ids, in the events' order."""
        first = stored_events[0].originator_id
        if all(event.originator_id == first for event in stored_events):
            ids = self._insert_one_originator(connection, stored_events)
        else:
            ids = self._insert_returning(connection, stored_events)
        if any(later <= earlier for earlier, later in pairwise(ids)):
            # Never seen; it would break the notification log's order. Raised
            # inside the transaction, so nothing is stored.
            raise ProgrammingError(f"notification ids out of order: {ids}")
        return ids

    def _insert_one_originator(
        self, connection: Connection, stored_events: Sequence[StoredEvent]
    ) -> list[int]:
        """The events of one aggregate (every save but a few): one driver
        ``executemany`` of the insert, then one indexed select of the ids the
        rows were given.

        Both statements are SQLAlchemy's, compiled once for the dialect, and
        every value goes through its column's bind processor, as
        ``connection.execute`` would do; but SQLAlchemy's per-row work (each
        row's parameters, and the multi-row ``INSERT ... RETURNING`` batches it
        assembles and the driver parses) is left out: that was half the cost of
        inserting an imported game on SQLite. The rows are read back in the same
        transaction by (originator, version): the unique index says each of
        those rows is the one just inserted."""
        statements = self._driver_statements(connection.dialect)
        originator_id = statements.bind_id(stored_events[0].originator_id)
        version, topic, state = (
            statements.bind_version,
            statements.bind_topic,
            statements.bind_state,
        )
        rows = [
            (
                originator_id,
                version(event.originator_version),
                topic(event.topic),
                state(event.state),
            )
            for event in stored_events
        ]
        connection.exec_driver_sql(statements.insert.sql, statements.insert.parameter_sets(rows))
        versions = [event.originator_version for event in stored_events]
        bounds = [originator_id, version(min(versions)), version(max(versions))]
        selected = connection.exec_driver_sql(
            statements.select_ids.sql, statements.select_ids.parameters(bounds)
        ).all()
        by_version: dict[int, int] = {row[0]: row[1] for row in selected}
        return [by_version[version] for version in versions]

    def _insert_returning(
        self, connection: Connection, stored_events: Sequence[StoredEvent]
    ) -> list[int]:
        """The events of several aggregates: one Core ``insert().returning()``."""
        table = self.events_table
        statement = insert(table).returning(
            table.c.id,
            table.c.originator_version,
            table.c.originator_id,
            # PostgreSQL: SQLAlchemy orders the VALUES it sends, so the ids come
            # from the sequence in the order of the events. SQLite gives rows
            # their ids in VALUES order but cannot promise the order of the
            # RETURNING rows: either way they are matched to the events below.
            sort_by_parameter_order=connection.dialect.name != "sqlite",
        )
        rows = connection.execute(statement, [_row(event) for event in stored_events]).all()
        by_key = {(_uuid(row[2]), row[1]): row[0] for row in rows}
        return [
            by_key[(_uuid(event.originator_id), event.originator_version)]
            for event in stored_events
        ]


class DriverReadsAggregateRecorder(_DriverReads, SQLAlchemyAggregateRecorder):
    """eventsourcing-sqlalchemy's aggregate recorder (the snapshot store) with
    the reads of ``_DriverReads``."""


_COLUMNS = ("originator_id", "originator_version", "topic", "state")


class _DriverStatement:
    """A SQLAlchemy statement compiled for one dialect, and how to pass it
    values given in the order of ``names`` (positional or named parameters,
    as the dialect's driver takes them)."""

    def __init__(
        self,
        statement: ClauseElement,
        dialect: Dialect,
        names: Sequence[str],
        column_keys: Sequence[str] | None = None,
    ) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=column_keys)
        assert isinstance(compiled, SQLCompiler)
        self.sql = str(compiled)
        self.names = tuple(names)
        self.order: tuple[int, ...] | None = None
        if dialect.positional:
            order = list(compiled.positiontup or ())
            if sorted(order) != sorted(self.names):
                raise ProgrammingError(f"unexpected parameters {order} in {self.sql!r}")
            self.order = tuple(self.names.index(name) for name in order)

    def parameters(self, values: Sequence[Any]) -> Any:
        if self.order is None:
            return dict(zip(self.names, values, strict=True))
        if self.order == tuple(range(len(self.order))):
            return tuple(values)
        return tuple(values[index] for index in self.order)

    def parameter_sets(self, rows: list[tuple[Any, ...]]) -> list[Any]:
        if self.order == tuple(range(len(self.names))):
            return rows
        return [self.parameters(row) for row in rows]


class _Statements:
    """What the driver-level insert and reads of one table need on one dialect:
    the compiled statements and the columns' bind and result processors."""

    def __init__(self, table: Table, dialect: Dialect) -> None:
        self.table = table
        self.dialect = dialect
        columns = table.c
        self.bind_id, self.bind_version, self.bind_topic, self.bind_state = (
            _bind_processor(columns[name].type, dialect) for name in _COLUMNS
        )
        self.result_id = _result_processor(columns.originator_id.type, dialect)
        self.result_state = _result_processor(columns.state.type, dialect)
        self._selects: dict[tuple[bool, bool, bool, bool], _DriverStatement] = {}

    @cached_property
    def insert(self) -> _DriverStatement:
        return _DriverStatement(
            insert(self.table).inline(), self.dialect, _COLUMNS, column_keys=_COLUMNS
        )

    @cached_property
    def select_ids(self) -> _DriverStatement:
        """(version, notification id) of one originator's rows from ``first`` to ``last``."""
        columns = self.table.c
        statement = select(columns.originator_version, columns.id).where(
            columns.originator_id == bindparam("originator_id", type_=columns.originator_id.type),
            columns.originator_version >= bindparam("first", type_=columns.originator_version.type),
            columns.originator_version <= bindparam("last", type_=columns.originator_version.type),
        )
        return _DriverStatement(statement, self.dialect, ("originator_id", "first", "last"))

    def select_events(self, gt: bool, lte: bool, desc: bool, limit: bool) -> _DriverStatement:
        """The select of eventsourcing-sqlalchemy's ``select_events``, for the
        arguments given (the values: originator, then gt, lte, and limit and
        offset 0, as given)."""
        key = (gt, lte, desc, limit)
        query = self._selects.get(key)
        if query is None:
            columns = self.table.c
            version = columns.originator_version
            statement = select(columns.originator_id, version, columns.topic, columns.state).where(
                columns.originator_id
                == bindparam("originator_id", type_=columns.originator_id.type)
            )
            names = ["originator_id"]
            if gt:
                statement = statement.where(version > bindparam("gt", type_=version.type))
                names.append("gt")
            if lte:
                statement = statement.where(version <= bindparam("lte", type_=version.type))
                names.append("lte")
            statement = statement.order_by(version.desc() if desc else version)
            if limit:
                # An explicit offset (0): SQLite renders one with any bound limit.
                statement = statement.limit(bindparam("limit", type_=Integer())).offset(
                    bindparam("offset", type_=Integer())
                )
                names += ["limit", "offset"]
            query = self._selects[key] = _DriverStatement(statement, self.dialect, names)
        return query


def _bind_processor(column_type: TypeEngine[Any], dialect: Dialect) -> Callable[[Any], Any]:
    """The bind processor of ``column_type`` on ``dialect`` (identity if none),
    as SQLAlchemy finds it: that of the type's implementation for the dialect."""
    processor = column_type.dialect_impl(dialect).bind_processor(dialect)
    return processor if processor is not None else _same


def _result_processor(column_type: TypeEngine[Any], dialect: Dialect) -> Callable[[Any], Any]:
    """The result processor of ``column_type`` on ``dialect`` (identity if none)."""
    processor = column_type.dialect_impl(dialect).result_processor(dialect, None)
    return processor if processor is not None else _same


def _same(value: Any) -> Any:
    return value


def _bytes(state: Any) -> bytes:
    # As eventsourcing-sqlalchemy's select_events: a driver may give a memoryview.
    return bytes(state) if isinstance(state, memoryview) else state


class BatchSQLAlchemyFactory(SQLAlchemyFactory):
    """eventsourcing-sqlalchemy's factory, with ``BatchApplicationRecorder`` and
    ``DriverReadsAggregateRecorder``."""

    aggregate_recorder_class = DriverReadsAggregateRecorder
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

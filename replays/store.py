"""Choosing the event store from one database URL."""

from __future__ import annotations

MEMORY = "memory://"
AGGREGATE_CACHE_SIZE = 500

# eventsourcing-sqlalchemy's factory with the batch-insert recorder (replays.recorder).
SQL_PERSISTENCE = "replays.recorder:BatchSQLAlchemyFactory"


def event_store_env(database_url: str) -> dict[str, str]:
    """The eventsourcing environment for ``database_url``.

    ``memory://`` is the in-memory store (unit tests); anything else is a
    SQLAlchemy URL (``sqlite:///...``, ``postgresql+psycopg://...``) whose
    tables Alembic has created.
    """
    if database_url == MEMORY:
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    return {
        # A topic may name the factory class itself rather than a module.
        "PERSISTENCE_MODULE": SQL_PERSISTENCE,
        "SQLALCHEMY_URL": database_url,
        "CREATE_TABLE": "n",
        # Games being played stay in memory; each read fast-forwards the cached
        # game from the store, so other processes' commands are always seen.
        "AGGREGATE_CACHE_MAXSIZE": str(AGGREGATE_CACHE_SIZE),
    }

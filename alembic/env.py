"""Alembic environment: every table the project owns (see replays.schema and shiai.schema)."""

from __future__ import annotations

from sqlalchemy import create_engine

from alembic import context
from replays.schema import compare_type
from shiai.config import database_url_from_env
from shiai.schema import all_metadata

config = context.config
target_metadata = all_metadata()


def _url() -> str:
    return config.attributes.get("database_url") or database_url_from_env()


def run_migrations_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(
            connection=connection, target_metadata=target_metadata, compare_type=compare_type
        )
        with context.begin_transaction():
            context.run_migrations()
        return
    db_engine = create_engine(_url())
    with db_engine.connect() as conn:
        context.configure(
            connection=conn, target_metadata=target_metadata, compare_type=compare_type
        )
        with context.begin_transaction():
            context.run_migrations()
    db_engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()

"""The composition root: the only place that knows the concrete adapters."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import Engine, create_engine, event

from replays import registry
from replays.projection import GamesProjection
from replays.records import GameRecords
from replays.store import event_store_env

# Rulesets that ship with Shiai ("module:Class"); SHIAI_RULESETS adds more.
BUILTIN_RULESETS: tuple[str, ...] = ()


@dataclass
class Services:
    records: GameRecords
    games: GamesProjection
    db_engine: Engine

    def close(self) -> None:
        self.records.close()
        self.db_engine.dispose()


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA busy_timeout = 15000")
    cursor.close()


def make_db_engine(database_url: str) -> Engine:
    db_engine = create_engine(database_url, pool_pre_ping=True)
    if db_engine.dialect.name == "sqlite":
        event.listen(db_engine, "connect", _sqlite_pragmas)
    return db_engine


def build_services(database_url: str, ruleset_specs: Iterable[str]) -> Services:
    rulesets = [registry.load(spec) for spec in (*BUILTIN_RULESETS, *ruleset_specs)]
    records = GameRecords(event_store_env(database_url), rulesets=rulesets)
    db_engine = make_db_engine(database_url)
    games = GamesProjection(records, db_engine)
    records.on_recorded(games.catch_up)
    return Services(records=records, games=games, db_engine=db_engine)

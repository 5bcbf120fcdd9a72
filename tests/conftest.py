"""Shared fixtures: real stores (in-memory, SQLite file, PostgreSQL) and the app.

PostgreSQL comes from SHIAI_TEST_POSTGRES_URL (default: postgres on
127.0.0.1:5432, database ``test``); each test gets a database of its own.
If the server is unreachable the PostgreSQL tests are skipped locally and
fail the run under CI (CI=true).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Connection, create_engine, make_url, text
from sqlalchemy.exc import OperationalError

from engine import kensei
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from shiai import create_app
from shiai.migrations import upgrade
from tests.support.dice_race import DiceRace

POSTGRES_URL = os.environ.get(
    "SHIAI_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
UNDER_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
# SHIAI_ENGINE=compiled: the run is meant for the compiled engine (make pytest-compiled),
# so finding the interpreted one on the path is an error, not a silent pass.
EXPECTS_COMPILED = os.environ.get("SHIAI_ENGINE", "") == "compiled"


def pytest_report_header() -> str:
    build = "compiled (mypyc)" if kensei.compiled() else "interpreted"
    return f"kensei engine: {build}, from {Path(kensei.__file__).parent}"


def pytest_sessionstart(session: pytest.Session) -> None:
    if EXPECTS_COMPILED and not kensei.compiled():
        raise pytest.UsageError(
            "SHIAI_ENGINE=compiled, but the interpreted engine is first on the path "
            f"({kensei.__file__}); build it with `make compile` and run `make pytest-compiled`"
        )


def _postgres_reachable() -> str | None:
    try:
        db_engine = create_engine(POSTGRES_URL)
        with db_engine.connect() as conn:
            conn.execute(text("select 1"))
        db_engine.dispose()
    except OperationalError as error:
        return str(error).splitlines()[0]
    return None


@pytest.fixture(scope="session")
def postgres_server() -> str:
    problem = _postgres_reachable()
    if problem is not None:
        message = f"PostgreSQL unreachable at {POSTGRES_URL}: {problem}"
        if UNDER_CI:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return POSTGRES_URL


@pytest.fixture
def postgres_database(postgres_server: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test."""
    name = f"shiai_t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres_server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield make_url(postgres_server).set(database=name).render_as_string(hide_password=False)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def sqlite_database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'shiai.db'}"


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest) -> str:
    """An empty SQL database, migrated to head: SQLite file and PostgreSQL."""
    fixture = "sqlite_database" if request.param == "sqlite" else "postgres_database"
    url: str = request.getfixturevalue(fixture)
    upgrade(url)
    return url


@pytest.fixture
def connection(database_url: str) -> Iterator[Connection]:
    """A connection to each migrated SQL database of :func:`database_url`."""
    db_engine = create_engine(database_url)
    with db_engine.connect() as conn:
        yield conn
    db_engine.dispose()


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest) -> str:
    """Every event store: in-memory, SQLite file and PostgreSQL (migrated)."""
    if request.param == "memory":
        return MEMORY
    return str(request.getfixturevalue(f"{request.param}_database"))


@pytest.fixture
def records(store_url: str) -> Iterator[GameRecords]:
    if store_url != MEMORY:
        upgrade(store_url)
    app = GameRecords(event_store_env(store_url), rulesets=[DiceRace()])
    yield app
    app.close()


@pytest.fixture
def dice_race() -> DiceRace:
    return DiceRace()


DICE_RACE_SPEC = "tests.support.dice_race:DiceRace"
# Production hashes passwords with scrypt n=2**15; tests need no brute-force resistance.
TEST_PASSWORD_METHOD = "scrypt:1024:8:1"


def platform_config(database_url: str) -> dict[str, object]:
    return {
        "TESTING": True,
        "SECRET_KEY": "test-only",
        "SHIAI_DATABASE_URL": database_url,
        "SHIAI_RULESETS": [DICE_RACE_SPEC],
        "SHIAI_PASSWORD_METHOD": TEST_PASSWORD_METHOD,
    }


@pytest.fixture
def app(database_url: str) -> Iterator[Flask]:
    """The platform on a migrated SQLite or PostgreSQL database."""
    flask_app = create_app(platform_config(database_url))
    yield flask_app
    flask_app.extensions["shiai"].close()


@pytest.fixture
def sqlite_app(sqlite_database: str) -> Iterator[Flask]:
    """The platform on a migrated SQLite file only, for page tests that
    exercise no store-specific behaviour."""
    upgrade(sqlite_database)
    flask_app = create_app(platform_config(sqlite_database))
    yield flask_app
    flask_app.extensions["shiai"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()

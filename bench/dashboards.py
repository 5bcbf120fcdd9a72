"""Dashboard benchmarks: every meta dashboard's data with 100,000 games in the read models.

The analysis read models (``game_sides``, ``game_units``; with the players'
``game_seats`` and ``accounts``) of a SQLite file and of PostgreSQL (a
``shiai_bench_dash`` database, created and dropped), migrated with Alembic as the
platform does, are filled with ``GAMES`` synthetic Kensei games
(``tests.support.synthetic_games``, seed ``SEED``: 200,000 side rows, about
1.1 million unit rows) by bulk inserts through SQLAlchemy Core. Figures:

* ``dash.load.<store>``: seconds to generate and insert the rows (not a target;
  it tells how long the benchmark takes to set up);
* ``dash.rollup_build.<store>``: seconds to build the dashboards' rollups from
  them (``replays.rollups.rebuild``, one transaction: ``shiai rebuild-rollups``);
* ``dash.query_all.<store>``: seconds to compute every dashboard's data for the
  widest filter state (every Kensei game: no event, date or battle size chosen),
  median of ``ROUNDS`` runs after one warm-up run;
* ``dash.query_all_filtered.<store>``: the same for a narrower state (the last
  three months, 400-point battles).

``dashboards.data.all_data(connection, filters)`` computes the data from the
rollups, as the meta pages do. PostgreSQL is vacuumed and analysed after the
load and after the rollups' build, as autovacuum would do; SQLite is not
analysed (the platform never runs ``ANALYZE``). After the SQLite timings,
``bench.dashboard_pages`` weighs the pages (``dash.page_bytes``,
``dash.page_bytes.odds``) over the same file.

``python -m bench dashboards``; ``SHIAI_BENCH_DASH_GAMES`` overrides ``GAMES``;
``SHIAI_BENCH_PROFILE=<dir>`` writes cProfile stats per part.
"""

from __future__ import annotations

import datetime
import os
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

from sqlalchemy import Engine, create_engine, text

from bench._util import (
    figure,
    median,
    note,
    postgres_database,
    postgres_problem,
    profiled,
    sqlite_database,
)
from bench.dashboard_pages import report as report_page_weights
from dashboards.data import all_data
from dashboards.meta_filters import Filters
from replays.rollups import rebuild
from replays.schema import ROLLUPS
from shiai.migrations import upgrade
from tests.support.synthetic_games import DAYS, FIRST_DAY, load

GAMES = int(os.environ.get("SHIAI_BENCH_DASH_GAMES", "100000"))
SEED = "shiai-bench-dashboards"
ROUNDS = 5
POSTGRES_DATABASE = "shiai_bench_dash"
TARGET_QUERY_ALL = 1.0  # seconds

Database = Callable[[], AbstractContextManager[str]]


def filter_states() -> dict[str, Filters]:
    last_day = FIRST_DAY + datetime.timedelta(days=DAYS - 1)
    return {
        "query_all": Filters(system="kensei"),
        "query_all_filtered": Filters(
            system="kensei", date_from=last_day - datetime.timedelta(days=91), battle_size=400
        ),
    }


def stores() -> Iterator[tuple[str, Database]]:
    yield "sqlite", sqlite_database
    problem = postgres_problem()
    if problem is None:
        yield "postgresql", _postgres
    else:
        note(f"postgresql skipped: {problem}")


@contextmanager
def _postgres() -> Iterator[str]:
    with postgres_database(POSTGRES_DATABASE) as url:
        yield url


def bench_store(store: str, database: Database) -> None:
    clock = time.perf_counter
    with database() as url:
        upgrade(url)
        engine = create_engine(url)
        try:
            started = clock()
            with profiled(f"dash.load.{store}"), engine.begin() as connection:
                load(connection, SEED, GAMES)
            _vacuum(engine, ("game_sides", "game_dice", "game_units", "game_seats"))
            figure(f"dash.load.{store}", clock() - started, "s")
            started = clock()
            with profiled(f"dash.rollup_build.{store}"), engine.begin() as connection:
                rebuild(connection)
            figure(f"dash.rollup_build.{store}", clock() - started, "s")
            _vacuum(engine, tuple(rollup.name for rollup in ROLLUPS))
            for name, filters in filter_states().items():
                with engine.connect() as connection:
                    samples = []
                    for round_number in range(ROUNDS + 1):
                        started = clock()
                        with profiled(f"dash.{name}.{store}.{round_number}"):
                            all_data(connection, filters)
                        if round_number:  # the first run warms the caches
                            samples.append(clock() - started)
                figure(f"dash.{name}.{store}", median(samples), "s")
                note(f"dash.{name}.{store}: runs {', '.join(f'{s:.3f}' for s in samples)} s")
            if store == "sqlite":
                report_page_weights(url)
        finally:
            engine.dispose()


def _vacuum(engine: Engine, tables: tuple[str, ...]) -> None:
    """VACUUM ANALYZE the tables on PostgreSQL (nothing on SQLite)."""
    if engine.dialect.name != "postgresql":
        return
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        for name in tables:
            connection.execute(text(f"VACUUM ANALYZE {name}"))


def load_average() -> str:
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"


def main() -> None:
    note(f"dashboards: load average {load_average()} at the start")
    note(
        f"dashboards: {GAMES} synthetic games (seed {SEED!r}); dashboards.data.all_data, "
        f"median of {ROUNDS} runs after a warm-up"
    )
    for store, database in stores():
        bench_store(store, database)
    note(f"dashboards: load average {load_average()} at the end")
    note(f"targets: dash.query_all.<store> <= {TARGET_QUERY_ALL:g} s")


if __name__ == "__main__":
    main()

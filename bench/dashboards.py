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

Then ``RESULTS`` results reported at tournaments' tables are added (``reported_rows``,
seed ``SEED``: two ``source = "reported"`` rows each, in events of 8 to 64 players
over the same year, as ``shiai.reported_results`` writes them), each of their
sides with an army list (``bench.meta_lists.load_lists``: the list tables' worst
case, every player submitting one), and the rollups rebuilt, for the figures of
issue 26 (every source counted):

* ``dash.query_all_mixed.<store>``: ``all_data`` for the widest filter state over
  the recorded games and the reported results together (median of ``ROUNDS`` runs
  after a warm-up);
* ``dash.result_refresh.<store>``: one new confirmed result reflected in the
  rollups, as the ``reported_results`` follower does it: its two rows written,
  ``replays.rollups.refresh`` of its day's reported rows (``source``), commit;
  median of ``REFRESHES`` results,
  each on another day (``dash.result_refresh_max.<store>``: the slowest).

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
import random
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, insert, text

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
from replays.rollups import rebuild, refresh
from replays.schema import REPORTED, ROLLUPS, game_sides
from shiai.migrations import upgrade
from tests.support.synthetic_games import DAYS, FACTIONS, FIRST_DAY, load

GAMES = int(os.environ.get("SHIAI_BENCH_DASH_GAMES", "100000"))
SEED = "shiai-bench-dashboards"
ROUNDS = 5
POSTGRES_DATABASE = "shiai_bench_dash"
TARGET_QUERY_ALL = 1.0  # seconds
RESULTS = int(os.environ.get("SHIAI_BENCH_DASH_RESULTS", "100000"))
REFRESHES = 21
TARGET_RESULT_REFRESH = 0.1  # seconds
BATTLE_SIZES = (250, 400, 400, 600)

Database = Callable[[], AbstractContextManager[str]]


def filter_states() -> dict[str, Filters]:
    last_day = FIRST_DAY + datetime.timedelta(days=DAYS - 1)
    return {
        "query_all": Filters(system="kensei"),
        "query_all_filtered": Filters(
            system="kensei", date_from=last_day - datetime.timedelta(days=91), battle_size=400
        ),
    }


def stores(postgres: str = POSTGRES_DATABASE) -> Iterator[tuple[str, Database]]:
    """The stores a bench runs on: SQLite, and PostgreSQL (its database named
    ``postgres``, dropped and made again) when it answers."""
    yield "sqlite", sqlite_database
    problem = postgres_problem()
    if problem is None:
        yield "postgresql", lambda: postgres_database(postgres)
    else:
        note(f"postgresql skipped: {problem}")


@contextmanager
def synthetic_store(store: str, database: Database) -> Iterator[tuple[str, Engine]]:
    """A migrated database of ``store`` holding the ``GAMES`` synthetic games (their
    loading timed as ``dash.load.<store>``): its URL and an engine, disposed after."""
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
            yield url, engine
        finally:
            engine.dispose()


def bench_store(store: str, database: Database) -> None:
    clock = time.perf_counter
    with synthetic_store(store, database) as (url, engine):
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
        bench_mixed(store, engine)


def bench_mixed(store: str, engine: Engine) -> None:
    """The reported results added to the recorded games; ``all_data`` over both,
    and one new result's rows and rollup refresh."""
    clock = time.perf_counter
    started = clock()
    with engine.begin() as connection:
        for batch in reported_rows(SEED, RESULTS):
            connection.execute(insert(game_sides), batch)
    # Every reported result's players submitted a list (the list tables' worst case).
    from bench.meta_lists import load_lists  # noqa: PLC0415 (it imports this module)

    lists = load_lists(engine, source=REPORTED)
    _vacuum(engine, ("game_sides", "side_lists", "side_list_entries"))
    figure(f"dash.load_reported.{store}", clock() - started, "s")
    note(f"dash.load_reported.{store}: {lists} lists of the reported results' sides")
    started = clock()
    with engine.begin() as connection:
        rebuild(connection)
    figure(f"dash.rollup_build_mixed.{store}", clock() - started, "s")
    _vacuum(engine, tuple(rollup.name for rollup in ROLLUPS))
    with engine.connect() as connection:
        samples = []
        for round_number in range(ROUNDS + 1):
            started = clock()
            with profiled(f"dash.query_all_mixed.{store}.{round_number}"):
                data = all_data(connection, Filters(system="kensei"))
            if round_number:
                samples.append(clock() - started)
    games = sum(row.games for row in data["faction-win-rates"])
    figure(f"dash.query_all_mixed.{store}", median(samples), "s")
    note(f"dash.query_all_mixed.{store}: runs {', '.join(f'{s:.3f}' for s in samples)} s")
    note(f"dash.query_all_mixed.{store}: faction win rates over {games} non-mirror sides")
    pick = random.Random(f"{SEED}-refresh")
    timings = []
    for number in range(REFRESHES):
        rows = _result(pick, pick.getrandbits(128), FIRST_DAY + datetime.timedelta(days=number))
        started = clock()
        with profiled(f"dash.result_refresh.{store}.{number}"), engine.begin() as connection:
            connection.execute(insert(game_sides), rows)
            refresh(connection, {(rows[0]["system"], rows[0]["played_on"])}, source=REPORTED)
        timings.append(clock() - started)
    figure(f"dash.result_refresh.{store}", median(timings), "s")
    figure(f"dash.result_refresh_max.{store}", max(timings), "s")


def reported_rows(
    seed: str, results: int, per_batch: int = 5_000
) -> Iterator[list[dict[str, Any]]]:
    """``results`` results reported at tables, two ``game_sides`` rows each, in
    batches: events of 8 to 64 players (Swiss rounds: 3 to 6, a table per two
    players, results of a round on its day, a two-day event's later rounds on the
    next), a battle size each, every result one of the four sample factions' pairs."""
    pick = random.Random(f"{seed}-reported")
    made = 0
    batch: list[dict[str, Any]] = []
    while made < results:
        tournament_id = uuid.UUID(int=pick.getrandbits(128), version=4)
        players = pick.randint(8, 64)
        rounds = pick.randint(3, 6)
        day = FIRST_DAY + datetime.timedelta(days=pick.randrange(DAYS - 1))
        battle_size = pick.choice(BATTLE_SIZES)
        event = {"tournament_id": tournament_id, "event_size": players, "army_points": battle_size}
        for round_number in range(1, rounds + 1):
            played_on = day + datetime.timedelta(days=0 if round_number <= 3 else 1)
            for table in range(players // 2):
                if made == results:
                    break
                seed_bits = tournament_id.int ^ (round_number << 16) ^ table
                batch += _result(pick, seed_bits, played_on, round_=round_number, **event)
                made += 1
                if len(batch) >= per_batch:
                    yield batch
                    batch = []
    if batch:
        yield batch


def _result(
    pick: random.Random,
    id_bits: int,
    played_on: datetime.date,
    *,
    round_: int = 1,
    tournament_id: uuid.UUID | None = None,
    event_size: int = 16,
    army_points: int = 400,
) -> list[dict[str, Any]]:
    """The two rows of one reported result (7% draws; victory points as reported)."""
    game_id = uuid.UUID(int=id_bits % (1 << 128), version=4)
    factions = pick.choices(FACTIONS, k=2)
    draw = pick.randrange(100) < 7
    winner = pick.randrange(2)
    results = ("draw", "draw") if draw else (("win", "loss") if winner == 0 else ("loss", "win"))
    rows = []
    for index, side in enumerate(("a", "b")):
        result = results[index]
        rows.append(
            {
                "game_id": game_id,
                "side": side,
                "system": "kensei",
                "ruleset_version": "",
                "faction": factions[index],
                "army_points": army_points,
                "scenario": "",
                "tournament_id": tournament_id,
                "round": round_,
                "played_on": played_on,
                "first": None,
                "result": result,
                "score": {"win": 1.0, "draw": 0.5, "loss": 0.0}[result],
                "victory_points": pick.randint(0, 12),
                "opponent_faction": factions[1 - index],
                "turns": 0,
                "steps": 0,
                "ending": "reported",
                "extra": {},
                "source": REPORTED,
                "event_size": event_size,
                "player": f"Player {pick.randrange(1, 2_001):04d}",
                "account_id": None,
            }
        )
    return rows


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
    note(
        f"targets: dash.query_all.<store> and dash.query_all_mixed.<store> <= "
        f"{TARGET_QUERY_ALL:g} s, dash.result_refresh.<store> <= {TARGET_RESULT_REFRESH:g} s"
    )


if __name__ == "__main__":
    main()

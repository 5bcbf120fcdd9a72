"""Event store benchmarks: recording commands, importing records, reading any step.

Runs GameRecords with the dice-race reference ruleset on a SQLite file and on
PostgreSQL (a ``shiai_bench`` database, dropped and re-created for each part),
migrated with Alembic as the platform does. Figures:

* ``store.append_per_command.<store>``: engine events per second recorded by
  ``submit_command`` (one command per transaction) while bots play a game of
  2,000+ events; only the ``submit_command`` calls are timed.
* ``store.batch_import.<store>``: engine events per second imported by
  ``import_record`` (record checks, engine re-run, then one transaction per
  game holding its events and snapshots), for a set of finished games exported
  once from the in-memory store; best of ``IMPORT_ROUNDS`` rounds, each into a
  fresh database.
* ``store.state_at_step_median.<store>`` / ``..._p95``: milliseconds per
  ``state_at`` call at random steps of the 2,000+ event game (snapshots every
  ``SNAPSHOT_INTERVAL`` versions, as the app is configured).

``python -m bench store``; ``SHIAI_BENCH_PROFILE=<dir>`` writes cProfile stats
per part (see ``bench._util.profiled``).
"""

from __future__ import annotations

import os
import random
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from bench._util import (
    figure,
    median,
    note,
    percentile,
    postgres_database,
    postgres_problem,
    profiled,
    sqlite_database,
)
from engine.core import RandomBot, state_hash
from replays.records import SNAPSHOT_INTERVAL, GameRecords
from replays.store import MEMORY, event_store_env
from shiai.migrations import upgrade
from tests.support.dice_race import DiceRace

RULESET = "dice-race"

# The long game: a far target so no side wins, and enough rounds (about 6.5
# engine events each) for the game to end by turn limit past 2,000 events.
LONG_GAME_EVENTS = 2_000
LONG_GAME_SETUP = {"target": 100_000, "max_rounds": 320}
LONG_GAME_SEED = "shiai-bench-long-game"
LONG_GAME_BOT_SEED = 2026

STATE_AT_SAMPLES = 250
STATE_AT_WARMUP = 5

# Records to import: finished games of about 330 engine events each.
IMPORT_GAMES = 30
IMPORT_SETUP = {"target": 100_000, "max_rounds": 50}
IMPORT_ROUNDS = 3

TARGET_BATCH_IMPORT_SQLITE = 10_000  # events/s
TARGET_STATE_AT_MEDIAN = 5.0  # ms

Database = Callable[[], AbstractContextManager[str]]


@dataclass
class LongGame:
    game_id: UUID
    events: int
    seconds: float  # in submit_command only


def open_records(url: str) -> GameRecords:
    if url != MEMORY:
        upgrade(url)
    return GameRecords(event_store_env(url), rulesets=[DiceRace()])


def play(
    records: GameRecords,
    setup: dict[str, Any],
    *,
    seed: str,
    bot_seed: int,
    min_events: int = 0,
) -> LongGame:
    """Let ``RandomBot``s play a game to its end through ``submit_command``.

    The bots decide on a state folded locally from the returned events, so the
    timing covers ``submit_command`` alone (not re-reading the game for the bot).
    """
    ruleset = DiceRace()
    bot = RandomBot(bot_seed)
    game_id = records.start_game(RULESET, setup, seed=seed)
    state: dict[str, Any] = records.repository.get(game_id).state
    step = 0
    seconds = 0.0
    clock = time.perf_counter
    while (prompt := ruleset.prompt(state)) is not None:
        command = bot.choose(ruleset, state, prompt.sides[0])
        started = clock()
        entries = records.submit_command(game_id, command, expected_step=step)
        seconds += clock() - started
        for entry in entries:
            state = ruleset.evolve(state, entry.event)
        step += len(entries)
    if step < min_events:
        raise RuntimeError(
            f"the long game ended after {step} events, not {min_events}: raise max_rounds"
        )
    if state_hash(records.repository.get(game_id).state) != state_hash(state):
        raise RuntimeError("the recorded game does not give the state the bots played on")
    return LongGame(game_id, step, seconds)


def import_corpus() -> tuple[list[dict[str, Any]], int]:
    """Finished games exported from the in-memory store, and their engine event count."""
    records = open_records(MEMORY)
    exported = []
    for number in range(IMPORT_GAMES):
        game = play(records, IMPORT_SETUP, seed=f"shiai-bench-import-{number}", bot_seed=number)
        exported.append(records.export_record(game.game_id))
    records.close()
    events = sum(len(item["events"]) for record in exported for item in record["commands"])
    return exported, events


def bench_append_and_state_at(store: str, database: Database) -> None:
    with database() as url:
        records = open_records(url)
        try:
            with profiled(f"store.append_per_command.{store}"):
                game = play(
                    records,
                    LONG_GAME_SETUP,
                    seed=LONG_GAME_SEED,
                    bot_seed=LONG_GAME_BOT_SEED,
                    min_events=LONG_GAME_EVENTS,
                )
            figure(f"store.append_per_command.{store}", game.events / game.seconds, "events/s")
            note(f"store.{store}: long game of {game.events} events")
            samples = state_at_samples(store, records, game)
            figure(f"store.state_at_step_median.{store}", median(samples), "ms")
            figure(f"store.state_at_step_p95.{store}", percentile(samples, 0.95), "ms")
        finally:
            records.close()


def state_at_samples(store: str, records: GameRecords, game: LongGame) -> list[float]:
    """Milliseconds per ``state_at`` at random steps of ``game``."""
    pick = random.Random(f"state-at-{game.game_id}")
    steps = [pick.randint(0, game.events) for _ in range(STATE_AT_SAMPLES)]
    for step in steps[:STATE_AT_WARMUP]:
        records.state_at(game.game_id, step)
    samples = []
    clock = time.perf_counter
    with profiled(f"store.state_at_step.{store}"):
        for step in steps:
            started = clock()
            records.state_at(game.game_id, step)
            samples.append((clock() - started) * 1000)
    return samples


def bench_batch_import(
    store: str, database: Database, corpus: list[dict[str, Any]], events: int
) -> None:
    """Best of ``IMPORT_ROUNDS``, each into a fresh database (the machine may be shared)."""
    rates = [
        events / import_seconds(store, database, corpus, round_number)
        for round_number in range(IMPORT_ROUNDS)
    ]
    figure(f"store.batch_import.{store}", max(rates), "events/s")


def import_seconds(
    store: str, database: Database, corpus: list[dict[str, Any]], round_number: int
) -> float:
    """Seconds in ``import_record`` to import ``corpus``, under new game ids."""
    renamed = [{**record, "game_id": str(uuid.uuid4())} for record in corpus]
    seconds = 0.0
    clock = time.perf_counter
    with database() as url:
        records = open_records(url)
        try:
            with profiled(f"store.batch_import.{store}.{round_number}"):
                for record in renamed:
                    started = clock()
                    records.import_record(record)
                    seconds += clock() - started
        finally:
            records.close()
    return seconds


def stores() -> Iterator[tuple[str, Database]]:
    yield "sqlite", sqlite_database
    problem = postgres_problem()
    if problem is None:
        yield "postgresql", postgres_database
    else:
        note(f"postgresql skipped: {problem}")


def load_average() -> str:
    """The machine's 1-minute load average: other work on it slows the figures."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"


def main() -> None:
    note(f"store: load average {load_average()} at the start")
    note(
        f"store: long game {LONG_GAME_SETUP}, >= {LONG_GAME_EVENTS} events; "
        f"import {IMPORT_GAMES} games {IMPORT_SETUP}, best of {IMPORT_ROUNDS}; "
        f"{STATE_AT_SAMPLES} state_at samples; "
        f"snapshot every {SNAPSHOT_INTERVAL} versions"
    )
    corpus, corpus_events = import_corpus()
    for store, database in stores():
        bench_append_and_state_at(store, database)
        bench_batch_import(store, database, corpus, corpus_events)
    note(f"store: load average {load_average()} at the end")
    note(
        f"targets: store.batch_import.sqlite >= {TARGET_BATCH_IMPORT_SQLITE} events/s; "
        f"store.state_at_step_median <= {TARGET_STATE_AT_MEDIAN:g} ms"
    )


if __name__ == "__main__":
    main()

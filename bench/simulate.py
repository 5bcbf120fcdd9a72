"""Benchmark: ``shiai simulate``'s throughput, Kensei bot games stored per second.

Prints ``kensei.simulate_throughput.<store>.w<workers>: <games/s> games/s`` for a
SQLite file and, if the server answers, PostgreSQL, with one worker and with as
many workers as the machine has cores. Each game is played by the bots, imported
(re-run through the engine and verified) and stored, exactly as the command does;
the set-ups are the sample pairings (250 to 600 points, every scenario) drawn from
the simulation's seed, so runs with the same ``--games`` play the same games.
Run with ``python -m bench simulate`` (``python -m bench.simulate --games N``).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence

from bench._util import figure, note, postgres_database, postgres_problem, sqlite_database
from engine.kensei import Kensei
from replays.records import GameRecords
from replays.simulate import simulate
from replays.store import event_store_env
from shiai.migrations import upgrade


def throughput(url: str, games: int, workers: int) -> tuple[float, int]:
    """Games stored per second (wall clock) and the steps they hold."""
    upgrade(url)
    records = GameRecords(event_store_env(url), rulesets=[Kensei()])
    try:
        started = time.perf_counter()
        done = simulate(
            records, "kensei", games=games, seed="bench", workers=workers, database_url=url
        )
        elapsed = time.perf_counter() - started
    finally:
        records.close()
    return games / elapsed, sum(game.steps for game in done)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args(argv)
    counts = sorted({1, os.cpu_count() or 1})
    for workers in counts:
        with sqlite_database() as url:
            rate, steps = throughput(url, args.games, workers)
        figure(f"kensei.simulate_throughput.sqlite.w{workers}", rate, "games/s")
    note(f"{args.games} games, {steps} steps in all")
    problem = postgres_problem()
    if problem is not None:
        note(f"PostgreSQL skipped: {problem}")
        return
    for workers in counts:
        with postgres_database() as url:
            rate, _ = throughput(url, args.games, workers)
        figure(f"kensei.simulate_throughput.postgres.w{workers}", rate, "games/s")


if __name__ == "__main__":
    main()

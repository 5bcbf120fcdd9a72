"""Simulated bot games: many games played from one seed into the store.

Game ``n`` of a simulation seeded ``S`` is determined by ``(ruleset, S, n)``
alone: its set-up is drawn from the ruleset's sample set-ups by a generator
seeded ``S/n``, its dice are seeded ``S/n`` (so its seed re-derives every roll)
and its bots are seeded ``S/n``; its game id is a UUID5 of the three. Workers
play each game on an in-memory store and import its ``shiai-game/1`` record
into the platform's store (re-run through the engine and stored atomically);
with several workers, each writes its own games, so the store holds them in
the order they finish. Running a simulation again stores nothing new: its games
are already there, with the same ids.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid5

from engine.core import Ruleset
from replays import registry
from replays.bot_games import play_bot_game
from replays.errors import GameNotFound
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env

# The namespace of simulated games' ids (a fixed, random UUID).
SIMULATION_NAMESPACE = UUID("5d1f0c6e-8a3b-4f7e-9c2d-6b1a0e9f4c37")


@dataclass(frozen=True)
class Simulated:
    """One game of a simulation, as stored (``stored`` is False if it already was)."""

    index: int
    game_id: UUID
    commands: int
    steps: int
    stored: bool


def simulated_game_id(ruleset_id: str, seed: str, index: int) -> UUID:
    return uuid5(SIMULATION_NAMESPACE, f"{ruleset_id}/{seed}/{index}")


def game_seed(seed: str, index: int) -> str:
    """The seed of game ``index``: its set-up draw, its dice and its bots."""
    return f"{seed}/{index}"


def play_simulated_game(ruleset_id: str, seed: str, index: int) -> dict[str, Any]:
    """Play game ``index`` of the simulation ``seed`` in memory; its record."""
    ruleset = registry.get(ruleset_id)
    own_seed = game_seed(seed, index)
    setups = ruleset.sample_setups()
    setup = setups[random.Random(own_seed).randrange(len(setups))]
    # An in-memory store that keeps the game being played, not a copy of it
    # (else each command would fold the game again, or copy its whole state):
    # this game has one writer, and nothing else reads it.
    records = GameRecords(
        {
            **event_store_env(MEMORY),
            "AGGREGATE_CACHE_MAXSIZE": "1",
            "DEEPCOPY_FROM_AGGREGATE_CACHE": "n",
        }
    )
    played = play_bot_game(
        records,
        ruleset_id,
        dict(setup),
        bot_seed=own_seed,
        seed=own_seed,
        title=f"{ruleset.title}: simulated game {index} of seed {seed!r}",
    )
    record = records.export_record(played)
    record["game_id"] = str(simulated_game_id(ruleset_id, seed, index))
    return record


def simulate(
    records: GameRecords,
    ruleset_id: str,
    *,
    games: int,
    seed: str,
    workers: int = 1,
    database_url: str | None = None,
    first: int = 0,
    on_stored: Callable[[Simulated], object] | None = None,
) -> list[Simulated]:
    """Play games ``first`` to ``first + games - 1`` of the simulation ``seed`` and
    store them in ``records``. With several ``workers`` (processes), each worker
    plays, verifies and stores its games itself in the SQL store at
    ``database_url`` (the one ``records`` uses); games are reported in game order."""
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    if workers < 1:
        raise ValueError("at least one worker is needed")
    if workers > 1 and (database_url is None or database_url == MEMORY):
        raise ValueError("several workers need the SQL store's database URL to write to")
    ruleset = registry.get(ruleset_id)
    indices = range(first, first + games)
    stored = {index for index in indices if _is_stored(records, ruleset_id, seed, index)}
    to_play = [index for index in indices if index not in stored]
    played: Iterator[Simulated]
    if workers == 1 or len(to_play) < 2:
        played = (_play_and_store(records, ruleset_id, seed, index) for index in to_play)
    else:
        assert database_url is not None
        played = _played_by_workers(ruleset, database_url, seed, to_play, workers)
    done: list[Simulated] = []
    for index in indices:
        if index in stored:
            simulated = _already_stored(records, simulated_game_id(ruleset_id, seed, index), index)
        else:
            simulated = next(played)
        done.append(simulated)
        if on_stored is not None:
            on_stored(simulated)
    return done


def _play_and_store(records: GameRecords, ruleset_id: str, seed: str, index: int) -> Simulated:
    """Play game ``index`` and import its record: re-run through the engine and
    stored as one transaction, as any imported record."""
    record = play_simulated_game(ruleset_id, seed, index)
    records.import_record(record)
    commands = record["commands"]
    return Simulated(
        index,
        UUID(record["game_id"]),
        len(commands),
        sum(len(command["events"]) for command in commands),
        stored=True,
    )


_worker_records: GameRecords | None = None


def _start_worker(ruleset: Ruleset, database_url: str) -> None:
    global _worker_records  # noqa: PLW0603 - one store per worker process
    _worker_records = GameRecords(event_store_env(database_url), rulesets=[ruleset])


def _play_in_worker(ruleset_id: str, seed: str, index: int) -> Simulated:
    assert _worker_records is not None, "the worker was not started"
    return _play_and_store(_worker_records, ruleset_id, seed, index)


def _played_by_workers(
    ruleset: Ruleset, database_url: str, seed: str, indices: list[int], workers: int
) -> Iterator[Simulated]:
    # Spawned workers start clean (no inherited database connections); each
    # installs the ruleset (it pickles as its class) and opens its own store.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(ruleset, database_url),
    ) as pool:
        count = len(indices)
        yield from pool.map(_play_in_worker, [ruleset.id] * count, [seed] * count, indices)


def _is_stored(records: GameRecords, ruleset_id: str, seed: str, index: int) -> bool:
    try:
        records.head(simulated_game_id(ruleset_id, seed, index))
    except GameNotFound:
        return False
    return True


def _already_stored(records: GameRecords, game_id: UUID, index: int) -> Simulated:
    summary = records.summary(game_id)
    return Simulated(index, game_id, summary.commands, summary.last_step, stored=False)

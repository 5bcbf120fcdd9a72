"""Write load: processes writing different games and the same game at once.

Each writer is a process of its own (spawned, as a gunicorn worker is started)
with the platform's services built on the shared database, read models
following as in a web worker. It writes through the applications, which is
what the API's routes call: it starts games (``POST /api/games``), imports
simulated game records (``POST /api/records``), plays its own game, and plays
commands on one game shared by every writer (``POST /api/games/<id>/commands``),
where refusals (409 conflict, 422 illegal: another writer moved first) are
expected. Anything else a write raises would be a 5xx; anything a read model
logs as an error after a save would be a read model left behind. Both are
returned, and must be empty.
"""

from __future__ import annotations

import logging
import multiprocessing
import time
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from engine.core import IllegalCommand, InvalidCommand, RandomBot
from replays import registry
from replays.errors import ReplaysError
from replays.simulate import play_simulated_game

# Refusals: a 4xx answer on the API (shiai.errors).
REFUSALS = (ReplaysError, InvalidCommand, IllegalCommand)


@dataclass
class Written:
    """What one writer stored, and what went wrong."""

    games: list[UUID] = field(default_factory=list)  # started, imported, played
    shared_commands: int = 0  # commands accepted on the shared game
    refused: int = 0  # 4xx
    errors: list[str] = field(default_factory=list)  # would have been 5xx
    logged: list[str] = field(default_factory=list)  # errors the read models logged


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@dataclass(frozen=True)
class Load:
    """The platform the writers write to, the game they share, for how long."""

    database_url: str
    rulesets: list[str]
    password_method: str
    shared: UUID
    seconds: float


def write(load: Load, writer: int, start: Any) -> Written:
    """One writer's work for ``seconds`` after every writer is ready (``start``)."""
    from shiai.services import build_services  # noqa: PLC0415 - in the spawned process

    errors = _Errors()
    logging.getLogger().addHandler(errors)
    services = build_services(load.database_url, load.rulesets, load.password_method)
    records = services.records
    ruleset, bot = registry.get("dice-race"), RandomBot(writer)
    written = Written()
    start.wait()
    deadline = time.monotonic() + load.seconds
    shared = load.shared
    own: UUID | None = None
    number = 0
    try:
        while time.monotonic() < deadline:
            number += 1
            try:
                if number % 3 == 1:
                    written.games.append(
                        records.start_game("dice-race", {"target": 25}, title=f"w{writer}-{number}")
                    )
                elif number % 3 == 2:
                    record = play_simulated_game("dice-race", f"load-{writer}", number)
                    written.games.append(records.import_record(record))
                else:
                    if own is None or records.summary(own).outcome is not None:
                        own = records.start_game("dice-race", {"target": 25})
                        written.games.append(own)
                    _play_one(records, ruleset, bot, own, writer)
                if _play_one(records, ruleset, bot, shared, writer):
                    written.shared_commands += 1
            except REFUSALS:
                written.refused += 1
            except Exception as error:  # a 5xx on the API: the test's finding
                written.errors.append(f"{type(error).__name__}: {error}")
    finally:
        services.close()
        logging.getLogger().removeHandler(errors)
    written.logged = errors.messages
    return written


def _play_one(records: Any, ruleset: Any, bot: RandomBot, game: UUID, writer: int) -> bool:
    """Submit the bot's command for a side the game prompts (the writer's pick of
    them), at the step it was read at; False if the game is over."""
    summary = records.summary(game)
    if summary.prompt is None:
        return False
    sides = summary.prompt["sides"]
    side = sides[writer % len(sides)]
    command = bot.choose(ruleset, records.current(game).state, side)
    records.submit_command(game, command, expected_step=summary.last_step)
    return True


def run_writers(load: Load, writers: int) -> list[Written]:
    """Run ``writers`` writer processes at once; what each wrote."""
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager:
        start = manager.Barrier(writers)
        with context.Pool(writers) as pool:
            pending = [pool.apply_async(write, (load, writer, start)) for writer in range(writers)]
            return [result.get(timeout=load.seconds + 300) for result in pending]

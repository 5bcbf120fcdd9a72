"""Benchmark: whole skirmish games (the samurai skirmish rules) played by bots.

Plays two random bots (the kernel's ``RandomBot`` over ``legal``, the default bot)
against each other on the first sample scenario (the smallest: the one for fast bot
games and tests), from deployment to the end of the game, and prints::

    skirmish.bot_game: <games/s> games/s
    skirmish.bot_game_cpu: <games/s> games/s
    skirmish.bot_game_commands: <commands per game> commands
    skirmish.bot_game_turns: <turns per game> turns
    skirmish.veteran_game_cpu: <games/s> games/s
    skirmish.scenario_<id>_cpu: <games/s> games/s

``bot_game`` is a whole random game by the wall clock, ``bot_game_cpu`` the same by the
process's CPU time, on one core (the engine runs in one thread): the target is 50
games/s. The bots' own work (listing ``legal`` and picking one) is part of the game time,
as in ``samurai_battles.bot_game``. ``veteran_game_cpu`` plays the veteran (the stronger
bot) against itself on the same scenario; ``scenario_<id>_cpu`` random games of each
other sample scenario (larger tables, more models). ``SHIAI_BENCH_PROFILE=dir`` writes the
random games' cProfile stats to ``dir/skirmish.bot_game.prof``. Run with
``python -m bench skirmish`` (``--games N``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bench._util import figure, note, profiled
from engine.core import Bot, SeededDice
from engine.skirmish import Skirmish

SKIRMISH = Skirmish()
# A game that has not ended after this many commands is a runaway (a bench failure).
MAX_COMMANDS = 5_000


def play(seed: str, setup: Mapping[str, Any], kind: str = "random") -> tuple[int, int]:
    """One bot game of ``setup`` (both sides the bot named ``kind``); its commands and
    the turn it ended on."""
    state = SKIRMISH.start(dict(setup), SeededDice(seed, 0))
    named = SKIRMISH.bots()
    players: dict[str, Bot] = {
        side: named[kind].build(f"{seed}/{side}") for side in SKIRMISH.sides(state)
    }
    commands = 0
    while (prompt := SKIRMISH.prompt(state)) is not None:
        if commands >= MAX_COMMANDS:
            raise RuntimeError(f"{seed}: no end after {MAX_COMMANDS} commands")
        side = prompt.sides[0]
        command = players[side].choose(SKIRMISH, state, side)
        if command is None:
            raise RuntimeError(f"no legal command for {side} ({prompt.kind})")
        commands += 1
        for event in SKIRMISH.decide(state, command, SeededDice(seed, commands)):
            state = SKIRMISH.evolve(state, event)
    return commands, int(state["turn"])


def cpu_rate(games: int, setup: Mapping[str, Any], kind: str, prefix: str) -> float:
    """Games per second of CPU time for ``games`` games of ``setup`` by ``kind`` bots."""
    started = time.process_time()
    for n in range(games):
        play(f"{prefix}-{n}", setup, kind)
    return games / max(time.process_time() - started, 1e-9)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--veteran-games", type=int, default=10)
    parser.add_argument("--scenario-games", type=int, default=10)
    args = parser.parse_args(argv)
    setups = SKIRMISH.sample_setups()
    small = setups[0]
    play("warm-up", small)  # loads the catalogue and imports once
    counts: list[tuple[int, int]] = []
    with profiled("skirmish.bot_game"):
        started, started_cpu = time.perf_counter(), time.process_time()
        for n in range(args.games):
            counts.append(play(f"bench-{n}", small))
        elapsed_cpu = time.process_time() - started_cpu
        elapsed = time.perf_counter() - started
    figure("skirmish.bot_game", args.games / elapsed, "games/s")
    figure("skirmish.bot_game_cpu", args.games / elapsed_cpu, "games/s")
    figure("skirmish.bot_game_commands", sum(c for c, _ in counts) / len(counts), "commands")
    figure("skirmish.bot_game_turns", sum(t for _, t in counts) / len(counts), "turns")
    if args.veteran_games:
        rate = cpu_rate(args.veteran_games, small, "veteran", "bench-veteran")
        figure("skirmish.veteran_game_cpu", rate, "games/s")
    for setup in setups[1:] if args.scenario_games else []:
        rate = cpu_rate(args.scenario_games, setup, "random", f"bench-{setup['scenario']}")
        figure(f"skirmish.scenario_{setup['scenario']}_cpu", rate, "games/s")
    note(
        f"{args.games} random games of {small['scenario']}; {args.veteran_games} veteran"
        f" games; {args.scenario_games} random games of each other scenario"
    )


if __name__ == "__main__":
    main()

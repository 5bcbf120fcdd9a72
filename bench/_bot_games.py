"""Whole bot games of a ruleset's sample set-ups, timed: the shared body of the systems'
``bot_game`` benchmarks (``bench/samurai_battles.py``, ``bench/skirmish.py``).

:func:`bot_game_bench` plays random bots on the first sample set-up (the smallest) and
prints ``<name>.bot_game`` (wall clock), ``<name>.bot_game_cpu`` (CPU time, one core),
the commands and turns of a game, ``<name>.<strong>_game_cpu`` (the system's stronger
bot against itself on the same set-up) and ``<name>.scenario_<id>_cpu`` (random games of
each other sample scenario). The bots' own work is part of the game time.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bench._util import figure, note, profiled
from engine.core import Bot, Ruleset, SeededDice

MAX_COMMANDS = 5_000
"""A game that has not ended after this many commands is a runaway (a bench failure)."""


def play(ruleset: Ruleset, seed: str, setup: Mapping[str, Any], kind: str) -> tuple[int, int]:
    """One game of ``setup``, both sides the bot named ``kind``: its commands and the
    turn it ended on."""
    state = ruleset.start(dict(setup), SeededDice(seed, 0))
    named = ruleset.bots()
    players: dict[str, Bot] = {
        side: named[kind].build(f"{seed}/{side}") for side in ruleset.sides(state)
    }
    commands = 0
    while (prompt := ruleset.prompt(state)) is not None:
        if commands >= MAX_COMMANDS:
            raise RuntimeError(f"{seed}: no end after {MAX_COMMANDS} commands")
        side = prompt.sides[0]
        command = players[side].choose(ruleset, state, side)
        if command is None:
            raise RuntimeError(f"no legal command for {side} ({prompt.kind})")
        commands += 1
        for event in ruleset.decide(state, command, SeededDice(seed, commands)):
            state = ruleset.evolve(state, event)
    return commands, int(state["turn"])


def cpu_rate(
    ruleset: Ruleset, games: int, setup: Mapping[str, Any], kind: str, prefix: str
) -> float:
    """Games per second of CPU time for ``games`` games of ``setup`` by ``kind`` bots."""
    started = time.process_time()
    for n in range(games):
        play(ruleset, f"{prefix}-{n}", setup, kind)
    return games / max(time.process_time() - started, 1e-9)


def bot_game_bench(
    ruleset: Ruleset, name: str, strong: str, description: str, argv: Sequence[str] | None
) -> None:
    """Parse ``--games``, ``--<strong>-games`` and ``--scenario-games`` from ``argv`` and
    print the figures named ``name.*`` (see the module's text)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(f"--{strong}-games", dest="strong_games", type=int, default=10)
    parser.add_argument("--scenario-games", type=int, default=10)
    args = parser.parse_args(argv)
    setups = ruleset.sample_setups()
    small = setups[0]
    play(ruleset, "warm-up", small, "random")  # loads the data and imports once
    counts: list[tuple[int, int]] = []
    with profiled(f"{name}.bot_game"):
        started, started_cpu = time.perf_counter(), time.process_time()
        for n in range(args.games):
            counts.append(play(ruleset, f"bench-{n}", small, "random"))
        elapsed_cpu = time.process_time() - started_cpu
        elapsed = time.perf_counter() - started
    figure(f"{name}.bot_game", args.games / elapsed, "games/s")
    figure(f"{name}.bot_game_cpu", args.games / elapsed_cpu, "games/s")
    figure(f"{name}.bot_game_commands", sum(c for c, _ in counts) / len(counts), "commands")
    figure(f"{name}.bot_game_turns", sum(t for _, t in counts) / len(counts), "turns")
    if args.strong_games:
        rate = cpu_rate(ruleset, args.strong_games, small, strong, f"bench-{strong}")
        figure(f"{name}.{strong}_game_cpu", rate, "games/s")
    for setup in setups[1:] if args.scenario_games else []:
        rate = cpu_rate(ruleset, args.scenario_games, setup, "random", f"bench-{setup['scenario']}")
        figure(f"{name}.scenario_{setup['scenario']}_cpu", rate, "games/s")
    note(
        f"{args.games} random games of {small['scenario']}; {args.strong_games} {strong}"
        f" games; {args.scenario_games} random games of each other scenario"
    )

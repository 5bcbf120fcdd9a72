"""Benchmark: whole Samurai Battles games played by bots.

Plays two random bots (the kernel's ``RandomBot`` over ``legal``, the default bot)
against each other on the first sample scenario (the smallest: the one for fast bot
games and tests), from the first written orders to the end of the battle, and prints::

    samurai_battles.bot_game: <games/s> games/s
    samurai_battles.bot_game_cpu: <games/s> games/s
    samurai_battles.bot_game_commands: <commands per game> commands
    samurai_battles.bot_game_turns: <turns per game> turns
    samurai_battles.general_game_cpu: <games/s> games/s
    samurai_battles.scenario_<id>_cpu: <games/s> games/s

``bot_game`` is a whole random game by the wall clock, ``bot_game_cpu`` the same by the
process's CPU time, on one core (the engine runs in one thread): the target is 50
games/s. The bots' own work (listing ``legal`` and picking one) is part of the game time,
as in ``kensei.bot_game`` and ``senjutsu.bot_game``. ``general_game_cpu`` plays the
general against itself on the same scenario; ``scenario_<id>_cpu`` random games of each
other sample scenario (larger boards, more units). ``SHIAI_BENCH_PROFILE=dir`` writes the
random games' cProfile stats to ``dir/samurai_battles.bot_game.prof``. Run with
``python -m bench samurai_battles`` (``--games N``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bench._util import figure, note, profiled
from engine.core import Bot, SeededDice
from engine.samurai_battles import SamuraiBattles

SAMURAI_BATTLES = SamuraiBattles()


def play(seed: str, setup: Mapping[str, Any], kind: str = "random") -> tuple[int, int]:
    """One bot game of ``setup`` (both sides the bot named ``kind``); its commands and
    the turn it ended on."""
    state = SAMURAI_BATTLES.start(dict(setup), SeededDice(seed, 0))
    named = SAMURAI_BATTLES.bots()
    players: dict[str, Bot] = {
        side: named[kind].build(f"{seed}/{side}") for side in SAMURAI_BATTLES.sides(state)
    }
    commands = 0
    while (prompt := SAMURAI_BATTLES.prompt(state)) is not None:
        side = prompt.sides[0]
        command = players[side].choose(SAMURAI_BATTLES, state, side)
        if command is None:
            raise RuntimeError(f"no legal command for {side} ({prompt.kind})")
        commands += 1
        for event in SAMURAI_BATTLES.decide(state, command, SeededDice(seed, commands)):
            state = SAMURAI_BATTLES.evolve(state, event)
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
    parser.add_argument("--general-games", type=int, default=10)
    parser.add_argument("--scenario-games", type=int, default=10)
    args = parser.parse_args(argv)
    setups = SAMURAI_BATTLES.sample_setups()
    small = setups[0]
    play("warm-up", small)  # loads the catalogue and imports once
    counts: list[tuple[int, int]] = []
    with profiled("samurai_battles.bot_game"):
        started, started_cpu = time.perf_counter(), time.process_time()
        for n in range(args.games):
            counts.append(play(f"bench-{n}", small))
        elapsed_cpu = time.process_time() - started_cpu
        elapsed = time.perf_counter() - started
    figure("samurai_battles.bot_game", args.games / elapsed, "games/s")
    figure("samurai_battles.bot_game_cpu", args.games / elapsed_cpu, "games/s")
    figure("samurai_battles.bot_game_commands", sum(c for c, _ in counts) / len(counts), "commands")
    figure("samurai_battles.bot_game_turns", sum(t for _, t in counts) / len(counts), "turns")
    if args.general_games:
        rate = cpu_rate(args.general_games, small, "general", "bench-general")
        figure("samurai_battles.general_game_cpu", rate, "games/s")
    for setup in setups[1:] if args.scenario_games else []:
        rate = cpu_rate(args.scenario_games, setup, "random", f"bench-{setup['scenario']}")
        figure(f"samurai_battles.scenario_{setup['scenario']}_cpu", rate, "games/s")
    note(
        f"{args.games} random games of {small['scenario']}; {args.general_games} general"
        f" games; {args.scenario_games} random games of each other scenario"
    )


if __name__ == "__main__":
    main()

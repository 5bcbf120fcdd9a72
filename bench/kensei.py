"""Benchmark: whole Kensei bot games and move decisions.

Plays GreedyBot against RandomBot with the 400-point sample armies (Buke
against Kuge) and prints::

    kensei.bot_game: <games/s> games/s
    kensei.bot_game_cpu: <games/s> games/s
    kensei.bot_game_commands: <commands per game> commands
    kensei.full_battle: <games/s> games/s  (the same games by CPU time: issue 5's name)
    kensei.bot_game_part1: <games/s> games/s
    kensei.bot_game_part1_cpu: <games/s> games/s
    kensei.bot_game_part1_commands: <commands per game> commands
    kensei.decide_move_p95: <ms> ms
    kensei.decide_move_median: <ms> ms
    kensei.attack_resolution: <combats/s> combats/s

``bot_game`` is the whole game as the bots play it today, combat included
(attack, shoot, charge, duel); ``bot_game_part1`` the same games with both bots
limited to the orders of part I (``orders=PART_ONE_ORDERS``: move, boosted move,
disengage, reload, shelter), the engine's part I alone: setup, deployment, the
turn sequence, activations and movement.

``attack_resolution`` replays every Attack order the bots gave, each on a fresh
copy of its state, through the whole combat (the reactive attack, the rolls,
casualties, victory, honour roll, withdraw or retreat, chase: every prompt
answered with the bots' first candidate), by the process's CPU time.

``decide_move`` times ``Ruleset.decide`` for every move order the bots gave,
after the games, each on a fresh copy of the state it was given in: as a
server decides a player's command on a state it has just loaded (nothing of
that state's geometry built yet, no remembered check of the same command).
The bots' sampling of candidates is part of the game time, not of this figure.
``bot_game`` is measured by the wall clock, ``bot_game_cpu`` by the process's
CPU time (steadier on a shared, loaded machine; both on one core, the engine
runs in one thread). Run with ``python -m bench kensei`` (``--games N``).
"""

from __future__ import annotations

import argparse
import copy
import time
from collections.abc import Collection, Sequence

from bench._util import figure, median, percentile
from engine.core import Command, SeededDice, State
from engine.kensei import PART_ONE_ORDERS, GreedyBot, Kensei, RandomBot, candidates

ATTACKS: list[tuple[State, Command]] = []
SETUP = {"armies": {"A": "buke-400", "B": "kuge-400"}, "scenario": "pitched-battle"}


def play(
    seed: str, moves: list[tuple[State, Command]], orders: Collection[str] | None = None
) -> int:
    """One bot game (the bots limited to ``orders`` if given); returns the number of
    commands and keeps its move and attack orders."""
    kensei = Kensei()
    state = kensei.start(dict(SETUP), SeededDice(seed, 0))
    bots = {"A": GreedyBot(seed, orders=orders), "B": RandomBot(seed, orders=orders)}
    commands = 0
    while (prompt := kensei.prompt(state)) is not None:
        side = prompt.sides[0]
        command = bots[side].choose(kensei, state, side)
        if command is None:
            raise RuntimeError(f"no legal command for {side} ({prompt.kind})")
        commands += 1
        events = kensei.decide(state, command, SeededDice(seed, commands))
        if command["type"] == "order" and command.get("order") == "move" and "minis" in command:
            moves.append((state, command))
        if command["type"] == "order" and command.get("order") == "attack":
            ATTACKS.append((state, command))
        for event in events:
            state = kensei.evolve(state, event)
    return commands


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args(argv)
    play("warm-up", [])  # loads the catalogue and imports once
    moves: list[tuple[State, Command]] = []
    games = _games(args.games, [], PART_ONE_ORDERS)
    figure("kensei.bot_game_part1", games[0], "games/s")
    figure("kensei.bot_game_part1_cpu", games[1], "games/s")
    figure("kensei.bot_game_part1_commands", games[2], "commands")
    elapsed, elapsed_cpu, per_game = _games(args.games, moves, None)
    kensei = Kensei()
    move_times = []
    for state, command in moves:
        fresh = copy.deepcopy(state)
        begun = time.perf_counter()
        kensei.decide(fresh, command, SeededDice("bench", 1))
        move_times.append(time.perf_counter() - begun)
    figure("kensei.bot_game", elapsed, "games/s")
    if ATTACKS:
        figure("kensei.attack_resolution", _combats(kensei), "combats/s")
    figure("kensei.bot_game_cpu", elapsed_cpu, "games/s")
    # Issue 5's name for the same measure: complete 400-point battles (setup, deployment,
    # cards, duels, orders, five turns or an earlier end, scoring) per CPU second.
    figure("kensei.full_battle", elapsed_cpu, "games/s")
    figure("kensei.bot_game_commands", per_game, "commands")
    figure("kensei.decide_move_p95", percentile(move_times, 0.95) * 1000, "ms")
    figure("kensei.decide_move_median", median(move_times) * 1000, "ms")


def _games(
    count: int, moves: list[tuple[State, Command]], orders: Collection[str] | None
) -> tuple[float, float, float]:
    """Games per second by the wall clock and by CPU time, and commands per game."""
    commands = []
    started = time.perf_counter()
    started_cpu = time.process_time()
    for n in range(count):
        commands.append(play(f"bench-{n}", moves, orders))
    elapsed_cpu = time.process_time() - started_cpu
    elapsed = time.perf_counter() - started
    return count / elapsed, count / elapsed_cpu, sum(commands) / len(commands)


def _combats(kensei: Kensei) -> float:
    fresh = [(copy.deepcopy(state), command) for state, command in ATTACKS]
    begun = time.process_time()
    for n, (start, command) in enumerate(fresh):
        state = start
        for event in kensei.decide(state, command, SeededDice("bench", n)):
            state = kensei.evolve(state, event)
        while state["activation"] is not None and state["activation"]["pending"] is not None:
            prompt = kensei.prompt(state)
            assert prompt is not None
            answer = next(candidates(state, prompt.sides[0]))
            after = state
            for event in kensei.decide(state, answer, SeededDice("bench-answer", n)):
                after = kensei.evolve(after, event)
            state = after
    return len(fresh) / (time.process_time() - begun)


if __name__ == "__main__":
    main()

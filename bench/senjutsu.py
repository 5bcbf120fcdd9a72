"""Benchmark: whole Senjutsu duels played by bots.

Plays two random bots (the kernel's ``RandomBot``, the default bot) against each
other in a duel of the first sample set-up's first two seats (Student against
Master with their sample decks, as the Learn To Play book sets them), and prints::

    senjutsu.bot_game: <games/s> games/s
    senjutsu.bot_game_cpu: <games/s> games/s
    senjutsu.bot_game_commands: <commands per game> commands
    senjutsu.bot_game_turns: <turns per game> turns
    senjutsu.lookahead_choice_median: <ms> ms
    senjutsu.lookahead_choice_p95: <ms> ms

``bot_game`` is a whole two-player duel (set-up, placement, every turn to the
last character standing) by the wall clock, ``bot_game_cpu`` the same by the
process's CPU time, on one core (the engine runs in one thread): the target is
200 games/s. The bots' own work (listing ``legal`` and picking one) is part of
the game time, as in ``kensei.bot_game``. ``lookahead_choice`` times the
look-ahead bot's sealed card choice (the one-turn simulations against every
card the rival may hold) over the first turns of a few games against the random
bot. ``SHIAI_BENCH_PROFILE=dir`` writes the random games' cProfile stats to
``dir/senjutsu.bot_game.prof``. Run with ``python -m bench senjutsu``
(``--games N``).
"""

from __future__ import annotations

import argparse
import copy
import functools
import time
from collections.abc import Sequence
from typing import Any

from bench._util import figure, median, note, percentile, profiled
from engine.core import Bot, RandomBot, SeededDice
from engine.senjutsu import Senjutsu
from engine.senjutsu.bots import LookaheadBot

SENJUTSU = Senjutsu()


@functools.cache
def _duel() -> dict[str, Any]:
    setup = SENJUTSU.sample_setups()[0]
    return {**setup, "mode": "duel", "players": list(setup["players"][:2])}


def duel() -> dict[str, Any]:
    """The first sample set-up's first two seats: a two-player duel (its
    battlefield and terrain). Built once (the sample set-ups are not what is
    measured); a copy each time."""
    return copy.deepcopy(_duel())


def play(seed: str, bots: dict[str, Bot] | None = None) -> tuple[int, int]:
    """One two-player bot duel (random bots unless given); returns its commands
    and turns."""
    state = SENJUTSU.start(duel(), SeededDice(seed, 0))
    players = bots or {side: RandomBot(f"{seed}/{side}") for side in SENJUTSU.sides(state)}
    commands = 0
    while (prompt := SENJUTSU.prompt(state)) is not None:
        side = prompt.sides[0]
        command = players[side].choose(SENJUTSU, state, side)
        if command is None:
            raise RuntimeError(f"no legal command for {side} ({prompt.kind})")
        commands += 1
        for event in SENJUTSU.decide(state, command, SeededDice(seed, commands)):
            state = SENJUTSU.evolve(state, event)
    return commands, int(state["turn"])


def lookahead_choices(games: int, turns: int) -> list[float]:
    """Seconds per sealed card choice of the look-ahead bot (side A) in the first
    ``turns`` turns of ``games`` games against the random bot."""
    times: list[float] = []
    for n in range(games):
        seed = f"bench-lookahead-{n}"
        state = SENJUTSU.start(duel(), SeededDice(seed, 0))
        sides = SENJUTSU.sides(state)
        bots: dict[str, Bot] = {sides[0]: LookaheadBot(seed), sides[1]: RandomBot(seed)}
        commands = 0
        while (prompt := SENJUTSU.prompt(state)) is not None and int(state["turn"]) <= turns:
            side = prompt.sides[0]
            begun = time.perf_counter()
            command = bots[side].choose(SENJUTSU, state, side)
            if side == sides[0] and prompt.kind == "choose":
                times.append(time.perf_counter() - begun)
            assert command is not None
            commands += 1
            for event in SENJUTSU.decide(state, command, SeededDice(seed, commands)):
                state = SENJUTSU.evolve(state, event)
    return times


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--lookahead-games", type=int, default=3)
    args = parser.parse_args(argv)
    play("warm-up")  # loads the catalogue and imports once
    counts: list[tuple[int, int]] = []
    with profiled("senjutsu.bot_game"):
        started, started_cpu = time.perf_counter(), time.process_time()
        for n in range(args.games):
            counts.append(play(f"bench-{n}"))
        elapsed_cpu = time.process_time() - started_cpu
        elapsed = time.perf_counter() - started
    figure("senjutsu.bot_game", args.games / elapsed, "games/s")
    figure("senjutsu.bot_game_cpu", args.games / elapsed_cpu, "games/s")
    figure("senjutsu.bot_game_commands", sum(c for c, _ in counts) / len(counts), "commands")
    figure("senjutsu.bot_game_turns", sum(t for _, t in counts) / len(counts), "turns")
    choices = lookahead_choices(args.lookahead_games, turns=5)
    if choices:
        figure("senjutsu.lookahead_choice_median", median(choices) * 1000, "ms")
        figure("senjutsu.lookahead_choice_p95", percentile(choices, 0.95) * 1000, "ms")
    note(f"{args.games} random games; {len(choices)} look-ahead choices")


if __name__ == "__main__":
    main()

"""Soak test: many Senjutsu bot duels, each replayed with equal state hashes at every step.

    python -m tests.support.senjutsu_soak --games 1000 --jobs 2

Game ``n`` is a duel of the first two seats of sample set-up ``n`` (cycling: its
characters, weapons, battlefield and terrain) with the seed ``senjutsu-soak-<n>``,
random bots on both sides; except every :data:`LOOKAHEAD_EVERY`-th game, where
side A is the look-ahead bot, and every :data:`WHOLE_EVERY`-th, which plays the
whole sample set-up (every seat, random bots: the multiplayer rules). Each
game is played to the end with the state hash taken after every event, then its
commands are decided again from the start and the hash compared at every step.
Prints one summary line and exits 1 on the first game that differs, naming it
and the step. ``make soak`` runs the thousand games after Kensei's;
``tests/unit/senjutsu/test_senjutsu_bots.py`` runs a slice in every test run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from engine.core import Bot, Command, RandomBot, SeededDice, state_hash
from engine.senjutsu import Senjutsu
from engine.senjutsu.bots import LookaheadBot

SENJUTSU = Senjutsu()
# One game in this many seats the look-ahead bot (it thinks for a while each turn:
# a look-ahead duel takes about as long as 40 random ones).
LOOKAHEAD_EVERY = 50
# One game in this many plays a whole (multiplayer) sample set-up.
WHOLE_EVERY = 5
# A duel that has not ended after this many commands is a failure.
MAX_COMMANDS = 5_000


@dataclass(frozen=True)
class SoakResult:
    game: int
    description: str
    steps: int
    mismatch: int | None  # the first step whose replayed hash differs


def seats(game: int) -> tuple[str, str]:
    """The bots of sides A and B in game ``game`` (any further side: random)."""
    return ("lookahead" if game % LOOKAHEAD_EVERY == LOOKAHEAD_EVERY - 1 else "random", "random")


def whole(game: int) -> bool:
    """Whether game ``game`` plays a whole sample set-up, every seat."""
    return game % WHOLE_EVERY == WHOLE_EVERY - 1 and seats(game)[0] == "random"


def duel(setup: Mapping[str, Any]) -> dict[str, Any]:
    """A sample set-up's first two seats alone: a two-player duel."""
    return {**setup, "mode": "duel", "players": list(setup["players"][:2])}


def soak_game(game: int) -> SoakResult:
    setups = SENJUTSU.sample_setups()
    setup = dict(setups[game % len(setups)]) if whole(game) else duel(setups[game % len(setups)])
    seed = f"senjutsu-soak-{game}"
    kinds = seats(game)
    description = (
        f"game {game}: set-up {game % len(setups)} ({len(setup['players'])} seats),"
        f" {kinds[0]} v {kinds[1]}, {seed!r}"
    )
    state = SENJUTSU.start(dict(setup), SeededDice(seed, 0))
    sides = SENJUTSU.sides(state)
    players: dict[str, Bot] = {
        side: (LookaheadBot if kind == "lookahead" else RandomBot)(f"{seed}-{side}")
        for side, kind in zip(sides, (*kinds, *["random"] * len(sides)), strict=False)
    }
    commands: list[Command] = []
    hashes = [state_hash(state)]
    while (prompt := SENJUTSU.prompt(state)) is not None:
        if len(commands) >= MAX_COMMANDS:
            raise RuntimeError(f"{description}: no end after {MAX_COMMANDS} commands")
        side = prompt.sides[0]
        command = players[side].choose(SENJUTSU, state, side)
        if command is None:
            raise RuntimeError(f"{description}: no legal command for {side} ({prompt.kind})")
        commands.append(command)
        for event in SENJUTSU.decide(state, command, SeededDice(seed, len(commands))):
            state = SENJUTSU.evolve(state, event)
            hashes.append(state_hash(state))
    replayed = SENJUTSU.start(dict(setup), SeededDice(seed, 0))
    if state_hash(replayed) != hashes[0]:
        return SoakResult(game, description, len(hashes) - 1, 0)
    step = 0
    for index, command in enumerate(commands, start=1):
        for event in SENJUTSU.decide(replayed, command, SeededDice(seed, index)):
            replayed = SENJUTSU.evolve(replayed, event)
            step += 1
            if step >= len(hashes) or state_hash(replayed) != hashes[step]:
                return SoakResult(game, description, len(hashes) - 1, step)
    mismatch = None if step == len(hashes) - 1 else step
    return SoakResult(game, description, len(hashes) - 1, mismatch)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    steps = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = range(args.first, args.first + args.games)
        for result in pool.map(soak_game, games, chunksize=8):
            steps += result.steps
            if result.mismatch is not None:
                print(f"soak: {result.description}: the replay differs at step {result.mismatch}")
                return 1
    elapsed = time.perf_counter() - started
    print(
        f"soak: {args.games} Senjutsu bot games, {steps} steps, every replayed state hash equal "
        f"({elapsed:.0f} s, {args.jobs} process{'es' if args.jobs > 1 else ''})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

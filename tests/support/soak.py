"""Soak test: many Kensei bot games, each replayed with equal state hashes at every step.

    python -m tests.support.soak --games 1000 --jobs 2

Game ``n`` draws its battle size, factions and bots from ``n`` (every pairing of
the sample armies comes round), plays to the end with the state hash taken
after every event, then replays its commands from the start and compares the
hash at every step. Prints one summary line and exits 1 on the first game that
differs, naming it and the step. ``make soak`` runs the thousand games;
``tests/unit/kensei/test_kensei_soak.py`` runs a few of them in every test run.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from engine.core import Command, Ruleset, SeededDice, state_hash
from engine.kensei import SCENARIOS as SCENARIO_DATA
from engine.kensei import GreedyBot, Kensei, RandomBot, sample_armies

KENSEI = Kensei()
SIZES = sorted({name.rsplit("-", 1)[1] for name in sample_armies()}, key=int)
FACTIONS = sorted({name.rsplit("-", 1)[0] for name in sample_armies()})
BOTS = {"greedy": GreedyBot, "random": RandomBot}
SCENARIOS = list(SCENARIO_DATA)
PAIRINGS = list(itertools.product(SIZES, FACTIONS, FACTIONS, sorted(BOTS), sorted(BOTS)))


@dataclass(frozen=True)
class SoakResult:
    game: int
    description: str
    steps: int
    mismatch: int | None  # the first step whose replayed hash differs


def setup_for(game: int) -> tuple[dict[str, object], tuple[str, str], str]:
    """Game ``n`` plays scenario ``n mod 4`` (every scenario in turn) with the
    pairing ``n // 4`` (sizes, factions and bots, every one in 4 x 192 games)."""
    size, faction_a, faction_b, bot_a, bot_b = PAIRINGS[game // len(SCENARIOS) % len(PAIRINGS)]
    setup = {
        "armies": {"A": f"{faction_a}-{size}", "B": f"{faction_b}-{size}"},
        "scenario": SCENARIOS[game % len(SCENARIOS)],
    }
    return setup, (bot_a, bot_b), f"soak-{game}"


def soak_game(game: int) -> SoakResult:
    setup, bots, seed = setup_for(game)
    armies = setup["armies"]
    description = f"game {game}: {armies} {bots[0]} v {bots[1]}, seed {seed!r}"
    state = KENSEI.start(dict(setup), SeededDice(seed, 0))
    players = {side: BOTS[kind](f"{seed}-{side}") for side, kind in zip("AB", bots, strict=True)}
    commands: list[Command] = []
    hashes = [state_hash(state)]
    while (prompt := KENSEI.prompt(state)) is not None:
        side = prompt.sides[0]
        command = players[side].choose(KENSEI, state, side)
        if command is None:
            raise RuntimeError(f"{description}: no legal command for {side} ({prompt.kind})")
        commands.append(command)
        for event in KENSEI.decide(state, command, SeededDice(seed, len(commands))):
            state = KENSEI.evolve(state, event)
            hashes.append(state_hash(state))
    return replay(KENSEI, setup, seed, commands, hashes, game=game, description=description)


def replay(
    ruleset: Ruleset,
    setup: Mapping[str, Any],
    seed: str,
    commands: Sequence[Command],
    hashes: Sequence[str],
    *,
    game: int,
    description: str,
) -> SoakResult:
    """Decide ``commands`` again from the start and compare the state hash at every
    step with ``hashes`` (any system's soak)."""
    replayed = ruleset.start(dict(setup), SeededDice(seed, 0))
    step = 0
    if state_hash(replayed) != hashes[0]:
        return SoakResult(game, description, len(hashes) - 1, 0)
    for index, command in enumerate(commands, start=1):
        for event in ruleset.decide(replayed, command, SeededDice(seed, index)):
            replayed = ruleset.evolve(replayed, event)
            step += 1
            if step >= len(hashes) or state_hash(replayed) != hashes[step]:
                return SoakResult(game, description, len(hashes) - 1, step)
    mismatch = None if step == len(hashes) - 1 else step
    return SoakResult(game, description, len(hashes) - 1, mismatch)


def main(argv: Sequence[str] | None = None) -> int:
    return run(argv, soak_game, "Kensei", __doc__)


def run(
    argv: Sequence[str] | None,
    soak_game: Callable[[int], SoakResult],
    system: str,
    doc: str | None,
) -> int:
    """Play and replay ``--games`` games of ``soak_game`` in ``--jobs`` processes;
    print one summary line, or the first game whose replay differs (exit 1)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    games = range(args.first, args.first + args.games)
    steps = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(soak_game, games, chunksize=8):
            steps += result.steps
            if result.mismatch is not None:
                print(f"soak: {result.description}: the replay differs at step {result.mismatch}")
                return 1
    elapsed = time.perf_counter() - started
    print(
        f"soak: {args.games} {system} bot games, {steps} steps, every replayed state hash equal "
        f"({elapsed:.0f} s, {args.jobs} process{'es' if args.jobs > 1 else ''})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

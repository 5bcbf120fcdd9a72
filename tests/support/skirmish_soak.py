"""Soak test: many skirmish bot games, each replayed with equal state hashes at every step.

    python -m tests.support.skirmish_soak --games 1000 --jobs 2

Game ``n`` plays sample scenario ``n`` (cycling: every scenario of ``scenarios.json`` in
turn) with the seed ``skirmish-soak-<n>``; its seats cycle through :data:`PAIRINGS` every
scenario-count games: random against random, the veteran against random, random against
the veteran, the veteran against itself, so both bots play both warbands on every
scenario. Each game is played to the end with the state hash taken after every event,
then its commands are decided again from the start and the hash compared at every step.
Prints one summary line and exits 1 on the first game that differs, naming it and the
step. ``make soak`` runs the thousand games after the other systems';
``tests/integration/test_skirmish_soak_slice.py`` runs a few in every test run.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine.core import Bot, Command, SeededDice, state_hash
from engine.skirmish import Skirmish
from tests.support.soak import SoakResult, replay, run

SKIRMISH = Skirmish()
BOTS = SKIRMISH.bots()
# The seats (side a, side b) of a game, in turn.
PAIRINGS = (
    ("random", "random"),
    ("veteran", "random"),
    ("random", "veteran"),
    ("veteran", "veteran"),
)
# A game that has not ended after this many commands is a failure (a turn is a deploy,
# a few heroic declarations, a move per unit and a shot per shooter a side, for the
# scenario's turn limit).
MAX_COMMANDS = 5_000


def seats(game: int) -> tuple[str, str]:
    """The bots of sides a and b in game ``game``."""
    scenarios = len(SKIRMISH.sample_setups())
    return PAIRINGS[game // scenarios % len(PAIRINGS)]


def soak_game(game: int) -> SoakResult:
    setups = SKIRMISH.sample_setups()
    setup = dict(setups[game % len(setups)])
    seed = f"skirmish-soak-{game}"
    kinds = seats(game)
    description = f"game {game}: {setup}, {kinds[0]} v {kinds[1]}, {seed!r}"
    state = SKIRMISH.start(dict(setup), SeededDice(seed, 0))
    players: dict[str, Bot] = {
        side: BOTS[kind].build(f"{seed}-{side}")
        for side, kind in zip(SKIRMISH.sides(state), kinds, strict=True)
    }
    commands: list[Command] = []
    hashes = [state_hash(state)]
    while (prompt := SKIRMISH.prompt(state)) is not None:
        if len(commands) >= MAX_COMMANDS:
            raise RuntimeError(f"{description}: no end after {MAX_COMMANDS} commands")
        side = prompt.sides[0]
        command = players[side].choose(SKIRMISH, state, side)
        if command is None:
            raise RuntimeError(f"{description}: no legal command for {side} ({prompt.kind})")
        commands.append(command)
        for event in SKIRMISH.decide(state, command, SeededDice(seed, len(commands))):
            state = SKIRMISH.evolve(state, event)
            hashes.append(state_hash(state))
    return replay(SKIRMISH, setup, seed, commands, hashes, game=game, description=description)


def main(argv: Sequence[str] | None = None) -> int:
    return run(argv, soak_game, "skirmish", __doc__)


if __name__ == "__main__":
    sys.exit(main())

"""Soak test: many Samurai Battles bot games, each replayed with equal state hashes at every step.

    python -m tests.support.samurai_battles_soak --games 1000 --jobs 2

Game ``n`` plays sample scenario ``n`` (cycling: every scenario of ``scenarios.json`` in
turn) with the seed ``samurai-battles-soak-<n>``; its seats cycle through
:data:`PAIRINGS` every scenario-count games: random against random, the general against
random, random against the general, the general against itself, so both bots play both
armies on every scenario. Each game is played to the end with the state hash taken
after every event, then its commands are decided again from the start and the hash
compared at every step. Prints one summary line and exits 1 on the first game that
differs, naming it and the step. ``make soak`` runs the thousand games after the other
systems'; ``tests/integration/test_samurai_battles_soak_slice.py`` runs a few in every
test run.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine.core import Bot, Command, SeededDice, state_hash
from engine.samurai_battles import SamuraiBattles
from tests.support.soak import SoakResult, replay, run

SAMURAI_BATTLES = SamuraiBattles()
BOTS = SAMURAI_BATTLES.bots()
# The seats (east, west) of a game, in turn.
PAIRINGS = (
    ("random", "random"),
    ("general", "random"),
    ("random", "general"),
    ("general", "general"),
)
# A battle that has not ended after this many commands is a failure (a battle is two
# sealed orders commands a turn, for the scenario's turn limit).
MAX_COMMANDS = 500


def seats(game: int) -> tuple[str, str]:
    """The bots of the east and west armies in game ``game``."""
    scenarios = len(SAMURAI_BATTLES.sample_setups())
    return PAIRINGS[game // scenarios % len(PAIRINGS)]


def soak_game(game: int) -> SoakResult:
    setups = SAMURAI_BATTLES.sample_setups()
    setup = dict(setups[game % len(setups)])
    seed = f"samurai-battles-soak-{game}"
    kinds = seats(game)
    description = f"game {game}: {setup}, {kinds[0]} v {kinds[1]}, {seed!r}"
    state = SAMURAI_BATTLES.start(dict(setup), SeededDice(seed, 0))
    players: dict[str, Bot] = {
        side: BOTS[kind].build(f"{seed}-{side}")
        for side, kind in zip(SAMURAI_BATTLES.sides(state), kinds, strict=True)
    }
    commands: list[Command] = []
    hashes = [state_hash(state)]
    while (prompt := SAMURAI_BATTLES.prompt(state)) is not None:
        if len(commands) >= MAX_COMMANDS:
            raise RuntimeError(f"{description}: no end after {MAX_COMMANDS} commands")
        side = prompt.sides[0]
        command = players[side].choose(SAMURAI_BATTLES, state, side)
        if command is None:
            raise RuntimeError(f"{description}: no legal command for {side} ({prompt.kind})")
        commands.append(command)
        for event in SAMURAI_BATTLES.decide(state, command, SeededDice(seed, len(commands))):
            state = SAMURAI_BATTLES.evolve(state, event)
            hashes.append(state_hash(state))
    return replay(
        SAMURAI_BATTLES, setup, seed, commands, hashes, game=game, description=description
    )


def main(argv: Sequence[str] | None = None) -> int:
    return run(argv, soak_game, "Samurai Battles", __doc__)


if __name__ == "__main__":
    sys.exit(main())

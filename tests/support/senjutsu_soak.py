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

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Bot, Command, RandomBot, SeededDice, state_hash
from engine.senjutsu import Senjutsu
from engine.senjutsu.bots import LookaheadBot
from tests.support.soak import SoakResult, replay, run

SENJUTSU = Senjutsu()
# One game in this many seats the look-ahead bot (it thinks for a while each turn:
# a look-ahead duel takes about as long as 40 random ones).
LOOKAHEAD_EVERY = 50
# One game in this many plays a whole (multiplayer) sample set-up.
WHOLE_EVERY = 5
# A duel that has not ended after this many commands is a failure.
MAX_COMMANDS = 5_000


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
    setups = [s for s in SENJUTSU.sample_setups() if s["mode"] == "duel"]  # not the solo duels
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
    return replay(SENJUTSU, setup, seed, commands, hashes, game=game, description=description)


def main(argv: Sequence[str] | None = None) -> int:
    return run(argv, soak_game, "Senjutsu", __doc__)


if __name__ == "__main__":
    sys.exit(main())

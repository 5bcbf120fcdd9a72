"""Bot games played through GameRecords (demo data, simulations, tests), and bots
answering their sides' prompts in games people play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from engine.core import Bot, Command
from replays import registry
from replays.records import GameRecords


def play_bot_game(
    records: GameRecords,
    ruleset_id: str,
    setup: dict[str, Any],
    *,
    bot_seed: int | str,
    seed: str | None = None,
    title: str = "",
    max_commands: int = 100_000,
) -> UUID:
    """Start a game and let the ruleset's bot answer every prompt until it ends."""
    ruleset = registry.get(ruleset_id)
    game_id = records.start_game(ruleset_id, setup, seed=seed, title=title)
    bot = ruleset.bot(bot_seed)
    sides = records.summary(game_id).sides
    answer_with_bots(records, game_id, dict.fromkeys(sides, bot), max_commands=max_commands)
    if records.current(game_id).over:
        return game_id
    raise RuntimeError(f"{ruleset_id}: bot game did not end within {max_commands} commands")


def answer_with_bots(
    records: GameRecords, game_id: UUID, bots: Mapping[str, Bot], *, max_commands: int
) -> int:
    """Let ``bots`` (by side) answer every prompt that waits for one of their sides,
    one command after another, until a prompt waits only for other sides, the game
    ends, or ``max_commands`` are played. Each command is submitted with the step it
    was chosen at, so a concurrent writer stops the bots with ``Conflict``. Returns
    the number of commands played."""
    game = records.current(game_id)
    ruleset = registry.get(game.ruleset)
    for played in range(max_commands):
        prompt = ruleset.prompt(game.state)
        side = next((s for s in prompt.sides if s in bots), None) if prompt else None
        if side is None:
            return played
        command = bots[side].choose(ruleset, game.state, side)
        if command is None:
            raise RuntimeError(f"{ruleset.id}: no legal command for {side} at step {game.step}")
        records.submit_command(game_id, command, expected_step=game.step)
        game = records.current(game_id)
    return max_commands


def proposed_command(records: GameRecords, game_id: UUID, side: str) -> Command | None:
    """A legal command ``side`` could give now (the first the ruleset lists), for a
    player to accept or edit; ``None`` if the side is not prompted."""
    game = records.current(game_id)
    ruleset = registry.get(game.ruleset)
    return next(iter(ruleset.legal(game.state, side)), None)

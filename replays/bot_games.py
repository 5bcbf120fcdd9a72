"""Bot games played through GameRecords (demo data, simulations, tests)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from replays import registry
from replays.game import Game
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
    bot = ruleset.bot(bot_seed)
    game_id = records.start_game(ruleset_id, setup, seed=seed, title=title)
    game: Game = records.repository.get(game_id)
    for _ in range(max_commands):
        prompt = ruleset.prompt(game.state)
        if prompt is None:
            return game_id
        command = bot.choose(ruleset, game.state, prompt.sides[0])
        if command is None:
            raise RuntimeError(
                f"{ruleset_id}: no legal command for {prompt.sides[0]} at step {game.step}"
            )
        records.submit_command(game_id, command, expected_step=game.step)
        game = records.repository.get(game_id)
    raise RuntimeError(f"{ruleset_id}: bot game did not end within {max_commands} commands")

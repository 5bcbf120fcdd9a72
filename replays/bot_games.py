"""Bot games played through GameRecords (demo data, simulations, tests), and bots
answering their sides' prompts in games people play."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import chain
from typing import Any
from uuid import UUID

from engine.core import Bot, Command, Ruleset
from replays import registry
from replays.errors import BotStuck
from replays.game import Game
from replays.records import Answers, GameRecords


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
    ends, or ``max_commands`` are played; returns the number of commands played.

    They are recorded in one save (``GameRecords.answer``): no one plays between two
    bot moves, so no one needs to read the game between them, and the read models
    catch up once instead of once a command (a whole Kensei bot game went from 30 s
    to a few on PostgreSQL). A concurrent writer makes the save fail with
    ``Conflict``, recording none of them."""
    return records.answer(game_id, bot_answers(bots), max_commands=max_commands)


def bot_answers(bots: Mapping[str, Bot]) -> Answers:
    """The answers (``GameRecords`` ``Answers``) of ``bots`` to every prompt that waits
    for one of their sides, each chosen on the game as the one before left it."""

    def answers(game: Game) -> Iterator[Command]:
        return automatic_answers(registry.get(game.ruleset), game, bots)

    return answers


def automatic_answers(
    ruleset: Ruleset,
    game: Game,
    bots: Mapping[str, Bot],
    *,
    standing: bool = False,
    accept: Callable[[Command], bool] | None = None,
) -> Iterator[Command]:
    """The commands given without a person, one prompt after another on ``game`` as
    the one before left it: a bot answers a prompt that waits for one of its sides;
    with ``standing``, a prompt that waits only for people is answered by the first
    of their standing answers that covers it (``Ruleset.standing_answer``). They stop
    at a prompt nothing answers, or at the game's end.

    ``accept`` narrows what may be given (a game of entered dice gives only commands
    that roll none): a bot's or a standing answer it refuses is not given, and the
    prompt waits for a person. A bot that has no legal command at all is a fault of
    the ruleset: ``BotStuck``."""
    while (prompt := ruleset.prompt(game.state)) is not None:
        people = [side for side in prompt.sides if side not in bots] if standing else []
        given = chain(
            (_bot_choice(ruleset, game, bots[side], side) for side in prompt.sides if side in bots),
            (ruleset.standing_answer(game.state, side) for side in people),
        )
        command = next((c for c in given if c is not None and (accept is None or accept(c))), None)
        if command is None:
            return
        yield command


def _bot_choice(ruleset: Ruleset, game: Game, bot: Bot, side: str) -> Command:
    command = bot.choose(ruleset, game.state, side)
    if command is None:
        raise BotStuck(ruleset.id, side, game.step)
    return command


def proposed_command(records: GameRecords, game_id: UUID, side: str) -> Command | None:
    """A legal command ``side`` could give now (the first the ruleset lists), for a
    player to accept or edit; ``None`` if the side is not prompted."""
    game = records.current(game_id)
    ruleset = registry.get(game.ruleset)
    return next(iter(ruleset.legal(game.state, side)), None)

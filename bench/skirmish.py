"""Benchmark: whole skirmish games (the samurai skirmish rules) played by bots.

Plays two random bots (the kernel's ``RandomBot`` over ``legal``, the default bot)
against each other on the first sample scenario (the smallest: the one for fast bot
games and tests), from deployment to the end of the game, and prints::

    skirmish.bot_game: <games/s> games/s
    skirmish.bot_game_cpu: <games/s> games/s
    skirmish.bot_game_commands: <commands per game> commands
    skirmish.bot_game_turns: <turns per game> turns
    skirmish.veteran_game_cpu: <games/s> games/s
    skirmish.scenario_<id>_cpu: <games/s> games/s

``bot_game`` is a whole random game by the wall clock, ``bot_game_cpu`` the same by the
process's CPU time, on one core (the engine runs in one thread): the target is 50
games/s. The bots' own work (listing ``legal`` and picking one) is part of the game time,
as in ``samurai_battles.bot_game``. ``veteran_game_cpu`` plays the veteran (the stronger
bot) against itself on the same scenario; ``scenario_<id>_cpu`` random games of each
other sample scenario (larger tables, more models). ``SHIAI_BENCH_PROFILE=dir`` writes the
random games' cProfile stats to ``dir/skirmish.bot_game.prof``. Run with
``python -m bench skirmish`` (``--games N``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bench._bot_games import bot_game_bench
from engine.skirmish import Skirmish


def main(argv: Sequence[str] | None = None) -> None:
    description = __doc__.splitlines()[0] if __doc__ else ""
    bot_game_bench(Skirmish(), "skirmish", "veteran", description, argv)


if __name__ == "__main__":
    main()

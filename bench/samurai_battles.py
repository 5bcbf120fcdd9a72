"""Benchmark: whole Samurai Battles games played by bots.

Plays two random bots (the kernel's ``RandomBot`` over ``legal``, the default bot)
against each other on the first sample scenario (the smallest: the one for fast bot
games and tests), from the first written orders to the end of the battle, and prints::

    samurai_battles.bot_game: <games/s> games/s
    samurai_battles.bot_game_cpu: <games/s> games/s
    samurai_battles.bot_game_commands: <commands per game> commands
    samurai_battles.bot_game_turns: <turns per game> turns
    samurai_battles.general_game_cpu: <games/s> games/s
    samurai_battles.scenario_<id>_cpu: <games/s> games/s

``bot_game`` is a whole random game by the wall clock, ``bot_game_cpu`` the same by the
process's CPU time, on one core (the engine runs in one thread): the target is 50
games/s. The bots' own work (listing ``legal`` and picking one) is part of the game time,
as in ``kensei.bot_game`` and ``senjutsu.bot_game``. ``general_game_cpu`` plays the
general against itself on the same scenario; ``scenario_<id>_cpu`` random games of each
other sample scenario (larger boards, more units). ``SHIAI_BENCH_PROFILE=dir`` writes the
random games' cProfile stats to ``dir/samurai_battles.bot_game.prof``. Run with
``python -m bench samurai_battles`` (``--games N``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bench._bot_games import bot_game_bench
from engine.samurai_battles import SamuraiBattles


def main(argv: Sequence[str] | None = None) -> None:
    description = __doc__.splitlines()[0] if __doc__ else ""
    bot_game_bench(SamuraiBattles(), "samurai_battles", "general", description, argv)


if __name__ == "__main__":
    main()

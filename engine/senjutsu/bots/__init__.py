"""Senjutsu's bots: the kernel's random bot and the look-ahead bot (which plays
the card that does best against what the other side may hold, never peeking at
hidden information). ``BOTS`` is what ``Senjutsu.bots()`` returns, the random
bot first (the default: demo and simulated games are played with it)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import BotChoice, RandomBot
from engine.senjutsu.bots.players import LookaheadBot

BOTS: Mapping[str, BotChoice] = {
    "random": BotChoice("plays any legal card and move, at random", RandomBot),
    "lookahead": BotChoice(
        "plays the card that does best against the cards the opponent may hold,"
        " one turn ahead; otherwise the move that leaves it best placed",
        LookaheadBot,
    ),
}

__all__ = ["BOTS", "LookaheadBot"]

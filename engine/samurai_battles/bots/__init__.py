"""Samurai Battles' bots: the kernel's random bot (any legal orders, from ``legal``'s
sample) and the general, which writes sensible orders for every unit from what its
side can see. ``BOTS`` is what ``SamuraiBattles.bots()`` returns, the random bot first
(the default: demo and simulated games are played with it)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import BotChoice, RandomBot
from engine.samurai_battles.bots.general import GeneralBot

BOTS: Mapping[str, BotChoice] = {
    "random": BotChoice("writes any legal orders, at random", RandomBot),
    "general": BotChoice(
        "fires at the weakest enemy in reach, assaults what it out-numbers, holds the"
        " objectives with Defend and Kill Zones, retreats worn units, joins them up,"
        " and marches on the objectives or the enemy",
        GeneralBot,
    ),
}

__all__ = ["BOTS", "GeneralBot"]

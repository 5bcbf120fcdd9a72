"""The skirmish bots: the kernel's random bot (any legal command, from ``legal``'s
sample) and the veteran, which charges what it should beat, shoots the weakest target,
spends Zen tokens on extra rounds and marches on the enemy. ``BOTS`` is what
``Skirmish.bots()`` returns, the random bot first (the default: demo and simulated games
are played with it)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import BotChoice, RandomBot
from engine.skirmish.bots.veteran import VeteranBot

BOTS: Mapping[str, BotChoice] = {
    "random": BotChoice("plays any legal command, at random", RandomBot),
    "veteran": BotChoice(
        "charges what it should beat (an honourable hero a hero first), shoots the weakest"
        " target in reach, spends Zen tokens on Heroic Combat and Heroic Shooting, takes"
        " One Cut or The Body in Place of the Sword in a fight, and marches on the nearest"
        " enemy",
        VeteranBot,
    ),
}

__all__ = ["BOTS", "VeteranBot"]

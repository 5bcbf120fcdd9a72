"""The records one close combat is fought with: its :class:`Setting` (what holds for
every round) and each model's :class:`Fighter` line for a round. :mod:`.rounds` fights
the rounds with them and :mod:`.blows` rolls the winners' wounds (both import these
records, neither the other)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import State
from engine.skirmish.combat.fights import Combat
from engine.skirmish.heroic import strategies as water


@dataclass
class Setting:
    """What holds for every round of one combat: each hero's choices, the strategies
    Flowing Water Cut cancelled, the disarmed, the units shaken by Shout, and the models
    fighting from the second rank."""

    combat: Combat
    choices: dict[str, dict[str, Any]]  # by hero unit id
    cancelled: dict[str, str] = field(default_factory=dict)
    disarmed: list[str] = field(default_factory=list)
    shouted: list[str] = field(default_factory=list)
    first: bool = True

    def active(self, state: State, unit_id: str, strategy: str) -> bool:
        return water.has(state, unit_id, strategy) and self.cancelled.get(unit_id) != strategy

    def chose(self, unit_id: str, strategy: str) -> bool:
        return strategy in self.choices.get(unit_id, {}).get("strategies", ())


@dataclass
class Fighter:
    model: str
    side: str
    unit: str
    hero: bool
    support: bool
    foes: list[str]
    attacks: int
    dice: int
    modifiers: dict[str, int]
    combat: int

    @property
    def modifier(self) -> int:
        return sum(self.modifiers.values())

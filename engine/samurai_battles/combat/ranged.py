"""Ranged attacks (Ranged Combat Orders > Fire Ranged Weapons; the Kill Zones of
Defend, Fire and Retreat and a hidden ranged unit; Move and Fire).

Every shot spends 1 Ammunition point. The dice are the unit's written ranged dice
scaled by the models left (``Tables.attack_dice``);
each die reaching the ranged hit number removes one model of the target.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Dice, Event
from engine.samurai_battles.combat.dice import hits


@dataclass(frozen=True)
class Shot:
    """One ranged attack, decided before any die is rolled."""

    firer: str
    target: str
    pool: int
    needed: int
    ammo: int
    kill_zone: bool = False


def roll_shot(shot: Shot, dice: Dice) -> Event:
    """The ``fired`` event of ``shot``: the faces rolled, the hits, the ammunition left.

    >>> from engine.core import EnteredDice
    >>> roll_shot(Shot("e3", "w1", 3, 5, 7), EnteredDice([5, 2, 6]))["hits"]
    2
    """
    faces = dice.roll(shot.pool)
    return {
        "type": "fired",
        "unit": shot.firer,
        "target": shot.target,
        "dice": faces,
        "needed": shot.needed,
        "hits": hits(faces, shot.needed),
        "ammo": shot.ammo - 1,
        "kill_zone": shot.kill_zone,
    }

"""Melee dice (Interpretation > Melee: the orders rulebook refers to a Melee Combat
section it does not contain).

A melee is every unit joined by engagements. Each unit strikes one foe (a unit on Defend
assaulted from its front strikes both front attackers, Defensive Orders > Defend), with a
pool of its Attack Value scaled by the models left, plus the flank or rear bonus when it
assaulted that side this turn (Movement Orders > Assault: bonuses only on an Assault),
plus the defence dice of the terrain it holds when it was attacked. Each die reaching
the unit's hit number removes a model. The side that removed more models wins; equal
is a draw and the melee goes on next turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.core import Dice, Event
from engine.samurai_battles.combat.dice import hits


@dataclass(frozen=True)
class Blow:
    """One unit's dice against one foe in a melee."""

    unit: str
    foe: str
    pool: int
    needed: int


def fight(
    blows: Sequence[Blow], units: Sequence[str], sides: Mapping[str, str], dice: Dice
) -> Event:
    """The ``melee_fought`` event of a melee of ``units`` (sides by unit): every blow's
    faces, the hits each unit scored and took, and the winning side (``None``: a draw).

    >>> from engine.core import EnteredDice
    >>> blows = [Blow("e1", "w1", 2, 4), Blow("w1", "e1", 2, 4)]
    >>> sides = {"e1": "east", "w1": "west"}
    >>> fight(blows, ["e1", "w1"], sides, EnteredDice([6, 5, 1, 4]))["winner"]
    'east'
    """
    rolled: dict[str, list[int]] = {unit: [] for unit in units}
    needed: dict[str, int] = {}
    scored: dict[str, int] = dict.fromkeys(units, 0)
    taken: dict[str, int] = dict.fromkeys(units, 0)
    strikes: list[dict[str, object]] = []
    for blow in blows:
        faces = dice.roll(blow.pool)
        landed = hits(faces, blow.needed)
        rolled[blow.unit].extend(faces)
        needed[blow.unit] = blow.needed
        scored[blow.unit] += landed
        taken[blow.foe] += landed
        strikes.append(
            {
                "unit": blow.unit,
                "foe": blow.foe,
                "dice": faces,
                "needed": blow.needed,
                "hits": landed,
            }
        )
    by_side: dict[str, int] = {}
    for unit in units:
        by_side[sides[unit]] = by_side.get(sides[unit], 0) + scored[unit]
    ranked = sorted(by_side.items(), key=lambda item: (-item[1], item[0]))
    winner = ranked[0][0] if len(ranked) > 1 and ranked[0][1] > ranked[1][1] else None
    return {
        "type": "melee_fought",
        "units": sorted(units),
        "dice": rolled,
        "needed": needed,
        "strikes": strikes,
        "hits": scored,
        "taken": taken,
        "winner": winner,
    }

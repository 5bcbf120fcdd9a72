"""Which characters an attack grid targets (Attacks: "each character in a hex
containing any of the following icons is targeted"), by the card's grid turned to
the attacker's facing (contract: offsets drawn facing EAST)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import State
from engine.hexgrid import Facing, Hex
from engine.senjutsu.effects.frames import living

Json = dict[str, Any]


def attack_cells(attacker: tuple[Hex, Facing], grid: Sequence[Json]) -> dict[Hex, Json]:
    """Each battlefield hex of the grid and its cell, for an attacker at ``attacker``.

    >>> cells = attack_cells((Hex(0, 0), Facing.WEST), [{"hex": [1, 0], "wounds": 1}])
    >>> sorted(cells)
    [Hex(q=-1, r=0)]
    """
    origin, facing = attacker
    return {Hex(*cell["hex"]).rotated(facing) + origin: cell for cell in grid}


def targeted_sides(
    state: State, side: str, attacker: tuple[Hex, Facing], grid: Sequence[Json]
) -> list[str]:
    """The other living characters in the attack's hexes, in seating order."""
    cells = attack_cells(attacker, grid)
    return [
        other
        for other in living(state)
        if other != side and Hex.from_json(state["characters"][other]["hex"]) in cells
    ]

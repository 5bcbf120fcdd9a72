"""Ranged Effects and Ranged Attack Effects: which characters a range icon reaches.

Rulebook 1.5, "Ranged Effects": a character qualifies if "1) They are within X hexes
of your character's occupied hex ... (Do not count your occupied hex when measuring
this distance.) 2) You can draw line of sight to their occupied hex. 3) Their played
card has a lower initiative speed card (Ignore this condition if the effect is not
associated with an attack or block effect ...)"; against a variable speed, "compare
the speed of your attack against the lowest possible initiative speed of their card".
"Line Of Sight" is :func:`engine.hexgrid.corner_line_of_sight`: from either front
corner of your hex to any corner of theirs, interrupted by terrain and by your own hex.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from engine.hexgrid import Hex, corner_line_of_sight
from engine.senjutsu.grid.values import Position

RANGED_EFFECTS = "Ranged Effects"
LINE_OF_SIGHT = "Ranged Effects > Line Of Sight"


def in_range(source: Hex, target: Hex, range_: int) -> bool:
    """Condition 1: within ``range_`` hexes, the own hex not counted (never the own hex)."""
    return 0 < source.distance(target) <= range_


def in_line_of_sight(source: Position, target: Hex, terrain: Collection[Hex]) -> bool:
    """Condition 2: the corner line of sight of Ranged Effects > Line Of Sight."""
    origin, facing = source
    return corner_line_of_sight(origin, facing, target, frozenset(terrain))


def ranged_candidates(
    source: Position, range_: int, targets: Mapping[str, Hex], terrain: Collection[Hex]
) -> tuple[str, ...]:
    """The sides (sorted) meeting conditions 1 and 2 from ``source``; condition 3
    (speeds) is :func:`slower_than`, applied by the caller when the effect is
    associated with an attack or block.

    >>> from engine.hexgrid import Facing, Hex
    >>> ranged_candidates((Hex(0, 0), Facing.EAST), 3, {"B": Hex(3, 0), "C": Hex(-2, 0)}, ())
    ('B',)
    """
    blocks = frozenset(terrain)
    return tuple(
        side
        for side, hex_ in sorted(targets.items())
        if in_range(source[0], hex_, range_) and in_line_of_sight(source, hex_, blocks)
    )


def slower_than(speed: int, target_speed: int | Sequence[int]) -> bool:
    """Condition 3: the target's played card is slower than ``speed``; a variable
    speed (``[high, low]`` or any range of values) counts at its lowest possible
    value."""
    lowest = target_speed if isinstance(target_speed, int) else min(target_speed)
    return lowest < speed

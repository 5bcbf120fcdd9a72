"""Line of sight on the battlefield.

The rulebook points to a Ranged Combat section it does not contain for line of sight;
the hex library's conventional centre-to-centre rule applies (``engine.hexgrid.lines``):
a hex of blocking terrain on the line blocks it, a line running along the edge between
two hexes is blocked only if both block, the viewer's and the target's own hexes never
block. Units do not block sight (interpretation: the seed never says they do).

>>> from engine.samurai_battles.army.catalogue import load_catalogue
>>> from engine.hexgrid import Board, Hex
>>> field = Battlefield(Board.rectangle(4, 1, {Hex(1, 0): "forest"}), load_catalogue())
>>> sees(field, Hex(0, 0), Hex(3, 0)), sees(field, Hex(1, 0), Hex(3, 0))
(False, True)
"""

from __future__ import annotations

from functools import lru_cache

from engine.hexgrid import Hex, line_of_sight
from engine.samurai_battles.geometry.terrain import Battlefield


def sees(field: Battlefield, viewer: Hex, target: Hex) -> bool:
    """Whether a unit at ``viewer`` has line of sight to ``target`` (symmetric: the
    line is the same both ways, so it is remembered once for the pair)."""
    first, second = (viewer, target) if viewer <= target else (target, viewer)
    return _sees(field.sight_blockers, first, second)


@lru_cache(maxsize=1 << 16)
def _sees(blockers: frozenset[Hex], viewer: Hex, target: Hex) -> bool:
    """Line of sight, remembered: the hexes of a line are costly to find exactly, and a
    game asks the same pairs over and over (a board's blockers never change)."""
    return line_of_sight(viewer, target, blockers)


def in_range_and_sight(field: Battlefield, viewer: Hex, target: Hex, reach: int) -> bool:
    """Whether ``target`` is within ``reach`` hexes of ``viewer`` and in its line of
    sight (Ranged Combat Orders > Fire Ranged Weapons: "within your weapons' range and
    in Line of Sight")."""
    return 0 < viewer.distance(target) <= reach and sees(field, viewer, target)

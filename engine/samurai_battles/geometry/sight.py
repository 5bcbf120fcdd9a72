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

from engine.hexgrid import Hex, line_of_sight
from engine.samurai_battles.geometry.terrain import Battlefield


def sees(field: Battlefield, viewer: Hex, target: Hex) -> bool:
    """Whether a unit at ``viewer`` has line of sight to ``target``."""
    return line_of_sight(viewer, target, field.sight_blockers)


def in_range_and_sight(field: Battlefield, viewer: Hex, target: Hex, reach: int) -> bool:
    """Whether ``target`` is within ``reach`` hexes of ``viewer`` and in its line of
    sight (Ranged Combat Orders > Fire Ranged Weapons: "within your weapons' range and
    in Line of Sight")."""
    return 0 < viewer.distance(target) <= reach and sees(field, viewer, target)

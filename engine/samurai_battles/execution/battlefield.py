"""The battlefield as the Execution Phase sees it: where units stand, what blocks sight
and movement, the zones units project and the side an attack comes from.

Geometry is the shared hex library's (``engine.hexgrid``); this module only says what
Samurai Battles' terrain and orders mean to it (Interpretation > Line of Sight, Zone of
Control: see ``docs/rules/samurai-battles.md``).
"""

from __future__ import annotations

from engine.core import State
from engine.hexgrid import Board, Facing, Hex
from engine.hexgrid.arcs import Side, arc, relative_side
from engine.hexgrid.lines import line_of_sight
from engine.samurai_battles.army.catalogue import Catalogue, TerrainKind

DEFENSE_ZONE_ORDERS = ("defend", "fire_and_retreat")


def hex_of(unit: dict[str, object]) -> Hex:
    """The hex a unit stands on."""
    return Hex.from_json(unit["hex"])


class Battlefield:
    """The board of a state and the terrain's meaning, read once per Execution Phase."""

    def __init__(self, state: State, catalogue: Catalogue) -> None:
        self.board = Board.from_json(state["board"])
        self.catalogue = catalogue
        self._blocking = frozenset(h for h in self.board if self.terrain(h).blocks_sight)

    def terrain(self, hex_: Hex) -> TerrainKind:
        """The terrain kind of a hex on the board (open where nothing is placed)."""
        return self.catalogue.terrain(self.board.terrain_at(hex_))

    def passable(self, hex_: Hex) -> bool:
        """On the board and not impassable terrain."""
        return hex_ in self.board and not self.terrain(hex_).impassable

    def sees(self, viewer: Hex, target: Hex) -> bool:
        """Line of sight, centre to centre, blocked by terrain that blocks sight."""
        return line_of_sight(viewer, target, self._blocking)

    def defence_dice(self, hex_: Hex) -> int:
        return self.terrain(hex_).defence_dice

    def allows_ambush(self, hex_: Hex) -> bool:
        return self.terrain(hex_).ambush

    def front(self, at: Hex, facing: int, radius: int, all_around: bool = False) -> frozenset[Hex]:
        """The front arc of a unit out to ``radius`` (every side for All-Around Defense:
        it has no flank or rear), on the board."""
        hexes = at.spiral(radius)[1:] if all_around else arc(at, Facing(facing), Side.FRONT, radius)
        return frozenset(h for h in hexes if h in self.board)

    def kill_zone(self, at: Hex, facing: int, radius: int) -> frozenset[Hex]:
        """The Kill Zone: the front arc out to ``radius``, each hex in line of sight."""
        return frozenset(h for h in self.front(at, facing, radius) if self.sees(at, h))


def attack_side(defender_at: Hex, facing: int, attacker_at: Hex, all_around: bool) -> str:
    """The side of the defender an attack comes from: "front", "flank" or "rear"
    (Defensive Orders > All-Around Defense: such a unit has no flank or rear)."""
    if all_around:
        return "front"
    return relative_side(defender_at, Facing(facing), attacker_at).name.lower()

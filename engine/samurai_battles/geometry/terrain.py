"""The battlefield: a board and the catalogue's terrain kinds, asked what a hex allows.

The orders rulebook refers to a Terrain section it does not contain; what each kind
does is data (``data/terrain.json``): whether it blocks line of sight, whether it can
be entered, the orders a unit of each category standing in it or entering it may not
execute ("Some types of terrain can prevent your unit from executing a March order"),
whether a unit in it may Ambush ("only ... in certain types of terrain").

>>> from engine.samurai_battles.army.catalogue import load_catalogue
>>> field = Battlefield(Board.rectangle(3, 1, {Hex(1, 0): "river"}), load_catalogue())
>>> field.passable(Hex(1, 0)), field.passable(Hex(0, 0)), field.passable(Hex(9, 9))
(False, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from engine.hexgrid import Board, Hex
from engine.samurai_battles.army.catalogue import Catalogue, TerrainKind


@dataclass(frozen=True, eq=False)
class Battlefield:
    """The board of a game with the terrain kinds of its catalogue (compared by
    identity: one is built per board and catalogue, and remembered)."""

    board: Board
    catalogue: Catalogue

    def terrain(self, hex_: Hex) -> TerrainKind:
        """The terrain kind of ``hex_`` (open where nothing is placed)."""
        return self.catalogue.terrain(self.board.terrain_at(hex_))

    def on_board(self, hex_: Hex) -> bool:
        return hex_ in self.board

    def passable(self, hex_: Hex) -> bool:
        """Whether a unit may enter ``hex_``: on the board, not impassable terrain."""
        return hex_ in self._passable

    def forbids(self, hex_: Hex, category: str, order: str) -> bool:
        """Whether a unit of ``category`` in or entering ``hex_`` may not execute ``order``."""
        return hex_ in self._forbidding.get((category, order), ())

    @cached_property
    def _passable(self) -> frozenset[Hex]:
        return frozenset(h for h in self.board if not self.terrain(h).impassable)

    @cached_property
    def _forbidding(self) -> dict[tuple[str, str], frozenset[Hex]]:
        """The hexes whose terrain forbids each (category, order) (asked very often)."""
        found: dict[tuple[str, str], set[Hex]] = {}
        for hex_ in self.board:
            for category, orders in self.terrain(hex_).forbids.items():
                for order in orders:
                    found.setdefault((category, order), set()).add(hex_)
        return {key: frozenset(hexes) for key, hexes in found.items()}

    def ambush_allowed(self, hex_: Hex) -> bool:
        """Whether a unit in ``hex_`` may be given the Ambush order (Special Orders >
        Ambush: "only ... a unit that is in certain types of terrain")."""
        return hex_ in self.board and self.terrain(hex_).ambush

    def defence_dice(self, hex_: Hex) -> int:
        """Extra melee dice of a defender standing in ``hex_``."""
        return self.terrain(hex_).defence_dice if hex_ in self.board else 0

    @cached_property
    def sight_blockers(self) -> frozenset[Hex]:
        """The hexes whose terrain blocks line of sight."""
        return frozenset(
            hex_
            for hex_, kind in self.board.terrain.items()
            if self.catalogue.terrain(kind).blocks_sight
        )

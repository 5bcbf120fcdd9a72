"""What a bot knows of the battle: its side's view, read into hex values.

A bot reads ``view(state, side)``, never the state: an enemy unit in ambush has no hex
there ("hidden": the enemy's view has hex null), and the other side's written orders are
``true``. So the general bot plays only on what a player at the table would know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.hexgrid import Board, Hex
from engine.samurai_battles.army import Catalogue, UnitType, catalogue_of

READY = "ready"


@dataclass(frozen=True)
class Piece:
    """One unit on the table as the bot sees it, with its type's values."""

    id: str
    side: str
    number: int
    kind: UnitType
    hex: Hex
    facing: int
    models: int
    fortitude: int
    ammo: int
    supplies: int
    engaged: tuple[str, ...]
    hidden: bool

    @property
    def attack_dice(self) -> int:
        """Its melee dice at its strength now (the contract's suggestion, rounded up)."""
        return -(-self.kind.attack * self.models // self.kind.models)

    @property
    def cavalry(self) -> bool:
        return self.kind.category == "cavalry"

    @property
    def reach(self) -> int:
        """Its ranged weapons' range (0 without)."""
        return 0 if self.kind.ranged is None else self.kind.ranged.range

    @property
    def broken(self) -> bool:
        """Worn down: a third of its models or fewer, or its Fortitude at 1 or less."""
        return 3 * self.models <= self.kind.models or self.fortitude <= 1


@dataclass(frozen=True)
class Picture:
    """The battle from one side: its units, the enemies it can see, the board."""

    side: str
    board: Board
    catalogue: Catalogue
    mine: tuple[Piece, ...]
    enemies: tuple[Piece, ...]
    enemies_hidden: int
    objectives: tuple[Hex, ...]
    occupied: frozenset[Hex]

    def passable(self, where: Hex) -> bool:
        """On the board, terrain a unit may enter, and no unit the bot can see there."""
        if where not in self.board or where in self.occupied:
            return False
        return not self.catalogue.terrain(self.board.terrain_at(where)).impassable

    def nearest_enemy(self, unit: Piece) -> Piece | None:
        return min(self.enemies, key=lambda e: (unit.hex.distance(e.hex), e.number), default=None)

    def enemy_distance(self, where: Hex) -> int:
        """How far the nearest enemy the bot can see is from ``where`` (large if none)."""
        return min((where.distance(e.hex) for e in self.enemies), default=99)

    def cover(self, unit: Piece) -> bool:
        """Whether the unit stands in terrain a unit may Ambush from."""
        return self.catalogue.terrain(self.board.terrain_at(unit.hex)).ambush

    def allows(self, unit: Piece, order: str) -> bool:
        """The order is on the unit's Order Chart and its terrain does not forbid it."""
        terrain = self.catalogue.terrain(self.board.terrain_at(unit.hex))
        return order in unit.kind.orders and not terrain.forbids_order(unit.kind.category, order)


def _piece(unit_id: str, record: Mapping[str, Any], catalogue: Catalogue) -> Piece:
    return Piece(
        id=unit_id,
        side=str(record["side"]),
        number=int(record["number"]),
        kind=catalogue.unit_type(str(record["type"])),
        hex=Hex(record["hex"][0], record["hex"][1]),
        facing=int(record["facing"] or 0),
        models=int(record["models"]),
        fortitude=int(record["fortitude"]),
        ammo=int(record.get("ammo", 0)),
        supplies=int(record.get("supplies", 0)),
        engaged=tuple(sorted(record.get("engaged", []))),
        hidden=bool(record.get("hidden", False)),
    )


def picture(view: Mapping[str, Any], side: str) -> Picture:
    """What ``side`` knows, from its view: units by side then number."""
    catalogue = catalogue_of(view)
    board = Board.from_json(view["board"])
    mine: list[Piece] = []
    enemies: list[Piece] = []
    hidden = 0
    for unit_id, record in sorted(view["units"].items()):
        if record["status"] != READY:
            continue
        if record["hex"] is None:
            hidden += 1
            continue
        piece = _piece(unit_id, record, catalogue)
        (mine if piece.side == side else enemies).append(piece)
    return Picture(
        side=side,
        board=board,
        catalogue=catalogue,
        mine=tuple(sorted(mine, key=lambda p: p.number)),
        enemies=tuple(sorted(enemies, key=lambda p: p.number)),
        enemies_hidden=hidden,
        objectives=tuple(
            sorted(Hex(*o["hex"]) for o in view.get("victory", {}).get("objectives", []))
        ),
        occupied=frozenset(p.hex for p in (*mine, *enemies)),
    )

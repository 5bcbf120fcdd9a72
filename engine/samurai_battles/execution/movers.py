"""A unit moving in the Movement Orders step: its written path and how far along it is."""

from __future__ import annotations

from dataclasses import dataclass

from engine.hexgrid import Hex

MOVEMENT_ORDERS = ("assault", "march", "move_and_fire", "run")


@dataclass
class Mover:
    """One unit executing Assault, March, Move and Fire or Run.

    ``moved`` counts the hexes of ``path`` entered so far; ``active`` is False once the
    unit stopped (engaged, shaken, put out of the fight, path done)."""

    unit: str
    kind: str
    path: list[Hex]
    target: str | None = None
    fire_at: int | None = None
    moved: int = 0
    active: bool = True
    engaged: bool = False
    fired: bool = False

    @property
    def next_hex(self) -> Hex | None:
        return self.path[self.moved] if self.moved < len(self.path) else None

    @property
    def assaulting(self) -> bool:
        return self.kind == "assault"

"""What a solo opponent knows when it moves: the :class:`SoloContext`, its attack
(:class:`SoloAttack`) and the positions it may take (:class:`Candidate`).

Plain values only: the effects code builds a context from the state (the player's
position and played card, the other opponents, the terrain, the battlefield) and
the opponent card (kind, preferred range, approach, stance), then asks
:mod:`engine.senjutsu.solo.movement` where the opponent goes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from engine.hexgrid import Hex
from engine.senjutsu.grid import Cell, Collision, MoveOutcome, Position

Stance = Literal["offensive", "defensive"]
OpponentKind = Literal["melee", "ranged"]
Approach = Literal["front", "left", "rear", "right"]


@dataclass(frozen=True)
class SoloAttack:
    """The attack effect of an opponent card's top part: a grid (``cells``) or a
    ranged attack (``range`` hexes, its effects in ``ranged_cell``, ``hex`` unused).
    ``speed_ok`` is Ranged Effects condition 3 for a ranged attack (the player's card
    is slower, its lowest speed for a variable one), computed by the caller."""

    cells: tuple[Cell, ...] = ()
    range: int | None = None
    ranged_cell: Cell = field(default_factory=lambda: Cell(Hex(0, 0)))
    speed_ok: bool = True


@dataclass(frozen=True)
class SoloContext:
    """Everything the movement priorities look at.

    ``player``/``player_side``: your character; ``opponent``/``side``: the opponent
    moving, where it stands now; ``others``: the other living opponents' hexes (to
    their sides); ``board``: the battlefield's hexes; ``terrain``: the hexes that count
    as terrain (to a name); ``player_threat``: the hexes your played attack can reach
    (None when you did not play an attack card or have already resolved it: the
    "unable to be attacked" rows are then ignored); ``player_blocks``: your block hexes
    at the opponent's attack speed (empty when none); ``attack``: the opponent's top
    attack when moving for the top segment of an attack card.
    """

    player: Position
    opponent: Position
    board: frozenset[Hex]
    kind: OpponentKind = "melee"
    stance: Stance = "offensive"
    approach: Approach = "front"
    preferred_range: int = 1
    side: str = "opponent"
    player_side: str = "player"
    others: Mapping[Hex, str] = field(default_factory=dict)
    terrain: Mapping[Hex, str] = field(default_factory=dict)
    player_threat: frozenset[Hex] | None = None
    player_blocks: frozenset[Hex] = frozenset()
    attack: SoloAttack | None = None

    @property
    def occupied(self) -> dict[Hex, str]:
        """Every other character's hex, for the opponent's moves."""
        return {self.player[0]: self.player_side, **dict(self.others)}

    def area(self, hex_: Hex) -> bool:
        """Whether ``hex_`` is on the battlefield."""
        return hex_ in self.board


@dataclass(frozen=True)
class Candidate:
    """A position the opponent may end its moves in, with the outcome of each move
    line that leads there (one per line) and the collision that ended them, if any
    (a collided candidate does not attack: its card stops)."""

    position: Position
    plan: tuple[MoveOutcome, ...] = ()
    collision: Collision | None = None

    @property
    def hex(self) -> Hex:
        return self.position[0]

    def sort_key(self) -> tuple[Hex, int]:
        return (self.position[0], int(self.position[1]))

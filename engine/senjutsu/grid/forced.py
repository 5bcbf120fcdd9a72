"""Effects that move another character: Push X, Pull X, Rotate X (target), Swap.

Rulebook 1.5, "Other Ability Card Keywords":

- "Push X / Pull X": "Move the target character a number of hexes, equivalent to X,
  directly away from (Push) or towards (Pull) your character." Each hex of the move
  is taken from where the target then stands: :func:`engine.hexgrid.directly_away` /
  :func:`~engine.hexgrid.directly_towards` (one hex, or two "tied for being the
  furthest away ... or closest to": "choose which tied hex"). A move into terrain,
  another character or off the battlefield is a collision "as though they took a
  mandatory move into that space", and "can be used to deliberately push / pull your
  target" into one, "even if there was also an empty hex": every tied choice is
  offered. A collision stops the push where the target stood.
- "Rotate X": "rotate the targeted character ... X, in the same direction."
- "Swap Positions": the two characters exchange hexes and keep their facings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.hexgrid import Hex, directly_away, directly_towards
from engine.senjutsu.grid.moves import collision_at
from engine.senjutsu.grid.values import Collision, Position, PushOutcome

PUSH_PULL = "Other Ability Card Keywords > Push X / Pull X"
ROTATE_TARGET = "Other Ability Card Keywords > Rotate X"
SWAP_POSITIONS = "Other Ability Card Keywords > Swap Positions"


def _forced(
    source: Hex,
    target: Hex,
    n: int,
    next_hexes: Callable[[Hex, Hex], tuple[Hex, ...]],
    *,
    area: Callable[[Hex], bool],
    occupied: Mapping[Hex, str],
    terrain: Mapping[Hex, str],
) -> tuple[PushOutcome, ...]:
    if n < 0:
        raise ValueError(f"a push or pull moves 0 or more hexes, not {n}")
    if source == target:
        raise ValueError("a character cannot push or pull itself")
    found: dict[tuple[Hex, Collision | None], tuple[Hex, ...]] = {}
    walks: list[tuple[Hex, ...]] = [(target,)]
    for _ in range(n):
        following: list[tuple[Hex, ...]] = []
        for walked in walks:
            here = walked[-1]
            for there in next_hexes(source, here):
                collision = collision_at(there, area=area, occupied=occupied, terrain=terrain)
                if collision is None and there == source:
                    collision = Collision("character", there, None)
                if collision is not None:
                    found.setdefault((here, collision), walked)
                else:
                    following.append((*walked, there))
        walks = following
    for walked in walks:
        found.setdefault((walked[-1], None), walked)
    outcomes = (PushOutcome(end, collision, path) for (end, collision), path in found.items())
    return tuple(sorted(outcomes, key=PushOutcome.sort_key))


def push_destinations(
    source: Hex,
    target: Hex,
    n: int,
    *,
    area: Callable[[Hex], bool],
    occupied: Mapping[Hex, str],
    terrain: Mapping[Hex, str],
) -> tuple[PushOutcome, ...]:
    """Every end of pushing the character in ``target`` ``n`` hexes directly away from
    ``source`` (Push X / Pull X), one per tied choice, collisions included. ``occupied``
    maps every other character's hex (the pusher's too) to its side.

    >>> from engine.hexgrid import Hex
    >>> [o.end for o in push_destinations(Hex(0, 0), Hex(1, 0), 2,
    ...     area=lambda h: True, occupied={}, terrain={})]
    [Hex(q=3, r=0)]
    """
    return _forced(source, target, n, directly_away, area=area, occupied=occupied, terrain=terrain)


def pull_destinations(
    source: Hex,
    target: Hex,
    n: int,
    *,
    area: Callable[[Hex], bool],
    occupied: Mapping[Hex, str],
    terrain: Mapping[Hex, str],
) -> tuple[PushOutcome, ...]:
    """Every end of pulling the character in ``target`` ``n`` hexes directly towards
    ``source`` (Push X / Pull X); pulled into the puller's own hex, it collides with
    the puller."""
    return _forced(
        source, target, n, directly_towards, area=area, occupied=occupied, terrain=terrain
    )


def rotate_target_outcomes(position: Position, n: int) -> tuple[Position, ...]:
    """The facings a Rotate X on a targeted character may leave it in: X hexsides all
    left or all right (Other Ability Card Keywords > Rotate X), sorted by facing."""
    if n < 0:
        raise ValueError(f"a rotation turns 0 or more hexsides, not {n}")
    hex_, facing = position
    return tuple(sorted({(hex_, facing.turn(n)), (hex_, facing.turn(-n))}))


def swap_positions(mover: Position, target: Position) -> tuple[Position, Position]:
    """Swap Positions: each takes the other's hex and keeps its own facing; returns
    (the mover's new position, the target's new position)."""
    return (target[0], mover[1]), (mover[0], target[1])

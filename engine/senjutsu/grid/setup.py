"""Setup on the grid: where terrain and characters may be placed.

Rulebook 1.5, "Setup":

- "Battlefield Setup" step 2: "Terrain cannot be placed within 2 hexes of any other
  previously placed terrain."
- "Player Setup" step 12: "Place the character ... on an empty hex, more than 3 hexes
  away from characters already placed ... If this is not possible, place this
  character as many hexes away from already placed characters as you can." Read here
  as: the empty hexes whose distance to the nearest placed character is the greatest
  possible, when no empty hex is more than 3 away.

An empty hex holds no character and no terrain (the hex between a torii gate's
pillars is empty).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from engine.hexgrid import Facing, Hex, oriented

TERRAIN_PLACEMENT = "Setup > Battlefield Setup"
CHARACTER_PLACEMENT = "Setup > Player Setup"
PLACEMENT_DISTANCE = 3
TERRAIN_SPACING = 2


def placement_hexes(
    board: Iterable[Hex], placed: Collection[Hex], terrain: Collection[Hex]
) -> tuple[Hex, ...]:
    """The hexes (sorted) where the next character may be placed (Player Setup, steps
    11 and 12): any empty hex for the first; then the empty hexes more than 3 away
    from every placed character, or failing any, the furthest from the nearest one."""
    empty = sorted(frozenset(board) - frozenset(placed) - frozenset(terrain))
    if not placed:
        return tuple(empty)
    nearest = {hex_: min(hex_.distance(other) for other in placed) for hex_ in empty}
    far = tuple(hex_ for hex_ in empty if nearest[hex_] > PLACEMENT_DISTANCE)
    if far or not empty:
        return far
    best = max(nearest.values())
    return tuple(hex_ for hex_ in empty if nearest[hex_] == best)


def terrain_hexes(shape: Iterable[Hex], anchor: Hex, facing: Facing) -> frozenset[Hex]:
    """The battlefield hexes of a terrain piece drawn facing EAST, placed at ``anchor``
    turned to ``facing``."""
    return oriented(shape, anchor, facing)


def terrain_placement_ok(
    board: Collection[Hex], piece: Collection[Hex], placed_terrain: Collection[Hex]
) -> bool:
    """Whether a terrain piece covering ``piece`` may be placed: wholly on the
    battlefield, and no hex of it within 2 hexes of a previously placed terrain hex
    (Battlefield Setup, step 2)."""
    cells = frozenset(board)
    return all(hex_ in cells for hex_ in piece) and all(
        hex_.distance(other) > TERRAIN_SPACING for hex_ in piece for other in placed_terrain
    )


def terrain_placements(
    board: Collection[Hex], shape: Collection[Hex], placed_terrain: Collection[Hex]
) -> tuple[tuple[Hex, Facing], ...]:
    """Every legal (anchor, facing) for a terrain piece of ``shape`` (sorted); a facing
    that covers the same hexes as a lower one is still listed (the piece's picture
    turns)."""
    return tuple(
        (anchor, facing)
        for anchor in sorted(board)
        for facing in Facing
        if terrain_placement_ok(board, terrain_hexes(shape, anchor, facing), placed_terrain)
    )

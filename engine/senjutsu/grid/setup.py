"""Setup on the grid: where terrain and characters may be placed.

Rulebook 1.5, "Setup":

- "Battlefield Setup" step 2: "Terrain cannot be placed within 2 hexes of any other
  previously placed terrain."
- "Player Setup" step 12: "Place the character ... on an empty hex, more than 3 hexes
  away from characters already placed ... If this is not possible, place this
  character as many hexes away from already placed characters as you can." Read here
  as: the empty hexes whose distance to the nearest placed character is the greatest
  possible, when no empty hex is more than 3 away.

- "Battlefield Setup" step 1: "Multiple battlefield boards can be combined to create
  large battlefields." Read here as: each board shifted by an axial offset, no hex
  covered twice, each board after the first touching (a hex next to) one before it.

An empty hex holds no character and no terrain (the hex between a torii gate's
pillars is empty).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from engine.hexgrid import Facing, Hex, oriented

TERRAIN_PLACEMENT = "Setup > Battlefield Setup"
CHARACTER_PLACEMENT = "Setup > Player Setup"
PLACEMENT_DISTANCE = 3
TERRAIN_SPACING = 2


def shifted(hexes: Iterable[Hex], offset: Hex) -> frozenset[Hex]:
    """A board's hexes moved by an axial ``offset``."""
    return frozenset(hex_ + offset for hex_ in hexes)


def board_problem(boards: Sequence[Collection[Hex]]) -> tuple[int, str] | None:
    """Why boards (already shifted) cannot be combined into one battlefield (Battlefield
    Setup step 1), as (index of the board at fault, reason), or ``None`` when they can:
    no hex on two boards, each board after the first next to one before it.

    >>> one = {Hex(0, 0), Hex(1, 0)}
    >>> board_problem([one, {Hex(2, 0)}]) is None
    True
    >>> board_problem([one, {Hex(1, 0), Hex(2, 0)}])
    (1, 'overlaps 1 hex of the boards before it, first [1, 0]')
    >>> board_problem([one, {Hex(5, 0)}])
    (1, 'does not touch the boards before it')
    """
    taken: set[Hex] = set()
    for index, board in enumerate(boards):
        overlap = sorted(taken.intersection(board))
        if overlap:
            count = f"{len(overlap)} hex{'es' if len(overlap) > 1 else ''}"
            return index, f"overlaps {count} of the boards before it, first {overlap[0].to_json()}"
        if taken and not any(n in taken for hex_ in board for n in hex_.neighbours()):
            return index, "does not touch the boards before it"
        taken.update(board)
    return None


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
    turns). The same answer as :func:`terrain_placement_ok` for each, computed once per
    facing and with the hexes too near terrain gathered first (a prompt lists them all).

    >>> board = [Hex(q, 0) for q in range(5)]
    >>> found = terrain_placements(board, [Hex(0, 0)], [Hex(0, 0)])
    >>> sorted({anchor.q for anchor, _ in found}), len(found)
    ([3, 4], 12)
    """
    cells = frozenset(board)
    near = {
        hex_ + Hex(dq, dr)
        for hex_ in placed_terrain
        for dq in range(-TERRAIN_SPACING, TERRAIN_SPACING + 1)
        for dr in range(-TERRAIN_SPACING, TERRAIN_SPACING + 1)
        if Hex(dq, dr).length() <= TERRAIN_SPACING
    }
    free = cells - near
    turned = [terrain_hexes(shape, Hex(0, 0), facing) for facing in Facing]
    return tuple(
        (anchor, facing)
        for anchor in sorted(cells)
        for facing in Facing
        if all(hex_ + anchor in free for hex_ in turned[facing])
    )

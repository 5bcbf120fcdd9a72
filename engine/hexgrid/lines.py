"""Lines across the grid and line of sight (see the package docstring for the rules).

:func:`line` is Red Blob's line drawing done exactly: the segment between two hex
centres is sampled at ``distance + 1`` evenly spaced points, and each point
gives the hex that holds it, or both hexes when it falls exactly on their
common edge (the segment runs along that edge there). Nothing is nudged.

Two line-of-sight rules are offered, because the two hex systems differ:

- :func:`line_of_sight` (centre to centre, the conventional hex-wargame rule,
  used where a rulebook says no more, e.g. Samurai Battles' orders): the view is
  blocked by any blocking hex the line passes through; where the line runs
  exactly along the edge between two hexes, it is blocked only if *both* block.
- :func:`corner_line_of_sight` (Senjutsu 1.5, "Line Of Sight", p. 14): from either
  front corner of the viewer's hex to any corner of the target's hex, a line
  that crosses *or touches* a blocking hex, or any part of the viewer's own hex
  beyond its starting corner, is interrupted.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from engine.hexgrid.coords import Facing, Hex
from engine.hexgrid.geometry import (
    Contact,
    Point,
    contact_scaled,
    corners,
    front_corners,
    hexes_at_scaled,
    hexes_near,
    meets_only_at_start_scaled,
    scaled,
)

Blocks = Callable[[Hex], bool] | Collection[Hex]
"""What blocks sight: a set of hexes (``board.hexes_with("rocks")``), or a test on a hex."""


def _blocking_test(blocks: Blocks) -> Callable[[Hex], bool]:
    if callable(blocks):
        return blocks
    blocked = frozenset(blocks)
    return blocked.__contains__


def line(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The hexes on the segment from ``a``'s centre to ``b``'s, one step per hex
    of distance: ``distance + 1`` steps, ``a`` first and ``b`` last. A step is
    one hex, or the two hexes (sorted) whose common edge the line runs along.

    >>> line(Hex(0, 0), Hex(2, 0))
    ((Hex(q=0, r=0),), (Hex(q=1, r=0),), (Hex(q=2, r=0),))
    >>> line(Hex(0, 0), Hex(1, 1))[1]
    (Hex(q=0, r=1), Hex(q=1, r=0))
    """
    steps = a.distance(b)
    if steps == 0:
        return ((a,),)
    # Sample ``index`` is centre(a) + (centre(b) - centre(a)) * index / steps:
    # over the denominator ``steps``, in whole numbers.
    ax, ay, bx, by = 3 * a.q, 3 * a.r, 3 * b.q, 3 * b.r
    return tuple(
        hexes_at_scaled((ax * steps + (bx - ax) * index, ay * steps + (by - ay) * index, steps))
        for index in range(steps + 1)
    )


def line_hexes(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """Every hex of :func:`line`, in order along it (both hexes of a tie)."""
    return tuple(hex_ for step in line(a, b) for hex_ in step)


def directly_towards(source: Hex, target: Hex) -> tuple[Hex, ...]:
    """The hex(es) one step from ``target`` straight towards ``source``: the step
    before ``target`` on :func:`line` (Senjutsu's Pull; two when tied, and the
    player chooses). Next to ``source``, that is ``source`` itself (a collision).

    >>> directly_towards(Hex(0, 0), Hex(1, 1))
    (Hex(q=0, r=1), Hex(q=1, r=0))
    """
    if source == target:
        raise ValueError("a piece is pulled towards another hex, not its own")
    return line(source, target)[-2]


def directly_away(source: Hex, target: Hex) -> tuple[Hex, ...]:
    """The hex(es) one step from ``target`` straight away from ``source``: where
    the line from ``source`` through ``target`` goes on (Senjutsu's Push: "tied
    for being the furthest away ... choose which tied hex").

    >>> directly_away(Hex(0, 0), Hex(1, 0))
    (Hex(q=2, r=0),)
    >>> directly_away(Hex(0, 0), Hex(1, 1))
    (Hex(q=1, r=2), Hex(q=2, r=1))
    """
    steps = source.distance(target)
    if steps == 0:
        raise ValueError("a piece is pushed away from another hex, not its own")
    # centre(source) + (centre(target) - centre(source)) * (steps + 1) / steps
    sx, sy, tx, ty = 3 * source.q, 3 * source.r, 3 * target.q, 3 * target.r
    return hexes_at_scaled(
        (sx * steps + (tx - sx) * (steps + 1), sy * steps + (ty - sy) * (steps + 1), steps)
    )


def line_of_sight(a: Hex, b: Hex, blocks: Blocks) -> bool:
    """Whether ``a`` sees ``b`` centre to centre (the conventional rule).

    The end hexes never block (the viewer and the target stand there). A step
    of the line blocks if its hex blocks; a step along an edge blocks only if
    both hexes at that edge block.

    >>> line_of_sight(Hex(0, 0), Hex(2, 0), {Hex(1, 0)})
    False
    >>> line_of_sight(Hex(0, 0), Hex(1, 1), {Hex(1, 0)})
    True
    """
    is_blocking = _blocking_test(blocks)
    middle = line(a, b)[1:-1]
    return not any(all(is_blocking(hex_) for hex_ in step) for step in middle)


def sight_lines(
    viewer: Hex, facing: Facing, target: Hex, blocks: Blocks
) -> tuple[tuple[Point, Point], ...]:
    """Every uninterrupted line of Senjutsu's rule from ``viewer`` (facing
    ``facing``) to ``target``: pairs (front corner, target corner), in a fixed
    order (left front corner first, then the target's corners clockwise)."""
    if viewer == target:
        return ()
    # Every line runs inside the box around both hexes: the blocking hexes that
    # could meet one are found once, then tested against each line exactly.
    if callable(blocks):
        suspects = [
            h for h in hexes_near(viewer, target) if h not in (viewer, target) and blocks(h)
        ]
    else:
        near = frozenset(hexes_near(viewer, target))
        suspects = sorted((frozenset(blocks) & near) - {viewer, target})
    clear: list[tuple[Point, Point]] = []
    for start in front_corners(viewer, facing):
        first = scaled(start)  # corners are whole: denominator 1
        for end in corners(target):
            last = scaled(end)
            if meets_only_at_start_scaled(viewer, first, last) and all(
                contact_scaled(hex_, first, last) is Contact.NONE for hex_ in suspects
            ):
                clear.append((start, end))
    return tuple(clear)


def corner_line_of_sight(viewer: Hex, facing: Facing, target: Hex, blocks: Blocks) -> bool:
    """Senjutsu 1.5's line of sight (p. 14): a line from either of the two front
    corners of the viewer's hex to any corner of the target's hex that neither
    crosses nor touches a blocking hex, nor the viewer's own hex except at the
    corner it starts from. A piece never sees its own hex.

    >>> corner_line_of_sight(Hex(0, 0), Facing.EAST, Hex(3, 0), set())
    True
    >>> corner_line_of_sight(Hex(0, 0), Facing.EAST, Hex(-3, 0), set())
    False
    """
    return bool(sight_lines(viewer, facing, target, blocks))

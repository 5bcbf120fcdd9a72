"""Blocks > Resolving Blocks: whether a block (or terrain) stops an attack.

Rulebook 1.5: an attack at the block's initiative speed does not affect the defender
if "1. There is a block in the same hex occupied by the attacking character or...
2. The shortest path of hexes from the attacking character to your character passes
through a hex containing a block." "Terrain adds a block to the hex it occupies at all
initiative speeds." "If there is a tie for the shortest path, all tied paths must go
through a hex containing a block for condition 2 to be true."

A path of hexes runs over the battlefield from the attacker's hex to the defender's,
hex to adjacent hex; it "passes through" the hexes strictly between the two ends.
Every shortest path passes through a block exactly when the shortest path that avoids
block hexes between the ends is longer than the shortest path (or does not exist): two
breadth-first searches, exact, no path enumeration.

Multiplayer Rules > Blocking adds a third way: a block icon on the hex of the
character attacked (:func:`covered_by_block`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from engine.hexgrid import Hex

RESOLVING_BLOCKS = "Blocks > Resolving Blocks"
MULTIPLAYER_BLOCKING = "Multiplayer Rules > Blocking"


def _shortest(
    start: Hex,
    goal: Hex,
    may_pass: Callable[[Hex], bool],
    limit: int | None,
) -> int | None:
    """Breadth-first distance from ``start`` to ``goal`` through hexes ``may_pass``
    allows (the goal is always allowed), searching no deeper than ``limit``."""
    if start == goal:
        return 0
    seen = {start}
    frontier = [start]
    depth = 0
    while frontier and (limit is None or depth < limit):
        depth += 1
        following: list[Hex] = []
        for here in frontier:
            for there in here.neighbours():
                if there == goal:
                    return depth
                if there in seen or not may_pass(there):
                    continue
                seen.add(there)
                following.append(there)
        frontier = following
    return None


def shortest_path_length(attacker: Hex, defender: Hex, area: Callable[[Hex], bool]) -> int | None:
    """The number of steps of the shortest path of battlefield hexes between the two
    (None when the battlefield does not join them)."""
    return _shortest(attacker, defender, area, None)


def is_blocked(
    attacker: Hex,
    defender: Hex,
    block_hexes: Collection[Hex],
    terrain: Collection[Hex],
    area: Callable[[Hex], bool],
) -> bool:
    """Whether an attack from ``attacker`` on the character in ``defender`` is blocked
    by the defender's block hexes (at the attack's speed) or by terrain
    (Blocks > Resolving Blocks, conditions 1 and 2, with ties).

    >>> from engine.hexgrid import Hex
    >>> is_blocked(Hex(0, 0), Hex(2, 0), {Hex(1, 0)}, set(), lambda h: True)
    True
    >>> is_blocked(Hex(0, 0), Hex(1, 1), {Hex(1, 0)}, set(), lambda h: True)
    False
    """
    blocks = frozenset(block_hexes)
    if attacker in blocks:  # condition 1
        return True
    walls = blocks | frozenset(terrain)
    shortest = shortest_path_length(attacker, defender, area)
    if shortest is None:
        return False
    # Condition 2: no shortest path avoids a block between the two ends.
    clear = _shortest(attacker, defender, lambda hex_: area(hex_) and hex_ not in walls, shortest)
    return clear is None or clear > shortest


def covered_by_block(defender: Hex, block_hexes: Collection[Hex]) -> bool:
    """Multiplayer Rules > Blocking: an attack on a character whose hex holds a block
    icon (anyone's, at the attack's speed) is blocked against that character."""
    return defender in frozenset(block_hexes)

"""Solo geometry: approach hexes, the 'facing your character' key term, the rear.

Rulebook 1.5, Solo Rules:

- "Approach": "opponents should move to approach your character from this angle,
  relative to your character's facing"; "change their approach: move the token to the
  next position on their card, indicated by the black arrows". The four approaches
  are read against the six sextants around your character (numbered clockwise from
  its facing, :func:`engine.hexgrid.relative_directions`): front = the sextant ahead
  (0), right = the two on the right (1, 2), rear = the one behind (3), left = the two
  on the left (4, 5). A hex on the boundary of two sextants is in both.
- "'Facing your character' Key Term": of "the two facings that get closest", an
  approach from the left faces "to the right of your character's occupied hex, from
  the perspective of the opponent", from the right to its left, and from the front
  "towards the hex your character is facing directly into". The rulebook is silent on
  an approach from the rear: here it mirrors the front, towards the hex directly
  behind your character. When one facing looks straight at your hex, it is that one.
- "Closer to your character's rear": nearer (in hexes) to the hex directly behind
  your character.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.hexgrid import Facing, Hex, facings_towards, relative_directions
from engine.senjutsu.grid import Position

APPROACH = "Solo Rules > Approach"
FACING_YOUR_CHARACTER = "Opponent Movement > 'Facing your character' Key Term"

APPROACH_SEXTANTS: dict[str, frozenset[int]] = {
    "front": frozenset({0}),
    "right": frozenset({1, 2}),
    "rear": frozenset({3}),
    "left": frozenset({4, 5}),
}


def in_approach(player: Position, hex_: Hex, approach: str) -> bool:
    """Whether ``hex_`` lies on the side of your character its ``approach`` names."""
    if approach not in APPROACH_SEXTANTS:
        raise ValueError(f"an approach is front, left, rear or right, not {approach!r}")
    origin, facing = player
    return bool(APPROACH_SEXTANTS[approach] & frozenset(relative_directions(origin, facing, hex_)))


def next_approach(approaches: Sequence[str], current: str) -> str:
    """The approach after ``current`` in the card's cycle (Solo Rules > Approach)."""
    if current not in approaches:
        raise ValueError(f"{current!r} is not one of this opponent's approaches {approaches}")
    return approaches[(list(approaches).index(current) + 1) % len(approaches)]


def turns_between(first: Facing, second: Facing) -> int:
    """Hexsides between two facings, the short way round (0 to 3)."""
    difference = (int(first) - int(second)) % 6
    return min(difference, 6 - difference)


def _alignment(vector: Hex, offset: Hex) -> int:
    """4/3 of the dot product of two hex vectors on the page (centres at
    ``x = sqrt(3) (q + r / 2)``, ``y = 3/2 r``), a whole number: of two unit
    facings, the larger value points more nearly along ``offset``."""
    return (2 * vector.q + vector.r) * (2 * offset.q + offset.r) + 3 * vector.r * offset.r


def _closest(candidates: Sequence[Facing], origin: Hex, target: Hex) -> Facing:
    """Of ``candidates``, the facing pointing most nearly from ``origin`` at
    ``target`` (the first on a tie)."""
    if origin == target:
        return candidates[0]
    offset = target - origin
    return max(candidates, key=lambda facing: _alignment(facing.vector, offset))


def facing_your_character(opponent: Hex, player: Position, approach: str) -> Facing:
    """The facing the key term gives an opponent in ``opponent``: straight at your
    hex when one facing does, else one of the two closest, by its approach.

    >>> from engine.hexgrid import Facing, Hex
    >>> facing_your_character(Hex(2, 1), (Hex(0, 0), Facing.EAST), "left")
    <Facing.NORTH_WEST: 4>
    >>> facing_your_character(Hex(2, 1), (Hex(0, 0), Facing.EAST), "right")
    <Facing.WEST: 3>
    """
    player_hex, player_facing = player
    closest = facings_towards(opponent, player_hex)
    if len(closest) == 1:
        return closest[0]
    anticlockwise, clockwise = closest
    if approach == "left":
        return clockwise  # to the right of your hex, seen from the opponent
    if approach == "right":
        return anticlockwise
    aim = player_facing if approach == "front" else player_facing.opposite
    return _closest(closest, opponent, player_hex.neighbour(aim))


def facing_towards_score(position: Position, player_hex: Hex) -> int:
    """How far (hexsides) a position's facing is from looking at your hex: 0 when it
    faces one of the closest facings ("Facing more towards your character")."""
    hex_, facing = position
    return min(turns_between(facing, other) for other in facings_towards(hex_, player_hex))


def rear_hex(player: Position) -> Hex:
    """The hex directly behind your character."""
    origin, facing = player
    return origin.neighbour(facing.opposite)


def rear_distance(player: Position, hex_: Hex) -> int:
    """Hexes from ``hex_`` to the hex behind your character ("closer to your
    character's rear")."""
    return hex_.distance(rear_hex(player))


SOLO_SETUP = "Solo Setup"
SETUP_DISTANCE = 4


def setup_positions(
    board: frozenset[Hex],
    player: Position,
    occupied: frozenset[Hex],
    terrain: frozenset[Hex],
    approach: str,
) -> tuple[Position, ...]:
    """Solo Setup step 5: "on empty hexes, facing your character and at least four
    hexes away" (the facing by the key term for the opponent's approach), sorted."""
    player_hex = player[0]
    return tuple(
        (hex_, facing_your_character(hex_, player, approach))
        for hex_ in sorted(board - occupied - terrain - {player_hex})
        if hex_.distance(player_hex) >= SETUP_DISTANCE
    )

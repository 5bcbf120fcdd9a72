"""Attacks: the hexes an attack grid targets, and the Commit To Hit rule.

Rulebook 1.5, "Attacks": "each character in a hex containing any of the following
icons is targeted"; the grid is drawn for the attacker facing EAST and turned to its
real position with :func:`engine.hexgrid.oriented`. "The Commit To Hit Rule": "if you
can resolve the card such that the attack effect will target a character, you must
resolve it in that way", including "any move effects on the card before the attack
effect", even when the attack will be blocked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.hexgrid import Hex, oriented
from engine.senjutsu.grid.values import Cell, MoveOutcome, Position

ATTACKS = "Resolving Ability Cards > Attacks"
COMMIT_TO_HIT = "Attacks > The Commit To Hit Rule"


def attack_targets(attacker: Position, grid: Sequence[Cell]) -> dict[Hex, Cell]:
    """The battlefield hexes of an attack grid from ``attacker``, each with its cell,
    in hex order (Attacks).

    >>> from engine.hexgrid import Facing, Hex
    >>> list(attack_targets((Hex(2, 2), Facing.WEST), [Cell(Hex(1, 0))]))
    [Hex(q=1, r=2)]
    """
    origin, facing = attacker
    placed: dict[Hex, Cell] = {}
    for cell in grid:
        (hex_,) = oriented([cell.hex], origin, facing)
        if hex_ in placed:
            raise ValueError(f"the attack grid names the hex {cell.hex} twice")
        placed[hex_] = cell
    return dict(sorted(placed.items()))


def targeted_characters(
    attacker: Position, grid: Sequence[Cell], others: Mapping[Hex, str]
) -> dict[str, Cell]:
    """The characters (sides, sorted) an attack from ``attacker`` targets, with the
    cell each stands in (Attacks). ``others`` maps the other characters' hexes to
    their sides; the attacker itself is never its own target."""
    origin = attacker[0]
    return dict(
        sorted(
            (others[hex_], cell)
            for hex_, cell in attack_targets(attacker, grid).items()
            if hex_ in others and hex_ != origin
        )
    )


def commit_to_hit(
    outcomes: Sequence[MoveOutcome], grid: Sequence[Cell], others: Mapping[Hex, str]
) -> tuple[MoveOutcome, ...]:
    """The move outcomes the Commit To Hit rule leaves before an attack: those from
    which the attack targets a character, when there are any; otherwise all of them
    (the attack simply misses). A collided outcome never attacks: a collision caused
    by your own card stops it (Move Effects > Collisions)."""
    hitting = tuple(
        outcome
        for outcome in outcomes
        if outcome.collision is None and targeted_characters(outcome.end, grid, others)
    )
    return hitting or tuple(outcomes)

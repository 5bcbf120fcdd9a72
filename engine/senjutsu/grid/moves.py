"""Move Effects: rotations and steps, in any order and combination, with collisions.

Rulebook 1.5, "Resolving Ability Cards > Move Effects":

- Rotate X: each rotation turns the character one hexside left or right. A mandatory
  rotation of 2 or more turns the same way every time ("Mandatory Moves"); an optional
  one may turn either way each time (the rulebook restricts only mandatory rotations).
- Step X: ``front`` (the hex faced), ``front3`` (that hex or the one left or right of it)
  or ``any`` adjacent hex; for a step of 2 or more "you must choose the same direction
  for each step, relative to your character's facing", so rotations made between the
  steps turn the later steps with the character ("Choosing the same direction with
  step 2 example").
- "Sequencing Of Movement": the step and rotate effects of one line resolve "in any
  order and combination"; effects separated by "then" are separate lines (call this
  once per line, or :func:`chain_outcomes` for several).
- "Optional Moves": up to X; they "cannot be used to deliberately cause a collision".
- "Mandatory Moves": resolved in full; "If the mandatory move effect has an option that
  avoids causing a collision, you must choose that option" (the Ronin example: rotate,
  then step). When every way collides, the collisions are the outcomes.
- "Collisions": a step into another character, off the battlefield or into terrain does
  not happen: the character "remains in their original hex" (for a step of 2 or more:
  the hex it stood in before the step that collided) and the move ends there.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from engine.hexgrid import Facing, Hex
from engine.senjutsu.grid.values import (
    RELATIVE_DIRECTIONS,
    Collision,
    MoveOutcome,
    MoveSpec,
    Position,
)

MOVE_EFFECTS = "Resolving Ability Cards > Move Effects"
STEP_SAME_DIRECTION = "Move Effects > Step X"
SEQUENCING_OF_MOVEMENT = "Move Effects > Sequencing Of Movement"
OPTIONAL_MOVES = "Move Effects > Optional Moves"
MANDATORY_MOVES = "Move Effects > Mandatory Moves"
COLLISIONS = "Move Effects > Collisions"

Area = Callable[[Hex], bool]
T = TypeVar("T")

# (hex, facing, steps or turns left per spec, chosen relative step direction per spec,
#  chosen turn direction per spec)
_State = tuple[Hex, int, tuple[int, ...], tuple[int | None, ...], tuple[int | None, ...]]
# (end hex, end facing, collision) -> the shortest-then-least hexes entered to get there
_Ends = dict[tuple[Hex, int, Collision | None], tuple[Hex, ...]]


def _replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])


def collision_at(
    hex_: Hex, *, area: Area, occupied: Mapping[Hex, str], terrain: Mapping[Hex, str]
) -> Collision | None:
    """What a character moving into ``hex_`` would collide with, if anything
    (Move Effects > Collisions): off the battlefield, terrain, or another character.
    ``terrain`` holds only the hexes that count as terrain (a torii gate's pillars,
    not the hex between them)."""
    if not area(hex_):
        return Collision("off_battlefield", hex_, None)
    if hex_ in terrain:
        return Collision("terrain", hex_, terrain[hex_])
    if hex_ in occupied:
        return Collision("character", hex_, occupied[hex_])
    return None


def collision_label(collision: Collision) -> str:
    """The word a move command or event gives a collision (:attr:`Collision.label`)."""
    return collision.label


def move_outcomes(
    start: Position,
    moves: Sequence[MoveSpec],
    *,
    mandatory: bool = False,
    area: Area,
    occupied: Mapping[Hex, str],
    terrain: Mapping[Hex, str],
) -> tuple[MoveOutcome, ...]:
    """Every distinct way to finish one line's step and rotate effects, sorted
    (end hex, facing, collision, path).

    ``mandatory`` makes every spec of the line mandatory (a line in the character's
    Kamae stripe: "Ability card effects gained from being in a Kamae position are
    mandatory"); otherwise each :class:`MoveSpec` says. ``occupied`` maps the other
    characters' hexes to their sides (not the mover's own hex). Outcomes are distinct
    by (end, collision); of several paths to one end, the fewest hexes, then the
    least in hex order, is given.

    >>> from engine.hexgrid import Facing, Hex
    >>> ends = move_outcomes((Hex(0, 0), Facing.EAST), [MoveSpec("step", 1, "front", True)],
    ...                      area=lambda h: True, occupied={}, terrain={})
    >>> [o.end for o in ends]
    [(Hex(q=1, r=0), <Facing.EAST: 0>)]
    """
    specs = tuple(
        MoveSpec(spec.kind, spec.n, spec.dirs, spec.mandatory or mandatory) for spec in moves
    )

    @functools.cache
    def ends_from(state: _State) -> _Ends:
        here, facing, left, step_dirs, turn_dirs = state
        found: _Ends = {}

        def keep(key: tuple[Hex, int, Collision | None], suffix: tuple[Hex, ...]) -> None:
            best = found.get(key)
            if best is None or (len(suffix), suffix) < (len(best), best):
                found[key] = suffix

        if all(n == 0 for n, spec in zip(left, specs, strict=True) if spec.mandatory):
            keep((here, facing, None), ())
        for index, spec in enumerate(specs):
            if left[index] == 0:
                continue
            remaining = _replaced(left, index, left[index] - 1)
            if spec.kind == "rotate":
                chosen = turn_dirs[index]
                for way in (chosen,) if chosen is not None else (1, -1):
                    kept = way if spec.mandatory else None
                    turns = _replaced(turn_dirs, index, kept)
                    after = (here, (facing + way) % 6, remaining, step_dirs, turns)
                    for key, suffix in ends_from(after).items():
                        keep(key, suffix)
                continue
            fixed = step_dirs[index]
            for relative in (fixed,) if fixed is not None else RELATIVE_DIRECTIONS[spec.dirs]:
                there = here.neighbour((facing + relative) % 6)
                collision = collision_at(there, area=area, occupied=occupied, terrain=terrain)
                if collision is not None:
                    # Optional moves never collide; a mandatory one may, if it must.
                    if spec.mandatory:
                        keep((here, facing, collision), ())
                    continue
                chosen_dirs = _replaced(step_dirs, index, relative)
                after = (there, facing, remaining, chosen_dirs, turn_dirs)
                for key, suffix in ends_from(after).items():
                    keep(key, (there, *suffix))
        return found

    origin, facing = start
    initial: _State = (
        origin,
        int(facing),
        tuple(spec.n for spec in specs),
        (None,) * len(specs),
        (None,) * len(specs),
    )
    ends = ends_from(initial)
    outcomes = [
        MoveOutcome((hex_, Facing(facing_)), collision, (origin, *suffix))
        for (hex_, facing_, collision), suffix in ends.items()
    ]
    clear = [outcome for outcome in outcomes if outcome.collision is None]
    # "If the mandatory move effect has an option that avoids causing a collision, you
    # must choose that option" (Move Effects > Mandatory Moves).
    chosen = clear or outcomes
    return tuple(sorted(chosen, key=MoveOutcome.sort_key))


def chain_outcomes(
    start: Position,
    lines: Sequence[Sequence[MoveSpec]],
    *,
    area: Area,
    occupied: Mapping[Hex, str],
    terrain: Mapping[Hex, str],
) -> tuple[MoveOutcome, ...]:
    """The outcomes of several move lines resolved one after the other ("A then B"),
    each line as :func:`move_outcomes` allows from where the last one ended. A
    collision ends the card ("do not resolve the rest of your ability card"), so a
    collided outcome is final. Paths run from ``start`` through every line; outcomes
    are distinct by (end, collision), the shortest-then-least path kept."""
    current: dict[tuple[Position, Collision | None], tuple[Hex, ...]] = {(start, None): (start[0],)}
    for moves in lines:
        following: dict[tuple[Position, Collision | None], tuple[Hex, ...]] = {}
        # ``current`` is filled in sorted order, so this loop is deterministic.
        for (position, collision), walked in current.items():
            steps: tuple[MoveOutcome, ...]
            if collision is not None:
                steps = (MoveOutcome(position, collision, (position[0],)),)
            else:
                steps = move_outcomes(
                    position, moves, area=area, occupied=occupied, terrain=terrain
                )
            for outcome in steps:
                key = (outcome.end, outcome.collision)
                path = walked + outcome.path[1:]
                best = following.get(key)
                if best is None or (len(path), path) < (len(best), best):
                    following[key] = path
        current = following
    return tuple(
        sorted(
            (MoveOutcome(end, collision, path) for (end, collision), path in current.items()),
            key=MoveOutcome.sort_key,
        )
    )

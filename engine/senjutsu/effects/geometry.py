"""The interpreter's calls into the grid mechanics (``engine.senjutsu.grid``, H3),
from the state's plain JSON to the grid's values and back.

Every outcome comes back as JSON the commands and events carry: a move outcome
``{"hex", "facing", "collision", "path"}`` where ``collision`` is null, a side (into
that character), ``"edge"`` (off the battlefield) or a placed terrain piece's id.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from engine.core import State
from engine.hexgrid import Facing, Hex
from engine.senjutsu import grid
from engine.senjutsu.effects.frames import board, living, position, terrain_at

Json = dict[str, Any]
EDGE = "edge"


def _occupied(state: State, mover: str) -> dict[Hex, str]:
    return {
        Hex.from_json(state["characters"][side]["hex"]): side
        for side in living(state)
        if side != mover
    }


def _terrain(state: State) -> dict[Hex, str]:
    return {hex_: str(piece["id"]) for hex_, piece in terrain_at(state).items()}


def _area(state: State) -> Any:
    hexes = board(state)
    return hexes.__contains__


def _collision_name(collision: grid.Collision | None) -> str | None:
    return None if collision is None else grid.collision_label(collision)


def move_outcomes(
    state: State,
    side: str,
    moves: Sequence[Json],
    *,
    mandatory: bool,
    start: tuple[Hex, Facing] | None = None,
) -> list[Json]:
    """Every distinct end of one line's steps and rotations (Move Effects >
    Sequencing Of Movement), as move commands' fields, sorted. Fresh dicts: the
    caller may change them."""
    origin = start if start is not None else position(state, side)
    found = _move_outcomes(
        origin,
        tuple(grid.MoveSpec.from_effect(m) for m in moves),
        mandatory,
        area=board(state),
        occupied=frozenset(_occupied(state, side).items()),
        terrain=frozenset(_terrain(state).items()),
    )
    return [
        {**option, "hex": list(option["hex"]), "path": [list(h) for h in option["path"]]}
        for option in found
    ]


@functools.lru_cache(maxsize=4096)
def _move_outcomes(
    origin: tuple[Hex, Facing],
    specs: tuple[grid.MoveSpec, ...],
    mandatory: bool,
    *,
    area: frozenset[Hex],
    occupied: frozenset[tuple[Hex, str]],
    terrain: frozenset[tuple[Hex, str]],
) -> tuple[Json, ...]:
    """:func:`move_outcomes` on the grid's values: a pure function of where the mover
    stands, the line, the battlefield and what stands on it, so a position met again
    (bots and replays meet many) is answered from memory."""
    found: dict[str, Json] = {}
    for outcome in grid.move_outcomes(
        origin,
        specs,
        mandatory=mandatory,
        area=area.__contains__,
        occupied=dict(occupied),
        terrain=dict(terrain),
    ):
        hex_, facing = outcome.end
        option = {
            "hex": hex_.to_json(),
            "facing": int(facing),
            "collision": _collision_name(outcome.collision),
            "path": [h.to_json() for h in outcome.path],
        }
        key = f"{option['hex']}/{option['facing']}/{option['collision']}"
        found.setdefault(key, option)
    ordered = sorted(found.values(), key=lambda o: (o["hex"], o["facing"], o["collision"] or ""))
    return tuple(ordered)


def is_blocked(state: State, attacker: Hex, defender: Hex, block_hexes: frozenset[Hex]) -> bool:
    """Blocks > Resolving Blocks, both conditions (terrain always blocks)."""
    return bool(
        grid.is_blocked(attacker, defender, block_hexes, frozenset(terrain_at(state)), _area(state))
    )


def ranged_candidates(
    state: State, side: str, range_: int, source: tuple[Hex, Facing] | None = None
) -> list[str]:
    """The characters within ``range_`` and in line of sight (Ranged Effects,
    conditions 1 and 2)."""
    targets = {
        other: Hex.from_json(state["characters"][other]["hex"])
        for other in living(state)
        if other != side
    }
    found = grid.ranged_candidates(
        source if source is not None else position(state, side),
        range_,
        targets,
        frozenset(terrain_at(state)),
    )
    return sorted(str(s) for s in found)


def push_outcomes(state: State, source: str, target: str, n: int, *, pull: bool) -> list[Json]:
    """Where a Push / Pull of ``n`` can take ``target`` (ties to choose from) and
    the collision each causes: ``hex`` names the choice (the hex collided with,
    or the end), ``end`` is where the target stays."""
    source_hex = position(state, source)[0]
    target_hex = position(state, target)[0]
    compute = grid.pull_destinations if pull else grid.push_destinations
    found: dict[str, Json] = {}
    for outcome in compute(
        source_hex,
        target_hex,
        n,
        area=_area(state),
        occupied=_occupied(state, target),
        terrain=_terrain(state),
    ):
        towards = outcome.collision.hex if outcome.collision else outcome.end
        option = {
            "hex": towards.to_json(),
            "end": outcome.end.to_json(),
            "collision": _collision_name(outcome.collision),
            "path": [h.to_json() for h in outcome.path],
        }
        found.setdefault(f"{option['hex']}/{option['collision']}", option)
    return sorted(found.values(), key=lambda o: (o["hex"], o["collision"] or ""))


def kamae_paths(tree: Any, at: str, up_to: int) -> list[Json]:
    """The ways to change Kamae up to ``up_to`` times along the tree's arrows:
    ``{"path": [position ids after the start], "focus": pink branches used}``."""
    found: dict[str, Json] = {"": {"path": [], "focus": 0}}
    for path in grid.kamae_paths(tree, at, up_to):
        ids = [str(p) for p in path.path]
        if ids and ids[0] == at:
            ids = ids[1:]
        found.setdefault("/".join(ids), {"path": ids, "focus": int(path.focus)})
    return sorted(found.values(), key=lambda o: (len(o["path"]), o["path"]))

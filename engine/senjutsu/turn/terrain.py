"""Battlefield Setup step 2, terrain placed in turns: "Choose terrain to put on the
battlefield. Beginning with a randomly chosen player and proceeding clockwise, take turns
placing terrain on the battlefield. Terrain cannot be placed within 2 hexes of any other
previously placed terrain. ... Repeat this process until all terrain is placed."

The set-up's ``"terrain_pool": [kinds]`` is the terrain chosen (a piece per entry, within
the box's counts together with any placed ``terrain``). The game then starts with this
step, before the characters are placed:

1. ``terrain_roll``: the first player in seat order rolls a die with as many faces as
   players (``Dice.roll_one``): face ``k`` makes the ``k``-th seat the first player; the
   ``terrain_first`` event records the roll and the turn order, clockwise (seat order:
   sides A, B, C... sit clockwise) from the first player. Solo: you (side A) place every
   piece, nothing is rolled (the opponents are not players).
2. ``terrain``: the player whose turn it is picks a piece left in the pool and its hex
   and facing (``terrain_placed``); the turn passes clockwise (defeated characters'
   players, who conceded, are skipped).
3. When the pool is empty the characters are placed (Player Setup). When no piece left
   can be placed anywhere (each hex too close to terrain or off the battlefield) the rest
   is set aside (``terrain_set_aside``) and the characters are placed: the rulebook does
   not say; this is the engine's reading, in docs/rules/senjutsu.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.hexgrid import Facing, Hex
from engine.senjutsu import rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.commands import PlaceTerrain, TerrainRoll
from engine.senjutsu.grid.setup import (
    TERRAIN_SPACING,
    terrain_hexes,
    terrain_placement_ok,
    terrain_placements,
)
from engine.senjutsu.state.access import board_hexes
from engine.senjutsu.state.access import terrain_hexes as placed_terrain

TEXT = {
    "terrain_roll": "Roll for the player who places terrain first.",
    "terrain": (
        "Place a piece of terrain: not within 2 hexes of other terrain, on the battlefield."
    ),
}


def pool_state(
    catalogue: Catalogue,
    board: frozenset[Hex],
    placed: Sequence[Mapping[str, Any]],
    pool: Any,
    mode: str,
) -> dict[str, Any]:
    """The state's ``terrain_pool`` for the set-up's ``terrain_pool`` (checked: known
    kinds, within the box's counts with the placed ``terrain``, some piece placeable)."""
    if not isinstance(pool, list) or not all(isinstance(k, str) for k in pool):
        raise InvalidCommand("terrain_pool: a list of terrain piece ids")
    used: dict[str, int] = {}
    for piece in placed:
        used[piece["kind"]] = used.get(piece["kind"], 0) + 1
    for index, kind_id in enumerate(pool):
        if kind_id not in catalogue.terrain_kinds:
            raise InvalidCommand(f"terrain_pool[{index}]: no terrain piece {kind_id!r}")
        used[kind_id] = used.get(kind_id, 0) + 1
        kind = catalogue.terrain(kind_id)
        if used[kind_id] > kind.count:
            raise InvalidCommand(
                f"terrain_pool[{index}]: the box holds {kind.count} {kind.name}, with the "
                f"placed terrain ({rules.COMPONENT_TERRAIN})"
            )
    taken = [Hex(q, r) for piece in placed for q, r in piece["hexes"]]
    if not any(_fits(catalogue, board, kind_id, taken) for kind_id in sorted(set(pool))):
        raise InvalidCommand(
            f"terrain_pool: no piece of it fits on the battlefield ({rules.BATTLEFIELD_TERRAIN})"
        )
    # Solo: you place every piece (the opponents are not players); no roll is needed.
    order = ["A"] if mode == "solo" else []
    return {"left": sorted(pool), "order": order, "next": 0, "set_aside": []}


def _fits(catalogue: Catalogue, board: frozenset[Hex], kind_id: str, taken: list[Hex]) -> bool:
    shape = [Hex(q, r) for q, r in catalogue.terrain(kind_id).hexes]
    return any(
        terrain_placement_ok(board, terrain_hexes(shape, anchor, facing), taken)
        for anchor in sorted(board)
        for facing in Facing
    )


def players(state: State) -> list[str]:
    """The players still in the game in seat order (solo opponents are not players)."""
    return [
        side
        for side in state["sides"]
        if not state["characters"][side].get("solo") and not state["characters"][side]["defeated"]
    ]


def placing_side(state: State) -> str | None:
    """Whose turn it is to place a piece: the next in the clockwise order still playing."""
    pool = state["terrain_pool"]
    order, start = pool["order"], pool["next"]
    living = set(players(state))
    for k in range(len(order)):
        side = order[(start + k) % len(order)]
        if side in living:
            return str(side)
    return None


def prompt(state: State, catalogue: Catalogue) -> Prompt | None:
    """The roll for the first player, else the next piece to place; ``None`` when no
    piece left can be placed (the rest is set aside by :func:`next_step`)."""
    if not state["terrain_pool"]["order"]:
        roller = players(state)[0]
        return Prompt(
            (roller,),
            "terrain_roll",
            options={"text": TEXT["terrain_roll"], "choices": choices(state, roller, catalogue)},
        )
    side = placing_side(state)
    found = [] if side is None else choices(state, side, catalogue)
    if side is None or not found:
        return None
    return Prompt((side,), "terrain", options={"text": TEXT["terrain"], "choices": found})


def choices(state: State, side: str, catalogue: Catalogue) -> list[Command]:
    """Every legal command of ``side`` now: the roll, or each piece kind left times each
    legal hex and facing."""
    pool = state["terrain_pool"]
    if not pool["order"]:
        return [{"kind": "terrain_roll", "side": side}]
    board, taken = board_hexes(state), placed_terrain(state)
    found: list[Command] = []
    for kind_id in sorted(set(pool["left"])):
        shape = [Hex(q, r) for q, r in catalogue.terrain(kind_id).hexes]
        for anchor, facing in terrain_placements(board, shape, taken):
            found.append(
                {
                    "kind": "terrain",
                    "side": side,
                    "terrain": kind_id,
                    "hex": anchor.to_json(),
                    "facing": int(facing),
                }
            )
    return found


def decide(
    state: State, command: TerrainRoll | PlaceTerrain, dice: Dice, catalogue: Catalogue
) -> list[Event]:
    """The events of a roll for the first player or of a piece placed."""
    if isinstance(command, TerrainRoll):
        seated = players(state)
        roll = dice.roll_one(len(seated))
        order = [*seated[roll - 1 :], *seated[: roll - 1]]
        return [
            {
                "type": "terrain_first",
                "side": order[0],
                "roll": roll,
                "faces": len(seated),
                "order": order,
            }
        ]
    return [_placed(state, command, catalogue)]


def _placed(state: State, command: PlaceTerrain, catalogue: Catalogue) -> Event:
    kind_id = command.terrain
    if kind_id not in catalogue.terrain_kinds:
        raise InvalidCommand(f"terrain: no terrain piece {kind_id!r}")
    kind = catalogue.terrain(kind_id)
    if kind_id not in state["terrain_pool"]["left"]:
        placed = sum(1 for piece in state["terrain"] if piece["kind"] == kind_id)
        if placed >= kind.count:
            raise IllegalCommand(
                f"the box holds {kind.count} {kind.name}: all are placed",
                rule=rules.COMPONENT_TERRAIN,
            )
        raise IllegalCommand(
            f"no {kind.name} is left in the terrain to place (left: "
            f"{', '.join(state['terrain_pool']['left'])})",
            rule=rules.BATTLEFIELD_TERRAIN_TURNS,
        )
    anchor, facing = Hex(*command.hex), Facing(command.facing)
    hexes = sorted(terrain_hexes([Hex(q, r) for q, r in kind.hexes], anchor, facing))
    board = board_hexes(state)
    if any(h not in board for h in hexes):
        raise IllegalCommand(
            f"{kind.name} on {list(command.hex)} facing {command.facing} would stand off "
            f"the battlefield",
            rule=rules.BATTLEFIELD_TERRAIN_TURNS,
        )
    if not terrain_placement_ok(board, hexes, placed_terrain(state)):
        raise IllegalCommand(
            f"{kind.name} on {list(command.hex)} would be within {TERRAIN_SPACING} hexes of "
            f"terrain already placed",
            rule=rules.BATTLEFIELD_TERRAIN,
        )
    solid = sorted(terrain_hexes([Hex(q, r) for q, r in kind.solid], anchor, facing))
    piece = {
        "id": f"t{len(state['terrain']) + 1}",
        "kind": kind_id,
        "hexes": [h.to_json() for h in hexes],
        "solid": [h.to_json() for h in solid],
    }
    return {
        "type": "terrain_placed",
        "side": command.side,
        "hex": anchor.to_json(),
        "facing": command.facing,
        "piece": piece,
    }


def next_step(state: State) -> list[Event]:
    """No piece left can be placed: the rest is set aside (the engine's reading)."""
    return [{"type": "terrain_set_aside", "pieces": list(state["terrain_pool"]["left"])}]

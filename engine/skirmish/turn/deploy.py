"""Deployment (Interpretation > Deployment): each side in turn sets up its band within
its zone, a band of depth ``state["zones"][side]`` (6 inches unless the scenario says
otherwise) along its own table edge. Side ``a`` deploys first, then ``b``, unless one
side alone has a hero with Hold Down a Shadow ("You may set up your troops after your
opponent"): it deploys last. A side may keep the scenario's positions (an empty
``positions``) or move any of its models within the zone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shapely.geometry import Point

from engine.core import Command, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.skirmish import rules
from engine.skirmish.geometry.measure import (
    FULL_CIRCLE,
    coherent,
    make_base,
    on_table,
    overlapping,
    to_inches,
)
from engine.skirmish.geometry.sight import piece_polygon
from engine.skirmish.state.access import (
    SIDES,
    base_of,
    has_strategy,
    heroes,
    model_ids,
    unit_ids,
)
from engine.skirmish.state.handlers_turn import DEPLOYED
from engine.skirmish.turn.common import checked_side, not_your_turn
from engine.tabletop.bases import Base

DEPLOY = "deploy"
SHADOW = "hold_down_a_shadow"
BLOCKING_KINDS = ("impassable", "building", "obstacle")
"""Scenery a model may not be set up on: impassable ground, buildings, and obstacles
(a model may stand against a wall, not astride it)."""


def deploy_order(state: State) -> tuple[str, ...]:
    """The order the sides deploy in: ``a`` then ``b``; a side alone with Hold Down a
    Shadow deploys after the other."""
    shadow = [
        side for side in SIDES if any(has_strategy(state, h, SHADOW) for h in heroes(state, side))
    ]
    if len(shadow) == 1:
        return (*[s for s in SIDES if s != shadow[0]], shadow[0])
    return SIDES


def deploying(state: State) -> str | None:
    """The side to deploy now (``None`` when both have)."""
    if state["phase"] != "deploy":
        return None
    for side in deploy_order(state):
        if side not in state["deployed"]:
            return side
    return None


def in_zone(state: State, side: str, base: Base) -> bool:
    """Whether the whole base lies within the side's deployment zone."""
    depth: int = state["zones"][side]
    width: int = state["table"]["width"]
    height: int = state["table"]["height"]
    r = base.size / 2
    edge = state["edges"][side]
    if edge == "south":
        return base.y + r <= depth
    if edge == "north":
        return base.y - r >= height - depth
    if edge == "west":
        return base.x + r <= depth
    return base.x - r >= width - depth


def deploy_prompt(state: State) -> Prompt | None:
    """The deploy prompt of the side deploying now: its zone and its models' places."""
    side = deploying(state)
    if side is None:
        return None
    return Prompt(
        sides=(side,),
        kind=DEPLOY,
        options={
            "edge": state["edges"][side],
            "depth": state["zones"][side],
            "units": {
                unit_id: {
                    m: [
                        state["models"][m]["x"],
                        state["models"][m]["y"],
                        state["models"][m]["facing"],
                    ]
                    for m in state["units"][unit_id]["models"]
                }
                for unit_id in unit_ids(state, side)
            },
        },
    )


def _position(model_id: str, value: Any) -> list[int]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 3
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise InvalidCommand(f"the position of {model_id} is [x, y, facing] in whole table units")
    x, y, facing = value
    if not 0 <= facing < FULL_CIRCLE:
        raise InvalidCommand(f"the facing of {model_id} is in [0, 3600) tenths of a degree")
    return [x, y, facing]


def decide_deploy(state: State, command: Command) -> list[Event]:
    """A side's deployment: ``positions`` maps some of its models to ``[x, y, facing]``
    (table units); the others stay where the scenario put them. Every model of the side
    must end wholly within its zone, on the table, off impassable scenery and buildings,
    without overlapping another model, and every group coherent."""
    side = checked_side(command, ("positions",))
    waiting = deploying(state)
    if side != waiting:
        raise not_your_turn(side, "deploy", () if waiting is None else (waiting,))
    positions = command.get("positions", {})
    if not isinstance(positions, Mapping):
        raise InvalidCommand("positions maps model ids to [x, y, facing]")
    own = set(model_ids(state, side))
    placed: dict[str, list[int]] = {}
    for model_id in sorted(positions):
        if model_id not in own:
            raise InvalidCommand(f"{model_id} is not a model of side {side} on the table")
        placed[model_id] = _position(model_id, positions[model_id])
    _check_layout(state, side, placed)
    return [{"type": DEPLOYED, "side": side, "models": placed}]


def _check_layout(state: State, side: str, placed: Mapping[str, list[int]]) -> None:
    bases: dict[str, Base] = {}
    for model_id in model_ids(state):
        if model_id in placed:
            x, y, facing = placed[model_id]
            bases[model_id] = make_base(x, y, facing, mounted=state["models"][model_id]["mounted"])
        else:
            bases[model_id] = base_of(state, model_id)
    width, height = state["table"]["width"], state["table"]["height"]
    mine = [m for m in sorted(bases) if state["models"][m]["side"] == side]
    for model_id in mine:
        base = bases[model_id]
        if not on_table(base, width, height) or not in_zone(state, side, base):
            raise IllegalCommand(
                f"{model_id} must be set up wholly within {to_inches(state['zones'][side]):g} "
                f"inches of the {state['edges'][side]} edge, on the table",
                rule=rules.DEPLOYMENT,
            )
        for piece in state["scenery"]:
            if piece["kind"] in BLOCKING_KINDS:
                polygon = piece_polygon(piece)
                if polygon.distance(Point(base.x, base.y)) < base.size / 2 - 1:
                    raise IllegalCommand(
                        f"{model_id} may not be set up on {piece['name']}", rule=rules.DEPLOYMENT
                    )
        for other in sorted(bases):
            if other != model_id and overlapping(base, bases[other]):
                raise IllegalCommand(f"{model_id} would overlap {other}", rule=rules.DEPLOYMENT)
    for unit_id in unit_ids(state, side):
        members = [bases[m] for m in state["units"][unit_id]["models"] if m in bases]
        if not coherent(members):
            raise IllegalCommand(
                f"the models of {unit_id} must stay within 2 inches of each other",
                rule=rules.COHERENCY,
            )

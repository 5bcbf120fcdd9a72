"""Preparing a battle: the table and its scenery, and deployment.

``Game System`` steps 1-4 and 7 of the living rules. Armies come in as army
lists (validated by :mod:`engine.kensei.army.validation`); the command deck and the
commander's orders (steps 5 and 6) belong to part III of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast

from engine.core import Dice, Event, IllegalCommand, InvalidCommand, State
from engine.kensei import geometry, rules
from engine.kensei.commands.fields import Placement, integer
from engine.kensei.commands.setup import ChooseSceneryOrder, Deploy, PlaceScenery
from engine.kensei.geometry import Base, spatial
from engine.kensei.geometry.board import board
from engine.kensei.state.deployment import deployment_candidates, next_deployer
from engine.kensei.state.queries import SIDES, placed_bases, scenery_of
from engine.kensei.state.remember import NoDice, Remembered

ELEMENT = 500  # an extra scenery element is up to 5 x 5 cm
PERIMETER_PER_ELEMENT = 2000  # joined elements: 20 cm of perimeter each (see docs)
Kind = Literal["normal", "difficult", "impassable"]
MAX_SCENERY_HEIGHT = 6
DEPLOYMENT_COHESION = 250  # "Miniatures belonging to the same unit must be 2.5 cm or less away"


def extra_scenery_roll(level: int, dice: Dice) -> dict[str, Any]:
    """Extra scenery elements by commander level: level 0 rolls 1D3, level 1
    2D6 keeping the lower, level 2 2D6 keeping the higher (levels 0/1/2 of
    Army creation are levels 1/2/3 of the scenery table: see docs)."""
    if level <= 0:
        face = dice.roll_one()
        return {"dice": [face], "elements": (face + 1) // 2, "rule": "1D3"}
    faces = dice.roll(2)
    if level == 1:
        return {"dice": faces, "elements": min(faces), "rule": "2D6, the lower"}
    return {"dice": faces, "elements": max(faces), "rule": "2D6, the higher"}


def piece_cost(width: int, height: int) -> int:
    """Elements a rectangular piece uses: its perimeter over 20 cm, rounded up
    ("2 elements of 5x5 can form 1 element of 10x10")."""
    perimeter = 2 * (width + height)
    return -(-perimeter // PERIMETER_PER_ELEMENT)


def decide_scenery_order(state: State, side: str, command: ChooseSceneryOrder) -> list[Event]:
    """The higher commander says who places extra scenery first."""
    return [{"type": "scenery_order_chosen", "by": side, "first": command.first}]


def decide_scenery(state: State, side: str, command: PlaceScenery) -> list[Event]:
    """A player places all their extra scenery elements at once (or fewer); the pieces'
    bounds are the table's (checked here, with the field named as the parser does)."""
    allowed = state["setup"]["extra_scenery"][side]["elements"]
    table = state["table"]
    pieces: list[dict[str, Any]] = []
    used = 0
    existing = [*scenery_of(state)]
    for i, raw in enumerate(command.pieces):
        x = integer(raw.x, f"pieces[{i}].x", low=0, high=table["width"])
        y = integer(raw.y, f"pieces[{i}].y", low=0, high=table["height"])
        width = integer(raw.width, f"pieces[{i}].width", low=ELEMENT, high=table["width"])
        depth = integer(raw.depth, f"pieces[{i}].depth", low=ELEMENT, high=table["height"])
        kind = raw.kind
        height = integer(raw.height, f"pieces[{i}].height", low=0, high=MAX_SCENERY_HEIGHT)
        if width % ELEMENT or depth % ELEMENT:
            raise IllegalCommand(
                f"scenery piece {i + 1} is {width / 100:g} x {depth / 100:g} cm: extra scenery is "
                "made of 5 x 5 cm elements, so its sides are multiples of 5 cm",
                rule=rules.SCENERY,
            )
        if x + width > table["width"] or y + depth > table["height"]:
            raise IllegalCommand(f"scenery piece {i + 1} is off the table", rule=rules.SCENERY)
        used += piece_cost(width, depth)
        points = [[x, y], [x + width, y], [x + width, y + depth], [x, y + depth]]
        piece_id = f"{side}-extra-{len(state['scenery']) + i + 1}"
        piece = {
            "id": piece_id,
            "name": f"Extra scenery ({side})",
            "kind": kind,
            "height": height,
            "points": points,
            "by": side,
        }
        candidate = geometry.Scenery(
            id=piece_id,
            kind=cast(Kind, kind),
            height=height,
            points=tuple((p[0], p[1]) for p in points),
        )
        for other_piece in existing:
            if spatial.scenery_overlap(candidate, other_piece):
                raise IllegalCommand(
                    f"scenery piece {i + 1} overlaps {other_piece.id}", rule=rules.SCENERY
                )
        existing.append(candidate)
        pieces.append(piece)
    if used > allowed:
        raise IllegalCommand(
            f"side {side} may place {allowed} extra scenery element(s), these pieces use {used}",
            rule=rules.SCENERY,
        )
    return [{"type": "scenery_placed", "side": side, "pieces": pieces, "elements": used}]


# -- deployment -----------------------------------------------------------------


def decide_deploy(state: State, side: str, command: Deploy) -> list[Event]:
    """Starting positions (one miniature of each unit, alternately), then the
    rest of the army, unit by unit, with its leaders. A bot checks the command
    it plays just before: the answer to that check is reused."""
    return _REMEMBERED.decide(
        state,
        command,
        _NO_DICE,
        lambda _dice: [_deploy(state, side, command.unit, command.minis)],
    )


_REMEMBERED = Remembered()
_NO_DICE = NoDice()


def _deploy(state: State, side: str, uid: str, placements: tuple[Placement, ...]) -> Event:
    stage = state["deployment"]["stage"]
    candidates = deployment_candidates(state, side)
    unit = state["units"].get(uid)
    if unit is None or unit["side"] != side:
        raise InvalidCommand(f"side {side} has no unit {uid}")
    if uid not in candidates:
        rule = rules.STARTING_POSITIONS if stage == "starting" else rules.REST_OF_ARMY
        raise IllegalCommand(f"{_name(unit)} has nothing left to place in this stage", rule=rule)
    pending = [mid for mid in unit["minis"] if not state["minis"][mid]["placed"]]
    if stage == "starting":
        if len(placements) != 1:
            raise IllegalCommand(
                f"place exactly one miniature of {_name(unit)} now; the rest of the unit comes "
                "after every unit has its starting position",
                rule=rules.STARTING_POSITIONS,
            )
        rule = rules.STARTING_POSITIONS
    else:
        if sorted(p.id for p in placements) != sorted(pending):
            raise IllegalCommand(
                f"place every remaining miniature of {_name(unit)}: {', '.join(pending)}",
                rule=rules.REST_OF_ARMY,
            )
        rule = rules.REST_OF_ARMY
    for placement in placements:
        if placement.id not in pending:
            raise IllegalCommand(
                f"miniature {placement.id} is not a miniature of {_name(unit)} waiting to be "
                "placed",
                rule=rule,
            )
    bases = placed_bases(state)
    new_bases = {p.id: _base_for(state, p) for p in placements}
    zone = state["scenario"]["zones"][side]
    here = board(state)
    scene = here.scene
    for mid, base in new_bases.items():
        if not spatial.inside_rect(base, zone):
            raise IllegalCommand(
                f"miniature {mid} is not wholly inside side {side}'s deployment zone",
                rule=rules.STARTING_POSITIONS,
            )
        blocker = scene.over_impassable(base)
        if blocker is not None:
            raise IllegalCommand(f"miniature {mid} would stand on {blocker.id}", rule=rule)
        r = base.bound  # only a base whose box meets this one's can overlap it
        nearby = here.in_box(base.x - r, base.y - r, base.x + r, base.y + r)
        overlap = scene.overlaps_any_base(base, among=nearby) if nearby else None
        if overlap is not None:
            raise IllegalCommand(f"miniature {mid} would overlap miniature {overlap}", rule=rule)
    for mid, base in new_bases.items():
        for other_id, other_base in new_bases.items():
            if other_id < mid and geometry.overlaps(base, other_base):
                raise IllegalCommand(f"miniatures {other_id} and {mid} would overlap", rule=rule)
    if stage == "rest":
        _check_deployed_unit(state, uid, {**bases, **new_bases})
    after = {
        **state,
        "minis": {
            **state["minis"],
            **{m: {**state["minis"][m], "placed": True} for m in new_bases},
        },
    }
    return {
        "type": "miniatures_deployed",
        "side": side,
        "unit": uid,
        "stage": stage,
        "minis": [p.to_json() for p in placements],
        "next": next_deployer(after, side),
    }


def _check_deployed_unit(state: State, uid: str, bases: Mapping[str, Base]) -> None:
    unit = state["units"][uid]
    mids = unit["minis"]
    if len(mids) < 2:
        return
    own = [bases[m] for m in mids]
    for i, mid in enumerate(mids):
        near = any(
            geometry.within(own[i], own[j], DEPLOYMENT_COHESION) for j in range(len(own)) if j != i
        )
        if not near:
            raise IllegalCommand(
                f"miniature {mid} of {_name(unit)} must be 2.5 cm or less from another "
                "miniature of its unit",
                rule=rules.REST_OF_ARMY,
            )
    problems = geometry.formation_problems(own, skirmishers=unit["skirmish"])
    if problems:
        raise IllegalCommand(
            f"{_name(unit)} would be out of formation: {problems[0]}", rule=rules.UNIT_FORMATION
        )


def _base_for(state: State, placement: Placement) -> Base:
    mini = state["minis"][placement.id]
    return Base(
        x=placement.x,
        y=placement.y,
        facing=placement.facing,
        shape=mini["base"]["shape"],
        size=mini["base"]["size"],
        height=mini["height"],
    )


def _name(unit: Mapping[str, Any]) -> str:
    return f"{unit['name']} ({unit['id']})"


__all__ = [
    "SIDES",
    "decide_deploy",
    "decide_scenery",
    "decide_scenery_order",
    "extra_scenery_roll",
    "piece_cost",
]

"""The Move order's checks, shared by every move of miniatures (orders, melee movements):
paths, scenery and difficult terrain, other bases, engaging, formation and facing."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

from engine.core import Event, IllegalCommand, State
from engine.kensei import geometry, rules
from engine.kensei.commands.fields import MiniPath
from engine.kensei.geometry import Base, spatial
from engine.kensei.geometry.board import Board, board
from engine.kensei.movement import engaging as engaging_at
from engine.kensei.state import abilities
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.queries import base_of, duelled, unit_name

CM = 100


FACING_TOLERANCE = 450  # a unit "looking at the movement direction": within 45 degrees


FORWARD_OR_SIDEWAYS = 900  # boosted moves stay within the visual field: 90 degrees either side


def move_event(
    state: State,
    side: str,
    uid: str,
    moves: tuple[MiniPath, ...],
    *,
    allowance: int | None,
    boosted: bool,
    order: str = "move",
    leave: bool = False,
) -> Event:
    """The ``moved`` event of the unit's miniatures along ``moves`` (those not listed
    stay); ``leave``: its leader leaves the unit (Leaving a unit)."""
    unit = state["units"][uid]
    plan = _plan(state, uid, moves)
    engaged = engaged_minis(state, uid)
    disengaging = order == "disengage"
    leaving = leave and not disengaging
    here = board(state)
    scene = here.scene
    near = _surroundings(here, plan, unit["minis"])
    mov = abilities.attribute(state, uid, "mov", unit["mov"])  # Troop Abilities (PA, ki)
    base_allowance = mov * CM if allowance is None else allowance
    difficult = False
    displaced = False
    for mid, (start, waypoints, _final) in plan.items():
        if not waypoints:
            continue
        displaced = True
        if engaged.get(mid) and not disengaging:
            raise IllegalCommand(
                f"miniature {mid} is engaged in melee: it may only rotate in place",
                rule=rules.MOVE,
            )
        length = geometry.path_length((start.x, start.y), waypoints)
        touched = _crossings(state, scene, near, uid=uid, mid=mid, start=start, waypoints=waypoints)
        difficult = difficult or touched
        limit = base_allowance
        if touched and boosted:
            raise IllegalCommand(
                f"miniature {mid} would cross difficult terrain on a boosted move",
                rule=rules.BOOST_MOVEMENT,
            )
        if touched and unit["moves"] >= 1 and allowance is None:
            limit //= 2
        if length > limit + geometry.EPSILON:
            why = (
                " (halved: a second move touching difficult terrain)"
                if limit < base_allowance
                else ""
            )
            raise IllegalCommand(
                f"miniature {mid} would move {length / CM:.1f} cm; "
                f"it may move {limit / CM:g} cm{why}",
                rule=rules.CROSSING_OBSTACLES if why else rules.MOVE,
            )
        if boosted:
            _forward_or_sideways(mid, start, waypoints)
    finals = {mid: final for mid, (_start, _w, final) in plan.items()}
    _check_final_positions(state, scene, near, uid, finals)
    leader = unit["leader"] if leaving else None
    staying = {mid: entry for mid, entry in plan.items() if mid != leader}
    if displaced and (unit["skirmish"] or not any(engaged.values())) and len(staying) > 1:
        _check_unit_facing(staying)
    engaging = _check_engaging(state, uid, plan)
    _check_formation(state, uid, finals, exclude=leader)
    listed = {m.id for m in moves}
    event: Event = {
        "type": "moved",
        "side": side,
        "unit": uid,
        "order": "boosted_move" if boosted else order,
        "orders_spent": 0 if boosted else (2 if disengaging else 1),
        "minis": [
            {
                "id": mid,
                "path": [list(p) for p in waypoints],
                "x": final.x,
                "y": final.y,
                "facing": final.facing,
            }
            for mid, (_start, waypoints, final) in plan.items()
            if mid in listed
        ],
        "displaced": displaced,
        "difficult": difficult,
        "engaging": engaging,
    }
    if disengaging:
        event["disengaged_from"] = engaged_units(state, uid)
    return event


Plan = dict[str, tuple[Base, list[tuple[int, int]], Base]]


def _plan(state: State, uid: str, moves: tuple[MiniPath, ...]) -> Plan:
    """Start base, waypoints and final base of every miniature of the unit."""
    unit = state["units"][uid]
    minis = unit["minis"]
    listed = {m.id: m for m in moves}
    if listed:
        members = set(minis)
        for mid in listed:
            if mid not in members:
                raise IllegalCommand(
                    f"miniature {mid} is not in {unit_name(unit)}", rule=rules.MOVEMENT_ORDERS
                )
    plan: Plan = {}
    placed = board(state).bases
    for mid in minis:
        start = placed.get(mid) or base_of(state, mid)
        move = listed.get(mid)
        if move is None:
            plan[mid] = (start, [], start)
            continue
        waypoints = list(move.path)
        x, y = here = (start.x, start.y)
        if waypoints:
            if len(waypoints) == 1 and waypoints[0] == here:
                waypoints = []
            else:
                x, y = waypoints[-1]
        facing = move.facing
        if x == start.x and y == start.y and facing == start.facing:
            final = start  # bases are values: the same base, where it stood
        else:
            final = Base(x, y, facing, start.shape, start.size, start.height)
        plan[mid] = (start, waypoints, final)
    return plan


def engaged_minis(state: State, uid: str) -> dict[str, bool]:
    """Whether each miniature of the unit is in melee combat. A unit that did not duel
    is not in melee combat with units that duelled this turn (Challenge to a duel >
    Multiple Combats: they "may act normally")."""
    unit = state["units"][uid]
    found = board(state).engaged_minis(unit["minis"], unit["side"])
    if duelled(state, uid):
        return {mid: bool(enemies) for mid, enemies in found.items()}
    minis = state["minis"]
    return {
        mid: any(not duelled(state, minis[e]["unit"]) for e in enemies)
        for mid, enemies in found.items()
    }


class _Surroundings(NamedTuple):
    """What lies around a whole move, looked up once: the other miniatures whose base
    may reach into the box spanned by every path and final position of the unit
    (grown by the bases' bounding circles), and whether any scenery comes near that
    box. Both are filters: a miniature's checks skip what cannot be near it, and
    stay exact for the rest."""

    others: list[str]
    scenery: bool


def _surroundings(here: Board, plan: Plan, own: list[str]) -> _Surroundings:
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for start, waypoints, _final in plan.values():
        low_x = high_x = start.x
        low_y = high_y = start.y
        for x, y in waypoints:
            if x < low_x:
                low_x = x
            elif x > high_x:
                high_x = x
            if y < low_y:
                low_y = y
            elif y > high_y:
                high_y = y
        r = start.bound
        x0, x1 = min(x0, low_x - r), max(x1, high_x + r)
        y0, y1 = min(y0, low_y - r), max(y1, high_y + r)
    if x0 > x1:
        return _Surroundings([], False)
    mine = set(own)
    others = [mid for mid in here.in_box(x0, y0, x1, y1) if mid not in mine]
    return _Surroundings(others, here.scene.scenery_near(x0, y0, x1, y1))


def _crossings(
    state: State,
    scene: geometry.Scene,
    near: _Surroundings,
    *,
    uid: str,
    mid: str,
    start: Base,
    waypoints: list[tuple[int, int]],
) -> bool:
    """Crossing obstacles and miniatures along one path; True when difficult."""
    difficult = False
    for piece in scene.path_scenery(start, waypoints) if near.scenery else ():
        if piece.kind == "impassable":
            raise IllegalCommand(
                f"miniature {mid} would cross {piece.id}, which is impassable",
                rule=rules.CROSSING_OBSTACLES,
            )
        if piece.kind == "normal" and piece.height > start.height:
            raise IllegalCommand(
                f"miniature {mid} would climb {piece.id} (height {piece.height}, taller than the "
                f"miniature's {start.height})",
                rule=rules.CLIMB,
            )
        if piece.kind == "difficult" and not abilities.ignores_difficult_terrain(state, uid):
            difficult = True
    if not near.others:
        return difficult
    side = state["units"][uid]["side"]
    own = state["units"][uid]["minis"]
    crossed = spatial.crossed_bases(scene, start, waypoints, own, board(state), among=near.others)
    for other_id in crossed:
        other_unit = state["units"][state["minis"][other_id]["unit"]]
        if other_unit["side"] != side:
            raise IllegalCommand(
                f"miniature {mid} would cross enemy miniature {other_id}",
                rule=rules.CROSSING_MINIATURES,
            )
        if other_unit["skirmish"] or len(other_unit["minis"]) == 1:
            difficult = True
            continue
        raise IllegalCommand(
            f"miniature {mid} would cross allied miniature {other_id} of {unit_name(other_unit)}; "
            "only allied skirmishers and single miniatures can be crossed",
            rule=rules.CROSSING_MINIATURES,
        )
    return difficult


def _forward_or_sideways(mid: str, start: Base, waypoints: list[tuple[int, int]]) -> None:
    here = (start.x, start.y)
    for point in waypoints:
        if point == here:
            continue
        heading = geometry.heading(here, point)
        if spatial.angle_between(heading, start.facing) > FORWARD_OR_SIDEWAYS:
            raise IllegalCommand(
                f"miniature {mid} would run backwards: a boosted move goes forward or sideways",
                rule=rules.BOOST_MOVEMENT,
            )
        here = point


def _check_final_positions(
    state: State,
    scene: geometry.Scene,
    near: _Surroundings,
    uid: str,
    finals: Mapping[str, Base],
) -> None:
    table = state["table"]
    own = state["units"][uid]["minis"]
    here = board(state)
    for mid, base in finals.items():
        if base == here.bases.get(mid):
            continue  # a miniature left exactly where it stands is not moving anywhere
        if not geometry.on_table(base, table["width"], table["height"]):
            raise IllegalCommand(
                f"miniature {mid} would leave the table", rule=rules.MOVEMENT_ORDERS
            )
        blocker = scene.over_impassable(base) if near.scenery else None
        if blocker is not None:
            raise IllegalCommand(
                f"miniature {mid} would end its move on {blocker.id}",
                rule=rules.CROSSING_OBSTACLES,
            )
        if not near.others:
            continue
        r = base.bound
        nearby = here.among_in_box(near.others, base.x - r, base.y - r, base.x + r, base.y + r)
        overlap = scene.overlaps_any_base(base, exclude=own, among=nearby) if nearby else None
        if overlap is not None:
            raise IllegalCommand(
                f"miniature {mid} would end its move over miniature {overlap}",
                rule=rules.CROSSING_MINIATURES,
            )
    ids = list(finals)
    bases = [finals[mid] for mid in ids]
    bounds = [base.bound for base in bases]
    for i, mid in enumerate(ids):
        a, reach = bases[i], bounds[i]
        for j in range(i + 1, len(ids)):
            b = bases[j]
            apart = reach + bounds[j]  # bases this far apart on an axis cannot overlap
            if abs(a.x - b.x) >= apart or abs(a.y - b.y) >= apart:
                continue
            if geometry.overlaps(a, b):
                other_id = ids[j]
                raise IllegalCommand(
                    f"miniatures {mid} and {other_id} would end over each other",
                    rule=rules.CROSSING_MINIATURES,
                )


def _check_unit_facing(plan: Plan) -> None:
    """Moving multiple miniature units: after a displacement every miniature
    ends looking in the movement direction (one facing for the whole unit,
    within 45 degrees of each moved miniature's last leg)."""
    facings = {final.facing for _start, _w, final in plan.values()}
    if len(facings) > 1:
        raise IllegalCommand(
            "after a move every miniature of the unit ends looking the same way, in the "
            "direction of the movement",
            rule=rules.MULTIPLE_MINIATURE_UNITS,
        )
    facing = facings.pop()
    for mid, (start, waypoints, _final) in plan.items():
        if not waypoints:
            continue
        origin = (start.x, start.y) if len(waypoints) == 1 else waypoints[-2]
        if origin == waypoints[-1]:
            continue
        leg = geometry.heading(origin, waypoints[-1])
        if spatial.angle_between(leg, facing) > FACING_TOLERANCE:
            raise IllegalCommand(
                f"miniature {mid} must end looking in the direction it moved",
                rule=rules.MULTIPLE_MINIATURE_UNITS,
            )


def _check_engaging(state: State, uid: str, plan: Plan) -> list[list[str]]:
    """Engage in melee combat: a moved miniature that ends 2.5 cm or less from
    an enemy must face the centre of that enemy's base."""
    side = state["units"][uid]["side"]
    here = board(state)
    enemies = here.bases
    engaging: list[list[str]] = []
    moved = [(mid, final) for mid, (_start, waypoints, final) in plan.items() if waypoints]
    around = here.enemies_near_each([final for _mid, final in moved], side, geometry.MELEE_DISTANCE)
    for (mid, final), candidates in zip(moved, around, strict=True):
        near = [
            eid
            for eid in candidates
            if geometry.within(final, enemies[eid], geometry.MELEE_DISTANCE)
        ]
        if not near:
            continue
        faced = [eid for eid in near if geometry.facing_centre_of(final, enemies[eid])]
        if not faced:
            raise IllegalCommand(
                f"miniature {mid} ends 2.5 cm or less from enemy miniature {near[0]}: to engage "
                "it must face the centre of the enemy's base",
                rule=rules.ENGAGE,
            )
        start, waypoints, _final = plan[mid]
        for eid in faced:
            first = engaging_at.first_moment(
                here.scene, mid, start=start, waypoints=waypoints, final=final, enemy_id=eid
            )
            if first is None:
                continue
            then = geometry.attack_side(first, enemies[eid])
            if geometry.attack_side(final, enemies[eid]) != then:
                raise IllegalCommand(
                    f"miniature {mid} came within 2.5 cm of enemy miniature {eid}, in sight of "
                    f"it, on its {then} at ({first.x / 100:.1f}, {first.y / 100:.1f}) cm: it "
                    "engages there and may not go round to another side",
                    rule=rules.ENGAGE,
                )
        engaging.extend([mid, eid] for eid in faced)
    return engaging


def _check_formation(
    state: State, uid: str, finals: Mapping[str, Base], *, exclude: str | None
) -> None:
    unit = state["units"][uid]
    mids = [mid for mid in unit["minis"] if mid != exclude]
    if len(mids) < 2:
        return
    placed = board(state).bases
    before = geometry.formation_problems(
        [placed.get(mid) or base_of(state, mid) for mid in mids], skirmishers=unit["skirmish"]
    )
    after = geometry.formation_problems([finals[mid] for mid in mids], skirmishers=unit["skirmish"])
    if not before and after:
        raise IllegalCommand(
            f"{unit_name(unit)} would break formation: {_named(after[0], mids)}",
            rule=rules.UNIT_FORMATION,
        )
    if before and len(after) > len(before):
        raise IllegalCommand(
            f"{unit_name(unit)} is out of formation and must move to recover it, not drift "
            f"further: {_named(after[0], mids)}",
            rule=rules.OUT_OF_FORMATION,
        )


def _named(problem: str, mids: list[str]) -> str:
    """Formation problems name miniatures by index; say which miniature that is."""
    for i, mid in reversed(list(enumerate(mids))):
        problem = problem.replace(f"miniature {i}", f"miniature {mid}")
    return problem

"""Orders of part I: Move (with engaging, boosting, joining and leaving a
unit), Disengage, Reload and Shelter.

``decide_order`` checks a command against the rules and returns its events;
a refusal names the rule and the offending miniature. Movement commands carry
each miniature's path (waypoints, the last being where it ends) and its final
facing; miniatures the command does not list stay where they are.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, State
from engine.kensei import abilities, geometry, rules, spatial
from engine.kensei import engaging as engaging_at
from engine.kensei.board import Board, board
from engine.kensei.charging import decide_charge
from engine.kensei.combat import decide_attack
from engine.kensei.commands import flag, only_fields, paths, text
from engine.kensei.duel import decide_duel
from engine.kensei.flow import engaged_units
from engine.kensei.geometry import Base
from engine.kensei.lead import decide_lead, decide_led_order, leading
from engine.kensei.offering_dice import offered
from engine.kensei.queries import base_of, duelled, live_units, other
from engine.kensei.remember import Remembered
from engine.kensei.shooting import decide_shoot

CM = 100
JOIN_REACH = 254  # "an inch or less"
LEAVE_REACH = 500  # "Place the leader at 5 cm of any miniature of the unit"
FACING_TOLERANCE = 450  # a unit "looking at the movement direction": within 45 degrees
FORWARD_OR_SIDEWAYS = 900  # boosted moves stay within the visual field: 90 degrees either side

ORDERS = ("move", "disengage", "reload", "shelter", "attack", "shoot", "charge", "duel", "lead")


def unit_name(unit: Mapping[str, Any]) -> str:
    return f"{unit['name']} ({unit['id']})"


def decide_order(state: State, side: str, command: Command, dice: Dice) -> list[Event]:
    """The events of an order (see the module's text). A bot checks the command it
    plays just before: the answer to that check is reused if it rolled no die."""
    return _REMEMBERED.decide(
        state, [side, command], dice, lambda watched: _decide_order(state, side, command, watched)
    )


_REMEMBERED = Remembered()


def _decide_order(
    state: State, side: str, command: Command, dice: Dice, *, led: bool = False
) -> list[Event]:
    order = text(command.get("order"), "order")
    if not led and leading(state):
        # Lead: an activated unit gives the common order as the active unit.
        return decide_led_order(
            state,
            side,
            command,
            lambda acting, rest: _decide_order(acting, side, rest, dice, led=True),
        )
    activation = state["activation"]
    uid: str = activation["units"][side]
    unit = state["units"][uid]
    if unit["removed"]:
        raise IllegalCommand(
            f"{unit_name(unit)} has been removed from play: it performs no more orders and its "
            "remaining activation orders are lost",
            rule=rules.PERFORMING_ACTIONS,
        )
    boost = flag(command.get("boost", False), "boost")
    pending = activation["pending"]
    if pending is not None:
        if order != "move" or "minis" not in command:
            raise IllegalCommand(
                f"{unit_name(unit)} is running: give the paths of its boosted move",
                rule=rules.BOOST_MOVEMENT,
            )
        only_fields(command, {"type", "side", "order", "minis", "boost"})
        return [_move(state, side, uid, command, allowance=pending["allowance"], boosted=True)]
    if order in ("attack", "shoot", "charge", "duel"):
        cost = 2 if boost else 1
        if activation["orders"][side] < cost:
            boosting = {
                "attack": rules.BOOSTING_ATTACK,
                "shoot": rules.BOOSTING_SHOOT,
                "charge": rules.BOOSTING_CHARGE,
                "duel": rules.BOOSTING_DUEL,
            }[order]
            raise IllegalCommand(
                f"{unit_name(unit)} has {activation['orders'][side]} activation order(s) left; "
                f"this needs {cost}",
                rule=boosting if boost else rules.USING_ORDERS,
            )
        target = command.get("target")
        if isinstance(target, str) and target in state["units"] and duelled(state, target):
            raise IllegalCommand(
                f"{unit_name(state['units'][target])} fought a duel this turn: no combat action "
                "may involve it until the end of the turn",
                rule=rules.DUEL_ACCEPTED,
            )
        if order == "duel":
            return decide_duel(state, side, uid, command)
        if order == "shoot":
            return decide_shoot(state, side, uid, command, dice)
        if order == "charge":
            return decide_charge(state, side, uid, command)
        return decide_attack(state, side, uid, command)
    if order == "lead":
        return decide_lead(state, side, uid, command, dice)
    if order not in ORDERS:
        raise InvalidCommand(f"unknown order {order!r}; orders are {', '.join(ORDERS)}")
    if boost and order in ("disengage", "shelter"):
        raise IllegalCommand(
            f"{order.capitalize()} cannot be boosted",
            rule=rules.DISENGAGE if order == "disengage" else rules.SHELTER,
        )
    cost = 2 if boost or order == "disengage" else 1
    have = activation["orders"][side]
    if have < cost:
        rule = rules.BOOSTING if boost else rules.USING_ORDERS
        raise IllegalCommand(
            f"{unit_name(unit)} has {have} activation order(s) left; this needs {cost}", rule=rule
        )
    if order == "move":
        only_fields(
            command, {"type", "side", "order", "boost", "minis", "join", "swap_with", "leave"}
        )
        if boost:
            return [_boost(state, side, uid, command, dice)]
        return _move_events(state, side, uid, command)
    if order == "disengage":
        only_fields(command, {"type", "side", "order", "minis", "casualties"})
        return _disengage(state, side, uid, command)
    if order == "reload":
        only_fields(command, {"type", "side", "order", "boost"})
        return [_reload(state, side, uid, boost)]
    only_fields(command, {"type", "side", "order"})
    return [_shelter(state, side, uid)]


# -- Move ---------------------------------------------------------------------


def _boost(state: State, side: str, uid: str, command: Command, dice: Dice) -> Event:
    """Boost a movement: twice MOV + 1D6 cm, rolled before the paths are given."""
    unit = state["units"][uid]
    if "minis" in command or "join" in command or "leave" in command:
        raise InvalidCommand(
            "a boosted move is declared first ({'order': 'move', 'boost': true}); the paths "
            "follow once the 1D6 is rolled"
        )
    if any(_engaged_minis(state, uid).values()):
        raise IllegalCommand(
            f"{unit_name(unit)} is engaged in melee: its miniatures may only rotate",
            rule=rules.MOVE,
        )
    final = offered(
        dice, dice.roll(1), side, f"Boosted move of {unit_name(unit)}", {"kind": "total"}
    )
    die = final.faces[0]
    allowance = (2 * abilities.attribute(state, uid, "mov", unit["mov"]) + final.values[0]) * CM
    return {
        "type": "boost_rolled",
        "side": side,
        "unit": uid,
        "die": die,
        **final.record(),
        "allowance": allowance,
        "orders_spent": 2,
    }


def _move_events(state: State, side: str, uid: str, command: Command) -> list[Event]:
    events = [_move(state, side, uid, command, allowance=None, boosted=False)]
    moved = events[0]
    if "join" in command:
        events.append(_join(state, uid, command, moved))
    elif command.get("leave"):
        events.append(_leave(state, uid, moved))
    return events


def _move(
    state: State,
    side: str,
    uid: str,
    command: Command,
    *,
    allowance: int | None,
    boosted: bool,
    order: str = "move",
) -> Event:
    unit = state["units"][uid]
    moves = paths(command.get("minis", []), "minis")
    plan = _plan(state, uid, moves)
    engaged = _engaged_minis(state, uid)
    disengaging = order == "disengage"
    leaving = bool(command.get("leave")) and not disengaging
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
    listed = {m["id"] for m in moves}
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


def _plan(state: State, uid: str, moves: list[dict[str, Any]]) -> Plan:
    """Start base, waypoints and final base of every miniature of the unit."""
    unit = state["units"][uid]
    minis = unit["minis"]
    listed = {m["id"]: m for m in moves}
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
        waypoints = [(p[0], p[1]) for p in move["path"]]
        x, y = here = (start.x, start.y)
        if waypoints:
            if len(waypoints) == 1 and waypoints[0] == here:
                waypoints = []
            else:
                x, y = waypoints[-1]
        facing = move["facing"]
        if x == start.x and y == start.y and facing == start.facing:
            final = start  # bases are values: the same base, where it stood
        else:
            final = Base(x, y, facing, start.shape, start.size, start.height)
        plan[mid] = (start, waypoints, final)
    return plan


def _engaged_minis(state: State, uid: str) -> dict[str, bool]:
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


# -- Joining and leaving a unit -------------------------------------------------


def can_lead(leader: Mapping[str, Any], unit: Mapping[str, Any]) -> str | None:
    """Why ``leader`` (a miniature's profile) cannot lead ``unit``, or None."""
    profile = leader["profile"]
    if not profile["can_lead"]:
        return f"a {profile['class_name']} can never be a unit leader"
    if profile["class_rank"] > unit["class_rank"]:
        return "the leader's class is lower than the unit's"
    if profile["type"] != unit["type"]:
        return f"the leader is {profile['type']} and the unit is {unit['type']}"
    if unit["ranged"] and not set(unit["ranged"]) & set(profile["ranged"]):
        return "a unit with missile weapons needs a leader carrying one of the same type"
    return None


def _join(state: State, uid: str, command: Command, moved: Event) -> Event:
    unit = state["units"][uid]
    target_id = text(command.get("join"), "join")
    target = state["units"].get(target_id)
    if not unit["single"] or unit["leader"] is None:
        raise IllegalCommand(
            f"only an army leader acting alone can join a unit; {unit_name(unit)} cannot",
            rule=rules.JOINING_A_UNIT,
        )
    if target is None or target["side"] != unit["side"] or target["removed"] or target_id == uid:
        raise IllegalCommand(
            f"there is no allied unit {target_id} to join", rule=rules.JOINING_A_UNIT
        )
    if not target["markers"]["used"]:
        raise IllegalCommand(
            f"{unit_name(target)} has no Used Unit marker: a leader may only join a used unit",
            rule=rules.JOINING_A_UNIT,
        )
    if target["leader"] is not None:
        raise IllegalCommand(f"{unit_name(target)} already has a leader", rule=rules.UNIT_LEADER)
    leader_id = unit["minis"][0]
    why = can_lead(state["minis"][leader_id], target)
    if why is not None:
        raise IllegalCommand(
            f"{leader_id} cannot lead {unit_name(target)}: {why}", rule=rules.UNIT_LEADER
        )
    final = next(
        (
            spatial.placed(base_of(state, leader_id), m["x"], m["y"], m["facing"])
            for m in moved["minis"]
            if m["id"] == leader_id
        ),
        base_of(state, leader_id),
    )
    if not any(geometry.within(final, base_of(state, mid), JOIN_REACH) for mid in target["minis"]):
        raise IllegalCommand(
            f"{leader_id} must end its move an inch or less from {unit_name(target)} to join it",
            rule=rules.JOINING_A_UNIT,
        )
    swap = command.get("swap_with")
    if swap is not None and swap not in target["minis"]:
        raise IllegalCommand(
            f"{swap} is not a miniature of {unit_name(target)}", rule=rules.JOINING_A_UNIT
        )
    return {"type": "leader_joined", "leader_unit": uid, "unit": target_id, "swap_with": swap}


def _leave(state: State, uid: str, moved: Event) -> Event:
    unit = state["units"][uid]
    leader = unit["leader"]
    if leader is None or unit["single"]:
        raise IllegalCommand(
            f"{unit_name(unit)} has no unit leader to leave it", rule=rules.LEAVING_A_UNIT
        )
    if moved["engaging"]:
        raise IllegalCommand(
            "a leader cannot leave a unit that engages in melee combat", rule=rules.LEAVING_A_UNIT
        )
    finals = {m["id"]: (m["x"], m["y"], m["facing"]) for m in moved["minis"]}
    bases = {
        mid: (
            spatial.placed(base_of(state, mid), *finals[mid])
            if mid in finals
            else base_of(state, mid)
        )
        for mid in unit["minis"]
    }
    others = [bases[mid] for mid in unit["minis"] if mid != leader]
    if not any(geometry.within(bases[leader], base, LEAVE_REACH) for base in others):
        raise IllegalCommand(
            f"{leader} must end 5 cm or less from a miniature of {unit_name(unit)} when leaving it",
            rule=rules.LEAVING_A_UNIT,
        )
    enemies = [
        base_of(state, mid)
        for _e, enemy in live_units(state, other(unit["side"]))
        for mid in enemy["minis"]
    ]
    if any(geometry.engaged(bases[leader], enemy) for enemy in enemies):
        raise IllegalCommand(
            f"{leader} cannot be engaged in melee combat when leaving a unit",
            rule=rules.LEAVING_A_UNIT,
        )
    new_uid = f"{uid}-{leader.rsplit('.', 1)[-1]}"
    profile = leader_unit_profile(state, leader, new_uid)
    return {
        "type": "leader_left",
        "unit": uid,
        "leader": leader,
        "new_unit": new_uid,
        "profile": profile,
    }


def leader_unit_profile(state: State, leader: str, uid: str) -> dict[str, Any]:
    """The single-miniature unit a leader forms on leaving: a used, reactive unit."""
    mini = state["minis"][leader]
    profile = mini["profile"]
    return {
        "id": uid,
        "side": mini["side"],
        "name": profile["name"],
        "troop": profile["troop"],
        "type": profile["type"],
        "class": profile["class"],
        "class_rank": profile["class_rank"],
        "skirmish": profile["type"] == "skirmisher",
        "mov": profile["mov"],
        "at": list(profile["at"]),
        "ini": profile["ini"],
        "ho": profile["ho"],
        "wo": profile["wo"],
        "ranged": list(profile["ranged"]),
        "abilities": {k: list(v) for k, v in profile["abilities"].items()},
        "minis": [leader],
        "leader": leader,
        "single": True,
        "initial": 1,
        "removed": False,
        "markers": {
            "used": True,
            "stunned": 0,
            "wounded": 0,
            "sheltered": False,
            "fleeing": False,
            "unloaded": 0,
        },
        "casualty_this_turn": False,
        "ki": None,
        "no_charge_from": [],
        "moves": 1,
        "duelled": False,
    }


# -- Disengage, Reload, Shelter ---------------------------------------------------


def _disengage(state: State, side: str, uid: str, command: Command) -> list[Event]:
    unit = state["units"][uid]
    engaged = _engaged_minis(state, uid)
    fighting = engaged_units(state, uid)
    if not fighting:
        raise IllegalCommand(
            f"{unit_name(unit)} is not engaged in melee combat", rule=rules.DISENGAGE
        )
    moved = _move(state, side, uid, command, allowance=None, boosted=False, order="disengage")
    finals = {m["id"]: m for m in moved["minis"]}
    enemy_minis = [mid for eid in fighting for mid in state["units"][eid]["minis"]]
    for mid in unit["minis"]:
        end = finals.get(mid)
        base = (
            spatial.placed(base_of(state, mid), end["x"], end["y"], end["facing"])
            if end
            else base_of(state, mid)
        )
        for enemy in enemy_minis:
            if geometry.engaged(base, base_of(state, enemy)):
                raise IllegalCommand(
                    f"miniature {mid} would still be engaged with {enemy}: disengaging moves the "
                    "unit away from the units it is fighting",
                    rule=rules.DISENGAGE,
                )
        if end is not None and any(
            geometry.edge_distance(base, base_of(state, enemy))
            < geometry.edge_distance(base_of(state, mid), base_of(state, enemy)) - geometry.EPSILON
            for enemy in enemy_minis
        ):
            raise IllegalCommand(
                f"miniature {mid} would move towards the enemy it is disengaging from",
                rule=rules.DISENGAGE,
            )
    events: list[Event] = [moved]
    if unit["skirmish"]:
        return events
    wounds = sum(1 for mid in unit["minis"] if engaged[mid])
    events.append(wounds_event(state, uid, wounds, command.get("casualties"), engaged))
    return events


def wounds_event(
    state: State,
    uid: str,
    wounds: int,
    chosen: Any,
    in_melee: Mapping[str, bool],
) -> Event:
    """Wounds on a unit: casualties = wounds / WO (with the wounded marker);
    the owner picks them, those in melee first (Removing casualties)."""
    unit = state["units"][uid]
    total = unit["markers"]["wounded"] + wounds
    if unit["single"]:
        mid = unit["minis"][0]
        taken = state["minis"][mid]["wounds"] + wounds
        dead = taken >= unit["wo"]
        return {
            "type": "wounds_taken",
            "unit": uid,
            "wounds": wounds,
            "casualties": [mid] if dead else [],
            "wounded_marker": 0,
            "leader_wounds": {mid: taken},
        }
    full = total // unit["wo"]
    candidates = [mid for mid in unit["minis"] if mid != unit["leader"]]
    count = min(full, len(candidates))
    melee_first = [m for m in candidates if in_melee.get(m)] + [
        m for m in candidates if not in_melee.get(m)
    ]
    if chosen is None:
        casualties = melee_first[:count]
    else:
        if not isinstance(chosen, list) or not all(isinstance(m, str) for m in chosen):
            raise InvalidCommand("casualties must be a list of miniature ids")
        casualties = list(chosen)
        if len(set(casualties)) != count or len(casualties) != count:
            raise IllegalCommand(
                f"{unit_name(unit)} loses {count} miniature(s); choose exactly {count}",
                rule="Combat Resolution > 2. Removing casualties",
            )
        for mid in casualties:
            if mid not in candidates:
                raise IllegalCommand(
                    f"{mid} cannot be removed as a casualty of {unit_name(unit)}",
                    rule="Combat Resolution > 2. Removing casualties",
                )
        in_melee_count = sum(1 for m in candidates if in_melee.get(m))
        chosen_in_melee = sum(1 for m in casualties if in_melee.get(m))
        if chosen_in_melee < min(count, in_melee_count):
            raise IllegalCommand(
                "casualties are removed from the miniatures in melee combat first",
                rule="Combat Resolution > Removing casualties in melee combats",
            )
    return {
        "type": "wounds_taken",
        "unit": uid,
        "wounds": wounds,
        "casualties": casualties,
        # Excess wounds beyond the miniatures that can fall are lost.
        "wounded_marker": total % unit["wo"] if count == full else 0,
        "leader_wounds": {},
    }


def _reload(state: State, side: str, uid: str, boost: bool) -> Event:
    unit = state["units"][uid]
    unloaded = unit["markers"]["unloaded"]
    if unloaded == 0:
        raise IllegalCommand(f"{unit_name(unit)} has no unloaded weapon marker", rule=rules.RELOAD)
    if boost and unloaded < 2:
        raise IllegalCommand(
            f"{unit_name(unit)} has one unloaded weapon marker: a boosted reload needs more",
            rule=rules.RELOAD,
        )
    return {
        "type": "reloaded",
        "side": side,
        "unit": uid,
        "removed": unloaded if boost else 1,
        "orders_spent": 2 if boost else 1,
    }


def _shelter(state: State, side: str, uid: str) -> Event:
    unit = state["units"][uid]
    if unit["markers"]["sheltered"]:
        raise IllegalCommand(f"{unit_name(unit)} is already sheltered", rule=rules.SHELTER)
    if unit["type"] == "mounted" or unit["skirmish"]:
        raise IllegalCommand(
            f"{unit_name(unit)} is a {unit['type']} unit: mounted and skirmisher units cannot "
            "shelter",
            rule=rules.SHELTER,
        )
    if engaged_units(state, uid):
        raise IllegalCommand(
            f"{unit_name(unit)} is engaged in melee combat and cannot shelter", rule=rules.SHELTER
        )
    return {"type": "sheltered", "side": side, "unit": uid, "orders_spent": 1}

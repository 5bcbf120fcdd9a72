"""The ``move`` and ``hold`` commands ("Movement": "This movement can be in any
direction"): a unit moves as one, its first living model straight to the point given (or
through the turning points ``via`` first) and every other model along the same legs; the
move costs its dearest model's path (difficult terrain at half speed, 2 inches per
obstacle), leg by leg.
A heroic move of a hero with Mastery of Command may take along the units within his
command radius (``with``): they move by the same vector, so they stay within it.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Any

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, State
from engine.skirmish import rules
from engine.skirmish.geometry.measure import CONTACT, INCH, heading
from engine.skirmish.geometry.paths import (
    Mover,
    blocking_model,
    farthest,
    movers,
    on_table,
    radius,
    round_half_away,
    translation_cost,
)
from engine.skirmish.morale import full_speed, unit_gap
from engine.skirmish.movement.reach import (
    HORSE_DIE_MAX,
    allowance_left,
    immobile,
    rolls_horse_die,
)
from engine.skirmish.state import access

MAX_WAYPOINTS = 8
"""A move may turn at up to this many points on its way (``via``)."""


def point(value: Any, name: str) -> tuple[int, int]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise InvalidCommand(f"{name} must be [x, y] in whole tenths of a millimetre")
    return (int(value[0]), int(value[1]))


def facing_of(command: Command, default: int) -> int:
    facing = command.get("facing")
    if facing is None:
        return default
    if not isinstance(facing, int) or isinstance(facing, bool):
        raise InvalidCommand("facing must be a whole number of tenths of a degree")
    return facing % 3600


def check_way(
    state: State,
    group: Sequence[Mover],
    dx: float,
    dy: float,
    side: str,
    *,
    ignore: Collection[str] = (),
) -> float:
    """The cost of translating ``group`` by (dx, dy), refusing what the table forbids:
    impassable scenery or a building in the way, an enemy passed through, a model ended
    on, a base off the table."""
    cost = translation_cost(state, group, dx, dy)
    if cost is None:
        raise IllegalCommand(
            "impassable scenery or a building is in the way (or the move ends on an obstacle)",
            rule=rules.MOVEMENT_PATHS,
        )
    for mover in group:
        if not on_table(state, mover.x + dx, mover.y + dy, mover.radius):
            raise IllegalCommand(f"{mover.id} would end off the table", rule=rules.MOVEMENT_PATHS)
    blocker = blocking_model(state, group, dx, dy, side=side, ignore=ignore)
    if blocker is not None:
        raise IllegalCommand(f"{blocker} is in the way", rule=rules.MOVEMENT_PATHS)
    return cost


def ends_in_contact(state: State, group: Sequence[Mover], dx: int, dy: int, side: str) -> bool:
    """Whether a model of the translated group would touch an enemy model."""
    for other in state["models"].values():
        if other["side"] == side or other["status"] != "ok":
            continue
        ox, oy, orad = other["x"], other["y"], radius(bool(other["mounted"]))
        for mover in group:
            if math.hypot(mover.x + dx - ox, mover.y + dy - oy) - mover.radius - orad <= CONTACT:
                return True
    return False


def within_budget(
    state: State, unit_id: str, cost: float, budget: int, dice: Dice, *, extra: int = 0
) -> tuple[float, int | None]:
    """The share of the move the unit can make (1.0 = all) and the horsemanship die
    rolled, if one was needed: a move dearer than the allowance (plus ``extra``) is
    refused, unless a rider with Mastery of Horsemanship 2+ could make it with his D6;
    then the die is rolled and he goes as far as it lets him."""
    limit = budget + extra
    if cost <= limit:
        return 1.0, None
    if rolls_horse_die(state, unit_id) and cost <= limit + HORSE_DIE_MAX:
        die = dice.roll_one()
        reach = limit + die * INCH
        return (1.0 if cost <= reach else reach / cost), die
    raise IllegalCommand(
        f"the move costs {cost / INCH:.1f} inches but {state['units'][unit_id]['id']} has "
        f"{limit / INCH:.1f} left",
        rule=rules.MOVE_ALLOWANCE,
    )


def barred(state: State, unit_id: str) -> list[str]:
    """The enemy units a group failed its Courage Test to charge this turn."""
    refused = state["units"][unit_id].get("refused")
    if isinstance(refused, dict) and refused.get("turn") == state["turn"]:
        return list(refused["units"])
    return []


def no_approach(state: State, unit_id: str, after: State) -> None:
    """A group that failed a Courage Test to charge may not approach that enemy this turn."""
    for enemy in barred(state, unit_id):
        if unit_gap(after, unit_id, enemy) < unit_gap(state, unit_id, enemy) - 1:
            raise IllegalCommand(
                f"{unit_id} failed its Courage Test to charge {enemy} and may not approach it "
                "this turn",
                rule=rules.CHARGE_TEST,
            )


def attendants_stay(state: State, unit_id: str, after: State) -> None:
    """Warrior attendants "must attempt to stay within command radius of their master":
    a move may not end outside it, unless it brings them nearer."""
    master = state["units"][unit_id].get("master")
    if not master or not access.is_on_table(state, master):
        return
    reach = access.attendants_radius(state, master)
    now = unit_gap(after, unit_id, master)
    if now > reach and now > unit_gap(state, unit_id, master) + 1:
        raise IllegalCommand(
            f"warrior attendants must stay within {reach / INCH:g} inches of their master",
            rule=rules.ATTENDANT_RADIUS,
        )


def _placed(group: Sequence[Mover], dx: int, dy: int, facing: int) -> dict[str, list[int]]:
    return {m.id: [m.x + dx, m.y + dy, facing] for m in group}


def _followers(state: State, command: Command, hero: str, heroic: bool) -> list[str]:
    followers = command.get("with") or []
    if not isinstance(followers, list) or not all(isinstance(f, str) for f in followers):
        raise InvalidCommand("with must be a list of unit ids")
    if not followers:
        return []
    if not heroic or not state["units"][hero].get("command"):
        raise IllegalCommand(
            "only a heroic move of a hero with Mastery of Command takes other units along",
            rule=rules.COMMAND_MOVE,
        )
    reach = access.command_radius(state, hero)
    side = state["units"][hero]["side"]
    for other in followers:
        if other not in state["units"] or other == hero:
            raise InvalidCommand(f"no unit {other!r} to move along")
        if state["units"][other]["side"] != side or not access.is_on_table(state, other):
            raise IllegalCommand(
                f"{other} is not one of his units on the table", rule=rules.COMMAND_MOVE
            )
        why = immobile(state, other)
        if why is not None:
            raise IllegalCommand(f"{other} cannot move: {why[0]}", rule=why[1])
        if unit_gap(state, hero, other) > reach:
            raise IllegalCommand(
                f"{other} is not within his command radius ({reach / INCH:g} inches)",
                rule=rules.COMMAND_RADIUS,
            )
    if len(set(followers)) != len(followers):
        raise InvalidCommand("a unit is listed twice in with")
    return followers


def shifted(group: Sequence[Mover], ox: int, oy: int) -> list[Mover]:
    """The group's movers after a translation by (ox, oy)."""
    return [Mover(m.id, m.x + ox, m.y + oy, m.radius) for m in group]


def waypoints(command: Command) -> list[tuple[int, int]]:
    """The points the unit's first model goes through: ``via`` (optional), then ``to``."""
    via = command.get("via") or []
    if not isinstance(via, list) or len(via) > MAX_WAYPOINTS:
        raise InvalidCommand(f"via must be a list of at most {MAX_WAYPOINTS} points")
    return [*(point(p, "via") for p in via), point(command.get("to"), "to")]


def walk(
    state: State,
    group: Sequence[Mover],
    points: Sequence[tuple[int, int]],
    side: str,
    ignore: Collection[str],
) -> tuple[list[tuple[int, int, float]], float]:
    """Each leg of the first model's path through ``points`` as (dx, dy, cost), checked,
    and the whole cost (the group translates along every leg)."""
    legs: list[tuple[int, int, float]] = []
    ox = oy = 0
    total = 0.0
    here = (group[0].x, group[0].y)
    for x, y in points:
        dx, dy = x - here[0], y - here[1]
        cost = check_way(state, shifted(group, ox, oy), dx, dy, side, ignore=ignore)
        legs.append((dx, dy, cost))
        total += cost
        ox, oy, here = ox + dx, oy + dy, (x, y)
    return legs, total


def stop_short(
    state: State,
    group: Sequence[Mover],
    legs: Sequence[tuple[int, int, float]],
    budget: float,
    *,
    side: str,
    ignore: Collection[str],
) -> tuple[int, int, float]:
    """Where the path ends when only ``budget`` can be spent: the offset reached and its
    cost (the last leg cut where the budget runs out)."""
    ox = oy = 0
    spent = 0.0
    for dx, dy, cost in legs:
        if spent + cost <= budget:
            ox, oy, spent = ox + dx, oy + dy, spent + cost
            continue
        start = shifted(group, ox, oy)

        def cost_at(
            t: float, start: list[Mover] = start, dx: int = dx, dy: int = dy
        ) -> float | None:
            part_x, part_y = round_half_away(dx * t), round_half_away(dy * t)
            found = translation_cost(state, start, part_x, part_y)
            if found is None or blocking_model(
                state, start, part_x, part_y, side=side, ignore=ignore
            ):
                return None
            return found

        t = farthest(budget - spent, cost_at)
        part_x, part_y = round_half_away(dx * t), round_half_away(dy * t)
        spent += cost_at(t) or 0.0
        return ox + part_x, oy + part_y, spent
    return ox, oy, spent


def decide_move(state: State, command: Command, dice: Dice, *, heroic: bool) -> list[Event]:
    """A ``move`` command of a unit allowed to act now (checked by the caller)."""
    unit_id = command["unit"]
    side = command["side"]
    why = immobile(state, unit_id)
    if why is not None:
        raise IllegalCommand(f"{unit_id} cannot move: {why[0]}", rule=why[1])
    points = waypoints(command)
    group = movers(state, access.living_models(state, unit_id))
    first = group[0]
    before = points[-2] if len(points) > 1 else (first.x, first.y)
    to = points[-1]
    facing = facing_of(
        command,
        heading(before[0], before[1], to[0], to[1])
        if to != before
        else state["models"][first.id]["facing"],
    )
    followers = _followers(state, command, unit_id, heroic)
    following = [m for f in followers for m in movers(state, access.living_models(state, f))]
    everyone = [*group, *following]
    moving_ids = {m.id for m in everyone}
    legs, cost = walk(state, group, points, side, moving_ids)
    budget = allowance_left(state, unit_id, heroic=heroic)
    fraction, die = within_budget(state, unit_id, cost, budget, dice)
    dx, dy = to[0] - first.x, to[1] - first.y
    if fraction < 1.0 and die is not None:
        dx, dy, cost = stop_short(
            state, group, legs, budget + die * INCH, side=side, ignore=moving_ids
        )
    if followers and len(points) > 1:
        raise IllegalCommand(
            "units moving with a commander follow a straight move only",
            rule=rules.MOVING_WITH_COMMANDER,
        )
    for other in followers:
        theirs = movers(state, access.living_models(state, other))
        their_cost = check_way(state, theirs, dx, dy, side, ignore=moving_ids)
        if their_cost > full_speed(state, other):
            raise IllegalCommand(
                f"{other} cannot follow so far ({their_cost / INCH:.1f} inches)",
                rule=rules.MOVING_WITH_COMMANDER,
            )
    if ends_in_contact(state, everyone, dx, dy, side):
        raise IllegalCommand(
            "a move into base contact with the enemy is a charge: charge a target",
            rule=rules.MOVES_INTO_CONTACT,
        )
    positions = _placed(group, dx, dy, facing)
    for other in followers:
        for model_id in access.living_models(state, other):
            record = state["models"][model_id]
            positions[model_id] = [record["x"] + dx, record["y"] + dy, record["facing"]]
    if barred(state, unit_id) or state["units"][unit_id].get("master"):
        after = access.with_positions(state, positions)
        no_approach(state, unit_id, after)
        attendants_stay(state, unit_id, after)
    event: Event = {
        "type": "moved",
        "unit": unit_id,
        "models": positions,
        "distance": math.ceil(cost - 1e-9),
        "heroic": heroic,
    }
    if followers:
        event["with"] = followers
    if die is not None:
        event["horse_die"] = die
    return [event]


def decide_hold(state: State, command: Command, *, heroic: bool) -> list[Event]:
    return [{"type": "held", "unit": command["unit"], "heroic": heroic}]

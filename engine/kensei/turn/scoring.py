"""The end of the battle: the end-of-battle check and the scenario's victory points.

"When the game is over for any reason, check the winning side by adding up the
victory points of each side as indicated in the battle scenario you are
playing." Each victory rule of the scenario (``data/scenarios``) gives each side
points; the side with more wins, equal totals are a draw, and a side with no
troops left on the table loses whatever the points.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from shapely.geometry import Point

from engine.core import Outcome, State, Termination
from engine.kensei.geometry import distance_to_polygon
from engine.kensei.geometry.board import base_from
from engine.kensei.state.queries import SIDES, battle_points, has_live_units, live_units, other

Rule = Mapping[str, Any]


def end_check(state: State) -> dict[str, int] | None:
    """The battle points of the maintenance's end-of-battle check, when the
    scenario checks this turn; ``None`` otherwise."""
    check = state["scenario"]["end_check"]
    if check is None or state["turn"] < check["from_turn"]:
        return None
    return {side: battle_points(state, side) for side in SIDES}


def check_ends_battle(state: State, points: Mapping[str, int]) -> bool:
    """One side has more than ``more_than_times`` the other's battle points."""
    times = state["scenario"]["end_check"]["more_than_times"]
    return any(points[side] > times * points[other(side)] for side in SIDES)


def victory_points(state: State) -> dict[str, dict[str, int]]:
    """Each side's victory points, rule by rule (keyed ``<kind>`` or
    ``objective:<id>``)."""
    scored: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    for rule in state["scenario"]["victory"]:
        key = f"objective:{rule['objective']}" if rule["kind"] == "objective" else rule["kind"]
        for side in SIDES:
            scored[side][key] = _RULES[rule["kind"]](state, side, rule)
    return scored


def final_outcome(state: State, *, checked: bool = False) -> dict[str, Any]:
    """The outcome with each side's victory points (``scores``)."""
    scored = victory_points(state)
    points = {side: sum(scored[side].values()) for side in SIDES}
    alive = {side: has_live_units(state, side) for side in SIDES}
    if not all(alive.values()):
        termination = Termination.ANNIHILATION
        winner = next((side for side in SIDES if alive[side]), None)
        detail = "a side has no troops left on the table"
    else:
        termination = Termination.VICTORY_CONDITION if checked else Termination.TURN_LIMIT
        winner = None if points["A"] == points["B"] else max(SIDES, key=points.__getitem__)
        detail = (
            "the end-of-battle check: one side's battle points outnumbered the other's"
            if checked
            else f"end of turn {state['turn']}"
        )
    breakdown = "; ".join(
        f"{side}: " + ", ".join(f"{key} {value}" for key, value in scored[side].items())
        for side in SIDES
    )
    outcome = Outcome(termination, winner, points, f"{detail} (victory points {breakdown})")
    return outcome.to_dict()


# -- the victory rules -----------------------------------------------------------


def _leaders(state: State, side: str, rule: Rule) -> int:
    return _leader_points(state, side, rule, alive=True)


def _leaders_slain(state: State, side: str, rule: Rule) -> int:
    return _leader_points(state, other(side), rule, alive=False)


def _leader_points(state: State, owner: str, rule: Rule, *, alive: bool) -> int:
    general = state["sides"][owner]["general"]
    points = 0
    for mid, mini in state["minis"].items():
        if mini["side"] == owner and mini["is_leader"] and mini["removed"] != alive:
            points += rule["general"] if mid == general else rule["leader"]
    return points


def _objective(state: State, side: str, rule: Rule) -> int:
    """The side with more miniatures (of units not fleeing) whose base is within
    the objective's radius of its point holds it."""
    objective = next(o for o in state["scenario"]["objectives"] if o["id"] == rule["objective"])
    point = Point(objective["x"], objective["y"])
    near = dict.fromkeys(SIDES, 0)
    for _, unit in live_units(state):
        if unit["markers"]["fleeing"]:
            continue
        for mid in unit["minis"]:
            base = base_from(state["minis"][mid])
            if distance_to_polygon(base, point) <= objective["radius"]:
                near[unit["side"]] += 1
    return int(rule["points"]) if near[side] > near[other(side)] else 0


def _enemy_zone(state: State, side: str, rule: Rule) -> int:
    """Units not fleeing with at least half their miniatures' centres (rounded
    up) inside the enemy's deployment zone."""
    x0, y0, x1, y1 = state["scenario"]["zones"][other(side)]
    units = 0
    for _, unit in live_units(state, side):
        if unit["markers"]["fleeing"]:
            continue
        inside = sum(
            1
            for mid in unit["minis"]
            if x0 <= state["minis"][mid]["x"] <= x1 and y0 <= state["minis"][mid]["y"] <= y1
        )
        if 2 * inside >= len(unit["minis"]):
            units += 1
    return int(rule["points"]) * units


def _units_destroyed(state: State, side: str, rule: Rule) -> int:
    """Enemy units fielded at the start of which every miniature is removed (a
    miniature's id is ``<unit fielded in>.m<n>``; a leader who joined or left a
    unit still belongs to the unit he was fielded in)."""
    fielded: dict[str, bool] = {}
    for mid, mini in state["minis"].items():
        if mini["side"] != side:
            unit = mid.rsplit(".m", 1)[0]
            fielded[unit] = fielded.get(unit, True) and mini["removed"]
    return int(rule["points"]) * sum(fielded.values())


_RULES: dict[str, Callable[[State, str, Rule], int]] = {
    "leaders": _leaders,
    "leaders_slain": _leaders_slain,
    "objective": _objective,
    "enemy_zone": _enemy_zone,
    "units_destroyed": _units_destroyed,
}

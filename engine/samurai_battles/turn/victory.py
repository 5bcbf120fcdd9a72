"""The end of a turn: has the battle been decided?

The orders rulebook has no victory conditions; each scenario's are data
(``scenarios.json``, copied into the state's ``victory``), as the rules map says:

- a side with no unit left on the table has lost (Termination ANNIHILATION);
- a side whose units destroyed or Put to Flight reach the break point (a number of
  units, or a fraction of the units it deployed) is broken and has lost
  (VICTORY_CONDITION); both broken in the same turn: the higher score wins;
- after the last turn, the higher score wins (TURN_LIMIT); equal scores are a draw.

A side's score: the points of the enemy units it destroyed or Put to Flight (when the
scenario scores them) plus the points of each objective hex one of its units stands on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Outcome, State, Termination
from engine.hexgrid import Hex
from engine.samurai_battles.state.access import (
    REMOVED,
    SIDES,
    catalogue,
    enemy_of,
    positions,
    side_of,
    unit_ids,
    units,
)


def lost(state: State, side: str) -> int:
    """How many of ``side``'s units were destroyed or Put to Flight."""
    return sum(
        1
        for record in units(state).values()
        if record["side"] == side and record["status"] in REMOVED
    )


def broken(state: State, side: str) -> bool:
    """Whether ``side`` has reached its break point."""
    rule: Mapping[str, Any] | None = state["victory"]["break"]
    if not rule:
        return False
    gone = lost(state, side)
    if "units" in rule:
        return gone >= int(rule["units"])
    deployed = sum(1 for record in units(state).values() if record["side"] == side)
    part, whole = rule["fraction"]
    return gone * int(whole) >= deployed * int(part)


def scores(state: State) -> dict[str, int]:
    """Each side's score now: enemy units removed, objectives held."""
    data = catalogue(state)
    held = positions(state)
    found = {}
    for side in SIDES:
        score = 0
        if state["victory"]["points"]:
            score += sum(
                data.unit_type(units(state)[removed]["type"]).points
                for removed in state["removed"].get(side, [])
            )
        for objective in state["victory"]["objectives"]:
            holder = held.get(Hex(*objective["hex"]))
            if holder is not None and side_of(state, holder) == side:
                score += int(objective["points"])
        found[side] = score
    return found


def _by_score(termination: Termination, state: State, detail: str) -> Outcome:
    points = scores(state)
    east, west = points["east"], points["west"]
    winner = "east" if east > west else "west" if west > east else None
    return Outcome(termination, winner, points, detail)


def outcome_after_turn(state: State) -> Outcome | None:
    """The outcome once the turn's Execution Phase is over, or ``None`` to play on."""
    left = {side: len(unit_ids(state, side)) for side in SIDES}
    points = scores(state)
    if not left["east"] or not left["west"]:
        standing = [side for side in SIDES if left[side]]
        winner = standing[0] if standing else None
        gone = ", ".join(side for side in SIDES if not left[side])
        return Outcome(
            Termination.ANNIHILATION, winner, points, f"no {gone} unit is left on the table"
        )
    beaten = [side for side in SIDES if broken(state, side)]
    if len(beaten) == 1:
        return Outcome(
            Termination.VICTORY_CONDITION,
            enemy_of(beaten[0]),
            points,
            f"the {beaten[0]} army reached its break point",
        )
    if beaten:
        return _by_score(
            Termination.VICTORY_CONDITION, state, "both armies reached their break point"
        )
    if state["turn"] >= state["turns"]:
        return _by_score(
            Termination.TURN_LIMIT, state, f"the last turn ({state['turns']}) was played"
        )
    return None

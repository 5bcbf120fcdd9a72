"""The state a game starts from: a scenario's board and armies, as plain JSON."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import State
from engine.samurai_battles.army.catalogue import Catalogue, Scenario
from engine.samurai_battles.state.access import SIDES, new_unit


def initial_state(
    catalogue: Catalogue,
    scenario: Scenario,
    *,
    factions: Mapping[str, str] | None = None,
    turns: int | None = None,
) -> State:
    """Turn 1 of ``scenario``, orders to write: every unit at full strength where the
    scenario deploys it. ``factions`` and ``turns`` override the scenario's clans and
    turn limit (a set-up may change them; the catalogue checks nothing else)."""
    clans = {side: scenario.armies[side].faction for side in SIDES}
    clans.update(factions or {})
    return {
        "scenario": scenario.id,
        "data": catalogue.fingerprint,
        "turn": 1,
        "turns": scenario.turns if turns is None else turns,
        "phase": "orders",
        "sides": list(SIDES),
        "factions": clans,
        "board": scenario.board.to_json(),
        "units": {
            deployed.id: new_unit(catalogue, side, deployed)
            for side in SIDES
            for deployed in sorted(scenario.armies[side].units, key=lambda u: u.id)
        },
        "victory": scenario.victory.to_json(),
        "written": {},
        "orders": {},
        "removed": {side: [] for side in SIDES},
        "outcome": None,
    }

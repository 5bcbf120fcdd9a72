"""Battle scenarios (Preparing for battle, 3. Choose a Battle Scenario; Maintenance, 1.
end-of-battle check; The end of the battle): the scenario data, the end conditions
and the victory points."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.core import EnteredDice, InvalidCommand, SeededDice, State
from engine.kensei.turn.scenarios import (
    CM,
    SCENARIOS,
    ScenarioError,
    scenarios_from_documents,
)
from engine.kensei.turn.scoring import end_check, final_outcome, victory_points
from tests.unit.kensei.support import KENSEI, bot_game, clear_table, edited, put


def started(scenario: str, armies: tuple[str, str] = ("buke-400", "sohei-400")) -> State:
    setup = {"armies": {"A": armies[0], "B": armies[1]}, "scenario": scenario}
    return edited(KENSEI.start(setup, SeededDice("scenario", 0)))


def placed(scenario: str) -> State:
    """Every miniature parked on its own side of the table, out of the way."""
    state = started(scenario)
    clear_table(state, keep=())
    state["turn"] = 5
    return state


def leaders(state: State, side: str) -> list[str]:
    return [m for m, mini in state["minis"].items() if mini["side"] == side and mini["is_leader"]]


def document(**changes: Any) -> dict[str, Any]:
    """The pitched battle's file, changed."""
    scenario = SCENARIOS["pitched-battle"]
    base = {
        "id": "pitched-battle",
        "name": "Pitched battle",
        "sample": True,
        "description": "test",
        "table": {"width": 120, "height": 90},
        "zones": {"A": [0, 0, 120, 20], "B": [0, 70, 120, 90]},
        "scenery": [
            {**piece, "points": [[x // CM, y // CM] for x, y in piece["points"]]}
            for piece in scenario["scenery"]
        ],
        "extra_scenery": True,
        "last_turn": 5,
        "end_check": {"from_turn": 3, "more_than_times": 2},
        "objectives": [],
        "victory": [{"kind": "leaders", "leader": 1, "general": 2}],
    }
    return {**base, **changes}


# -- the scenario data ------------------------------------------------------------


def test_choose_a_battle_scenario_the_pitched_battle_and_three_more_ship_as_sample_data() -> None:
    assert next(iter(SCENARIOS)) == "pitched-battle"
    assert {"hold-the-shrine", "breakthrough", "taking-heads"} <= set(SCENARIOS)
    for scenario in SCENARIOS.values():
        assert scenario["sample"] is True
        assert scenario["victory"], scenario["id"]


def test_choose_a_battle_scenario_a_setup_names_one_and_an_unknown_one_is_refused() -> None:
    state = started("hold-the-shrine")
    assert state["scenario"]["id"] == "hold-the-shrine"
    assert state["scenario"]["objectives"][0]["radius"] == 10 * CM
    assert state["scenery"][0]["id"] == "shrine"
    with pytest.raises(InvalidCommand, match=r"unknown scenario 'siege'.*pitched-battle"):
        KENSEI.start({"armies": {"A": "buke-250", "B": "kuge-250"}, "scenario": "siege"}, None)


def test_choose_a_battle_scenario_randomly_choose_one_of_the_existing_ones() -> None:
    # "Randomly choose one of the existing ones": a die of as many faces as scenarios,
    # from the set-up's dice (recorded in the initial state).
    armies = {"A": "buke-250", "B": "kuge-250"}
    drawn = {}
    for face in range(1, len(SCENARIOS) + 1):
        state = KENSEI.start(
            {"armies": armies, "scenario": "random"}, EnteredDice([face] + [1] * 400)
        )
        drawn[face] = state["scenario"]["id"]
        assert state["scenario"]["drawn"] == face
    assert sorted(drawn.values()) == sorted(SCENARIOS)  # each face its own scenario
    seeded = [
        KENSEI.start({"armies": armies, "scenario": "random"}, SeededDice(f"draw-{n}", 0))
        for n in range(12)
    ]
    assert len({state["scenario"]["id"] for state in seeded}) > 1
    again = KENSEI.start({"armies": armies, "scenario": "random"}, SeededDice("draw-3", 0))
    assert again == seeded[3]


def test_scenario_files_are_checked_and_every_problem_is_listed() -> None:
    broken = {
        "scenarios/pitched-battle.json": document(last_turn=0, zones={"A": [0, 0, 120]}),
        "scenarios/odd.json": document(
            id="odd-one",
            zones={"A": [0, 0, 120, 50], "B": [0, 40, 120, 90]},
            victory=[{"kind": "objective", "objective": "well", "points": 2}],
            end_check={"from_turn": 7, "more_than_times": 2},
        ),
    }
    with pytest.raises(ScenarioError) as raised:
        scenarios_from_documents(broken)
    problems = "\n".join(raised.value.problems)
    assert "scenarios/pitched-battle.json: $.last_turn" in problems
    assert "scenarios/pitched-battle.json: $.zones.A" in problems
    assert "scenarios/odd.json: the file name must be odd-one.json" in problems
    assert "scenarios/odd.json: the deployment zones of A and B overlap" in problems
    assert "scenarios/odd.json: victory: no objective 'well' is defined" in problems
    assert "scenarios/odd.json: end_check: from_turn is after the last turn" in problems


def test_scenario_scenery_must_be_on_the_table_and_a_simple_polygon() -> None:
    pieces = [
        {
            "id": "off",
            "name": "Off",
            "kind": "normal",
            "height": 1,
            "points": [[0, 0], [130, 0], [0, 5]],
        },
        {
            "id": "bow",
            "name": "Bow",
            "kind": "normal",
            "height": 1,
            "points": [[0, 0], [10, 10], [10, 0], [0, 10]],
        },
    ]
    with pytest.raises(ScenarioError) as raised:
        scenarios_from_documents({"scenarios/pitched-battle.json": document(scenery=pieces)})
    assert raised.value.problems == (
        "scenarios/pitched-battle.json: scenery off: every point must be on the table",
        "scenarios/pitched-battle.json: scenery bow: the points must make a simple polygon",
    )


def test_extra_scenery_a_scenario_may_place_none() -> None:
    state = started("breakthrough")
    for side in ("A", "B"):
        assert state["setup"]["extra_scenery"][side]["elements"] == 0
        assert state["setup"]["extra_scenery"][side]["dice"] == []


# -- the end conditions -------------------------------------------------------------


def test_end_of_battle_check_from_the_turn_the_scenario_gives() -> None:
    state = placed("taking-heads")
    state["turn"] = 1
    assert end_check(state) is None
    state["turn"] = 2
    assert end_check(state) == {
        "A": 2 + len(leaders(state, "A")) - 1,
        "B": 2 + len(leaders(state, "B")) - 1,
    }
    pitched = placed("pitched-battle")
    pitched["turn"] = 2
    assert end_check(pitched) is None


def test_end_of_battle_check_a_scenario_without_it_never_ends_early() -> None:
    state = placed("breakthrough")
    for turn in range(1, 7):
        state["turn"] = turn
        assert end_check(state) is None


def test_end_of_the_battle_after_the_scenarios_last_turn() -> None:
    setup = {"armies": {"A": "kuge-250", "B": "otokodate-250"}, "scenario": "breakthrough"}
    _, _, final = bot_game("six-turns", setup)
    outcome = final["finished"]
    if outcome["termination"] == "turn_limit":
        assert final["turn"] == 6
    assert outcome["scores"] == {
        side: sum(points.values()) for side, points in victory_points(final).items()
    }


# -- victory points --------------------------------------------------------------------


def test_victory_points_leaders_alive_one_each_the_general_two() -> None:
    state = placed("pitched-battle")
    general = state["sides"]["A"]["general"]
    others = [m for m in leaders(state, "A") if m != general]
    assert victory_points(state)["A"] == {"leaders": 2 + len(others)}
    state["minis"][general]["removed"] = True
    state["minis"][others[0]]["removed"] = True
    assert victory_points(state)["A"] == {"leaders": len(others) - 1}


def test_victory_points_taking_heads_enemy_leaders_slain_and_units_destroyed() -> None:
    state = placed("taking-heads")
    general = state["sides"]["B"]["general"]
    assert victory_points(state)["A"] == {"units_destroyed": 0, "leaders_slain": 0}
    state["minis"][general]["removed"] = True
    uid = next(
        u for u, unit in state["units"].items() if unit["side"] == "B" and len(unit["minis"]) > 2
    )
    for mid in state["units"][uid]["minis"]:
        state["minis"][mid]["removed"] = True
    scored = victory_points(state)["A"]
    slain_leaders = [m for m in state["units"][uid]["minis"] if state["minis"][m]["is_leader"]]
    assert scored["leaders_slain"] == 4 + 2 * len([m for m in slain_leaders if m != general])
    destroyed = 1 + (state["minis"][general]["unit"] != uid and _alone(state, general))
    assert scored["units_destroyed"] == destroyed


def _alone(state: State, mid: str) -> bool:
    return state["units"][state["minis"][mid]["unit"]]["minis"] == [mid]


def test_victory_points_holding_an_objective_more_miniatures_within_its_radius() -> None:
    state = placed("hold-the-shrine")
    gate = state["scenario"]["objectives"][0]
    a_unit = next(
        u for u, unit in state["units"].items() if unit["side"] == "A" and len(unit["minis"]) >= 3
    )
    b_unit = next(
        u for u, unit in state["units"].items() if unit["side"] == "B" and len(unit["minis"]) >= 2
    )
    for n, mid in enumerate(state["units"][a_unit]["minis"][:3]):
        put(state, mid, gate["x"] - 3000 + n * 300, gate["y"] - 1200, 900)
    for n, mid in enumerate(state["units"][b_unit]["minis"][:2]):
        put(state, mid, gate["x"] + 3000 + n * 300, gate["y"] - 1200, 2700)
    assert victory_points(state)["A"]["objective:gate"] == 0  # 3 miniatures, all 30 cm off
    shifted = copy.deepcopy(state)
    for n, mid in enumerate(shifted["units"][a_unit]["minis"][:3]):
        put(shifted, mid, gate["x"] - 600 + n * 300, gate["y"] - 1200, 900)
    assert victory_points(shifted)["A"]["objective:gate"] == 3
    assert victory_points(shifted)["B"]["objective:gate"] == 0
    shifted["units"][a_unit]["markers"]["fleeing"] = True
    assert victory_points(shifted)["A"]["objective:gate"] == 0


def test_victory_points_breakthrough_units_in_the_enemy_deployment_zone() -> None:
    state = placed("breakthrough")
    zone = state["scenario"]["zones"]["B"]
    uid = next(
        u for u, unit in state["units"].items() if unit["side"] == "A" and len(unit["minis"]) >= 3
    )
    minis = state["units"][uid]["minis"]
    inside = (len(minis) + 1) // 2
    for n, mid in enumerate(minis):
        y = zone[1] + 500 if n < inside else zone[1] - 2000
        put(state, mid, 2000 + n * 400, y, 900)
    assert victory_points(state)["A"]["enemy_zone"] == 2
    put(state, minis[0], 2000, zone[1] - 2500, 900)
    assert victory_points(state)["A"]["enemy_zone"] == (2 if 2 * (inside - 1) >= len(minis) else 0)


def test_when_the_game_is_over_the_side_with_more_victory_points_wins() -> None:
    state = placed("pitched-battle")
    general = state["sides"]["B"]["general"]
    state["minis"][general]["removed"] = True
    outcome = final_outcome(state)
    assert outcome["termination"] == "turn_limit"
    assert outcome["winner"] == "A"
    assert outcome["scores"]["A"] == outcome["scores"]["B"] + 2
    assert "victory points A: leaders" in outcome["detail"]
    assert final_outcome(placed("pitched-battle"))["winner"] is None


def test_when_the_game_is_over_a_side_with_no_troops_left_loses() -> None:
    state = placed("taking-heads")
    for mini in state["minis"].values():
        if mini["side"] == "B":
            mini["removed"] = True
    for unit in state["units"].values():
        if unit["side"] == "B":
            unit["removed"] = True
    outcome = final_outcome(state)
    assert outcome["termination"] == "annihilation"
    assert outcome["winner"] == "A"
    assert outcome["scores"]["A"] > 0

"""The orders phase: sealed orders, the reveal, the Execution Phase in the same decide,
the end of the turn and the victory conditions."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Dice, Event, IllegalCommand, SeededDice, State, Termination
from engine.samurai_battles import rules
from engine.samurai_battles.state.evolve import evolve
from engine.samurai_battles.turn.orders import decide_orders
from engine.samurai_battles.turn.prompts import orders_prompt
from engine.samurai_battles.turn.victory import broken, outcome_after_turn, scores
from tests.unit.samurai_battles.builders import battle, rest_orders

TWO = {"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))}
DICE = SeededDice("turn", 1)


def no_execution(state: State, dice: Dice) -> list[Event]:
    return []


def write(state: State, side: str, orders: dict[str, Any] | None = None, **kw: Any) -> list[Event]:
    command = {"type": "orders", "side": side, "orders": orders or rest_orders(state, side)}
    return decide_orders(
        state, command, DICE, execute=kw.get("execute", no_execution), evolve=evolve
    )


def play(state: State, events: list[Event]) -> State:
    for event in events:
        state = evolve(state, event)
    return state


def test_orders_are_written_sealed_until_both_sides_have_written() -> None:
    state = battle(TWO)
    events = write(state, "east")
    assert [e["type"] for e in events] == ["orders_written"]
    assert events[0]["sealed_for"] == "east"
    assert events[0]["sealed"] == {"orders": {"e1": {"order": "rest"}}}
    after = play(state, events)
    prompt = orders_prompt(after)
    assert prompt is not None
    assert prompt.sides == ("west",)
    assert prompt.sealed


def test_both_sides_are_prompted_at_once_each_turn() -> None:
    prompt = orders_prompt(battle(TWO))
    assert prompt is not None
    assert prompt.sides == ("east", "west")
    assert prompt.kind == "orders"
    assert set(prompt.options) == {"e1", "w1"}
    assert "rest" in prompt.options["e1"]


def test_a_side_writes_its_orders_once_a_turn() -> None:
    state = play(battle(TWO), write(battle(TWO), "east"))
    with pytest.raises(IllegalCommand) as raised:
        write(state, "east")
    assert raised.value.rule == rules.ORDERS


def test_the_last_side_reveals_both_and_the_execution_phase_runs_on_the_revealed_orders() -> None:
    seen: list[State] = []

    def execution(state: State, dice: Dice) -> list[Event]:
        seen.append(state)
        return [{"type": "step_began", "step": "defensive"}]

    state = play(battle(TWO), write(battle(TWO), "east"))
    march = {"w1": {"order": "march", "path": [[2, 2]]}}
    events = write(state, "west", march, execute=execution)
    assert [e["type"] for e in events] == [
        "orders_written",
        "orders_revealed",
        "step_began",
        "turn_ended",
    ]
    assert events[1]["orders"] == {"east": {"e1": {"order": "rest"}}, "west": march}
    assert seen[0]["orders"]["west"] == march
    assert seen[0]["written"] == {}
    after = play(state, events)
    assert after["turn"] == 2
    assert after["written"] == {}


def test_hidden_units_orders_stay_sealed_for_their_side() -> None:
    state = battle({**TWO, "e2": ("ninja", (6, 4), {"hidden": True})}, terrain={(6, 4): "forest"})
    state = play(state, write(state, "west"))
    orders = {**rest_orders(state, "east"), "e2": {"order": "ambush", "face": [5, 4]}}
    events = write(state, "east", orders)
    revealed = next(e for e in events if e["type"] == "orders_revealed")
    assert "e2" not in revealed["orders"]["east"]
    kept = next(e for e in events if e["type"] == "hidden_orders")
    assert kept["sealed_for"] == "east"
    assert kept["sealed"] == {"orders": {"e2": {"order": "ambush", "face": [5, 4]}}}
    assert play(state, events)["orders"]["east"]["e2"] == {"order": "ambush", "face": [5, 4]}


def test_the_last_turn_ends_the_game_by_score() -> None:
    victory = {"break": None, "objectives": [{"hex": [5, 2], "points": 3}], "points": True}
    state = battle(TWO, turn=6, turns=6, victory=victory)
    state = play(state, write(state, "east"))
    events = write(state, "west")
    assert events[-1]["type"] == "game_ended"
    outcome = events[-1]["outcome"]
    assert outcome["termination"] == Termination.TURN_LIMIT.value
    assert outcome["winner"] == "east"
    assert outcome["scores"] == {"east": 3, "west": 0}
    assert orders_prompt(play(state, events)) is None


def test_equal_scores_after_the_last_turn_are_a_draw() -> None:
    outcome = outcome_after_turn(battle(TWO, turn=6, turns=6))
    assert outcome is not None
    assert outcome.winner is None


def test_break_point_a_number_of_units_lost() -> None:
    victory = {"break": {"units": 2}, "objectives": [], "points": True}
    units = {
        **TWO,
        "e2": ("samurai", (5, 3), {"status": "destroyed"}),
        "e3": ("samurai", (5, 4), {"status": "fled"}),
        "w2": ("samurai", (1, 3), {"status": "destroyed"}),
    }
    state = battle(units, victory=victory)
    state = {**state, "removed": {"east": ["w2"], "west": ["e2", "e3"]}}
    assert broken(state, "east")
    assert not broken(state, "west")
    outcome = outcome_after_turn(state)
    assert outcome is not None
    assert outcome.termination is Termination.VICTORY_CONDITION
    assert outcome.winner == "west"
    assert outcome.scores == {"east": 8, "west": 16}


def test_break_point_a_fraction_of_the_army() -> None:
    victory = {"break": {"fraction": [1, 2]}, "objectives": [], "points": False}
    units = {**TWO, "e2": ("samurai", (5, 3)), "e3": ("samurai", (5, 4), {"status": "destroyed"})}
    state = battle(units, victory=victory)
    assert not broken(state, "east")  # 1 of 3
    state["units"]["e2"] = {**state["units"]["e2"], "status": "fled"}
    assert broken(state, "east")  # 2 of 3


def test_a_joined_unit_is_not_lost() -> None:
    victory = {"break": {"units": 1}, "objectives": [], "points": True}
    state = battle({**TWO, "e2": ("samurai", (5, 3), {"status": "joined"})}, victory=victory)
    assert not broken(state, "east")


def test_an_army_with_no_unit_on_the_table_is_annihilated() -> None:
    state = battle({**TWO, "w1": ("samurai", (1, 2), {"status": "destroyed"})})
    outcome = outcome_after_turn(state)
    assert outcome is not None
    assert outcome.termination is Termination.ANNIHILATION
    assert outcome.winner == "east"


def test_objectives_score_for_the_side_standing_on_them() -> None:
    victory = {"break": None, "objectives": [{"hex": [1, 2], "points": 4}], "points": False}
    assert scores(battle(TWO, victory=victory)) == {"east": 0, "west": 4}

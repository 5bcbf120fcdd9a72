"""The Execution Phase's step order, the defensive orders (step 1) and ranged combat
(step 2); orders that cannot be executed become Rest (Special Orders > Rest)."""

from __future__ import annotations

from engine.core import SeededDice
from engine.samurai_battles.execution import EXECUTION_EVENT_KINDS, describe_execution, execute
from engine.samurai_battles.state.execution_events import HANDLERS
from tests.unit.samurai_battles.builders import battle, revealed
from tests.unit.samurai_battles.test_sb_execution_support import of, run, steps_of, unit


def test_execution_steps_run_in_the_seeds_order() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))})
    events, after = run(revealed(state), [])
    assert [e["step"] for e in of(events, "step_began")] == [
        "defensive",
        "ranged",
        "movement",
        "melee",
        "special",
        "retreat",
    ]
    assert len(events) == 6
    assert after == revealed(state)


def test_rest_does_nothing() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))})
    orders = revealed(state, east={"e1": {"order": "rest"}}, west={"w1": {"order": "rest"}})
    events, after = run(orders, [])
    assert [e["type"] for e in events] == ["step_began"] * 6
    assert after["units"] == state["units"]


def test_defend_faces_the_written_hex_in_the_defensive_step() -> None:
    state = battle({"e1": ("samurai", (4, 2))})
    state = revealed(state, east={"e1": {"order": "defend", "face": [4, 1]}})
    events, after = run(state, [])
    assert steps_of(events)["defensive"] == [{"type": "faced", "unit": "e1", "facing": 4}]
    assert unit(after, "e1")["facing"] == 4


def test_a_hidden_unit_on_defend_turns_in_secret() -> None:
    state = battle({"w1": ("ninja", (2, 2), {"hidden": True})})
    state = revealed(state, west={"w1": {"order": "defend", "face": [2, 3]}})
    events, after = run(state, [])
    assert steps_of(events)["defensive"] == [
        {"type": "faced", "unit": "w1", "sealed_for": "west", "sealed": {"facing": 1}}
    ]
    assert unit(after, "w1")["facing"] == 1
    redacted = {**steps_of(events)["defensive"][0], "sealed": None}
    assert describe_execution(redacted, state) == "West 1 (Ninja) turned, unseen."


def test_fire_and_retreat_faces_the_written_hex_in_the_defensive_step() -> None:
    state = battle({"w1": ("arquebusiers", (2, 2))})
    state = revealed(state, west={"w1": {"order": "fire_and_retreat", "face": [2, 3]}})
    events, _ = run(state, [])
    assert steps_of(events)["defensive"] == [{"type": "faced", "unit": "w1", "facing": 1}]


def test_fire_ranged_weapons_spends_ammunition_and_removes_a_model_per_hit() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (1, 2))})
    state = revealed(state, west={"w1": {"order": "fire", "target": "e1"}})
    events, after = run(state, [5, 6, 1, 2, 3, 4, 2])
    fired = of(events, "fired")[0]
    assert (fired["dice"], fired["hits"], fired["ammo"], fired["kill_zone"]) == (
        [5, 6, 1, 2, 3, 4],
        2,
        6,
        False,
    )
    assert of(events, "casualties") == [
        {"type": "casualties", "unit": "e1", "models": 2, "left": 4}
    ]
    assert unit(after, "w1")["ammo"] == 6
    assert unit(after, "e1")["models"] == 4


def test_a_unit_that_lost_models_fires_fewer_dice() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (1, 2), {"models": 3})})
    state = revealed(state, west={"w1": {"order": "fire", "target": "e1"}})
    events, _ = run(state, [1, 1, 1])
    assert len(of(events, "fired")[0]["dice"]) == 3  # 6 dice * 3 / 6 models


def test_a_unit_fired_on_that_fails_its_fortitude_test_does_not_move() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (1, 2))})
    state = revealed(
        state,
        east={"e1": {"order": "march", "path": [[3, 2]]}},
        west={"w1": {"order": "fire", "target": "e1"}},
    )
    events, after = run(state, [5, 1, 1, 1, 1, 1, 6])
    tested = of(events, "fortitude_tested")[0]
    assert (tested["die"], tested["needed"], tested["passed"], tested["fortitude"]) == (
        6,
        5,
        False,
        4,
    )
    assert of(events, "rested") == [
        {"type": "rested", "unit": "e1", "order": "march", "reason": "fortitude"}
    ]
    assert unit(after, "e1")["hex"] == [4, 2]
    assert unit(after, "e1")["fortitude"] == 4


def test_fire_at_a_target_out_of_line_of_sight_is_rest() -> None:
    state = battle(
        {"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (1, 2))}, terrain={(2, 2): "forest"}
    )
    state = revealed(state, west={"w1": {"order": "fire", "target": "e1"}})
    events, after = run(state, [])
    assert of(events, "rested") == [
        {"type": "rested", "unit": "w1", "order": "fire", "reason": "out_of_sight"}
    ]
    assert unit(after, "w1")["ammo"] == 7


def test_fire_without_ammunition_is_rest() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (1, 2), {"ammo": 0})})
    state = revealed(state, west={"w1": {"order": "fire", "target": "e1"}})
    events, _ = run(state, [])
    assert of(events, "rested")[0]["reason"] == "no_ammunition"


def test_a_hidden_unit_cannot_be_the_target_of_a_ranged_attack() -> None:
    state = battle(
        {"e1": ("samurai", (4, 2), {"hidden": True}), "w1": ("ashigaru_archers", (1, 2))}
    )
    state = revealed(state, west={"w1": {"order": "fire", "target": "e1"}})
    events, _ = run(state, [])
    assert of(events, "rested")[0]["reason"] == "target_hidden"


def test_ranged_fire_in_the_ranged_step_is_simultaneous() -> None:
    # East 1 destroys West 1, which still fires: the shots of the step are aimed at once.
    state = battle(
        {"e1": ("ashigaru_archers", (4, 2)), "w1": ("ashigaru_archers", (1, 2), {"models": 2})}
    )
    state = revealed(
        state,
        east={"e1": {"order": "fire", "target": "w1"}},
        west={"w1": {"order": "fire", "target": "e1"}},
    )
    events, after = run(state, [6, 6, 1, 1, 1, 1, 5, 5, 2])
    assert [f["unit"] for f in of(events, "fired")] == ["e1", "w1"]
    assert of(events, "destroyed") == [{"type": "destroyed", "unit": "w1"}]
    assert unit(after, "e1")["models"] == 4
    assert after["removed"]["east"] == ["w1"]


def test_a_hidden_unit_that_fires_is_revealed() -> None:
    state = battle(
        {"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (1, 2), {"hidden": True})}
    )
    state = revealed(state, west={"w1": {"order": "fire", "target": "e1"}})
    events, after = run(state, [1] * 6)
    assert [e["type"] for e in steps_of(events)["ranged"]] == ["revealed", "fired"]
    assert unit(after, "w1")["hidden"] is False


def test_every_execution_event_kind_has_a_handler_and_a_sentence() -> None:
    assert set(EXECUTION_EVENT_KINDS) == set(HANDLERS)
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (2, 2))})
    state = revealed(
        state, west={"w1": {"order": "assault", "path": [[3, 2], [4, 2]], "target": "e1"}}
    )
    for event in execute(state, SeededDice("describe", 1)):
        sentence = describe_execution(event, state)
        assert sentence
        assert "{" not in sentence
    assert describe_execution({"type": "orders_revealed"}) is None


def test_the_execution_phase_is_deterministic_for_a_seed() -> None:
    state = battle(
        {"e1": ("samurai", (5, 2)), "e2": ("arquebusiers", (6, 3)), "w1": ("samurai", (2, 2))}
    )
    state = revealed(
        state,
        east={"e2": {"order": "fire", "target": "w1"}},
        west={"w1": {"order": "assault", "path": [[3, 2], [4, 2]], "target": "e1"}},
    )
    first = execute(state, SeededDice("same", 4))
    assert first == execute(state, SeededDice("same", 4))

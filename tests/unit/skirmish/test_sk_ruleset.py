"""The ruleset facade: set-ups, info, prompts and commands, legal commands, sentences,
concession, data refusal, whole games played by the random bot."""

from __future__ import annotations

import random

import pytest

from engine.core import (
    IllegalCommand,
    InvalidCommand,
    Prompt,
    SeededDice,
    State,
    Termination,
    canonical_json,
    state_hash,
)
from engine.skirmish import Skirmish

RULESET = Skirmish()
SEED = SeededDice("skirmish-ruleset", 0)


def must_prompt(state: State) -> Prompt:
    prompt = RULESET.prompt(state)
    assert prompt is not None
    return prompt


def test_start_sets_up_the_named_scenario_in_the_deploy_phase() -> None:
    state = RULESET.start({"scenario": "rice_fields"}, SEED)
    assert state["ruleset"] == "skirmish"
    assert state["scenario"] == "rice_fields"
    assert state["phase"] == "deploy"
    assert state["turn"] == 1
    assert state["turns"] == 8
    assert state["table"] == {"width": 9144, "height": 9144}
    assert state["warbands"] == {"a": "household", "b": "villagers"}
    assert state["units"]["a1"]["hero"]
    assert state["units"]["a1"]["zen"] == 2
    assert state["units"]["a2"]["master"] == "a1"
    assert state["models"]["a1.1"]["mounted"]
    assert state["models"]["a1.1"]["wounds"] == 1
    assert state["models"]["b1.1"]["wounds"] == 2
    canonical_json(state)


def test_start_takes_the_turn_limit_and_bands_as_overrides() -> None:
    state = RULESET.start(
        {"scenario": "temple_gate", "turns": 3, "factions": {"b": "ashigaru"}}, SEED
    )
    assert state["turns"] == 3
    assert state["warbands"] == {"a": "monks", "b": "ashigaru"}
    assert state["labels"]["b"] == "Ashigaru company"
    # The band chosen instead of the scenario's is lined up within its zone: it deploys as is.
    for _ in range(2):
        side = must_prompt(state).sides[0]
        for event in RULESET.decide(state, {"type": "deploy", "side": side, "positions": {}}, SEED):
            state = RULESET.evolve(state, event)
    assert state["phase"] == "move"


@pytest.mark.parametrize(
    "setup",
    [
        {"scenario": "nowhere"},
        {"turns": 0},
        {"turns": True},
        {"factions": {"a": "pirates"}},
        {"colour": "red"},
    ],
)
def test_start_refuses_what_it_does_not_know(setup: dict[str, object]) -> None:
    with pytest.raises(InvalidCommand):
        RULESET.start(setup, SEED)


def test_one_sample_setup_per_scenario_each_starts() -> None:
    setups = RULESET.sample_setups()
    assert [s["scenario"] for s in setups] == list(RULESET.catalogue.scenarios)
    for setup in setups:
        assert must_prompt(RULESET.start(setup, SEED)).kind == "deploy"


def test_info_is_a_table_game_of_two_bands_and_d6() -> None:
    info = RULESET.info
    assert info.id == "skirmish"
    assert info.board == "table"
    assert info.dice == (6,)
    assert info.players == (2, 2)
    assert info.first_player == ""
    assert {f.id for f in info.factions} == {"monks", "villagers", "household", "ashigaru"}
    assert Termination.CONCESSION.value in {e.name for e in info.endings} or info.endings


def test_every_event_kind_has_a_sentence() -> None:
    kinds = RULESET.event_kinds()
    assert {"deployed", "initiative_rolled", "heroic_declared", "turn_ended", "game_over"} <= kinds
    outcome = {
        "termination": "turn_limit",
        "winner": "a",
        "scores": {"a": 5, "b": 0},
        "detail": "x",
    }
    assert "wins" in RULESET.describe(
        {"type": "game_over", "outcome": outcome, "score": {"a": 5, "b": 0}}
    )
    rolled = {
        "type": "initiative_rolled",
        "turn": 2,
        "dice": {"a": [3], "b": [3]},
        "modifiers": {"a": 0, "b": 0},
        "winner": "b",
        "reason": "draw",
    }
    assert "changes hands" in RULESET.describe(rolled)
    assert RULESET.describe({"type": "turn_ended", "turn": 3}) == "Turn 3 ends."


def test_an_unknown_command_is_invalid_and_a_finished_game_refuses_all() -> None:
    state = RULESET.start({}, SEED)
    with pytest.raises(InvalidCommand):
        RULESET.decide(state, {"type": "teleport", "side": "a"}, SEED)
    for event in RULESET.decide(state, {"type": "concede", "side": "a"}, SEED):
        state = RULESET.evolve(state, event)
    outcome = RULESET.outcome(state)
    assert outcome is not None
    assert outcome.winner == "b"
    assert RULESET.prompt(state) is None
    with pytest.raises(IllegalCommand):
        RULESET.decide(state, {"type": "deploy", "side": "b", "positions": {}}, SEED)


def test_legal_is_empty_for_a_side_not_prompted() -> None:
    state = RULESET.start({}, SEED)
    assert list(RULESET.legal(state, "b")) == []
    assert list(RULESET.legal(state, "a")) == [{"type": "deploy", "side": "a", "positions": {}}]


def test_a_game_played_with_other_data_files_is_refused() -> None:
    state = RULESET.start({}, SEED)
    assert RULESET.replay_refusal(state) is None
    refusal = RULESET.replay_refusal({**state, "data": "0123456789abcdef"})
    assert refusal is not None
    assert "other data files" in refusal


def test_log_tags() -> None:
    assert RULESET.log_tags({"type": "phase_began"}) == ("bookkeeping",)
    assert RULESET.log_tags({"type": "shot"}) == ("combat",)
    assert RULESET.log_tags({"type": "deployed"}) == ()


@pytest.mark.parametrize("scenario", ["temple_gate", "mountain_pass"])
def test_legal_commands_are_accepted_all_game_long(scenario: str) -> None:
    state = RULESET.start({"scenario": scenario}, SEED)
    rng = random.Random(scenario)
    index = 1
    while (prompt := RULESET.prompt(state)) is not None:
        side = prompt.sides[0]
        commands = list(RULESET.legal(state, side))
        assert commands, (prompt.kind, state["phase"], state["step"])
        assert commands == list(RULESET.legal(dict(state), side))
        for event in RULESET.decide(state, rng.choice(commands), SeededDice(scenario, index)):
            state = RULESET.evolve(state, event)
        index += 1
        assert index < 5000
    assert RULESET.outcome(state) is not None
    canonical_json(state)


TURN_EVENTS = [
    {"type": "deployed", "side": "a", "models": {}},
    {"type": "deployed", "side": "a", "models": {"a1.1": [1, 2, 3]}},
    {
        "type": "initiative_rolled",
        "turn": 1,
        "dice": {"a": [2], "b": [2]},
        "modifiers": {"a": 1, "b": 0},
        "winner": None,
        "chooser": "b",
        "reason": "draw",
    },
    {"type": "initiative_chosen", "side": "b", "take": False, "winner": "a"},
    {"type": "phase_began", "phase": "move", "step": "heroic"},
    {"type": "phase_began", "phase": "shoot", "step": "act", "active": "a"},
    {"type": "step_began", "step": "fight", "active": None},
    {"type": "step_began", "step": "act", "active": "b"},
    {"type": "heroic_declared", "side": "a", "unit": "a1", "action": "combat", "zen": 1},
    {"type": "heroic_passed", "side": "b"},
    {"type": "zen_policy_set", "side": "a", "unit": "a1", "policy": "never"},
    {"type": "conceded", "side": "a", "outcome": None},
]


@pytest.mark.parametrize("event", TURN_EVENTS, ids=lambda e: str(e["type"]))
def test_the_turn_events_have_sentences_with_names(event: dict[str, object]) -> None:
    before = RULESET.start({"scenario": "rice_fields"}, SEED)
    sentence = RULESET.describe(event, before)
    assert sentence.endswith(".")
    assert "_" not in sentence
    assert "side a" not in sentence
    assert isinstance(RULESET.describe(event), str)


def _bot_game(seed: str) -> tuple[list[dict[str, object]], State]:
    state = RULESET.start({"scenario": "temple_gate", "turns": 3}, SEED)
    bots = {side: RULESET.bots()["veteran"].build(f"{seed}-{side}") for side in ("a", "b")}
    events: list[dict[str, object]] = []
    index = 1
    while (prompt := RULESET.prompt(state)) is not None:
        side = prompt.sides[0]
        command = bots[side].choose(RULESET, state, side)
        assert command is not None
        for event in RULESET.decide(state, command, SeededDice(seed, index)):
            events.append(event)
            state = RULESET.evolve(state, event)
        index += 1
    return events, state


def test_a_game_is_deterministic_from_its_seed_and_commands() -> None:
    first_events, first = _bot_game("same")
    second_events, second = _bot_game("same")
    assert canonical_json(first_events) == canonical_json(second_events)
    assert state_hash(first) == state_hash(second)
    assert first["phase"] == "over"

"""The facade: set-ups, info, commands, legal orders, sentences, replay refusal."""

from __future__ import annotations

import pytest

from engine.core import IllegalCommand, InvalidCommand, SeededDice, Termination
from engine.samurai_battles import SamuraiBattles
from engine.samurai_battles.orders import check_orders
from tests.unit.samurai_battles.builders import battle, rest_orders

RULESET = SamuraiBattles()
SEED = SeededDice("ruleset", 0)


def test_start_sets_up_the_named_scenario() -> None:
    state = RULESET.start({"scenario": "river-crossing"}, SEED)
    assert state["scenario"] == "river-crossing"
    assert state["turn"] == 1
    assert state["turns"] == 8
    assert state["factions"] == {"east": "takeda", "west": "oda"}
    assert RULESET.sides(state) == ("east", "west")


def test_start_takes_the_turn_limit_and_clans_as_overrides() -> None:
    state = RULESET.start(
        {"scenario": "skirmish-at-dawn", "turns": 2, "factions": {"east": "oda"}}, SEED
    )
    assert state["turns"] == 2
    assert state["factions"] == {"east": "oda", "west": "uesugi"}


@pytest.mark.parametrize(
    "setup",
    [{"scenario": "nowhere"}, {"army": "x"}, {"turns": 0}, {"factions": {"east": "nobody"}}],
)
def test_start_refuses_what_it_does_not_know(setup: dict[str, object]) -> None:
    with pytest.raises(InvalidCommand):
        RULESET.start(setup, SEED)


def test_one_sample_setup_per_scenario_each_starts() -> None:
    setups = RULESET.sample_setups()
    assert [s["scenario"] for s in setups] == list(RULESET.catalogue.scenarios)
    for setup in setups:
        assert RULESET.prompt(RULESET.start(setup, SEED)) is not None


def test_info_is_a_hex_game_of_two_armies_and_d6() -> None:
    info = RULESET.info
    assert info.board == "hex"
    assert info.dice == (6,)
    assert info.first_player == ""
    assert info.sides == {"east": "East army", "west": "West army"}
    assert {f.id for f in info.factions} == {"takeda", "uesugi", "oda", "tokugawa"}
    assert {e.name for e in info.endings} >= {Termination.CONCESSION.value} or info.endings


def test_the_orders_phase_events_have_sentences() -> None:
    outcome = {"termination": "turn_limit", "winner": "east", "scores": {}, "detail": "x"}
    assert RULESET.describe({"type": "turn_ended", "turn": 3}) == "Turn 3 ended."
    assert "sealed" in RULESET.describe(
        {"type": "orders_written", "side": "east", "sealed_for": "east", "sealed": None}
    )
    revealed = {
        "type": "orders_revealed",
        "orders": {"east": {"e1": {"order": "rest"}}, "west": {}},
    }
    assert "1 Rest" in RULESET.describe(revealed)
    assert "East army wins" in RULESET.describe({"type": "game_ended", "outcome": outcome})
    assert "hidden" in RULESET.describe(
        {"type": "hidden_orders", "side": "west", "sealed_for": "west", "sealed": None}
    )
    assert "conceded" in RULESET.describe({"type": "conceded", "side": "west", "outcome": None})


def test_concession_ends_the_game() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))})
    events = RULESET.decide(state, {"type": "concede", "side": "east"}, SEED)
    for event in events:
        state = RULESET.evolve(state, event)
    outcome = RULESET.outcome(state)
    assert outcome is not None
    assert outcome.winner == "west"
    assert outcome.termination is Termination.CONCESSION
    assert RULESET.prompt(state) is None


def test_an_unknown_command_is_invalid() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))})
    with pytest.raises(InvalidCommand):
        RULESET.decide(state, {"type": "charge", "side": "east"}, SEED)


def test_orders_of_a_finished_game_are_refused() -> None:
    state = {**battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))}), "phase": "over"}
    command = {"type": "orders", "side": "east", "orders": rest_orders(state, "east")}
    with pytest.raises(IllegalCommand):
        RULESET.decide(state, command, SEED)


def test_every_legal_command_is_accepted_and_every_kind_is_offered() -> None:
    state = RULESET.start({"scenario": "village-battle"}, SEED)
    for side in RULESET.sides(state):
        commands = list(RULESET.legal(state, side))
        assert 1 <= len(commands) <= 36
        offered = {(u, o["order"]) for c in commands for u, o in c["orders"].items()}
        options = RULESET.prompt(state).options  # type: ignore[union-attr]
        for command in commands:
            check_orders(state, side, command["orders"])
            assert RULESET.decide(state, command, SEED)
        for unit_id, kinds in options.items():
            if unit_id.startswith(side[0]) and not state["units"][unit_id]["hidden"]:
                assert {k for u, k in offered if u == unit_id} == set(kinds), unit_id


def test_legal_is_empty_for_a_side_not_prompted() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))})
    state = {**state, "written": {"east": rest_orders(state, "east")}}
    assert list(RULESET.legal(state, "east")) == []


def test_legal_is_deterministic() -> None:
    state = RULESET.start({"scenario": "river-crossing"}, SEED)
    assert list(RULESET.legal(state, "east")) == list(RULESET.legal(dict(state), "east"))


def test_a_game_played_with_other_data_files_is_refused() -> None:
    state = RULESET.start({}, SEED)
    assert RULESET.replay_refusal(state) is None
    refusal = RULESET.replay_refusal({**state, "data": "0123456789abcdef"})
    assert refusal is not None
    assert "other data files" in refusal


@pytest.mark.parametrize("scenario", ["skirmish-at-dawn", "river-crossing"])
def test_legal_sets_are_accepted_all_game_long(scenario: str) -> None:
    state = RULESET.start({"scenario": scenario}, SEED)
    bot = RULESET.bot("legal")
    index = 1
    while (prompt := RULESET.prompt(state)) is not None:
        side = prompt.sides[0]
        for command in RULESET.legal(state, side):
            check_orders(state, side, command["orders"])
        chosen = bot.choose(RULESET, state, side)
        assert chosen is not None
        for event in RULESET.decide(state, chosen, SeededDice("legal", index)):
            state = RULESET.evolve(state, event)
        index += 1
    assert RULESET.outcome(state) is not None


def test_a_hidden_unit_s_options_do_not_tell_where_it_hides() -> None:
    terrain = {(2, 2): "forest", (6, 5): "forest"}
    near = battle(
        {"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (2, 2), {"hidden": True})},
        terrain=terrain,
    )
    far = battle(
        {"e1": ("samurai", (4, 2)), "w1": ("ashigaru_archers", (6, 5), {"hidden": True})},
        terrain={**terrain, (5, 5): "forest", (6, 4): "forest", (5, 4): "forest"},
    )
    near_options = RULESET.prompt(near).options["w1"]  # type: ignore[union-attr]
    assert near_options == RULESET.prompt(far).options["w1"]  # type: ignore[union-attr]
    assert "fire" in near_options
    offered = {c["orders"]["w1"]["order"] for c in RULESET.legal(near, "west")}
    assert offered <= set(near_options)


def test_a_hidden_unit_engaged_in_melee_is_offered_only_what_melee_allows() -> None:
    state = battle(
        {
            "e1": ("samurai", (3, 2), {"engaged": ["w1"]}),
            "w1": ("ninja", (2, 2), {"hidden": True, "engaged": ["e1"]}),
        },
        terrain={(2, 2): "forest"},
    )
    options = RULESET.prompt(state).options["w1"]  # type: ignore[union-attr]
    assert "retreat" in options
    assert not {"assault", "march", "run", "ambush"} & set(options)

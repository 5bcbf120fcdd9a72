"""The turn (Turn Sequence; Roll for Initiative; Heroic Actions' declarations;
Interpretation > Deployment, Victory, Turn limit): deployment, the initiative roll and
its draw rule, the heroic declarations window, the phases in order, the end of a turn
and of the game."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import (
    Command,
    EnteredDice,
    Event,
    IllegalCommand,
    InvalidCommand,
    Prompt,
    SeededDice,
    State,
)
from engine.skirmish import Skirmish, rules
from engine.skirmish.state.evolve import evolve, evolve_all
from engine.skirmish.turn import deploy, flow, heroic, initiative, victory
from tests.unit.skirmish.builders import build_state, hero, unit, with_mods

SEED = SeededDice("turn-test", 0)


def apply(state: State, events: list[Event]) -> State:
    return evolve_all(state, list(events))


def play(
    state: State, command: Command, faces: list[int] | None = None
) -> tuple[State, list[Event]]:
    dice = EnteredDice(faces) if faces is not None else SeededDice("turn-test", 1)
    events = flow.decide(state, command, dice)
    return apply(state, events), events


def now(state: State) -> Prompt:
    """The prompt open now (there must be one)."""
    prompt = flow.prompt(state)
    assert prompt is not None
    return prompt


def refused_rule(state: State, unit_id: str, action: str) -> str | None:
    refused = heroic.refusal(state, unit_id, action)
    return None if refused is None else refused[1]


def two_bands(**kwargs: Any) -> State:
    return build_state(
        a=[unit("ashigaru", at=(10, 3)), hero("yamada_suzuki", at=(20, 3), zen=0)],
        b=[
            unit("ashigaru", at=(10, 33), facing=270),
            hero("ashigaru_captain", at=(20, 33), facing=270),
        ],
        **kwargs,
    )


# -- deployment ----------------------------------------------------------------------


def test_deployment_side_a_then_b() -> None:
    state = two_bands(phase="deploy", step=None, initiative=None)
    assert deploy.deploying(state) == "a"
    assert now(state).kind == "deploy"
    state, events = play(state, {"type": "deploy", "side": "a", "positions": {}})
    assert events[0] == {"type": "deployed", "side": "a", "models": {}}
    assert deploy.deploying(state) == "b"
    with pytest.raises(IllegalCommand) as refused:
        flow.decide(state, {"type": "deploy", "side": "a", "positions": {}}, SeededDice("x", 0))
    assert refused.value.rule == rules.PROMPT_ORDER


def test_hold_down_a_shadow_sets_up_after_the_opponent() -> None:
    state = build_state(
        a=[
            hero("yamada_suzuki", at=(20, 3), strategies=["hold_down_a_shadow"]),
            unit("ashigaru", at=(10, 3)),
        ],
        b=[unit("ashigaru", at=(10, 33), facing=270)],
        phase="deploy",
        step=None,
    )
    assert deploy.deploy_order(state) == ("b", "a")
    assert deploy.deploying(state) == "b"


def test_deployment_within_the_zone_of_the_own_edge() -> None:
    state = two_bands(phase="deploy", step=None, initiative=None)
    moved = {"a1.1": [2540, 1270, 900], "a1.2": [2921, 1270, 900], "a1.3": [3302, 1270, 900]}
    after, _ = play(state, {"type": "deploy", "side": "a", "positions": moved})
    assert after["models"]["a1.1"]["y"] == 1270
    outside = {**moved, "a1.1": [2540, 1400, 900]}
    with pytest.raises(IllegalCommand) as refused:
        flow.decide(
            state, {"type": "deploy", "side": "a", "positions": outside}, SeededDice("x", 0)
        )
    assert refused.value.rule == rules.DEPLOYMENT


def test_deployment_keeps_groups_coherent() -> None:
    state = two_bands(phase="deploy", step=None, initiative=None)
    with pytest.raises(IllegalCommand) as refused:
        flow.decide(
            state,
            {"type": "deploy", "side": "a", "positions": {"a1.1": [200, 762, 900]}},
            SeededDice("x", 0),
        )
    assert refused.value.rule == rules.COHERENCY


def test_deployment_refuses_overlaps_and_foreign_models() -> None:
    state = two_bands(phase="deploy", step=None, initiative=None)
    with pytest.raises(IllegalCommand, match="overlap"):
        flow.decide(
            state,
            {"type": "deploy", "side": "a", "positions": {"a1.1": [2921, 762, 900]}},
            SeededDice("x", 0),
        )
    with pytest.raises(InvalidCommand):
        flow.decide(
            state,
            {"type": "deploy", "side": "a", "positions": {"b1.1": [100, 100, 0]}},
            SeededDice("x", 0),
        )
    with pytest.raises(InvalidCommand):
        flow.decide(
            state,
            {"type": "deploy", "side": "a", "positions": {"a1.1": [1.5, 2, 0]}},
            SeededDice("x", 0),
        )


def test_when_both_have_deployed_the_first_turn_begins_with_the_initiative() -> None:
    state = two_bands(phase="deploy", step=None, initiative=None, deployed=["a"])
    state, events = play(state, {"type": "deploy", "side": "b", "positions": {}})
    kinds = [e["type"] for e in events]
    assert kinds[:3] == ["deployed", "initiative_rolled", "phase_began"]
    assert state["phase"] == "move"
    assert state["turn"] == 1


# -- initiative ----------------------------------------------------------------------


def at_turn_start(turn: int = 1, previous: str | None = None, **kwargs: Any) -> State:
    return two_bands(phase="initiative", step=None, initiative=previous, turn=turn, **kwargs)


def test_roll_for_initiative_the_highest_scorer() -> None:
    event = initiative.roll_initiative(at_turn_start(), EnteredDice([2, 5]))
    assert (event["winner"], event["reason"], event["dice"]) == ("b", "roll", {"a": [2], "b": [5]})


def test_roll_for_initiative_in_the_event_of_a_draw_it_changes_from_the_previous_turn() -> None:
    event = initiative.roll_initiative(at_turn_start(turn=3, previous="a"), EnteredDice([4, 4]))
    assert (event["winner"], event["reason"]) == ("b", "draw")
    state = evolve(at_turn_start(turn=3, previous="a"), event)
    assert state["initiative"] == "b"
    assert state["previous_initiative"] == "a"


def test_roll_for_initiative_a_first_turn_draw_is_rolled_again() -> None:
    event = initiative.roll_initiative(at_turn_start(), EnteredDice([3, 3, 6, 1]))
    assert event["dice"] == {"a": [3, 6], "b": [3, 1]}
    assert event["winner"] == "a"


def test_hold_down_a_pillow_add_1_to_your_initiative_die_roll() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 3))],
        b=[hero("ashigaru_captain", at=(20, 33), strategies=["hold_down_a_pillow"])],
        phase="initiative",
        step=None,
        initiative=None,
    )
    event = initiative.roll_initiative(state, EnteredDice([3, 3]))
    assert (event["modifiers"], event["winner"]) == ({"a": 0, "b": 1}, "b")
    # 5 against 4 + 1: a draw, rolled again on the first turn.
    event = initiative.roll_initiative(state, EnteredDice([5, 4, 6, 1]))
    assert event["dice"] == {"a": [5, 6], "b": [4, 1]}
    assert event["winner"] == "a"


def test_rats_head_ox_neck_chooses_on_a_draw() -> None:
    state = build_state(
        a=[hero("village_headman", at=(10, 3), strategies=["rats_head_ox_neck"])],
        b=[unit("ashigaru", at=(10, 33))],
        phase="initiative",
        step=None,
        initiative="a",
        turn=2,
    )
    events = flow.advance(state, EnteredDice([2, 2]))
    assert events[-1]["winner"] is None
    assert events[-1]["chooser"] == "a"
    state = apply(state, events)
    prompt = now(state)
    assert (prompt.kind, prompt.sides) == ("initiative_choice", ("a",))
    with pytest.raises(IllegalCommand):
        flow.decide(state, {"type": "initiative", "side": "b", "take": True}, SeededDice("x", 0))
    state, events = play(state, {"type": "initiative", "side": "a", "take": False})
    assert events[0]["winner"] == "b"
    assert state["initiative"] == "b"
    assert state["phase"] == "move"


def test_rats_head_on_both_sides_cancels() -> None:
    state = build_state(
        a=[hero("village_headman", at=(10, 3), strategies=["rats_head_ox_neck"])],
        b=[hero("village_headman", at=(10, 33), strategies=["rats_head_ox_neck"])],
        phase="initiative",
        step=None,
        initiative="a",
        turn=2,
    )
    assert initiative.roll_initiative(state, EnteredDice([2, 2]))["winner"] == "b"


# -- heroic declarations -------------------------------------------------------------


def heroic_state(**kwargs: Any) -> State:
    return build_state(
        a=[hero("yamada_suzuki", at=(10, 10), zen=2), hero("ashigaru_captain", at=(14, 10), zen=1)],
        b=[hero("ashigaru_captain", at=(10, 30), facing=270, zen=1), unit("ashigaru", at=(20, 30))],
        phase="initiative",
        step="rolled",
        initiative="b",
        **kwargs,
    )


def test_heroic_actions_declared_at_the_start_of_their_phases() -> None:
    state = heroic_state()
    events = flow.advance(state, SeededDice("x", 0))
    assert events[0] == {"type": "phase_began", "phase": "move", "step": "heroic"}
    state = apply(state, events)
    prompt = now(state)
    assert prompt.kind == "heroic"
    assert prompt.sides == ("b",)
    assert prompt.options["units"] == ["b1"]
    assert prompt.options["action"] == "move"


def test_heroic_declarations_alternate_from_the_initiative_side() -> None:
    state = apply(heroic_state(), flow.advance(heroic_state(), SeededDice("x", 0)))
    state, events = play(state, {"type": "heroic", "side": "b", "unit": "b1", "action": "move"})
    assert events[0] == {
        "type": "heroic_declared",
        "side": "b",
        "unit": "b1",
        "action": "move",
        "zen": 0,
    }
    assert state["units"]["b1"]["zen"] == 0
    assert state["units"]["b1"]["heroic"] == ["move"]
    assert now(state).sides == ("a",)
    state, _ = play(state, {"type": "heroic", "side": "a", "unit": "a1", "action": "move"})
    # b has no hero left able to declare: it passes by itself, a declares again.
    assert state["declaring"]["passed"] == ["b"]
    assert now(state).sides == ("a",)
    assert now(state).options["units"] == ["a2"]
    with pytest.raises(IllegalCommand) as refused:
        flow.decide(
            state,
            {"type": "heroic", "side": "a", "unit": "a1", "action": "move"},
            SeededDice("x", 0),
        )
    assert refused.value.rule == rules.HEROIC_DECLARATION
    state, events = play(state, {"type": "heroic", "side": "a", "unit": None, "action": "move"})
    assert events[0] == {"type": "heroic_passed", "side": "a"}
    assert state["step"] == "act"
    assert state["active"] == "b"


def test_heroic_action_needs_a_zen_token() -> None:
    state = with_mods(heroic_state(), "b1", zen=0)
    state = apply(state, flow.advance(state, SeededDice("x", 0)))
    assert now(state).sides == ("a",)
    with pytest.raises(IllegalCommand):
        heroic.decide_heroic(
            {**state, "declaring": {"next": "b", "passed": []}},
            {"type": "heroic", "side": "b", "unit": "b1", "action": "move"},
        )


def test_heroic_action_of_another_phase_is_refused() -> None:
    state = apply(heroic_state(), flow.advance(heroic_state(), SeededDice("x", 0)))
    with pytest.raises(IllegalCommand) as refused:
        flow.decide(
            state,
            {"type": "heroic", "side": "b", "unit": "b1", "action": "shoot"},
            SeededDice("x", 0),
        )
    assert refused.value.rule == rules.HEROIC_DECLARATION


def test_heroic_movement_not_out_of_contact_and_heroic_combat_only_in_contact() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), zen=2)],
        b=[unit("ashigaru", at=(10, 10.99), facing=270)],
        phase="move",
        step="heroic",
    )
    assert refused_rule(state, "a1", "move") == rules.LEAVING_CONTACT
    assert heroic.refusal(state, "a1", "combat") is None
    apart = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), zen=2)], b=[unit("ashigaru", at=(10, 20))]
    )
    assert refused_rule(apart, "a1", "combat") == rules.HEROIC_COMBAT


def test_heroic_shooting_needs_a_missile_weapon() -> None:
    state = build_state(
        a=[
            hero("yamada_suzuki", at=(10, 10), zen=2, weapon="long_sword"),
            hero("yamada_suzuki", at=(14, 10), weapon="bow", zen=1),
        ],
        b=[unit("ashigaru", at=(10, 30))],
        phase="shoot",
        step="heroic",
    )
    assert refused_rule(state, "a1", "shoot") == rules.HEROIC_SHOOTING
    assert heroic.refusal(state, "a2", "shoot") is None


def test_no_declarations_step_when_no_hero_can_declare() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 10))],
        b=[unit("ashigaru", at=(10, 30))],
        phase="initiative",
        step="rolled",
    )
    events = flow.advance(state, SeededDice("x", 0))
    assert events[0] == {"type": "phase_began", "phase": "move", "step": "act", "active": "a"}


# -- phases in order, the end of the turn ------------------------------------------------


def test_turn_sequence_movement_shooting_close_combat_then_the_next_turn() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 5))],
        b=[unit("ashigaru", at=(10, 30), facing=270)],
        phase="initiative",
        step="rolled",
    )
    state = apply(state, flow.advance(state, SeededDice("x", 0)))
    assert (state["phase"], state["step"], state["active"]) == ("move", "act", "a")
    state, _ = play(state, {"type": "end_moves", "side": "a"})
    assert state["active"] == "b"
    state, events = play(state, {"type": "end_moves", "side": "b"})
    kinds = [e["type"] for e in events]
    assert "turn_ended" in kinds
    assert kinds.index("turn_ended") > kinds.index("phase_began")
    phases = [e["phase"] for e in events if e["type"] == "phase_began"]
    assert phases[:2] == ["shoot", "combat"]
    assert state["turn"] == 2
    assert state["phase"] == "move"
    assert [e["type"] for e in events].count("initiative_rolled") == 1


def test_turn_end_forgets_the_turns_moves_shots_and_heroic_actions() -> None:
    state = with_mods(
        build_state(
            a=[hero(at=(10, 10))], b=[unit("ashigaru", at=(10, 30))], phase="combat", step="fight"
        ),
        "a1",
        moved=300,
        shot=True,
        heroic=["move"],
        done=True,
    )
    state = apply(state, flow.end_turn(state))
    record = state["units"]["a1"]
    assert (record["moved"], record["shot"], record["heroic"], record["done"]) == (
        0,
        False,
        [],
        False,
    )
    assert state["turn"] == 2
    assert state["phase"] == "initiative"


def test_commands_of_another_phase_are_refused() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 5))], b=[unit("ashigaru", at=(10, 30))], phase="move"
    )
    with pytest.raises(IllegalCommand) as refused:
        flow.decide(state, {"type": "end_shooting", "side": "a"}, SeededDice("x", 0))
    assert refused.value.rule == rules.TURN_SEQUENCE
    with pytest.raises(InvalidCommand):
        flow.decide(state, {"type": "fly", "side": "a"}, SeededDice("x", 0))


# -- victory -------------------------------------------------------------------------


def test_victory_annihilation() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 5))], b=[unit("ashigaru", at=(10, 30))], phase="move"
    )
    models = {
        m: ({**r, "status": "dead"} if r["side"] == "b" else r) for m, r in state["models"].items()
    }
    state = {**state, "models": models}
    events = flow.advance(state, SeededDice("x", 0))
    assert events[0]["type"] == "game_over"
    assert events[0]["outcome"]["termination"] == "annihilation"
    assert events[0]["outcome"]["winner"] == "a"
    assert events[0]["score"] == {"a": 15, "b": 0}
    assert flow.prompt(apply(state, events)) is None


def test_victory_at_the_turn_limit_points_of_enemies_killed_or_fled() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 5), points=4)],
        b=[unit("ashigaru", at=(10, 30), points=3, count=4)],
        phase="combat",
        step="fight",
        turn=8,
        turns=8,
    )
    models = dict(state["models"])
    models["b1.1"] = {**models["b1.1"], "status": "dead"}
    models["b1.2"] = {**models["b1.2"], "status": "fled"}
    models["a1.1"] = {**models["a1.1"], "status": "dead"}
    state = {**state, "models": models}
    assert victory.score(state) == {"a": 6, "b": 4}
    events = flow.end_turn(state)
    assert [e["type"] for e in events] == ["turn_ended", "game_over"]
    assert events[1]["outcome"] == {
        "termination": "turn_limit",
        "winner": "a",
        "scores": {"a": 6, "b": 4},
        "detail": "turn limit (8 turns): 6 points to 4",
    }


def test_victory_equal_points_draw() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 5))],
        b=[unit("ashigaru", at=(10, 30))],
        phase="combat",
        step="fight",
        turn=3,
        turns=3,
    )
    events = flow.end_turn(state)
    assert events[-1]["outcome"]["winner"] is None


# -- zen policy, concession ------------------------------------------------------------


def test_zen_policy_set_when_prompted() -> None:
    state = build_state(a=[hero(at=(10, 5))], b=[unit("ashigaru", at=(10, 30))], phase="move")
    state, events = play(
        state, {"type": "zen_policy", "side": "a", "unit": "a1", "policy": "always"}
    )
    assert events == [{"type": "zen_policy_set", "side": "a", "unit": "a1", "policy": "always"}]
    assert state["units"]["a1"]["zen_policy"] == "always"
    with pytest.raises(IllegalCommand):
        flow.decide(
            state,
            {"type": "zen_policy", "side": "b", "unit": "a1", "policy": "never"},
            SeededDice("x", 0),
        )
    with pytest.raises(InvalidCommand):
        flow.decide(
            state,
            {"type": "zen_policy", "side": "a", "unit": "a1", "policy": "sometimes"},
            SeededDice("x", 0),
        )


def test_concession_ends_the_game() -> None:
    state = build_state(a=[hero(at=(10, 5))], b=[unit("ashigaru", at=(10, 30))], phase="move")
    state, _ = play(state, {"type": "concede", "side": "b"})
    assert state["phase"] == "over"
    assert state["outcome"]["winner"] == "a"
    with pytest.raises(IllegalCommand):
        flow.decide(state, {"type": "end_moves", "side": "a"}, SeededDice("x", 0))


def test_deployment_a_band_chosen_instead_of_the_scenarios_is_set_up_legally() -> None:
    ruleset = Skirmish()
    for scenario in ruleset.catalogue.scenarios:
        for band in ruleset.catalogue.warbands:
            state = ruleset.start({"scenario": scenario, "factions": {"a": band, "b": band}}, SEED)
            for side in ("a", "b"):
                events = deploy.decide_deploy(
                    state, {"type": "deploy", "side": side, "positions": {}}
                )
                state = apply(state, events)
            assert state["deployed"] == ["a", "b"]


def test_deployment_not_on_buildings_impassable_scenery_or_obstacles() -> None:
    house = {"id": "house", "kind": "building", "points": [[20, 1], [24, 1], [24, 5], [20, 5]]}
    wall = {"id": "wall", "kind": "obstacle", "points": [[2, 4.9], [30, 4.9], [30, 5.1], [2, 5.1]]}
    state = build_state(
        a=[unit("ashigaru", at=(10, 3))],
        b=[unit("ashigaru", at=(10, 33), facing=270)],
        scenery=[house, wall],
        phase="deploy",
        step=None,
        initiative=None,
    )
    on_house = {"a1.1": [5588, 762, 900], "a1.2": [5969, 762, 900], "a1.3": [6350, 762, 900]}
    with pytest.raises(IllegalCommand, match="house") as refused:
        deploy.decide_deploy(state, {"type": "deploy", "side": "a", "positions": on_house})
    assert refused.value.rule == rules.DEPLOYMENT
    astride = {"a1.1": [2540, 1270, 900]}
    with pytest.raises(IllegalCommand, match="wall"):
        deploy.decide_deploy(state, {"type": "deploy", "side": "a", "positions": astride})
    against = {"a1.1": [2540, 1120, 900]}
    assert deploy.decide_deploy(state, {"type": "deploy", "side": "a", "positions": against})

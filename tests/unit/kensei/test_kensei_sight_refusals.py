"""Line of sight before the click (issue 25, review and play like lichess): the order
prompt leaves line of sight out (bots ask every prompt), and a person's page asks it
apart (engine/kensei/orders/sight.py). Each shoot and charge target refused for line of
sight is refused by the decision in the same words and rule; each accepted is accepted.
Named after the rule paragraphs whose line of sight it asks: Shoot > 1. Choose a target
unit, Charge > 1. Select the enemy target unit."""

from __future__ import annotations

from typing import Any

from engine.core import IllegalCommand, SeededDice, State
from engine.kensei import rules
from engine.kensei.orders.sight import SIGHTED, sight_refusals
from engine.kensei.ruleset import Kensei
from tests.conformance.systems import played
from tests.support.kensei_sight import ARCHERS, BEHIND_WALL, IN_SIGHT, walled

KENSEI = Kensei()


def _decided(state: State, kind: str, target: str) -> str | None:
    """The decision's refusal of the order ``kind`` at ``target``, or None."""
    side = KENSEI.prompt(state).sides[0]
    command: dict[str, Any] = {"type": "order", "side": side, "order": kind, "target": target}
    try:
        KENSEI.decide(state, command, SeededDice("sight", 1))
    except IllegalCommand as refused:
        return str(refused)
    return None


def _walled_verdicts(kind: str, rule: str) -> None:
    state = walled()
    offered = KENSEI.prompt(state).options["targets"][kind]
    assert offered[BEHIND_WALL] is None, "the prompt leaves line of sight out"
    sight = sight_refusals(state, "A", ARCHERS)[kind]
    assert rule in str(sight[BEHIND_WALL])
    assert "line of sight" in str(sight[BEHIND_WALL])
    assert sight[BEHIND_WALL] == _decided(state, kind, BEHIND_WALL)
    assert sight[IN_SIGHT] is None
    assert _decided(state, kind, IN_SIGHT) is None
    opened = walled(wall=False)
    assert sight_refusals(opened, "A", ARCHERS)[kind][BEHIND_WALL] is None
    assert _decided(opened, kind, BEHIND_WALL) is None


def test_choose_a_target_unit_out_of_sight_is_refused_before_the_click() -> None:
    _walled_verdicts("shoot", rules.SHOOT_TARGET)


def test_select_the_enemy_target_unit_out_of_sight_is_refused_before_the_click() -> None:
    _walled_verdicts("charge", rules.CHARGE_TARGET)


def test_line_of_sight_is_asked_apart_from_the_order_prompt() -> None:
    state = walled()
    prompt = KENSEI.prompt(state)
    assert "sight" not in prompt.options, "bots ask every prompt: sight stays out of it"
    assert KENSEI.prompt_details(state, "A") == {"sight": sight_refusals(state, "A", ARCHERS)}
    assert KENSEI.prompt_details(state, "B") == {}, "B is not asked for an order"


def test_sight_refusals_agree_with_the_decision_in_played_games() -> None:
    refused = accepted = 0
    decisions = [
        d
        for game in played("kensei")
        for d in game.decisions
        if d.prompt.kind == "order" and "targets" in d.prompt.options
    ]
    for decision in decisions[:40]:
        state, side = decision.state, decision.prompt.sides[0]
        sight = KENSEI.prompt_details(state, side).get("sight", {})
        assert set(sight) <= set(SIGHTED)
        for kind, verdicts in sight.items():
            assert set(verdicts) == {
                t for t, why in decision.prompt.options["targets"][kind].items() if why is None
            }
            for target, why in verdicts.items():
                assert why == _decided(state, kind, target), (kind, target)
                refused += why is not None
                accepted += why is None
    assert accepted
    assert refused, "no target out of sight in the played games' first order prompts"

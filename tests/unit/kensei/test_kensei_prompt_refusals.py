"""The order prompt's refusals (issue 25, Playing without tedium): every order kind and
every enemy target the prompt refuses is refused by the decision with the very same
words and rule, and every one it offers is accepted (but for line of sight, left to
the decision; the reasons come from the decision's own checks,
engine/kensei/orders/refusals.py)."""

from __future__ import annotations

from typing import Any

from engine.core import IllegalCommand, SeededDice, State
from engine.kensei.orders.refusals import ORDER_KINDS, TARGETED, order_options
from engine.kensei.ruleset import Kensei
from engine.kensei.turn.prompts import prompt_for
from tests.conformance.systems import Decision, played

KENSEI = Kensei()
# Orders whose acceptance needs more than the unit and a target (paths, led units):
# for them only a refusal is compared.
_UNTARGETED = {
    "move": {"order": "move", "minis": []},
    "boost": {"order": "move", "boost": True},
    "disengage": {"order": "disengage", "minis": []},
    "reload": {"order": "reload"},
    "shelter": {"order": "shelter"},
}
_ONLY_REFUSALS = {"move", "disengage", "lead"}


def _orders(limit: int) -> list[Decision]:
    found = [
        d
        for game in played("kensei")
        for d in game.decisions
        if d.prompt.kind == "order"
        and d.prompt.options.get("unit") is not None
        and "boosted_move" not in d.prompt.options
        and "lead" not in d.prompt.options  # a led unit's order: the common one
    ]
    assert found, "no order prompt in the conformance games"
    return found[:limit]


def _refusal(state: State, command: dict[str, Any]) -> str | None:
    try:
        KENSEI.decide(state, command, SeededDice("refusals", 1))
    except IllegalCommand as refused:
        return str(refused)
    return None


def test_orders_and_actions_each_refused_order_is_refused_by_its_decision_in_its_words() -> None:
    compared = accepted = 0
    for decision in _orders(60):
        state, side = decision.state, decision.prompt.sides[0]
        refused = decision.prompt.options["refused"]
        assert set(refused) <= set(ORDER_KINDS)
        for kind, body in _UNTARGETED.items():
            said = _refusal(state, {"type": "order", "side": side, **body})
            if kind in refused:
                assert said == refused[kind], (kind, said, refused[kind])
                compared += 1
            elif kind not in _ONLY_REFUSALS:
                assert said is None, (kind, said)
                accepted += 1
    assert compared
    assert accepted


def test_orders_and_actions_each_target_refused_or_offered_as_the_decision_decides() -> None:
    refused_targets = accepted_targets = 0
    for decision in _orders(40):
        state, side = decision.state, decision.prompt.sides[0]
        options = decision.prompt.options
        for kind in TARGETED:
            if kind in options["refused"]:
                continue
            verdicts = options["targets"][kind]
            assert any(why is None for why in verdicts.values()), kind
            for target, why in verdicts.items():
                command = {"type": "order", "side": side, "order": kind, "target": target}
                said = _refusal(state, command)
                if why is None:
                    # Accepted, or refused for line of sight (left to the decision).
                    assert said is None or "line of sight" in said, (kind, target, said)
                    accepted_targets += said is None
                else:
                    assert said == why, (kind, target, said, why)
                    refused_targets += 1
    assert refused_targets
    assert accepted_targets


def test_a_targeted_order_with_every_target_refused_is_refused_with_their_reasons() -> None:
    seen = 0
    for decision in _orders(60):
        state, side = decision.state, decision.prompt.sides[0]
        uid = decision.prompt.options["unit"]
        options = order_options(state, side, uid)
        for kind in TARGETED:
            why = options["refused"].get(kind, "")
            if why.startswith("no enemy unit may be"):
                assert kind not in options["targets"]
                seen += 1
    assert seen, "no order with every target refused in the conformance games"


def test_the_prompt_is_the_same_as_the_options_it_is_built_from() -> None:
    decision = _orders(1)[0]
    prompt = prompt_for(decision.state)
    assert prompt is not None
    uid = prompt.options["unit"]
    built = order_options(decision.state, prompt.sides[0], uid)
    assert {k: prompt.options[k] for k in ("refused", "targets")} == built

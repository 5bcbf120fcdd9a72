"""Playing Kensei without tedium, in the engine: standing answers (set by a recorded
command, answering offerings and reactive attacks with commands), a ki ability's
prompt with the texts from the data files and a decline, and the state keys added only
when used (golden records keep their hashes)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalCommand, InvalidCommand, SeededDice, State
from engine.core.standing import STANDING
from engine.kensei.ruleset import Kensei
from engine.kensei.turn.standing import card_can_change
from tests.conformance.systems import Decision, played

KENSEI = Kensei()


def _decisions(kind: str) -> list[Decision]:
    found = [d for game in played("kensei") for d in game.decisions if d.prompt.kind == kind]
    assert found, f"no {kind} prompt in the conformance games"
    return found


def _apply(state: State, command: dict[str, Any]) -> State:
    for event in KENSEI.decide(state, command, SeededDice("tedium", 1)):
        state = KENSEI.evolve(state, event)
    return state


def _with_answers(state: State, side: str, answers: dict[str, str]) -> State:
    return _apply(state, {"type": "standing", "side": side, "answers": answers})


def test_standing_answers_pass_on_offerings_as_chosen() -> None:
    asked = useful = 0
    for decision in _decisions("offering")[:40]:
        side = decision.prompt.sides[0]
        never = _with_answers(decision.state, side, {"offerings": "pass"})
        assert KENSEI.standing_answer(never, side) == {
            "type": "offering",
            "side": side,
            "action": "pass",
        }
        when_useful = _with_answers(decision.state, side, {"offerings": "useful"})
        answered = KENSEI.standing_answer(when_useful, side)
        if card_can_change(decision.state, side):
            assert answered is None  # the side is asked: a card can change the roll
            asked += 1
        else:
            assert answered == {"type": "offering", "side": side, "action": "pass"}
            useful += 1
        # Asking in person (the default) answers nothing, and removes the answer.
        back = _with_answers(when_useful, side, {"offerings": "ask"})
        assert back[STANDING][side] == {}
        assert KENSEI.standing_answer(back, side) is None
        assert KENSEI.standing_answer(decision.state, side) is None  # none set
    assert asked, "no window where a card could change the roll"
    assert useful, "no window the standing answer passed on"


def test_a_side_that_always_fights_back_is_never_asked() -> None:
    for decision in _decisions("react")[:10]:
        side = decision.prompt.sides[0]
        state = _with_answers(decision.state, side, {"react": "fight_back"})
        command = KENSEI.standing_answer(state, side)
        assert command == {"type": "react", "side": side, "boost": False}
        _apply(state, command)  # the rules accept it


def test_standing_answers_are_checked_and_refused_after_the_end() -> None:
    game = played("kensei")[0]
    start = game.initial_state
    for bad in (
        {"type": "standing", "side": "A", "answers": {"offerings": "maybe"}},
        {"type": "standing", "side": "A", "answers": {"mood": "ask"}},
        {"type": "standing", "side": "C", "answers": {"react": "ask"}},
        {"type": "standing", "side": "A", "answers": {}},
        {"type": "standing", "side": "A", "answers": {"react": "ask"}, "extra": 1},
    ):
        with pytest.raises(InvalidCommand):
            KENSEI.decide(start, bad, SeededDice("tedium", 1))
    with pytest.raises(IllegalCommand):
        KENSEI.decide(
            game.final_state,
            {"type": "standing", "side": "A", "answers": {"react": "fight_back"}},
            SeededDice("tedium", 1),
        )
    for played_game in played("kensei"):
        assert STANDING not in played_game.final_state  # added only when used


def test_a_ki_ability_is_offered_with_its_text_and_may_be_declined() -> None:
    decision = _decisions("choose_ki")[0]
    options = decision.prompt.options
    assert options["optional"] is True
    for ability in options["abilities"]:
        assert options["texts"][ability]["text"].strip()
        assert options["texts"][ability]["name"].strip()
    side = decision.prompt.sides[0]
    command = {"type": "choose_ki", "side": side, "ability": None}
    events = KENSEI.decide(decision.state, command, SeededDice("tedium", 1))
    assert events[0]["ability"] is None
    assert "no ki ability" in KENSEI.describe(events[0], decision.state)
    state = decision.state
    for event in events:
        state = KENSEI.evolve(state, event)
    assert state["units"][options["unit"]]["ki"] is None
    after = KENSEI.prompt(state)  # the unit's ki is settled: it is not asked again
    assert after is None or after.kind != "choose_ki" or after.options["unit"] != options["unit"]


def test_the_order_prompt_names_the_orders_refused_and_the_engine_refuses_them_so() -> None:
    seen: dict[str, int] = {}
    for decision in _decisions("order"):
        refused = decision.prompt.options.get("refused")
        if refused is None:
            continue  # a boosted move's prompt: only the move
        side = decision.prompt.sides[0]
        enemies = [u for u, unit in decision.state["units"].items() if unit["side"] != side]
        # Attack and shoot here; every other kind, with the fields it needs, in
        # test_kensei_prompt_refusals.py.
        for kind, why in refused.items():
            if kind not in ("attack", "shoot"):
                continue
            seen[kind] = seen.get(kind, 0) + 1
            command = {"type": "order", "side": side, "order": kind, "target": enemies[0]}
            with pytest.raises(IllegalCommand) as refusal:
                KENSEI.decide(decision.state, command, SeededDice("tedium", 1))
            assert str(refusal.value) == why
        if decision.command.get("order") in ("attack", "shoot"):
            assert decision.command["order"] not in refused  # the bots' were accepted
    assert seen.get("attack"), seen  # units out of combat are told they cannot attack

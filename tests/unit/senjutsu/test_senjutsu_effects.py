"""The card interpreter's contract with the turn machine (begin / advance / ask /
answer / active), Resolving Ability Cards line by line, Split Initiative, and its
refusals: a malformed command names the field, a forbidden one the rule, and
nothing changes."""

from __future__ import annotations

import copy

import pytest

from engine.core import IllegalCommand, InvalidCommand, SeededDice
from engine.senjutsu import effects
from tests.unit.senjutsu.test_senjutsu_effects_kit import character, play, resolve, table, until_ask


def _waiting() -> dict:  # type: ignore[type-arg]
    # Centred Breath (s-011): change Kamae up to 2 -- a choice for side A.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((3, 0), 3))})
    return until_ask(play(state, "A", "s-011"), "A", "s-011").state


def test_resolve_begin_gives_the_resolving_event_and_the_part_becomes_active() -> None:
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((3, 0), 3))})
    (event,) = effects.begin(state, "A", "s-010", "top", 3)
    assert event == {
        "type": "resolving",
        "side": "A",
        "card": "s-010",
        "part": "top",
        "speed": 3,
        "card_type": "meditation",
    }
    assert not effects.active(state)
    started = effects.HANDLERS["resolving"](state, event)
    assert effects.active(started)


def test_resolve_lines_resolve_top_to_bottom_one_line_at_a_time() -> None:
    # Centred Breath: the Kamae change (line 1) comes before the focus (line 2).
    run = resolve(
        play(
            table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((3, 0), 3))}),
            "A",
            "s-011",
        ),
        "A",
        "s-011",
        answers=[{"kind": "kamae", "path": ["a1"]}],
    )
    kinds = [e["type"] for e in run.events if e["type"] not in ("progressed",)]
    assert kinds == ["resolving", "kamae_changed", "focus_changed", "resolved"]


def test_split_initiative_the_part_below_the_line_resolves_on_its_own() -> None:
    # Guard And Slip (s-024): block front at 9; below the line, at 3: step 1 anywhere.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((3, 0), 3))})
    state = play(state, "A", "s-024")
    top = resolve(state, "A", "s-024", speed=9)
    assert top.of("block_placed")[0]["speed"] == 9
    assert top.of("moved") == []
    below = resolve(
        top.state,
        "A",
        "s-024",
        part="split",
        speed=3,
        answers=[{"kind": "move", "hex": [0, 1], "facing": 0, "collision": None}],
    )
    assert below.of("block_placed") == []
    assert below.state["characters"]["A"]["hex"] == [0, 1]


def test_resolve_advance_gives_nothing_while_a_choice_waits() -> None:
    state = _waiting()
    assert effects.ask(state) is not None
    assert effects.advance(state, SeededDice("x", 1)) == []


def test_refusals_a_malformed_command_names_the_field() -> None:
    state = _waiting()
    before = copy.deepcopy(state)
    with pytest.raises(InvalidCommand, match="path"):
        effects.answer(state, "A", {"kind": "kamae", "path": "a1"}, SeededDice("x", 1))
    with pytest.raises(InvalidCommand, match="kind"):
        effects.answer(state, "A", {"kind": "dance"}, SeededDice("x", 1))
    assert state == before


def test_refusals_a_forbidden_answer_names_the_rule() -> None:
    state = _waiting()
    with pytest.raises(IllegalCommand) as wrong_path:
        effects.answer(state, "A", {"kind": "kamae", "path": ["b1"]}, SeededDice("x", 1))
    assert wrong_path.value.rule == "Kamae Positions > Changing Kamae Positions"
    with pytest.raises(IllegalCommand) as wrong_side:
        effects.answer(state, "B", {"kind": "kamae", "path": ["a1"]}, SeededDice("x", 1))
    assert wrong_side.value.rule == "Kamae Positions > Changing Kamae Positions"
    with pytest.raises(IllegalCommand):
        effects.answer(state, "A", {"kind": "pay", "pay": True}, SeededDice("x", 1))


def test_refusals_no_choice_waiting() -> None:
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((3, 0), 3))})
    with pytest.raises(IllegalCommand) as refused:
        effects.answer(state, "A", {"kind": "pay", "pay": True}, SeededDice("x", 1))
    assert refused.value.rule == "Turn Structure In Detail > Resolve"


def test_resolve_every_offered_option_is_accepted() -> None:
    state = _waiting()
    ask = effects.ask(state)
    assert ask is not None
    for option in ask.options:
        assert effects.answer(state, "A", option, SeededDice("x", 1))

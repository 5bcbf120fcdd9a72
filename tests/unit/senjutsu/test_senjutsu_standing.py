"""Senjutsu's standing answers and declining (engine.senjutsu.turn.declining;
docs/rules/senjutsu.md, Standing answers): each test is named after the paragraph of
the optional choice it answers. States come from seeded bot games of the sample
set-ups, played up to the first prompt of the kind."""

from __future__ import annotations

import json
from functools import cache

import pytest

from engine.core import IllegalCommand, InvalidCommand, SeededDice, State, state_hash
from engine.core.standing import STANDING, STANDING_SET
from engine.senjutsu import effects
from engine.senjutsu.ruleset import Senjutsu
from engine.senjutsu.turn.prompts import HAND_KINDS
from tests.unit.senjutsu.test_senjutsu_effects_kit import character as kit_character
from tests.unit.senjutsu.test_senjutsu_effects_kit import play, table, with_block

RULESET = Senjutsu()
MAX_COMMANDS = 3_000


@cache
def first_prompts() -> dict[str, tuple[State, str]]:
    """The first state of each prompt kind met in seeded bot games (and its side)."""
    found: dict[str, tuple[State, str]] = {}
    for number, setup in enumerate(RULESET.sample_setups()):
        seed = f"standing/{number}"
        state = RULESET.start(setup, SeededDice(seed, 0))
        bot = RULESET.bot(seed)
        for index in range(1, MAX_COMMANDS):
            prompt = RULESET.prompt(state)
            if prompt is None:
                break
            side = prompt.sides[0]
            found.setdefault(prompt.kind, (state, side))
            command = bot.choose(RULESET, state, side)
            assert command is not None
            for event in RULESET.decide(state, command, SeededDice(seed, index)):
                state = RULESET.evolve(state, event)
    return found


def _with_answers(state: State, side: str, answers: dict[str, str]) -> State:
    command = {"kind": STANDING, "side": side, "answers": answers}
    events = RULESET.decide(state, command, SeededDice("standing", 1))
    assert [e["type"] for e in events] == [STANDING_SET]
    for event in json.loads(json.dumps(events)):
        state = RULESET.evolve(state, event)
    return state


def _answered_never(kind: str) -> None:
    """At the first ``kind`` prompt: nothing is answered without a standing answer;
    "never" answers it with the declining command, which ``legal`` lists and
    ``decide`` accepts; another side's answers do not answer it."""
    found = first_prompts().get(kind)
    if found is None:
        pytest.skip(f"no {kind!r} prompt in the sample games")
    state, side = found
    assert RULESET.standing_answer(state, side) is None
    declined = RULESET.decline(state, side)
    assert declined is not None
    answered = _with_answers(state, side, {kind: "never"})
    assert RULESET.prompt(answered) == RULESET.prompt(state)  # setting answers decides nothing
    command = RULESET.standing_answer(answered, side)
    assert command == declined
    assert command in list(RULESET.legal(answered, side))
    assert RULESET.decide(answered, command, SeededDice("standing", 2))
    other = next(s for s in RULESET.sides(state) if s != side)
    assert RULESET.standing_answer(_with_answers(state, other, {kind: "never"}), side) is None
    asked = _with_answers(answered, side, {kind: "ask"})
    assert RULESET.standing_answer(asked, side) is None
    assert "standing" in asked  # set, then removed: the answers are kept (empty)


def test_reveal_revealing_an_ability_card_with_an_alternative_initiative_speed() -> None:
    _answered_never("alternative")


def test_reveal_revealing_instant_replacement_ability_cards() -> None:
    _answered_never("replace")


def _counter_asked() -> State:
    """B's block (Watchful Stance, s-021: counters at speeds 4 and 5) stops A's
    Hamstring Cut (s-013, speed 4): B, holding an attack card, is asked to counter."""
    duel = table(
        {
            "A": kit_character("ronin", ((0, 0), 0), hand=[]),
            "B": kit_character("master", ((1, 0), 3), hand=["s-002", "s-010"]),
        }
    )
    state = with_block(
        play(duel, "A", "s-013"), "B", [(0, 0)], speed=4, counter=[4, 5], card="s-021"
    )
    dice = SeededDice("counter", 1)
    for event in effects.begin(state, "A", "s-013", "top", 4):
        state = RULESET.evolve(state, event)
    for _ in range(100):
        if effects.ask(state) is not None:
            break
        for event in effects.advance(state, dice):
            state = RULESET.evolve(state, event)
    return state


def test_blocks_counters() -> None:
    state = _counter_asked()
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert (prompt.kind, prompt.sides, prompt.sealed) == ("counter", ("B",), True)
    assert RULESET.standing_answer(state, "B") is None
    answered = _with_answers(state, "B", {"counter": "never"})
    command = RULESET.standing_answer(answered, "B")
    assert command == {"kind": "counter", "card": None, "side": "B"}
    assert command == RULESET.decline(answered, "B")
    assert command in list(RULESET.legal(answered, "B"))
    events = RULESET.decide(answered, command, SeededDice("counter", 2))
    assert not any(e["type"] == "wounded" and e.get("counter") for e in events)
    # In person, a counter wounds A: the answer declined it.
    dealt = RULESET.decide(
        answered, {"kind": "counter", "card": "s-002", "side": "B"}, SeededDice("counter", 2)
    )
    assert any(e["type"] == "wounded" and e.get("counter") for e in dealt)


def test_instant_cards_instant_additional_cards() -> None:
    _answered_never("instant")


def test_a_sealed_prompt_answered_for_a_side_shows_no_other_side_its_hand() -> None:
    """Hidden information: the answer to a sealed prompt is sealed as a person's is,
    and the standing answer does not read the hand (the same "never" whatever it
    holds): the events another side sees are those of the same answer in person."""
    for kind in sorted(HAND_KINDS & {"replace", "counter", "instant"}):
        found = first_prompts().get(kind)
        if found is None:
            continue
        state, side = found
        assert RULESET.prompt(state).sealed
        answered = _with_answers(state, side, {kind: "never"})
        command = RULESET.standing_answer(answered, side)
        in_person = RULESET.decline(answered, side)
        assert command == in_person
        assert "card" not in {k for k, v in command.items() if v is not None}
        other = next(s for s in RULESET.sides(state) if s != side)
        events = RULESET.decide(answered, command, SeededDice("standing", 3))
        for event in events:
            shown = RULESET.view_event(event, other, game_over=False)
            assert "sealed" not in shown or shown.get("sealed") in (None, {})


def test_shiai_standing_answers_a_game_without_them_keeps_its_hashes() -> None:
    """Golden records: the state gains the ``standing`` key only when set."""
    state, side = first_prompts()["choose"]
    assert "standing" not in state
    before = state_hash(state)
    answered = _with_answers(state, side, {"counter": "never"})
    assert state_hash(state) == before
    assert answered["standing"] == {side: {"counter": "never"}}
    event = {"type": STANDING_SET, "side": side, "answers": {"counter": "never"}}
    assert "never counter" in RULESET.describe(event, state)


def test_shiai_standing_answers_bad_answers_are_refused() -> None:
    state, side = first_prompts()["choose"]
    dice = SeededDice("standing", 4)
    for bad in (
        {"kind": STANDING, "side": "Z", "answers": {"counter": "never"}},
        {"kind": STANDING, "side": side, "answers": {"counter": "always"}},
        {"kind": STANDING, "side": side, "answers": {"hand": "never"}},
        {"kind": STANDING, "side": side, "answers": {}},
        {"kind": STANDING, "side": side, "answers": {"counter": "never"}, "x": 1},
    ):
        with pytest.raises(InvalidCommand):
            RULESET.decide(state, bad, dice)
    over = {**state, "phase": "over"}
    with pytest.raises(IllegalCommand):
        RULESET.decide(
            over, {"kind": STANDING, "side": side, "answers": {"counter": "never"}}, dice
        )


def test_optional_moves_are_declined_by_staying_and_mandatory_ones_are_not() -> None:
    """Move Effects > Optional Moves: staying put declines; Mandatory Moves: none."""
    found = first_prompts().get("move")
    if found is None:
        pytest.skip("no move prompt in the sample games")
    state, side = found
    declined = RULESET.decline(state, side)
    options = RULESET.prompt(state).options["choices"]
    if declined is None:
        here = state["characters"][side]
        assert not any(o["hex"] == here["hex"] and o["facing"] == here["facing"] for o in options)
    else:
        assert declined in options
        assert declined["hex"] == state["characters"][side]["hex"]


def test_required_choices_have_no_declining_command() -> None:
    """Turn Structure In Detail > Choose: a card must be played (no decline)."""
    state, side = first_prompts()["choose"]
    assert RULESET.decline(state, side) is None
    assert "choose" in RULESET.required_prompt_kinds

"""Senjutsu's Reveal step (Turn Structure In Detail > Reveal; Revealing Cards), each
test named after the paragraph it checks. The cards are the sample catalogue's, found by
what they are (a focus cost, an alternative speed, a variable speed...)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalCommand, SeededDice, State
from engine.senjutsu import rules
from engine.senjutsu.turn import reveal
from tests.unit.senjutsu.test_senjutsu_turn_helpers import (
    ATTACK,
    CATALOGUE,
    MEDITATION,
    RULESET,
    card_where,
    choose_all,
    kinds,
    placed,
    play,
    with_hand,
)

COSTLY = card_where(
    lambda c: c.focus_cost > 0 and not c.variable and c.instant is None and c.kamae is None
)
STRIP = card_where(lambda c: c.alternative is not None and c.alternative.kamae is not None)
FOCUS_ALT = card_where(lambda c: c.alternative is not None and c.alternative.focus > 0)
REPLACEMENT = card_where(lambda c: c.instant == "replacement")
VARIABLE = card_where(
    lambda c: c.variable and c.focus_cost == 0 and c.split is None and c.type == "defence"
)
SPLIT = card_where(lambda c: c.split is not None and not c.variable)


def game(hands: dict[str, list[str]], **changes: Any) -> State:
    state = placed("ronin", "student")
    for side, hand in hands.items():
        state = with_hand(state, side, hand, **changes.get(side, {}))
    return state


def kamae_position(tree: str, kamae: str) -> str:
    return CATALOGUE.tree(tree).positions_of(kamae)[0]


def test_reveal_players_simultaneously_reveal_their_played_cards() -> None:
    state = game({"A": [ATTACK.id], "B": [MEDITATION.id]})
    state, events = play(state, {"kind": "choose", "side": "A", "card": ATTACK.id})
    assert kinds(events) == ["chose"]
    assert events[0]["sealed"] == {"card": ATTACK.id}
    assert state["phase"] == "choose"
    state, events = play(state, {"kind": "choose", "side": "B", "card": MEDITATION.id}, 2)
    revealed = next(e for e in events if e["type"] == "revealed")
    assert revealed["cards"] == {"A": ATTACK.id, "B": MEDITATION.id}
    assert ATTACK.id not in state["characters"]["A"]["hand"]


def test_reveal_if_you_played_a_card_with_a_focus_cost_spend_that_focus_now() -> None:
    state = game({"A": [COSTLY.id], "B": [MEDITATION.id]}, A={"focus": 3})
    state, events = choose_all(state, {"A": COSTLY.id, "B": MEDITATION.id})
    paid = next(e for e in events if e["type"] == "focus_paid")
    assert paid["focus"] == 3 - COSTLY.focus_cost
    assert state["characters"]["A"]["focus"] == 3 - COSTLY.focus_cost


def test_alternative_initiative_in_a_kamae_strip_is_mandatory_in_that_kamae() -> None:
    assert STRIP.alternative is not None
    assert STRIP.alternative.kamae is not None
    position = kamae_position("ronin", STRIP.alternative.kamae)
    state = game({"A": [STRIP.id], "B": [MEDITATION.id]}, A={"kamae": position})
    state, events = choose_all(state, {"A": STRIP.id, "B": MEDITATION.id})
    declared = next(e for e in events if e["type"] == "alternative_declared")
    assert declared["use"] is True
    assert declared["speed"] == STRIP.alternative.initiative
    assert state["characters"]["A"]["played"]["alternative"] is True
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind != "alternative"


def test_alternative_initiative_in_a_kamae_strip_needs_that_kamae() -> None:
    state = game({"A": [STRIP.id], "B": [MEDITATION.id]})
    state, events = choose_all(state, {"A": STRIP.id, "B": MEDITATION.id})
    assert "alternative_declared" not in kinds(events)
    assert state["characters"]["A"]["played"]["alternative"] is False


def test_alternative_initiative_with_a_focus_cost_is_optional_declared_from_the_bottom() -> None:
    assert FOCUS_ALT.alternative is not None
    state = game({"A": [FOCUS_ALT.id], "B": [FOCUS_ALT.id]}, A={"focus": 2}, B={"focus": 2})
    state, _ = choose_all(state, {"A": FOCUS_ALT.id, "B": FOCUS_ALT.id})
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "alternative"
    bottom, top = state["advantage"][-1], state["advantage"][0]
    assert prompt.sides == (bottom,)
    state, events = play(state, {"kind": "alternative", "side": bottom, "use": True}, 10)
    assert events[0]["focus"] == 2 - FOCUS_ALT.alternative.focus
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.sides == (top,)
    assert prompt.kind == "alternative"
    state, _ = play(state, {"kind": "alternative", "side": top, "use": False}, 11)
    assert state["characters"][bottom]["played"]["alternative"] is True
    assert state["characters"][top]["played"]["alternative"] is False
    assert state["characters"][top]["focus"] == 2


def test_alternative_initiative_with_a_focus_cost_is_not_offered_without_the_focus() -> None:
    state = game({"A": [FOCUS_ALT.id], "B": [MEDITATION.id]})
    state, _ = choose_all(state, {"A": FOCUS_ALT.id, "B": MEDITATION.id})
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind != "alternative"


def test_instant_replacement_beginning_with_the_bottom_of_the_track_players_declare() -> None:
    state = game({"A": [ATTACK.id], "B": [MEDITATION.id]})
    state, _ = choose_all(state, {"A": ATTACK.id, "B": MEDITATION.id})
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "replace"
    assert prompt.sides == (state["advantage"][-1],)
    assert "choices" not in prompt.options  # the prompt is public: it never shows a hand


def test_instant_replacement_replaces_the_revealed_card_which_is_discarded() -> None:
    other = card_where(
        lambda c: (
            c.type not in (REPLACEMENT.type, "core")
            and c.instant is None
            and not c.variable
            and c.focus_cost == 0
            and c.kamae is None
            and c.alternative is None
        )
    )
    state = game({"A": [other.id, REPLACEMENT.id], "B": [other.id, REPLACEMENT.id]})
    state, _ = choose_all(state, {"A": other.id, "B": other.id})
    side = state["advantage"][-1]
    legal = list(RULESET.legal(state, side))
    assert {"kind": "replace", "side": side, "card": REPLACEMENT.id} in legal
    state, events = play(state, {"kind": "replace", "side": side, "card": REPLACEMENT.id}, 10)
    assert events[0] == {
        "type": "replaced",
        "side": side,
        "card": REPLACEMENT.id,
        "replaced": other.id,
        "focus": 0,
    }
    mine = state["characters"][side]
    assert mine["played"]["card"] == REPLACEMENT.id
    assert mine["played"]["replaced"] == other.id
    assert mine["discard"][-1] == {"card": other.id, "up": True}
    assert REPLACEMENT.id not in mine["hand"]


def test_instant_replacement_must_be_a_different_type_than_the_card_replaced() -> None:
    same = card_where(
        lambda c: (
            c.type == REPLACEMENT.type
            and c.instant is None
            and c.focus_cost == 0
            and c.kamae is None
            and c.alternative is None
            and not c.variable
        )
    )
    state = game({"A": [same.id, REPLACEMENT.id], "B": [same.id, REPLACEMENT.id]})
    state, _ = choose_all(state, {"A": same.id, "B": same.id})
    side = state["advantage"][-1]
    assert list(RULESET.legal(state, side)) == [{"kind": "replace", "side": side, "card": None}]
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(
            state, {"kind": "replace", "side": side, "card": REPLACEMENT.id}, SeededDice("t", 9)
        )
    assert refused.value.rule == rules.INSTANT_REPLACEMENT


def test_instant_replacement_cannot_replace_core_cards() -> None:
    state = with_hand(placed("ronin", "student"), "A", [REPLACEMENT.id])
    core = next(c for c in state["characters"]["A"]["hand"] if CATALOGUE.card(c).core)
    played = {
        "card": core,
        "speed": None,
        "alternative": False,
        "replaced": None,
        "split_speed": None,
    }
    characters = {**state["characters"], "A": {**state["characters"]["A"], "played": played}}
    state = {
        **state,
        "characters": characters,
        "phase": "reveal",
        "reveal": {"step": "replace", "done": []},
    }
    assert not reveal.may_replace(state, "A", CATALOGUE)
    assert reveal.replace_side(state, CATALOGUE) is None


def test_instant_replacement_the_original_focus_cost_is_refunded() -> None:
    costly = card_where(
        lambda c: (
            c.focus_cost > 0
            and c.type in ("attack", "defence", "meditation")
            and c.type != REPLACEMENT.type
            and c.instant is None
            and c.kamae is None
        )
    )
    state = game(
        {"A": [costly.id, REPLACEMENT.id], "B": [costly.id, REPLACEMENT.id]},
        A={"focus": 2},
        B={"focus": 2},
    )
    state, _ = choose_all(state, {"A": costly.id, "B": costly.id})
    side = state["advantage"][-1]
    assert state["characters"][side]["focus"] == 2 - costly.focus_cost
    state, _ = play(state, {"kind": "replace", "side": side, "card": REPLACEMENT.id}, 10)
    assert state["characters"][side]["focus"] == 2 - REPLACEMENT.focus_cost


def test_variable_initiative_choose_either_number_or_any_between_from_the_bottom_up() -> None:
    assert isinstance(VARIABLE.initiative, tuple)
    high, low = VARIABLE.initiative
    state = game({"A": [VARIABLE.id], "B": [VARIABLE.id]})
    state, _ = choose_all(state, {"A": VARIABLE.id, "B": VARIABLE.id})
    for index, side in enumerate(reversed(state["advantage"])):
        state, _ = play(state, {"kind": "replace", "side": side, "card": None}, 10 + index)
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "speed"
    bottom = state["advantage"][-1]
    assert prompt.sides == (bottom,)
    assert [c["speed"] for c in RULESET.legal(state, bottom)] == list(range(high, low - 1, -1))
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(
            state, {"kind": "speed", "side": bottom, "speed": high + 1}, SeededDice("t", 20)
        )
    assert refused.value.rule == rules.VARIABLE_INITIATIVE


def test_hobble_reduces_the_initiative_speed_by_1_each_to_a_minimum_of_1() -> None:
    state = game({"A": [ATTACK.id], "B": [VARIABLE.id]}, A={"hobbles": [1, 2]}, B={"hobbles": [0]})
    state, _ = choose_all(state, {"A": ATTACK.id, "B": VARIABLE.id})
    assert isinstance(ATTACK.initiative, int)
    assert reveal.fixed_speed(state, "A", CATALOGUE) == max(1, ATTACK.initiative - 2)
    assert isinstance(VARIABLE.initiative, tuple)
    high, low = VARIABLE.initiative
    assert reveal.variable_range(state, "B", CATALOGUE) == (max(1, high - 1), max(1, low - 1))


def test_stun_played_instead_of_an_ability_card_is_speed_0_and_goes_to_the_supply() -> None:
    state = game({"A": [ATTACK.id], "B": [MEDITATION.id]}, A={"stuns": 1})
    state, events = choose_all(state, {"A": None, "B": MEDITATION.id})
    assert state["characters"]["A"]["stuns"] == 0
    for index in range(len(state["advantage"])):
        if (p := RULESET.prompt(state)) is not None and p.kind == "replace":
            state, events = play(
                state, {"kind": "replace", "side": p.sides[0], "card": None}, 10 + index
            )
    speeds = {e["side"]: e["speed"] for e in events if e["type"] == "speed_set"}
    assert speeds["A"] == 0
    assert "stun_returned" in kinds(events)
    queued = next(e for e in events if e["type"] == "queued")
    assert [p["side"] for p in queued["queue"]] == ["B"]


def test_split_initiative_resolves_below_the_dividing_line_at_its_own_speed() -> None:
    assert SPLIT.split is not None
    state = game({"A": [SPLIT.id], "B": [MEDITATION.id]})
    state, _ = choose_all(state, {"A": SPLIT.id, "B": MEDITATION.id})
    state = {**state, "reveal": {"step": "speed", "done": []}}
    events = reveal.next_step(state, CATALOGUE)
    queued = next(e for e in events if e["type"] == "queued")
    parts = [(p["side"], p["part"], p["speed"]) for p in queued["queue"]]
    assert ("A", "top", SPLIT.initiative) in parts
    assert ("A", "split", SPLIT.split.initiative) in parts

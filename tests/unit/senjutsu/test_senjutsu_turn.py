"""Senjutsu's turn: Draw, Choose, Discard, the end of the turn, hand limits and
Winning The Game, each test named after the paragraph it checks."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalCommand, InvalidCommand, SeededDice, State, Termination
from engine.senjutsu import rules
from engine.senjutsu.turn import defeat, discard, draw, settle
from tests.unit.senjutsu.test_senjutsu_turn_helpers import (
    ATTACK,
    CATALOGUE,
    MEDITATION,
    RULESET,
    card_where,
    kinds,
    placed,
    play,
    with_hand,
)


def fold(state: State, events: list[dict[str, Any]]) -> State:
    for event in events:
        state = RULESET.evolve(state, event)
    return state


def at_end_of_turn(state: State, played: dict[str, str]) -> State:
    """``state`` in the Resolve step with nothing left to resolve, ``played`` revealed."""
    characters = dict(state["characters"])
    for side, card in played.items():
        characters[side] = {
            **characters[side],
            "played": {
                "card": card,
                "speed": 3,
                "alternative": False,
                "replaced": None,
                "split_speed": None,
            },
        }
    return {**state, "characters": characters, "phase": "resolve", "queue": [], "reveal": None}


# -- Draw ------------------------------------------------------------------------------


def test_draw_draw_a_single_card_from_your_ability_card_deck() -> None:
    state = placed("ronin", "student")
    top = state["characters"]["A"]["deck"][0]
    events = draw.turn_draws(state)
    assert events[0] == {"type": "drew", "side": "A", "sealed_for": "A", "sealed": {"card": top}}
    after = fold(state, events)
    assert top in after["characters"]["A"]["hand"]
    assert len(after["characters"]["A"]["deck"]) == len(state["characters"]["A"]["deck"]) - 1


def test_draw_if_your_deck_is_empty_instead_gain_a_wound() -> None:
    state = with_hand(placed("ronin", "student"), "A", [], deck=[])
    events = draw.turn_draws(state)
    assert events[0] == {"type": "drew_wound", "side": "A", "wounds": 1}
    assert fold(state, events)["characters"]["A"]["wounds"] == 1


def test_bleeding_at_the_start_of_the_draw_step_the_top_card_goes_face_down_to_the_discard() -> (
    None
):
    state = with_hand(placed("ronin", "student"), "A", [], bleeding=1)
    deck = state["characters"]["A"]["deck"]
    events = draw.turn_draws(state)
    assert kinds(events)[:2] == ["bled", "drew"]
    assert events[1]["sealed"] == {"card": deck[1]}
    after = fold(state, events)["characters"]["A"]
    assert after["discard"] == [{"card": deck[0], "up": False}]
    assert deck[1] in after["hand"]


def test_bleeding_is_ignored_if_your_deck_is_empty() -> None:
    state = with_hand(placed("ronin", "student"), "A", [], bleeding=2, deck=[])
    assert kinds(draw.turn_draws(state))[:1] == ["drew_wound"]


# -- Choose ----------------------------------------------------------------------------


def test_choose_is_one_sealed_prompt_to_every_living_player() -> None:
    state = placed("ronin", "student", "master")
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "choose"
    assert prompt.sealed
    assert prompt.sides == ("A", "B", "C")
    assert "choices" not in prompt.options  # the prompt is public; hands are not
    dead = {**state["characters"]["C"], "defeated": True, "hex": None}
    state = {**state, "characters": {**state["characters"], "C": dead}}
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.sides == ("A", "B")


def test_choose_to_choose_a_card_with_a_focus_cost_you_must_have_enough_focus() -> None:
    costly = card_where(lambda c: c.focus_cost > 0 and c.kamae is None and c.instant is None)
    state = with_hand(placed("ronin", "student"), "A", [costly.id], focus=costly.focus_cost - 1)
    assert {"kind": "choose", "side": "A", "card": costly.id} not in list(RULESET.legal(state, "A"))
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(
            state, {"kind": "choose", "side": "A", "card": costly.id}, SeededDice("t", 1)
        )
    assert refused.value.rule == rules.TURN_CHOOSE
    state = with_hand(state, "A", [costly.id], focus=costly.focus_cost)
    assert {"kind": "choose", "side": "A", "card": costly.id} in list(RULESET.legal(state, "A"))


def test_choose_a_card_with_a_mandatory_kamae_position_needs_your_character_in_it() -> None:
    needy = card_where(
        lambda c: c.kamae is not None and c.focus_cost == 0 and c.signature in (None, "ronin")
    )
    assert needy.kamae is not None
    tree = CATALOGUE.tree("ronin")
    state = with_hand(placed("ronin", "student"), "A", [needy.id])
    assert tree.kamae_of(state["characters"]["A"]["kamae"]) != needy.kamae
    with pytest.raises(IllegalCommand, match=needy.kamae):
        RULESET.decide(state, {"kind": "choose", "side": "A", "card": needy.id}, SeededDice("t", 1))
    state = with_hand(state, "A", [needy.id], kamae=tree.positions_of(needy.kamae)[0])
    assert {"kind": "choose", "side": "A", "card": needy.id} in list(RULESET.legal(state, "A"))


def test_instant_additional_cards_are_not_selected_during_the_choose_step() -> None:
    extra = card_where(lambda c: c.instant == "additional")
    state = with_hand(placed("ronin", "student"), "A", [extra.id])
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, {"kind": "choose", "side": "A", "card": extra.id}, SeededDice("t", 1))
    assert refused.value.rule == rules.INSTANT_ADDITIONAL


def test_stun_players_can_play_a_stun_card_instead_of_an_ability_card() -> None:
    state = placed("ronin", "student")
    assert {"kind": "choose", "side": "A", "stun": True} not in list(RULESET.legal(state, "A"))
    with pytest.raises(IllegalCommand):
        RULESET.decide(state, {"kind": "choose", "side": "A", "stun": True}, SeededDice("t", 1))
    state = with_hand(state, "A", [ATTACK.id], stuns=1)
    assert {"kind": "choose", "side": "A", "stun": True} in list(RULESET.legal(state, "A"))
    state, events = play(state, {"kind": "choose", "side": "A", "stun": True})
    assert events[0]["sealed"] == {"card": "stun"}
    # Hidden until the reveal: the stun is still counted in hand.
    assert state["characters"]["A"]["stuns"] == 1


def test_choose_a_side_cannot_choose_twice_or_out_of_turn() -> None:
    state = with_hand(placed("ronin", "student"), "A", [ATTACK.id, MEDITATION.id])
    state, _ = play(state, {"kind": "choose", "side": "A", "card": ATTACK.id})
    with pytest.raises(IllegalCommand):
        RULESET.decide(
            state, {"kind": "choose", "side": "A", "card": MEDITATION.id}, SeededDice("t", 2)
        )


@pytest.mark.parametrize(
    ("command", "field"),
    [
        ({"kind": "choose", "card": "s-001"}, "side"),
        ({"kind": "choose", "side": "A"}, "card"),
        ({"kind": "choose", "side": "A", "card": 7}, "card"),
        ({"kind": "choose", "side": "A", "card": "s-001", "extra": 1}, "extra"),
        ({"kind": "fly", "side": "A"}, "kind"),
        ({"side": "A"}, "kind"),
        ({"kind": "choose", "side": "Z", "card": "s-001"}, "side"),
        ([1, 2], "object"),
    ],
)
def test_a_malformed_command_is_refused_naming_the_field(command: Any, field: str) -> None:
    state = placed("ronin", "student")
    with pytest.raises(InvalidCommand, match=field):
        RULESET.decide(state, command, SeededDice("t", 1))


# -- Discard and the end of the turn ------------------------------------------------------


def test_discard_core_cards_return_to_hand_played_cards_go_face_up_to_the_discard() -> None:
    state = placed("ronin", "student")
    core = next(c for c in state["characters"]["A"]["hand"] if CATALOGUE.card(c).core)
    hand = [c for c in state["characters"]["B"]["hand"] if c != ATTACK.id]
    state = with_hand(state, "B", [c for c in hand if not CATALOGUE.card(c).core])
    state = {
        **state,
        "characters": {
            **state["characters"],
            "A": {
                **state["characters"]["A"],
                "hand": [c for c in state["characters"]["A"]["hand"] if c != core],
            },
        },
    }
    state = at_end_of_turn(state, {"A": core, "B": ATTACK.id})
    events = discard.discard_played(state, CATALOGUE)
    assert events[0]["cards"] == {
        "A": {"card": core, "to": "hand"},
        "B": {"card": ATTACK.id, "to": "discard"},
    }
    after = fold(state, events)
    assert core in after["characters"]["A"]["hand"]
    assert after["characters"]["B"]["discard"][-1] == {"card": ATTACK.id, "up": True}
    assert after["characters"]["A"]["played"] is None
    assert after["phase"] == "end"


def test_hobble_active_hobbles_rotate_at_the_end_of_the_turn_discarded_when_upright() -> None:
    state = with_hand(placed("ronin", "student"), "A", [], hobbles=[0, 3])
    state = at_end_of_turn(state, {"A": ATTACK.id, "B": ATTACK.id})
    events = discard.discard_played(state, CATALOGUE)
    turned = next(e for e in events if e["type"] == "hobbles_turned")
    assert turned == {"type": "hobbles_turned", "side": "A", "hobbles": [1]}


def test_hand_limit_discard_non_core_cards_face_down_until_at_your_hand_limit() -> None:
    state = placed("ronin", "student")
    limit = state["characters"]["A"]["hand_limit"]
    deck = state["characters"]["A"]["deck"]
    state = with_hand(state, "A", deck[: limit + 2])
    state = {**with_hand(state, "B", []), "phase": "end"}
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "trim"
    assert prompt.sides == ("A",)
    legal = list(RULESET.legal(state, "A"))
    assert all(not CATALOGUE.card(c["card"]).core for c in legal)
    core = next(c for c in state["characters"]["A"]["hand"] if CATALOGUE.card(c).core)
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, {"kind": "trim", "side": "A", "card": core}, SeededDice("t", 1))
    assert refused.value.rule == rules.CORE_CARDS
    state, events = play(state, legal[0])
    assert events[0]["type"] == "trimmed"
    assert events[0]["sealed_for"] == "A"
    assert state["characters"]["A"]["discard"][-1] == {"card": legal[0]["card"], "up": False}
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "trim"
    state, events = play(state, next(iter(RULESET.legal(state, "A"))), 2)
    # At the limit: the turn ends, the next one starts with its draw step.
    assert kinds(events)[1:4] == ["turn_ended", "turn_started", "drew"]
    assert state["turn"] == 2
    assert state["phase"] == "choose"


def test_stun_cards_count_towards_the_hand_limit_and_cannot_be_discarded() -> None:
    state = placed("ronin", "student")
    limit = state["characters"]["A"]["hand_limit"]
    deck = state["characters"]["A"]["deck"]
    state = {**with_hand(with_hand(state, "A", deck[:limit], stuns=1), "B", []), "phase": "end"}
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "trim"
    assert all(c.get("card") in deck for c in RULESET.legal(state, "A"))


# -- Winning the game ---------------------------------------------------------------------


def test_winning_the_game_a_character_with_wounds_at_the_wound_limit_is_defeated() -> None:
    state = placed("ronin", "student")
    limit = state["characters"]["A"]["wound_limit"]
    state = with_hand(with_hand(state, "A", [], wounds=limit - 1, deck=[]), "B", [])
    # The empty deck's draw wounds the Ronin to the limit at the next draw step.
    state = fold({**state, "phase": "end"}, discard.next_turn({**state, "phase": "end"}))
    assert state["characters"]["A"]["wounds"] == limit
    assert defeat.defeats(state) == [
        {"type": "defeated", "side": "A"},
        {"type": "game_over", "winner": "B", "ending": "annihilation"},
    ]


def test_winning_the_game_bleeding_wounds_count_as_wounds() -> None:
    state = placed("ronin", "student")
    limit = state["characters"]["A"]["wound_limit"]
    state = with_hand(state, "A", [], wounds=limit - 2, bleeding=2)
    assert defeat.is_beaten(state, "A")


def test_winning_the_game_stun_cards_equal_to_the_hand_size_defeat_a_character() -> None:
    state = placed("ronin", "student")
    limit = state["characters"]["B"]["hand_limit"]
    assert not defeat.is_beaten(with_hand(state, "B", [], stuns=limit - 1), "B")
    assert defeat.is_beaten(with_hand(state, "B", [], stuns=limit), "B")


def test_winning_the_game_defeat_is_immediate_and_the_last_character_wins() -> None:
    state = placed("ronin", "student", "master")
    limit = state["characters"]["A"]["wound_limit"]
    state = with_hand(state, "A", [ATTACK.id], wounds=limit - 1, deck=[])
    state = with_hand(state, "C", [ATTACK.id], wounds=0)
    state = {**state, "phase": "end"}
    for side in "ABC":
        state = with_hand(state, side, [ATTACK.id] if side != "B" else [])
    # B concedes; A's empty deck then defeats it at the next draw: C is the last one.
    state, events = play(state, {"kind": "concede", "side": "B"})
    assert kinds(events)[:2] == ["conceded", "defeated"]
    assert "defeated" in kinds(events[2:])
    assert events[-1]["type"] == "game_over"
    assert state["characters"]["A"]["defeated"]
    assert state["characters"]["A"]["hex"] is None
    outcome = RULESET.outcome(state)
    assert outcome is not None
    assert outcome.winner == "C"
    assert outcome.termination == Termination.ANNIHILATION
    assert RULESET.prompt(state) is None


def test_concession_ends_a_duel_with_the_other_player_winning() -> None:
    state = placed("ronin", "student")
    state, events = play(state, {"kind": "concede", "side": "A"})
    assert kinds(events) == ["conceded", "defeated", "game_over"]
    outcome = RULESET.outcome(state)
    assert outcome is not None
    assert outcome.winner == "B"
    assert outcome.termination == Termination.CONCESSION
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(state, {"kind": "concede", "side": "B"}, SeededDice("t", 2))
    assert refused.value.rule == rules.WINNING


def test_defeated_characters_take_no_further_part_their_card_part_is_dropped() -> None:
    state = placed("ronin", "student", "master")
    state = {**state, "phase": "resolve", "queue": [], "reveal": None}
    state = RULESET.evolve(
        state, {"type": "resolving", "side": "A", "card": ATTACK.id, "part": "top", "speed": 5}
    )
    state = RULESET.evolve(state, {"type": "defeated", "side": "A"})
    assert RULESET.prompt(state) is None
    events = settle.next_step(state, SeededDice("t", 1), CATALOGUE, RULESET.evolve)
    assert events == [
        {"type": "resolved", "side": "A", "card": ATTACK.id, "part": "top", "abandoned": True}
    ]
    assert RULESET.evolve(state, events[0])["current"] is None

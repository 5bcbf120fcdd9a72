"""Command Deck > Command Duel, paragraph by paragraph, and the hidden bets."""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest

from engine.core import IllegalCommand, InvalidCommand, SeededDice, State
from engine.kensei import rules
from engine.kensei.bots.players import GreedyBot, RandomBot, legal_commands
from engine.kensei.command.duel import bet_choices, greedy_bet, win_chance
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import other
from engine.kensei.turn.sequence import advance
from tests.unit.kensei.support import KENSEI, bots_until, edited, play, waiting_for


@functools.cache
def _offered_once() -> State:
    return bots_until(waiting_for("command_duel"))


def _offered(hands: dict[str, list[int]] | None = None) -> State:
    """The first offer of the battle, with the hands given (a private copy)."""
    state = edited(_offered_once())
    for side, hand in (hands or {}).items():
        state["cards"][side]["hand"] = list(hand)
    return state


def _declare(state: State) -> State:
    side = KENSEI.prompt(state).sides[0]
    after, _ = play(state, {"type": "command_duel", "side": side, "declare": True})
    return after


def _bet(state: State, side: str, cards: list[int]) -> tuple[State, list[dict]]:
    return play(state, {"type": "command_duel_bet", "side": side, "cards": cards})


def _holder_and_challenger(state: State) -> tuple[str, str]:
    holder = state["initiative"]
    return holder, other(holder)


# -- who may declare it, and when ------------------------------------------------------------


def test_command_duel_offered_to_the_side_without_the_initiative_before_two_new_units():
    state = _offered_once()
    holder, challenger = _holder_and_challenger(state)
    prompt = KENSEI.prompt(state)
    assert prompt.kind == "command_duel"
    assert prompt.sides == (challenger,)
    assert not prompt.sealed
    assert state["activation"] is None  # before the pair of units is chosen
    assert prompt.options["hands"] == {s: len(state["cards"][s]["hand"]) for s in "AB"}
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "command_duel", "side": holder, "declare": True})
    assert caught.value.rule == rules.COMMAND_DUEL
    with pytest.raises(InvalidCommand):
        play(state, {"type": "command_duel", "side": challenger, "declare": "yes"})


def test_command_duel_declined_the_pair_is_activated_and_not_offered_again():
    state = _offered_once()
    holder, challenger = _holder_and_challenger(state)
    after, events = play(state, {"type": "command_duel", "side": challenger, "declare": False})
    assert [e["type"] for e in events] == ["command_duel_declined"]
    prompt = KENSEI.prompt(after)
    assert prompt.kind == "choose_active_side"
    assert prompt.sides == (holder,)
    assert after["initiative"] == holder


def test_command_duel_needs_command_cards_in_hand():
    state = _offered({})
    state["command_duel"] = {**state["command_duel"], "offer": None, "asked": None}
    _holder, challenger = _holder_and_challenger(state)
    state["cards"][challenger]["hand"] = []
    progress = Progress(state)
    advance(progress, SeededDice("x", 1))
    assert progress.events == []
    assert KENSEI.prompt(progress.state).kind == "choose_active_side"


def test_command_duel_not_again_until_two_new_units_are_going_to_be_activated():
    state = _offered({})
    holder, challenger = _holder_and_challenger(state)
    state["cards"][challenger]["hand"] = [3, 3, 2]
    state["cards"][holder]["hand"] = [0, 0]
    state = _declare(state)
    state, _ = _bet(state, challenger, [3])
    state, _ = _bet(state, holder, [0])
    assert state["initiative"] == challenger  # stolen
    # The same pair goes on: nobody is offered a command duel now.
    progress = Progress(state)
    advance(progress, SeededDice("x", 1))
    assert progress.events == []
    assert KENSEI.prompt(state).kind == "choose_active_side"
    assert KENSEI.prompt(state).sides == (challenger,)
    # The next pair (two more activations made): the new loser of the initiative may.
    later = edited(state)
    later["activations"] = {"A": 1, "B": 1}
    progress = Progress(later)
    advance(progress, SeededDice("x", 1))
    assert [e["type"] for e in progress.events] == ["command_duel_offered"]
    assert KENSEI.prompt(progress.state).sides == (other(challenger),)


def test_command_duel_not_offered_for_a_solo_activation():
    state = _offered({})
    state["command_duel"] = {**state["command_duel"], "offer": None, "asked": None}
    _holder, challenger = _holder_and_challenger(state)
    for unit in state["units"].values():
        if unit["side"] == other(challenger):
            unit["markers"]["used"] = True
    progress = Progress(state)
    advance(progress, SeededDice("x", 1))
    assert "command_duel_offered" not in [e["type"] for e in progress.events]


# -- the bets --------------------------------------------------------------------------------


def test_command_duel_both_bet_face_down_in_one_sealed_prompt_revealed_together():
    state = _declare(_offered({"A": [3, 1, 0], "B": [2, 2, 1]}))
    holder, challenger = _holder_and_challenger(state)
    prompt = KENSEI.prompt(state)
    assert prompt.kind == "command_duel_bet"
    assert prompt.sealed
    assert prompt.sides == ("A", "B")
    assert prompt.options == {"hands": {"A": 3, "B": 3}, "declared_by": challenger}
    first, events = _bet(state, "A", [3, 1])
    assert [e["type"] for e in events] == ["command_duel_bet"]
    assert events[0]["sealed_for"] == "A"
    assert events[0]["sealed"] == {"cards": [3, 1]}
    assert first["cards"]["A"]["hand"] == [3, 1, 0]  # face down on the table, not spent yet
    assert KENSEI.prompt(first).sides == ("B",)
    with pytest.raises(IllegalCommand):
        _bet(first, "A", [0])  # one bet each
    after, events = _bet(first, "B", [2, 2])
    assert [e["type"] for e in events][:2] == ["command_duel_bet", "command_duel_revealed"]
    reveal = events[1]
    assert reveal["bets"] == {"A": [3, 1], "B": [2, 2]}
    assert reveal["totals"] == {"A": 4, "B": 4}
    assert reveal["had_initiative"] == holder
    assert reveal["initiative"] == holder  # a tie: the initiative stays
    assert after["cards"]["A"]["hand"] == [0]
    assert after["cards"]["B"]["hand"] == [1]
    assert "keeps the initiative" in KENSEI.describe(reveal)


def test_command_duel_the_higher_bet_takes_the_initiative_for_the_rest_of_the_turn():
    state = _declare(_offered({"A": [3, 1, 0], "B": [2, 2, 1]}))
    holder, challenger = _holder_and_challenger(state)
    high = {"A": [3, 1, 0], "B": [2, 2, 1]}[challenger]
    low = {"A": [0], "B": [1]}[holder]
    state, _ = _bet(state, challenger, high)
    after, events = _bet(state, holder, low)
    reveal = next(e for e in events if e["type"] == "command_duel_revealed")
    assert reveal["initiative"] == challenger
    assert after["initiative"] == challenger
    assert "takes the initiative" in KENSEI.describe(reveal)
    prompt = KENSEI.prompt(after)
    assert prompt.kind == "choose_active_side"
    assert prompt.sides == (challenger,)  # the new holder chooses the active side


def test_command_duel_bets_go_face_up_onto_the_discard_pile():
    state = _declare(_offered({"A": [3, 1, 0], "B": [2, 2, 1]}))
    piles = {side: list(state["cards"][side]["discard"]) for side in "AB"}
    state, _ = _bet(state, "A", [1, 0])
    after, _ = _bet(state, "B", [2])
    assert after["cards"]["A"]["discard"] == [
        *piles["A"],
        {"value": 1, "face_up": True},
        {"value": 0, "face_up": True},
    ]
    assert after["cards"]["B"]["discard"] == [*piles["B"], {"value": 2, "face_up": True}]
    for side in "AB":
        seen = KENSEI.view(after, other(side))["cards"][side]["discard"]
        assert seen[len(piles[side]) :] == after["cards"][side]["discard"][len(piles[side]) :]


def test_command_duel_bet_one_or_more_cards_of_the_hand():
    state = _declare(_offered({"A": [3, 1, 0], "B": [2, 2, 1]}))
    for cards, words in (([], "one or more"), ([3, 3], "no card(s) 3"), ([2], "no card(s) 2")):
        with pytest.raises(IllegalCommand) as caught:
            _bet(state, "A", cards)
        assert caught.value.rule == rules.COMMAND_DUEL
        assert words in caught.value.message
    for cards in ([4], ["3"], 3, [True]):
        with pytest.raises(InvalidCommand):
            _bet(state, "A", cards)  # type: ignore[arg-type]
    with pytest.raises(InvalidCommand):
        play(state, {"type": "command_duel_bet", "side": "A", "cards": [3], "extra": 1})


def test_command_duel_a_side_without_cards_bets_nothing_and_is_not_asked():
    state = _offered({})
    holder, challenger = _holder_and_challenger(state)
    state["cards"][holder]["hand"] = []
    state["cards"][challenger]["hand"] = [0]
    state = _declare(state)
    assert KENSEI.prompt(state).sides == (challenger,)
    after, events = _bet(state, challenger, [0])
    reveal = events[-1] if events[-1]["type"] == "command_duel_revealed" else events[1]
    assert reveal["bets"][holder] == []
    assert reveal["initiative"] == holder  # 0 against nothing: a tie
    assert after["initiative"] == holder


# -- hidden information ------------------------------------------------------------------------


def test_command_duel_bets_hidden_from_the_other_side_until_revealed():
    state = _declare(_offered({"A": [3, 1, 0], "B": [2, 2, 1]}))
    first, events = _bet(state, "A", [3, 1])
    bet = events[0]
    assert KENSEI.view_event(bet, "A", game_over=False)["sealed"] == {"cards": [3, 1]}
    for viewer in ("B", None):
        assert KENSEI.view_event(bet, viewer, game_over=False)["sealed"] is None
        seen = KENSEI.view(first, viewer)
        assert seen["command_duel"]["bets"] == {"A": "sealed", "B": None}
        assert seen["cards"]["A"]["hand"] == 3  # the count does not tell the bet
    assert "3" not in KENSEI.describe(KENSEI.view_event(bet, "B", game_over=False))
    assert KENSEI.view(first, "A")["command_duel"]["bets"] == {"A": [3, 1], "B": None}
    assert first["command_duel"]["bets"]["A"] == [3, 1]  # the state itself is untouched
    # Another first bet of A: the same view for B and the same prompt.
    other_bet, _ = _bet(state, "A", [0])
    assert KENSEI.view(other_bet, "B") == KENSEI.view(first, "B")
    assert KENSEI.prompt(other_bet).to_dict() == KENSEI.prompt(first).to_dict()
    after, _ = _bet(first, "B", [2])
    assert KENSEI.view(after, "B").get("command_duel", after["command_duel"])["bets"] is None


# -- the bots --------------------------------------------------------------------------------


def test_command_duel_bots_offer_every_legal_bet_and_never_an_illegal_one():
    assert sorted(bet_choices([2, 2, 0])) == sorted([[2], [2, 2], [0], [2, 0], [2, 2, 0]])
    state = _declare(_offered({"A": [3, 1, 0], "B": [2, 2, 1]}))
    for side, count in (("A", 7), ("B", 5)):  # every non-empty sub-multiset of the hand
        commands = list(legal_commands(state, side))
        assert len(commands) == count
        for command in commands:
            _bet(state, side, command["cards"])  # all accepted
        assert RandomBot(side).choose(KENSEI, state, side) in commands
    assert greedy_bet([0, 3, 1]) == [3, 1]
    assert greedy_bet([2]) == [2]


def test_command_duel_greedy_bot_declares_when_the_odds_favour_its_bet():
    strong = _offered({})
    _holder, challenger = _holder_and_challenger(strong)
    strong["cards"][challenger]["hand"] = [3, 3, 3, 2, 0]
    strong["cards"][other(challenger)]["hand"] = [0, 0]
    assert win_chance(strong, challenger) == 1.0
    chosen = GreedyBot("duel").choose(KENSEI, strong, challenger)
    assert chosen == {"type": "command_duel", "side": challenger, "declare": True}
    weak = edited(strong)
    weak["cards"][challenger]["hand"] = [0, 0]
    weak["cards"][other(challenger)]["hand"] = [1, 1, 1, 1, 1, 1]
    assert win_chance(weak, challenger) < 0.5
    chosen = GreedyBot("duel").choose(KENSEI, weak, challenger)
    assert chosen == {"type": "command_duel", "side": challenger, "declare": False}
    state = _declare(strong)
    bet = GreedyBot("duel").choose(KENSEI, state, challenger)
    assert bet == {"type": "command_duel_bet", "side": challenger, "cards": [3, 3, 3, 2]}


def test_command_duel_win_chance_counts_the_cards_the_other_side_may_hold():
    state = _offered({})
    _holder, challenger = _holder_and_challenger(state)
    rival = other(challenger)
    state["cards"][challenger]["hand"] = [2, 0]  # bets 2
    state["cards"][rival]["hand"] = [0]  # one card: its bet is that card
    state["cards"][rival]["discard"] = []
    # The rival's single card is below 2 when it is a 0 or a 1: 15 of 24 cards.
    assert win_chance(state, challenger) == pytest.approx(15 / 24)
    # Cards it showed face up are not in its hand.
    state["cards"][rival]["discard"] = [{"value": 1, "face_up": True}] * 8
    assert win_chance(state, challenger) == pytest.approx(7 / 16)
    rng = random.Random(1)
    hand = [rng.randint(0, 3) for _ in range(6)]
    assert Counter(greedy_bet(hand)) <= Counter(hand)

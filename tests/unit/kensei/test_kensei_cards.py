"""Command Deck, Maintenance > 2. Draw new command cards, Commander Activation, and
the hidden information of the cards (``view``), paragraph by paragraph."""

from __future__ import annotations

import functools
from collections import Counter

import pytest

from engine.core import EnteredDice, IllegalCommand, SeededDice, State
from engine.kensei import rules
from engine.kensei.bots.players import GreedyBot
from engine.kensei.command.cards import DECK, shuffled
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import unused_units
from engine.kensei.turn.sequence import advance
from tests.unit.kensei.support import (
    KENSEI,
    SETUP,
    bots_until,
    edited,
    play,
    waiting_for,
    without_offerings,
)


def _all_cards(state: State, side: str) -> Counter[int]:
    mine = state["cards"][side]
    values = [*mine["deck"], *mine["hand"], *mine["drawn"]]
    return Counter(values + [card["value"] for card in mine["discard"]])


@functools.cache
def _first_activation() -> State:
    return bots_until(waiting_for("choose_active_side"))


@functools.cache
def _keeping() -> State:
    return bots_until(waiting_for("keep_cards"))


# -- Command Deck / Game System > 5. Prepare your command deck ----------------------------


def test_command_deck_twenty_four_cards_seven_0s_eight_1s_six_2s_three_3s():
    assert Counter(DECK) == {0: 7, 1: 8, 2: 6, 3: 3}
    state = KENSEI.start(dict(SETUP), SeededDice("deck", 0))
    for side in ("A", "B"):
        assert _all_cards(state, side) == Counter(DECK)


def test_prepare_your_command_deck_first_hand_drawn_at_setup_from_a_seeded_shuffle():
    state = KENSEI.start(dict(SETUP), SeededDice("deck", 0))
    again = KENSEI.start(dict(SETUP), SeededDice("deck", 0))
    other = KENSEI.start(dict(SETUP), SeededDice("another seed", 0))
    for side in ("A", "B"):
        mine = state["cards"][side]
        assert len(mine["hand"]) == state["sides"][side]["hand_size"]
        assert len(mine["deck"]) == len(DECK) - len(mine["hand"])
        assert mine == again["cards"][side]  # reproducible from the seed
    assert [state["cards"][s] for s in "AB"] != [other["cards"][s] for s in "AB"]


def test_command_deck_shuffled_by_the_dice_source_one_die_per_swap():
    # Fisher-Yates from the last card: a d4 (4 -> stays), a d3 (1 -> swaps with the first),
    # a d2 (2 -> stays).
    assert shuffled([0, 1, 2, 3], EnteredDice([4, 1, 2])) == [2, 1, 0, 3]


# -- Maintenance > 2. Draw new command cards -----------------------------------------------


def test_draw_new_command_cards_not_in_the_first_turn():
    state = _first_activation()
    assert state["turn"] == 1
    start = KENSEI.start(dict(SETUP), SeededDice("test", 0))
    assert state["cards"] == start["cards"]


def test_draw_new_command_cards_discard_the_hand_draw_limit_plus_level():
    state = _keeping()
    assert state["turn"] == 2
    prompt = KENSEI.prompt(state)
    assert prompt.kind == "keep_cards"
    assert prompt.sealed
    assert prompt.sides == ("A", "B")
    for side in ("A", "B"):
        record, mine = state["sides"][side], state["cards"][side]
        assert mine["hand"] == []
        assert len(mine["drawn"]) == record["hand_size"] + record["commander_level"]
        assert prompt.options["drawn"][side] == len(mine["drawn"])
        assert prompt.options["limit"][side] == record["hand_size"]
        assert all(not card["face_up"] for card in mine["discard"])
        assert _all_cards(state, side) == Counter(DECK)


def test_draw_new_command_cards_keep_up_to_the_limit_and_discard_the_rest():
    state = _keeping()
    drawn = state["cards"]["A"]["drawn"]
    limit = state["sides"]["A"]["hand_size"]
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "keep_cards", "side": "A", "keep": drawn})
    assert caught.value.rule == rules.DRAW_COMMAND_CARDS
    assert "at most" in caught.value.message
    absent = next(value for value in range(4) if value not in drawn)
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "keep_cards", "side": "A", "keep": [absent]})
    assert caught.value.rule == rules.DRAW_COMMAND_CARDS
    keep = sorted(drawn)[:limit]
    discards = len(state["cards"]["A"]["discard"])
    after, events = play(state, {"type": "keep_cards", "side": "A", "keep": keep})
    assert sorted(after["cards"]["A"]["hand"]) == keep
    assert after["cards"]["A"]["drawn"] == []
    assert len(after["cards"]["A"]["discard"]) == discards + len(drawn) - limit
    assert events[0]["type"] == "cards_kept"
    assert events[0]["sealed_for"] == "A"
    assert KENSEI.prompt(after).sides == ("B",)  # the other side still chooses
    fewer, _ = play(state, {"type": "keep_cards", "side": "A", "keep": keep[:1]})
    assert fewer["cards"]["A"]["hand"] == keep[:1]  # "up to" the limit


def test_draw_new_command_cards_without_a_level_every_card_drawn_is_kept():
    state = edited(_first_activation())
    state["sides"]["A"]["commander_level"] = 0
    state["sides"]["B"]["commander_level"] = 0
    state["phase"] = "end_of_turn"
    state["activation"] = None
    for side in ("A", "B"):  # no commander's order to draw either (Maintenance > 3)
        state["commander_orders"]["sides"][side]["deck"] = []
    progress = Progress(state)
    advance(progress, SeededDice("x", 1))
    assert progress.state["phase"] == "activation"  # no keep prompt
    for side in ("A", "B"):
        assert len(progress.state["cards"][side]["hand"]) == state["sides"][side]["hand_size"]


def test_draw_new_command_cards_reshuffle_the_discard_pile_when_the_deck_runs_out():
    state = edited(_first_activation())
    state["phase"] = "end_of_turn"
    state["activation"] = None
    hand, deck = [0, 0, 1, 1, 2, 2], [3, 3]
    rest = list((Counter(DECK) - Counter(hand + deck)).elements())
    state["cards"]["A"] = {
        "deck": deck,
        "hand": hand,
        "drawn": [],
        "discard": [{"value": value, "face_up": False} for value in rest],
    }
    progress = Progress(state)
    advance(progress, SeededDice("x", 1))
    mine = [e for e in progress.events if e.get("side") == "A"]
    assert [e["type"] for e in mine] == [
        "hand_discarded",
        "cards_drawn",
        "deck_reshuffled",
        "cards_drawn",
    ]
    assert mine[1]["count"] == len(deck)
    assert mine[2]["count"] == len(rest) + len(hand)
    wanted = state["sides"]["A"]["hand_size"] + state["sides"]["A"]["commander_level"]
    assert mine[3]["count"] == wanted - len(deck)
    after = progress.state["cards"]["A"]
    assert after["discard"] == []
    assert after["drawn"][:2] == deck
    assert _all_cards(progress.state, "A") == Counter(DECK)


# -- Command Deck > Commander Activation ------------------------------------------------------


def _activation_phase_over() -> State:
    """A's last pair of activations is done, B has used every unit, A is one ahead."""
    state = edited(_first_activation())
    state["activations"] = {"A": 3, "B": 2}
    for uid in [u for u, unit in state["units"].items() if unit["side"] == "B"]:
        state["units"][uid]["markers"]["used"] = True
    return state


def _offered() -> State:
    progress = Progress(_activation_phase_over())
    advance(progress, SeededDice("x", 1))
    assert progress.events[0] == {"type": "commander_activation_offered", "side": "A", "turn": 1}
    return progress.state


def test_commander_activation_discard_the_whole_hand_to_activate_one_more_unused_troop():
    state = _offered()
    prompt = KENSEI.prompt(state)
    assert prompt.kind == "commander_activation"
    assert prompt.sides == ("A",)
    uid = unused_units(state, "A")[0]
    assert prompt.options == {"units": unused_units(state, "A"), "cards": 6}
    hand = state["cards"]["A"]["hand"]
    after, events = play(state, {"type": "commander_activation", "side": "A", "unit": uid})
    assert [e["type"] for e in without_offerings(events)][:5] == [
        "hand_discarded",
        "commander_activated",
        "active_side_chosen",
        "unit_chosen",
        "orders_rolled",  # the unit activates as usual
    ]
    assert after["cards"]["A"]["hand"] == []
    discarded = after["cards"]["A"]["discard"][-len(hand) :]
    assert discarded == [{"value": v, "face_up": False} for v in hand]
    assert after["activation"]["units"] == {"A": uid, "B": None}
    # Once the extra unit is used, the turn ends: the offer is made once a turn.
    bot = GreedyBot("commander")
    for n in range(2, 200):
        prompt = KENSEI.prompt(after)
        assert prompt.kind != "commander_activation"
        after, events = play(after, bot.choose(KENSEI, after, prompt.sides[0]), index=n)
        if any(e["type"] == "turn_ended" for e in events):
            break
    else:
        raise AssertionError("the turn never ended")
    assert after["units"][uid]["markers"]["used"] or after["turn"] == 2


def test_commander_activation_refused_for_a_used_troop_and_declining_ends_the_turn():
    state = edited(_offered())
    used = unused_units(state, "A")[-1]
    state["units"][used]["markers"]["used"] = True
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "commander_activation", "side": "A", "unit": used})
    assert caught.value.rule == rules.COMMANDER_ACTIVATION
    with pytest.raises(IllegalCommand):
        play(state, {"type": "commander_activation", "side": "B", "unit": None})
    _after, events = play(state, {"type": "commander_activation", "side": "A", "unit": None})
    assert events[0]["type"] == "commander_activation_declined"
    assert "turn_ended" in [e["type"] for e in events]
    reasons = [e["reason"] for e in events if e["type"] == "hand_discarded"]
    assert "commander activation" not in reasons


def test_commander_activation_needs_command_cards_in_hand():
    state = _activation_phase_over()
    state["cards"]["A"]["hand"] = []
    progress = Progress(state)
    advance(progress, SeededDice("x", 1))
    assert progress.events[0]["type"] == "turn_ended"


# -- Hidden information (view) ------------------------------------------------------------------


def test_hidden_information_a_side_sees_its_own_hand_and_only_counts_of_the_other():
    state = _first_activation()
    for side, rival in (("A", "B"), ("B", "A")):
        seen = KENSEI.view(state, side)["cards"]
        assert seen[side]["hand"] == state["cards"][side]["hand"]
        assert seen[rival]["hand"] == len(state["cards"][rival]["hand"])
        assert seen[side]["deck"] == len(state["cards"][side]["deck"])  # no deck order
    spectator = KENSEI.view(state, None)["cards"]
    assert all(isinstance(spectator[s]["hand"], int) for s in ("A", "B"))
    assert state["cards"]["A"]["hand"] != 6  # the state itself is untouched


def test_hidden_information_face_down_discards_stay_hidden():
    state = _keeping()
    for viewer in ("B", None):
        discard = KENSEI.view(state, viewer)["cards"]["A"]["discard"]
        assert discard
        assert all(card["value"] is None for card in discard)
    own = KENSEI.view(state, "A")["cards"]["A"]
    assert own["discard"] == state["cards"]["A"]["discard"]
    assert own["drawn"] == state["cards"]["A"]["drawn"]
    assert KENSEI.view(state, "B")["cards"]["A"]["drawn"] == len(state["cards"]["A"]["drawn"])


def test_hidden_information_events_seal_cards_and_reshuffled_decks():
    state = _keeping()
    _, events = play(state, {"type": "keep_cards", "side": "A", "keep": []})
    kept = events[0]
    assert KENSEI.view_event(kept, "A", game_over=False)["sealed"] is not None
    assert KENSEI.view_event(kept, "B", game_over=False)["sealed"] is None
    assert KENSEI.view_event(kept, None, game_over=False)["sealed"] is None
    reshuffle = {"type": "deck_reshuffled", "side": "A", "count": 2, "secret": {"deck": [1, 0]}}
    for viewer in ("A", "B", None):
        assert KENSEI.view_event(reshuffle, viewer, game_over=False)["secret"] is None
    assert KENSEI.view_event(reshuffle, "B", game_over=True) == reshuffle
    assert "draws 0" not in KENSEI.describe(KENSEI.view_event(kept, "B", game_over=False))


def test_hidden_information_everything_is_revealed_once_the_game_ends():
    state = edited(_keeping())
    state["phase"] = "over"
    for viewer in ("A", "B", None):
        assert KENSEI.view(state, viewer) is state

"""Drawing cards: Player Setup step 13 (draw to the hand limit, core cards never
count), the Draw step of each turn (Turn Structure In Detail > Draw: an empty deck
gives a wound instead) and bleeding (Attacks: at the start of the draw step, the top
card of the deck goes face down to the discard pile; ignored when the deck is empty).

A drawn card's id is sealed for its owner (``drew`` events): only they see it.
"""

from __future__ import annotations

from engine.core import Event, State
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.state.access import character, hand_size, living


def draw(state: State, side: str, count: int, *, already: int = 0) -> list[Event]:
    """``count`` draws by ``side`` (``already``: cards taken off the top earlier in the
    same step); each on an empty deck is a wound instead."""
    deck = character(state, side)["deck"][already:]
    events: list[Event] = []
    for index in range(count):
        if index < len(deck):
            events.append(
                {"type": "drew", "side": side, "sealed_for": side, "sealed": {"card": deck[index]}}
            )
        else:
            events.append({"type": "drew_wound", "side": side, "wounds": 1})
    return events


def setup_draws(state: State, catalogue: Catalogue) -> list[Event]:
    """Player Setup step 13: every player draws up to the hand limit (seating order)."""
    events: list[Event] = []
    for side in living(state):
        missing = character(state, side)["hand_limit"] - hand_size(state, side, catalogue)
        if missing > 0:
            events.extend(draw(state, side, missing))
    return events


def turn_draws(state: State) -> list[Event]:
    """The draw step of a turn for every living player: bleeding first (the top card
    face down to the discard), then one card (a wound when the deck is empty)."""
    events: list[Event] = []
    for side in living(state):
        mine = character(state, side)
        bled = 0
        if mine["bleeding"] > 0 and mine["deck"]:
            top = mine["deck"][0]
            events.append(
                {"type": "bled", "side": side, "sealed_for": side, "sealed": {"card": top}}
            )
            bled = 1
        events.extend(draw(state, side, 1, already=bled))
    return events

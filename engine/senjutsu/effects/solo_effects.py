"""The solo versions of card effects (Solo Rules > Adjusting Player Cards, Opponent
Counters, Resolving Solo Cards > Reset Deck, Approach), and their events.

- Stun: "When you stun an opponent, shuffle a stun card from the supply into their
  ability card deck" (:func:`stun_shuffles`: a ``stun_shuffled`` event after each
  ``stunned`` of an opponent; an opponent holds no stun in hand).
- View Hand: "Look at the top two cards of an opponent's deck, then shuffle them and
  place them back on top", reshuffling the discard pile first below fewer than two.
- Focus, draw, discard: ignored for an opponent (``effect_ignored``).
- Opponent Counters: a counter on an opponent's block that stops an attack at one of
  its speeds wounds the attacker at once (the ``solo_counter`` task).
- Reset Deck: that card and every other card of the opponent shuffled into its deck.
- Change Approach: the next approach of the opponent card's cycle.

Every shuffle uses the command's dice (:func:`engine.senjutsu.cards.shuffle`) and its
result is in the event as a secret (``engine.core.SECRET_KEY``): a deck's order is
hidden from every viewer until the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Dice, Event, State
from engine.core.ruleset import SECRET_KEY
from engine.senjutsu import solo
from engine.senjutsu.cards import load_catalogue, shuffle
from engine.senjutsu.effects.evolve import handles
from engine.senjutsu.effects.frames import Json, Step, frame
from engine.senjutsu.effects.machine import automatic
from engine.senjutsu.effects.solo_choice import is_opponent

SOLO_STUN = "Adjusting Player Cards > Stun"
VIEW_HAND = "Adjusting Player Cards > View Hand"
IGNORED = "Adjusting Player Cards > Focus, Draw / Discard cards"
OPPONENT_COUNTERS = "Adjusting Player Cards > Opponent Counters"
RESET_DECK = "Resolving Solo Cards > Reset Deck"
APPROACH = "Resolving Solo Cards > Approach"


def _deck(state: State, side: str) -> list[str]:
    return list(state["characters"][side]["deck"])


def _secret_deck(kind: str, side: str, deck: Sequence[str], **more: Any) -> Event:
    # A deck's new order is a secret: hidden from every viewer until the game is over.
    return {"type": kind, "side": side, **more, SECRET_KEY: {"deck": list(deck)}}


def stun_shuffles(state: State, events: Sequence[Event], dice: Dice) -> list[Event]:
    """``events`` with a ``stun_shuffled`` after each ``stunned`` of an opponent: a
    stun card shuffled into its deck (the decks as they stand before ``events``,
    which change no opponent's deck otherwise)."""
    out: list[Event] = []
    decks: dict[str, list[str]] = {}
    for event in events:
        out.append(event)
        side = event.get("side")
        if event["type"] != "stunned" or not is_opponent(state, side):
            continue
        assert isinstance(side, str)
        deck = decks.get(side, _deck(state, side))
        decks[side] = list(shuffle(solo.deck_with_stun(deck), dice))
        out.append(_secret_deck("stun_shuffled", side, decks[side]))
    return out


def ignored(side: str, do: str) -> Step:
    """An effect an opponent ignores (focus, draw, discard)."""
    return Step(events=({"type": "effect_ignored", "side": side, "do": do, "solo": True},))


def view_hand(state: State, viewer: str, side: str, dice: Dice) -> Step:
    """View Hand on opponent ``side``: its discard pile first shuffled in below when
    fewer than two cards are left, then the top two seen by ``viewer`` and shuffled
    back on top."""
    mine = state["characters"][side]
    deck = list(mine["deck"])
    events: list[Event] = []
    if solo.view_hand_needs_reshuffle(deck) and mine["discard"]:
        deck = [*deck, *shuffle([entry["card"] for entry in mine["discard"]], dice)]
        events.append(_secret_deck("solo_deck_reformed", side, deck))
    top = list(solo.view_hand(deck))
    events.append(
        {
            "type": "solo_hand_viewed",
            "side": viewer,
            "target": side,
            "sealed_for": viewer,
            "sealed": {"cards": top},
        }
    )
    order = [*shuffle(top, dice), *deck[len(top) :]]
    events.append(_secret_deck("deck_shuffled", side, order))
    return Step(events=tuple(events))


def reset_deck(state: State, side: str, dice: Dice) -> Step:
    """Reset Deck: the card being resolved and every other card of the opponent (its
    deck and discard pile) shuffled into its deck; stuns above its card stay."""
    mine = state["characters"][side]
    played = mine.get("played") or {}
    revealed = played.get("card") if played.get("card") != solo.STUN else None
    cards = solo.reset_deck(mine["deck"], [e["card"] for e in mine["discard"]], revealed)
    order = shuffle(cards, dice)
    return Step(events=(_secret_deck("solo_deck_reset", side, order, card=revealed),))


def change_approach(state: State, side: str) -> Step:
    """Change Approach: move the token to the next position of the card's cycle."""
    mine = state["characters"][side]["solo"]
    cycle = load_catalogue().opponent(mine["opponent"]).approaches
    approach = solo.next_approach(cycle, mine["approach"])
    return Step(events=({"type": "approach_changed", "side": side, "approach": approach},))


@automatic("solo_counter")
def _solo_counter(state: State, head: Json, dice: Dice) -> Step:
    """Opponent Counters: the blocked attack's speed is a counter speed (checked by
    the block timing): your character takes a wound immediately."""
    event = {
        "type": "wounded",
        "side": head["attacker"],
        "wounds": solo.opponent_counter_wounds(head["speeds"], int(frame(state)["speed"])),
        "bleeding": 0,
        "by": head["side"],
        "card": head.get("card"),
        "counter": True,
    }
    return Step(events=(event,))


def _with_solo(state: State, side: str, **change: Any) -> State:
    chars = state["characters"]
    return {**state, "characters": {**chars, side: {**chars[side], **change}}}


@handles("stun_shuffled", "solo_deck_reformed")
def _deck_with(state: State, event: Event) -> State:
    side = event["side"]
    change: dict[str, Any] = {"deck": list(event[SECRET_KEY]["deck"])}
    if event["type"] == "solo_deck_reformed":
        change["discard"] = []
    return _with_solo(state, side, **change)


@handles("solo_deck_reset")
def _deck_reset(state: State, event: Event) -> State:
    """The card resolved went back into the deck: nothing of it is discarded."""
    side = event["side"]
    mine = state["characters"][side]
    played = mine.get("played")
    if played is not None and event.get("card") is not None:
        played = {**played, "returned": True}
    return _with_solo(state, side, deck=list(event[SECRET_KEY]["deck"]), discard=[], played=played)


@handles("approach_changed")
def _approach(state: State, event: Event) -> State:
    side = event["side"]
    mine = state["characters"][side]
    return _with_solo(state, side, solo={**mine["solo"], "approach": event["approach"]})


@handles("solo_hand_viewed")
def _viewed(state: State, event: Event) -> State:
    """Looking changes nothing; the shuffle back is its own event."""
    return state

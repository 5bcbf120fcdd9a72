"""Applying the events of the command deck and the Commander Activation (see
:mod:`engine.kensei.command.cards`). The cards drawn and discarded are read from the
state, which holds every card; only a reshuffle and a choice of cards to keep
carry their outcome in the event."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def _with_cards(state: State, side: str, **change: Any) -> State:
    cards = state["cards"]
    return {**state, "cards": {**cards, side: {**cards[side], **change}}}


def _face_down(values: list[int]) -> list[dict[str, Any]]:
    return [{"value": value, "face_up": False} for value in values]


@handles("hand_discarded")
def _hand_discarded(state: State, event: Event) -> State:
    mine = state["cards"][event["side"]]
    return _with_cards(
        state, event["side"], hand=[], discard=[*mine["discard"], *_face_down(mine["hand"])]
    )


@handles("cards_drawn")
def _cards_drawn(state: State, event: Event) -> State:
    side, count, into = event["side"], event["count"], event["into"]
    mine = state["cards"][side]
    return _with_cards(
        state, side, deck=mine["deck"][count:], **{into: [*mine[into], *mine["deck"][:count]]}
    )


@handles("deck_reshuffled")
def _deck_reshuffled(state: State, event: Event) -> State:
    side = event["side"]
    return _with_cards(state, side, deck=list(event["secret"]["deck"]), discard=[])


@handles("cards_kept")
def _cards_kept(state: State, event: Event) -> State:
    side = event["side"]
    mine = state["cards"][side]
    discard = [*mine["discard"], *_face_down(event["sealed"]["discarded"])]
    return _with_cards(state, side, hand=list(event["sealed"]["kept"]), drawn=[], discard=discard)


@handles("commander_activation_offered")
def _offered(state: State, event: Event) -> State:
    current = state["commander_activation"]
    asked = {**current["asked"], event["side"]: event["turn"]}
    return {**state, "commander_activation": {"offer": event["side"], "asked": asked}}


@handles("commander_activation_declined", "commander_activated")
def _answered(state: State, _event: Event) -> State:
    return {**state, "commander_activation": {**state["commander_activation"], "offer": None}}

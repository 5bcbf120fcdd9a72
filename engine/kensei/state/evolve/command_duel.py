"""Applying the events of the command duel (see :mod:`engine.kensei.command.duel`).
A bet stays in its owner's hand, sealed, until both are revealed; then the cards
leave the hands face up for the discard piles and the initiative is settled."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.kensei.state.queries import SIDES

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)

# The duel between two pairs of activations: none offered, asked or bet on.
IDLE: dict[str, Any] = {"offer": None, "asked": None, "bets": None}


def current(state: State) -> dict[str, Any]:
    found: dict[str, Any] = state.get("command_duel") or IDLE
    return found


def _with_duel(state: State, **change: Any) -> State:
    return {**state, "command_duel": {**current(state), **change}}


@handles("command_duel_offered")
def _offered(state: State, event: Event) -> State:
    pair = {"turn": event["turn"], "activations": event["activations"]}
    return _with_duel(state, offer=event["side"], asked=pair)


@handles("command_duel_declined")
def _declined(state: State, _event: Event) -> State:
    return _with_duel(state, offer=None)


@handles("command_duel_declared")
def _declared(state: State, event: Event) -> State:
    empty = event["empty_hands"]
    bets: dict[str, list[int] | None] = {side: [] if side in empty else None for side in SIDES}
    return _with_duel(state, offer=None, bets=bets)


@handles("command_duel_bet")
def _bet(state: State, event: Event) -> State:
    bets = {**current(state)["bets"], event["side"]: list(event["sealed"]["cards"])}
    return _with_duel(state, bets=bets)


@handles("command_duel_revealed")
def _revealed(state: State, event: Event) -> State:
    cards = dict(state["cards"])
    for side in SIDES:
        bet = event["bets"][side]
        mine = cards[side]
        left = list(mine["hand"])  # the hand's order kept: the bet taken out card by card
        for value in bet:
            left.remove(value)
        face_up = [{"value": value, "face_up": True} for value in bet]
        cards[side] = {**mine, "hand": left, "discard": [*mine["discard"], *face_up]}
    state = {**state, "cards": cards, "initiative": event["initiative"]}
    return _with_duel(state, bets=None)

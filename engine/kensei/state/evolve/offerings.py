"""Applying the events of the offerings to the gods (see :mod:`engine.kensei.command.offerings`)."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


@handles("offering_window")
def _opened(state: State, event: Event) -> State:
    window = {
        "roll": event["roll"],
        "asked": list(event["asked"]),
        "offers": [],
        "resume": event["resume"],
        "secret": event["secret"],
    }
    return {**state, "offering": window}


@handles("offering_passed")
def _passed(state: State, event: Event) -> State:
    window = state["offering"]
    offers = [*window["offers"], {"side": event["side"], "action": "pass"}]
    return {**state, "offering": {**window, "asked": window["asked"][1:], "offers": offers}}


@handles("offering_made")
def _made(state: State, event: Event) -> State:
    side, die, action = event["side"], event["die"], event["action"]
    window = state["offering"]
    roll = window["roll"]
    faces, boosts = list(roll["faces"]), list(roll["boosts"])
    offer: dict[str, Any] = {"side": side, "action": action, "die": die}
    if action == "boost":
        card = event["card"]
        boosts[die] += card  # the card's value stays on the die if it is re-rolled
        offer["card"] = card
    else:
        card = event["sealed"]["card"]
        faces[die] = event["face"]
        offer.update({"was": event["was"], "face": event["face"]})
    mine = state["cards"][side]
    hand = list(mine["hand"])
    hand.remove(card)
    discard = [*mine["discard"], {"value": card, "face_up": action == "boost"}]
    cards = {**state["cards"], side: {**mine, "hand": hand, "discard": discard}}
    shown = {
        **window,
        "roll": {**roll, "faces": faces, "boosts": boosts},
        "asked": window["asked"][1:],
        "offers": [*window["offers"], offer],
    }
    return {**state, "cards": cards, "offering": shown}


@handles("offering_closed")
def _closed(state: State, _event: Event) -> State:
    return {**state, "offering": None}

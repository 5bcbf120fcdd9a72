"""Applying the opponents' turn events (total, pure, no checks); merged into the
ruleset's evolve with the effects' handlers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event, State

Handler = Callable[[State, Event], State]


def _with(state: State, side: str, **change: Any) -> State:
    chars = state["characters"]
    return {**state, "characters": {**chars, side: {**chars[side], **change}}}


def _revealed(state: State, event: Event) -> State:
    """The top card turned over: it is the opponent's played card this turn."""
    mine = state["characters"][event["side"]]
    played = {
        "card": event["card"],
        "speed": None,
        "alternative": False,
        "replaced": None,
        "split_speed": None,
    }
    return _with(state, event["side"], deck=list(mine["deck"])[1:], played=played)


def _stun_above(state: State, event: Event) -> State:
    """A revealed stun goes above the character card (no card played this turn)."""
    mine = state["characters"][event["side"]]
    record = {**mine["solo"], "stuns_above": mine["solo"]["stuns_above"] + 1}
    return _with(state, event["side"], deck=list(mine["deck"])[1:], played=None, solo=record)


HANDLERS: Mapping[str, Handler] = {
    "opponent_revealed": _revealed,
    "stun_above": _stun_above,
}

SENTENCES: Mapping[str, Callable[[Event], str]] = {
    "opponent_revealed": lambda e: f"Opponent {e['side']} reveals the top card of its deck.",
    "stun_above": lambda e: (
        f"Opponent {e['side']} reveals a stun: it goes above its card and {e['side']} skips"
        " this turn."
    ),
}

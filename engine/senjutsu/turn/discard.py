"""The Discard step and the end of the turn (Turn Structure In Detail > Discard; End
Turn Timing Sequence; Hobble).

Core cards go back to the hand (they are never discarded), played ability cards face up
to their player's discard pile, a played status card (Crippling Poison) back to the
supply. Then the end of turn effects: each active hobble turns a quarter, and is
discarded when it would be upright again. Then each player over the hand limit (non-core
cards and stuns count) discards non-core cards face down, one ``trim`` at a time (stuns
cannot be discarded), before the next turn starts with its draw step.
"""

from __future__ import annotations

from typing import Any

from engine.core import Command, Event, IllegalCommand, State
from engine.senjutsu import rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.commands import Trim
from engine.senjutsu.state.access import character, hand_size, living, track_top_down
from engine.senjutsu.turn.draw import turn_draws

QUARTERS = 4  # a hobble turned four quarters is upright again: discarded


def discard_played(state: State, catalogue: Catalogue) -> list[Event]:
    """The discard step and the end of turn effects (hobbles)."""
    moved: dict[str, dict[str, Any]] = {}
    for side in living(state):
        played = character(state, side)["played"]
        if played is None:
            continue
        if played["card"] == "stun":
            moved[side] = {"card": "stun", "to": "supply"}
            continue
        card = catalogue.card(played["card"])
        to = "hand" if card.core else "supply" if card.type == "status" else "discard"
        moved[side] = {"card": card.id, "to": to}
    events: list[Event] = [{"type": "cards_discarded", "cards": moved}]
    for side in living(state):
        hobbles = character(state, side)["hobbles"]
        if hobbles:
            turned = [q + 1 for q in hobbles if q + 1 < QUARTERS]
            events.append({"type": "hobbles_turned", "side": side, "hobbles": turned})
    return events


def trimming_side(state: State, catalogue: Catalogue) -> str | None:
    """Who must discard down to the hand limit now (top of the track first)."""
    for side in track_top_down(state):
        if hand_size(state, side, catalogue) > character(state, side)["hand_limit"] and _trimmable(
            state, side, catalogue
        ):
            return side
    return None


def _trimmable(state: State, side: str, catalogue: Catalogue) -> list[str]:
    return sorted({c for c in character(state, side)["hand"] if not catalogue.card(c).core})


def trim_choices(state: State, side: str, catalogue: Catalogue) -> list[Command]:
    return [{"kind": "trim", "side": side, "card": c} for c in _trimmable(state, side, catalogue)]


def trim(state: State, command: Trim, catalogue: Catalogue) -> list[Event]:
    if command.card not in _trimmable(state, command.side, catalogue):
        raise IllegalCommand(
            f"{command.side} can discard only a non-core card of the hand, not {command.card}",
            rule=rules.CORE_CARDS
            if command.card in character(state, command.side)["hand"]
            else rules.HAND_LIMIT,
        )
    return [
        {
            "type": "trimmed",
            "side": command.side,
            "sealed_for": command.side,
            "sealed": {"card": command.card},
        }
    ]


def next_turn(state: State) -> list[Event]:
    """The end of this turn and the start of the next, to its draw step (Turn Timing
    Sequence 1-4: no start of turn or pre-draw effects exist in the card data yet)."""
    started: State = {**state, "turn": state["turn"] + 1}
    return [
        {"type": "turn_ended", "turn": state["turn"]},
        {"type": "turn_started", "turn": state["turn"] + 1},
        *turn_draws(started),
    ]

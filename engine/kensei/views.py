"""What a side, or a spectator, may see of a Kensei battle (DESIGN.md: ``view``).

While the battle runs:

- nobody sees the order of a deck, its owner included: only its count;
- a side sees its own hand and the cards it drew and has to choose from; of the
  other side's, only how many there are;
- face-up discards are seen by everyone; a face-down discard's value only by
  its owner (``value`` is ``None`` for everyone else);
- in events, a side's cards are sealed for that side (the kernel's
  ``redact_event``) and a reshuffled deck order (``secret``) is hidden from all.

A spectator (``None``) sees what both sides see of each other. Once the battle
is over everything is shown.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State, redact_event

SECRET_KEY = "secret"


def view(state: State, side: str | None) -> dict[str, Any]:
    if state["phase"] == "over" or "cards" not in state:
        return state  # over, or recorded before the command deck (nothing hidden then)
    cards = {owner: _cards(mine, own=owner == side) for owner, mine in state["cards"].items()}
    return {**state, "cards": cards}


def _cards(mine: dict[str, Any], *, own: bool) -> dict[str, Any]:
    return {
        "deck": len(mine["deck"]),
        "hand": list(mine["hand"]) if own else len(mine["hand"]),
        "drawn": list(mine["drawn"]) if own else len(mine["drawn"]),
        "discard": [
            card if own or card["face_up"] else {"value": None, "face_up": False}
            for card in mine["discard"]
        ],
    }


def view_event(event: Event, side: str | None, *, game_over: bool) -> Event:
    if game_over:
        return event
    shown = redact_event(event, side)
    if SECRET_KEY in shown:
        shown = {**shown, SECRET_KEY: None}
    return shown

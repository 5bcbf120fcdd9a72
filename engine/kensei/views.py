"""What a side, or a spectator, may see of a Kensei battle (DESIGN.md: ``view``).

While the battle runs:

- nobody sees the order of a deck, its owner included: only its count;
- a side sees its own hand and the cards it drew and has to choose from; of the
  other side's, only how many there are;
- face-up discards are seen by everyone; a face-down discard's value only by
  its owner (``value`` is ``None`` for everyone else);
- a command duel's bet is seen by its owner only until both are revealed: the
  other side sees that it was placed (``"sealed"``), not how many cards (the bet
  cards stay in the hand, whose count is shown, until the reveal);
- in events, a side's cards are sealed for that side (the kernel's
  ``redact_event``) and a reshuffled deck order (``secret``) is hidden from all.

A spectator (``None``) sees what both sides see of each other. Once the battle
is over everything is shown.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State, redact_event

SECRET_KEY = "secret"
BET_SEALED = "sealed"


def view(state: State, side: str | None) -> dict[str, Any]:
    if state["phase"] == "over" or "cards" not in state:
        return state  # over, or recorded before the command deck (nothing hidden then)
    cards = {owner: _cards(mine, own=owner == side) for owner, mine in state["cards"].items()}
    shown = {**state, "cards": cards}
    duel = state.get("command_duel")
    if duel is not None and duel["bets"] is not None:
        shown["command_duel"] = {**duel, "bets": _bets(duel["bets"], side)}
    return shown


def _bets(bets: dict[str, Any], side: str | None) -> dict[str, Any]:
    """A command duel's bets before the reveal: the viewer's own cards; of the other
    side, only whether it has bet (``"sealed"``), neither its cards nor how many."""
    return {
        owner: bet if owner == side or bet is None else BET_SEALED for owner, bet in bets.items()
    }


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

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
- commander's orders the same way: a side sees its own orders in hand and drawn, and
  which orders its face-down deck holds (never their order); of the other side's, only
  how many; played orders and what they grant are public;
- an offering to the gods: a re-roll's card is discarded face down (as above), and
  the faces drawn since the decision began (``secret``, the dice it goes on with)
  are hidden;
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
    offering = state.get("offering")
    if offering is not None:  # the faces drawn since the decision started: dice to come
        shown["offering"] = {**offering, SECRET_KEY: None}
    duel = state.get("command_duel")
    if duel is not None and duel["bets"] is not None:
        shown["command_duel"] = {**duel, "bets": _bets(duel["bets"], side)}
    if "commander_orders" in state:
        shown["commander_orders"] = _commander_orders(state["commander_orders"], side)
    return shown


def _bets(bets: dict[str, Any], side: str | None) -> dict[str, Any]:
    """A command duel's bets before the reveal: the viewer's own cards; of the other
    side, only whether it has bet (``"sealed"``), neither its cards nor how many."""
    return {
        owner: bet if owner == side or bet is None else BET_SEALED for owner, bet in bets.items()
    }


def _commander_orders(orders: dict[str, Any], side: str | None) -> dict[str, Any]:
    """A side's own commander's orders in hand and drawn, and its deck's orders (not
    their order: sorted); of the other side's, counts. Played orders, face-up discards
    and the effects granted are public; a face-down discard is seen by its owner."""
    sides = {}
    for owner, mine in orders["sides"].items():
        own = owner == side
        sides[owner] = {
            **mine,
            "hand": list(mine["hand"]) if own else len(mine["hand"]),
            "drawn": list(mine["drawn"]) if own else len(mine["drawn"]),
            "deck": sorted(mine["deck"]) if own else len(mine["deck"]),
            "discard": [
                card if own or card["face_up"] else {"id": None, "face_up": False}
                for card in mine["discard"]
            ],
        }
    return {**orders, "sides": sides}


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

"""Instant additional cards (Instant Cards > Instant Additional Cards).

One instant card per turn, and none by a side that played a core card (Instant
Cards); an instant replacement played at the reveal is that turn's instant. A
conditional card ('attack successful', 'block successful') may be played right
when its condition is met and is resolved in its entirety, then the interrupted
card goes on; a card without a condition after the chosen card fully resolves.
The card played goes face up to its discard pile at once (it is discarded with
the played cards anyway; the rulebook gives it no other place).
"""

from __future__ import annotations

from engine.core import Command, Dice, State
from engine.senjutsu.effects import rules
from engine.senjutsu.effects.cards import acts_as, card
from engine.senjutsu.effects.frames import Json, Step, frame
from engine.senjutsu.effects.machine import choice, task_side


def instant_used(state: State, side: str) -> bool:
    """Whether ``side`` may play no instant card now: one already played this turn
    (an instant replacement included) or a core card played."""
    played = state["characters"][side].get("played")
    if played and played.get("replaced"):
        return True
    if played and played["card"] not in (None, "stun") and card(state, played["card"])["core"]:
        return True
    return any(
        entry["side"] == side and entry["turn"] == state["turn"]
        for entry in state.get("instants") or []
    )


def playable(state: State, side: str, condition: str | None) -> list[str]:
    """The instant additional cards in ``side``'s hand with that condition."""
    if state["characters"][side]["defeated"] or instant_used(state, side):
        return []
    found = []
    for card_id in sorted(set(state["characters"][side]["hand"])):
        data = card(state, card_id)
        if data["instant"] == "additional" and data["condition"] == condition:
            found.append(card_id)
    return found


def _options(state: State, head: Json) -> list[Command]:
    cards = playable(state, head["side"], head["condition"])
    if not cards:
        return []
    return [*({"kind": "instant", "card": c} for c in cards), {"kind": "instant", "card": None}]


@choice(
    "instant",
    kind="instant",
    rule=rules.INSTANT_ADDITIONAL,
    text=lambda state, head: {
        "attack_successful": "Your attack was successful: play an instant additional card?",
        "block_successful": "Your block was successful: play an instant additional card?",
    }.get(head["condition"], "Your card is resolved: play an instant additional card?"),
    options=_options,
    side=task_side,
)
def _instant(state: State, head: Json, command: Command, dice: Dice) -> Step:
    if command["card"] is None:
        return Step()
    side, chosen = head["side"], command["card"]
    data = card(state, chosen)
    events = (
        {"type": "instant_played", "side": side, "card": chosen, "turn": state["turn"]},
        {
            "type": "resolving",
            "side": side,
            "card": chosen,
            "part": "top",
            "speed": frame(state)["speed"],
            "card_type": acts_as(data),
        },
    )
    return Step(events=events)

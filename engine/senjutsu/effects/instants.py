"""Instant additional cards (Instant Cards > Instant Additional Cards) and instant
cards (Instant Cards > Instant Cards).

One instant card per turn, and none by a side that played a core card (Instant
Cards); an instant replacement played at the reveal is that turn's instant. A
conditional card ('attack successful', 'block successful') may be played right
when its condition is met and is resolved in its entirety, then the interrupted
card goes on; a card without a condition after the chosen card fully resolves.

An instant card "explains when it can be played": its ``timing``, one of the
windows the Attack Timing Sequence opens to a character an attack targets
(``attacked``: before the attack is resolved; ``hit``: after it was successful
against them). A window opens only in a game holding such a card (a deck of the
set-up, which the record publishes): a game without one passes through no
window, so it is played exactly as before instant cards had a timing.

The card played goes face up to its discard pile at once (it is discarded with
the played cards anyway; the rulebook gives it no other place).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engine.core import Command, Dice, State
from engine.senjutsu.cards import load_catalogue
from engine.senjutsu.effects import rules
from engine.senjutsu.effects.cards import acts_as, card
from engine.senjutsu.effects.frames import Json, Step, frame, task
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
    return [c for c in sorted(set(state["characters"][side]["hand"])) if _fits(state, c, condition)]


def _offer(cards: Iterable[str]) -> list[Command]:
    """The answers to an instant window: each card named, or none."""
    return [*({"kind": "instant", "card": c} for c in cards), {"kind": "instant", "card": None}]


def _options(state: State, head: Json) -> list[Command]:
    return _offer(playable(state, head["side"], head["condition"]))


def _may_play(state: State, head: Json) -> bool:
    """Whether ``side`` is asked: whenever it may play an instant now (not defeated,
    no instant or core card this turn: all public). Not only when it holds one: what
    its hand and deck hold is its secret, and being asked must not tell it. The play
    page answers "none" at once for a player who holds no such card."""
    side = head["side"]
    return not state["characters"][side]["defeated"] and not instant_used(state, side)


def _fits(state: State, card_id: str, condition: str | None) -> bool:
    data = card(state, card_id)
    return bool(data["instant"] == "additional" and data["condition"] == condition)


def _play(state: State, head: Json, command: Command, dice: Dice) -> Step:
    """Play the card named from the hand of the side asked (or none) and resolve it
    at once, in a frame of its own inside the one it interrupts."""
    side, chosen = head["side"], command["card"]
    if chosen is None:
        return Step()
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


choice(
    "instant",
    kind="instant",
    rule=rules.INSTANT_ADDITIONAL,
    text=lambda state, head: {
        "attack_successful": "Your attack was successful: play an instant additional card?",
        "block_successful": "Your block was successful: play an instant additional card?",
    }.get(head["condition"], "Your card is resolved: play an instant additional card?"),
    options=_options,
    side=task_side,
    asked_when=_may_play,
)(_play)


# -- instant cards: their timing windows ------------------------------------------------


def _timing(state: State, card_id: str) -> str | None:
    """The timing of ``card_id`` if it is an instant card, else None."""
    if card_id in (state.get("card_data") or {}):
        data = card(state, card_id)
        return data.get("timing") if data.get("instant") == "instant" else None
    return _catalogue_timings().get(card_id)


@cache
def _catalogue_timings() -> dict[str, str]:
    found = load_catalogue().cards.values()
    return {c.id: c.timing for c in found if c.instant == "instant" and c.timing is not None}


def _held(state: State, side: str) -> Iterable[str]:
    """Every card ``side`` holds, wherever it is (deck, hand, discard, played)."""
    mine = state["characters"][side]
    yield from mine["deck"]
    yield from mine["hand"]
    yield from (item["card"] for item in mine["discard"])
    played = mine.get("played")
    if played and played["card"] is not None:
        yield played["card"]


def in_play(state: State, timing: str) -> bool:
    """Whether some player's cards hold an instant card of ``timing`` (the window
    opens only then; solo opponents hold no instant card)."""
    return any(
        _timing(state, card_id) == timing
        for side in state["sides"]
        if not state["characters"][side].get("solo")
        for card_id in _held(state, side)
    )


def windows(state: State, timing: str, sides: Iterable[str]) -> list[Json]:
    """The ``timing`` windows of ``sides``, from the bottom of the advantage track up
    (as instant replacements are declared), for the players that may play an instant
    card now (a solo opponent has no hand); none in a game holding no instant card
    of that timing."""
    wanted = set(sides)
    order = [s for s in reversed(state["advantage"]) if s in wanted]
    open_to = [
        s for s in order if not state["characters"][s].get("solo") and _may_play(state, {"side": s})
    ]
    if not open_to or not in_play(state, timing):
        return []
    return [task("window", side=side, timing=timing) for side in open_to]


def _window_options(state: State, head: Json) -> list[Command]:
    side = head["side"]
    cards = [] if instant_used(state, side) else sorted(set(state["characters"][side]["hand"]))
    return _offer(c for c in cards if _timing(state, c) == head["timing"])


WINDOW_TEXT = {
    "attacked": "An attack targets you: play an instant card before it is resolved?",
    "hit": "An attack against you was successful: play an instant card?",
}

choice(
    "window",
    kind="instant",
    rule=rules.INSTANT,
    text=lambda state, head: WINDOW_TEXT[head["timing"]],
    options=_window_options,
    side=task_side,
    asked_when=_may_play,
)(_play)

"""Evolve handlers of the turn machine's events (set-up, draw, choose, reveal, order,
discard, end of turn, defeat). Total and pure: each event already carries its outcome,
a handler only applies it. The effects' events have their own table
(``engine.senjutsu.effects.HANDLERS``); :mod:`.evolve` merges both.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.concession import CONCEDED, with_concession
from engine.core.handlers import Handler, handler_table
from engine.core.standing import STANDING_SET, with_standing
from engine.senjutsu.state.access import character, with_character

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def _played(state: State, side: str, **changes: Any) -> State:
    return with_character(state, side, {"played": {**character(state, side)["played"], **changes}})


def _without(cards: list[str], card: str) -> list[str]:
    """``cards`` less one copy of ``card``."""
    left = list(cards)
    left.remove(card)
    return left


# -- set-up and draws -------------------------------------------------------------------


@handles("placed")
def _placed(state: State, event: Event) -> State:
    return with_character(state, event["side"], {"hex": event["hex"], "facing": event["facing"]})


@handles("drew")
def _drew(state: State, event: Event) -> State:
    mine = character(state, event["side"])
    top, *rest = mine["deck"]
    return with_character(
        state, event["side"], {"hand": sorted([*mine["hand"], top]), "deck": rest}
    )


@handles("drew_wound")
def _drew_wound(state: State, event: Event) -> State:
    mine = character(state, event["side"])
    return with_character(state, event["side"], {"wounds": mine["wounds"] + event["wounds"]})


@handles("bled")
def _bled(state: State, event: Event) -> State:
    mine = character(state, event["side"])
    top, *rest = mine["deck"]
    discard = [*mine["discard"], {"card": top, "up": False}]
    return with_character(state, event["side"], {"deck": rest, "discard": discard})


@handles("turn_started")
def _turn_started(state: State, event: Event) -> State:
    # Blocks last one initiative speed of one turn (Blocks): none carries over.
    return {
        **state,
        "turn": event["turn"],
        "phase": "choose",
        "reveal": None,
        "queue": [],
        "blocks": [],
    }


# -- choose and reveal ------------------------------------------------------------------


@handles("chose")
def _chose(state: State, event: Event) -> State:
    played = {
        "card": event["sealed"]["card"],
        "speed": None,
        "alternative": False,
        "replaced": None,
        "split_speed": None,
    }
    return with_character(state, event["side"], {"played": played})


@handles("revealed")
def _revealed(state: State, event: Event) -> State:
    new = {**state, "phase": "reveal", "reveal": {"step": "alternative", "done": []}}
    for side, card in event["cards"].items():
        mine = character(new, side)
        if mine.get("solo"):
            continue  # an opponent's card came off its deck (opponent_revealed)
        if card == "stun":
            new = with_character(new, side, {"stuns": mine["stuns"] - 1})
        else:
            new = with_character(new, side, {"hand": _without(mine["hand"], card)})
    return new


@handles("focus_paid")
def _focus_paid(state: State, event: Event) -> State:
    return with_character(state, event["side"], {"focus": event["focus"]})


def _done(state: State, side: str) -> State:
    reveal = state["reveal"]
    return {**state, "reveal": {**reveal, "done": [*reveal["done"], side]}}


@handles("alternative_declared")
def _alternative_declared(state: State, event: Event) -> State:
    side = event["side"]
    new = _played(state, side, alternative=event["use"])
    new = with_character(new, side, {"focus": event["focus"]})
    return _done(new, side)


@handles("reveal_step")
def _reveal_step(state: State, event: Event) -> State:
    return {**state, "reveal": {"step": event["step"], "done": []}}


@handles("replaced")
def _replaced(state: State, event: Event) -> State:
    side = event["side"]
    mine = character(state, side)
    new = with_character(
        state,
        side,
        {
            "hand": _without(mine["hand"], event["card"]),
            "discard": [*mine["discard"], {"card": event["replaced"], "up": True}],
            "focus": event["focus"],
        },
    )
    new = _played(new, side, card=event["card"], replaced=event["replaced"], alternative=False)
    # The one instant card of the turn (Instant Cards), where the effects look for it.
    instants = [
        *(new.get("instants") or []),
        {"side": side, "card": event["card"], "turn": new["turn"]},
    ]
    return _done({**new, "instants": instants}, side)


@handles("replacement_declined")
def _replacement_declined(state: State, event: Event) -> State:
    return _done(state, event["side"])


@handles("speed_set")
def _speed_set(state: State, event: Event) -> State:
    new = _played(state, event["side"], speed=event["speed"])
    if event.get("chosen"):
        new = _done(new, event["side"])
    return new


@handles("stun_returned")
def _stun_returned(state: State, event: Event) -> State:
    # The played stun goes back to the supply (Other Ability Card Icons > Stun): it left
    # the hand at the reveal, nothing else to count.
    return state


@handles("queued")
def _queued(state: State, event: Event) -> State:
    new = {**state, "queue": event["queue"]}
    for entry in event["queue"]:
        if entry["part"] == "split":
            new = _played(new, entry["side"], split_speed=entry["speed"])
    if event["ties"]:
        return {**new, "reveal": {"step": "order", "done": [], "ties": event["ties"]}}
    return {**new, "phase": "resolve", "reveal": None}


@handles("ordered")
def _ordered(state: State, event: Event) -> State:
    new = {**state, "queue": event["queue"]}
    if event["ties"]:
        return {**new, "reveal": {"step": "order", "done": [], "ties": event["ties"]}}
    return {**new, "phase": "resolve", "reveal": None}


@handles("part_due")
def _part_due(state: State, event: Event) -> State:
    return {**state, "queue": state["queue"][1:]}


# -- discard and the end of the turn ----------------------------------------------------


@handles("cards_discarded")
def _cards_discarded(state: State, event: Event) -> State:
    new = {**state, "phase": "end", "queue": []}
    for side, moved in event["cards"].items():
        mine = character(new, side)
        changes: dict[str, Any] = {"played": None}
        if moved["to"] == "hand":
            changes["hand"] = sorted([*mine["hand"], moved["card"]])
        elif moved["to"] == "discard":
            changes["discard"] = [*mine["discard"], {"card": moved["card"], "up": True}]
        new = with_character(new, side, changes)
    return new


@handles("hobbles_turned")
def _hobbles_turned(state: State, event: Event) -> State:
    return with_character(state, event["side"], {"hobbles": event["hobbles"]})


@handles("trimmed")
def _trimmed(state: State, event: Event) -> State:
    side = event["side"]
    mine = character(state, side)
    card = event["sealed"]["card"]
    return with_character(
        state,
        side,
        {
            "hand": _without(mine["hand"], card),
            "discard": [*mine["discard"], {"card": card, "up": False}],
        },
    )


@handles("turn_ended")
def _turn_ended(state: State, event: Event) -> State:
    return state


# -- defeat and the end of the game -----------------------------------------------------


@handles("defeated")
def _defeated(state: State, event: Event) -> State:
    side = event["side"]
    new = with_character(state, side, {"defeated": True, "hex": None})
    return {**new, "queue": [entry for entry in new["queue"] if entry["side"] != side]}


@handles(CONCEDED)
def _conceded(state: State, event: Event) -> State:
    return with_concession(state, event)


@handles(STANDING_SET)
def _standing(state: State, event: Event) -> State:
    """A side's standing answers (engine.core.standing), kept for its prompts to come."""
    return with_standing(state, event)


@handles("game_over")
def _game_over(state: State, event: Event) -> State:
    return {**state, "phase": "over", "winner": event["winner"], "ending": event["ending"]}

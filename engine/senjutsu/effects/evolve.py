"""Applying the effects' events: total, pure, no rule checks (the events carry
every outcome). :data:`HANDLERS` is merged into the ruleset's evolve by H2."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.senjutsu.effects.cards import CRIPPLING_POISON
from engine.senjutsu.effects.frames import next_todo

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def _with(state: State, side: str, **change: Any) -> State:
    chars = state["characters"]
    return {**state, "characters": {**chars, side: {**chars[side], **change}}}


def _mine(state: State, side: str) -> dict[str, Any]:
    return dict(state["characters"][side])


def _without_one(cards: list[str], card: str) -> list[str]:
    out = list(cards)
    if card in out:
        out.remove(card)
    return out


@handles("resolving")
def _resolving(state: State, event: Event) -> State:
    current = {
        "side": event["side"],
        "card": event["card"],
        "part": event["part"],
        "speed": event["speed"],
        "type": event.get("card_type"),
        "todo": list(event.get("todo") or [{"t": "start"}]),
        "outer": state.get("current"),
    }
    return {**state, "current": current}


@handles("progressed")
def _progressed(state: State, event: Event) -> State:
    current = state["current"]
    todo = next_todo(current["todo"], list(event["then"]), bool(event["stop"]))
    return {**state, "current": {**current, "todo": todo}}


@handles("resolved")
def _resolved(state: State, event: Event) -> State:
    return {**state, "current": state["current"]["outer"]}


@handles("moved")
def _moved(state: State, event: Event) -> State:
    return _with(state, event["side"], hex=list(event["hex"]), facing=event["facing"])


@handles("swapped")
def _swapped(state: State, event: Event) -> State:
    one, other = event["side"], event["with"]
    first, second = _mine(state, one)["hex"], _mine(state, other)["hex"]
    return _with(_with(state, one, hex=second), other, hex=first)


@handles("stunned")
def _stunned(state: State, event: Event) -> State:
    if _mine(state, event["side"]).get("solo"):
        return state  # an opponent's stun goes into its deck: the stun_shuffled event
    return _with(state, event["side"], stuns=_mine(state, event["side"])["stuns"] + 1)


@handles("hobbled")
def _hobbled(state: State, event: Event) -> State:
    return _with(state, event["side"], hobbles=[*_mine(state, event["side"])["hobbles"], 0])


@handles("poisoned")
def _poisoned(state: State, event: Event) -> State:
    hand = sorted([*_mine(state, event["side"])["hand"], CRIPPLING_POISON])
    return _with(state, event["side"], hand=hand)


@handles("wounded")
def _wounded(state: State, event: Event) -> State:
    mine = _mine(state, event["side"])
    change: dict[str, Any] = {
        "wounds": mine["wounds"] + event["wounds"],
        "bleeding": mine["bleeding"] + event["bleeding"],
    }
    if mine.get("solo"):
        left = mine["solo"]["wounds_left"] - event["wounds"] - event["bleeding"]
        change["solo"] = {**mine["solo"], "wounds_left": max(0, left)}
    return _with(state, event["side"], **change)


@handles("focus_changed")
def _focus(state: State, event: Event) -> State:
    return _with(state, event["side"], focus=event["focus"])


@handles("kamae_changed")
def _kamae(state: State, event: Event) -> State:
    return _with(state, event["side"], kamae=event["kamae"])


@handles("advantage_taken")
def _advantage(state: State, event: Event) -> State:
    side = event["side"]
    return {**state, "advantage": [side, *(s for s in state["advantage"] if s != side)]}


@handles("card_drawn")
def _drawn(state: State, event: Event) -> State:
    mine = _mine(state, event["side"])
    count = event["count"]
    hand = sorted([*mine["hand"], *mine["deck"][:count]])
    return _with(state, event["side"], hand=hand, deck=mine["deck"][count:])


@handles("discarded")
def _discarded(state: State, event: Event) -> State:
    card = event["card"] if "card" in event else event["sealed"]["card"]
    mine = _mine(state, event["side"])
    return _with(
        state,
        event["side"],
        hand=_without_one(mine["hand"], card),
        discard=[*mine["discard"], {"card": card, "up": event["up"]}],
    )


@handles("searched")
def _searched(state: State, event: Event) -> State:
    mine = _mine(state, event["side"])
    card = event["sealed"]["card"]
    change: dict[str, Any] = {"hand": sorted([*mine["hand"], card])}
    if event["from"] == "discard":
        discard = list(mine["discard"])
        index = next(i for i, entry in enumerate(discard) if entry["card"] == card)
        change["discard"] = discard[:index] + discard[index + 1 :]
    else:
        change["deck"] = _without_one(mine["deck"], card)
    return _with(state, event["side"], **change)


@handles("deck_shuffled")
def _shuffled(state: State, event: Event) -> State:
    return _with(state, event["side"], deck=list(event["secret"]["deck"]))


def _without_effects_of(current: Any, side: str) -> Any:
    """The frame stack with every frame of ``side`` emptied: its card's unresolved
    effects are dropped (they end as soon as they are reached)."""
    if current is None:
        return None
    outer = _without_effects_of(current["outer"], side)
    todo = [] if current["side"] == side else current["todo"]
    return {**current, "todo": todo, "outer": outer}


@handles("cancelled")
def _cancelled(state: State, event: Event) -> State:
    """FAQ, Cancel Active: every ability card effect of the target not yet resolved
    this turn -- the rest of a card it is resolving now, and its parts to come
    (``played.cancelled``, which the turn machine skips)."""
    side = event["side"]
    state = {**state, "current": _without_effects_of(state.get("current"), side)}
    played = _mine(state, side).get("played")
    if not played:
        return state
    return _with(state, side, played={**played, "cancelled": True})


@handles("trap_placed")
def _trap_placed(state: State, event: Event) -> State:
    traps = [*(state.get("traps") or []), {"hex": event["hex"], "side": event["side"]}]
    return {**state, "traps": sorted(traps, key=lambda t: list(t["hex"]))}


@handles("trap_sprung")
def _trap_sprung(state: State, event: Event) -> State:
    return {**state, "traps": [t for t in state.get("traps") or [] if t["hex"] != event["hex"]]}


@handles("terrain_removed")
def _terrain_removed(state: State, event: Event) -> State:
    return {**state, "terrain": [t for t in state["terrain"] if t["id"] != event["id"]]}


@handles("block_placed")
def _block_placed(state: State, event: Event) -> State:
    block = {k: v for k, v in event.items() if k != "type"}
    return {**state, "blocks": [*(state.get("blocks") or []), {**block, "held": []}]}


@handles("block_held")
def _block_held(state: State, event: Event) -> State:
    blocks = list(state.get("blocks") or [])
    speed = state["current"]["speed"]
    for index, block in enumerate(blocks):
        if (
            block["side"] == event["side"]
            and block["turn"] == state["turn"]
            and block["speed"] == speed
        ):
            blocks[index] = {**block, "held": [*block["held"], event["attacker"]]}
            break
    return {**state, "blocks": blocks}


@handles("instant_played")
def _instant_played(state: State, event: Event) -> State:
    side, card = event["side"], event["card"]
    mine = _mine(state, side)
    state = _with(
        state,
        side,
        hand=_without_one(mine["hand"], card),
        discard=[*mine["discard"], {"card": card, "up": True}],
    )
    entry = {"side": side, "card": card, "turn": event["turn"]}
    return {**state, "instants": [*(state.get("instants") or []), entry]}


@handles("collided")
def _collided(state: State, event: Event) -> State:
    """A collision caused by the mover's own card ends that card: its unresolved
    parts (the part below a split line too) are skipped like a cancelled card's."""
    if not event.get("stops"):
        return state
    played = _mine(state, event["side"]).get("played")
    current = state.get("current") or {}
    if not played or played["card"] != current.get("card"):
        return state
    return _with(state, event["side"], played={**played, "cancelled": True})


@handles("attacked", "effect_ignored", "hand_viewed")
def _recorded(state: State, event: Event) -> State:
    """Events that record what happened; their consequences are events of their own."""
    return state

"""The resolution order of the turn's card parts (Turn Structure In Detail > Resolve;
Multiplayer Rules > Tied Initiative Speed And Advantage), on top of
:mod:`engine.senjutsu.grid.order` (the sort, the ties, who chooses).

Card parts resolve from the highest speed to the lowest; at equal speeds defence, then
attack, then meditation, then core. Parts of equal speed and type are a tie: with two,
the character highest on the advantage track chooses which resolves first
(``{"kind": "order", "first": side}``); with three or more, the highest chooses where in
the tied order its own card resolves (``{"kind": "order", "slot": i}``, 0 first), then
the next highest, until every tied player has chosen or is left with no choice.

A split card gives two parts (Split Initiative): the top at the card's speed, the part
below the dividing line at the speed printed on the line (hobbles apply to both). A
played status card (Crippling Poison, FAQ: speed 0) resolves after the core cards of
its speed. The queue is ``state["queue"]``: ``[{"side", "card", "part", "speed",
"type"}]`` in resolution order; the ties waiting for a choice are
``state["reveal"]["ties"]``: ``[{"speed", "type", "sides": [track order], "slots":
[side | null per place]}]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Command, Event, IllegalCommand, State
from engine.senjutsu import rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.commands import Order
from engine.senjutsu.grid.order import (
    TYPE_ORDER,
    PlayedCard,
    empty_tie,
    hobbled_speed,
    order_with_first,
    place_in_tie,
    resolution_groups,
    tie_chooser,
)
from engine.senjutsu.state.access import character


def _kind(card_type: str) -> str:
    """The type a card part is ordered by (a status card as the last, core)."""
    return card_type if card_type in TYPE_ORDER else "core"


def queue_and_ties(
    state: State, speeds: Mapping[str, int], catalogue: Catalogue
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every card part to resolve, in order (tied parts in advantage track order until
    the players choose), and the ties the players must order."""
    parts: dict[tuple[str, str], dict[str, Any]] = {}
    played: list[PlayedCard] = []
    for side, speed in speeds.items():
        card_id = character(state, side)["played"]["card"]
        if card_id == "stun":
            continue  # a stun is not an ability card: nothing to resolve
        card = catalogue.card(card_id)
        entries = [("top", speed)]
        if card.split is not None:
            hobbles = len(character(state, side)["hobbles"])
            entries.append(("split", hobbled_speed(card.split.initiative, hobbles)))
        for part, part_speed in entries:
            parts[side, part] = {
                "side": side,
                "card": card.id,
                "part": part,
                "speed": part_speed,
                "type": card.type,
            }
            played.append(PlayedCard(side, part_speed, _kind(card.type), part))
    groups = resolution_groups(played, state["advantage"])
    queue = [parts[p.side, p.part] for group in groups for p in group]
    ties = [
        {
            "speed": group[0].speed,
            "type": group[0].kind,
            "sides": [p.side for p in group],
            "slots": list(empty_tie(group)),
        }
        for group in groups
        # A hobbled split card can tie with its own top part: that pair keeps top first.
        if len(group) > 1 and len({p.side for p in group}) == len(group)
    ]
    return queue, ties


def _group(tie: Mapping[str, Any]) -> tuple[PlayedCard, ...]:
    return tuple(PlayedCard(side, tie["speed"], tie["type"]) for side in tie["sides"])


def chooser(state: State) -> str:
    """Who orders the first waiting tie now."""
    tie = state["reveal"]["ties"][0]
    found = tie_chooser(_group(tie), tuple(tie["slots"]), state["advantage"])
    assert found is not None, "a waiting tie always has someone to choose"
    return found


def order_choices(state: State, side: str) -> list[Command]:
    tie = state["reveal"]["ties"][0]
    if len(tie["sides"]) == 2:
        return [{"kind": "order", "side": side, "first": s} for s in tie["sides"]]
    return [
        {"kind": "order", "side": side, "slot": i}
        for i, taken in enumerate(tie["slots"])
        if taken is None
    ]


def _reordered(
    queue: list[dict[str, Any]], tie: Mapping[str, Any], sides: list[str]
) -> list[dict[str, Any]]:
    tied = [
        i
        for i, p in enumerate(queue)
        if p["speed"] == tie["speed"] and _kind(p["type"]) == tie["type"]
    ]
    by_side = {queue[i]["side"]: queue[i] for i in tied}
    new = list(queue)
    for i, side in zip(tied, sides, strict=True):
        new[i] = by_side[side]
    return new


def order(state: State, command: Order) -> list[Event]:
    """The ``ordered`` event of a tie choice (the queue once the tie is settled)."""
    ties: list[dict[str, Any]] = state["reveal"]["ties"]
    tie = ties[0]
    group = _group(tie)
    event: Event = {"type": "ordered", "side": command.side}
    if len(group) == 2:
        if command.first is None or command.first not in tie["sides"]:
            raise IllegalCommand(
                f"the tie is between {' and '.join(tie['sides'])}: choose which goes first",
                rule=rules.TURN_RESOLVE,
            )
        final = list(order_with_first(group, state["advantage"], command.first))
        event["first"] = command.first
    else:
        if command.slot is None:
            raise IllegalCommand(
                "three or more tied: choose a place (slot)", rule=rules.MULTIPLAYER_TIES
            )
        try:
            slots = place_in_tie(
                group, tuple(tie["slots"]), state["advantage"], command.side, command.slot
            )
        except ValueError as error:
            raise IllegalCommand(str(error), rule=rules.MULTIPLAYER_TIES) from None
        event["slot"] = command.slot
        if None in slots:
            return [
                {
                    **event,
                    "queue": state["queue"],
                    "ties": [{**tie, "slots": list(slots)}, *ties[1:]],
                }
            ]
        final = [side for side in slots if side is not None]
    return [{**event, "queue": _reordered(state["queue"], tie, final), "ties": ties[1:]}]

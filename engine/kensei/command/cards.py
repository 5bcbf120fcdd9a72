"""The command deck (Game System > 5, Maintenance > 2) and the Commander Activation.

Each side has a deck of 24 command cards valued 0 to 3, shuffled by the dice
source. The state keeps, per side (``state["cards"][side]``):

- ``deck``: the cards still to draw, in order (hidden from both sides: a view
  shows its count only);
- ``hand``: the cards in hand (seen by their owner only);
- ``drawn``: cards drawn in maintenance, waiting for the owner to choose which
  to keep (a ``keep_cards`` prompt);
- ``discard``: the discard pile, each card ``{"value", "face_up"}``; a
  face-down card's value is seen by its owner only.

Random outcomes are recorded: the first shuffles and hands are part of the
initial state (``start`` is stored), a reshuffle of the discard pile is a
``deck_reshuffled`` event carrying the new order under ``secret`` (hidden from
every viewer while the game runs, see :mod:`engine.kensei.state.views`). Events that
name a side's cards keep them under ``sealed`` for that side.

Cards are spent on the Commander Activation, the command duel
(:mod:`engine.kensei.command.duel`) and commander's orders
(:mod:`engine.kensei.command.commander_orders`); offerings to the gods come later.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import Dice, Event, IllegalCommand, Prompt, State
from engine.kensei import rules
from engine.kensei.commands.deck import CommanderActivation, KeepCards
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import SIDES, has_unused_units, other, unused_units

# 7 cards of value 0, 8 of value 1, 6 of value 2, 3 of value 3.
DECK: tuple[int, ...] = (0,) * 7 + (1,) * 8 + (2,) * 6 + (3,) * 3
HIGHEST = 3


def shuffled(cards: list[int], dice: Dice) -> list[int]:
    """A Fisher-Yates shuffle: card ``i`` (from the last) swaps with one of the
    first ``i + 1``, picked with a die of ``i + 1`` faces."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = dice.roll_one(i + 1) - 1
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def prepared_cards(hand_size: int, dice: Dice) -> dict[str, Any]:
    """Game System > 5. Prepare your command deck: shuffle, draw the first hand."""
    deck = shuffled(list(DECK), dice)
    return {"deck": deck[hand_size:], "hand": deck[:hand_size], "drawn": [], "discard": []}


def initial_cards(sides: dict[str, Any], dice: Dice) -> dict[str, Any]:
    return {side: prepared_cards(sides[side]["hand_size"], dice) for side in SIDES}


def initial_commander_activation() -> dict[str, Any]:
    # ``asked``: the last turn each side was offered the Commander Activation.
    return {"offer": None, "asked": dict.fromkeys(SIDES, 0)}


# -- maintenance: draw new command cards ------------------------------------------------


def draw_new_cards(progress: Progress, dice: Dice) -> None:
    """Maintenance > 2. Draw new command cards (not in the first turn): discard the
    hand, draw the hand limit plus the commander level; keeping is a prompt."""
    for side in SIDES:
        hand = progress.state["cards"][side]["hand"]
        if hand:
            progress.emit(discarded(side, hand, "maintenance"))
        record = progress.state["sides"][side]
        limit = record["hand_size"]
        wanted = limit + record["commander_level"]
        into = "drawn" if wanted > limit else "hand"
        draw(progress, dice, side, wanted, into)
        drawn = progress.state["cards"][side]["drawn"]
        if drawn and len(drawn) <= limit:
            progress.emit(kept(side, list(drawn), []))


def discarded(side: str, cards: list[int], reason: str) -> Event:
    """The whole hand goes face down onto the discard pile."""
    return {
        "type": "hand_discarded",
        "side": side,
        "count": len(cards),
        "reason": reason,
        "sealed_for": side,
        "sealed": {"cards": list(cards)},
    }


def draw(progress: Progress, dice: Dice, side: str, count: int, into: str) -> None:
    """Draw ``count`` cards; when the deck runs out, the discard pile is shuffled
    into a new deck (Maintenance > 2) and the drawing goes on."""
    left = count
    while left > 0:
        mine = progress.state["cards"][side]
        if not mine["deck"]:
            if not mine["discard"]:
                return  # every card is in hand or drawn: nothing more to draw
            values = [card["value"] for card in mine["discard"]]
            progress.emit(
                {
                    "type": "deck_reshuffled",
                    "side": side,
                    "count": len(values),
                    "secret": {"deck": shuffled(values, dice)},
                }
            )
            continue
        taken = mine["deck"][:left]
        progress.emit(
            {
                "type": "cards_drawn",
                "side": side,
                "count": len(taken),
                "into": into,
                "sealed_for": side,
                "sealed": {"cards": taken},
            }
        )
        left -= len(taken)


def kept(side: str, keep: list[int], rest: list[int]) -> Event:
    return {
        "type": "cards_kept",
        "side": side,
        "kept": len(keep),
        "discarded": len(rest),
        "sealed_for": side,
        "sealed": {"kept": keep, "discarded": rest},
    }


def keeping(state: State) -> list[str]:
    """Sides still choosing which drawn cards to keep."""
    return [side for side in SIDES if state["cards"][side]["drawn"]]


def keep_prompt(state: State) -> Prompt:
    """Both sides choose at once and in secret (a sealed prompt): the options say
    how many cards each drew and may keep, never which."""
    sides = tuple(keeping(state))
    return Prompt(
        sides,
        "keep_cards",
        sealed=True,
        options={
            "limit": {side: state["sides"][side]["hand_size"] for side in sides},
            "drawn": {side: len(state["cards"][side]["drawn"]) for side in sides},
        },
    )


def decide_keep(state: State, side: str, command: KeepCards) -> list[Event]:
    """``{"type": "keep_cards", "side", "keep": [values]}``: up to the hand limit of
    the cards drawn, by value; the rest go face down onto the discard pile."""
    keep = list(command.keep)
    drawn = state["cards"][side]["drawn"]
    limit = state["sides"][side]["hand_size"]
    if len(keep) > limit:
        raise IllegalCommand(
            f"side {side} may keep at most {limit} command cards, not {len(keep)}",
            rule=rules.DRAW_COMMAND_CARDS,
        )
    values = lacking(keep, drawn)
    if values:
        raise IllegalCommand(
            f"side {side} did not draw the card(s) {values} it wants to keep",
            rule=rules.DRAW_COMMAND_CARDS,
        )
    rest = list((Counter(drawn) - Counter(keep)).elements())
    return [kept(side, sorted(keep, reverse=True), sorted(rest, reverse=True))]


def lacking(cards: list[int], held: list[int]) -> str:
    """The values of ``cards`` not among ``held`` (as a multiset), listed; "" if none."""
    missing = Counter(cards) - Counter(held)
    return ", ".join(str(value) for value in sorted(missing.elements()))


def best_keep(state: State, side: str) -> list[int]:
    """The bots' choice: the highest cards, up to the hand limit."""
    drawn = sorted(state["cards"][side]["drawn"], reverse=True)
    return drawn[: state["sides"][side]["hand_size"]]


# -- the Commander Activation ------------------------------------------------------------


def offer_commander_activation(progress: Progress) -> bool:
    """Command Deck > Commander Activation, when the activation phase is over: a side
    with a troop not used yet and command cards in hand is offered (once a turn) to
    discard them all to activate one extra troop. True when a side was offered it."""
    state = progress.state
    turn = state["turn"]
    holder = state["initiative"] or SIDES[0]
    for side in (holder, other(holder)):
        if state["commander_activation"]["asked"][side] == turn:
            continue
        if state["cards"][side]["hand"] and has_unused_units(state, side):
            progress.emit({"type": "commander_activation_offered", "side": side, "turn": turn})
            return True
    return False


def commander_prompt(state: State) -> Prompt | None:
    side = state["commander_activation"]["offer"]
    if side is None:
        return None
    return Prompt(
        (side,),
        "commander_activation",
        options={
            "units": unused_units(state, side),
            "cards": len(state["cards"][side]["hand"]),
        },
    )


def decide_commander_activation(
    state: State, side: str, command: CommanderActivation
) -> list[Event]:
    """``{"type": "commander_activation", "side", "unit": uid or null}``: discard the
    whole hand face down and activate ``unit`` alone, as an extra solo activation;
    ``null`` declines."""
    uid = command.unit
    if uid is None:
        return [{"type": "commander_activation_declined", "side": side}]
    unused = unused_units(state, side)
    if uid not in unused:
        raise IllegalCommand(
            f"{uid} is not a unit of side {side} without a Used Unit marker; choose one of "
            f"{', '.join(unused)}",
            rule=rules.COMMANDER_ACTIVATION,
        )
    return [
        discarded(side, state["cards"][side]["hand"], "commander activation"),
        {"type": "commander_activated", "side": side, "unit": uid},
        {"type": "active_side_chosen", "by": None, "active": side, "solo": True},
        {"type": "unit_chosen", "side": side, "unit": uid},
    ]

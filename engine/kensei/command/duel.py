"""Command Deck > Command Duel: the side without the initiative may try to steal it.

Before two new units are activated (each pair of activations, while both sides
still have units to activate), the side without the initiative, if it has
command cards in hand, is offered the duel (a ``command_duel`` prompt it may
decline). Declared, both sides bet one or more cards of their hand face down, in
ONE sealed prompt answered by both at once (``command_duel_bet``; a side with an
empty hand bets nothing and is not asked). Once both bets are in they are
revealed together (``command_duel_revealed``): the higher total takes the
initiative for the rest of the turn, a tie leaves it where it was; the bets go
face up onto the discard piles. No other command duel until the next pair.

The state keeps ``state["command_duel"]`` (absent in games recorded before it,
read through :func:`current`): ``offer`` (the side offered it now), ``asked``
(the pair it was last offered for: ``{"turn", "activations"}``), ``bets``
(``None`` until declared; then per side ``None`` while awaited, else the cards
bet: still in the hand, sealed for their owner, see :mod:`engine.kensei.state.views`).
Events are applied in :mod:`engine.kensei.state.evolve.command_duel`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from math import comb

from engine.core import Command, Event, IllegalCommand, Prompt, State
from engine.kensei import rules
from engine.kensei.command.cards import DECK, lacking
from engine.kensei.commands.deck import CommandDuel, CommandDuelBet
from engine.kensei.state.evolve.command_duel import current
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import SIDES, other


def pair_of(state: State) -> dict[str, int]:
    """The pair of activations about to start: the turn and the activations made."""
    return {"turn": state["turn"], "activations": sum(state["activations"].values())}


def offer_command_duel(progress: Progress) -> bool:
    """Offer the duel before a new pair of activations, once per pair, to the side
    without the initiative when it has command cards. True when offered."""
    state = progress.state
    pair = pair_of(state)
    if current(state)["asked"] == pair:
        return False  # offered already: declined, or fought (not again this pair)
    side = other(state["initiative"])
    if not state["cards"][side]["hand"]:
        return False
    progress.emit({"type": "command_duel_offered", "side": side, **pair})
    return True


def command_duel_prompt(state: State) -> Prompt | None:
    """The offer, or the sealed bet of the sides still to bet; None otherwise."""
    duel = current(state)
    hands = {side: len(state["cards"][side]["hand"]) for side in SIDES}
    if duel["offer"] is not None:
        return Prompt((duel["offer"],), "command_duel", options={"hands": hands})
    if duel["bets"] is None:
        return None
    waiting = tuple(side for side in SIDES if duel["bets"][side] is None)
    return Prompt(
        waiting,
        "command_duel_bet",
        sealed=True,
        options={"hands": hands, "declared_by": other(state["initiative"])},
    )


def decide_declare(state: State, side: str, command: CommandDuel) -> list[Event]:
    """``{"type": "command_duel", "side", "declare": true or false}``."""
    if not command.declare:
        return [{"type": "command_duel_declined", "side": side}]
    # A side without cards has nothing to bet: its bet is empty from the start.
    empty = [s for s in SIDES if not state["cards"][s]["hand"]]
    return [{"type": "command_duel_declared", "side": side, "empty_hands": empty}]


def decide_bet(state: State, side: str, command: CommandDuelBet) -> list[Event]:
    """``{"type": "command_duel_bet", "side", "cards": [values]}``: one or more cards
    of the hand, by value. The last bet in reveals both."""
    cards = sorted(command.cards, reverse=True)
    hand = state["cards"][side]["hand"]
    if not cards:
        raise IllegalCommand(
            f"side {side} must bet one or more command cards of its hand ({len(hand)} in hand)",
            rule=rules.COMMAND_DUEL,
        )
    values = lacking(cards, hand)
    if values:
        raise IllegalCommand(
            f"side {side} has no card(s) {values} in hand to bet", rule=rules.COMMAND_DUEL
        )
    bet: Event = {
        "type": "command_duel_bet",
        "side": side,
        "sealed_for": side,
        "sealed": {"cards": cards},
    }
    bets = {**current(state)["bets"], side: cards}
    if any(bets[s] is None for s in SIDES):
        return [bet]
    return [bet, revealed(state, bets)]


def revealed(state: State, bets: dict[str, list[int]]) -> Event:
    """Both bets turned over: the higher total takes the initiative, a tie keeps it."""
    holder = state["initiative"]
    totals = {side: sum(bets[side]) for side in SIDES}
    winner = other(holder) if totals[other(holder)] > totals[holder] else holder
    return {
        "type": "command_duel_revealed",
        "bets": {side: list(bets[side]) for side in SIDES},
        "totals": totals,
        "had_initiative": holder,
        "initiative": winner,
    }


# -- the bots ----------------------------------------------------------------------------


def bet_choices(hand: list[int]) -> Iterator[list[int]]:
    """Every bet of one or more cards of ``hand`` (as values, highest first)."""
    counts: dict[int, int] = {}
    for value in hand:
        counts[value] = counts.get(value, 0) + 1
    values = sorted(counts, reverse=True)
    for taken in product(*(range(counts[v] + 1) for v in values)):
        cards = [v for v, n in zip(values, taken, strict=True) for _ in range(n)]
        if cards:
            yield cards


def greedy_bet(hand: list[int]) -> list[int]:
    """GreedyBot's bet: every card but the lowest (kept for a Commander Activation),
    or the only card."""
    ranked = sorted(hand, reverse=True)
    return ranked[:-1] if len(ranked) > 1 else ranked


def win_chance(state: State, side: str) -> float:
    """The chance that ``side``'s greedy bet beats the other side's greedy bet, over
    every hand the other side may hold: as many cards as it has, drawn from its deck
    less the cards it showed face up (a hypergeometric count by value)."""
    mine = sum(greedy_bet(state["cards"][side]["hand"]))
    theirs = state["cards"][other(side)]
    count = len(theirs["hand"])
    if count == 0:
        return 1.0 if mine > 0 else 0.0
    shown: dict[int, int] = {}  # a count by value (a Counter, without its interpreted code)
    for card in theirs["discard"]:
        if card["face_up"]:
            shown[card["value"]] = shown.get(card["value"], 0) + 1
    return _win_chance(mine, count, tuple(sorted(shown.items())))


@lru_cache(maxsize=256)
def _win_chance(mine: int, count: int, shown: tuple[tuple[int, int], ...]) -> float:
    """:func:`win_chance` from the bet's total, the other side's hand size and the
    values it showed (value, count): remembered, the same few questions come back.
    Each hand is a count of each value (lowest value first); its greedy bet is its
    total less its lowest card (the only card of a one-card hand)."""
    pool = Counter(DECK) - Counter(dict(shown))
    values = sorted(pool)
    available = [pool[v] for v in values]
    total_weight = 0
    winning = 0
    for taken in _hands(available, count):
        weight = 1
        total = 0
        lowest = -1
        for value, have, n in zip(values, available, taken, strict=True):
            if n:
                weight *= comb(have, n)
                total += value * n
                if lowest < 0:
                    lowest = value
        bet = total - lowest if count > 1 else total
        total_weight += weight
        if mine > bet:
            winning += weight
    return winning / total_weight if total_weight else 0.0


def _hands(available: list[int], count: int) -> list[list[int]]:
    """Every way to take ``count`` cards from piles of ``available`` cards: how many of
    each pile, at most its size."""
    if not available:
        return [[]] if count == 0 else []
    room = sum(available[1:])
    found: list[list[int]] = []
    for n in range(max(0, count - room), min(available[0], count) + 1):
        found.extend([n, *rest] for rest in _hands(available[1:], count - n))
    return found


def candidates(state: State, side: str, kind: str) -> Iterator[Command]:
    if kind == "command_duel":
        for declare in (True, False):
            yield {"type": "command_duel", "side": side, "declare": declare}
    else:
        for cards in bet_choices(state["cards"][side]["hand"]):
            yield {"type": "command_duel_bet", "side": side, "cards": cards}


def greedy_score(state: State, side: str, command: Command) -> float:
    """Lower is better: declare when the odds favour its greedy bet; bet greedily."""
    if command["type"] == "command_duel":
        wanted = win_chance(state, side) > 0.5
        return 0.0 if command["declare"] == wanted else 1.0
    return 0.0 if command["cards"] == greedy_bet(state["cards"][side]["hand"]) else 1.0

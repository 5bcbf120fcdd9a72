"""Command Deck > Offering to the Gods: a command card spent on a roll just made.

After a roll, each player holding command cards may use one card on it (one card per
roll and player):

- **re-roll** one die of the roll, his own or the opponent's, discarding the card
  face down (its value stays hidden from the opponent);
- **boost** one die of his own roll, adding the card's value to it; the card is
  discarded face up. If the opponent then re-rolls that die, the boost stays on it.

"The first player to declare the use of a card must be the player who lost the
initiative"; then the one who won it is always asked. Only sides holding command
cards are asked. How the decision stops at the roll and goes on afterwards is in
:mod:`engine.kensei.state.offering_dice`; the window is ``state["offering"]``:

- ``roll``: ``what`` was rolled, each die's ``owners``, its ``faces`` and ``boosts``,
  and the ``judge`` saying how a die counts (for people, the play page and bots);
- ``asked``: the sides still to answer, the next first;
- ``offers``: the answers so far (a re-roll's card value is not in it);
- ``resume``: the command to decide again, or ``None`` for the turn sequence;
- ``secret``: the faces drawn since the decision's start (hidden while the game runs).

Interpretations (docs/rules/kensei.md): a boost adds to a die's value, not to its
natural face (a natural 1 still fumbles, only a natural 6 is a critical); on a roll
deciding the initiative or the strategy, the side behind as rolled declares first.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.kensei import odds, rules
from engine.kensei.commands.deck import Offering
from engine.kensei.commands.fields import integer
from engine.kensei.state.queries import SIDES, other
from engine.kensei.state.rolls import success_die, wound_die


def offering_prompt(state: State) -> Prompt:
    """The next side to answer: the roll, which of its dice are the side's own."""
    current = state["offering"]
    side = current["asked"][0]
    roll = current["roll"]
    own = [i for i, owner in enumerate(roll["owners"]) if owner == side]
    return Prompt(
        (side,),
        "offering",
        options={
            "roll": roll,
            "own": own,
            "offers": current["offers"],
            "hands": {s: len(state["cards"][s]["hand"]) for s in SIDES},
        },
    )


def decide_offering(state: State, side: str, command: Offering, dice: Dice) -> list[Event]:
    """``{"type": "offering", "side", "action": "pass"}``, or ``"reroll"`` / ``"boost"``
    with ``die`` (the index of a die of the roll) and ``card`` (a value in hand)."""
    action = command.action
    if action == "pass":
        return [{"type": "offering_passed", "side": side}]
    if command.die is None or command.card is None:
        raise InvalidCommand(f"an offering to {action} names a die and a card")
    roll = state["offering"]["roll"]
    count = len(roll["faces"])
    die = integer(command.die, "die", low=0, high=count - 1)
    card = command.card
    hand = state["cards"][side]["hand"]
    if card not in hand:
        raise IllegalCommand(
            f"side {side} holds no command card of value {card} (hand: {len(hand)} card(s))",
            rule=rules.OFFERING,
        )
    was = roll["faces"][die]
    if action == "boost":
        if roll["owners"][die] != side:
            raise IllegalCommand(
                f"die {die + 1} of the {roll['what']} is side {roll['owners'][die]}'s: a "
                "boost adds to a die of the roll you have just made",
                rule=rules.OFFERING,
            )
        return [
            {"type": "offering_made", "side": side, "action": "boost", "die": die, "card": card}
        ]
    face = dice.roll_one()
    return [
        {
            "type": "offering_made",
            "side": side,
            "action": "reroll",
            "die": die,
            "was": was,
            "face": face,
            "sealed_for": side,
            "sealed": {"card": card},
        }
    ]


def closed_event(current: dict[str, Any]) -> Event:
    """The window closes: the roll as the offerings left it."""
    roll = current["roll"]
    return {
        "type": "offering_closed",
        "what": roll["what"],
        "faces": list(roll["faces"]),
        "boosts": list(roll["boosts"]),
    }


# -- how a die counts (people read it on the play page; bots weigh offerings with it) --


def _good(judge: dict[str, Any], face: int, boost: int) -> bool:
    """Whether a die of this face and boost counts for its owner (a yes/no roll)."""
    kind = judge["kind"]
    if kind == "success":
        success = success_die(face, int(judge["modifier"]) + boost, critical_only=judge["zero"])
        return success in ("success", "critical")
    if kind == "wound":
        wound = wound_die(face, int(judge["modifier"]) + boost, shooting=judge["shooting"])
        return wound in ("wound", "critical")
    if kind == "honour":
        return face + boost <= int(judge["target"])
    if kind == "order":
        return face != 1 and face + boost + int(judge["bonus"]) >= 4  # two orders
    if kind == "at_least":
        return face + boost >= int(judge["target"])
    raise ValueError(f"a {kind} roll has no yes/no die")  # pragma: no cover


def _rerolled_chance(judge: dict[str, Any], boost: int) -> Fraction:
    """The chance a re-rolled die (keeping its boost) counts for its owner: from the
    odds calculator for success and wound dice, by counting faces otherwise."""
    kind = judge["kind"]
    if kind == "success":
        return odds.success_chance(judge["modifier"] + boost, critical_only=judge["zero"])
    if kind == "wound":
        return odds.wound_chances(judge["modifier"] + boost, shooting=judge["shooting"])["wound"]
    return Fraction(sum(_good(judge, face, boost) for face in range(1, 7)), 6)


def _opposed_win(judge: dict[str, Any], values: list[int], side: str) -> Fraction:
    """The chance ``side`` wins an opposed roll with these die values (a tie is rolled
    again: even)."""
    mine, theirs = (values[SIDES.index(s)] + judge["bonus"][s] for s in (side, other(side)))
    if mine == theirs:
        return Fraction(1, 2)
    return Fraction(1 if mine > theirs else 0)


def gain(roll: dict[str, Any], side: str, command: Command) -> Fraction:
    """What an offering is worth to ``side``, in dice that count (or in wins of an
    opposed roll, or in thirds of a die's pips for a plain total): the bots' measure."""
    judge, faces, boosts, owners = roll["judge"], roll["faces"], roll["boosts"], roll["owners"]
    die, kind = command["die"], judge["kind"]
    boost_after = boosts[die] + (command["card"] if command["action"] == "boost" else 0)
    sign = 1 if owners[die] == side else -1
    if kind == "opposed":
        values = [f + b for f, b in zip(faces, boosts, strict=True)]
        now = _opposed_win(judge, values, side)
        if command["action"] == "boost":
            after_values = list(values)
            after_values[die] = faces[die] + boost_after
            return _opposed_win(judge, after_values, side) - now
        total = Fraction(0)
        for face in range(1, 7):
            after_values = list(values)
            after_values[die] = face + boost_after
            total += _opposed_win(judge, after_values, side)
        return total / 6 - now
    if kind == "total":
        if sign < 0:
            return Fraction(0)  # more or less of someone else's distance: no view on it
        if command["action"] == "boost":
            return Fraction(command["card"], 4)
        return (Fraction(7, 2) - int(faces[die])) / 3
    now_good = _good(judge, faces[die], boosts[die])
    if command["action"] == "boost":
        delta = Fraction(int(_good(judge, faces[die], boost_after)) - int(now_good))
    else:
        delta = _rerolled_chance(judge, boost_after) - int(now_good)
    if kind == "honour":  # the roll succeeds when any die does: only a lone die matters
        others = any(
            _good(judge, f, b)
            for i, (f, b) in enumerate(zip(faces, boosts, strict=True))
            if i != die
        )
        if others:
            return Fraction(0)
    return sign * delta


def candidates(state: State, side: str, *, offers: bool = True) -> Iterator[Command]:
    """Passing, then (``offers``) a re-roll of each die with the side's lowest card (its
    value is hidden and does not count) and a boost of each of its own dice with each
    card value it holds above 0."""
    yield {"type": "offering", "side": side, "action": "pass"}
    if not offers:
        return
    roll = state["offering"]["roll"]
    hand = sorted(set(state["cards"][side]["hand"]))
    if not hand:
        return  # pragma: no cover - a side without cards is not asked
    for die in range(len(roll["faces"])):
        yield {"type": "offering", "side": side, "action": "reroll", "die": die, "card": hand[0]}
    for die, owner in enumerate(roll["owners"]):
        if owner != side:
            continue
        for card in hand:
            if card > 0:
                yield {
                    "type": "offering",
                    "side": side,
                    "action": "boost",
                    "die": die,
                    "card": card,
                }


def greedy_score(state: State, side: str, command: Command) -> float:
    """GreedyBot's score (lower is better): passing 0; an offering minus what it is
    worth (:func:`gain`) plus its price: a card (more for a higher value, and more for
    the last card of the hand, which the commander activation wants)."""
    if command["action"] == "pass":
        return 0.0
    worth = gain(state["offering"]["roll"], side, command)
    price = 0.45 + 0.1 * command["card"]
    if len(state["cards"][side]["hand"]) == 1:
        price += 0.3
    return float(price - worth)

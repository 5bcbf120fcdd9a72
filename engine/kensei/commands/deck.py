"""The commands of the command deck and the commander's orders: cards kept, the
commander activation, the command duel, the commander's orders chosen, kept and
played, and offerings to the gods."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Command, InvalidCommand
from engine.kensei.commands.fields import (
    MAX_ITEMS,
    Value,
    card_values,
    flag,
    head,
    integer,
    text,
)

OFFERING_ACTIONS = ("pass", "reroll", "boost")


@dataclass(frozen=True)
class KeepCards(Value):
    @property
    def kind(self) -> str:
        return "keep_cards"

    side: str
    keep: tuple[int, ...]


def parse_keep_cards(command: Command) -> KeepCards:
    by = head(command, frozenset({"keep"}))
    return KeepCards(by, card_values(command.get("keep"), "keep", "a kept card"))


@dataclass(frozen=True)
class CommanderActivation(Value):
    """``unit`` ``None``: the side declines."""

    @property
    def kind(self) -> str:
        return "commander_activation"

    side: str
    unit: str | None = None


def parse_commander_activation(command: Command) -> CommanderActivation:
    by = head(command, frozenset({"unit"}))
    uid = command.get("unit")
    if uid is not None and (not isinstance(uid, str) or not uid):
        raise InvalidCommand("unit must be a unit id, or null to decline")
    return CommanderActivation(by, uid)


@dataclass(frozen=True)
class CommandDuel(Value):
    @property
    def kind(self) -> str:
        return "command_duel"

    side: str
    declare: bool


def parse_command_duel(command: Command) -> CommandDuel:
    by = head(command, frozenset({"declare"}))
    return CommandDuel(by, flag(command.get("declare"), "declare"))


@dataclass(frozen=True)
class CommandDuelBet(Value):
    @property
    def kind(self) -> str:
        return "command_duel_bet"

    side: str
    cards: tuple[int, ...]


def parse_command_duel_bet(command: Command) -> CommandDuelBet:
    by = head(command, frozenset({"cards"}))
    return CommandDuelBet(by, card_values(command.get("cards"), "cards", "a bet card"))


@dataclass(frozen=True)
class ChooseCommanderOrders(Value):
    @property
    def kind(self) -> str:
        return "choose_commander_orders"

    side: str
    first: str
    deck: tuple[str, ...]


def parse_choose_commander_orders(command: Command) -> ChooseCommanderOrders:
    by = head(command, frozenset({"first", "deck"}))
    first = text(command.get("first"), "first")
    raw = command.get("deck")
    if not isinstance(raw, list) or len(raw) > MAX_ITEMS:
        raise InvalidCommand("deck must be a list of commander's order ids")
    deck = tuple(text(entry, "a commander's order id") for entry in raw)
    return ChooseCommanderOrders(by, first, deck)


@dataclass(frozen=True)
class KeepCommanderOrder(Value):
    @property
    def kind(self) -> str:
        return "keep_commander_order"

    side: str
    keep: str


def parse_keep_commander_order(command: Command) -> KeepCommanderOrder:
    by = head(command, frozenset({"keep"}))
    return KeepCommanderOrder(by, text(command.get("keep"), "keep"))


@dataclass(frozen=True)
class CommanderOrder(Value):
    """A commander's order played from the hand on ``units``, paid with ``cards``."""

    @property
    def kind(self) -> str:
        return "commander_order"

    side: str
    order: str
    units: tuple[str, ...]
    cards: tuple[int, ...]


def parse_commander_order(command: Command) -> CommanderOrder:
    by = head(command, frozenset({"order", "units", "cards"}))
    oid = text(command.get("order"), "order")
    raw = command.get("units")
    if not isinstance(raw, list) or not raw or len(raw) > MAX_ITEMS:
        raise InvalidCommand("units must be a non-empty list of unit ids")
    units = tuple(text(uid, "a unit id") for uid in raw)
    paid = command.get("cards")
    if not isinstance(paid, list) or len(paid) > MAX_ITEMS:
        raise InvalidCommand("cards must be a list of command card values")
    cards = tuple(integer(value, "a command card", low=0, high=3) for value in paid)
    return CommanderOrder(by, oid, units, cards)


@dataclass(frozen=True)
class Offering(Value):
    """``action`` pass, or reroll / boost ``die`` (its index in the roll) with ``card``
    (a value in hand); the roll's size is the rules' to check."""

    @property
    def kind(self) -> str:
        return "offering"

    side: str
    action: str
    die: int | None = None
    card: int | None = None


def parse_offering(command: Command) -> Offering:
    by = head(command, frozenset({"action", "die", "card"}))
    action = command.get("action")
    if action not in OFFERING_ACTIONS:
        raise InvalidCommand(f"action must be one of {', '.join(OFFERING_ACTIONS)}")
    if action == "pass":
        if "die" in command or "card" in command:
            raise InvalidCommand("a pass names no die and no card")
        return Offering(by, "pass")
    die = integer(command.get("die"), "die", low=0)
    card = integer(command.get("card"), "card", low=0, high=3)
    return Offering(by, str(action), die, card)

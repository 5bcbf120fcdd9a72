"""Commander's orders (Game System > 6, Maintenance > 3, Command Deck > Using
Commander's Order): the deck chosen at setup, the maintenance draw, playing one.

The cards are data (:mod:`engine.kensei.command.order_cards`). The state keeps
``state["commander_orders"]``:

- ``sides[side]``: ``hand`` (order ids, seen by the owner only), ``deck`` (face down,
  in order; its order is seen by nobody), ``drawn`` (the order drawn in maintenance,
  waiting for the keep prompt), ``discard`` (``{"id", "face_up"}``: a played order is
  face up, one discarded in maintenance face down), ``played`` (ids, public) and
  ``chosen`` (whether the side has chosen its orders at setup);
- ``drawn_turn``: the last turn whose maintenance drew orders;
- ``grants``: per unit, the hook effects of the orders played on it, each with its
  ``turn``: active (through :mod:`engine.kensei.state.abilities`) while that turn lasts.

Prompts: ``choose_commander_orders`` (sealed, both sides at once, once the scenery is
down), ``keep_commander_order`` (sealed, maintenance step 3). Playing an order is a
``commander_order`` command, accepted besides the answer a prompt waits for when the
prompt's kind is one of the order's timing (
:data:`~engine.kensei.command.order_cards.TIMING_PROMPTS`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import Dice, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.kensei import rules
from engine.kensei.army.profiles import Effect
from engine.kensei.command.cards import shuffled
from engine.kensei.command.order_cards import TIMING_PROMPTS, OrderCard, faction_orders, order_cards
from engine.kensei.commands.deck import (
    ChooseCommanderOrders,
    CommanderOrder,
    KeepCommanderOrder,
)
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import SIDES

DECK_SIZE = 5  # Game System > 6: "Choose 5 more cards"


def initial_commander_orders() -> dict[str, Any]:
    mine = {"hand": [], "deck": [], "drawn": [], "discard": [], "played": [], "chosen": False}
    return {
        "sides": {side: {**mine} for side in SIDES},
        "drawn_turn": 0,
        "grants": {},
    }


def orders_of(state: State) -> dict[str, Any] | None:
    """The commander's orders of the state (None in games recorded before them)."""
    found: dict[str, Any] | None = state.get("commander_orders")
    return found


# -- Game System > 6. Prepare your commander's orders deck ------------------------------


def choosing(state: State) -> list[str]:
    orders = orders_of(state)
    if orders is None:
        return []
    return [side for side in SIDES if not orders["sides"][side]["chosen"]]


def deck_size(state: State, side: str) -> int:
    """5 more cards, or as many as the faction has after the first."""
    return max(0, min(DECK_SIZE, len(faction_orders(state["sides"][side]["faction"])) - 1))


def choose_prompt(state: State) -> Prompt:
    """Both sides choose at once, in secret; the options list each side's faction's
    orders (public: the cards are known, the choice is not)."""
    sides = tuple(choosing(state))
    return Prompt(
        sides,
        "choose_commander_orders",
        sealed=True,
        options={
            "orders": {side: faction_orders(state["sides"][side]["faction"]) for side in sides},
            "deck": {side: deck_size(state, side) for side in sides},
        },
    )


def decide_choose(
    state: State, side: str, command: ChooseCommanderOrders, dice: Dice
) -> list[Event]:
    """``{"type": "choose_commander_orders", "side", "first": id, "deck": [ids]}``: the
    first order into the hand, the deck's orders shuffled face down."""
    rule = rules.PREPARE_COMMANDER_ORDERS
    allowed = faction_orders(state["sides"][side]["faction"])
    first = command.first
    deck = list(command.deck)
    for oid in (first, *deck):
        if oid not in allowed:
            raise IllegalCommand(
                f"{oid!r} is not a commander's order of faction "
                f"{state['sides'][side]['faction']}; choose from {', '.join(allowed)}",
                rule=rule,
            )
    if len(set(deck)) != len(deck) or first in deck:
        raise IllegalCommand("each commander's order may be chosen once", rule=rule)
    wanted = deck_size(state, side)
    if len(deck) != wanted:
        raise IllegalCommand(
            f"side {side} must choose {wanted} more commander's orders, not {len(deck)}",
            rule=rule,
        )
    order = shuffled(list(range(len(deck))), dice)
    return [
        {
            "type": "commander_orders_chosen",
            "side": side,
            "deck": len(deck),
            "sealed_for": side,
            "sealed": {"first": first, "chosen": sorted(deck)},
            "secret": {"deck": [deck[i] for i in order]},
        }
    ]


# -- Maintenance > 3. Draw new commander order cards -------------------------------------


def draw_commander_orders(progress: Progress) -> bool:
    """Each side with orders left in its deck draws one (once a turn); with no order
    in hand it keeps it at once, else it chooses (a sealed prompt). True while a side
    still has to choose."""
    state = progress.state
    orders = orders_of(state)
    if orders is None:
        return False
    if orders["drawn_turn"] != state["turn"]:
        for side in SIDES:
            mine = progress.state["commander_orders"]["sides"][side]
            if not mine["deck"]:
                continue
            drawn = mine["deck"][0]
            progress.emit(
                {
                    "type": "commander_order_drawn",
                    "side": side,
                    "turn": state["turn"],
                    "sealed_for": side,
                    "sealed": {"order": drawn},
                }
            )
            if not mine["hand"]:
                progress.emit(kept_order(side, drawn, None))
    return bool(keeping_orders(progress.state))


def keeping_orders(state: State) -> list[str]:
    orders = orders_of(state)
    if orders is None:
        return []
    return [side for side in SIDES if orders["sides"][side]["drawn"]]


def keep_order_prompt(state: State) -> Prompt:
    sides = tuple(keeping_orders(state))
    return Prompt(sides, "keep_commander_order", sealed=True, options={"choose_one_of": 2})


def kept_order(side: str, keep: str, rest: str | None) -> Event:
    return {
        "type": "commander_order_kept",
        "side": side,
        "discarded": 0 if rest is None else 1,
        "sealed_for": side,
        "sealed": {"kept": keep, "discarded": rest},
    }


def decide_keep_order(state: State, side: str, command: KeepCommanderOrder) -> list[Event]:
    """``{"type": "keep_commander_order", "side", "keep": id}``: the new order or the
    one in hand; the other goes face down onto the discard pile."""
    keep = command.keep
    mine = state["commander_orders"]["sides"][side]
    choices = [*mine["hand"], *mine["drawn"]]
    if keep not in choices:
        raise IllegalCommand(
            f"side {side} may keep the commander's order it drew or the one in its hand, "
            f"not {keep!r}",
            rule=rules.DRAW_COMMANDER_ORDERS,
        )
    rest = [oid for oid in choices if oid != keep]
    return [kept_order(side, keep, rest[0] if rest else None)]


# -- Command Deck > Using Commander's Order -----------------------------------------------


def decide_play(state: State, prompt: Prompt, side: str, command: CommanderOrder) -> list[Event]:
    """``{"type": "commander_order", "side", "order": id, "units": [uids], "cards":
    [values]}``: play an order of the hand at its timing, on the chosen units, paying
    its cost with command cards of any value (for "1+X", X is the extra cards)."""
    rule = rules.USING_COMMANDER_ORDER
    orders = orders_of(state)
    if orders is None:
        raise IllegalCommand("this game has no commander's orders", rule=rule)
    oid = command.order
    card = order_cards().get(oid)
    mine = orders["sides"][side]
    if card is None:
        raise InvalidCommand(f"unknown commander's order {oid!r}")
    if oid in mine["played"]:
        raise IllegalCommand(f"{card.name} was used already: once a game", rule=rule)
    if oid not in mine["hand"]:
        raise IllegalCommand(f"{card.name} is not in side {side}'s hand", rule=rule)
    if prompt.kind not in TIMING_PROMPTS[card.timing] or side not in prompt.sides:
        raise IllegalCommand(
            f"{card.name} is played at its timing ({card.timing}), not while the game waits "
            f"for a {prompt.kind!r} answer",
            rule=rule,
        )
    units = _targets(state, side, card, command.units)
    paid = _paid(state, side, card, command.cards)
    return [_played(state, side, card, units, paid)]


def _targets(state: State, side: str, card: OrderCard, raw: tuple[str, ...]) -> list[str]:
    rule = rules.USING_COMMANDER_ORDER
    units = list(raw)
    if len(units) > card.count or len(set(units)) != len(units):
        raise IllegalCommand(
            f"{card.name} is for at most {card.count} different unit(s)", rule=rule
        )
    for uid in units:
        unit = state["units"].get(uid)
        if unit is None or unit["side"] != side or unit["removed"] or not unit["minis"]:
            raise IllegalCommand(f"side {side} has no unit {uid} on the table", rule=rule)
        if unit["markers"]["used"] and not card.used_allowed:
            raise IllegalCommand(
                f"{unit['name']} ({uid}) has a Used Unit marker and {card.name} does not say "
                "otherwise",
                rule=rule,
            )
    return units


def _paid(state: State, side: str, card: OrderCard, raw: tuple[int, ...]) -> list[int]:
    rule = rules.USING_COMMANDER_ORDER
    paid = list(raw)
    if len(paid) < card.cards or (not card.plus_x and len(paid) != card.cards):
        raise IllegalCommand(
            f"{card.name} costs {card.cost} command card(s), not {len(paid)}", rule=rule
        )
    missing = Counter(paid) - Counter(state["cards"][side]["hand"])
    if missing:
        values = ", ".join(str(value) for value in sorted(missing.elements()))
        raise IllegalCommand(f"side {side} has no card(s) {values} in hand to pay with", rule=rule)
    return sorted(paid, reverse=True)


def _played(state: State, side: str, card: OrderCard, units: list[str], paid: list[int]) -> Event:
    x = len(paid) - card.cards
    granted = [_grant(effect.scaled(x)) for effect in card.effects if effect.hook is not None]
    markers = [effect.remove_marker for effect in card.effects if effect.remove_marker]
    event: Event = {
        "type": "commander_order_played",
        "side": side,
        "order": card.id,
        "name": card.name,
        "units": units,
        "paid": len(paid),
        "sealed_for": side,
        "sealed": {"cards": paid},
        "x": x,
        "turn": state["turn"],
        "effects": granted,
        "remove_markers": markers,
    }
    activation = state.get("activation")
    now = sum(
        g["value"]
        for g in granted
        if g["hook"] == "extra_order" and g.get("op") == "add" and not g.get("when")
    )
    active = None if activation is None or not activation.get("rolled") else activation["units"]
    if now and active is not None and active.get(side) in units:
        event["extra_orders"] = now  # the active unit takes them at once, as a ki's
    return event


def _grant(effect: Effect) -> dict[str, Any]:
    """A hook effect as plain JSON (absent fields left out)."""
    found: dict[str, Any] = {"hook": effect.hook}
    for key in ("op", "value", "roll"):
        if getattr(effect, key) is not None:
            found[key] = getattr(effect, key)
    if effect.when:
        found["when"] = list(effect.when)
    return found

"""The bots' commander's orders (see :mod:`engine.kensei.command.commander_orders`): their
choices at setup and in maintenance, and the orders they may play, legal only."""

from __future__ import annotations

import math
from collections.abc import Iterator

from engine.core import Command, IllegalCommand, InvalidCommand, Prompt, State
from engine.kensei.command.commander_orders import decide_play, deck_size, orders_of
from engine.kensei.command.order_cards import TIMING_PROMPTS, OrderCard, faction_orders, order_cards
from engine.kensei.commands.deck import parse_commander_order


def bot_choices(state: State, side: str) -> list[Command]:
    """A few choices for the bots: each order first in turn, the next ones as the deck."""
    allowed = faction_orders(state["sides"][side]["faction"])
    wanted = deck_size(state, side)
    commands: list[Command] = []
    for n, first in enumerate(allowed):
        rest = allowed[n + 1 :] + allowed[:n]
        commands.append(
            {"type": "choose_commander_orders", "side": side, "first": first, "deck": rest[:wanted]}
        )
    return commands


def order_commands(state: State, side: str, prompt: Prompt) -> Iterator[Command]:
    """The bots' candidates: the orders playable now, and the answers to the prompts of
    this module."""
    yield from playable(state, side, prompt)
    if prompt.kind == "choose_commander_orders":
        yield from bot_choices(state, side)
    elif prompt.kind == "keep_commander_order":
        mine = state["commander_orders"]["sides"][side]
        for oid in (*mine["drawn"], *mine["hand"]):
            yield {"type": "keep_commander_order", "side": side, "keep": oid}


def playable(state: State, side: str, prompt: Prompt) -> list[Command]:
    """The bots' orders: each order in hand at its timing, on the side's active unit
    (or its first eligible units; for a marker removal, units carrying the marker),
    paid with the lowest cards; for "1+X" also with one extra card. Legal only."""
    orders = orders_of(state)
    if orders is None or side not in prompt.sides:
        return []
    found: list[Command] = []
    hand = sorted(state["cards"][side]["hand"])
    for oid in orders["sides"][side]["hand"]:
        card = order_cards()[oid]
        if prompt.kind not in TIMING_PROMPTS[card.timing] or len(hand) < card.cards:
            continue
        units = _bot_units(state, side, card)
        if not units:
            continue
        extra = (0, 1) if card.plus_x and len(hand) > card.cards else (0,)
        for more in extra:
            command = {
                "type": "commander_order",
                "side": side,
                "order": oid,
                "units": units,
                "cards": hand[: card.cards + more],
            }
            try:
                decide_play(state, prompt, side, parse_commander_order(command))
            except (IllegalCommand, InvalidCommand):
                continue
            found.append(command)
    return found


def _bot_units(state: State, side: str, card: OrderCard) -> list[str]:
    markers = [effect.remove_marker for effect in card.effects if effect.remove_marker]
    eligible = [
        uid
        for uid, unit in state["units"].items()
        if unit["side"] == side
        and not unit["removed"]
        and unit["minis"]
        and (card.used_allowed or not unit["markers"]["used"])
        and all(unit["markers"][marker] for marker in markers)
    ]
    activation = state.get("activation")
    active = None if activation is None else activation["units"].get(side)
    if isinstance(active, str) and active in eligible:
        return [active]
    return eligible[: card.count if markers else 1]


# GreedyBot plays an order that removes a marker (its candidates only name units
# carrying it) or one helping the active unit's fight when it may attack, shoot or charge.
_FIGHT_HOOKS = ("at_melee", "at_ranged", "charge_roll", "wound_roll", "extra_order")
_FIGHT_ROLLS = ("attack_roll", "shoot_roll", "charge_roll", "wound_roll")


def order_score(command: Command, commands: list[Command]) -> float:
    """GreedyBot's score of a commander's order among ``commands`` (lower is better)."""
    return -10.0 if _helps(command, commands) else math.inf


def _helps(command: Command, commands: list[Command]) -> bool:
    card = order_cards()[command["order"]]
    if any(effect.remove_marker for effect in card.effects):
        return True
    fights = any(
        other["type"] == "order" and other.get("order") in ("attack", "shoot", "charge")
        for other in commands
    )
    return fights and any(
        effect.hook in _FIGHT_HOOKS or effect.roll in _FIGHT_ROLLS for effect in card.effects
    )

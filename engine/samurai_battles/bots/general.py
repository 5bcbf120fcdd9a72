"""The general: a bot that writes sensible orders for every unit of its army.

It reads only its side's view (:mod:`.picture`), plans each unit's orders best first
(:mod:`.plans`) and keeps, unit by unit in the order of their numbers, the first plan
the rules accept with the orders already kept (``check_orders``: the issue-time checks
of the orders phase, exactly as ``decide`` makes them). Paired orders (Join Up,
Receive Supplies) are tried first, for both units at once. A unit none of whose plans
is accepted rests.

Deterministic from its seed: the plans are sorted, never drawn, and the seeded
generator only picks among ``legal``'s commands in the rare case the whole set of kept
orders is refused (it never is when the per-unit checks agree with the whole check).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core import Command, CommandRefused, Ruleset, State
from engine.hexgrid import Hex
from engine.samurai_battles.bots.picture import Picture, picture
from engine.samurai_battles.bots.plans import REST, Order, pairs, plans
from engine.samurai_battles.orders import check_orders

ORDERS = "orders"


class GeneralBot:
    """Fires at the weakest enemy in reach, assaults what it out-numbers, holds the
    objectives, retreats worn units out of melee, joins worn units up, and marches on
    the objectives or the enemy."""

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)
        # How often the kept orders were refused as a whole and a legal sample was
        # played instead (the tests hold it at zero).
        self.fallbacks = 0

    def choose(self, ruleset: Ruleset, state: State, side: str) -> Command | None:
        prompt = ruleset.prompt(state)
        if prompt is None or side not in prompt.sides or prompt.kind != ORDERS:
            options = list(ruleset.legal(state, side))
            return self._random.choice(options) if options else None
        wanted = prompt.options.get(side, prompt.options)
        seen = picture(ruleset.view(state, side), side)
        orders = self._write(ruleset, state, seen, side, wanted)
        command = {"type": ORDERS, "side": side, "orders": orders}
        if _accepted(state, side, orders):
            return command
        self.fallbacks += 1
        options = list(ruleset.legal(state, side))
        return self._random.choice(options) if options else None

    def _write(
        self, ruleset: Ruleset, state: State, seen: Picture, side: str, wanted: Mapping[str, Any]
    ) -> dict[str, Order]:
        """Every unit's order: pairs first, then each unit's first accepted plan."""
        ids = [piece.id for piece in seen.mine if _needs(piece.id, wanted)]
        kept: dict[str, Order] = {}
        for pair in pairs(seen):
            if any(unit in kept or unit not in ids for unit in pair):
                continue
            if _accepted(state, side, _with_rest(ids, {**kept, **pair})):
                kept.update(pair)
        claimed: set[Hex] = set()
        for piece in seen.mine:
            if piece.id not in ids or piece.id in kept:
                continue
            for order in plans(seen, piece, frozenset(claimed)):
                trial = _with_rest(ids, {**kept, piece.id: order})
                if order == REST or _accepted(state, side, trial):
                    kept[piece.id] = order
                    claimed.update(Hex(*step) for step in order.get("path", [])[-1:])
                    break
        return _with_rest(ids, kept)


def _needs(unit: str, wanted: Mapping[str, Any]) -> bool:
    """Whether the prompt asks an order of ``unit`` (every unit when it does not say)."""
    return not wanted or unit in wanted


def _with_rest(ids: list[str], kept: Mapping[str, Order]) -> dict[str, Order]:
    return {unit: dict(kept.get(unit, REST)) for unit in ids}


def _accepted(state: State, side: str, orders: Mapping[str, Order]) -> bool:
    """Whether the orders phase accepts ``orders`` from ``side``, as ``decide`` would."""
    try:
        check_orders(state, side, orders)
    except CommandRefused:
        return False
    return True

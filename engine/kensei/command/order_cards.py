"""The commander's order cards, read from ``data/commander_orders.json``.

The cards are data (Game System > 6, Command Deck > Using Commander's Order): each
has an effect, a cost, the factions that may use it and when it may be played. The
file is checked against ``schemas/commander_orders.schema.json``, then
cross-referenced (unique ids, known factions); every problem is reported at once.
Hook effects use the abilities' closed vocabulary (:mod:`engine.kensei.state.abilities`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.kensei.army.catalogue import (
    data_root,
    load_catalogue,
    parse_json,
    schema_problems,
)
from engine.kensei.army.profiles import CatalogueError, Effect

FILE = "commander_orders.json"
# The prompt kinds at which each timing lets a side play an order.
TIMING_PROMPTS: dict[str, tuple[str, ...]] = {
    "activation_start": ("choose_unit",),
    "order": ("order",),
    "maintenance": ("keep_commander_order",),
}


@dataclass(frozen=True)
class OrderEffect:
    """A hook effect (``hook``, ``op``, ``value``, ``per_x``, ``roll``, ``when``) or a
    marker removal (``remove_marker``)."""

    hook: str | None
    op: str | None
    value: int | None
    per_x: int
    roll: str | None
    when: tuple[str, ...]
    remove_marker: str | None

    def scaled(self, x: int) -> Effect:
        """The hook effect granted for a cost paid with ``x`` extra cards."""
        assert self.hook is not None
        value = None if self.value is None else self.value + self.per_x * x
        return Effect(self.hook, self.op, value, self.roll, self.when)


@dataclass(frozen=True)
class OrderCard:
    id: str
    name: str
    text: str
    factions: tuple[str, ...] | None  # None: every faction
    cards: int
    plus_x: bool
    timing: str
    count: int
    used_allowed: bool
    effects: tuple[OrderEffect, ...]
    sample: bool

    def usable_by(self, faction: str) -> bool:
        return self.factions is None or faction in self.factions

    @property
    def cost(self) -> str:
        return f"{self.cards}+X" if self.plus_x else str(self.cards)


def _effect(raw: Mapping[str, Any]) -> OrderEffect:
    return OrderEffect(
        hook=raw.get("hook"),
        op=raw.get("op"),
        value=raw.get("value"),
        per_x=raw.get("per_x", 0),
        roll=raw.get("roll"),
        when=tuple(raw.get("when", ())),
        remove_marker=raw.get("remove_marker"),
    )


def order_cards_from(document: Any, factions: tuple[str, ...]) -> dict[str, OrderCard]:
    """Check a commander's orders document and read it; ``CatalogueError`` lists every
    problem (schema first, then unknown factions and repeated ids)."""
    problems = schema_problems(FILE, document, "commander_orders")
    if problems:
        raise CatalogueError(problems, what="Kensei commander's orders")
    cards: dict[str, OrderCard] = {}
    for n, raw in enumerate(document["orders"]):
        where = f"{FILE}: $.orders[{n}]"
        if raw["id"] in cards:
            problems.append(f"{where}.id: {raw['id']!r} is used twice")
        named = None if raw["factions"] == "all" else tuple(raw["factions"])
        for faction in named or ():
            if faction not in factions:
                problems.append(
                    f"{where}.factions: unknown faction {faction!r}; known: {', '.join(factions)}"
                )
        scaled = [e for e in raw["effects"] if "per_x" in e]
        if scaled and "plus" not in raw["cost"]:
            problems.append(f"{where}.effects: per_x needs a '+X' cost")
        if any(e.get("op") != "add" for e in scaled):
            problems.append(f"{where}.effects: per_x only scales 'add' effects")
        cards[raw["id"]] = OrderCard(
            id=raw["id"],
            name=raw["name"],
            text=raw["text"],
            factions=named,
            cards=raw["cost"]["cards"],
            plus_x="plus" in raw["cost"],
            timing=raw["timing"],
            count=raw["targets"]["count"],
            used_allowed=raw["targets"]["used"],
            effects=tuple(_effect(e) for e in raw["effects"]),
            sample=bool(document["sample"]),
        )
    if problems:
        raise CatalogueError(problems, what="Kensei commander's orders")
    return cards


@cache
def order_cards() -> dict[str, OrderCard]:
    """The packaged commander's orders, read and checked once."""
    text = data_root().joinpath(FILE).read_text(encoding="utf-8")
    document = parse_json(text, FILE)
    return order_cards_from(document, tuple(sorted(load_catalogue().factions)))


def faction_orders(faction: str) -> list[str]:
    """The orders a faction may use, in the file's order (Game System > 6: the others
    are withdrawn)."""
    return [card.id for card in order_cards().values() if card.usable_by(faction)]

"""A sentence for every kind of Samurai Battles event (step lists, logs, the replay).

The orders phase's events are described here; the Execution Phase's kinds are handed to
``engine.samurai_battles.execution.describe``. With the state before the event, units
are named by army, number and type ("East 2 (Arquebusiers)"); without it, by id. A
sealed part hidden from the viewer (``"sealed": null``) is described without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event, State
from engine.samurai_battles.execution.describe import describe_execution
from engine.samurai_battles.orders.checks import ORDER_NAMES
from engine.samurai_battles.state.access import SIDE_LABELS


def _count(orders: Mapping[str, Any]) -> str:
    return f"{len(orders)} order" + ("" if len(orders) == 1 else "s")


def _written(event: Event) -> str:
    side = SIDE_LABELS.get(event["side"], event["side"])
    sealed = event.get("sealed")
    if isinstance(sealed, Mapping):
        return f"The {side} wrote its orders ({_count(sealed['orders'])}), sealed."
    return f"The {side} wrote its orders, sealed."


def _revealed(event: Event) -> str:
    parts = []
    for side, orders in sorted(event["orders"].items()):
        kinds: dict[str, int] = {}
        for order in orders.values():
            name = ORDER_NAMES.get(order.get("order"), str(order.get("order")))
            kinds[name] = kinds.get(name, 0) + 1
        listed = ", ".join(f"{n} {name}" for name, n in sorted(kinds.items())) or "none shown"
        parts.append(f"{SIDE_LABELS.get(side, side)}: {listed}")
    return "Orders revealed. " + "; ".join(parts) + "."


def _hidden_orders(event: Event) -> str:
    side = SIDE_LABELS.get(event["side"], event["side"])
    return f"The {side} keeps the orders of its hidden units to itself."


def _ended(event: Event) -> str:
    outcome = event["outcome"]
    winner = outcome.get("winner")
    who = f"the {SIDE_LABELS.get(winner, winner)} wins" if winner else "a draw"
    detail = outcome.get("detail")
    return f"The battle is over: {who}" + (f" ({detail})." if detail else ".")


def _conceded(event: Event) -> str:
    return f"The {SIDE_LABELS.get(event['side'], event['side'])} conceded."


_SENTENCES = {
    "orders_written": _written,
    "orders_revealed": _revealed,
    "hidden_orders": _hidden_orders,
    "turn_ended": lambda e: f"Turn {e['turn']} ended.",
    "game_ended": _ended,
    "conceded": _conceded,
}


def describe(event: Event, before: State | None = None) -> str:
    """One sentence saying what ``event`` did.

    >>> describe({"type": "turn_ended", "turn": 2})
    'Turn 2 ended.'
    """
    sentence = _SENTENCES.get(event["type"])
    if sentence is not None:
        return sentence(event)
    found = describe_execution(event, before)
    return found if found is not None else str(event["type"])

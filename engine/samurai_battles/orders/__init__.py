"""The written orders: values parsed from commands, the checks made when they are
issued, and the legal orders of a side (for prompts, bots and ``legal``).

Public names (what the bots and the facade use):

- :func:`check_orders` ``(state, side, orders)``: the check ``decide`` makes of an
  ``orders`` command (``InvalidCommand`` / ``IllegalCommand`` naming the rule), returning
  the parsed orders;
- :func:`order_options` ``(state, side)``: per unit, the kinds of order it may take now;
- :func:`sample_orders` ``(state, side, count)``: complete, accepted order sets;
- :func:`parse_order` and the order classes of :mod:`.model`.
"""

from __future__ import annotations

from engine.samurai_battles.orders.checks import ORDER_NAMES, check_order, check_orders
from engine.samurai_battles.orders.legal import legal_commands, order_options, sample_orders
from engine.samurai_battles.orders.model import MOVE_LIMITS, STEPS, Order, parse_order

__all__ = [
    "MOVE_LIMITS",
    "ORDER_NAMES",
    "STEPS",
    "Order",
    "check_order",
    "check_orders",
    "legal_commands",
    "order_options",
    "parse_order",
    "sample_orders",
]

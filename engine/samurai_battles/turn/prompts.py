"""The orders prompt: every side that has not yet written its orders this turn, sealed.

Its options: per unit of the prompted sides on the table, the orders it may be given now
(``{"e1": ["assault", "march", ...], ...}``)."""

from __future__ import annotations

from engine.core import Prompt, State
from engine.samurai_battles.orders.legal import order_options
from engine.samurai_battles.state.access import SIDES

ORDERS_PROMPT = "orders"


def orders_prompt(state: State) -> Prompt | None:
    """Who must write orders now; ``None`` once the game is over."""
    if state["phase"] == "over" or state.get("outcome") is not None:
        return None
    waiting = tuple(side for side in SIDES if side not in state["written"])
    options: dict[str, list[str]] = {}
    for side in waiting:
        options.update(order_options(state, side))
    return Prompt(sides=waiting, kind=ORDERS_PROMPT, sealed=True, options=options)

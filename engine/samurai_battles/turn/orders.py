"""The orders phase: each side writes one order per unit, sealed; the last side's orders
reveal both and the Execution Phase runs in the same ``decide``; then the turn ends.

Orders of a unit that is hidden when they are revealed stay sealed for its own side
(``hidden_orders``): a path or a faced hex would tell the enemy where it hides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Dice, Event, IllegalCommand, InvalidCommand, State
from engine.samurai_battles import rules
from engine.samurai_battles.orders.checks import check_orders
from engine.samurai_battles.state.access import SIDES, unit
from engine.samurai_battles.state.handlers import (
    GAME_ENDED,
    HIDDEN_ORDERS,
    ORDERS_REVEALED,
    ORDERS_WRITTEN,
    TURN_ENDED,
)
from engine.samurai_battles.turn.victory import outcome_after_turn

Executor = Callable[[State, Dice], list[Event]]
"""The Execution Phase: the events of a state whose revealed orders are applied."""
Evolve = Callable[[State, Event], State]

ORDERS = "orders"


def _side(state: State, command: Mapping[str, Any]) -> str:
    extra = sorted(set(command) - {"type", "side", "orders"})
    if extra:
        raise InvalidCommand(
            f"an orders command carries type, side and orders, not {', '.join(extra)}"
        )
    side = command.get("side")
    if side not in SIDES:
        raise InvalidCommand(f"side must be one of {', '.join(SIDES)}, not {side!r}")
    if state["phase"] == "over":
        raise IllegalCommand("the game is over", rule=rules.ORDERS)
    if side in state["written"]:
        raise IllegalCommand(f"the {side} army has written its orders this turn", rule=rules.ORDERS)
    assert isinstance(side, str)
    return side


def decide_orders(
    state: State, command: Mapping[str, Any], dice: Dice, *, execute: Executor, evolve: Evolve
) -> list[Event]:
    """The events of ``side``'s written orders: sealed until both have written, then the
    reveal, the Execution Phase and the end of the turn."""
    side = _side(state, command)
    orders = check_orders(state, side, command.get("orders"))
    plain = {unit_id: orders[unit_id].to_json() for unit_id in sorted(orders)}
    events: list[Event] = [
        {"type": ORDERS_WRITTEN, "side": side, "sealed_for": side, "sealed": {"orders": plain}}
    ]
    if any(other not in state["written"] and other != side for other in SIDES):
        return events
    written = {**state["written"], side: plain}
    events.extend(reveal(state, written))
    working = state
    for event in events:
        working = evolve(working, event)
    for event in execute(working, dice):
        events.append(event)
        working = evolve(working, event)
    events.append(end_of_turn(working))
    return events


def reveal(state: State, written: Mapping[str, Mapping[str, Any]]) -> list[Event]:
    """Both sides' orders shown together; a hidden unit's order stays sealed for its side."""
    shown: dict[str, dict[str, Any]] = {side: {} for side in SIDES}
    kept: dict[str, dict[str, Any]] = {side: {} for side in SIDES}
    for side in SIDES:
        for unit_id, order in sorted(written[side].items()):
            (kept if unit(state, unit_id)["hidden"] else shown)[side][unit_id] = order
    events: list[Event] = [{"type": ORDERS_REVEALED, "orders": shown}]
    events.extend(
        {"type": HIDDEN_ORDERS, "side": side, "sealed_for": side, "sealed": {"orders": kept[side]}}
        for side in SIDES
        if kept[side]
    )
    return events


def end_of_turn(state: State) -> Event:
    """``game_ended`` with the outcome when the battle is decided, else ``turn_ended``."""
    outcome = outcome_after_turn(state)
    if outcome is not None:
        return {"type": GAME_ENDED, "outcome": outcome.to_dict()}
    return {"type": TURN_ENDED, "turn": state["turn"]}

"""Apply one Kensei event to a state: total, pure, no rule checks.

Each event already carries its outcome (positions reached, dice faces,
casualties), so a replay is a fold of :func:`evolve`. The handlers live by rule
area, each module with its own table; :data:`HANDLERS` is their union, built here
and nowhere else (a kind handled twice is refused on import).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Event, State
from engine.core.handlers import Handler, merged
from engine.kensei.state.evolve import (
    battle,
    cards,
    combat,
    command_duel,
    commander_orders,
    duel,
    lead,
    multiple,
    offerings,
    opportunity,
)

HANDLERS: Mapping[str, Handler] = merged(
    battle.HANDLERS,
    cards.HANDLERS,
    combat.HANDLERS,
    command_duel.HANDLERS,
    commander_orders.HANDLERS,
    duel.HANDLERS,
    lead.HANDLERS,
    multiple.HANDLERS,
    offerings.HANDLERS,
    opportunity.HANDLERS,
)


def evolve(state: State, event: Event) -> State:
    handler = HANDLERS.get(event["type"])
    if handler is None:
        # Events that carry no state change (rolls shown, windows announced...).
        return state
    return handler(state, event)

"""Apply one Kensei event to a state: total, pure, no rule checks.

Each event already carries its outcome (positions reached, dice faces,
casualties), so a replay is a fold of :func:`evolve`. The handlers live by rule
area, each module with its own table; :data:`HANDLERS` is their union, built here
and nowhere else (a kind handled twice is refused on import).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Event, State
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
from engine.kensei.state.evolve.changes import Handler


def _merged(*tables: Mapping[str, Handler]) -> dict[str, Handler]:
    merged: dict[str, Handler] = {}
    for table in tables:
        twice = sorted(set(merged) & set(table))
        if twice:
            raise ValueError(f"events handled twice: {', '.join(twice)}")
        merged.update(table)
    return merged


HANDLERS: Mapping[str, Handler] = _merged(
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

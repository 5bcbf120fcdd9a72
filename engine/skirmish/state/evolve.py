"""Apply one skirmish event to a state: total, pure, no rule checks.

:data:`HANDLERS` is the union of the tables of the turn (:mod:`.handlers_turn`), of
movement and morale (:mod:`.handlers_moves`) and of shooting, combat and heroics
(:mod:`.handlers_combat`), built here and nowhere else: a kind handled twice is refused
on import.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Event, State
from engine.core.handlers import Handler, merged
from engine.skirmish.state import handlers_combat, handlers_moves, handlers_turn

HANDLERS: Mapping[str, Handler] = merged(
    handlers_turn.HANDLERS, handlers_moves.HANDLERS, handlers_combat.HANDLERS
)


def evolve(state: State, event: Event) -> State:
    """The state after ``event``; an unknown kind is an error (every kind is handled)."""
    handler = HANDLERS.get(event["type"])
    if handler is None:
        raise ValueError(f"the skirmish rules have no event of kind {event['type']!r}")
    return handler(state, event)


def evolve_all(state: State, events: list[Event]) -> State:
    """The state after every event of ``events``, in order."""
    for event in events:
        state = evolve(state, event)
    return state

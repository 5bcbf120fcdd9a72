"""Apply one Samurai Battles event to a state: total, pure, no rule checks.

:data:`HANDLERS` is the union of the orders phase's table (:mod:`.handlers`) and the
Execution Phase's (:mod:`.execution_events`), built here and nowhere else: a kind
handled twice is refused on import.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Event, State
from engine.core.handlers import Handler, merged
from engine.samurai_battles.state import execution_events, handlers

HANDLERS: Mapping[str, Handler] = merged(handlers.HANDLERS, execution_events.HANDLERS)


def evolve(state: State, event: Event) -> State:
    """The state after ``event``; an unknown kind is an error (every kind is handled)."""
    handler = HANDLERS.get(event["type"])
    if handler is None:
        raise ValueError(f"Samurai Battles has no event of kind {event['type']!r}")
    return handler(state, event)

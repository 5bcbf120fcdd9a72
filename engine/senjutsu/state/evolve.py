"""Apply one Senjutsu event to a state: total, pure, no rule checks.

:data:`HANDLERS` is the union of the turn machine's table (:mod:`.handlers`) and the
effects' (``engine.senjutsu.effects.HANDLERS``), built here and nowhere else: a kind
handled twice is refused on import.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Event, State
from engine.core.handlers import Handler, merged
from engine.senjutsu import effects, opponents
from engine.senjutsu.state import handlers, terrain

HANDLERS: Mapping[str, Handler] = merged(
    handlers.HANDLERS, terrain.HANDLERS, effects.HANDLERS, opponents.HANDLERS
)


def evolve(state: State, event: Event) -> State:
    """The state after ``event`` (events that change nothing leave it as it is)."""
    handler = HANDLERS.get(event["type"])
    if handler is None:
        return state
    return handler(state, event)

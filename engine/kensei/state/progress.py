"""The progress of a decision: events emitted while the state is folded along."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.kensei.state.evolve import evolve
from engine.kensei.state.offering_dice import RollPaused


class Progress:
    """Events appended while the state is folded along, so each step sees the last."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def rewind(self, state: State, count: int) -> None:
        """Back to an earlier point of this progress: ``state`` after ``count`` events."""
        self.state = state
        del self.events[count:]


def window_event(paused: RollPaused, resume: dict[str, Any] | None) -> Event:
    """The ``offering_window`` of a paused roll; ``resume``: the command to decide again
    (``{"side", "command"}``), or ``None`` for the turn sequence's step."""
    return {"type": "offering_window", **paused.window, "resume": resume}

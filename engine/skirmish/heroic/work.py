"""The working copy of one shot or one combat: the state as the events so far left it,
and the events in order. Every event goes through :meth:`Work.emit`, which applies it
with the skirmish's evolve, so each step sees every outcome before it."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Dice, Event, State
from engine.skirmish.state.evolve import evolve


@dataclass
class Work:
    state: State
    dice: Dice
    events: list[Event] = field(default_factory=list)

    def emit(self, *events: Event) -> None:
        """Record ``events`` and apply each to the working state."""
        for event in events:
            self.state = evolve(self.state, event)
            self.events.append(event)

    def extend(self, events: list[Event]) -> None:
        """Record events another area decided on this working state (already in order)."""
        self.emit(*events)

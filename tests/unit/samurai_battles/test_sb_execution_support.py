"""Helpers of the Execution Phase tests (no tests here): run the phase on a state built
with the shared builders, with entered dice (every face given, every face used) or
seeded ones, and fold its events into the state after."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from typing import Any

from engine.core import EnteredDice, Event, SeededDice, State
from engine.samurai_battles.execution import execute
from engine.samurai_battles.state.execution_events import HANDLERS


def fold(state: State, events: Sequence[Event]) -> State:
    """The state after ``events``, applied by the execution handlers."""
    return reduce(lambda s, e: HANDLERS[e["type"]](s, e), events, state)


def run(state: State, faces: Sequence[int] | None = None) -> tuple[list[Event], State]:
    """The events of the Execution Phase of ``state`` and the state after them. With
    ``faces``, the dice are exactly those faces (all of them must be used)."""
    if faces is None:
        events = execute(state, SeededDice("execution-test", 1))
    else:
        dice = EnteredDice(faces)
        events = execute(state, dice)
        dice.finish()
    return events, fold(state, events)


def of(events: Sequence[Event], kind: str) -> list[Event]:
    """The events of one kind, in order."""
    return [e for e in events if e["type"] == kind]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e["type"] for e in events]


def steps_of(events: Sequence[Event]) -> dict[str, list[Event]]:
    """The events of each step, by step name."""
    found: dict[str, list[Event]] = {}
    current = ""
    for event in events:
        if event["type"] == "step_began":
            current = event["step"]
            found[current] = []
        else:
            found[current].append(event)
    return found


def unit(state: State, unit_id: str) -> dict[str, Any]:
    found: dict[str, Any] = state["units"][unit_id]
    return found

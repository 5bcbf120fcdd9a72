"""The interpreter's place in the state: the card part being resolved.

``state["current"]`` is a FRAME: the side resolving, the card, its part and speed,
and ``todo``, the tasks still to do, first first (plain JSON, so a replay folds to
the same place). A task is ``{"t": kind, ...}``: ``start`` (read the card's lines),
``line`` (one LINE of the card), ``move`` (one line's steps and rotations: one
choice), ``effect`` (one EFFECT, maybe against a ``target``), or a choice waiting
for a side (``pay``, ``or``, ``kamae``, ``discard``, ``counter``, ``instant``,
``target``, ``push``, ``rotate``, ``search``, ``trap``). A frame started inside
another (an instant additional card, a block's If Successful) keeps the frame it
interrupted in ``outer`` and gives it back once done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Command, Event, State
from engine.hexgrid import Facing, Hex

Json = dict[str, Any]


@dataclass(frozen=True)
class Ask:
    """A choice the effects wait for: ``side`` answers one of ``options`` (every
    legal command, canonical JSON), of command kind ``kind``."""

    side: str
    kind: str
    options: tuple[Command, ...]
    text: str


@dataclass(frozen=True)
class Step:
    """What running one task gives: its events and the tasks that replace it at
    the front of the todo list (``stop``: drop the rest of the frame's todo,
    Move Effects > Collisions)."""

    events: tuple[Event, ...] = ()
    then: tuple[Json, ...] = ()
    stop: bool = False


def frame(state: State) -> Json:
    """The frame being resolved (the caller knows one is)."""
    current = state["current"]
    assert current is not None, "no card part is being resolved"
    return dict(current)


def progressed(state: State, step: Step) -> Event:
    """The event that moves the current frame on past its head task: the tasks
    that replace it (``then``) and whether the rest of the frame is dropped
    (``stop``: only the tasks marked ``keep`` stay)."""
    return {"type": "progressed", "then": list(step.then), "stop": step.stop}


def next_todo(todo: list[Json], then: list[Json], stop: bool) -> list[Json]:
    """The todo list after its head task gave ``then`` (see :func:`progressed`)."""
    rest = list(todo)[1:]
    if stop:
        rest = [task for task in rest if task.get("keep")]
    return [*then, *rest]


def character(state: State, side: str) -> Json:
    return dict(state["characters"][side])


def position(state: State, side: str) -> tuple[Hex, Facing]:
    mine = state["characters"][side]
    return Hex.from_json(mine["hex"]), Facing(mine["facing"])


def living(state: State) -> list[str]:
    """The sides whose characters are on the battlefield, in seating order."""
    return [
        side
        for side in state["sides"]
        if not state["characters"][side]["defeated"] and state["characters"][side]["hex"]
    ]


def others(state: State, side: str) -> list[str]:
    return [other for other in living(state) if other != side]


def board(state: State) -> frozenset[Hex]:
    return frozenset(Hex.from_json(h) for h in state["board"]["hexes"])


def terrain_at(state: State) -> dict[Hex, Json]:
    """Every hex holding terrain (the ``solid`` hexes: a torii gate's middle hex
    is not terrain, Terrain > Torii Gate) and its placed piece."""
    found: dict[Hex, Json] = {}
    for piece in state.get("terrain") or []:
        for h in piece.get("solid", piece["hexes"]):
            found[Hex.from_json(h)] = piece
    return found


def task(t: str, **fields: Any) -> Json:
    return {"t": t, **fields}

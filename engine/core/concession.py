"""Concession: a side resigns, the same way in every system.

A side whose game is not over may concede at any time, prompted or not, with the
command ``{<kind key>: "concede", "side": X}`` (the kind key is the system's
``Ruleset.command_key``: ``"type"`` in Kensei and the dice race, ``"kind"`` in
Senjutsu). It is recorded as one ``conceded`` event that carries the outcome it
gives: the conceding side is out, and when one side is left it wins
(``Termination.CONCESSION``); with more sides left the outcome is ``None`` and the
system plays on without the side (Senjutsu's characters leave the table).

The state gains the ``"conceded"`` key (a sorted list of sides) only when a side
concedes, so the states of games without a concession keep their hashes. A system
calls :func:`refuse_concession` and :func:`conceded_event` from its ``decide`` (or
:func:`decide_concession`, both at once), :func:`with_concession` from the handler
of ``conceded`` events, and ends the game with the event's ``outcome``. Concession is
not among the commands ``legal`` lists: a bot never resigns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.errors import IllegalCommand, InvalidCommand
from engine.core.ruleset import Command, Event, Outcome, State, Termination

CONCEDE = "concede"  # the command kind
CONCEDED = "conceded"  # the event kind, and the state key listing who conceded
RULE = "Shiai: concession (a side may resign at any time before the game is over)"


def is_concession(command: Any, key: str = "type") -> bool:
    """Whether ``command`` asks to concede (its kind under ``key`` is ``concede``)."""
    return isinstance(command, Mapping) and command.get(key) == CONCEDE


def conceded(state: State) -> tuple[str, ...]:
    """The sides that have conceded this game, in order of their names."""
    return tuple(state.get(CONCEDED, ()))


def refuse_concession(
    state: State, command: Command, sides: Sequence[str], *, over: bool, key: str = "type"
) -> str:
    """The side conceding, once ``command`` is checked: ``InvalidCommand`` when it is
    malformed (other fields, an unknown side), ``IllegalCommand`` when the game is over
    (``over``) or the side has already conceded."""
    extra = sorted(set(command) - {key, "side"})
    if extra:
        raise InvalidCommand(f"a concession names only its side, not {', '.join(extra)}")
    side = command.get("side")
    if not isinstance(side, str) or side not in sides:
        raise InvalidCommand(f"side must be one of {', '.join(sides)}")
    if over:
        raise IllegalCommand("the game is over: there is nothing left to concede", rule=RULE)
    if side in conceded(state):
        raise IllegalCommand(f"side {side} has already conceded", rule=RULE)
    return side


def conceded_event(state: State, side: str, sides: Sequence[str]) -> Event:
    """The ``conceded`` event of ``side``, with the outcome it gives (``None`` while
    two sides or more are left in the game)."""
    gone = {*conceded(state), side}
    left = [s for s in sides if s not in gone]
    outcome = None
    if len(left) <= 1:
        winner = left[0] if left else None
        outcome = Outcome(Termination.CONCESSION, winner, detail=f"side {side} conceded").to_dict()
    return {"type": CONCEDED, "side": side, "outcome": outcome}


def decide_concession(
    state: State, command: Command, sides: Sequence[str], *, over: bool, key: str = "type"
) -> list[Event]:
    """The events of a concession: its one ``conceded`` event, once checked."""
    side = refuse_concession(state, command, sides, over=over, key=key)
    return [conceded_event(state, side, sides)]


def with_concession(state: State, event: Event) -> State:
    """``state`` with the side of the ``conceded`` event among those who conceded."""
    return {**state, CONCEDED: sorted([*conceded(state), event["side"]])}

"""Re-running recorded commands through the engine.

Used by record import (refuse a tampered record) and by the audit of a
finished game (show the events are identical, or where they first differ).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from engine.core import (
    CommandRefused,
    Dice,
    EnteredDice,
    Event,
    Ruleset,
    SeededDice,
    State,
    canonical_json,
    state_hash,
)
from engine.core.position import is_position_setup, position_of

SEEDED = "seeded"
ENTERED = "entered"
DICE_MODES = (SEEDED, ENTERED)


@dataclass(frozen=True)
class RecordedCommand:
    index: int
    command: dict[str, Any]
    entered_dice: list[int] | None
    events: list[dict[str, Any]]  # already upcast to the ruleset's current schema


@dataclass(frozen=True)
class Discrepancy:
    step: int
    command_index: int
    message: str


@dataclass(frozen=True)
class Rerun:
    state: State
    steps: int
    discrepancy: Discrepancy | None

    @property
    def identical(self) -> bool:
        return self.discrepancy is None


def dice_for(
    dice_mode: str, seed: str | None, command_index: int, entered: list[int] | None
) -> Dice:
    """The dice source of one command (index 0 is the game's set-up)."""
    if dice_mode == SEEDED:
        if seed is None:
            raise ValueError("seeded dice need the seed")
        return SeededDice(seed, command_index)
    return EnteredDice(entered or [])


def start_state(
    ruleset: Ruleset,
    setup: dict[str, Any],
    dice_mode: str,
    seed: str | None,
    start_dice: list[int] | None,
) -> State:
    if is_position_setup(setup):  # an analysis board: its first state is given
        return ruleset.position(position_of(setup))
    dice = dice_for(dice_mode, seed, 0, start_dice)
    state = ruleset.start(setup, dice)
    dice.finish()
    return state


Fold = Callable[["RecordedCommand", State], State]
"""Applies a command whose events the engine has just reproduced exactly, given
the state before it, and returns the state after its events (see ``rerun``)."""


def rerun(
    ruleset: Ruleset,
    *,
    setup: dict[str, Any],
    dice_mode: str,
    seed: str | None,
    start_dice: list[int] | None,
    commands: Iterable[RecordedCommand],
    initial_state_hash: str | None = None,
    initial_state: State | None = None,
    fold: Fold | None = None,
) -> Rerun:
    """Replay ``commands`` from the set-up and compare every event produced
    with the recorded one. Stops at the first difference.

    ``initial_state`` is the state the set-up gives, if the caller has already
    made it (otherwise it is made here). ``fold`` applies each command once all
    its events are found identical (an importer records it on the game it
    builds, whose state then serves the next command); by default the events
    are folded with ``ruleset.evolve``. A command with a differing event is
    never folded: the state returned is the one before the differing event."""
    if initial_state is None:
        state = start_state(ruleset, setup, dice_mode, seed, start_dice)
    else:
        state = initial_state
    if initial_state_hash is not None and state_hash(state) != initial_state_hash:
        return Rerun(
            state, 0, Discrepancy(0, 0, "the set-up does not give the recorded initial state")
        )
    step = 0
    for recorded in commands:
        dice = dice_for(dice_mode, seed, recorded.index, recorded.entered_dice)
        try:
            produced = ruleset.decide(state, recorded.command, dice)
            dice.finish()
        except CommandRefused as refused:
            message = f"command {recorded.index} is refused by the engine: {refused}"
            return Rerun(state, step, Discrepancy(step + 1, recorded.index, message))
        position = _first_difference(produced, recorded.events)
        if position is not None:
            for event in produced[:position]:
                state = ruleset.evolve(state, event)
            step += position + 1
            mine = produced[position] if position < len(produced) else None
            theirs = recorded.events[position] if position < len(recorded.events) else None
            message = (
                f"step {step} (command {recorded.index}) differs: the record has "
                f"{_describe(ruleset, theirs)}, the engine gives {_describe(ruleset, mine)}"
            )
            return Rerun(state, step - 1, Discrepancy(step, recorded.index, message))
        if fold is None:
            for event in produced:
                state = ruleset.evolve(state, event)
        else:
            state = fold(recorded, state)
        step += len(produced)
    return Rerun(state, step, None)


def _first_difference(produced: list[Event], recorded: list[Event]) -> int | None:
    """The position of the first event whose canonical JSON differs between
    what the engine produced and what the record holds (a missing event
    differs from any), or ``None`` if they are identical.

    ``identical`` settles nearly every pair; any pair it does not accept is
    compared by canonical JSON, which also refuses (``NotCanonical``) an event
    that is not plain JSON data."""
    for position in range(max(len(produced), len(recorded))):
        if position >= len(produced) or position >= len(recorded):
            return position
        mine, theirs = produced[position], recorded[position]
        if not identical(mine, theirs) and canonical_json(mine) != canonical_json(theirs):
            return position
    return None


_LEAVES = frozenset({str, int, bool, type(None)})
_MISSING = object()


def identical(first: object, second: object) -> bool:
    """Whether ``first`` and ``second`` are both built only of the exact JSON
    types (dicts with string keys, lists, strings, ints, booleans, ``None``)
    and are equal, type for type: then their canonical JSON is the same.

    Without encoding either: one walk over both, a fraction of the cost of two
    ``canonical_json`` calls. ``False`` says nothing more than "not shown
    identical here" (a subclass of a JSON type, a float...): compare their
    canonical JSON then, which also refuses what has none."""
    if type(first) is not type(second):
        return False
    if type(first) not in (dict, list):
        return type(first) in _LEAVES and first == second
    # Containers of one type (dict or list), still to compare; leaves are
    # compared as they are met.
    pairs: list[tuple[Any, Any]] = [(first, second)]
    pop, push = pairs.pop, pairs.append
    while pairs:
        mine, theirs = pop()
        if len(mine) != len(theirs):
            return False
        if type(mine) is dict:
            # Equal lengths and every key of ``mine`` in ``theirs``: the same keys.
            for key, value in mine.items():
                if type(key) is not str:
                    return False
                other = theirs.get(key, _MISSING)
                kind = type(value)
                if kind is not type(other):
                    return False
                if kind is dict or kind is list:
                    push((value, other))
                elif kind not in _LEAVES or value != other:
                    # Same exact type: a bool is never compared with an int.
                    return False
        else:
            for value, other in zip(mine, theirs, strict=True):
                kind = type(value)
                if kind is not type(other):
                    return False
                if kind is dict or kind is list:
                    push((value, other))
                elif kind not in _LEAVES or value != other:
                    return False
    return True


def _describe(ruleset: Ruleset, event: dict[str, Any] | None) -> str:
    return "no event" if event is None else repr(ruleset.describe(event))

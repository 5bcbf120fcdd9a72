"""Re-running recorded commands through the engine.

Used by record import (refuse a tampered record) and by the audit of a
finished game (show the events are identical, or where they first differ).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.core import (
    CommandRefused,
    Dice,
    EnteredDice,
    Ruleset,
    SeededDice,
    State,
    canonical_json,
    state_hash,
)

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
    dice = dice_for(dice_mode, seed, 0, start_dice)
    state = ruleset.start(setup, dice)
    dice.finish()
    return state


def rerun(
    ruleset: Ruleset,
    *,
    setup: dict[str, Any],
    dice_mode: str,
    seed: str | None,
    start_dice: list[int] | None,
    commands: Iterable[RecordedCommand],
    initial_state_hash: str | None = None,
) -> Rerun:
    """Replay ``commands`` from the set-up and compare every event produced
    with the recorded one. Stops at the first difference."""
    state = start_state(ruleset, setup, dice_mode, seed, start_dice)
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
        for position in range(max(len(produced), len(recorded.events))):
            step += 1
            mine = produced[position] if position < len(produced) else None
            theirs = recorded.events[position] if position < len(recorded.events) else None
            if mine is None or theirs is None or canonical_json(mine) != canonical_json(theirs):
                message = (
                    f"step {step} (command {recorded.index}) differs: the record has "
                    f"{_describe(ruleset, theirs)}, the engine gives {_describe(ruleset, mine)}"
                )
                return Rerun(state, step - 1, Discrepancy(step, recorded.index, message))
            state = ruleset.evolve(state, mine)
    return Rerun(state, step, None)


def _describe(ruleset: Ruleset, event: dict[str, Any] | None) -> str:
    return "no event" if event is None else repr(ruleset.describe(event))

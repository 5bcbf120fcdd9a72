"""The rulesets the conformance suite checks, and the bot games it checks them on.

A system joins the suite by being installed: every ruleset the platform ships
(``shiai.services.BUILTIN_RULESETS``), every one ``SHIAI_RULESETS`` adds (comma
separated ``module:Class`` specs, as the platform reads it), and the dice race
of ``tests/support``. ``GAMES`` bounds how many games each plays (``DEFAULT_GAMES``
for a system not listed); ``SHIAI_CONFORMANCE_GAMES`` scales them all for a
longer run. The games are played once per test session and shared by the checks.

Game ``k`` of a ruleset plays its ``k``-th sample set-up (cycling) with the seed
``conformance/<id>/<k>``; its bots are the ruleset's named bots in turn, side
``i`` playing bot ``k + i`` (cycling), so with enough games every bot plays
every seat. Each command is decided on ``SeededDice(seed, k)`` as the platform
does, and every state, event and decision point is kept for the checks.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from engine.core import (
    Command,
    CommandRefused,
    Event,
    Prompt,
    Ruleset,
    SeededDice,
    State,
    state_hash,
)
from replays import registry
from shiai.services import BUILTIN_RULESETS
from tests.support import dice_race


class DiceRace(dice_race.DiceRace):
    """The dice race with its prompts declared (``engine.core.declining``): a bid is
    required; a bust is optional, declined by accepting it (no re-roll)."""

    optional_prompt_kinds = frozenset({"bust"})
    required_prompt_kinds: ClassVar[Mapping[str, str]] = {"bid": "Dice race §1: bid"}

    def decline(self, state: State, side: str) -> Command | None:
        prompt = self.prompt(state)
        if prompt is None or prompt.kind != "bust" or side not in prompt.sides:
            return None
        return {"type": "accept", "side": side}


DICE_RACE = f"{DiceRace.__module__}:{DiceRace.__name__}"

# Games per ruleset, by id: enough that each bot plays, few enough that the suite
# stays a matter of minutes (``make soak`` plays thousands).
GAMES: Mapping[str, int] = {
    "kensei": 3,
    "dice-race": 20,
    "senjutsu": 4,
    "samurai-battles": 4,
    "skirmish": 4,
}
DEFAULT_GAMES = 3
# A bot game that has not ended after this many commands is a failure (a 600-point
# Kensei game has about 600).
MAX_COMMANDS = 5_000


def specs() -> tuple[str, ...]:
    """Every installed ruleset's ``module:Class`` spec, without repeats."""
    extra = os.environ.get("SHIAI_RULESETS", "")
    found = [*BUILTIN_RULESETS, *(s.strip() for s in extra.split(",") if s.strip()), DICE_RACE]
    return tuple(dict.fromkeys(found))


@cache
def rulesets() -> dict[str, Ruleset]:
    """The rulesets under test, by id (loaded as the platform loads them)."""
    loaded = [registry.load(spec) for spec in specs()]
    return {ruleset.id: ruleset for ruleset in loaded}


def games_of(ruleset_id: str) -> int:
    scale = int(os.environ.get("SHIAI_CONFORMANCE_GAMES", "1") or "1")
    return max(1, GAMES.get(ruleset_id, DEFAULT_GAMES) * scale)


@dataclass(frozen=True)
class Decision:
    """One decision point of a game: the state, its prompt, the command played."""

    index: int  # the command's index (1 is the first command; 0 is the set-up)
    step: int  # events before this decision
    state: State
    prompt: Prompt
    command: Command
    events: tuple[Event, ...]


@dataclass(frozen=True)
class PlayedGame:
    ruleset: Ruleset
    number: int
    setup: dict[str, Any]
    seed: str
    bots: Mapping[str, str]  # side -> bot name
    initial_state: State
    decisions: tuple[Decision, ...]
    states: tuple[State, ...]  # the state after each step (index 0: the initial state)
    hashes: tuple[str, ...]  # their hashes, taken as the game was played

    @property
    def name(self) -> str:
        seats = ", ".join(f"{side}: {bot}" for side, bot in self.bots.items())
        return f"{self.ruleset.id} game {self.number} (seed {self.seed!r}; {seats})"

    @property
    def events(self) -> list[Event]:
        return [event for decision in self.decisions for event in decision.events]

    @property
    def final_state(self) -> State:
        return self.states[-1]


def play(ruleset: Ruleset, number: int) -> PlayedGame:
    """Play game ``number`` of ``ruleset`` to its end with the ruleset's named bots."""
    setups = ruleset.sample_setups()
    setup = dict(setups[number % len(setups)])
    seed = f"conformance/{ruleset.id}/{number}"
    initial = ruleset.start(setup, SeededDice(seed, 0))
    names = list(ruleset.bots())
    sides = ruleset.sides(initial)
    seats = {side: names[(number + i) % len(names)] for i, side in enumerate(sides)}
    bots = {side: ruleset.bots()[name].build(f"{seed}/{side}") for side, name in seats.items()}
    state = initial
    states: list[State] = [initial]
    hashes = [state_hash(initial)]
    decisions: list[Decision] = []
    while (prompt := ruleset.prompt(state)) is not None:
        index = len(decisions) + 1
        where = f"{ruleset.id} game {number}, command {index} (prompt {prompt.kind!r})"
        if index > MAX_COMMANDS:
            raise AssertionError(f"{where}: no end after {MAX_COMMANDS} commands")
        side = prompt.sides[0]
        command = bots[side].choose(ruleset, state, side)
        if command is None:
            raise AssertionError(f"{where}: the {seats[side]} bot of side {side} has no command")
        try:
            events = ruleset.decide(state, command, SeededDice(seed, index))
        except CommandRefused as error:
            raise AssertionError(
                f"{where}: {side}'s {seats[side]} bot chose {command!r}, which is refused: {error}"
            ) from error
        if not events:
            raise AssertionError(f"{where}: {command!r} was decided into no events")
        decisions.append(Decision(index, len(states) - 1, state, prompt, command, tuple(events)))
        for event in events:
            state = ruleset.evolve(state, event)
            states.append(state)
            hashes.append(state_hash(state))
    return PlayedGame(
        ruleset=ruleset,
        number=number,
        setup=setup,
        seed=seed,
        bots=seats,
        initial_state=initial,
        decisions=tuple(decisions),
        states=tuple(states),
        hashes=tuple(hashes),
    )


@cache
def played(ruleset_id: str) -> tuple[PlayedGame, ...]:
    """The bot games of ``ruleset_id``, played once per session."""
    ruleset = rulesets()[ruleset_id]
    return tuple(play(ruleset, number) for number in range(games_of(ruleset_id)))

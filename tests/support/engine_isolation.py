"""Kensei bot games played step by step, for the check that games decided in one
process never see each other (``tests/integration/test_engine_isolation.py``).

A game is given by a :class:`GameSpec`. :func:`trace_games` plays several games in
this process, one command of each in turn (round robin), and returns for every game
what each step gave: the prompt, the legal commands the ruleset offers the side to
move, the command its bot chose, the events ``decide`` returned for it and the state
hash after each event. :func:`trace_alone` plays one game in a fresh interpreter
(``spawn``: nothing the parent decided is there), for the same trace of the game
played alone.
"""

from __future__ import annotations

import itertools
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engine.core import Bot, SeededDice, State, state_hash
from engine.core.canonical import canonical_json
from engine.kensei import GreedyBot, Kensei, RandomBot

LEGAL_SHOWN = 12
"""How many of the legal commands offered at each step a trace keeps (every one of
them is a decision ``decide`` accepted)."""


@dataclass(frozen=True)
class GameSpec:
    seed: str
    armies: tuple[str, str]
    scenario: str = "pitched-battle"
    bots: tuple[str, str] = ("greedy", "random")
    max_commands: int = 10_000

    def setup(self) -> dict[str, Any]:
        return {"armies": {"A": self.armies[0], "B": self.armies[1]}, "scenario": self.scenario}


_BOTS = {"greedy": GreedyBot, "random": RandomBot}


@dataclass
class _Game:
    spec: GameSpec
    state: State
    bots: dict[str, Bot]
    trace: list[str] = field(default_factory=list)
    commands: int = 0
    over: bool = False


def _started(spec: GameSpec, kensei: Kensei) -> _Game:
    state = kensei.start(spec.setup(), SeededDice(spec.seed, 0))
    bots: dict[str, Bot] = {
        side: _BOTS[kind](f"{spec.seed}-{side}") for side, kind in zip("AB", spec.bots, strict=True)
    }
    game = _Game(spec, state, bots)
    game.trace.append(f"start {state_hash(state)}")
    return game


def _step(game: _Game, kensei: Kensei) -> None:
    """One command of the game: what it offered, chose and decided, in its trace."""
    prompt = kensei.prompt(game.state)
    if prompt is None or game.commands >= game.spec.max_commands:
        game.over = True
        return
    side = prompt.sides[0]
    offered = list(itertools.islice(kensei.legal(game.state, side), LEGAL_SHOWN))
    command = game.bots[side].choose(kensei, game.state, side)
    if command is None:
        raise RuntimeError(f"{game.spec}: no legal command for {side} ({prompt.kind})")
    game.commands += 1
    events = kensei.decide(game.state, command, SeededDice(game.spec.seed, game.commands))
    hashes = []
    for event in events:
        game.state = kensei.evolve(game.state, event)
        hashes.append(state_hash(game.state))
    game.trace.append(
        canonical_json(
            {
                "prompt": [prompt.kind, list(prompt.sides)],
                "offered": offered,
                "command": command,
                "events": events,
                "hashes": hashes,
            }
        )
    )


def trace_games(specs: list[GameSpec]) -> list[list[str]]:
    """Every game's trace, the games played in this process one command of each in turn."""
    kensei = Kensei()
    games = [_started(spec, kensei) for spec in specs]
    while not all(game.over for game in games):
        for game in games:
            if not game.over:
                _step(game, kensei)
    return [game.trace for game in games]


def _alone(spec: GameSpec) -> list[str]:
    return trace_games([spec])[0]


def trace_alone(specs: list[GameSpec], jobs: int = 2) -> list[list[str]]:
    """Each game's trace, each game played alone in an interpreter of its own."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context, max_tasks_per_child=1) as pool:
        return list(pool.map(_alone, specs))

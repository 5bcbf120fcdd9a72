"""Helpers for the Kensei rules tests: play bots to a given moment, then shape the table."""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping
from typing import Any

from engine.core import Command, Event, Prompt, SeededDice, State, state_hash
from engine.kensei.bots.players import GreedyBot, RandomBot
from engine.kensei.ruleset import Kensei

KENSEI = Kensei()
SETUP = {"armies": {"A": "buke-400", "B": "kuge-400"}}


def play(
    state: State,
    command: Command,
    *,
    seed: str = "test",
    index: int = 1,
    dice: Any = None,
    pass_offerings: bool = True,
) -> tuple[State, list[Event]]:
    """``command`` decided and applied. With ``pass_offerings``, the offering windows it
    opens are passed by both sides, on the same dice (so a test's entered or seeded
    faces go on as if no one had been asked); their events are among those returned."""
    dice = dice or SeededDice(seed, index)
    events = KENSEI.decide(state, command, dice)
    for event in events:
        state = KENSEI.evolve(state, event)
    while pass_offerings and state.get("offering") is not None:
        side = state["offering"]["asked"][0]
        passed = KENSEI.decide(state, {"type": "offering", "side": side, "action": "pass"}, dice)
        for event in passed:
            state = KENSEI.evolve(state, event)
        events += passed
    return state, events


def without_offerings(events: list[Event]) -> list[Event]:
    """The events of a decision, without the offering windows' (passed by :func:`play`)."""
    return [event for event in events if not event["type"].startswith("offering_")]


def bots_until(
    stop: Callable[[State], bool],
    *,
    setup: Mapping[str, Any] = SETUP,
    seed: str = "test",
    limit: int = 2000,
    offerings: bool = False,
) -> State:
    """Greedy bots play from the start until ``stop(state)`` holds. The offering windows
    are passed unless ``offerings``: then the bots answer them too."""
    state = KENSEI.start(dict(setup), SeededDice(seed, 0))
    bots = {"A": GreedyBot(seed), "B": GreedyBot(seed + "B")}
    for n in range(1, limit):
        if stop(state):
            return state
        prompt = KENSEI.prompt(state)
        assert prompt is not None, "the game ended first"
        command = bots[prompt.sides[0]].choose(KENSEI, state, prompt.sides[0])
        assert command is not None
        state, _ = play(state, command, seed=seed, index=n, pass_offerings=not offerings)
    raise AssertionError("never reached")


def waiting_for(kind: str, side: str | None = None) -> Callable[[State], bool]:
    def check(state: State) -> bool:
        prompt = KENSEI.prompt(state)
        return (
            prompt is not None and prompt.kind == kind and (side is None or prompt.sides[0] == side)
        )

    return check


def edited(state: State) -> State:
    """A private deep copy to shape the table for a test."""
    return copy.deepcopy(state)


def put(state: State, mid: str, x: int, y: int, facing: int) -> None:
    state["minis"][mid].update(x=x, y=y, facing=facing, placed=True, removed=False)


def clear_table(state: State, keep: tuple[str, ...]) -> None:
    """Park every unit but ``keep`` off to the sides (placed far apart, out of the way)."""
    slot = 0
    for uid, unit in state["units"].items():
        if uid in keep:
            continue
        for mid in unit["minis"]:
            slot += 1
            x = 300 + (slot % 40) * 290
            y = 300 if unit["side"] == "A" else 8700
            put(state, mid, x, y, 900 if unit["side"] == "A" else 2700)


def in_order(side: str = "A", unit: str | None = None, orders: int = 2) -> State:
    """A state where ``side`` must give an order to its active unit (``unit`` if given)."""
    state = edited(bots_until(waiting_for("order", side)))
    activation = state["activation"]
    if unit is not None:
        activation["units"][side] = unit
    activation["orders"][side] = orders
    activation["next"] = side
    activation["pending"] = None
    activation["ki_pending"] = []
    return state


def replay_hashes(setup: Mapping[str, Any], commands: list[Command], seed: str) -> list[str]:
    state = KENSEI.start(dict(setup), SeededDice(seed, 0))
    hashes = [state_hash(state)]
    for n, command in enumerate(commands, start=1):
        for event in KENSEI.decide(state, command, SeededDice(seed, n)):
            state = KENSEI.evolve(state, event)
            hashes.append(state_hash(state))
    return hashes


def bot_game(
    seed: str,
    setup: Mapping[str, Any] = SETUP,
    orders: Collection[str] | None = None,
    *,
    watch: Callable[[State, Prompt], None] | None = None,
) -> tuple[list[Command], list[str], State]:
    """A whole bot game (the bots limited to ``orders`` if given): its commands, the
    state hash after every event, the final state. ``watch`` sees every state the bots
    are asked to decide in, with its prompt, before they do."""
    state = KENSEI.start(dict(setup), SeededDice(seed, 0))
    bots = {"A": GreedyBot(seed, orders=orders), "B": RandomBot(seed, orders=orders)}
    commands: list[Command] = []
    hashes = [state_hash(state)]
    while (prompt := KENSEI.prompt(state)) is not None:
        if watch is not None:
            watch(state, prompt)
        command = bots[prompt.sides[0]].choose(KENSEI, state, prompt.sides[0])
        assert command is not None
        commands.append(command)
        for event in KENSEI.decide(state, command, SeededDice(seed, len(commands))):
            state = KENSEI.evolve(state, event)
            hashes.append(state_hash(state))
    return commands, hashes, state

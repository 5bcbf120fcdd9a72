"""Check that an engine change decides the same: record bot games, then re-decide them.

Not a benchmark and not a test: a tool for speed work on the Kensei engine, whose
outcomes must not change. ``record`` plays bot games from fixed seeds (GreedyBot
against RandomBot, as ``bench/kensei.py``: part-I games with ``PART_ONE_ORDERS`` and
full games) with the code on the path, and writes every command with the hash of
the events the engine decided for it and of the state after them. ``check`` replays
those commands from the same start through ``decide`` and ``evolve`` with the code on
the path now and reports the first command whose events or state differ; ``bots``
plays the games again with the bots, for changes that must not change how they play
either, and reports the first command they chose differently::

    PYTHONPATH=<old tree> python -m tests.support.kensei_equal record /tmp/games.json
    PYTHONPATH=<new tree> python -m tests.support.kensei_equal check /tmp/games.json
    PYTHONPATH=<new tree> python -m tests.support.kensei_equal bots /tmp/games.json

It also holds the compiled engine (``make compile``) to the interpreted one:
``tests/integration/test_compiled_engine.py`` records with the interpreted engine and
checks with the compiled one.

The bots are free to play differently after a change (they only choose the commands),
which is why ``check`` replays the recorded commands instead of playing again. Each
command is decided twice: once on the state as the replay built it (the board and
scene of the previous state reused) and once on a deep copy (everything built from
nothing, as on a server that has just loaded the game); both must give the recorded
events.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from collections.abc import Collection, Sequence
from typing import Any

from engine import kensei as kensei_package
from engine.core import Command, SeededDice, State
from engine.core.canonical import canonical_json, state_hash
from engine.kensei import PART_ONE_ORDERS, GreedyBot, Kensei, RandomBot

SETUP = {"armies": {"A": "buke-400", "B": "kuge-400"}, "scenario": "pitched-battle"}


def _events_hash(events: Sequence[Any]) -> str:
    return state_hash(list(events))


def record_game(
    seed: str, orders: Collection[str] | None, setup: dict[str, Any] | None = None
) -> dict[str, Any]:
    """One bot game (the benchmarks' set-up unless another is given): its seed, set-up,
    orders, and every command with its events' and state's hash."""
    kensei = Kensei()
    setup = setup or SETUP
    state = kensei.start(copy.deepcopy(setup), SeededDice(seed, 0))
    bots = {"A": GreedyBot(seed, orders=orders), "B": RandomBot(seed, orders=orders)}
    steps = []
    n = 0
    while (prompt := kensei.prompt(state)) is not None:
        side = prompt.sides[0]
        command = bots[side].choose(kensei, state, side)
        if command is None:
            raise RuntimeError(f"no legal command for {side} ({prompt.kind})")
        n += 1
        events = kensei.decide(state, command, SeededDice(seed, n))
        for event in events:
            state = kensei.evolve(state, event)
        steps.append(
            {
                "command": json.loads(canonical_json(command)),
                "events": _events_hash(events),
                "state": state_hash(state),
            }
        )
    return {
        "seed": seed,
        "setup": setup,
        "orders": sorted(orders) if orders else None,
        "steps": steps,
    }


def check_game(game: dict[str, Any]) -> list[str]:
    """Replays a recorded game's commands; returns the differences found (none: equal)."""
    kensei = Kensei()
    seed = game["seed"]
    state: State = kensei.start(copy.deepcopy(game.get("setup", SETUP)), SeededDice(seed, 0))
    for n, step in enumerate(game["steps"], start=1):
        command: Command = step["command"]
        fresh = copy.deepcopy(state)
        cold = kensei.decide(fresh, command, SeededDice(seed, n))
        events = kensei.decide(state, command, SeededDice(seed, n))
        where = f"{seed} command {n} ({command.get('type')} {command.get('order', '')})"
        if _events_hash(events) != step["events"]:
            return [f"{where}: events differ"]
        if _events_hash(cold) != step["events"]:
            return [f"{where}: events differ when decided on a freshly loaded state"]
        for event in events:
            state = kensei.evolve(state, event)
        if state_hash(state) != step["state"]:
            return [f"{where}: state differs"]
    return []


def same_play(game: dict[str, Any]) -> list[str]:
    """Plays a recorded game again with the bots; returns the first difference (none:
    the bots chose the same commands and the engine decided the same events)."""
    orders = frozenset(game["orders"]) if game["orders"] is not None else None
    again = record_game(game["seed"], orders, game.get("setup"))
    for n, (old, new) in enumerate(zip(game["steps"], again["steps"], strict=False), start=1):
        if old != new:
            return [f"{game['seed']} command {n}: the bots played differently"]
    if len(game["steps"]) != len(again["steps"]):
        return [f"{game['seed']}: {len(again['steps'])} commands, not {len(game['steps'])}"]
    return []


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("action", choices=["record", "check", "bots"])
    parser.add_argument("path")
    parser.add_argument("--games", type=int, default=4, help="games of each kind to record")
    parser.add_argument(
        "--varied",
        action="store_true",
        help="each game another sample set-up (armies, battle size, scenario), not the"
        " benchmarks' one",
    )
    args = parser.parse_args(argv)
    if args.action == "record":
        setups = Kensei().sample_setups() if args.varied else [SETUP]
        # A stride coprime with the number of set-ups, so few games still vary widely.
        picks = [setups[(n * 7) % len(setups)] for n in range(args.games)]
        games = [record_game(f"equal-{n}", PART_ONE_ORDERS, picks[n]) for n in range(args.games)]
        games += [record_game(f"equal-{n}", None, picks[n]) for n in range(args.games)]
        with open(args.path, "w", encoding="utf-8") as out:
            json.dump(games, out)
        commands = sum(len(game["steps"]) for game in games)
        build = "compiled" if kensei_package.compiled() else "interpreted"
        print(f"recorded {len(games)} games, {commands} commands, on the {build} engine")
        return 0
    with open(args.path, encoding="utf-8") as source:
        games = json.load(source)
    if args.action == "bots":
        failures = [failure for game in games for failure in same_play(game)]
    else:
        failures = [failure for game in games for failure in check_game(game)]
    for failure in failures:
        print(failure)
    commands = sum(len(game["steps"]) for game in games)
    verdict = "DIFFERENT" if failures else "equal"
    print(f"checked {len(games)} games, {commands} commands: {verdict}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

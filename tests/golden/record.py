"""Record the golden games in ``tests/golden/`` (run from the repository root)::

    python -m tests.golden.record [name ...]

Each game is played by its system's named bots (``Ruleset.bots()``) through
``GameRecords`` on the in-memory store and written as the ``shiai-game/1``
record the platform exports (``<name>.json``), with the state hash after every step beside it
(``<name>.hashes.json``). ``tests/integration/test_golden_records.py`` replays
them on every run: a change to the engine that alters any recorded game fails
there. Record them again only on purpose, when the rules deliberately change
what these games do, and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core import Dice, Ruleset, SeededDice, State, state_hash
from replays import registry
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from replays.verify import ENTERED, SEEDED

HERE = Path(__file__).parent
# The ruleset of a golden game, unless its entry names another ("ruleset": spec).
KENSEI = "engine.kensei:Kensei"
SENJUTSU = "engine.senjutsu:Senjutsu"
SAMURAI_BATTLES = "engine.samurai_battles:SamuraiBattles"
SKIRMISH = "engine.skirmish:Skirmish"


class _Recording(Dice):
    """Seeded dice that remember their faces, to enter them as a table-top game would."""

    def __init__(self, seed: str, index: int) -> None:
        self._dice = SeededDice(seed, index)
        self.faces: list[int] = []

    def roll(self, count: int, sides: int = 6) -> list[int]:
        faces = self._dice.roll(count, sides)
        self.faces.extend(faces)
        return faces


GAMES: Mapping[str, Mapping[str, Any]] = {
    "kensei-buke-kuge-400": {
        "setup": {"armies": {"A": "buke-400", "B": "kuge-400"}, "scenario": "pitched-battle"},
        "bots": ("greedy", "random"),
        "dice": SEEDED,
    },
    "kensei-sohei-otokodate-600": {
        "setup": {"armies": {"A": "sohei-600", "B": "otokodate-600"}, "scenario": "pitched-battle"},
        "bots": ("greedy", "greedy"),
        "dice": SEEDED,
    },
    "kensei-otokodate-buke-400-hold-the-shrine": {
        "setup": {"armies": {"A": "otokodate-400", "B": "buke-400"}, "scenario": "hold-the-shrine"},
        "bots": ("greedy", "greedy"),
        "dice": SEEDED,
    },
    "kensei-kuge-sohei-600-taking-heads": {
        "setup": {"armies": {"A": "kuge-600", "B": "sohei-600"}, "scenario": "taking-heads"},
        "bots": ("random", "greedy"),
        "dice": SEEDED,
    },
    "kensei-kuge-sohei-250-entered-dice": {
        "setup": {"armies": {"A": "kuge-250", "B": "sohei-250"}, "scenario": "pitched-battle"},
        "bots": ("random", "greedy"),
        "dice": ENTERED,
    },
    # Senjutsu: the Learn To Play duel (Student and Master on the snowy battlefield), a
    # three-player game and a solo duel, as the sample set-ups seat them.
    "senjutsu-student-master-duel": {
        "ruleset": SENJUTSU,
        "setup": {"sample": 0},
        "bots": ("lookahead", "random"),
        "dice": SEEDED,
    },
    "senjutsu-three-players": {
        "ruleset": SENJUTSU,
        "setup": {"sample": 2},
        "sides": ("A", "B", "C"),
        "bots": ("random", "lookahead", "random"),
        "dice": SEEDED,
    },
    # Solo: the Noblewoman against a matchlock ashigaru and a samurai boss (the
    # opponents act by the solo rules: never prompted, so no bot sits at their sides).
    "senjutsu-solo-two-opponents": {
        "ruleset": SENJUTSU,
        "setup": {"sample": 8},
        "sides": ("A",),
        "bots": ("lookahead",),
        "dice": SEEDED,
    },
    # Samurai Battles: written orders revealed together, each seed picked for what its
    # game shows (tests/unit/samurai_battles/test_sb_golden_records.py checks it still
    # does): assaults, Kill Zone shots and a broken army on the small scenario; an ambush
    # and a join up in the village battle; an ambush revealed and Kill Zones in another;
    # Fire and Retreat falling back at the river crossing.
    "samurai-battles-skirmish-at-dawn": {
        "ruleset": SAMURAI_BATTLES,
        "setup": {"scenario": "skirmish-at-dawn"},
        "sides": ("east", "west"),
        "bots": ("general", "general"),
        "dice": SEEDED,
        "seed": "golden-samurai-battles-skirmish-at-dawn-general-general-0",
    },
    "samurai-battles-village-battle-join-up": {
        "ruleset": SAMURAI_BATTLES,
        "setup": {"scenario": "village-battle"},
        "sides": ("east", "west"),
        "bots": ("general", "random"),
        "dice": SEEDED,
        "seed": "golden-samurai-battles-village-battle-general-random-0",
    },
    "samurai-battles-village-battle-ambush": {
        "ruleset": SAMURAI_BATTLES,
        "setup": {"scenario": "village-battle"},
        "sides": ("east", "west"),
        "bots": ("random", "general"),
        "dice": SEEDED,
        "seed": "golden-samurai-battles-village-battle-random-general-3",
    },
    "samurai-battles-river-crossing": {
        "ruleset": SAMURAI_BATTLES,
        "setup": {"scenario": "river-crossing"},
        "sides": ("east", "west"),
        "bots": ("random", "general"),
        "dice": SEEDED,
        "seed": "golden-samurai-battles-river-crossing-random-general-20",
    },
    # The samurai skirmish: one game of each sample scenario, each seed (of the first dozen)
    # picked for what its game shows (tests/unit/skirmish/test_sk_golden_records.py checks
    # it still does): charges, combats, Zen and a band wiped out at the temple gate; shooting
    # and a charge refused in the rice fields; a retreat and a group fleeing off the table
    # in the mountain pass.
    "skirmish-temple-gate": {
        "ruleset": SKIRMISH,
        "setup": {"scenario": "temple_gate"},
        "sides": ("a", "b"),
        "bots": ("veteran", "veteran"),
        "dice": SEEDED,
        "seed": "golden-skirmish-temple-gate-veteran-veteran-3",
    },
    "skirmish-rice-fields": {
        "ruleset": SKIRMISH,
        "setup": {"scenario": "rice_fields"},
        "sides": ("a", "b"),
        "bots": ("veteran", "random"),
        "dice": SEEDED,
        "seed": "golden-skirmish-rice-fields-veteran-random-0",
    },
    "skirmish-mountain-pass": {
        "ruleset": SKIRMISH,
        "setup": {"scenario": "mountain_pass"},
        "sides": ("a", "b"),
        "bots": ("random", "veteran"),
        "dice": SEEDED,
        "seed": "golden-skirmish-mountain-pass-random-veteran-6",
    },
}


def _setup(ruleset: Ruleset, spec: Mapping[str, Any]) -> dict[str, Any]:
    """A golden game's set-up: written out, or ``{"sample": k}``, the ruleset's k-th
    sample set-up (the record keeps the set-up itself, so a replay never asks again)."""
    setup = dict(spec["setup"])
    if set(setup) == {"sample"}:
        return dict(ruleset.sample_setups()[setup["sample"]])
    return setup


def record_game(name: str) -> tuple[dict[str, Any], list[str]]:
    """Play one golden game; its exported record and its state hash after every step."""
    spec = GAMES[name]
    ruleset: Ruleset = registry.load(spec.get("ruleset", KENSEI))
    setup = _setup(ruleset, spec)
    records = GameRecords(event_store_env(MEMORY), rulesets=[ruleset])
    # A game's seed is its name's unless its entry names one ("seed": the one whose game
    # shows what the record is kept for).
    seed = spec.get("seed", f"golden-{name}")
    named = ruleset.bots()
    sides = spec.get("sides", ("A", "B"))
    bots = {
        side: named[kind].build(f"{seed}-{side}")
        for side, kind in zip(sides, spec["bots"], strict=True)
    }
    entered = spec["dice"] == ENTERED
    start_dice: list[int] | None = None
    if entered:
        start = _Recording(seed, 0)
        ruleset.start(dict(setup), start)
        start_dice = start.faces
    game_id = records.start_game(
        ruleset.id,
        dict(setup),
        title=f"Golden game: {name}",
        dice_mode=spec["dice"],
        seed=None if entered else seed,
        start_dice=start_dice,
    )
    state: State = records.repository.get(game_id).state
    hashes = [state_hash(state)]
    while (prompt := ruleset.prompt(state)) is not None:
        side = prompt.sides[0]
        command = bots[side].choose(ruleset, state, side)
        if command is None:
            raise RuntimeError(f"{name}: no legal command for {side} at step {len(hashes) - 1}")
        faces = None
        if entered:
            dice = _Recording(seed, len(hashes))
            ruleset.decide(state, command, dice)
            faces = dice.faces
        steps = records.submit_command(game_id, command, expected_step=len(hashes) - 1, dice=faces)
        for step in steps:
            state = ruleset.evolve(state, step.event)
            hashes.append(state_hash(state))
    return records.export_record(game_id), hashes


def main(names: list[str]) -> None:
    for name in names or list(GAMES):
        record, hashes = record_game(name)
        (HERE / f"{name}.json").write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
        (HERE / f"{name}.hashes.json").write_text(json.dumps(hashes, indent=0) + "\n")
        print(f"{name}: {len(hashes) - 1} steps, {len(record['commands'])} commands")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Golden records: recorded, complete games of every system replayed on every run.

Each game in ``tests/golden/`` is a ``shiai-game/1`` record with the state hash
after every step as it was played: five Kensei battles (four seeded games and one
recorded with entered dice, as a table-top game would be; three scenarios; 250 to
600 points) and the other systems' games, each replayed by its own ruleset.
Here each is imported into every store (the import re-runs every command
through today's engine and refuses any event that differs), folded from its
events, and read back step by step from the store (snapshots included): all
must give the recorded hash at every step.
``python -m tests.golden.record`` writes them (see its text for when).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import Ruleset, state_hash
from replays import registry
from replays.record_file import validate_record
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from replays.verify import ENTERED, start_state
from shiai.migrations import upgrade
from shiai.services import BUILTIN_RULESETS

GOLDEN = Path(__file__).parent.parent / "golden"
NAMES = sorted(
    p.name.removesuffix(".json") for p in GOLDEN.glob("*.json") if ".hashes" not in p.name
)
RULESETS: dict[str, Ruleset] = {
    ruleset.id: ruleset for ruleset in (registry.load(spec) for spec in BUILTIN_RULESETS)
}
KENSEI_NAMES = [name for name in NAMES if name.startswith("kensei-")]


def load(name: str) -> tuple[dict[str, Any], list[str]]:
    record = json.loads((GOLDEN / f"{name}.json").read_text())
    hashes = json.loads((GOLDEN / f"{name}.hashes.json").read_text())
    return record, hashes


def ruleset_of(record: dict[str, Any]) -> Ruleset:
    return RULESETS[record["ruleset"]]


@pytest.fixture
def golden_records(store_url: str) -> Iterator[GameRecords]:
    if store_url != MEMORY:
        upgrade(store_url)
    app = GameRecords(event_store_env(store_url), rulesets=list(RULESETS.values()))
    yield app
    app.close()


def test_five_golden_complete_kensei_battles_of_each_kind() -> None:
    assert len(KENSEI_NAMES) == 5
    records = [load(name)[0] for name in KENSEI_NAMES]
    modes = [record["dice"]["mode"] for record in records]
    assert ENTERED in modes
    assert modes.count("seeded") == 4
    assert all(record["outcome"] is not None for record in records)
    scenarios = {record["setup"]["scenario"] for record in records}
    assert {"pitched-battle", "hold-the-shrine", "taking-heads"} <= scenarios


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_folds_to_its_hashes(name: str) -> None:
    record, hashes = load(name)
    validate_record(record)
    ruleset = ruleset_of(record)
    dice = record["dice"]
    state = start_state(ruleset, record["setup"], dice["mode"], dice["seed"], dice["start_dice"])
    assert state_hash(state) == record["initial_state_hash"] == hashes[0]
    step = 0
    for command in record["commands"]:
        for entry in command["events"]:
            step += 1
            assert entry["step"] == step
            state = ruleset.evolve(state, entry["event"])
            assert state_hash(state) == hashes[step], f"{name}: step {step} differs"
    assert step == len(hashes) - 1
    assert state_hash(state) == record["final_state_hash"]
    outcome = ruleset.outcome(state)
    assert outcome is not None
    assert outcome.to_dict() == record["outcome"]


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_replays_through_the_engine_and_every_store(
    name: str, golden_records: GameRecords
) -> None:
    record, hashes = load(name)
    game_id = golden_records.import_record(record)
    for step, expected in enumerate(hashes):
        shown = golden_records.state_at(game_id, step)
        assert shown.hash == expected, f"{name}: step {step} differs after a store round trip"
    exported = golden_records.export_record(game_id)
    assert exported["commands"] == record["commands"]
    assert exported["final_state_hash"] == record["final_state_hash"]

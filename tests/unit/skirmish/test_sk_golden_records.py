"""The skirmish golden records (``tests/golden/skirmish-*.json``) show what they are kept
for: one game of every sample scenario, played to its end, and between them charges,
shots, close combats won and lost with their wound rolls, Courage tests, a group fleeing,
and heroic actions declared with Zen tokens. ``tests/integration/test_golden_records.py``
replays each on every store with its hashes; this checks that a re-recording
(``python -m tests.golden.record skirmish-...``) still records games worth keeping."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).parents[2] / "golden"
NAMES = sorted(p.stem for p in GOLDEN.glob("skirmish-*.json") if ".hashes" not in p.name)


def record(name: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return found


def events(name: str) -> Iterator[dict[str, Any]]:
    for command in record(name)["commands"]:
        for entry in command["events"]:
            yield entry["event"]


def kinds(name: str) -> set[str]:
    return {event["type"] for event in events(name)}


def test_a_skirmish_golden_record_of_every_sample_scenario() -> None:
    assert len(NAMES) >= 3
    scenarios = {record(name)["setup"]["scenario"] for name in NAMES}
    assert scenarios == {"temple_gate", "rice_fields", "mountain_pass"}


@pytest.mark.parametrize("name", NAMES)
def test_each_golden_skirmish_is_played_to_its_end_with_its_hashes(name: str) -> None:
    played = record(name)
    assert played["ruleset"] == "skirmish"
    assert played["outcome"] is not None
    hashes = json.loads((GOLDEN / f"{name}.hashes.json").read_text(encoding="utf-8"))
    assert len(hashes) == 1 + sum(len(command["events"]) for command in played["commands"])
    assert "game_over" in kinds(name)
    assert {"deployed", "initiative_rolled", "phase_began", "turn_ended"} <= kinds(name)


def test_between_them_the_records_show_the_whole_turn() -> None:
    shown = set().union(*(kinds(name) for name in NAMES))
    wanted = {"moved", "charged", "shot", "combat_fought", "wound_rolls", "killed", "retreated"}
    assert wanted <= shown, f"missing {sorted(wanted - shown)}"


def test_between_them_the_records_show_morale_and_heroes() -> None:
    shown = set().union(*(kinds(name) for name in NAMES))
    wanted = {"courage_tested", "fled", "left_table", "heroic_declared"}
    assert wanted <= shown, f"missing {sorted(wanted - shown)}"


def test_the_temple_gate_is_won_by_annihilation_after_charges_and_zen() -> None:
    name = "skirmish-temple-gate"
    assert record(name)["outcome"]["termination"] == "annihilation"
    assert {"charged", "combat_fought", "heroic_declared", "zen_used"} <= kinds(name)


def test_the_rice_fields_show_shooting_and_a_charge_refused() -> None:
    name = "skirmish-rice-fields"
    assert record(name)["outcome"]["termination"] == "turn_limit"
    assert {"shot", "charge_refused", "courage_tested"} <= kinds(name)


def test_the_mountain_pass_shows_a_retreat_and_a_group_fleeing_off_the_table() -> None:
    name = "skirmish-mountain-pass"
    assert {"retreated", "fled", "left_table", "shot"} <= kinds(name)

"""The Samurai Battles golden records (``tests/golden/samurai-battles-*.json``) show what
they are kept for: between them, assaults, Kill Zone shots, an ambush hidden and revealed,
a join up, Fire and Retreat falling back, and a battle won by breaking the enemy army.
``tests/integration/test_golden_records.py`` replays each on every store with its hashes;
this checks that a re-recording (``python -m tests.golden.record``) still records games
worth keeping."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).parents[2] / "golden"
NAMES = sorted(p.stem for p in GOLDEN.glob("samurai-battles-*.json") if ".hashes" not in p.name)


def record(name: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return found


def events(name: str) -> Iterator[dict[str, Any]]:
    for command in record(name)["commands"]:
        for entry in command["events"]:
            yield entry["event"]


def kinds(name: str) -> set[str]:
    return {event["type"] for event in events(name)}


def test_at_least_three_samurai_battles_golden_records_of_every_scenario() -> None:
    assert len(NAMES) >= 3
    scenarios = {record(name)["setup"]["scenario"] for name in NAMES}
    assert scenarios == {"skirmish-at-dawn", "river-crossing", "village-battle"}


@pytest.mark.parametrize("name", NAMES)
def test_each_golden_battle_is_played_to_its_end_with_its_hashes(name: str) -> None:
    played = record(name)
    assert played["ruleset"] == "samurai-battles"
    assert played["outcome"] is not None
    hashes = json.loads((GOLDEN / f"{name}.hashes.json").read_text(encoding="utf-8"))
    assert len(hashes) == 1 + sum(len(command["events"]) for command in played["commands"])
    assert "game_ended" in kinds(name)


def test_the_skirmish_shows_assaults_kill_zones_and_a_broken_army() -> None:
    name = "samurai-battles-skirmish-at-dawn"
    assert any(e["type"] == "engaged" and e.get("assault") for e in events(name))
    assert any(e["type"] == "fired" and e["kill_zone"] for e in events(name))
    assert record(name)["outcome"]["termination"] == "victory_condition"


def test_a_village_battle_shows_a_join_up() -> None:
    assert "joined" in kinds("samurai-battles-village-battle-join-up")


def test_a_village_battle_shows_an_ambush_revealed_and_kill_zones() -> None:
    name = "samurai-battles-village-battle-ambush"
    assert {"hidden", "revealed"} <= kinds(name)
    assert any(e["type"] == "fired" and e["kill_zone"] for e in events(name))


def test_the_river_crossing_shows_fire_and_retreat_falling_back() -> None:
    assert "fell_back" in kinds("samurai-battles-river-crossing")

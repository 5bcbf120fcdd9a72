"""Army lists at an event: catalogue factions and the engine's verdict on a list."""

import json
from collections.abc import Mapping
from typing import Any

import pytest

from engine.kensei import load_catalogue, sample_army_document, sample_army_names
from shiai import army_lists
from shiai.army_lists import (
    RULE_FORMAT,
    catalogue_document,
    check_army_list,
    check_to_dict,
    factions,
    knows_lists,
    violation_parts,
)
from shiai.systems import SystemPlugin
from shiai.systems.kensei_lists import points
from tests.support.dice_race import DiceRace


def test_factions_are_the_catalogue_ones_by_name() -> None:
    assert [f.id for f in factions("kensei")] == ["buke", "kuge", "otokodate", "sohei"]
    # A system without a list book: the factions its ruleset names (Senjutsu's
    # characters), so registration takes no free text for it either.
    assert [f.name for f in factions("Senjutsu")] == [
        "Master",
        "Noblewoman",
        "Ronin",
        "Student",
        "Warrior",
    ]
    assert not knows_lists("senjutsu")
    assert factions("no-such-system") == ()
    assert knows_lists(" Kensei ")


@pytest.mark.parametrize("name", sample_army_names())
def test_every_sample_list_is_valid_and_costs_at_most_its_size(name: str) -> None:
    document = sample_army_document(name)
    check = check_army_list("kensei", json.dumps(document), battle_size=document["battle_size"])
    assert check.ok, check.violations
    assert check.faction == document["faction"]
    assert 0 < points(document) <= document["battle_size"]


def test_a_list_for_another_battle_size_is_a_violation() -> None:
    check = check_army_list("kensei", json.dumps(sample_army_document("kuge-250")), battle_size=400)
    assert check.violations == (
        "army-creation.battle-size: the list is for 250 points; this event plays 400",
    )


def test_an_over_budget_list_lists_the_total_cost_rule() -> None:
    document = sample_army_document("buke-250")
    document["units"][1]["count"] += 40
    check = check_army_list("kensei", json.dumps(document))
    assert any(v.startswith("army-creation.total-cost:") for v in check.violations)
    assert check.points == points(document) > 250


@pytest.mark.parametrize("text", ["", "[1]", "{", '{"faction": 1}', "x" * 30_000])
def test_malformed_lists_are_refused_with_a_reason(text: str) -> None:
    check = check_army_list("kensei", text)
    assert not check.ok
    assert check.document is None


def test_a_violation_splits_into_its_rule_and_message() -> None:
    assert violation_parts("army-creation.total-cost: the army costs 410 points") == (
        "army-creation.total-cost",
        "the army costs 410 points",
    )
    assert violation_parts("army list: $.units: 3 is not of type 'array'") == (
        RULE_FORMAT,
        "army list: $.units: 3 is not of type 'array'",
    )


def test_the_builders_catalogue_is_the_engines() -> None:
    document = catalogue_document("kensei")
    assert document is not None
    assert catalogue_document("senjutsu") is None
    engine = load_catalogue()
    troops = {t["id"]: t for f in document["factions"] for t in f["troops"]}
    assert set(troops) == set(engine.troops)
    for troop_id, troop in troops.items():
        profile = engine.troops[troop_id]
        assert (troop["cost"], troop["leader"], troop["unique"], troop["type"]) == (
            profile.cost,
            profile.leader,
            profile.unique,
            profile.type,
        )
    json.dumps(document)  # plain JSON data


def test_check_to_dict_names_the_faction_and_every_rule() -> None:
    document = sample_army_document("sohei-250")
    document["commander_level"] = 7
    verdict = check_to_dict("kensei", check_army_list("kensei", json.dumps(document)))
    assert verdict["faction_name"] == "Sohei"
    assert [v["rule"] for v in verdict["violations"]] == ["army-creation.commander-level"]


def test_a_system_s_lists_come_from_its_plug_in_and_an_app_installs_more() -> None:
    class RaceLists:
        def factions(self) -> tuple[army_lists.FactionChoice, ...]:
            return (army_lists.FactionChoice("hares", "Hares"),)

        def check(
            self, document: Mapping[str, Any], battle_size: int | None
        ) -> army_lists.ListCheck:
            return army_lists.ListCheck(document.get("faction"), 0, ())

        def catalogue_document(self) -> dict[str, object]:
            return {"factions": []}

    class RacePlugin(SystemPlugin):
        def army_lists(self) -> RaceLists:
            return RaceLists()

    assert not knows_lists("dice-race")
    army_lists.install([RacePlugin(DiceRace())])
    try:
        assert [f.name for f in factions("Dice-Race")] == ["Hares"]
        assert check_army_list("dice-race", '{"faction": "hares"}').ok
        assert army_lists.systems_with_lists() == ["dice-race", "kensei"]
    finally:
        army_lists._installed.pop("dice-race")
    assert not knows_lists("dice-race")

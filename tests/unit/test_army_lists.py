"""Army lists at an event: catalogue factions and the engine's verdict on a list."""

import json

import pytest

from engine.kensei.catalogue import sample_army_document, sample_army_names
from shiai.army_lists import check_army_list, factions, knows_lists, points


def test_factions_are_the_catalogue_ones_by_name() -> None:
    assert [f.id for f in factions("kensei")] == ["buke", "kuge", "otokodate", "sohei"]
    assert factions("Senjutsu") == ()
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

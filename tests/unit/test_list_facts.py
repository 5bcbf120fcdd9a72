"""A submitted army list read through its system's catalogue for the meta: Kensei's
sample lists as system-neutral summaries (faction, name, points, commander level,
entries), their signatures, and the lists nothing can read."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.kensei import load_catalogue, sample_army_document, sample_army_names
from shiai.list_facts import read_list
from shiai.systems.kensei_lists import KenseiLists, points


def _summary(document: dict[str, Any]) -> Any:
    return read_list("kensei", json.dumps(document))


@pytest.mark.parametrize("name", sample_army_names())
def test_every_sample_list_reads_as_its_units_leaders_and_points(name: str) -> None:
    document = sample_army_document(name)
    catalogue = load_catalogue()
    summary = _summary(document)
    assert summary is not None
    assert (summary.faction, summary.name) == (document["faction"], document["name"])
    assert summary.commander_level == document["commander_level"]
    assert summary.points == points(document)
    # An entry per unit, then one per leader deployed alone, in the list's order.
    troops = [unit["troop"] for unit in document["units"]]
    troops += [leader["troop"] for leader in document["leaders"]]
    assert [entry.unit for entry in summary.entries] == troops
    assert [entry.count for entry in summary.entries] == [
        *(unit["count"] for unit in document["units"]),
        *(1 for _ in document["leaders"]),
    ]
    for entry in summary.entries:
        troop = catalogue.troops[entry.unit]
        assert (entry.name, entry.unit_type) == (troop.name, troop.type)
        assert entry.unit_class == catalogue.classes[troop.troop_class].name
    # The entries' costs and the commander level's make the list's points.
    level = catalogue.rules.commander_level(document["commander_level"])
    assert sum(entry.cost for entry in summary.entries) + (level.cost if level else 0) == (
        summary.points
    )


def test_an_entry_names_its_unit_leader_and_the_general() -> None:
    summary = _summary(sample_army_document("buke-400"))
    mounted, *_, gunbugyo = summary.entries
    assert mounted.options == ("leader=buke_daimyo", "general")
    assert mounted.details == "led by Daimyo, the general leads it"
    # 4 mounted samurai at 20 and the Daimyo at 65.
    assert mounted.cost == 4 * 20 + 65
    assert (gunbugyo.options, gunbugyo.details, gunbugyo.count) == (("alone",), "alone", 1)


def test_the_same_list_under_another_name_and_order_has_the_same_signature() -> None:
    document = sample_army_document("kuge-400")
    renamed = document | {"name": "Court guard", "units": list(reversed(document["units"]))}
    assert _summary(renamed).signature == _summary(document).signature
    assert len(_summary(document).signature) == 64


def test_another_size_leader_or_commander_level_is_another_list() -> None:
    document = sample_army_document("buke-400")
    base = _summary(document).signature
    more = [dict(unit) for unit in document["units"]]
    more[1]["count"] += 1
    unled = [dict(unit) for unit in document["units"]]
    del unled[3]["leader"]
    for changed in (
        document | {"units": more},
        document | {"units": unled},
        document | {"commander_level": document["commander_level"] + 1},
    ):
        assert _summary(changed).signature != base


def test_a_list_that_breaks_the_army_rules_is_still_read() -> None:
    document = sample_army_document("buke-400") | {"battle_size": 250}
    summary = _summary(document)
    assert summary is not None
    assert summary.points == points(document)


def test_an_unknown_troop_is_named_by_its_id_at_no_cost() -> None:
    document = dict(sample_army_document("sohei-250"))
    document["units"] = [*document["units"], {"troop": "sohei_dragon", "count": 2}]
    entry = _summary(document).entries[len(document["units"]) - 1]
    assert (entry.unit, entry.name, entry.cost, entry.unit_type) == (
        "sohei_dragon",
        "sohei_dragon",
        0,
        "",
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "not json",
        "[1, 2]",
        json.dumps({"faction": "buke"}),  # not the schema's
        json.dumps(sample_army_document("buke-400") | {"faction": "tengu"}),  # no such faction
        json.dumps(sample_army_document("buke-400") | {"name": "x" * 20_001}),  # over the limit
    ],
)
def test_a_list_the_engine_cannot_read_gives_no_facts(text: str) -> None:
    assert read_list("kensei", text) is None


def test_a_system_without_a_catalogue_has_no_list_facts() -> None:
    assert read_list("senjutsu", json.dumps(sample_army_document("buke-400"))) is None
    assert read_list("no-such-system", "{}") is None


def test_the_kensei_book_reads_a_parsed_document() -> None:
    assert KenseiLists().summary({"faction": 3}) is None

"""Kensei army creation (living rules 2020: Army creation; Troops and Units > Units,
Army leader, Unit leader, Army general).

Each test is named after the paragraph it checks and shows both a list the rule
accepts and one it refuses, with the message a player reads.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.canonical import canonical_json
from engine.kensei.army.catalogue import (
    ArmyList,
    ArmyListLeader,
    ArmyListUnit,
    Catalogue,
    catalogue_from_documents,
    load_army_list,
    load_catalogue,
    load_sample_army,
    read_documents,
    sample_army_names,
)
from engine.kensei.army.validation import (
    ArmyInvalid,
    Violation,
    army_to_dict,
    build_army,
    validate_army,
)


def buke(**changes: Any) -> dict[str, Any]:
    """A valid 400-point Buke list (322 points of troops, 332 with commander level 1)."""
    document: dict[str, Any] = {
        "faction": "buke",
        "battle_size": 400,
        "commander_level": 1,
        "name": "Test vanguard",
        "general": "buke_hatamoto",
        "units": [
            {"troop": "buke_samurai", "count": 5, "leader": "buke_hatamoto"},
            {"troop": "buke_ashigaru_yari", "count": 12},
            {"troop": "buke_ashigaru_teppo", "count": 6, "leader": "buke_teppo_taisho"},
            {"troop": "buke_mounted_samurai", "count": 3},
        ],
        "leaders": [{"troop": "buke_gunbugyo"}],
    }
    document.update(changes)
    return document


def check(document: dict[str, Any], catalogue: Catalogue | None = None) -> list[Violation]:
    return validate_army(load_army_list(document), catalogue)


def rules_of(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


@cache
def extended() -> Catalogue:
    """The sample catalogue plus Buke troops that exercise the unit-leader rules."""
    docs = copy.deepcopy(read_documents())
    base = {
        "titles": [],
        "abilities": [],
        "equipment": {"melee": ["tanto"], "ranged": []},
        "unique": True,
        "leader": True,
        "volume": 1,
        "base": {"shape": "round", "size_mm": 25},
    }
    spirit = {"mov_foot": 10, "mov_mounted": 15, "at_melee": 1, "at_ranged": 0, "ini": 2, "wo": 2}
    docs["factions/buke.json"]["troops"] += [
        base
        | {"id": "buke_sergeant", "name": "Sergeant", "class": "P", "type": "infantry", "cost": 8},
        base
        | {"id": "buke_oni_lord", "name": "Oni lord", "class": "C", "type": "creature", "cost": 90},
        base
        | {
            "id": "buke_oni_brutes",
            "name": "Oni brutes",
            "class": "I",
            "type": "creature",
            "cost": 10,
            "leader": False,
            "unique": False,
        },
        base
        | {
            "id": "buke_onmyouji_a",
            "name": "Onmyouji of fire",
            "class": "O",
            "type": "spiritual",
            "cost": 20,
            "leader": False,
            "attributes": spirit | {"ho": 4},
        },
        base
        | {
            "id": "buke_onmyouji_b",
            "name": "Onmyouji of water",
            "class": "O",
            "type": "spiritual",
            "cost": 20,
            "leader": False,
            "attributes": spirit | {"ho": 4},
        },
        base
        | {
            "id": "buke_komuso_master",
            "name": "Komuso master",
            "class": "K",
            "type": "spiritual",
            "cost": 20,
            "attributes": spirit | {"ho": 5},
        },
    ]
    return catalogue_from_documents(docs)


# --- shipped samples ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sample_army_names())
def test_every_sample_army_validates(name: str) -> None:
    army_list = load_sample_army(name)
    assert validate_army(army_list) == []
    army = build_army(army_list)
    assert army.total_cost <= army.battle_size == int(name.rsplit("-", 1)[1])
    miniatures = sum(len(unit.miniatures) for unit in army.units)
    if army.battle_size >= 400:  # "an army of between 30 and 60 miniatures"
        assert 30 <= miniatures <= 60


def test_sample_armies_for_four_factions_at_250_400_600() -> None:
    assert sample_army_names() == tuple(
        sorted(f"{f}-{s}" for f in ("buke", "kuge", "otokodate", "sohei") for s in (250, 400, 600))
    )


# --- Army creation > 1. Choose your faction ---------------------------------------------------


def test_army_creation_choose_faction_known_factions_only() -> None:
    assert check(buke()) == []
    assert check(buke(faction="hattori")) == [
        Violation(
            "army-creation.faction",
            "unknown faction 'hattori' (factions: buke, kuge, otokodate, sohei)",
        )
    ]


def test_army_creation_choose_faction_troops_from_the_army_faction_only() -> None:
    document = buke()
    document["units"][1] = {"troop": "kuge_ashigaru", "count": 12}
    document["units"].append({"troop": "buke_ronin", "count": 3})
    assert check(document) == [
        Violation(
            "army-creation.faction-troops",
            "Court ashigaru (kuge_ashigaru) belongs to the Kuge list, not to Buke",
            1,
        ),
        Violation("army-creation.faction-troops", "unknown troop 'buke_ronin'", 4),
    ]


# --- Army creation > 2. Choose the battle size ----------------------------------------------


def test_army_creation_choose_battle_size_between_200_and_1000() -> None:
    assert check(buke(battle_size=1000)) == []
    small = buke(battle_size=199, units=[buke()["units"][0]], leaders=[])
    assert rules_of(check(small)) == ["army-creation.battle-size"]
    assert check(small)[0].message == "battle size 199 is outside 200-1000 points"
    assert rules_of(check(buke(battle_size=1001))) == ["army-creation.battle-size"]


def test_army_creation_choose_battle_size_total_cost_within_size() -> None:
    # 322 points of troops + 10 for commander level 1
    assert check(buke(battle_size=332)) == []
    assert check(buke(battle_size=331)) == [
        Violation(
            "army-creation.total-cost",
            "the army costs 332 points (322 for troops + 10 for commander level 1), more than "
            "the battle size of 331",
        )
    ]


# --- Army creation > 3. Choose your Commander level --------------------------------------------


def test_army_creation_commander_level_costs_0_10_20_points() -> None:
    assert build_army(load_army_list(buke(commander_level=0))).total_cost == 322
    assert build_army(load_army_list(buke(commander_level=1))).total_cost == 332
    army = build_army(load_army_list(buke(commander_level=2)))
    assert (army.commander_level, army.commander_cost, army.total_cost) == (2, 20, 342)
    assert rules_of(check(buke(commander_level=2, battle_size=341))) == ["army-creation.total-cost"]


def test_army_creation_commander_level_3_is_read_as_level_2() -> None:
    assert check(buke(commander_level=3)) == [
        Violation(
            "army-creation.commander-level", "commander level 3 does not exist (levels: 0, 1, 2)"
        )
    ]


# --- Army creation > 4. Add your army general; Troops and Units > Army general ---------------


def test_army_general_must_be_hero_leader() -> None:
    assert check(buke(general="buke_gunbugyo")) == [
        Violation(
            "army-creation.general",
            "the general Gunbugyo (buke_gunbugyo) must be a Hero with the Army leader rank, "
            "not class E (Elite)",
        )
    ]


def test_army_general_must_be_one_of_the_leaders() -> None:
    assert check(buke(general="buke_daimyo")) == [
        Violation(
            "army-creation.general",
            "the general 'buke_daimyo' is not among the army's leaders (alone or leading a unit)",
        )
    ]


def test_army_general_leads_a_unit_or_acts_alone() -> None:
    inside = build_army(load_army_list(buke()))
    assert inside.general == "u1.m6"
    alone = buke(leaders=[{"troop": "buke_hatamoto"}])
    alone["units"][0] = {"troop": "buke_samurai", "count": 5, "leader": "buke_gunbugyo"}
    army = build_army(load_army_list(alone))
    assert army.general == "u5.m1"
    assert army.units[4].alone


# --- Troops and Units > Army leader -----------------------------------------------------------


def test_army_leader_rank_needed_to_act_alone_or_lead_a_unit() -> None:
    document = buke(leaders=[{"troop": "buke_gunbugyo"}, {"troop": "buke_ninja"}])
    document["units"][1]["leader"] = "buke_samurai"
    assert check(document) == [
        Violation(
            "army-leader.rank",
            "Samurai (buke_samurai) has no Army leader rank and cannot lead unit u2 "
            "(Ashigaru yari)",
            1,
        ),
        Violation(
            "army-leader.rank",
            "Ninja (buke_ninja) has no Army leader rank and cannot act alone as a leader",
            5,
        ),
    ]


def test_army_leader_deploys_alone_or_inside_a_unit_not_as_a_unit() -> None:
    document = buke()
    document["units"].append({"troop": "buke_gunbugyo", "count": 1})
    document["leaders"] = []
    assert check(document) == [
        Violation(
            "army-leader.alone-or-unit-leader",
            "Gunbugyo (buke_gunbugyo) is an army leader: list it under leaders (alone) or as "
            "the leader of a unit, not as a unit of its own",
            4,
        )
    ]


def test_army_leader_is_always_unique() -> None:
    document = buke(leaders=[{"troop": "buke_gunbugyo"}, {"troop": "buke_hatamoto"}])
    assert check(document) == [
        Violation(
            "troop-profile.availability",
            "Hatamoto (buke_hatamoto) is unique (army leaders are always unique) but the list "
            "has 2",
            0,
        )
    ]


# --- Troops and Units > Troop profile > Availability; Units ----------------------------------


def test_troop_profile_availability_unique_at_most_once() -> None:
    document = buke(battle_size=600)
    document["units"].append({"troop": "buke_komuso", "count": 1})
    assert check(document) == []
    document["units"][-1]["count"] = 2
    assert check(document) == [
        Violation(
            "troop-profile.availability",
            "Komuso (buke_komuso) is unique (it is always unique) but the list has 2",
            4,
        )
    ]


def test_units_at_least_three_miniatures_except_unique() -> None:
    document = buke()
    document["units"][3]["count"] = 2
    document["units"].append({"troop": "buke_komuso", "count": 1})  # unique: a unit of one
    assert check(document) == [
        Violation(
            "units.minimum-size",
            "unit u4 (Mounted samurai) has 2 miniature(s); units of Mounted samurai need at "
            "least 3",
            3,
        )
    ]


def test_units_minimum_size_does_not_count_the_unit_leader() -> None:
    document = buke()
    document["units"][0]["count"] = 2  # 2 samurai + the Hatamoto
    assert rules_of(check(document)) == ["units.minimum-size"]


# --- Army creation > 5. Add your units (type caps) -------------------------------------------


def test_army_creation_add_units_type_caps_from_faction_data() -> None:
    document = buke(battle_size=600)
    document["units"][3]["count"] = 10  # 200 points; the cap is 35% of 600 = 210
    assert check(document) == []
    document["units"][3]["count"] = 11
    assert check(document) == [
        Violation(
            "army-creation.type-caps",
            "220 points of mounted troops exceed the Buke cap of 35% of 600 = 210 points",
        )
    ]


def test_army_creation_general_and_leaders_do_not_count_toward_type_caps() -> None:
    document = buke(battle_size=600, general="buke_daimyo")
    document["units"][3] = {"troop": "buke_mounted_samurai", "count": 10, "leader": "buke_daimyo"}
    assert check(document) == []  # 200 points of mounted troops plus a 65-point mounted leader


def test_army_creation_type_caps_in_points_by_battle_size() -> None:
    document: dict[str, Any] = {
        "faction": "kuge",
        "battle_size": 300,
        "commander_level": 0,
        "name": "Court",
        "general": "kuge_kampaku",
        "units": [
            {"troop": "kuge_palace_guard", "count": 5, "leader": "kuge_kampaku"},
            {"troop": "kuge_onmyouji", "count": 1},
        ],
        "leaders": [],
    }
    assert check(document) == []  # 35 points: Kuge allow 60 spiritual points up to 1000
    document["battle_size"] = 250
    assert check(document) == [
        Violation(
            "army-creation.type-caps",
            "35 points of spiritual troops exceed the Kuge cap of 30 points at 250",
        )
    ]


# --- Troops and Units > Unit leader ------------------------------------------------------------


def test_unit_leader_only_one_leader_per_unit() -> None:
    document = buke(leaders=[])
    document["units"][0]["leader"] = ["buke_hatamoto", "buke_gunbugyo"]
    assert check(document) == [
        Violation(
            "unit-leader.one-leader",
            "unit u1 (Samurai) has 2 leaders; there cannot be another leader in a unit",
            0,
        )
    ]


def test_unit_leader_class_equal_or_greater() -> None:
    document = buke()
    document["units"][1]["leader"] = "buke_sergeant"  # Peasant leads Peasants
    assert check(document, extended()) == []
    document["units"][1].pop("leader")
    document["units"][0]["leader"] = "buke_sergeant"
    document["leaders"].append({"troop": "buke_hatamoto"})
    assert check(document, extended()) == [
        Violation(
            "unit-leader.class",
            "Sergeant (buke_sergeant) (class Peasant) cannot lead unit u1 (Samurai) (class "
            "Elite): the leader's class must be equal to or greater than the unit's",
            0,
        )
    ]


def test_unit_leader_same_type() -> None:
    document = buke(general="buke_daimyo")
    document["units"][0]["leader"] = "buke_daimyo"
    document["leaders"].append({"troop": "buke_hatamoto"})
    assert check(document) == [
        Violation(
            "unit-leader.type",
            "Daimyo (buke_daimyo) (mounted) cannot lead unit u1 (Samurai) (infantry): a unit "
            "leader must be of the same type",
            0,
        )
    ]


def test_unit_leader_missile_weapons_same_range() -> None:
    document = buke()
    document["units"][2]["troop"] = "buke_ashigaru_yumi"  # long range, like the Teppo taisho
    assert check(document) == []
    document["units"][0]["leader"] = "buke_teppo_taisho"
    document["units"][2]["leader"] = "buke_hatamoto"
    assert check(document) == [
        Violation(
            "unit-leader.missile-weapons",
            "Hatamoto (buke_hatamoto) cannot lead unit u3 (Ashigaru yumi): the unit has "
            "long-range missile weapons and its leader must carry one of the same range",
            2,
        )
    ]


def test_unit_leader_never_colossal_komuso_onmyouji() -> None:
    document = buke(battle_size=600)
    document["units"].append({"troop": "buke_oni_brutes", "count": 3, "leader": "buke_oni_lord"})
    violations = check(document, extended())
    assert violations == [
        Violation(
            "unit-leader.never-lead",
            "Oni lord (buke_oni_lord) cannot lead unit u5 (Oni brutes): Colossal creatures, "
            "Komuso and Onmyouji cannot be unit leaders",
            4,
        )
    ]
    document["units"][-1] = {"troop": "buke_onmyouji_a", "count": 1, "leader": "buke_komuso_master"}
    assert rules_of(check(document, extended())) == [
        "unit-leader.never-lead",
        "army-creation.spiritual-troops",
    ]


def test_unit_leader_faction_list_of_troops_that_never_lead() -> None:
    document = {
        "faction": "kuge",
        "battle_size": 250,
        "commander_level": 0,
        "name": "Court",
        "general": "kuge_kampaku",
        "units": [{"troop": "kuge_palace_guard", "count": 5, "leader": "kuge_chamberlain"}],
        "leaders": [{"troop": "kuge_kampaku"}],
    }
    assert check(document) == [
        Violation(
            "unit-leader.never-lead",
            "Chamberlain (kuge_chamberlain) cannot lead unit u1 (Palace guard): the Kuge list "
            "says it never leads",
            0,
        )
    ]


# --- Army creation > 6. Spiritual troops ---------------------------------------------------


def test_army_creation_spiritual_troops_one_type_only() -> None:
    document = buke(battle_size=600)
    document["units"] += [
        {"troop": "buke_komuso", "count": 1},
        {"troop": "buke_onmyouji_a", "count": 1},
    ]
    assert check(document, extended()) == [
        Violation(
            "army-creation.spiritual-troops",
            "only one of the two spiritual types, Onmyouji or Komuso, may be included; the list "
            "has Komuso (buke_komuso), Onmyouji of fire (buke_onmyouji_a)",
        )
    ]


def test_army_creation_spiritual_troops_one_type_of_onmyouji() -> None:
    document = buke(battle_size=600)
    document["units"] += [
        {"troop": "buke_onmyouji_a", "count": 1},
        {"troop": "buke_onmyouji_b", "count": 1},
    ]
    assert check(document, extended()) == [
        Violation(
            "army-creation.spiritual-troops",
            "only one type of Onmyouji may be included; the list has buke_onmyouji_a, "
            "buke_onmyouji_b",
        )
    ]


def test_army_creation_spiritual_troops_need_hidden_powers() -> None:
    army_list = load_sample_army("sohei-600")
    assert validate_army(army_list, hidden_powers=True) == []
    assert validate_army(army_list, hidden_powers=False) == [
        Violation(
            "army-creation.spiritual-troops",
            "spiritual troops (Komuso of the Fuke temple (sohei_komuso)) need the advanced "
            "rules of hidden powers",
        )
    ]


# --- every violation, the resolved army ------------------------------------------------------


def test_army_creation_every_violation_is_listed() -> None:
    document = buke(battle_size=250, commander_level=4, general="buke_gunbugyo")
    document["units"][1]["count"] = 2
    document["units"][3]["count"] = 5
    assert rules_of(check(document)) == [
        "army-creation.commander-level",
        "army-creation.general",
        "units.minimum-size",
        "army-creation.type-caps",
        "army-creation.total-cost",
    ]
    with pytest.raises(ArmyInvalid) as caught:
        build_army(load_army_list(document))
    assert len(caught.value.violations) == 5
    assert "breaks 5 rule(s)" in str(caught.value)


def test_build_army_unit_ids_miniatures_and_leaders() -> None:
    army = build_army(load_army_list(buke()))
    assert [unit.id for unit in army.units] == ["u1", "u2", "u3", "u4", "u5"]
    samurai = army.units[0]
    assert [m.id for m in samurai.miniatures] == [f"u1.m{n}" for n in range(1, 7)]
    assert [(m.troop, m.leader, m.general) for m in samurai.miniatures[-2:]] == [
        ("buke_samurai", False, False),
        ("buke_hatamoto", True, True),
    ]
    assert (samurai.count, samurai.cost, samurai.type, samurai.leader is not None) == (
        5,
        105,
        "infantry",
        True,
    )
    alone = army.units[4]
    assert (alone.alone, alone.profile.id, alone.miniatures[0].leader) == (
        True,
        "buke_gunbugyo",
        True,
    )
    assert army.general == "u1.m6"


@pytest.mark.parametrize(("size", "hand"), [(200, 5), (250, 5), (400, 6), (500, 6), (1000, 9)])
def test_prepare_your_command_deck_hand_size_4_plus_1_per_200_points(size: int, hand: int) -> None:
    assert (
        build_army(load_army_list(buke(battle_size=size, units=buke()["units"][:2]))).hand_size
        == hand
    )


def test_army_to_dict_is_canonical_json_with_embedded_profiles() -> None:
    army = build_army(load_sample_army("kuge-600"))
    data = army_to_dict(army)
    canonical_json(data)  # refuses floats, tuples, non-string keys
    assert data["general"] == "u1.m4"
    assert data["units"][0]["miniatures"][-1] == {
        "id": "u1.m4",
        "troop": "kuge_taisho",
        "leader": True,
        "general": True,
    }
    assert data["profiles"]["kuge_shikigami"]["presence"] is True
    assert data["profiles"]["kuge_taisho"]["mov"] == 15
    assert data == army_to_dict(build_army(load_sample_army("kuge-600")))


# --- property: mutations give violations, never exceptions ----------------------------------

TROOP_IDS = [*sorted(load_catalogue().troops), "nobody"]


@st.composite
def mutated_lists(draw: st.DrawFn) -> ArmyList:
    army_list = load_sample_army(draw(st.sampled_from(sample_army_names())))
    units = list(army_list.units)
    leaders = list(army_list.leaders)
    for _ in range(draw(st.integers(0, 4))):
        action = draw(st.integers(0, 6))
        if action == 0 and units:
            index = draw(st.integers(0, len(units) - 1))
            unit = units[index]
            units[index] = ArmyListUnit(unit.troop, draw(st.integers(-1, 20)), unit.leaders)
        elif action == 1 and units:
            index = draw(st.integers(0, len(units) - 1))
            units[index] = ArmyListUnit(draw(st.sampled_from(TROOP_IDS)), units[index].count)
        elif action == 2 and units:
            index = draw(st.integers(0, len(units) - 1))
            extra = tuple(draw(st.lists(st.sampled_from(TROOP_IDS), max_size=2)))
            units[index] = ArmyListUnit(units[index].troop, units[index].count, extra)
        elif action == 3:
            leaders.append(ArmyListLeader(draw(st.sampled_from(TROOP_IDS))))
        elif action == 4 and units:
            units.pop(draw(st.integers(0, len(units) - 1)))
        elif action == 5 and leaders:
            leaders.pop(draw(st.integers(0, len(leaders) - 1)))
        elif action == 6:
            units.append(ArmyListUnit(draw(st.sampled_from(TROOP_IDS)), draw(st.integers(1, 6))))
    return ArmyList(
        faction=draw(st.sampled_from([army_list.faction, army_list.faction, "buke", "nobody"])),
        battle_size=draw(st.sampled_from([army_list.battle_size, 150, 200, 1000, 1200])),
        commander_level=draw(st.integers(-1, 3)),
        name=army_list.name,
        units=tuple(units),
        leaders=tuple(leaders),
        general=draw(st.sampled_from([army_list.general, *TROOP_IDS[:5]])),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_lists())
def test_random_mutations_of_valid_lists_give_violations_never_exceptions(
    army_list: ArmyList,
) -> None:
    violations = validate_army(army_list)
    assert all(v.rule and v.message for v in violations)
    assert violations == validate_army(army_list)  # deterministic
    if violations:
        with pytest.raises(ArmyInvalid):
            build_army(army_list)
    else:
        army = build_army(army_list)
        canonical_json(army_to_dict(army))
        assert army.total_cost <= army.battle_size

"""Kensei troops, weapons, abilities, titles and factions as data (living rules 2020).

Each test is named after the rulebook paragraph it checks (Troops and Units,
Troop Abilities, Equipment) or after the data-file guarantee it pins (schema
and cross-reference errors name the file, the JSON path and the problem).
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from engine.kensei.army.catalogue import (
    ArmyListError,
    CatalogueError,
    TypeCap,
    army_list_to_dict,
    catalogue_from_directory,
    catalogue_from_documents,
    data_root,
    ignores_difficult_terrain,
    load_army_list,
    load_catalogue,
    permanent_attribute,
    read_documents,
    sample_army_document,
    sample_army_names,
)

DATA = Path(str(data_root()))


def documents() -> dict[str, Any]:
    return copy.deepcopy(read_documents())


def problems_of(docs: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(CatalogueError) as caught:
        catalogue_from_documents(docs)
    return caught.value.problems


def troop_doc(docs: dict[str, Any], faction: str, troop_id: str) -> dict[str, Any]:
    troop: dict[str, Any] = next(
        t for t in docs[f"factions/{faction}.json"]["troops"] if t["id"] == troop_id
    )
    return troop


# --- Troops and Units > Class, Troop Attributes -------------------------------------------


def test_troop_attributes_class_table_as_the_rulebook_gives_it() -> None:
    classes = load_catalogue().classes
    table = {
        class_id: (
            a.mov_foot,
            a.mov_mounted,
            a.at_melee,
            a.at_ranged,
            a.ini,
            a.honour,
            a.presence,
            a.wo,
        )
        for class_id, troop_class in classes.items()
        if (a := troop_class.attributes) is not None
    }
    assert table == {
        "H": (10, 15, 4, 3, 3, 5, False, 3),
        "E": (10, 15, 3, 3, 2, 4, False, 2),
        "W": (10, 15, 2, 2, 1, 3, False, 1),
        "P": (10, 15, 0, 0, 0, 2, False, 1),
        "C": (15, 20, 6, 5, 4, 5, True, 4),
        "M": (10, 15, 5, 4, 2, 4, True, 3),
        "I": (10, 15, 3, 3, 1, 3, True, 2),
    }
    assert classes["K"].attributes is None
    assert classes["O"].attributes is None


def test_class_ranking_highest_to_lowest_with_komuso_fourth() -> None:
    classes = load_catalogue().classes
    ranking = sorted(classes.values(), key=lambda c: (c.rank, c.id))
    assert [(c.rank, c.id) for c in ranking] == [
        (1, "C"),
        (1, "H"),
        (2, "E"),
        (2, "M"),
        (3, "I"),
        (3, "W"),
        (4, "K"),  # the rulebook prints "4. Peasant (K)": the Komuso
        (5, "O"),
        (6, "P"),
    ]


def test_troop_attributes_komuso_and_onmyouji_profiles_carry_their_own() -> None:
    onmyouji = load_catalogue().troop("kuge_onmyouji")
    assert (onmyouji.troop_class, onmyouji.type, onmyouji.ini, onmyouji.ho, onmyouji.wo) == (
        "O",
        "spiritual",
        2,
        4,
        2,
    )
    docs = documents()
    del troop_doc(docs, "kuge", "kuge_onmyouji")["attributes"]["ini"]
    assert problems_of(docs) == (
        "factions/kuge.json: $.troops[11].attributes: the class table gives class O (Onmyouji) "
        "no attributes; the profile must give ini",
    )


def test_troop_attributes_creatures_have_presence_instead_of_honour() -> None:
    shikigami = load_catalogue().troop("kuge_shikigami")
    assert (shikigami.presence, shikigami.ho) == (True, 4)
    assert not load_catalogue().troop("buke_samurai").presence
    docs = documents()
    troop_doc(docs, "kuge", "kuge_shikigami")["attributes"] = {"ho": 3}
    assert problems_of(docs) == (
        "factions/kuge.json: $.troops[12].attributes.ho: class M (Major Creature) uses "
        "pr (Presence)",
    )


def test_troop_attributes_movement_first_value_on_foot_second_mounted() -> None:
    catalogue = load_catalogue()
    assert catalogue.troop("buke_hatamoto").mov == 10
    assert catalogue.troop("buke_daimyo").mov == 15
    assert catalogue.troop("buke_daimyo").mov_foot == 10


def test_troop_profile_attribute_overrides_replace_class_values() -> None:
    docs = documents()
    troop_doc(docs, "buke", "buke_ninja")["attributes"] = {"ini": 3}
    ninja = catalogue_from_documents(docs).troop("buke_ninja")
    assert (ninja.ini, ninja.at_melee, ninja.ho) == (3, 2, 3)


# --- Troops and Units > Troop types, Troop profile ----------------------------------------


def test_troop_types_are_the_six_rulebook_categories() -> None:
    types = {t.type for t in load_catalogue().troops.values()}
    assert types == {"infantry", "mounted", "skirmisher", "support", "spiritual", "creature"}
    docs = documents()
    troop_doc(docs, "buke", "buke_samurai")["type"] = "cavalry"
    (problem,) = problems_of(docs)
    assert problem.startswith("factions/buke.json: $.troops[4].type: 'cavalry' is not one of")


def test_troop_types_spiritual_and_creatures_match_their_classes() -> None:
    docs = documents()
    troop_doc(docs, "buke", "buke_samurai")["type"] = "spiritual"
    troop_doc(docs, "kuge", "kuge_shikigami")["type"] = "infantry"
    assert problems_of(docs) == (
        "factions/buke.json: $.troops[4].type: class E (Elite) and type 'spiritual' disagree: "
        "spiritual troops are exactly the Komuso (K) and Onmyouji (O)",
        "factions/kuge.json: $.troops[12].type: class M (Major Creature) and type 'infantry' "
        "disagree: creatures are exactly the classes C, M and I",
    )


def test_troop_profile_rank_army_leader_is_always_unique() -> None:
    leaders = [t for t in load_catalogue().troops.values() if t.leader]
    assert leaders
    assert all(t.unique for t in leaders)
    docs = documents()
    troop_doc(docs, "buke", "buke_hatamoto")["unique"] = False
    assert problems_of(docs) == (
        "factions/buke.json: $.troops[1].unique: army leaders are always unique troops "
        "(Troops and Units > Army leader)",
    )


def test_troop_profile_miniature_volume_and_base_at_least_25_mm() -> None:
    catalogue = load_catalogue()
    assert catalogue.troop("buke_samurai").volume == 1
    assert catalogue.troop("buke_mounted_samurai").volume == 2
    assert catalogue.troop("kuge_shikigami").volume == 3
    assert all(t.base.size_mm >= 25 for t in catalogue.troops.values())
    docs = documents()
    troop_doc(docs, "buke", "buke_samurai")["base"]["size_mm"] = 20
    troop_doc(docs, "buke", "buke_ninja")["volume"] = 0
    assert problems_of(docs) == (
        "factions/buke.json: $.troops[4].base.size_mm: 20 is less than the minimum of 25",
        "factions/buke.json: $.troops[9].volume: 0 is less than the minimum of 1",
    )


def test_troop_profile_every_faction_has_a_hero_army_leader() -> None:
    for faction in load_catalogue().factions.values():
        assert any(t.leader and t.troop_class == "H" for t in faction.troops), faction.id
    docs = documents()
    for troop in docs["factions/sohei.json"]["troops"]:
        if troop["class"] == "H":
            troop["leader"] = False
    assert problems_of(docs) == (
        "factions/sohei.json: $.troops: no Hero with the Army leader rank, so no army could "
        "have a general",
    )


# --- Troop Abilities --------------------------------------------------------------------


def test_troop_abilities_permanent_and_ki() -> None:
    catalogue = load_catalogue()
    kinds = {a.kind for a in catalogue.abilities.values()}
    assert kinds == {"permanent", "ki"}
    samurai = catalogue.troop("buke_samurai")
    assert samurai.ki_abilities == ("killing_blow",)
    assert samurai.permanent_abilities == ("bushido",)  # from the Samurai title


def test_troop_abilities_titles_grant_permanent_abilities_only() -> None:
    catalogue = load_catalogue()
    for name in ("samurai", "ashigaru", "ninja", "monk", "undead", "spectre", "ronin"):
        title = catalogue.titles[name]
        assert title.abilities
        assert all(catalogue.abilities[a].permanent for a in title.abilities)
    docs = documents()
    docs["titles.json"]["titles"][0]["abilities"].append("fury")
    assert problems_of(docs) == (
        "titles.json: $.titles[0].abilities[1]: titles grant permanent abilities, 'fury' is a "
        "ki ability",
    )


def test_troop_abilities_effects_use_the_closed_hook_vocabulary() -> None:
    docs = documents()
    docs["abilities.json"]["abilities"][0]["effects"] = [{"hook": "teleport", "op": "add"}]
    docs["abilities.json"]["abilities"][1]["effects"] = [{"hook": "mov", "op": "add"}]
    problems = problems_of(docs)
    assert problems[0].startswith("abilities.json: $.abilities[0].effects[0].hook: 'teleport'")
    assert (
        problems[1] == "abilities.json: $.abilities[1].effects[0]: 'value' is a required property"
    )


def test_troop_abilities_permanent_effects_on_mov_ini_ho() -> None:
    catalogue = load_catalogue()
    assert permanent_attribute(catalogue.troop("sohei_monks"), "ho") == 4  # Monk: +1 HO
    assert permanent_attribute(catalogue.troop("kuge_ashigaru"), "ini") == 0  # conditional
    assert permanent_attribute(catalogue.troop("kuge_kampaku"), "ini") == 4  # Kuge: +1 INI
    assert ignores_difficult_terrain(catalogue.troop("buke_ninja"))
    assert not ignores_difficult_terrain(catalogue.troop("buke_samurai"))
    with pytest.raises(ValueError, match="not an attribute hook"):
        permanent_attribute(catalogue.troop("buke_ninja"), "wound_roll")


# --- Equipment --------------------------------------------------------------------------


def test_equipment_melee_weapons_categories_0_to_10() -> None:
    melee = [w for w in load_catalogue().weapons.values() if w.kind == "melee"]
    categories = {w.category: w.category_name for w in melee}
    assert categories == {
        0: "Basic Weapons",
        1: "Polearms",
        2: "Bladed Polearms",
        3: "Katanas",
        4: "Swords",
        5: "Blunt Weapons",
        6: "Long Swords",
        7: "Short Weapons",
        8: "Pistols",
        9: "Shields",
        10: "Cavalry Polearms",
    }
    by_category = {w.id: w.category for w in melee}
    assert by_category["tanto"] == 0
    assert by_category["naginata"] == 2
    assert by_category["no_dachi"] == 6
    assert by_category["cavalry_naginata"] == 10


def test_equipment_melee_modifiers_only_from_the_front_unless_stated() -> None:
    weapons = load_catalogue().weapons
    assert all(m.front_only for m in weapons["katana"].modifiers)
    assert not weapons["wakizashi"].modifiers[0].front_only
    assert weapons["katana"].sample


def test_equipment_ranged_weapons_by_range_and_firearms() -> None:
    ranged = {w.id: w for w in load_catalogue().weapons.values() if w.kind == "ranged"}
    assert {w: (r.band, r.range_mm) for w, r in ranged.items()} == {
        "blowpipe": ("short", 200),
        "shuriken": ("short", 200),
        "grenade": ("short", 200),
        "ishitsubute": ("short", 200),
        "ozutsu": ("intermediate", 400),
        "bo_hiya": ("intermediate", 400),
        "arquebus": ("intermediate", 400),
        "yumi": ("long", 600),
        "teppo": ("long", 600),
        "musket": ("long", 600),
    }
    firearms = sorted(w for w, r in ranged.items() if r.firearm)
    assert firearms == ["arquebus", "bo_hiya", "musket", "ozutsu", "teppo"]
    assert load_catalogue().troop("buke_ashigaru_teppo").ranged_bands == ("long",)


def test_equipment_refers_to_known_weapons_of_the_right_kind() -> None:
    docs = documents()
    equipment = troop_doc(docs, "buke", "buke_samurai")["equipment"]
    equipment["melee"] = ["katana", "yumi"]
    equipment["ranged"] = ["laser"]
    assert problems_of(docs) == (
        "factions/buke.json: $.troops[4].equipment.melee[1]: 'yumi' is a ranged weapon",
        "factions/buke.json: $.troops[4].equipment.ranged[0]: unknown weapon 'laser'",
    )


# --- Army creation data: caps, never lead -----------------------------------------------


def test_army_creation_type_caps_as_data_percent_or_points_by_battle_size() -> None:
    kuge = load_catalogue().faction("kuge")
    assert kuge.type_caps["mounted"].limit(400) == 100
    assert kuge.type_caps["spiritual"].limit(250) == 30
    assert kuge.type_caps["spiritual"].limit(600) == 60
    assert TypeCap("creature", None, ((500, 50),)).limit(600) == 0
    docs = documents()
    docs["factions/kuge.json"]["type_caps"]["spiritual"]["max_points"].reverse()
    assert problems_of(docs) == (
        "factions/kuge.json: $.type_caps.spiritual.max_points: battle_size_up_to must be "
        "strictly ascending",
    )


def test_unit_leader_never_lead_list_and_classes() -> None:
    catalogue = load_catalogue()
    assert not catalogue.troop("kuge_chamberlain").can_lead_units  # faction's never_lead
    assert not catalogue.troop("buke_komuso").can_lead_units  # class K
    assert catalogue.troop("buke_hatamoto").can_lead_units
    docs = documents()
    docs["factions/buke.json"]["never_lead"] = ["kuge_kampaku"]
    assert problems_of(docs) == (
        "factions/buke.json: $.never_lead[0]: unknown troop 'kuge_kampaku' in this faction",
    )


# --- data files ---------------------------------------------------------------------------


def test_data_every_schema_is_a_valid_json_schema() -> None:
    schemas = sorted((DATA / "schemas").glob("*.schema.json"))
    assert len(schemas) == 9
    for path in schemas:
        Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


def test_data_sample_files_are_labelled_sample() -> None:
    docs = read_documents()
    assert docs["classes.json"]["sample"] is False
    assert docs["army_creation.json"]["sample"] is False
    for name in ("weapons.json", "abilities.json", "titles.json"):
        assert docs[name]["sample"] is True
        assert docs[name]["notice"].startswith("SAMPLE DATA")
    factions = sorted(name for name in docs if name.startswith("factions/"))
    assert factions == [
        "factions/buke.json",
        "factions/kuge.json",
        "factions/otokodate.json",
        "factions/sohei.json",
    ]
    for name in factions:
        assert docs[name]["sample"] is True
        assert docs[name]["notice"].startswith("SAMPLE DATA")
    assert all(load_catalogue().faction(f).sample for f in ("kuge", "buke", "sohei", "otokodate"))


def test_data_files_hold_no_floats() -> None:
    def walk(value: Any) -> None:
        assert not isinstance(value, float)
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(DATA.rglob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))


def test_data_catalogue_is_loaded_once() -> None:
    assert load_catalogue() is load_catalogue()
    assert len(load_catalogue().troops) == sum(
        len(f.troops) for f in load_catalogue().factions.values()
    )


def test_data_schema_errors_name_file_path_and_problem() -> None:
    docs = documents()
    troop_doc(docs, "sohei", "sohei_monks")["cost"] = "seven"
    docs["classes.json"]["classes"][0]["rank"] = 0
    assert problems_of(docs) == (
        "classes.json: $.classes[0].rank: 0 is less than the minimum of 1",
        "factions/sohei.json: $.troops[5].cost: 'seven' is not of type 'integer'",
    )


def test_data_cross_reference_errors_are_all_listed() -> None:
    docs = documents()
    samurai = troop_doc(docs, "buke", "buke_samurai")
    samurai["titles"] = ["samurai", "pirate"]
    samurai["abilities"] = ["flying"]
    docs["factions/kuge.json"]["troops"].append(samurai | {"id": "kuge_copy", "titles": []})
    docs["weapons.json"]["ranged_weapons"][9]["id"] = "omi_yari"  # the musket's id, unused
    assert problems_of(docs) == (
        "weapons.json: $.ranged_weapons[9].id: duplicate weapon id 'omi_yari'",
        "factions/buke.json: $.troops[4].titles[1]: unknown title 'pirate'",
        "factions/buke.json: $.troops[4].abilities[0]: unknown ability 'flying'",
        "factions/kuge.json: $.troops[13].abilities[0]: unknown ability 'flying'",
    )


def test_data_duplicate_troop_ids_across_factions() -> None:
    docs = documents()
    docs["factions/kuge.json"]["troops"].append(troop_doc(docs, "buke", "buke_ninja"))
    assert problems_of(docs) == (
        "factions/kuge.json: $.troops[13].id: duplicate troop id 'buke_ninja' (already in "
        "faction 'buke')",
    )


def test_data_missing_file_and_faction_id_must_match_file_name() -> None:
    docs = documents()
    del docs["titles.json"]
    assert problems_of(docs) == ("titles.json: file is missing",)
    docs = documents()
    docs["factions/kuge.json"]["id"] = "kyoto"
    assert problems_of(docs) == (
        "factions/kuge.json: $.id: faction id 'kyoto' must match file name",
    )


def test_data_broken_files_in_a_copied_folder(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(DATA, root)
    assert set(catalogue_from_directory(root).factions) == {"buke", "kuge", "otokodate", "sohei"}
    sohei = root / "factions" / "sohei.json"
    sohei.write_text(sohei.read_text(encoding="utf-8").replace('"cost": 7,', '"cost": 7.5,'))
    (root / "titles.json").write_text('{"titles": [', encoding="utf-8")
    with pytest.raises(CatalogueError) as caught:
        catalogue_from_directory(root)
    assert caught.value.problems == (
        "titles.json: not valid JSON: Expecting value (line 1, column 13)",
        "factions/sohei.json: floats are not allowed, found 7.5",
    )
    assert "2 problem(s)" in str(caught.value)


def test_data_floats_refused_even_when_whole() -> None:
    docs = documents()
    troop_doc(docs, "buke", "buke_samurai")["cost"] = 12.0
    assert problems_of(docs) == (
        "factions/buke.json: $.troops[4].cost: floats are not allowed (12.0)",
    )


# --- army-list documents ------------------------------------------------------------------


def test_army_list_document_is_schema_checked() -> None:
    document = sample_army_document("buke-400")
    document["battle_size"] = "big"
    document["units"][0]["count"] = 0
    del document["general"]
    with pytest.raises(ArmyListError) as caught:
        load_army_list(document)
    assert caught.value.problems == (
        "army list: $: 'general' is a required property",
        "army list: $.battle_size: 'big' is not of type 'integer'",
        "army list: $.units[0].count: 0 is less than the minimum of 1",
    )


def test_army_list_document_refuses_floats() -> None:
    document = sample_army_document("buke-400")
    document["battle_size"] = 400.0
    with pytest.raises(ArmyListError, match=r"\$\.battle_size: floats are not allowed"):
        load_army_list(document)


def test_army_list_document_round_trip() -> None:
    for name in sample_army_names():
        document = sample_army_document(name)
        army_list = load_army_list(document)
        assert load_army_list(army_list_to_dict(army_list)) == army_list
    unit = load_army_list(sample_army_document("buke-400")).units[0]
    assert (unit.troop, unit.count, unit.leaders) == ("buke_mounted_samurai", 4, ("buke_daimyo",))

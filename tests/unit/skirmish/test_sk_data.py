"""The data files: schemas, the catalogue and its fingerprint, the warband checks
(Introduction; Weapons and Armour; Heroic Characters > Warrior Attendants, Wind
Strategies), the rulebook's values (weapon table, armour, command radius, the
example heroes)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.skirmish import rules
from engine.skirmish.army.catalogue import (
    FILES,
    BandUnit,
    Catalogue,
    CatalogueError,
    Warband,
    catalogue_of,
    load_catalogue,
)
from engine.skirmish.army.validate import warband_problems

DATA = Path(__file__).resolve().parents[3] / "engine" / "skirmish" / "data"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


def test_every_packaged_file_is_sample_and_valid(catalogue: Catalogue) -> None:
    for name in FILES:
        assert json.loads((DATA / name).read_text())["sample"] is True
    assert catalogue.sample
    assert len(catalogue.fingerprint) == 16
    assert list(catalogue.scenarios) == ["temple_gate", "rice_fields", "mountain_pass"]


def test_catalogue_of_a_state_is_the_packaged_one(catalogue: Catalogue) -> None:
    assert catalogue_of({"data": catalogue.fingerprint}) is catalogue
    with pytest.raises(CatalogueError):
        catalogue_of({"data": "0123456789abcdef"})


def test_a_folder_of_data_loads_with_its_own_fingerprint(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    weapons = json.loads((tmp_path / "weapons.json").read_text())
    weapons["note"] = "our own copy"
    (tmp_path / "weapons.json").write_text(json.dumps(weapons))
    own = load_catalogue(tmp_path)
    assert own.fingerprint != catalogue.fingerprint
    assert catalogue_of({"data": own.fingerprint}) is own


def test_a_folder_missing_a_file_or_breaking_a_schema_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match="cannot be read"):
        load_catalogue(tmp_path)
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    armour = json.loads((tmp_path / "armour.json").read_text())
    armour["armour"][0]["defence"] = "lots"
    (tmp_path / "armour.json").write_text(json.dumps(armour))
    with pytest.raises(CatalogueError, match=r"armour\.json: armour/0/defence"):
        load_catalogue(tmp_path)


def test_weapons_weapon_effect_table(catalogue: Catalogue) -> None:
    """Weapons and Armour > Weapons > Weapon Effect."""
    bow, short, arquebus = (catalogue.weapon(w) for w in ("bow", "short_bow", "arquebus"))
    assert (bow.range_in, bow.strength) == (24, 4)
    assert (short.range_in, short.strength) == (16, 3)
    assert (arquebus.range_in, arquebus.strength, arquebus.to_hit, arquebus.reload_turns) == (
        24,
        5,
        -2,
        1,
    )

    def effects(weapon_id: str) -> set[tuple[str, int, str]]:
        return {(e.stat, e.value, e.when) for e in catalogue.weapon(weapon_id).effects}

    assert effects("long_sword") == {("strength", 1, "always")}
    assert effects("no_dachi") == {("combat", -1, "always"), ("strength", 2, "always")}
    assert ("combat", 1, "mounted_or_vs_mounted") in effects("yari")
    assert ("combat", -1, "second_rank") in effects("yari")
    assert effects("naginata") == {("combat", 1, "vs_mounted"), ("strength", 1, "always")}
    assert effects("club") == {("combat", -1, "always"), ("strength", 1, "always")}
    assert effects("flail") == {("defence", 2, "always")}
    assert effects("staff") == {
        ("defence", 1, "always"),
        ("strength", -1, "vs_medium_or_heavy_armour"),
    }
    assert catalogue.weapon("two_swords").heroes_only
    assert not catalogue.weapon("two_swords").mounted


def test_weapons_and_armour_armour(catalogue: Catalogue) -> None:
    """Weapons and Armour > Armour; heavy armour is cumbersome: -1 combat, 5 inches."""
    armour = catalogue.armour
    assert [armour[a].defence for a in ("none", "light", "medium", "heavy")] == [0, 1, 2, 3]
    assert (armour["heavy"].combat, armour["heavy"].foot_move_in) == (-1, 5)


def test_mastery_of_command_command_radius(catalogue: Catalogue) -> None:
    """Heroic Characters > Mastery of Command > Command Radius: 4, 6, 8, 12 inches."""
    assert dict(catalogue.command_radius_in) == {1: 4, 2: 6, 3: 8, 4: 12}


def test_wind_strategies_weapon_mastery_level(catalogue: Catalogue) -> None:
    long_sword = catalogue.masteries["long_sword"]
    assert {(e.stat, e.value) for e in long_sword.effects(4)} == {("combat", 2), ("strength", 3)}
    assert long_sword.effects(0) == ()
    assert catalogue.mastery_for("short_bow") is catalogue.masteries["bow"]
    assert {(e.stat, e.value) for e in catalogue.masteries["bow"].effects(3)} >= {("shots", 3)}
    assert catalogue.mastery_for("basic") is None


def test_example_heroic_characters(catalogue: Catalogue) -> None:
    """Heroic Characters > Example Heroic Characters: the two stats lines."""
    hideoshi = catalogue.profile("yamanaka_hideoshi")
    suzuki = catalogue.profile("yamada_suzuki")
    assert (hideoshi.combat, hideoshi.shooting, hideoshi.strength, hideoshi.defence) == (4, 4, 3, 3)
    assert (hideoshi.wounds, hideoshi.attacks, hideoshi.courage, hideoshi.move_in) == (2, 2, 7, 5)
    assert (suzuki.wounds, suzuki.attacks, suzuki.courage, suzuki.move_in) == (1, 1, 8, 6)
    assert not hideoshi.ours
    assert not suzuki.ours
    typical = catalogue.profile("typical")
    assert (typical.combat, typical.shooting, typical.strength, typical.defence) == (3, 5, 3, 3)


def test_introduction_every_sample_warband_is_legal(catalogue: Catalogue) -> None:
    for band in catalogue.warbands.values():
        assert warband_problems(catalogue, band) == []
        assert 5 <= band.models <= 20


def _band(catalogue: Catalogue, *units: BandUnit) -> Warband:
    return replace(next(iter(catalogue.warbands.values())), units=tuple(units))


def _group(**fields: Any) -> BandUnit:
    base: dict[str, Any] = {
        "name": "Ashigaru",
        "profile": "ashigaru",
        "count": 5,
        "weapon": "yari",
        "armour": "light",
        "points": 4,
    }
    base.update(fields)
    return BandUnit(**base)


def _hero(**fields: Any) -> BandUnit:
    base: dict[str, Any] = {
        "name": "Hero",
        "profile": "yamada_suzuki",
        "count": 1,
        "weapon": "long_sword",
        "armour": "medium",
        "points": 30,
    }
    base.update(fields)
    return BandUnit(**base)


def test_introduction_each_player_controls_a_band_of_5_20_characters(catalogue: Catalogue) -> None:
    problems = warband_problems(catalogue, _band(catalogue, _group(count=3)))
    assert any(rules.BAND_SIZE in p for p in problems)
    problems = warband_problems(catalogue, _band(catalogue, *[_group(count=7)] * 3))
    assert any(rules.BAND_SIZE in p for p in problems)


def test_introduction_groups_of_3_or_more(catalogue: Catalogue) -> None:
    problems = warband_problems(catalogue, _band(catalogue, _hero(), _group(count=2), _group()))
    assert any(rules.GROUPS in p for p in problems)


def test_only_heroes_have_strategies_masteries_zen(catalogue: Catalogue) -> None:
    band = _band(catalogue, _hero(), _group(zen=1), _group(strategies=("shout",)))
    problems = warband_problems(catalogue, band)
    assert sum(rules.HEROIC_ABILITIES in p for p in problems) == 2


def test_two_swords_and_improvised_heroes_only(catalogue: Catalogue) -> None:
    problems = warband_problems(catalogue, _band(catalogue, _hero(), _group(weapon="two_swords")))
    assert any(rules.HEROES_ONLY_WEAPONS in p for p in problems)


def test_two_swords_cannot_be_used_mounted(catalogue: Catalogue) -> None:
    band = _band(catalogue, _hero(weapon="two_swords", mounted=True), _group())
    assert any(rules.NO_TWO_SWORDS_MOUNTED in p for p in warband_problems(catalogue, band))


def test_all_samurai_heroic_characters_bow_and_horsemanship(catalogue: Catalogue) -> None:
    band = _band(catalogue, _hero(samurai=True, masteries={"bow": 1}), _group())
    assert any(rules.SAMURAI_TRAINING in p for p in warband_problems(catalogue, band))
    trained = _hero(samurai=True, masteries={"bow": 1, "horsemanship": 1})
    assert warband_problems(catalogue, _band(catalogue, trained, _group())) == []


SAMURAI = {"samurai": True, "masteries": {"bow": 1, "horsemanship": 1}}


def test_warrior_attendants_basic_or_improvised_weapons_only(catalogue: Catalogue) -> None:
    band = _band(
        catalogue,
        _hero(**SAMURAI),
        _group(profile="genin", weapon="yari", armour="none", attendants=True, master=1),
    )
    assert any(rules.ATTENDANT_WEAPONS in p for p in warband_problems(catalogue, band))
    band = _band(
        catalogue,
        _hero(**SAMURAI),
        _group(profile="genin", weapon="basic", armour="none", attendants=True, master=1),
    )
    assert warband_problems(catalogue, band) == []


def test_warrior_attendants_serve_a_samurai_hero(catalogue: Catalogue) -> None:
    band = _band(
        catalogue,
        _hero(),
        _group(profile="genin", weapon="basic", armour="none", attendants=True, master=2),
    )
    assert any(rules.WARRIOR_ATTENDANTS in p for p in warband_problems(catalogue, band))


def test_mastery_of_command_needs_its_level(catalogue: Catalogue) -> None:
    band = _band(catalogue, _hero(strategies=("mastery_of_command",)), _group())
    assert any(rules.COMMAND_RADIUS in p for p in warband_problems(catalogue, band))
    band = _band(catalogue, _hero(command=2), _group())
    assert any(rules.MASTERY_OF_COMMAND in p for p in warband_problems(catalogue, band))


def test_a_scenario_deployment_off_the_table_is_refused(tmp_path: Path) -> None:
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    scenarios = json.loads((tmp_path / "scenarios.json").read_text())
    scenarios["scenarios"][0]["sides"]["a"]["deployment"][0][0] = [0.1, 0.1, 90]
    (tmp_path / "scenarios.json").write_text(json.dumps(scenarios))
    with pytest.raises(CatalogueError, match="off the table"):
        load_catalogue(tmp_path)


def test_a_scenario_deployment_beyond_the_zone_or_scattered_is_refused(tmp_path: Path) -> None:
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    scenarios = json.loads((tmp_path / "scenarios.json").read_text())
    group = scenarios["scenarios"][0]["sides"]["a"]["deployment"][1]
    group[0] = [group[0][0], 8.0, 90]
    (tmp_path / "scenarios.json").write_text(json.dumps(scenarios))
    with pytest.raises(CatalogueError) as refused:
        load_catalogue(tmp_path)
    assert "beyond 6.0 inches of the south edge" in str(refused.value)
    assert rules.COHERENCY in str(refused.value)

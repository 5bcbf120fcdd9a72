"""The sample data: every file loads, is labelled sample, and a bad file is a clear error
naming the file and the field."""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest

from engine.samurai_battles.army.catalogue import (
    FILES,
    CatalogueError,
    catalogue_of,
    load_catalogue,
)
from engine.samurai_battles.state.access import units
from engine.samurai_battles.state.setup import initial_state


def _copy_data(tmp_path: Path) -> Path:
    source = resources.files("engine.samurai_battles") / "data"
    for name in FILES:
        shutil.copy(str(source.joinpath(name)), tmp_path / name)
    return tmp_path


def _edit(folder: Path, name: str, change: object) -> None:
    path = folder / name
    document = json.loads(path.read_text())
    change(document)  # type: ignore[operator]
    path.write_text(json.dumps(document))


def test_packaged_data_is_sample_data() -> None:
    catalogue = load_catalogue()
    assert catalogue.sample
    assert len(catalogue.fingerprint) == 16


def test_sample_unit_types_are_the_contract_s() -> None:
    catalogue = load_catalogue()
    assert set(catalogue.unit_types) == {
        "samurai",
        "ashigaru_yari",
        "ashigaru_archers",
        "arquebusiers",
        "samurai_cavalry",
        "mounted_archers",
        "ninja",
        "peasant_transport",
    }
    assert catalogue.unit_type("ashigaru_archers").ranged is not None
    assert catalogue.unit_type("ashigaru_archers").ranged.ammunition == 7  # type: ignore[union-attr]
    assert catalogue.unit_type("peasant_transport").supplies == 14
    assert catalogue.unit_type("mounted_archers").on_chart("move_and_fire")
    assert catalogue.unit_type("ninja").on_chart("reconnaissance")


def test_three_scenarios_of_different_sizes() -> None:
    scenarios = list(load_catalogue().scenarios.values())
    sizes = sorted(len(s.board) for s in scenarios)
    assert len(scenarios) >= 3
    assert len(set(sizes)) == len(sizes)


def test_every_scenario_starts_a_game() -> None:
    catalogue = load_catalogue()
    for scenario in catalogue.scenarios.values():
        state = initial_state(catalogue, scenario)
        assert state["data"] == catalogue.fingerprint
        assert len(units(state)) == sum(len(a.units) for a in scenario.armies.values())
        assert catalogue_of(state) is catalogue


def test_attack_dice_shrink_as_models_are_lost() -> None:
    tables = load_catalogue().tables
    assert tables.attack_dice(6, 6, 6) == 6
    assert tables.attack_dice(6, 3, 4) == 5  # 4.5, rounded up
    assert tables.attack_dice(6, 1, 8) == 1


def test_a_copied_folder_loads_and_is_found_again_by_its_fingerprint(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    _edit(folder, "units.json", lambda d: d["units"][0].update(points=99))
    catalogue = load_catalogue(folder)
    assert catalogue.fingerprint != load_catalogue().fingerprint
    assert catalogue_of({"data": catalogue.fingerprint}) is catalogue


def test_a_bad_field_is_an_error_naming_file_and_field(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    _edit(folder, "units.json", lambda d: d["units"][0].update(hit=9))
    with pytest.raises(CatalogueError) as raised:
        load_catalogue(folder)
    assert "units.json: units/0/hit" in str(raised.value)


def test_a_scenario_naming_an_unknown_unit_type_is_refused(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    _edit(
        folder,
        "scenarios.json",
        lambda d: d["scenarios"][0]["armies"]["east"]["units"][0].update(type="dragon"),
    )
    with pytest.raises(CatalogueError, match="no unit type 'dragon'"):
        load_catalogue(folder)


def test_cavalry_cannot_be_charted_to_defend(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    _edit(
        folder,
        "units.json",
        lambda d: [
            u["orders"].append("defend") for u in d["units"] if u["id"] == "samurai_cavalry"
        ],
    )
    with pytest.raises(CatalogueError, match="cavalry cannot be issued"):
        load_catalogue(folder)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    (folder / "tables.json").unlink()
    with pytest.raises(CatalogueError, match=r"tables\.json: cannot be read"):
        load_catalogue(folder)

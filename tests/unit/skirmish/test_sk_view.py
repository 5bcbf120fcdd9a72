"""What a side sees: the whole open table, the derived drawing aids (allowances,
command radius, score), the other side's sealed fight choices hidden; the catalogue
view."""

from __future__ import annotations

import json

from engine.core import canonical_json
from engine.skirmish import Skirmish
from engine.skirmish.geometry.measure import INCH
from engine.skirmish.state import access
from engine.skirmish.state.access import allowance
from engine.skirmish.turn.views import catalogue_view, view
from tests.unit.skirmish.builders import build_state, hero, unit

RULESET = Skirmish()


def test_a_view_shows_the_table_and_derived_aids() -> None:
    state = build_state(
        a=[
            hero(
                "yamada_suzuki",
                at=(10, 5),
                mounted=True,
                command=3,
                strategies=["mastery_of_command"],
            )
        ],
        b=[unit("ashigaru", at=(10, 30), armour="heavy"), hero("yamanaka_hideoshi", at=(20, 30))],
    )
    shown = view(state, "a")
    assert shown["models"] == state["models"]
    assert shown["units"] == state["units"]
    derived = shown["derived"]
    assert derived["inch"] == INCH
    assert derived["units"]["a1"]["allowance"] == 12 * INCH
    assert derived["units"]["a1"]["command_radius"] == 8 * INCH
    assert derived["units"]["b1"]["allowance"] == 5 * INCH
    assert derived["units"]["b2"]["allowance"] == 5 * INCH
    assert derived["units"]["b1"]["stats"]["courage"] == 3
    assert derived["score"] == {"a": 0, "b": 0}


def test_movement_allowance_6_inches_on_foot() -> None:
    state = build_state(a=[unit("ashigaru", at=(10, 5))], b=[unit("ashigaru", at=(10, 30))])
    assert allowance(state, "a1") == 6 * INCH


def test_warrior_attendants_default_command_radius_4_inches() -> None:
    state = build_state(
        a=[
            hero("yamada_suzuki", at=(10, 5), samurai=True),
            unit("genin", at=(14, 5), attendants=True, master=1),
        ],
        b=[unit("ashigaru", at=(10, 30))],
    )
    assert view(state, None)["derived"]["units"]["a2"]["command_radius"] == 4 * INCH


def test_sealed_fight_choices_of_the_other_side_are_hidden() -> None:
    state = build_state(
        a=[hero(at=(10, 5))], b=[unit("ashigaru", at=(10, 30))], phase="combat", step="fight"
    )
    choice = {"a1": {"strategies": ["one_cut"]}}
    state = {**state, "fights": {"turn": 1, "fought": [], "count": 0, "chosen": {"a": choice}}}
    assert view(state, "a")["fights"]["chosen"] == {"a": choice}
    assert view(state, "b")["fights"]["chosen"] == {"a": True}
    assert view(state, None)["fights"]["chosen"] == {"a": True}
    assert state["fights"]["chosen"] == {"a": choice}


def test_the_catalogue_view() -> None:
    shown = catalogue_view(RULESET.catalogue)
    assert shown["weapons"]["bow"]["range_in"] == 24
    assert shown["scenarios"]["temple_gate"]["table"] == [30, 30]
    assert shown["warbands"]["household"]["models"] == 12
    assert RULESET.catalogue_view() == shown


def test_reading_a_state_units_models_and_stats() -> None:
    state = build_state(
        a=[
            unit("ashigaru", at=(10, 5), count=4),
            hero("yamada_suzuki", at=(20, 5), command=2, strategies=["mastery_of_command"]),
        ],
        b=[unit("ashigaru", at=(10, 30), count=3)],
    )
    models = dict(state["models"])
    models["a1.1"] = {**models["a1.1"], "status": "dead"}
    models["b1.1"] = {**models["b1.1"], "status": "fled"}
    state = {**state, "models": models}
    assert access.living_models(state, "a1") == ("a1.2", "a1.3", "a1.4")
    assert access.first_model(state, "a1") == "a1.2"
    assert access.unit_ids(state, "a") == ("a1", "a2")
    assert access.heroes(state) == ("a2",)
    assert access.groups(state, "b") == ("b1",)
    assert access.enemies(state, "a") == ("b1.2", "b1.3")
    assert access.losses(state, "a") == ("a1.1",)
    assert access.band_start(state, "a") == 5
    assert access.band_left(state, "a") == 4
    assert access.unit_of(state, "a1.3")["id"] == "a1"
    assert access.command_radius(state, "a2") == 6 * INCH
    assert access.command_radius(state, "a1") == 0
    assert access.courage(state, "a2") == 8
    assert access.initiative_order(state) == ("a", "b")
    assert access.sort_units(["a10", "a2", "b1"]) == ["a2", "a10", "b1"]
    moved = access.with_positions(state, {"a2.1": [100, 200, 900]})
    assert access.base_of(moved, "a2.1").x == 100
    assert access.base_of(state, "a2.1").x != 100


def test_a_state_read_back_from_canonical_json_reads_the_same() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(2, 5), count=12), hero(at=(30, 5))],
        b=[unit("ashigaru", at=(10, 30), count=3)],
    )
    again = json.loads(canonical_json(state))
    assert access.unit_ids(again) == access.unit_ids(state)
    assert access.model_ids(again, "a")[:3] == ("a1.1", "a1.2", "a1.3")
    assert access.model_ids(again) == access.model_ids(state)

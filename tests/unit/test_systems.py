"""The game systems' registry (shiai.systems): the built-ins with their plug-ins,
those SHIAI_RULESETS names, and the generic plug-in for a ruleset without one."""

from __future__ import annotations

import io

import pytest
from werkzeug.datastructures import FileStorage

from engine.core import InvalidCommand
from engine.kensei import Kensei
from replays import registry
from replays.errors import UnknownRuleset
from shiai.services import BUILTIN_RULESETS
from shiai.systems import SystemPlugin, build_systems, load_system
from shiai.systems.kensei import KenseiPlugin
from tests.support.dice_race import DiceRace

DICE_RACE = "tests.support.dice_race:DiceRace"


def test_the_registry_holds_the_built_in_systems_first_then_the_installed_ones() -> None:
    systems = build_systems([DICE_RACE])
    built_in = ["kensei", "senjutsu", "samurai-battles", "skirmish"]
    assert [system.id for system in systems] == [*built_in, "dice-race"]
    assert [system.name for system in systems] == [
        "Kensei",
        "Senjutsu",
        "Samurai Battles",
        "Samurai Skirmish",
        "Dice race",
    ]
    assert systems.default().id == "kensei"
    assert "dice-race" in systems
    assert "shogi" not in systems
    with pytest.raises(UnknownRuleset, match="no ruleset 'shogi' is installed"):
        systems.get("shogi")
    assert systems.find("shogi") is None


def test_kensei_comes_with_its_own_plug_in_its_scripts_and_its_tool() -> None:
    kensei = build_systems([]).get("kensei")
    assert isinstance(kensei, KenseiPlugin)
    assert isinstance(kensei.ruleset, Kensei)
    assert kensei.scripts.replay == "systems/kensei/replay.js"
    assert kensei.scripts.play == "systems/kensei/play.js"
    assert [tool.endpoint for tool in kensei.tools] == ["kensei.odds"]
    assert kensei.preferred_bot == "greedy"
    assert kensei.sides == ("A", "B")
    assert kensei.demo_setups() == Kensei().sample_setups()


def test_a_ruleset_without_a_plug_in_gets_the_generic_one() -> None:
    race = build_systems([DICE_RACE]).get("dice-race")
    assert type(race) is SystemPlugin
    assert race.scripts.replay is None
    assert race.scripts.play is None
    assert race.tools == ()
    assert race.blueprint() is None
    assert race.form_template == "systems/generic_form.html"
    assert race.preferred_bot == "random"  # the ruleset's default bot
    assert [choice.setup for choice in race.sample_setups()] == DiceRace().sample_setups()


def test_the_generic_form_takes_a_sample_or_a_json_set_up_and_says_what_is_wrong() -> None:
    race = SystemPlugin(DiceRace())
    assert race.setup_from_form({"sample": "1"}, {}) == {}
    typed = race.setup_from_form({"sample": "1", "setup": ' {"target": 30} '}, {})
    assert typed == {"target": 30}, "a set-up typed in wins over the sample"
    for posted, message in (
        ({"setup": "{target: 30}"}, "the set-up is not valid JSON"),
        ({"setup": "[1, 2]"}, "the set-up is a JSON object"),
        ({"setup": "x" * 70_000}, "longer than 65536 characters"),
        ({"setup": '{"x": ' + "[" * 33 + "]" * 33 + "}"}, "the set-up is nested more than 32 deep"),
        ({"setup": "[" * 5000 + "]" * 5000}, "the set-up is nested more than 32 deep"),
        ({"sample": "99"}, "choose a sample set-up or type one in as JSON"),
        ({}, "choose a sample set-up or type one in as JSON"),
    ):
        with pytest.raises(InvalidCommand, match=message):
            race.setup_from_form(posted, {})


def test_kensei_s_form_reads_a_sample_army_or_an_uploaded_list_per_side() -> None:
    kensei = KenseiPlugin(Kensei())
    posted = {"army_A": "buke-250", "army_B": "kuge-250", "scenario": "pitched-battle"}
    assert kensei.setup_from_form(posted, {}) == {
        "armies": {"A": "buke-250", "B": "kuge-250"},
        "scenario": "pitched-battle",
    }
    upload = FileStorage(io.BytesIO(b'{"faction": "buke", "units": []}'), "mine.json")
    uploaded = kensei.setup_from_form(posted, {"army_B_file": upload})
    assert uploaded["armies"]["B"] == {"faction": "buke", "units": []}
    with pytest.raises(
        InvalidCommand, match="choose a sample army or upload an army list for side A"
    ):
        kensei.setup_from_form({**posted, "army_A": "nobody-250"}, {})
    broken = FileStorage(io.BytesIO(b"{"), "broken.json")
    with pytest.raises(InvalidCommand, match="army list A is not valid JSON"):
        kensei.setup_from_form(posted, {"army_A_file": broken})
    deep = FileStorage(io.BytesIO(b'{"units": ' + b"[" * 600 + b"]" * 600 + b"}"), "deep.json")
    with pytest.raises(InvalidCommand, match="army list B is nested more than 32 deep"):
        kensei.setup_from_form(posted, {"army_B_file": deep})
    options = kensei.form_options()
    assert "buke-250" in options["armies"]
    assert options["preselected"] == {"A": "buke-250", "B": "kuge-250"}


def test_a_spec_may_name_a_plug_in_and_a_bad_one_is_refused() -> None:
    named = load_system(f"{DICE_RACE}=shiai.systems:SystemPlugin")
    assert named.id == "dice-race"
    with pytest.raises(ValueError, match="not of the form 'module:ClassName'"):
        load_system(f"{DICE_RACE}=shiai.systems")
    with pytest.raises(TypeError, match="is not a SystemPlugin"):
        load_system(f"{DICE_RACE}=builtins:repr")


def test_the_engine_s_loader_reads_the_ruleset_of_a_spec_that_names_a_plug_in() -> None:
    """The conformance suite and the CLI load SHIAI_RULESETS' rulesets alone."""
    assert BUILTIN_RULESETS == (
        "engine.kensei:Kensei",
        "engine.senjutsu:Senjutsu",
        "engine.samurai_battles:SamuraiBattles",
        "engine.skirmish:Skirmish",
    )
    assert registry.load(f"{DICE_RACE} = shiai.systems:SystemPlugin").id == "dice-race"

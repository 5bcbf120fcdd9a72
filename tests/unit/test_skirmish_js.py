"""The skirmish rules' browser modules (static/systems/skirmish/), without a page: node
imports them (they touch the DOM only when drawing) and prints what the pure functions
answer for hand-made states and prompts shaped as the skirmish contract says
(/work/briefs/sk-contract.md: "State", "Turn flow, prompts and commands"). The drawing
itself, and answering the prompts by clicking, are checked in Chromium
(tests/e2e/test_skirmish_journey.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import UNDER_CI

SCRIPTS = Path(__file__).parents[2] / "platform" / "shiai" / "static" / "systems" / "skirmish"
NODE = shutil.which("node")
INCH = 254


def model(mid: str, x: float, y: float, facing: int = 900, **more: Any) -> dict[str, Any]:
    record = {
        "id": mid,
        "unit": mid.split(".", maxsplit=1)[0],
        "side": mid[0],
        "x": round(x * INCH),
        "y": round(y * INCH),
        "facing": facing,
        "mounted": False,
        "wounds": 1,
        "status": "ok",
    }
    record.update(more)
    return record


def unit(uid: str, name: str, profile: str, count: int, **more: Any) -> dict[str, Any]:
    record = {
        "id": uid,
        "side": uid[0],
        "name": name,
        "hero": False,
        "profile": profile,
        "models": [f"{uid}.{n}" for n in range(1, count + 1)],
        "start": count,
        "min": 3,
        "weapon": "yari",
        "armour": "light",
        "strategies": [],
        "masteries": {},
        "command": 0,
        "honourable": False,
        "points": 5,
        "fleeing": False,
        "edge": None,
        "must_test": False,
        "courage_mod": 0,
        "moved": 0,
        "shot": False,
        "heroic": [],
        "reload": 0,
        "pavise": None,
        "dismounted_turn": None,
        "done": False,
    }
    record.update(more)
    return record


# The move phase of turn 2 on a 24" table: side a (the Yamada clan) has a hero
# (a1, mounted) and three ashigaru (a2, one killed); side b (a ronin band) a hero and
# three bowmen (b2), one fled.
MODELS = [
    model("a1.1", 6, 4, mounted=True, wounds=2),
    model("a2.1", 10, 4),
    model("a2.2", 11, 4),
    model("a2.3", 12, 4, status="dead"),
    model("b1.1", 8, 18, facing=2700, wounds=3),
    model("b2.1", 14, 20, facing=2700),
    model("b2.2", 15, 20, facing=2700),
    model("b2.3", 16, 20, facing=2700, status="fled"),
]
STATE: dict[str, Any] = {
    "ruleset": "skirmish",
    "data": "abc",
    "scenario": "village-raid",
    "table": {"width": 24 * INCH, "height": 24 * INCH},
    "scenery": [
        {
            "id": "wood",
            "name": "Bamboo grove",
            "kind": "difficult",
            "blocks_sight": True,
            "points": [[2540, 2540], [5080, 2540], [5080, 5080], [2540, 5080]],
        }
    ],
    "sides": ["a", "b"],
    "labels": {"a": "Yamada clan", "b": "Ronin band"},
    "warbands": {"a": "samurai_household", "b": "ronin"},
    "edges": {"a": "south", "b": "north"},
    "turn": 2,
    "turns": 8,
    "phase": "move",
    "step": "act",
    "initiative": "a",
    "previous_initiative": "b",
    "active": "a",
    "units": {
        "a1": unit(
            "a1",
            "Yamada Suzuki",
            "yamada_suzuki",
            1,
            hero=True,
            zen=2,
            zen_policy="fatal",
            weapon="long_sword",
            armour="heavy",
            strategies=["one_cut"],
            masteries={"long_sword": 2},
            command=2,
        ),
        "a2": unit("a2", "Ashigaru", "ashigaru", 3, moved=2 * INCH),
        "b1": unit("b1", "Kato the Ronin", "ronin_hero", 1, hero=True, zen=1, weapon="no_dachi"),
        "b2": unit("b2", "Ronin bowmen", "ronin", 3, weapon="bow", armour="none", done=True),
    },
    "models": {m["id"]: m for m in MODELS},
    "band_tested": {"a": False, "b": False},
    "queue": [],
    "humming_used": {"a": False, "b": False},
    "outcome": None,
    "score": {"a": 0, "b": 0},
}
CATALOGUE = {
    "profiles": {
        "ashigaru": {"name": "Ashigaru"},
        "yamada_suzuki": {"name": "Yamada Suzuki"},
        "ronin": {"name": "Ronin"},
    },
    "weapons": {"yari": {"name": "Yari (spear)"}, "bow": {"name": "Bow"}},
    "armour": {"light": {"name": "Light"}, "heavy": {"name": "Heavy"}, "none": {"name": "None"}},
    "scenarios": {"village-raid": "The village raid"},
}
MOVE_PROMPT = {
    "kind": "move",
    "sides": ["a"],
    "sealed": False,
    "options": {
        "units": {
            "a1": {"allowance": 12 * INCH, "charge": ["b1.1"], "actions": ["move", "dismount"]},
            "a2": {"allowance": 4 * INCH, "charge": [], "actions": ["move", "hold"]},
        },
        "heroic": False,
    },
}


def answers(module: str, expression: str, **values: Any) -> Any:
    """What ``expression`` (over ``module``'s exports, as ``m``, board.js's as ``b``,
    and ``values`` bound by name) evaluates to."""
    if NODE is None:
        if UNDER_CI:
            pytest.fail("node is not installed", pytrace=False)
        pytest.skip("node is not installed")
    bound = "".join(f"const {name} = {json.dumps(value)};\n" for name, value in values.items())
    board = (SCRIPTS / "board.js").as_uri()
    script = (
        f"import * as m from {json.dumps((SCRIPTS / module).as_uri())};\n"
        f"import * as b from {json.dumps(board)};\n"
        f"{bound}console.log(JSON.stringify({expression}));\n"
    )
    ran = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


# -- the table -------------------------------------------------------------------------


def test_the_model_names_units_counts_their_models_and_measures_allowances() -> None:
    found = answers(
        "board.js",
        "(() => { const x = m.skirmishModel(state, catalogue); return x.units.map((u) =>"
        " [u.id, u.name, u.profileName, u.weaponName, u.alive, u.start, u.allowance, u.onTable,"
        " u.models.map((md) => md.size)]); })()",
        state=STATE,
        catalogue=CATALOGUE,
    )
    rows = {row[0]: row[1:] for row in found}
    # A mounted hero: 12" and a 50 mm base; heavy armour caps only a model on foot.
    assert rows["a1"] == [
        "Yamada Suzuki",
        "Yamada Suzuki",
        "Long Sword",
        1,
        1,
        12 * INCH,
        True,
        [500],
    ]
    # 6" on foot, 2" moved already; the dead model is not counted.
    assert rows["a2"][:6] == ["Ashigaru", "Ashigaru", "Yari (spear)", 2, 3, 4 * INCH]
    assert rows["b2"][3] == 2  # one bowman fled


def test_units_are_listed_by_side_then_number() -> None:
    state = {**STATE, "units": {**STATE["units"]}}
    state["units"]["a10"] = unit("a10", "Late", "ashigaru", 0)
    ids = answers("board.js", "m.skirmishModel(state).units.map((u) => u.id)", state=state)
    assert ids == ["a1", "a2", "a10", "b1", "b2"]


def test_distances_read_in_inches_and_the_deployment_zones_run_along_the_edges() -> None:
    found = answers(
        "board.js",
        "[m.measure([0, 0], [3 * 254, 4 * 254]), m.inches(127), m.deployZone('south', t),"
        " m.deployZone('north', t), m.deployZone('east', t), m.deployZone('nowhere', t)]",
        t={"width": 9144, "height": 6096},
    )
    assert found[0] == '5.0"'
    assert found[1] == '0.5"'
    assert found[2] == [0, 0, 9144, 6 * INCH]
    assert found[3] == [0, 6096 - 6 * INCH, 9144, 6096]
    assert found[4] == [9144 - 6 * INCH, 0, 9144, 6096]
    assert found[5] is None


def test_an_events_models_are_its_actors_and_targets() -> None:
    events = [
        {"type": "charged", "unit": "a2", "target": "b1.1", "models": {"a2.1": [1, 2, 0]}},
        {"type": "shot", "unit": "b2", "target": "a2.1", "shots": [{"model": "b2.1", "die": 5}]},
        {"type": "combat_fought", "combat": 0, "models": {"a": ["a1.1"], "b": ["b1.1"]}},
        {"type": "wounded", "model": "a1.1", "wounds": 1},
    ]
    found = answers(
        "board.js",
        "events.map((e) => Object.fromEntries(m.eventModels(e, state)))",
        events=events,
        state=STATE,
    )
    assert found[0] == {"a2.1": "actor", "a2.2": "actor", "a2.3": "actor", "b1.1": "target"}
    assert found[1]["b2.1"] == "actor"
    assert found[1]["a2.1"] == "target"
    assert found[2] == {"a1.1": "actor", "b1.1": "actor"}
    assert found[3] == {"a1.1": "actor"}


def test_what_moved_and_who_fell_between_two_states() -> None:
    after = json.loads(json.dumps(STATE))
    after["models"]["a2.1"]["y"] += 3 * INCH
    after["models"]["a2.2"]["y"] += 3 * INCH
    after["models"]["b2.2"]["status"] = "dead"
    found = answers(
        "board.js",
        "[m.movedUnits(m.skirmishModel(before), m.skirmishModel(after)),"
        " m.casualties(m.skirmishModel(before), m.skirmishModel(after)).map((c) => c.id)]",
        before=STATE,
        after=after,
    )
    moves, gone = found
    assert [(mv["unit"], round(mv["distance"])) for mv in moves] == [("a2", 3 * INCH)]
    assert gone == ["b2.2"]


def test_the_turn_is_written_in_words() -> None:
    over = {**STATE, "phase": "over", "outcome": {"winner": "b"}, "score": {"a": 4, "b": 9}}
    found = answers(
        "board.js",
        "[m.turnWords(m.skirmishModel(state)), m.turnWords(m.skirmishModel(over))]",
        state=STATE,
        over=over,
    )
    assert found[0] == "Turn 2 of 8 · move phase · initiative: Yamada clan · Yamada clan to act"
    assert found[1] == "The game is over: Ronin band wins (points Yamada clan 4, Ronin band 9)"


# -- the replay --------------------------------------------------------------------------


def test_every_roll_is_given_in_faces_and_words() -> None:
    events = [
        {
            "type": "initiative_rolled",
            "turn": 1,
            "dice": {"a": [4], "b": [2]},
            "modifiers": {"a": 1, "b": 0},
            "winner": "a",
            "reason": "roll",
        },
        {
            "type": "shot",
            "unit": "b2",
            "target": "a2.1",
            "shots": [
                {
                    "model": "b2.1",
                    "need": 5,
                    "die": 6,
                    "hit": True,
                    "cover": {"die": 2, "blocked_by": "Bamboo grove"},
                    "horse": None,
                },
                {"model": "b2.2", "need": 5, "die": 3, "hit": False, "cover": None, "horse": None},
            ],
        },
        {
            "type": "wound_rolls",
            "attacker": "b1.1",
            "target": "a1.1",
            "need": 4,
            "dice": [4, 1],
            "wounds": 1,
        },
        {
            "type": "courage_tested",
            "unit": "a2",
            "dice": [3, 5],
            "courage": 9,
            "modifiers": {"casualties": -1},
            "total": 7,
            "passed": False,
            "reason": "casualties",
        },
        {
            "type": "combat_fought",
            "combat": 0,
            "models": {"a": ["a1.1"], "b": ["b1.1"]},
            "dice": {"a": {"a1.1": [6, 2]}, "b": {"b1.1": [5]}},
            "modifiers": {},
            "doubled": [],
            "best": {"a": 6, "b": 5},
            "winner": "a",
            "reason": "score",
        },
        {"type": "zen_used", "unit": "a1", "use": "save", "die": 5, "success": True},
    ]
    found = answers("replay.js", "events.map((e) => m.rolls(e, state))", events=events, state=STATE)
    initiative, shot, wounds, courage, combat, zen = found
    assert [g["faces"] for g in initiative] == [[4], [2]]
    assert initiative[0]["words"] == "Yamada clan rolls 4 +1 for the initiative"
    assert [g["faces"] for g in shot] == [[6], [2], [3]]
    assert shot[0]["test"] == {"atLeast": 5}
    assert shot[0]["words"] == "Ronin bowmen b2.1 shoots at Ashigaru a2.1: needs 5+, rolls 6: a hit"
    assert "Bamboo grove" in shot[1]["words"]
    assert "stopped" in shot[1]["words"]
    assert shot[2]["words"].endswith("a miss")
    assert wounds[0]["words"] == (
        "Kato the Ronin b1.1 strikes Yamada Suzuki a1.1: needs 4+ to wound, rolls 4, 1: 1 wound"
    )
    assert courage[0]["words"] == (
        "Ashigaru (a2) tests its Courage 9 (casualties): rolls 3 + 5 -1 = 7: failed"
    )
    assert [g["faces"] for g in combat] == [[6, 2], [5]]
    assert zen[0]["test"] == {"atLeast": 4}
    # The log's dice: the same faces, no words.
    dice = answers("replay.js", "events.map((e) => m.dice(e))", events=events)
    assert dice[1][0] == {"label": "b2.1 shoots", "faces": [6], "test": {"atLeast": 5}}


def test_the_changes_list_the_rolls_then_moves_wounds_and_casualties() -> None:
    after = json.loads(json.dumps(STATE))
    after["models"]["a2.1"]["y"] += 3 * INCH
    after["models"]["a1.1"]["wounds"] = 1
    after["models"]["b2.2"]["status"] = "dead"
    after["units"]["b2"]["fleeing"] = True
    event = {
        "type": "wound_rolls",
        "attacker": "b1.1",
        "target": "a1.1",
        "need": 4,
        "dice": [4],
        "wounds": 1,
    }
    lines = answers(
        "replay.js",
        "m.changeLines(m.diff(before, after, event))",
        before=STATE,
        after=after,
        event=event,
    )
    texts = [line["text"] for line in lines]
    assert texts[0].startswith("Kato the Ronin b1.1 strikes")
    assert 'Ashigaru a2.1: moved 3.0"' in texts
    assert "Yamada Suzuki a1.1: wounds 2 → 1" in texts
    assert "Ronin bowmen b2.2: killed" in texts
    assert "Ronin bowmen: flees" in texts


def test_marks_cut_the_timeline_into_turns_phases_and_actions() -> None:
    events = [
        {"type": "phase_began", "phase": "shoot"},
        {"type": "turn_ended", "turn": 2},
        {"type": "moved", "unit": "a2"},
        {"type": "wounded", "model": "a1.1", "wounds": 1},
    ]
    found = answers("replay.js", "events.map((e) => m.marks(e))", events=events)
    assert found[0][0] == {"kind": "phase", "label": "shoot"}
    assert found[1] == [{"kind": "turn", "label": "turn 3", "after": True}]
    assert found[2] == [{"kind": "activation"}]
    assert found[3] == []


# -- answering prompts ------------------------------------------------------------------


def test_a_move_prompts_units_allowances_and_charge_targets() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.skirmishModel(state); const units = m.promptUnits(prompt, 'a', x);"
        " return [units.map((u) => u.id),"
        " units.map((u) => b.allowanceOf(u, m.unitOptions(prompt, u.id))),"
        " m.targetsOf(prompt, units[0], x, 'charge')"
        "   .map((t) => [t.model.id, Math.round(t.distance)])]; })()",
        state=STATE,
        prompt=MOVE_PROMPT,
    )
    ids, allowances, charges = found
    assert ids == ["a1", "a2"]
    assert allowances == [12 * INCH, 4 * INCH]
    # Rim to rim: centres 2" and 14" apart, less a 25 mm and a 50 mm radius.
    assert charges == [["b1.1", round(((2 * INCH) ** 2 + (14 * INCH) ** 2) ** 0.5 - 250 - 125)]]


def test_a_click_picks_the_model_under_it_or_near_its_rim() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.skirmishModel(state); return ["
        " m.modelAt(x, {x: 10 * 254 + 100, y: 4 * 254})?.model.id,"
        " m.modelAt(x, {x: 10 * 254, y: 4 * 254 + 125 + 100})?.model.id,"
        " m.modelAt(x, {x: 20 * 254, y: 12 * 254}) ]; })()",
        state=STATE,
    )
    assert found == ["a2.1", "a2.1", None]


def test_a_move_keeps_the_units_shape_and_faces_the_way_it_goes() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.skirmishModel(state); const u = b.unitById(x, 'a2');"
        " return m.movePlan('a', u, {x: 10 * 254, y: 10 * 254}, 4 * 254); })()",
        state=STATE,
    )
    assert found["command"] == {
        "type": "move",
        "side": "a",
        "unit": "a2",
        "to": [2540, 2540],
        "facing": 900,
    }
    assert found["positions"] == {"a2.1": [2540, 2540, 900], "a2.2": [2794, 2540, 900]}
    assert found["tooFar"] is True  # 6" asked, 4" left


def test_the_commands_the_controls_send() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.skirmishModel(state); return ["
        " m.chargePlan('a', b.unitById(x, 'a1'), b.modelById(x, 'b1.1'), 12 * 254).command,"
        " m.deployCommand('a', {a2: {'a2.1': [1, 2, 900], 'a2.2': [3, 4, 900]},"
        "   a1: {'a1.1': [5, 6, 0]}}),"
        " m.fightCommand('a', 2, {a1: {strategies: ['one_cut'], strike: 'horse', zen: true}}),"
        " m.facingTowards({x: 0, y: 0}, {x: -1, y: 0}),"
        " m.facingTowards({x: 0, y: 0}, {x: 0, y: -1}) ]; })()",
        state=STATE,
    )
    charge, deploy, fight, west, south = found
    assert charge == {"type": "charge", "side": "a", "unit": "a1", "target": "b1.1"}
    assert deploy == {
        "type": "deploy",
        "side": "a",
        "positions": {"a1.1": [5, 6, 0], "a2.1": [1, 2, 900], "a2.2": [3, 4, 900]},
    }
    assert fight == {
        "type": "fight",
        "side": "a",
        "combat": 2,
        "choices": {
            "a1": {"strategies": ["one_cut"], "strike": "horse", "zen": True, "disengage": False}
        },
    }
    assert [west, south] == [1800, 2700]


def test_heroic_and_fight_prompts_offer_each_heros_choices() -> None:
    heroic: dict[str, Any] = {
        "kind": "heroic",
        "sides": ["a"],
        "options": {"units": {"a1": ["move"]}, "phase": "move"},
    }
    fight = {
        "kind": "fight",
        "sides": ["a"],
        "sealed": True,
        "options": {
            "combat": 1,
            "units": {
                "a1": {
                    "strategies": ["one_cut"],
                    "may_strike_horse": True,
                    "zen": True,
                    "disengage": False,
                }
            },
        },
    }
    found = answers(
        "play.js",
        "(() => { const x = b.skirmishModel(state); return ["
        " m.heroicChoices(heroic, 'a', x).map((c) => [c.unit.id, c.action]),"
        " m.fightChoices(fight, 'a', x)"
        "   .map((c) => [c.unit.id, c.strategies, c.horse, c.zen, c.disengage]),"
        " m.fightChoices(fight, 'b', x).length ]; })()",
        state=STATE,
        heroic=heroic,
        fight=fight,
    )
    assert found[0] == [["a1", "move"]]
    assert found[1] == [["a1", ["one_cut"], True, True, False]]
    assert found[2] == 0


def test_a_point_is_in_a_zone_or_not() -> None:
    found = answers(
        "play.js",
        "[m.inZone([0, 0, 10, 10], [5, 5]), m.inZone([0, 0, 10, 10], [5, 11]),"
        " m.inZone(null, [1, 1])]",
    )
    assert found == [True, False, True]


def test_a_heroic_move_with_mastery_of_command_takes_units_within_its_radius() -> None:
    heroic: dict[str, Any] = {
        "kind": "move",
        "sides": ["a"],
        "options": {"units": {"a1": {"allowance": 12 * INCH}}, "heroic": True},
    }
    listed = {**heroic, "options": {**heroic["options"], "with": ["a2"]}}
    plain = {**heroic, "options": {"units": {"a1": {}}, "heroic": False}}
    found = answers(
        "play.js",
        "(() => { const x = b.skirmishModel(state); const hero = b.unitById(x, 'a1');"
        " return [heroic, listed, plain]"
        "   .map((p) => m.followers(p, hero, x).map((u) => u.id)); })()",
        state=STATE,
        heroic=heroic,
        listed=listed,
        plain=plain,
    )
    # Command level 2: 6"; the ashigaru stand 4" away (rim to rim, less).
    assert found == [["a2"], ["a2"], []]


def test_a_move_round_a_turning_point_sums_its_legs() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.skirmishModel(state); const u = b.unitById(x, 'a2');"
        " return m.movePlan('a', u, {x: 13 * 254, y: 8 * 254}, 6 * 254,"
        "   [[10 * 254, 8 * 254]]); })()",
        state=STATE,
    )
    # 4" north, then 3" east: 7", more than 6"; facing east along the last leg.
    assert round(found["distance"]) == 7 * INCH
    assert found["tooFar"] is True
    assert found["command"]["via"] == [[2540, 2032]]
    assert found["command"]["facing"] == 0

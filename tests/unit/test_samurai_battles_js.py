"""Samurai Battles' browser modules (static/systems/samurai-battles/), without a
page: node imports them (they touch the DOM only when drawing) and prints what the
pure functions answer for hand-made views and states shaped as the Samurai Battles
contract says ("State", "View", "Commands", "Events"). The drawing itself, and
writing orders by clicking, are checked in Chromium
(tests/e2e/test_samurai_battles_journey.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import UNDER_CI

SCRIPTS = (
    Path(__file__).parents[2] / "platform" / "shiai" / "static" / "systems" / "samurai-battles"
)
NODE = shutil.which("node")

CATALOGUE = {
    "units": {
        "samurai": {"name": "Samurai", "category": "infantry", "models": 6, "range": None},
        "ashigaru_archers": {
            "name": "Ashigaru Archers",
            "category": "infantry",
            "models": 6,
            "range": 4,
            "ammunition": 7,
        },
        "samurai_cavalry": {
            "name": "Samurai Cavalry",
            "category": "cavalry",
            "models": 4,
            "range": None,
        },
        "peasant_transport": {
            "name": "Peasant Transport",
            "category": "infantry",
            "models": 2,
            "range": None,
        },
        "ashigaru_yari": {
            "name": "Ashigaru Yari",
            "category": "infantry",
            "models": 6,
            "range": None,
        },
    },
    "terrain": {
        "forest": {"name": "Forest", "impassable": False},
        "river": {"name": "River", "impassable": True},
    },
}


def unit(
    side: str, number: int, kind: str, hex_: list[int] | None, facing: int | None, **more: Any
) -> dict[str, Any]:
    record = {
        "side": side,
        "number": number,
        "type": kind,
        "hex": hex_,
        "facing": facing,
        "models": 6,
        "fortitude": 4,
        "ammo": 0,
        "supplies": 0,
        "status": "ready",
        "hidden": False,
        "engaged": [],
    }
    record.update(more)
    return record


def rectangle(columns: int, rows: int) -> list[list[int]]:
    return [[col - r // 2, r] for r in range(rows) for col in range(columns)]


# East's view at the orders phase of turn 2: the West army has written its orders
# (sealed: true), one West unit is hidden (its hex and facing are null to East).
EAST_VIEW: dict[str, Any] = {
    "scenario": "river-crossing",
    "data": "abc123",
    "turn": 2,
    "turns": 8,
    "phase": "orders",
    "sides": ["east", "west"],
    "factions": {"east": "takeda", "west": "uesugi"},
    "board": {"hexes": rectangle(7, 5), "terrain": [[3, 1, "forest"], [2, 3, "river"]]},
    "units": {
        "e1": unit("east", 1, "samurai", [1, 2], 0),
        "e2": unit("east", 2, "ashigaru_archers", [0, 3], 0, ammo=5),
        "e3": unit("east", 3, "samurai_cavalry", [1, 1], 0, models=4),
        "e4": unit("east", 4, "peasant_transport", [0, 4], 0, models=2, supplies=14),
        "e5": unit("east", 5, "samurai", [2, 2], 0, models=2),
        "e6": unit("east", 6, "samurai", [3, 2], 0, models=3),
        "w1": unit("west", 1, "ashigaru_yari", [4, 2], 3),
        "w2": unit("west", 2, "samurai", None, None, hidden=True),
        "w3": unit("west", 3, "samurai", [5, 0], 3, status="destroyed"),
    },
    "written": {"west": True},
    "orders": {"east": {}, "west": {}},
    "removed": {"east": ["w3"], "west": []},
    "outcome": None,
    "zones": {"control": {"w1": [[3, 2], [4, 1], [3, 3]]}, "defense": {}, "kill": {}},
    "catalogue": CATALOGUE,
}
ORDERS_PROMPT = {
    "kind": "orders",
    "sides": ["east"],
    "sealed": True,
    "options": {
        "e1": ["assault", "march", "run", "all_around", "defend", "rest", "join_up"],
        "e2": ["fire", "defend", "fire_and_retreat", "march", "rest", "receive_supplies"],
        "e3": ["assault", "march", "run", "rest"],
        "e4": ["march", "rest", "receive_supplies"],
        "e5": ["assault", "march", "rest", "join_up"],
        "e6": ["assault", "march", "rest", "join_up"],
    },
}


def answers(module: str, expression: str, **values: Any) -> Any:
    """What ``expression`` (over ``module``'s exports, as ``m``, and ``values``
    bound by name) evaluates to."""
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


# -- the board -------------------------------------------------------------------------


def test_a_view_names_each_unit_with_its_type_strength_and_the_terrain() -> None:
    model = answers(
        "board.js",
        "(() => { const x = m.battleModel(view); return {units: x.units.map((u) => [u.id, u.name,"
        " u.mark, u.full, u.onTable, u.hex]), terrain: x.terrainKinds, written: x.written,"
        " river: x.hexes.find((c) => c.terrain === 'river') }; })()",
        view=EAST_VIEW,
    )
    units = {row[0]: row[1:] for row in model["units"]}
    assert units["e2"] == ["East 2 (Ashigaru Archers)", "AA", 6, True, [0, 3]]
    assert units["e3"][1] == "SC"
    # The enemy's hidden unit is on the table but drawn nowhere: its hex is null.
    assert units["w2"] == ["West 2 (Samurai)", "SAM", 6, True, None]
    assert units["w3"][3] is False  # destroyed
    assert model["terrain"] == [
        {"kind": "forest", "name": "Forest"},
        {"kind": "river", "name": "River"},
    ]
    assert model["written"] == {"east": None, "west": "sealed"}
    assert model["river"]["impassable"] is True


def test_units_are_listed_by_army_then_number() -> None:
    view = {**EAST_VIEW, "units": {key: EAST_VIEW["units"][key] for key in ("w1", "e6", "e1")}}
    view["units"]["e10"] = unit("east", 10, "samurai", [0, 0], 0)
    assert answers("board.js", "m.battleModel(view).units.map((u) => u.id)", view=view) == [
        "e1",
        "e6",
        "e10",
        "w1",
    ]


def test_a_whole_state_gets_zones_of_control_ahead_and_defense_zones_for_defenders() -> None:
    state = {key: value for key, value in EAST_VIEW.items() if key not in ("zones", "catalogue")}
    state["units"] = {
        "e1": unit("east", 1, "samurai", [1, 2], 0),
        "e3": unit("east", 3, "samurai_cavalry", [1, 1], 0),
        "w1": unit("west", 1, "ashigaru_yari", [4, 2], 3),
    }
    state["orders"] = {
        "east": {
            "e1": {"order": "defend", "face": [2, 2]},
            "e3": {"order": "assault", "path": [[2, 1]], "target": "w1"},
        },
        "west": {"w1": {"order": "rest"}},
    }
    zones = answers(
        "board.js", "m.battleModel(state, catalogue).zones", state=state, catalogue=CATALOGUE
    )
    # Facing east (0): the hexes north-east, east and south-east of [1, 2].
    assert sorted(zones["control"]["e1"]) == [[1, 3], [2, 1], [2, 2]]
    assert zones["defense"]["e1"] == zones["control"]["e1"]
    # Movement Orders > Assault: "When a unit with Assault orders moves, it has no Zone of Control."
    assert "e3" not in zones["control"]
    assert sorted(zones["control"]["w1"]) == [[3, 2], [3, 3], [4, 1]]
    assert zones["kill"] == {}


def test_every_order_shape_is_written_in_words() -> None:
    orders = [
        {"order": "all_around"},
        {"order": "defend", "face": [2, 2], "kill_range": 3},
        {"order": "fire_and_retreat", "face": [1, 3]},
        {"order": "fire", "target": "w1"},
        {"order": "assault", "path": [[2, 2], [3, 2]], "target": "w1"},
        {"order": "march", "path": [[2, 2]]},
        {"order": "move_and_fire", "path": [[2, 1], [3, 1]], "fire_at": 1, "target": "w1"},
        {"order": "run", "path": [[2, 2], [3, 2]]},
        {"order": "ambush", "face": [2, 2]},
        {"order": "join_up", "with": "e5", "hex": [1, 2]},
        {"order": "receive_supplies", "from": "e4"},
        {"order": "receive_supplies"},
        {"order": "rest"},
        {"order": "reconnaissance"},
        {"order": "retreat", "path": [[0, 2]]},
    ]
    texts = answers(
        "board.js",
        "orders.map((o) => m.orderText(o, m.battleModel(view)))",
        orders=orders,
        view=EAST_VIEW,
    )
    assert texts[0] == "All-Around Defense"
    assert texts[1] == "Defend facing (2, 2) Kill Zone 3 hexes"
    assert texts[4] == "Assault via (2, 2) → (3, 2) at West 1 (Ashigaru Yari)"
    assert texts[6] == (
        "Move and Fire via (2, 1) → (3, 1) firing from its hex 1 at West 1 (Ashigaru Yari)"
    )
    assert texts[9] == "Join Up with East 5 (Samurai) in (1, 2)"
    assert texts[10] == "Receive Supplies from East 4 (Peasant Transport)"
    assert texts[14] == "Retreat via (0, 2)"


def test_an_events_units_are_the_ones_it_names_or_moves() -> None:
    events = [
        {
            "type": "moved",
            "tick": 1,
            "moves": [
                {"unit": "e1", "from": [1, 2], "to": [2, 2], "facing": 0},
                {"unit": "w1", "from": [4, 2], "to": [3, 2], "facing": 3},
            ],
        },
        {"type": "engaged", "attacker": "e1", "defender": "w1", "side": "flank", "hex": [3, 2]},
        {"type": "melee_fought", "units": ["e1", "w1"], "dice": {}, "hits": {}, "winner": "e1"},
    ]
    found = answers("board.js", "events.map((e) => [...m.eventUnits(e)].sort())", events=events)
    assert found == [["e1", "w1"], ["e1", "w1"], ["e1", "w1"]]


# -- the replay --------------------------------------------------------------------------


def test_the_timeline_marks_each_turn_the_reveal_and_each_execution_step() -> None:
    events = [
        {"type": "orders_written", "side": "east", "sealed_for": "east", "sealed": {}},
        {"type": "orders_revealed", "orders": {}},
        {"type": "step_began", "step": "movement"},
        {"type": "turn_ended", "turn": 1},
        {"type": "game_ended", "outcome": {}},
    ]
    marks = answers("replay.js", "events.map((e) => m.marks(e))", events=events)
    assert marks == [
        [],
        [{"kind": "phase", "label": "reveal"}, {"kind": "activation"}],
        [{"kind": "phase", "label": "movement"}, {"kind": "activation"}],
        [{"kind": "turn", "label": "turn 2", "after": True}],
        [{"kind": "phase", "label": "end"}],
    ]


def test_every_roll_shows_its_dice_faces() -> None:
    events = [
        {
            "type": "fired",
            "unit": "e2",
            "target": "w1",
            "dice": [6, 2, 4],
            "hits": 2,
            "ammo": 4,
            "kill_zone": False,
        },
        {
            "type": "encounter",
            "hex": [3, 2],
            "units": ["e1", "w1"],
            "rolls": {"e1": [5], "w1": [3]},
            "winner": "e1",
        },
        {
            "type": "melee_fought",
            "units": ["e1", "w1"],
            "dice": {"w1": [1, 2], "e1": [4, 4, 6]},
            "hits": {"e1": 2, "w1": 0},
            "winner": "e1",
        },
        {
            "type": "fortitude_tested",
            "unit": "w1",
            "die": 5,
            "needed": 4,
            "passed": False,
            "fortitude": 3,
        },
        {"type": "moved", "tick": 1, "moves": []},
    ]
    groups = answers("replay.js", "events.map((e) => m.dice(e))", events=events)
    assert groups[0] == [{"label": "e2", "faces": [6, 2, 4]}]
    assert groups[1] == [{"label": "e1", "faces": [5]}, {"label": "w1", "faces": [3]}]
    assert groups[2] == [{"label": "e1", "faces": [4, 4, 6]}, {"label": "w1", "faces": [1, 2]}]
    assert groups[3] == [{"label": "w1 Fortitude", "faces": [5]}]
    assert groups[4] == []


def test_what_changed_names_the_unit_its_move_and_its_losses_and_the_revealed_orders() -> None:
    before = json.loads(json.dumps(EAST_VIEW))
    after = json.loads(json.dumps(EAST_VIEW))
    after["units"]["e1"]["hex"] = [2, 2]
    after["units"]["w1"]["models"] = 4
    after["units"]["w1"]["status"] = "fled"
    after["orders"] = {"east": {"e1": {"order": "march", "path": [[2, 2]]}}, "west": {}}
    lines = answers(
        "replay.js",
        "m.changeLines(m.diff(before, after, null))",
        before=before,
        after=after,
    )
    texts = [line["text"] for line in lines]
    assert "East 1 (Samurai): hex (1, 2) → (2, 2)" in texts
    assert {"kind": "casualty", "text": "West 1 (Ashigaru Yari): models 6 → 4"} in lines
    assert {"kind": "casualty", "text": "West 1 (Ashigaru Yari): status ready → fled"} in lines
    assert "East 1 (Samurai): March via (2, 2)" in texts


def test_units_are_named_as_the_engines_sentences_name_them() -> None:
    names = answers("replay.js", "m.unitNames(view)", view=EAST_VIEW)
    # Keyed by army and number, as a sentence writes them: the log's unit filter finds
    # "East 1" in "East 1 (Samurai) assaulted ...", never in "East 10 (...)".
    assert names["East 1"] == "Samurai"
    assert names["West 1"] == "Ashigaru Yari"
    text = answers("replay.js", "m.words('e1 assaults w1; e7 waits.', names)", names=names)
    assert text == "East 1 (Samurai) assaults West 1 (Ashigaru Yari); e7 waits."


def test_the_unit_panel_reads_a_unit_of_the_state() -> None:
    profile = answers("replay.js", "m.profile(view.units.e2, view)", view=EAST_VIEW)
    assert profile["title"] == "East 2 (Ashigaru Archers)"
    assert ["Ranged", "range 4, ammunition 5"] in profile["rows"]


# -- writing orders ------------------------------------------------------------------------


def test_the_units_to_order_are_the_prompts_in_army_order() -> None:
    listed = answers(
        "play.js",
        "m.unitsToOrder(prompt, 'east', b.battleModel(view))"
        ".map((e) => [e.unit.id, e.allowed.length])",
        prompt=ORDERS_PROMPT,
        view=EAST_VIEW,
    )
    assert listed == [["e1", 7], ["e2", 6], ["e3", 4], ["e4", 3], ["e5", 4], ["e6", 4]]


def test_assault_infantry_moves_up_to_two_hexes_and_cavalry_up_to_four() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.battleModel(view); const inf = b.unitById(x, 'e1');"
        " const cav = b.unitById(x, 'e3'); return ['assault', 'march', 'run', 'retreat',"
        " 'move_and_fire'].map((o) => [m.pathLimit(o, inf, x), m.pathLimit(o, cav, x)]); })()",
        view=EAST_VIEW,
    )
    # Assault 2 | 4, March 1 | 2, Run 2 | 4, Retreat 1 | 2, Move and Fire: cavalry 4 only.
    assert found == [[2, 4], [1, 2], [2, 4], [1, 2], [0, 4]]


def test_a_catalogues_moves_replace_the_rulebooks_numbers() -> None:
    view = {
        **EAST_VIEW,
        "catalogue": {**CATALOGUE, "moves": {"march": {"infantry": 3, "cavalry": 5}}},
    }
    found = answers(
        "play.js",
        "(() => { const x = b.battleModel(view);"
        " return m.pathLimit('march', b.unitById(x, 'e1'), x); })()",
        view=view,
    )
    assert found == 3


def test_a_path_steps_to_adjacent_hexes_on_the_board_never_into_impassable_terrain() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.battleModel(view); const e1 = b.unitById(x, 'e1');"
        " return { first: m.nextSteps(e1, {order: 'assault', path: []}, x).map((s) => s.hex),"
        " second: m.nextSteps(e1, {order: 'assault', path: [[1, 3]]}, x).map((s) => s.hex),"
        " full: m.nextSteps(e1, {order: 'march', path: [[2, 2]]}, x),"
        " corner: m.nextSteps(b.unitById(x, 'e4'), {order: 'march', path: []}, x)"
        ".map((s) => s.hex) }; })()",
        view=EAST_VIEW,
    )
    assert sorted(found["first"]) == [[0, 2], [0, 3], [1, 1], [1, 3], [2, 1], [2, 2]]
    # From [1, 3]: [2, 3] is river (impassable); [1, 2] is the unit's own start.
    assert sorted(found["second"]) == [[0, 3], [0, 4], [1, 4], [2, 2]]
    assert found["full"] == []  # March: infantry may move 1 hex
    # [0, 4] is on the bottom row: no hex below it is on the board.
    assert sorted(found["corner"]) == [[-1, 4], [0, 3], [1, 3], [1, 4]]


def test_the_orders_are_sent_only_when_every_unit_has_one() -> None:
    drafts = {
        "e1": {"order": "assault", "path": [[2, 2], [3, 2]], "target": "w1", "face": [9, 9]},
        "e2": {"order": "defend", "face": [1, 3], "kill_range": 3},
        "e3": {"order": "march", "path": [[2, 1]]},
        "e4": {"order": "rest"},
        "e5": {"order": "join_up", "with": "e6", "hex": [2, 2]},
        "e6": {"order": "join_up", "with": "e5", "hex": [2, 2]},
    }
    command = answers(
        "play.js",
        "(() => { const x = b.battleModel(view); const e = m.unitsToOrder(prompt, 'east', x);"
        " return m.ordersCommand('east', drafts, e, x); })()",
        prompt=ORDERS_PROMPT,
        view=EAST_VIEW,
        drafts=drafts,
    )
    assert command == {
        "type": "orders",
        "side": "east",
        "orders": {
            # A field of another order (face) is not sent.
            "e1": {"order": "assault", "path": [[2, 2], [3, 2]], "target": "w1"},
            "e2": {"order": "defend", "face": [1, 3], "kill_range": 3},
            "e3": {"order": "march", "path": [[2, 1]]},
            "e4": {"order": "rest"},
            "e5": {"order": "join_up", "with": "e6", "hex": [2, 2]},
            "e6": {"order": "join_up", "with": "e5", "hex": [2, 2]},
        },
    }
    refused = answers(
        "play.js",
        "(() => { const x = b.battleModel(view); const e = m.unitsToOrder(prompt, 'east', x);"
        " try { m.ordersCommand('east', drafts, e, x); return null; }"
        " catch (error) { return error.message; } })()",
        prompt=ORDERS_PROMPT,
        view=EAST_VIEW,
        drafts={"e1": {"order": "march", "path": []}, "e4": {"order": "rest"}},
    )
    assert refused == (
        "write an order for every unit: 1 Samurai, 2 Ashigaru Archers, 3 Samurai Cavalry,"
        " 5 Samurai, 6 Samurai have none yet (Rest is an order)"
    )


def test_what_an_order_still_lacks_is_said_in_words() -> None:
    cases = [
        ("e1", None),
        ("e1", {"order": "assault", "path": [[2, 2]]}),
        ("e1", {"order": "march", "path": []}),
        ("e2", {"order": "defend", "face": [1, 3]}),
        ("e1", {"order": "defend", "face": [2, 2]}),
        ("e3", {"order": "move_and_fire", "path": [[2, 1]], "target": "w1"}),
        ("e2", {"order": "receive_supplies"}),
        ("e4", {"order": "receive_supplies"}),
        ("e1", {"order": "rest"}),
    ]
    found = answers(
        "play.js",
        "(() => { const x = b.battleModel(view);"
        " return cases.map(([id, o]) => m.missing(o, b.unitById(x, id), x)); })()",
        cases=cases,
        view=EAST_VIEW,
    )
    assert found == [
        "choose an order",
        "choose the enemy unit it targets",
        "draw its path on the board",
        # Defensive Orders > Defend: a ranged unit writes down its Kill Zone's range...
        "choose its Kill Zone's range",
        # ...a unit without a ranged attack has none to write.
        None,
        "choose the hex it fires from",
        "choose the Peasant Transport",
        # Special Orders > Receive Supplies: the Peasant Transport is given the order too.
        None,
        None,
    ]


def test_targets_are_enemies_on_the_table_never_a_hidden_unit() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.battleModel(view); return m.targets(b.unitById(x, 'e1'), x)"
        ".map((t) => [t.unit.id, t.distance]); })()",
        view=EAST_VIEW,
    )
    assert found == [["w1", 3]]


def test_join_up_names_each_other_and_the_same_hex_and_only_units_that_fit_together() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.battleModel(view); const e = m.unitsToOrder(prompt, 'east', x);"
        " const drafts = {e5: {order: 'join_up', with: 'e6', hex: [3, 2]}};"
        " m.pairJoin(drafts, b.unitById(x, 'e5'), e);"
        " return { drafts, partners5: m.partners(b.unitById(x, 'e5'), x).map((u) => u.id),"
        " partners1: m.partners(b.unitById(x, 'e1'), x).map((u) => u.id) }; })()",
        prompt=ORDERS_PROMPT,
        view=EAST_VIEW,
    )
    assert found["drafts"]["e6"] == {"order": "join_up", "with": "e5", "hex": [3, 2]}
    # e5 (2 models) and e6 (3) fit in one unit of 6; e1 (6 models) fits with neither.
    assert found["partners5"] == ["e6"]
    assert found["partners1"] == []


def test_a_prompt_without_orders_gets_no_control_of_this_kind() -> None:
    found = answers(
        "play.js",
        "[m.control({kind: 'concede', sides: ['east'], options: {}}, 'east', view, {}),"
        " m.allowedOrders({options: {units: {e1: ['rest']}}})]",
        view=EAST_VIEW,
    )
    assert found == [None, {"e1": ["rest"]}]


def test_a_finished_games_replay_keeps_written_orders_sealed_until_the_reveal() -> None:
    state = {key: value for key, value in EAST_VIEW.items() if key not in ("zones", "catalogue")}
    state["written"] = {"east": {"e1": {"order": "rest"}}}
    # A whole state holds the orders written; its replay shows them at the reveal only.
    assert answers("board.js", "m.battleModel(state).written", state=state) == {
        "east": "sealed",
        "west": None,
    }
    # The army's own view reads its own orders as written.
    own = {**EAST_VIEW, "written": {"east": {"e1": {"order": "rest"}}, "west": True}}
    assert answers("board.js", "m.battleModel(view).written", view=own) == {
        "east": "written",
        "west": "sealed",
    }


def test_the_phase_is_told_by_the_steps_event() -> None:
    events = [
        None,
        {"type": "orders_written", "side": "east"},
        {"type": "orders_revealed", "orders": {}},
        {"type": "moved", "tick": 1, "moves": []},
        {"type": "turn_ended", "turn": 1},
    ]
    found = answers(
        "board.js", "events.map((e) => m.phaseWords({phase: 'orders'}, e))", events=events
    )
    assert found == [
        "orders phase",
        "orders phase",
        "orders revealed",
        "Execution Phase",
        "orders phase",
    ]
    assert answers("board.js", "m.phaseWords({phase: 'over'}, null)") == "the battle is over"


def test_fire_ranged_weapons_targets_only_enemies_within_the_weapons_range() -> None:
    view = json.loads(json.dumps(EAST_VIEW))
    view["units"]["w4"] = unit("west", 4, "samurai", [6, 3], 3)  # 6 hexes from the archers
    found = answers(
        "play.js",
        "(() => { const x = b.battleModel(view); const e2 = b.unitById(x, 'e2');"
        " return [m.targets(e2, x, 'fire').map((t) => t.unit.id),"
        " m.targets(e2, x, 'assault').map((t) => t.unit.id)]; })()",
        view=view,
    )
    # The archers' range is 4: West 1 (4 hexes away) may be fired at, West 4 (6) not.
    assert found == [["w1"], ["w1", "w4"]]


def test_defend_writes_down_the_hex_it_faces_which_sets_its_defense_zone() -> None:
    found = answers(
        "play.js",
        "(() => { const x = b.battleModel(view); const e1 = b.unitById(x, 'e1');"
        " return [m.defenseZone(e1, {order: 'defend', face: [1, 3]}, x),"
        " m.defenseZone(e1, {order: 'march', face: [1, 3]}, x),"
        " m.defenseZone(e1, {order: 'defend', face: [5, 5]}, x)]; })()",
        view=EAST_VIEW,
    )
    # Facing south-east ([1, 3] from [1, 2]): the hexes east, south-east and south-west.
    assert sorted(found[0]) == [[0, 3], [1, 3], [2, 2]]
    assert found[1] == []  # March holds no Defense Zone
    assert found[2] == []  # not an adjacent hex: nothing is drawn

"""Kensei's position editor (engine.kensei.position): a judge moves a unit, sets its
markers or removes it; the table's rules refuse what cannot stand (off the table,
overlapping bases, markers the rules would have turned into casualties), naming the
edit; the state given is never changed; and the kernel's check refuses a state no game
can start from."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.core import IllegalCommand, InvalidCommand, State, canonical_json
from engine.kensei import rules
from tests.unit.kensei.support import KENSEI, bots_until, waiting_for


@pytest.fixture(scope="module")
def battle() -> State:
    """The first order of the battle: every unit deployed."""
    return bots_until(waiting_for("order"))


def a_unit(state: State, side: str = "A") -> dict[str, Any]:
    return next(
        unit for unit in state["units"].values() if unit["side"] == side and not unit["removed"]
    )


def test_moving_a_unit_moves_its_leader_there_and_the_others_with_it(battle: State) -> None:
    before = copy.deepcopy(battle)
    unit = a_unit(battle)
    leader = battle["minis"][unit["leader"]]
    # The middle of the table, between the armies: nobody stands there.
    x, y = battle["table"]["width"] // 2, battle["table"]["height"] // 2
    moved = KENSEI.edit_position(
        battle, [{"edit": "move", "unit": unit["id"], "x": x, "y": y, "facing": 900}]
    )
    new_leader = moved["minis"][unit["leader"]]
    assert (new_leader["x"], new_leader["y"], new_leader["facing"]) == (x, y, 900)
    dx, dy = x - leader["x"], y - leader["y"]
    for mid in unit["minis"]:
        old, new = battle["minis"][mid], moved["minis"][mid]
        if old["placed"] and not old["removed"]:
            assert (new["x"], new["y"]) == (old["x"] + dx, old["y"] + dy)
    assert canonical_json(battle) == canonical_json(before)  # never changed in place
    assert KENSEI.prompt(moved) == KENSEI.prompt(battle)


def test_a_unit_moved_off_the_table_is_refused_naming_the_miniature(battle: State) -> None:
    unit = a_unit(battle)
    with pytest.raises(IllegalCommand, match=r"edit 1: miniature .* off the table"):
        KENSEI.edit_position(
            battle, [{"edit": "move", "unit": unit["id"], "x": 10, "y": 10, "facing": 0}]
        )


def test_a_unit_moved_onto_another_is_refused(battle: State) -> None:
    unit, enemy = a_unit(battle, "A"), a_unit(battle, "B")
    target = battle["minis"][enemy["leader"]]
    edit = {"edit": "move", "unit": unit["id"], "x": target["x"], "y": target["y"], "facing": 0}
    with pytest.raises(IllegalCommand, match="would overlap the base of"):
        KENSEI.edit_position(battle, [edit])


def test_markers_are_set_within_what_the_rules_let_them_hold(battle: State) -> None:
    unit = a_unit(battle)
    uid = unit["id"]
    marked = KENSEI.edit_position(
        battle, [{"edit": "markers", "unit": uid, "used": True, "stunned": 1, "wounded": 0}]
    )
    assert marked["units"][uid]["markers"]["used"] is True
    assert marked["units"][uid]["markers"]["stunned"] == 1
    with pytest.raises(IllegalCommand, match="can hold 0 to 1 stunned markers, not 2"):
        KENSEI.edit_position(battle, [{"edit": "markers", "unit": uid, "stunned": 2}])
    with pytest.raises(IllegalCommand, match="wounded"):
        KENSEI.edit_position(battle, [{"edit": "markers", "unit": uid, "wounded": unit["wo"]}])
    with pytest.raises(InvalidCommand, match="used: true or false"):
        KENSEI.edit_position(battle, [{"edit": "markers", "unit": uid, "used": 1}])


def test_a_removed_unit_leaves_the_table_and_cannot_be_edited_again(battle: State) -> None:
    uid = a_unit(battle, "B")["id"]
    removed = KENSEI.edit_position(battle, [{"edit": "remove", "unit": uid}])
    assert removed["units"][uid]["removed"]
    assert all(removed["minis"][mid]["removed"] for mid in removed["units"][uid]["minis"])
    with pytest.raises(IllegalCommand, match=r"edit 2: .* is not on the table"):
        KENSEI.edit_position(
            battle, [{"edit": "remove", "unit": uid}, {"edit": "remove", "unit": uid}]
        )


@pytest.mark.parametrize(
    ("edits", "message"),
    [
        ([], "a list of one edit or more"),
        ([{"edit": "remove", "unit": "Z.u9"}], "no unit 'Z.u9'"),
        (
            [{"edit": "fly", "unit": "A.u1"}],
            "add_scenery or remove_scenery",
        ),
        ([{"edit": "move", "unit": "A.u1", "x": "1", "y": 0, "facing": 0}], "x: a whole number"),
        ([{"edit": "remove", "unit": "A.u1", "why": 1}], "unknown field"),
        ([{"edit": "remove", "unit": "A.u1"}] * 101, "at most 100"),
    ],
)
def test_malformed_edits_are_refused_in_words(
    battle: State, edits: list[Any], message: str
) -> None:
    with pytest.raises(InvalidCommand, match=message):
        KENSEI.edit_position(battle, edits)


def test_the_kernel_refuses_a_position_no_game_can_start_from(battle: State) -> None:
    assert KENSEI.position(battle) is battle
    with pytest.raises(InvalidCommand, match="not a Kensei"):
        KENSEI.position({"units": {}})
    with pytest.raises(InvalidCommand, match="not plain JSON"):
        KENSEI.position({**battle, "x": 1.5})
    with pytest.raises(InvalidCommand, match="game is over"):
        KENSEI.position({**battle, "finished": {"termination": "turn_limit", "winner": None}})


# -- scenery (docs/rules/kensei.md, "Position editor: scenery") -------------------------


def piece(state: State, pid: str) -> dict[str, Any]:
    return next(p for p in state["scenery"] if p["id"] == pid)


def test_crossing_obstacles_a_unit_moved_onto_impassable_scenery_is_refused(
    battle: State,
) -> None:
    unit = a_unit(battle)
    rocks = piece(battle, "rocks")
    assert rocks["kind"] == "impassable"
    x = sum(p[0] for p in rocks["points"]) // 4
    y = sum(p[1] for p in rocks["points"]) // 4
    with pytest.raises(IllegalCommand, match=r"edit 1: miniature .* would stand on rocks") as err:
        KENSEI.edit_position(
            battle, [{"edit": "move", "unit": unit["id"], "x": x, "y": y, "facing": 0}]
        )
    assert err.value.rule == rules.CROSSING_OBSTACLES


def test_game_table_and_scenery_a_piece_is_moved_keeping_its_shape(battle: State) -> None:
    before = copy.deepcopy(battle)
    moved = KENSEI.edit_position(
        battle, [{"edit": "scenery", "piece": "fence", "x": 5000, "y": 8000}]
    )
    assert piece(moved, "fence")["points"] == [
        [5000, 8000],
        [6600, 8000],
        [6600, 8100],
        [5000, 8100],
    ]
    assert canonical_json(battle) == canonical_json(before)
    assert KENSEI.prompt(moved) == KENSEI.prompt(battle)


def test_game_table_and_scenery_a_piece_off_the_table_is_refused(battle: State) -> None:
    with pytest.raises(IllegalCommand, match="scenery piece fence is off the table") as err:
        KENSEI.edit_position(battle, [{"edit": "scenery", "piece": "fence", "x": 11000, "y": 100}])
    assert err.value.rule == rules.SCENERY


def test_game_table_and_scenery_a_piece_over_another_is_refused(battle: State) -> None:
    with pytest.raises(IllegalCommand, match="scenery piece fence overlaps paddy") as err:
        KENSEI.edit_position(battle, [{"edit": "scenery", "piece": "fence", "x": 5600, "y": 5600}])
    assert err.value.rule == rules.SCENERY


def test_crossing_obstacles_impassable_scenery_moved_under_a_unit_is_refused(
    battle: State,
) -> None:
    unit = a_unit(battle)
    leader = battle["minis"][unit["leader"]]
    edit = {"edit": "scenery", "piece": "rocks", "x": leader["x"] - 300, "y": leader["y"] - 300}
    with pytest.raises(IllegalCommand, match=r"miniature .* would stand on rocks") as err:
        KENSEI.edit_position(battle, [edit])
    assert err.value.rule == rules.CROSSING_OBSTACLES


def test_a_unit_may_stand_on_scenery_it_can_cross(battle: State) -> None:
    """Difficult scenery is no obstacle to standing there: only impassable is refused."""
    unit = a_unit(battle)
    paddy = piece(battle, "paddy")
    assert paddy["kind"] == "difficult"
    edit = {"edit": "move", "unit": unit["id"], "x": 6200, "y": 5900, "facing": 0}
    moved = KENSEI.edit_position(battle, [edit])
    assert moved["minis"][unit["leader"]]["x"] == 6200


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({"edit": "scenery", "piece": "lake", "x": 0, "y": 0}, "no scenery piece 'lake'"),
        ({"edit": "scenery", "piece": "fence", "x": 0}, "y: a whole number"),
        ({"edit": "scenery", "piece": "fence", "x": 0, "y": 0, "kind": "x"}, "unknown field"),
    ],
)
def test_malformed_scenery_edits_are_refused_in_words(
    battle: State, edit: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidCommand, match=message):
        KENSEI.edit_position(battle, [edit])


def test_a_unit_of_the_activation_under_way_is_not_removed(battle: State) -> None:
    """Removing the unit the game waits on would leave a prompt about a unit that is gone."""
    uid = battle["activation"]["units"]["A"]
    with pytest.raises(IllegalCommand, match="takes part in the activation under way"):
        KENSEI.edit_position(battle, [{"edit": "remove", "unit": uid}])


# -- scenery added and removed (docs/rules/kensei.md, "Position editor: what it checks") --


def a_new_piece(**fields: Any) -> dict[str, Any]:
    """An ``add_scenery`` edit: a 10 x 5 cm wood (difficult, height 2) at 5 cm, 5 cm."""
    edit = {"edit": "add_scenery", "x": 500, "y": 500, "width": 1000, "depth": 500}
    return {**edit, "kind": "difficult", "height": 2, **fields}


def test_game_table_and_scenery_a_piece_is_added_of_a_kind_the_rules_know(
    battle: State,
) -> None:
    before = copy.deepcopy(battle)
    added = KENSEI.edit_position(battle, [a_new_piece(), a_new_piece(x=2000)])
    first, second = piece(added, "edit-1"), piece(added, "edit-2")
    assert first["points"] == [[500, 500], [1500, 500], [1500, 1000], [500, 1000]]
    assert (first["kind"], first["height"]) == ("difficult", 2)
    assert second["points"][0] == [2000, 500]
    assert canonical_json(battle) == canonical_json(before)
    assert KENSEI.prompt(added) == KENSEI.prompt(battle)


def test_game_table_and_scenery_an_added_piece_is_made_of_5cm_elements(battle: State) -> None:
    with pytest.raises(IllegalCommand, match="multiples of 5 cm") as err:
        KENSEI.edit_position(battle, [a_new_piece(width=1200)])
    assert err.value.rule == rules.SCENERY
    with pytest.raises(IllegalCommand, match="0 to 6 high") as err:
        KENSEI.edit_position(battle, [a_new_piece(height=7)])
    assert err.value.rule == rules.SCENERY


def test_game_table_and_scenery_an_added_piece_off_the_table_or_over_another_is_refused(
    battle: State,
) -> None:
    width = battle["table"]["width"]
    with pytest.raises(IllegalCommand, match="scenery piece edit-1 is off the table") as err:
        KENSEI.edit_position(battle, [a_new_piece(x=width - 500)])
    assert err.value.rule == rules.SCENERY
    fence = piece(battle, "fence")["points"][0]
    with pytest.raises(IllegalCommand, match="scenery piece edit-1 overlaps fence") as err:
        KENSEI.edit_position(battle, [a_new_piece(x=fence[0], y=fence[1])])
    assert err.value.rule == rules.SCENERY


def test_crossing_obstacles_impassable_scenery_added_under_a_unit_is_refused(
    battle: State,
) -> None:
    leader = battle["minis"][a_unit(battle)["leader"]]
    edit = a_new_piece(x=leader["x"] - 500, y=leader["y"] - 500, kind="impassable")
    with pytest.raises(IllegalCommand, match=r"miniature .* would stand on edit-1") as err:
        KENSEI.edit_position(battle, [edit])
    assert err.value.rule == rules.CROSSING_OBSTACLES
    # Difficult scenery may be stood on ("Crossing obstacles": only impassable stops).
    KENSEI.edit_position(battle, [{**edit, "kind": "difficult"}])


def test_game_table_and_scenery_a_removed_piece_leaves_the_table(battle: State) -> None:
    removed = KENSEI.edit_position(battle, [{"edit": "remove_scenery", "piece": "rocks"}])
    assert "rocks" not in {p["id"] for p in removed["scenery"]}
    assert len(removed["scenery"]) == len(battle["scenery"]) - 1
    # Where the rocks stood, a unit may now stand.
    rocks = piece(battle, "rocks")
    x = sum(p[0] for p in rocks["points"]) // 4
    y = sum(p[1] for p in rocks["points"]) // 4
    uid = a_unit(battle)["id"]
    KENSEI.edit_position(
        battle,
        [
            {"edit": "remove_scenery", "piece": "rocks"},
            {"edit": "move", "unit": uid, "x": x, "y": y, "facing": 0},
        ],
    )


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (a_new_piece(kind="lava"), "kind must be one of normal, difficult, impassable"),
        (a_new_piece(kind=["x"] * 10_000), "kind must be one of"),
        (a_new_piece(width="10"), "width: a whole number"),
        (a_new_piece(id="mine"), "unknown field"),
        ({"edit": "remove_scenery", "piece": "lake"}, "no scenery piece 'lake'"),
        ({"edit": "remove_scenery", "piece": "rocks", "x": 0}, "unknown field"),
    ],
)
def test_malformed_added_or_removed_scenery_is_refused_in_words(
    battle: State, edit: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidCommand, match=message):
        KENSEI.edit_position(battle, [edit])

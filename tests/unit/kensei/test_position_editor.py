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
        ([{"edit": "fly", "unit": "A.u1"}], "must be move, markers or remove"),
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

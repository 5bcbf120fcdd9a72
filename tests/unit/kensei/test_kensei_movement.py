"""Kensei part I: the movement and static orders, one test per rule paragraph.

Each test takes a state where side A must give an order, parks every other
unit out of the way, places the unit under test in open ground and checks
the order against the paragraph it is named after.
"""

from __future__ import annotations

import functools

import pytest

from engine.core import EnteredDice, IllegalCommand, InvalidCommand, State
from engine.kensei import rules
from tests.unit.kensei.support import (
    KENSEI,
    clear_table,
    edited,
    in_order,
    play,
    put,
    without_offerings,
)

UNIT = "A.u2"  # Samurai: 5 round 25 mm bases, MOV 10, infantry
MINIS = [f"{UNIT}.m{k}" for k in range(1, 6)]
PITCH = 310  # 6 mm apart: every miniature within 2.5 cm of two others
ORIGIN = (800, 4000)  # open ground on the pitched-battle table (no scenery within 15 cm)


@functools.cache
def _base() -> State:
    return in_order("A", unit=UNIT, orders=2)


def fresh(orders: int = 2, keep: tuple[str, ...] = (UNIT,), at: tuple[int, int] = ORIGIN) -> State:
    state = edited(_base())
    state["activation"]["orders"]["A"] = orders
    clear_table(state, keep)
    for k, mid in enumerate(MINIS):
        column, row = k % 3, k // 3
        put(state, mid, at[0] + column * PITCH, at[1] - row * PITCH, 900)
    return state


RUNWAY = (1600, 3800)  # 30 cm of open ground straight ahead


def block_move(state: State, dx: int, dy: int, facing: int = 900, **extra: object) -> dict:
    minis = [
        {
            "id": mid,
            "path": [[state["minis"][mid]["x"] + dx, state["minis"][mid]["y"] + dy]],
            "facing": facing,
        }
        for mid in MINIS
    ]
    return {"type": "order", "side": "A", "order": "move", "minis": minis, **extra}


def refused(state: State, command: dict, rule: str, *words: str) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    assert caught.value.rule == rule
    for word in words:
        assert word in caught.value.message
    return caught.value


# -- Move -----------------------------------------------------------------------


def test_move_up_to_movement_attribute_in_any_direction():
    state = fresh()
    after, events = play(state, block_move(state, 0, 1000))
    moved = next(e for e in events if e["type"] == "moved")
    assert moved["displaced"] is True
    assert after["minis"][MINIS[0]]["y"] == ORIGIN[1] + 1000
    assert after["activation"]["orders"]["A"] == 1


def test_move_further_than_movement_attribute_refused_naming_the_miniature():
    state = fresh()
    refused(state, block_move(state, 0, 1001), rules.MOVE, MINIS[0], "10 cm")


def test_move_path_length_counts_every_waypoint():
    state = fresh()
    command = block_move(state, 0, 0)
    # Out 6 cm and back along a dog-leg: 12 cm of path for a 0 cm displacement.
    for entry in command["minis"]:
        x, y = entry["path"][0]
        entry["path"] = [[x + 600, y], [x, y + 1]]
    refused(state, command, rules.MOVE, "12.0 cm")


def test_rotate_miniatures_about_the_centre_when_all_stay_still():
    state = fresh()
    command = {
        "type": "order",
        "side": "A",
        "order": "move",
        "minis": [{"id": mid, "path": [], "facing": 450 * k} for k, mid in enumerate(MINIS)],
    }
    after, _ = play(state, command)
    assert [after["minis"][m]["facing"] for m in MINIS] == [0, 450, 900, 1350, 1800]
    assert all(after["minis"][m]["x"] == state["minis"][m]["x"] for m in MINIS)


def test_moving_multiple_miniature_units_end_facing_the_movement_direction():
    state = fresh()
    refused(state, block_move(state, 0, 800, facing=1800), rules.MULTIPLE_MINIATURE_UNITS)
    mixed = block_move(state, 0, 800)
    mixed["minis"][0]["facing"] = 1000
    refused(state, mixed, rules.MULTIPLE_MINIATURE_UNITS, "same way")
    play(state, block_move(state, 0, 800, facing=1000))  # within 45 degrees of the way it went


def test_move_engaged_miniature_only_rotates():
    state = fresh(keep=(UNIT, "B.u2"))
    enemy = "B.u2.m1"
    put(state, enemy, ORIGIN[0], ORIGIN[1] + 250 + 100, 2700)  # 1 cm in front, facing it
    command = block_move(state, 0, -300, facing=2700)
    refused(state, command, rules.MOVE, MINIS[0], "only rotate")


def test_engage_in_melee_combat_must_face_the_enemy_base_centre():
    state = fresh(keep=(UNIT, "B.u2"))
    enemy = "B.u2.m1"
    # In front of the rightmost miniature (m3): only it ends within 2.5 cm.
    put(state, enemy, ORIGIN[0] + 2 * PITCH + 100, ORIGIN[1] + 800, 2700)
    refused(state, block_move(state, 0, 450, facing=1250), rules.ENGAGE, MINIS[2], "centre")
    _after, events = play(state, block_move(state, 0, 450, facing=900))
    moved = next(e for e in events if e["type"] == "moved")
    assert moved["engaging"] == [[MINIS[2], enemy]]


LONE = "A.u6.m1"  # Gunbugyo, a lone leader: MOV 10, round 25 mm, no unit facing rule
ENEMY = "B.u8.m1"  # Kampaku, a lone enemy leader
KAMPAKU = (1000, 4300)  # open ground near ORIGIN


def near_kampaku(dx: int, dy: int) -> list[int]:
    return [KAMPAKU[0] + dx, KAMPAKU[1] + dy]


def lone_leader_facing_an_enemy() -> State:
    """The Kampaku looking down the table at the Gunbugyo, 3 cm right of and 4.5 cm
    below it."""
    state = edited(_base())
    state["activation"]["units"]["A"] = "A.u6"
    clear_table(state, ("A.u6", "B.u8"))
    put(state, LONE, *near_kampaku(300, -450), 900)
    put(state, ENEMY, *KAMPAKU, 2700)
    return state


def lone_move(path: list[list[int]], facing: int) -> dict:
    return {
        "type": "order",
        "side": "A",
        "order": "move",
        "minis": [{"id": LONE, "path": path, "facing": facing}],
    }


def test_engage_in_melee_combat_at_the_first_moment_of_sight_not_round_another_side():
    state = lone_leader_facing_an_enemy()
    state["activation"]["orders"]["B"] = 0  # the Kampaku's side cannot opportunity-charge
    # Straight in at the Kampaku's front: engaged where it first came within 2.5 cm.
    _after, events = play(state, lone_move([near_kampaku(-100, -350)], facing=740))
    assert next(e for e in events if e["type"] == "moved")["engaging"] == [[LONE, ENEMY]]
    # Within 2.5 cm of its front, in sight, on the way; then on round to its flank.
    round_the_flank = [near_kampaku(50, -270), near_kampaku(-350, -270), near_kampaku(-350, 0)]
    refused(state, lone_move(round_the_flank, facing=0), rules.ENGAGE, LONE, ENEMY, "on its front")


def test_crossing_obstacles_impassable_refused():
    state = fresh()
    # The rocks stand at x 78-88 cm, y 40-49 cm: run the unit through them.
    for k, mid in enumerate(MINIS):
        put(state, mid, 7400 + (k % 3) * PITCH, 4400 - (k // 3) * PITCH, 0)
    refused(state, block_move(state, 1000, 0, facing=0), rules.CROSSING_OBSTACLES, "rocks")


def test_crossing_obstacles_difficult_halves_a_second_move():
    state = fresh()
    # The wood is at x 25-42 cm, y 36-52 cm; start just west of it.
    for k, mid in enumerate(MINIS):
        put(state, mid, 1700 + (k % 3) * PITCH, 4500 - (k // 3) * PITCH, 0)
    first, events = play(state, block_move(state, 900, 0, facing=0))
    assert next(e for e in events if e["type"] == "moved")["difficult"] is True
    first = edited(first)
    first["activation"]["next"] = "A"
    first["activation"]["orders"]["A"] = 1
    refused(first, block_move(first, 600, 0, facing=0), rules.CROSSING_OBSTACLES, "halved")
    play(first, block_move(first, 500, 0, facing=0))


def test_climb_taller_scenery_is_impassable():
    state = fresh()
    state["scenery"] = [
        {**piece, "kind": "normal", "height": 5} if piece["id"] == "fence" else piece
        for piece in state["scenery"]
    ]
    for k, mid in enumerate(MINIS):
        put(state, mid, 5800 + (k % 3) * PITCH, 2700 - (k // 3) * PITCH, 900)
    refused(state, block_move(state, 0, 800), rules.CLIMB, "fence")


def test_crossing_miniatures_enemy_units_are_impassable():
    state = fresh(keep=(UNIT, "B.u2"))
    put(state, "B.u2.m1", ORIGIN[0] + PITCH, ORIGIN[1] + 700, 0)
    refused(state, block_move(state, 0, 900), rules.CROSSING_MINIATURES, "enemy")


def test_crossing_miniatures_allied_single_miniature_is_difficult():
    state = fresh(keep=(UNIT, "A.u6"))
    put(state, "A.u6.m1", ORIGIN[0] + PITCH, ORIGIN[1] + 350, 900)
    _after, events = play(state, block_move(state, 0, 1000))
    assert next(e for e in events if e["type"] == "moved")["difficult"] is True


def test_crossing_miniatures_allied_unit_is_impassable():
    state = fresh(keep=(UNIT, "A.u5"))
    for k, mid in enumerate(state["units"]["A.u5"]["minis"]):
        put(state, mid, ORIGIN[0] + k * PITCH, ORIGIN[1] + 550, 900)
    refused(state, block_move(state, 0, 900), rules.CROSSING_MINIATURES, "allied")


def test_no_miniature_may_end_its_movement_over_another():
    state = fresh(keep=(UNIT, "A.u6"))
    put(state, "A.u6.m1", ORIGIN[0], ORIGIN[1] + 600, 900)
    refused(state, block_move(state, 0, 600), rules.CROSSING_MINIATURES, "over")


def test_movement_never_leaves_the_table():
    state = fresh()
    refused(state, block_move(state, -900, 0, facing=1800), rules.MOVEMENT_ORDERS, "table")


def test_movement_orders_a_unit_standing_where_it_is_may_always_stay():
    """Only where miniatures go is checked: a unit a fall-back or a charge left on
    awkward ground (here, over impassable scenery) may still stand still."""
    state = fresh()
    first = state["minis"][MINIS[0]]
    state["scenery"] = [
        *state["scenery"],
        {
            "id": "boulder",
            "kind": "impassable",
            "height": 6,
            "points": [
                [first["x"] - 100, first["y"] - 100],
                [first["x"] + 100, first["y"] - 100],
                [first["x"] + 100, first["y"] + 100],
                [first["x"] - 100, first["y"] + 100],
            ],
        },
    ]
    _after, events = play(state, {"type": "order", "side": "A", "order": "move", "minis": []})
    assert next(e for e in events if e["type"] == "moved")["displaced"] is False
    refused(state, block_move(state, 0, 100), rules.CROSSING_OBSTACLES, "boulder")


def test_unit_formation_a_move_that_breaks_it_is_refused():
    state = fresh()
    command = block_move(state, 0, 600)
    command["minis"] = command["minis"][:2]  # two miniatures run off, three stay
    refused(state, command, rules.UNIT_FORMATION, "formation")


# -- Boost a movement -------------------------------------------------------------


def test_boost_movement_twice_mov_plus_1d6_rolled_before_the_paths():
    state = fresh(at=RUNWAY)
    declared, events = play(
        state, {"type": "order", "side": "A", "order": "move", "boost": True}, dice=EnteredDice([4])
    )
    boost = without_offerings(events)[0]
    assert boost["type"] == "boost_rolled"
    assert boost["allowance"] == (2 * 10 + 4) * 100
    assert declared["activation"]["orders"]["A"] == 0
    after, _ = play(declared, block_move(declared, 0, 2400))
    assert after["minis"][MINIS[0]]["y"] == RUNWAY[1] + 2400
    refused(declared, block_move(declared, 0, 2401), rules.MOVE)


def test_boost_movement_needs_two_orders():
    state = fresh(orders=1)
    refused(state, {"type": "order", "side": "A", "order": "move", "boost": True}, rules.BOOSTING)


def test_boost_movement_only_forward_or_sideways():
    state = fresh()
    declared, _ = play(
        state, {"type": "order", "side": "A", "order": "move", "boost": True}, dice=EnteredDice([3])
    )
    refused(declared, block_move(declared, 0, -800, facing=2700), rules.BOOST_MOVEMENT, "backwards")
    play(declared, block_move(declared, 800, 0, facing=0))  # sideways is fine


def test_boost_movement_cannot_cross_difficult_terrain():
    state = fresh()
    for k, mid in enumerate(MINIS):
        put(state, mid, 1700 + (k % 3) * PITCH, 4500 - (k // 3) * PITCH, 0)
    declared, _ = play(
        state, {"type": "order", "side": "A", "order": "move", "boost": True}, dice=EnteredDice([6])
    )
    refused(declared, block_move(declared, 900, 0, facing=0), rules.BOOST_MOVEMENT, "difficult")


# -- Joining and leaving a unit ------------------------------------------------------


LONE_LEADER = "A.u6"


def _lone_leader_joining() -> tuple[State, dict]:
    """The lone leader A.u6 is the active unit; his Move ends an inch from the Samurai and
    joins them (``join``)."""
    state = fresh(keep=(UNIT, LONE_LEADER))
    state["activation"]["units"]["A"] = LONE_LEADER
    leader = f"{LONE_LEADER}.m1"
    put(state, leader, ORIGIN[0] + PITCH, ORIGIN[1] + 1200, 2700)
    join = {
        "type": "order",
        "side": "A",
        "order": "move",
        "minis": [{"id": leader, "path": [[ORIGIN[0] + PITCH, ORIGIN[1] + 500]], "facing": 2700}],
        "join": UNIT,
    }
    return state, join


def test_joining_a_unit_lone_leader_ends_an_inch_from_a_used_unit():
    state, join = _lone_leader_joining()
    leader = f"{LONE_LEADER}.m1"
    refused(state, join, rules.JOINING_A_UNIT, "Used Unit")
    state["units"][UNIT]["markers"]["used"] = True
    after, events = play(state, join)
    assert [e["type"] for e in events][:2] == ["moved", "leader_joined"]
    assert after["units"][UNIT]["leader"] == leader
    assert leader in after["units"][UNIT]["minis"]
    assert after["units"][LONE_LEADER]["removed"] is True
    far = edited(state)
    far_join = {
        **join,
        "minis": [{**join["minis"][0], "path": [[ORIGIN[0] + PITCH, ORIGIN[1] + 900]]}],
    }
    refused(far, far_join, rules.JOINING_A_UNIT, "an inch")


def test_joining_a_unit_the_leader_gives_no_more_orders_of_his_one_man_unit():
    """Unit Activation > 4. Performing actions: the leader's one-man unit is gone once he
    is part of a Used unit, so his remaining activation order is lost."""
    state, join = _lone_leader_joining()
    state["activation"]["orders"] = {"A": 2, "B": 1}
    state["units"][UNIT]["markers"]["used"] = True
    after, events = play(state, join)
    lost = next(e for e in events if e["type"] == "orders_lost")
    assert lost == {"type": "orders_lost", "side": "A", "unit": LONE_LEADER, "orders": 1}
    assert after["activation"]["orders"] == {"A": 0, "B": 1}
    prompt = KENSEI.prompt(after)
    assert prompt is not None
    assert prompt.sides == ("B",)  # B's unit acts; A waits for nothing


def test_leaving_a_unit_leader_ends_5cm_away_and_becomes_a_used_unit():
    state = fresh(keep=("A.u1",))
    state["activation"]["units"]["A"] = "A.u1"
    minis = state["units"]["A.u1"]["minis"]
    for k, mid in enumerate(minis[:-1]):
        put(state, mid, 2000 + (k % 2) * 620, 4000 - (k // 2) * 620, 900)
    leader = minis[-1]
    put(state, leader, 2000 + 2 * 620, 4000, 900)
    command = {
        "type": "order",
        "side": "A",
        "order": "move",
        "minis": [{"id": leader, "path": [[2000 + 2 * 620 + 300, 4000]], "facing": 900}],
        "leave": True,
    }
    after, events = play(state, command)
    left = events[-1]
    assert left["type"] == "leader_left"
    new_unit = after["units"][left["new_unit"]]
    assert new_unit["single"] is True
    assert new_unit["markers"]["used"] is True
    assert after["units"]["A.u1"]["leader"] is None
    too_far = edited(state)
    command["minis"][0]["path"] = [[2000 + 2 * 620 + 1000, 4000]]
    refused(too_far, command, rules.LEAVING_A_UNIT, "5 cm")


# -- Disengage, Reload, Shelter ---------------------------------------------------------


def engaged_state() -> State:
    state = fresh(keep=(UNIT, "B.u2"))
    put(state, "B.u2.m1", ORIGIN[0], ORIGIN[1] + 250 + 100, 2700)
    put(state, "B.u2.m2", ORIGIN[0] + PITCH, ORIGIN[1] + 250 + 100, 2700)
    for k, mid in enumerate(state["units"]["B.u2"]["minis"][2:]):
        put(state, mid, ORIGIN[0] + (k % 5) * PITCH, ORIGIN[1] + 950 + (k // 5) * PITCH, 2700)
    return state


def test_disengage_costs_two_orders_and_a_wound_per_engaged_miniature():
    state = engaged_state()
    command = block_move(state, 0, -800, facing=2700)
    command["order"] = "disengage"
    after, events = play(state, command)
    wounds = next(e for e in events if e["type"] == "wounds_taken")
    assert wounds["wounds"] == 2  # the two front miniatures were engaged
    wo = state["units"][UNIT]["wo"]
    assert len(wounds["casualties"]) == 2 // wo
    assert wounds["wounded_marker"] == 2 % wo
    assert set(wounds["casualties"]) <= {MINIS[0], MINIS[1]}  # those in melee go first
    assert after["activation"]["orders"]["A"] == 0
    assert UNIT in after["units"]["B.u2"]["no_charge_from"]  # B's unit may not charge it
    assert after["units"][UNIT]["no_charge_from"] == []


def test_disengage_needs_two_orders_and_an_engaged_unit():
    refused(fresh(), _disengage_with(fresh()), rules.DISENGAGE, "not engaged")
    one = engaged_state()
    one["activation"]["orders"]["A"] = 1
    refused(one, _disengage_with(one), rules.USING_ORDERS)


def _disengage_with(state: State) -> dict:
    command = block_move(state, 0, -800, facing=2700)
    command["order"] = "disengage"
    return command


def test_disengage_skirmishers_take_no_wound():
    state = engaged_state()
    state["units"][UNIT]["skirmish"] = True
    _after, events = play(state, _disengage_with(state))
    assert not [e for e in events if e["type"] == "wounds_taken"]


def _last_miniature_engaged(orders: int) -> State:
    """The unit down to one wounded miniature in melee: disengaging kills it."""
    state = engaged_state()
    state["activation"]["orders"] = {"A": orders, "B": 0}
    state["units"][UNIT]["minis"] = MINIS[:1]
    state["units"][UNIT]["markers"]["wounded"] = state["units"][UNIT]["wo"] - 1
    for mid in MINIS[1:]:
        state["minis"][mid]["removed"] = True
    return state


def _disengage_last(state: State) -> dict:
    start = state["minis"][MINIS[0]]
    path = [[start["x"], start["y"] - 800]]
    return {
        "type": "order",
        "side": "A",
        "order": "disengage",
        "minis": [{"id": MINIS[0], "path": path, "facing": 2700}],
    }


def test_performing_actions_a_unit_removed_during_its_activation_loses_its_remaining_orders():
    """A unit with three orders (a ki's extra order) disengages for two and loses its last
    miniature to the disengage's wound: it performs no more orders (it is not prompted)
    and its third order is lost with an ``orders_lost`` event."""
    state = _last_miniature_engaged(orders=3)
    after, events = play(state, _disengage_last(state))
    types = [e["type"] for e in without_offerings(events)]
    assert types[:3] == ["moved", "wounds_taken", "orders_lost"]
    assert after["units"][UNIT]["removed"] is True
    lost = events[types.index("orders_lost")]
    assert lost == {"type": "orders_lost", "side": "A", "unit": UNIT, "orders": 1}
    assert "activation_ended" in types  # B had no order left: the activation is over
    ended = next(e for e in events if e["type"] == "activation_ended")
    assert UNIT not in ended["used"]
    prompt = KENSEI.prompt(after)
    assert prompt is None or prompt.options.get("unit") != UNIT


def test_performing_actions_the_other_side_goes_on_once_the_removed_unit_s_orders_are_lost():
    state = _last_miniature_engaged(orders=3)
    state["activation"]["orders"]["B"] = 1
    after, _events = play(state, _disengage_last(state))
    assert after["activation"]["orders"] == {"A": 0, "B": 1}
    assert after["activation"]["next"] == "B"
    prompt = KENSEI.prompt(after)
    assert prompt is not None
    assert prompt.kind == "order"
    assert prompt.sides == ("B",)


def test_performing_actions_no_order_is_taken_for_a_removed_unit():
    state = fresh()
    state["units"][UNIT].update(minis=[], removed=True, leader=None)
    for mid in MINIS:
        state["minis"][mid]["removed"] = True
    refused(
        state,
        {"type": "order", "side": "A", "order": "shelter"},
        rules.PERFORMING_ACTIONS,
        UNIT,
        "removed from play",
    )


def test_reload_removes_one_marker_boosted_removes_all():
    state = fresh()
    refused(state, {"type": "order", "side": "A", "order": "reload"}, rules.RELOAD, "no unloaded")
    state["units"][UNIT]["markers"]["unloaded"] = 2
    one, _ = play(state, {"type": "order", "side": "A", "order": "reload"})
    assert one["units"][UNIT]["markers"]["unloaded"] == 1
    everything, _ = play(state, {"type": "order", "side": "A", "order": "reload", "boost": True})
    assert everything["units"][UNIT]["markers"]["unloaded"] == 0


def test_shelter_marker_lost_on_any_move():
    state = fresh()
    sheltered, _ = play(state, {"type": "order", "side": "A", "order": "shelter"})
    assert sheltered["units"][UNIT]["markers"]["sheltered"] is True
    again = edited(sheltered)
    again["activation"]["next"] = "A"
    again["activation"]["orders"]["A"] = 1
    refused(again, {"type": "order", "side": "A", "order": "shelter"}, rules.SHELTER, "already")
    moved, _ = play(again, block_move(again, 0, 300))
    assert moved["units"][UNIT]["markers"]["sheltered"] is False


def test_shelter_not_for_mounted_or_skirmishers_or_engaged_units():
    state = fresh()
    state["units"][UNIT]["type"] = "mounted"
    refused(state, {"type": "order", "side": "A", "order": "shelter"}, rules.SHELTER, "mounted")
    engaged = engaged_state()
    refused(engaged, {"type": "order", "side": "A", "order": "shelter"}, rules.SHELTER, "engaged")


def test_malformed_order_is_invalid_not_illegal():
    with pytest.raises(InvalidCommand):
        play(fresh(), {"type": "order", "side": "A", "order": "move", "minis": [{"id": 3}]})
    with pytest.raises(InvalidCommand):
        play(fresh(), {"type": "order", "side": "A", "order": "dance"})

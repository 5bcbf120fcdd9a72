"""Kensei part II: the Charge order and the reactions to it, one test per rule paragraph.

Side A's samurai (``A.u2``: 5 miniatures, MOV 10, katana and yari) charge the court
ashigaru of side B (``B.u2``: 12 miniatures in two ranks) 12 cm in front of them,
on a table without scenery. B's archers (``B.u4``, yumi) are charged in the Hold
and shoot test. Dice are entered, so every roll is the one the test says.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EnteredDice, IllegalCommand, InvalidCommand, State
from engine.kensei import geometry, rules
from engine.kensei.charge import trace as charge_trace
from engine.kensei.geometry.board import board
from tests.unit.kensei.support import KENSEI, clear_table, edited, in_order, play, put

CHARGER, TARGET, ARCHERS = "A.u2", "B.u2", "B.u4"
CHARGE = {"type": "order", "side": "A", "order": "charge", "target": TARGET}
NO_REACTION = {"type": "charge_reaction", "side": "B", "reaction": "none"}


@functools.cache
def _base() -> State:
    return in_order("A", unit=CHARGER, orders=2)


def table(target: str = TARGET, gap: int = 1200, b_orders: int = 0) -> State:
    state = edited(_base())
    state["scenery"] = []
    state["activation"]["units"]["B"] = None
    state["activation"]["orders"].update(A=2, B=b_orders)
    clear_table(state, (CHARGER, target))
    state["units"][target]["markers"].update(used=False, unloaded=0)
    for k, mid in enumerate(state["units"][CHARGER]["minis"]):
        put(state, mid, 3000 + (k % 3) * 310, 3000 - (k // 3) * 310, 900)
    for k, mid in enumerate(state["units"][target]["minis"]):
        put(state, mid, 2700 + (k % 6) * 310, 3000 + 250 + gap + (k // 6) * 310, 2700)
    return state


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def refused(state: State, command: dict) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    return caught.value


def test_charge_only_a_unit_not_in_melee_and_in_formation():
    state = table()
    put(state, state["units"][CHARGER]["minis"][4], 6000, 1000, 900)
    assert refused(state, CHARGE).rule == rules.CHARGE
    state = table(gap=100)  # already in melee combat
    assert refused(state, CHARGE).rule == rules.CHARGE


def test_select_the_enemy_target_unit_in_sight_before_moving():
    state = table()
    for mid in state["units"][CHARGER]["minis"]:
        state["minis"][mid]["facing"] = 2700
    assert refused(state, CHARGE).rule == rules.CHARGE_TARGET


def test_charge_movement_roll_and_charge_movement_to_contact_facing_the_enemy():
    # MOV 10 + 3 = 13 cm >= 12 cm: the charge reaches; B, without orders, cannot react.
    dice = EnteredDice([3] + [1] * 30)
    after, events = play(table(), CHARGE, dice=dice)
    rolled = events_of(events, "charge_rolled")[0]
    assert (rolled["die"], rolled["allowance"], rolled["reached"]) == (3, 1300, True)
    moved = events_of(events, "charge_moved")[0]
    assert moved["reached"]
    assert 1100 <= moved["distance"] <= 1200
    bases = board(after).bases
    front = [
        m
        for m in moved["minis"]
        if any(
            geometry.within(bases[m["id"]], bases[e], geometry.MELEE_DISTANCE)
            for e in after["units"][TARGET]["minis"]
            if e in bases
        )
    ]
    assert front
    for m in front:  # facing the centre of the enemy it touches
        enemy = min(
            (e for e in after["units"][TARGET]["minis"] if e in bases),
            key=lambda e: geometry.edge_distance(bases[m["id"]], bases[e]),
        )
        assert geometry.facing_centre_of(bases[m["id"]], bases[enemy])


def test_the_automatic_attack_after_a_charge_costs_the_charger_no_order():
    dice = EnteredDice([3] + [1] * 30)
    _after, events = play(table(), CHARGE, dice=dice)
    attack = events_of(events, "attack_declared")[0]
    assert attack["charge"]
    assert attack["orders_spent"] == 0
    rolled = events_of(events, "combat_rolled")[0]
    a = next(r for r in rolled["rolls"] if r["unit"] == CHARGER)
    assert ["charge", 1] in a["dice_lines"]  # +1D6 on foot


def test_failed_charge_moves_mov_and_has_no_further_consequences():
    # 12 cm away, 10 + 1 = 11 cm: failed; the samurai move 10 cm and stop short.
    state = table()
    _after, events = play(state, CHARGE, dice=EnteredDice([1]))
    assert not events_of(events, "charge_rolled")[0]["reached"]
    moved = events_of(events, "charge_moved")[0]
    assert not moved["reached"]
    assert moved["distance"] == 1000
    assert not events_of(events, "attack_declared")


def test_boosting_a_charge_doubles_mov_and_boosts_the_attack():
    dice = EnteredDice([1] + [1] * 30)
    _after, events = play(table(gap=2000), {**CHARGE, "boost": True}, dice=dice)
    rolled = events_of(events, "charge_rolled")[0]
    assert rolled["allowance"] == (2 * 10 + 1) * 100
    assert rolled["reached"]
    assert events_of(events, "charge_declared")[0]["orders_spent"] == 2
    assert events_of(events, "attack_declared")[0]["boost"]


def test_enemy_reaction_flee_two_d6_away_turned_with_a_used_marker():
    state = table(b_orders=1)
    after, _ = play(state, CHARGE, dice=EnteredDice([]))
    prompt = KENSEI.prompt(after)
    assert prompt.kind == "charge_reaction"
    assert prompt.sides == ("B",)
    assert "flee" in prompt.options["reactions"]
    # Flee 6 + 6 = 12 cm; then the charge: 10 + 2 = 12 cm, it does not reach any more.
    after, events = play(
        after,
        {"type": "charge_reaction", "side": "B", "reaction": "flee"},
        dice=EnteredDice([6, 6, 2]),
    )
    fled = events_of(events, "fled")[0]
    assert fled["distance"] == 1200
    assert all(m["facing"] == fled["heading"] for m in fled["minis"])  # rear to the charger
    assert after["units"][TARGET]["markers"]["used"]
    assert not events_of(events, "charge_rolled")[0]["reached"]


def test_flee_skirmishers_may_flee_even_with_a_used_marker():
    state = table(b_orders=1)
    state["units"][TARGET]["markers"]["used"] = True
    after, _ = play(state, CHARGE, dice=EnteredDice([1] * 40))
    assert KENSEI.prompt(after) is None or KENSEI.prompt(after).kind != "charge_reaction"
    state = table(b_orders=1)
    state["units"][TARGET]["markers"]["used"] = True
    state["units"][TARGET]["skirmish"] = True
    after, _ = play(state, CHARGE, dice=EnteredDice([]))
    assert KENSEI.prompt(after).options["reactions"] == ["none", "flee"]


def test_hold_and_shoot_before_contact_halved_wounds_nearest_ranks():
    state = table(target=ARCHERS, b_orders=1)
    after, _ = play(state, {**CHARGE, "target": ARCHERS}, dice=EnteredDice([]))
    assert "hold" in KENSEI.prompt(after).options["reactions"]
    # Charge 10 + 3; the archers' five dice all hit, four wounds halved to two.
    dice = EnteredDice([3, 6, 6, 6, 6, 6, 6, 4, 4, 4, 1] + [1] * 40)
    after, events = play(
        after, {"type": "charge_reaction", "side": "B", "reaction": "hold"}, dice=dice
    )
    shot = events_of(events, "shot")[0]
    assert shot["hold"]
    assert shot["orders_spent"] == 0
    assert (
        shot["damage"]["wounds"] + shot["damage"]["leader_wounds"]
        == shot["roll"]["wound_roll"]["wounds"] // 2
    )
    taken = events_of(events, "wounds_taken")[0]
    assert taken["unit"] == CHARGER
    front = state["units"][CHARGER]["minis"][:3]
    assert set(taken["casualties"]) <= set(front)  # the rank nearest the shooters
    assert events_of(events, "charge_moved")


def test_boosting_an_order_a_hold_and_shoot_reaction_is_boosted_with_a_second_order():
    # "Actions, both in action and reaction, ... can be boosted": a boosted Hold and shoot
    # is a boosted Shoot (+1D6) and spends two of the side's activation orders.
    state = table(target=ARCHERS, b_orders=2)
    after, _ = play(state, {**CHARGE, "target": ARCHERS}, dice=EnteredDice([]))
    assert KENSEI.prompt(after).options["boost"] is True
    hold = {"type": "charge_reaction", "side": "B", "reaction": "hold"}
    orders = after["activation"]["orders"]["B"]
    dice = EnteredDice([3] + [1] * 60)
    _boosted, events = play(after, {**hold, "boost": True}, dice=dice)
    assert events[0]["orders_spent"] == 2
    assert events[0]["boost"] is True
    shot = events_of(events, "shot")[0]
    assert shot["boost"] is True
    assert ["boosted shoot", 1] in shot["roll"]["dice_lines"]
    assert events_of(events, "charge_reacted")[0]["orders_spent"] == orders == 2
    _plain, events = play(after, hold, dice=EnteredDice([3] + [1] * 60))
    assert events_of(events, "shot")[0]["boost"] is False
    assert events_of(events, "charge_reacted")[0]["orders_spent"] == 1
    # Not with one order, and only a Hold and shoot.
    one = edited(after)
    one["activation"]["orders"]["B"] = 1
    assert KENSEI.prompt(one).options["boost"] is False
    with pytest.raises(IllegalCommand) as caught:
        play(one, {**hold, "boost": True})
    assert caught.value.rule == rules.BOOSTING
    with pytest.raises(IllegalCommand) as caught:
        play(after, {**NO_REACTION, "boost": True})
    assert caught.value.rule == rules.BOOSTING


def test_no_reaction_keeps_the_charge_going():
    state = table(b_orders=1)
    after, _ = play(state, CHARGE, dice=EnteredDice([]))
    after, events = play(after, NO_REACTION, dice=EnteredDice([3] + [1] * 40))
    assert events_of(events, "charge_moved")[0]["reached"]


def two_targets(b_orders: int = 2) -> State:
    """B's ashigaru (left) and archers (right) side by side, 12 cm in front of A."""
    state = edited(table(b_orders=b_orders))
    clear_table(state, (CHARGER, TARGET, ARCHERS))
    state["units"][ARCHERS]["markers"].update(used=False, unloaded=0)
    left, right = state["units"][TARGET]["minis"], state["units"][ARCHERS]["minis"]
    for k, mid in enumerate(left):
        put(state, mid, 3310 - (k % 4) * 310, 4450 + (k // 4) * 310, 2700)
    for k, mid in enumerate(right):
        put(state, mid, 3620 + (k % 3) * 310, 4450 + (k // 3) * 310, 2700)
    return state


def test_select_the_enemy_target_unit_a_multiple_miniature_unit_charges_several_units():
    charge = {**CHARGE, "also": [ARCHERS]}
    after, _ = play(two_targets(), charge, dice=EnteredDice([]))
    assert KENSEI.prompt(after).options["unit"] == TARGET  # each charged unit reacts in turn
    after, _ = play(after, NO_REACTION, dice=EnteredDice([]))
    assert KENSEI.prompt(after).options["unit"] == ARCHERS
    after, events = play(after, NO_REACTION, dice=EnteredDice([3] + [1] * 60))
    moved = events_of(events, "charge_moved")[0]
    assert moved["reached"]
    attack = events_of(events, "attack_declared")[0]
    assert attack["group"][:1] == [CHARGER]
    assert set(attack["group"]) == {CHARGER, TARGET, ARCHERS}  # a multiple combat
    assert attack["charged"] == [TARGET, ARCHERS]
    state = after
    while (prompt := KENSEI.prompt(state)) is not None and prompt.kind != "order":
        option = next(iter(KENSEI.legal(state, prompt.sides[0])))
        state, found = play(state, option, dice=EnteredDice([1] * 60))
        events += found
    rolls = [r for e in events_of(events, "combat_rolled") for r in e["rolls"]]
    assert {r["enemy"] for r in rolls if r["unit"] == CHARGER} == {TARGET, ARCHERS}
    assert all(["charge", 1] in r["dice_lines"] for r in rolls if r["unit"] == CHARGER)


def test_select_the_enemy_target_unit_every_target_in_sight_and_named_once():
    state = two_targets()
    with pytest.raises(InvalidCommand):
        play(state, {**CHARGE, "also": [TARGET]})
    state = two_targets()  # a fresh board: the table changes
    far = state["units"]["B.u3"]["minis"]
    for k, mid in enumerate(far):
        put(state, mid, 2000 + k * 300, 600, 2700)
    assert refused(state, {**CHARGE, "also": ["B.u3"]}).rule == rules.CHARGE_TARGET


def advance_move(state: State, forward: int = 200) -> dict:
    """A's samurai step forward (towards B) ``forward`` tenths of a millimetre."""
    minis = [
        {
            "id": m,
            "path": [[state["minis"][m]["x"], state["minis"][m]["y"] + forward]],
            "facing": 900,
        }
        for m in state["units"][CHARGER]["minis"]
    ]
    return {"type": "order", "side": "A", "order": "move", "minis": minis}


def test_opportunity_charge_declared_when_the_enemy_indicates_its_move():
    state = table(b_orders=1)
    after, events = play(state, advance_move(state), dice=EnteredDice([]))
    assert events_of(events, "move_declared")
    prompt = KENSEI.prompt(after)
    assert prompt.kind == "opportunity_charge"
    assert prompt.sides == ("B",)
    assert TARGET in prompt.options["units"]
    assert prompt.options["points"] == ["start", "middle", "end"]
    # Declined: the move is made as indicated.
    done, events = play(after, {"type": "opportunity_charge", "side": "B"}, dice=EnteredDice([]))
    moved = events_of(events, "moved")[0]
    assert done["minis"][moved["minis"][0]["id"]]["y"] == 3200
    # No enemy unit able to charge (no order left): no question, the move is made.
    state = table(b_orders=0)
    _, events = play(state, advance_move(state), dice=EnteredDice([]))
    assert events_of(events, "moved")
    assert not events_of(events, "move_declared")


def test_opportunity_charge_the_mover_stops_and_is_attacked_at_the_chosen_point():
    state = table(b_orders=2)
    after, _ = play(state, advance_move(state, 400), dice=EnteredDice([]))
    declare = {"type": "opportunity_charge", "side": "B", "unit": TARGET, "point": "middle"}
    with pytest.raises(IllegalCommand) as caught:
        play(after, {**declare, "unit": "B.u3"})
    assert caught.value.rule == rules.OPPORTUNITY_CHARGE
    after, events = play(after, declare, dice=EnteredDice([]))
    stop = events_of(events, "moved")[0]
    assert {m["y"] for m in stop["minis"]} == {3200, 2890}  # halfway: 2 of 4 cm
    declared = events_of(events, "opportunity_declared")[0]
    assert declared["orders_spent"] == 1
    assert after["activation"]["orders"]["B"] == 1
    assert TARGET in after["activation"]["reactors"]  # Used at the end of the activation
    # The mover may react as any charged unit; then B's charge: MOV + 6 reaches.
    while KENSEI.prompt(after).kind == "charge_reaction":
        after, found = play(
            after,
            {"type": "charge_reaction", "side": "A", "reaction": "none"},
            dice=EnteredDice([6] + [1] * 60),
        )
        events += found
    if KENSEI.prompt(after).kind == "close_in":  # B's miniatures not in contact stay
        close = {"type": "close_in", "side": "B", "close": False}
        after, found = play(after, close, dice=EnteredDice([1] * 60))
        events += found
    attack = events_of(events, "attack_declared")[0]
    assert (attack["unit"], attack["target"], attack.get("opportunity")) == (TARGET, CHARGER, True)
    assert not after["activation"]["combat_done"]["B"]  # a reaction, not B's combat order


def test_opportunity_charge_without_contact_the_mover_completes_its_move():
    state = table(b_orders=2, gap=1500)  # 15 cm from the start: MOV 10 + 1 falls short
    after, _ = play(state, advance_move(state, 400), dice=EnteredDice([]))
    declare = {"type": "opportunity_charge", "side": "B", "unit": TARGET, "point": "start"}
    after, events = play(after, declare, dice=EnteredDice([]))
    while KENSEI.prompt(after).kind == "charge_reaction":
        after, found = play(
            after,
            {"type": "charge_reaction", "side": "A", "reaction": "none"},
            dice=EnteredDice([1] * 10),
        )
        events += found
    assert not events_of(events, "charge_moved")[0]["reached"]
    resumed = events_of(events, "move_resumed")[0]
    assert {m["y"] for m in resumed["minis"]} == {3400, 3090}
    assert not events_of(events, "attack_declared")


@functools.cache
def _deployed() -> State:
    return in_order("A")


@settings(max_examples=60, deadline=None)
@given(
    uid=st.sampled_from(["A.u1", "A.u2", "A.u3", "B.u1", "B.u2", "B.u4"]),
    x=st.integers(0, 12000),
    y=st.integers(0, 9000),
    heading=st.integers(0, 3599),
    distance=st.integers(0, 4000),
)
def test_charge_movement_trace_skips_only_steps_that_cannot_stop_it(
    uid: str, x: int, y: int, heading: int, distance: int
) -> None:
    """4. Charge movement: the block goes straight on until contact, the table's edge or
    impassable scenery. The trace skips the 2 mm steps before anything could stop a
    miniature; wherever the unit stands (moved as a block to (x, y), near the other
    units, the scenery or an edge) it ends where the step-by-step trace ends."""
    state = edited(_deployed())
    minis = [m for m in state["units"][uid]["minis"] if state["minis"][m]["placed"]]
    cx = sum(state["minis"][m]["x"] for m in minis) // len(minis)
    cy = sum(state["minis"][m]["y"] for m in minis) // len(minis)
    for mid in minis:
        mini = state["minis"][mid]
        put(state, mid, mini["x"] + x - cx, mini["y"] + y - cy, mini["facing"])
    assert charge_trace.trace(state, minis, heading, distance) == charge_trace.trace(
        state, minis, heading, distance, from_start=True
    )

"""Kensei part II: Challenge to a duel, one test per rule paragraph.

Side A's Gunbugyo (``A.u6``, a leader alone: AT 3, WO 2) stands in melee combat
with the Palace guard (``B.u1``), whose captain (``B.u1.m9``) leads them from the
middle of their single rank. Dice come by call (each roll gets its faces).
"""

from __future__ import annotations

import functools

import pytest

from engine.core import Dice, IllegalCommand, State
from engine.kensei import geometry, rules
from engine.kensei.geometry.board import board
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.queries import honour_of, initiative_of
from tests.unit.kensei.support import KENSEI, clear_table, edited, in_order, play, put

LEADER, GUARD = "A.u6", "B.u1"
CAPTAIN = "B.u1.m9"
ORIGIN = (3000, 4000)
PITCH = 310
DUEL = {"type": "order", "side": "A", "order": "duel", "target": GUARD}


class ByCall(Dice):
    """Each roll takes the next list of faces, its last face repeated to the count
    asked for; a roll of no dice takes nothing."""

    def __init__(self, *calls: list[int]) -> None:
        self.calls = list(calls)

    def roll(self, count: int, sides: int = 6) -> list[int]:
        if count == 0:
            return []
        faces = self.calls.pop(0)
        return (faces + [faces[-1]] * count)[:count]


@functools.cache
def _base() -> State:
    return in_order("A", unit=LEADER, orders=2)


def duel_table_state(b_orders: int = 1) -> State:
    state = edited(_base())
    state["activation"]["orders"]["A"] = 2
    state["activation"]["orders"]["B"] = b_orders
    state["activation"]["units"]["B"] = None
    state["activation"]["combat_done"] = {"A": False, "B": False}
    clear_table(state, (LEADER, GUARD))
    put(state, "A.u6.m1", ORIGIN[0], ORIGIN[1], 900)
    guards = [m for m in state["units"][GUARD]["minis"] if m != CAPTAIN]
    for k, mid in enumerate([*guards[:4], CAPTAIN, *guards[4:]]):
        put(state, mid, ORIGIN[0] + (k - 4) * PITCH, ORIGIN[1] + 350, 2700)
    for uid in (LEADER, GUARD):
        state["units"][uid]["markers"]["used"] = False
    return state


def of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def answer(accept: bool, boost: bool = False) -> dict:
    return {"type": "duel_answer", "side": "B", "accept": accept, "boost": boost}


def test_challenge_to_a_duel_a_leader_in_melee_with_the_enemy_leaders_unit():
    state = duel_table_state()
    state["activation"]["units"]["A"] = "A.u2"  # samurai without a leader
    with pytest.raises(IllegalCommand) as caught:
        play(state, DUEL)
    assert caught.value.rule == rules.DUEL
    assert "no leader" in caught.value.message
    state = duel_table_state()
    put(state, "A.u6.m1", ORIGIN[0], ORIGIN[1] - 2000, 900)
    with pytest.raises(IllegalCommand) as caught:
        play(state, DUEL)
    assert "not in melee combat" in caught.value.message
    with pytest.raises(IllegalCommand) as caught:
        play(duel_table_state(), {**DUEL, "target": "B.u2"})  # the ashigaru have no leader
    assert "no leader" in caught.value.message


def test_challenge_to_a_duel_the_challenged_player_decides_in_a_prompt():
    after, events = play(duel_table_state(), DUEL)
    assert of(events, "duel_declared")[0]["target_leader"] == CAPTAIN
    prompt = KENSEI.prompt(after)
    assert prompt is not None
    assert prompt.kind == "duel_answer"
    assert prompt.sides == ("B",)
    assert prompt.options["leader"] == CAPTAIN
    assert prompt.options["challenger_leader"] == "A.u6.m1"


def test_the_duel_is_accepted_leaders_fight_alone_and_the_units_are_used():
    # A's leader: every die a success, one wound; B's captain: every die a fumble.
    state, _ = play(duel_table_state(), DUEL)
    dice = ByCall([5], [1], [5, 1], [3])  # B wounds nobody; its honour roll succeeds
    after, events = play(state, answer(True), dice=dice)
    rolled = of(events, "combat_rolled")[0]
    a_roll = next(r for r in rolled["rolls"] if r["unit"] == LEADER)
    b_roll = next(r for r in rolled["rolls"] if r["unit"] == GUARD)
    assert a_roll["dice_lines"][0] == ["leader's attack attribute", 3]
    assert b_roll["leader"] == CAPTAIN
    assert b_roll["dice_lines"][0][0] == "leader's attack attribute"
    assert not any(line[0] == "miniatures in melee" for line in b_roll["dice_lines"])
    taken = of(events, "wounds_taken")
    guard_taken = next(t for t in taken if t["unit"] == GUARD)
    assert guard_taken["leader_wounds"] == {CAPTAIN: 1}
    assert guard_taken["casualties"] == []
    assert after["minis"][CAPTAIN]["wounds"] == 1
    assert of(events, "combat_result")[0]["loser"] == GUARD
    assert of(events, "chase_offered") == []
    for uid in (LEADER, GUARD):
        assert after["units"][uid]["markers"]["used"]
        assert after["units"][uid]["duelled"]
    assert of(events, "activation_ended")  # the Used challenger's last order is lost


def test_the_duel_is_accepted_a_retreating_leader_takes_his_unit_with_him():
    state, _ = play(duel_table_state(), DUEL)
    # the honour roll fails, and so does the re-roll of Bushido (the Samurai title)
    dice = ByCall([5], [1], [5, 1], [6], [6], [3, 3])
    after, events = play(state, answer(True), dice=dice)
    fell = of(events, "fell_back")[0]
    assert fell["unit"] == GUARD
    assert {m["id"] for m in fell["minis"]} == set(after["units"][GUARD]["minis"])
    assert after["units"][GUARD]["markers"]["used"]


def test_the_duel_is_accepted_no_combat_action_involves_the_units_until_the_end_of_turn():
    state = duel_table_state()
    state["units"][GUARD]["duelled"] = True
    state["activation"]["units"]["A"] = "A.u2"
    put(state, "A.u6.m1", ORIGIN[0], ORIGIN[1] - 3000, 900)
    for order in ("attack", "charge", "shoot", "duel"):
        with pytest.raises(IllegalCommand) as caught:
            play(state, {"type": "order", "side": "A", "order": order, "target": GUARD})
        assert caught.value.rule == rules.DUEL_ACCEPTED, order
    cleared = KENSEI.evolve(state, {"type": "markers_cleared"})
    assert not cleared["units"][GUARD]["duelled"]


def test_the_duel_is_not_accepted_a_normal_attack_without_the_leader_and_dishonour():
    state, _ = play(duel_table_state(), DUEL)
    ho, ini = honour_of(state, GUARD), initiative_of(state, GUARD)
    after, events = play(state, answer(False), dice=ByCall([1], [1], [3]))
    assert of(events, "duel_answered")[0]["dishonoured"] == CAPTAIN
    rolled = of(events, "combat_rolled")[0]
    b_roll = next(r for r in rolled["rolls"] if r["unit"] == GUARD)
    assert b_roll["dice_lines"][0] == ["attack attribute", 3]
    assert not any(line[0] == "unit leader" for line in b_roll["dice_lines"])
    assert after["minis"][CAPTAIN]["dishonoured"]
    assert honour_of(after, GUARD) == ho - 1
    assert initiative_of(after, GUARD) == ini - 1
    assert not after["units"][GUARD]["duelled"]


def test_spending_activation_orders_both_sides_and_penalty_without_one():
    state, events = play(duel_table_state(b_orders=1), DUEL)
    assert of(events, "duel_declared")[0]["orders_spent"] == 1
    _after, events = play(state, answer(False), dice=ByCall([1], [1], [3]))
    assert of(events, "duel_answered")[0]["orders_spent"] == 1
    state, _ = play(duel_table_state(b_orders=0), DUEL)
    _after, events = play(state, answer(True), dice=ByCall([1], [1], [3]))
    assert of(events, "duel_answered")[0]["without_order"]
    b_roll = next(r for r in of(events, "combat_rolled")[0]["rolls"] if r["unit"] == GUARD)
    assert ["reactive without an activation order", -1] in b_roll["dice_lines"]


def test_boosting_a_duel_boosts_the_attack_on_either_side():
    state, events = play(duel_table_state(b_orders=2), {**DUEL, "boost": True})
    assert of(events, "duel_declared")[0]["orders_spent"] == 2
    _after, events = play(state, answer(True, boost=True), dice=ByCall([1], [1], [3]))
    assert of(events, "duel_answered")[0]["orders_spent"] == 2
    for roll in of(events, "combat_rolled")[0]["rolls"]:
        assert ["boosted attack", 1] in roll["dice_lines"]
    state, _ = play(duel_table_state(b_orders=1), DUEL)
    with pytest.raises(IllegalCommand) as caught:
        play(state, answer(True, boost=True))
    assert caught.value.rule == rules.BOOSTING_DUEL


def captain_at_the_end(state: State) -> str:
    """The captain and the guard at the right end of the rank exchange places: the
    captain is no longer in contact with A's leader. Returns that guard."""
    end = [m for m in state["units"][GUARD]["minis"] if m != CAPTAIN][-1]
    a, b = dict(state["minis"][CAPTAIN]), dict(state["minis"][end])
    put(state, CAPTAIN, b["x"], b["y"], b["facing"])
    put(state, end, a["x"], a["y"], a["facing"])
    return end


def test_the_duel_is_accepted_1_the_challenger_places_the_leaders_in_close_combat():
    state = duel_table_state()
    captain_at_the_end(state)
    spots = {m: (state["minis"][m]["x"], state["minis"][m]["y"]) for m in state["minis"]}
    here = board(state).bases
    assert not geometry.engaged(here["A.u6.m1"], here[CAPTAIN])
    state, events = play(state, DUEL)
    swap = of(events, "duel_declared")[0]["swap_with"]
    assert geometry.engaged(here["A.u6.m1"], here[swap])  # a guard fighting the leader
    after, events = play(state, answer(True), dice=ByCall([5], [1], [5, 1], [3]))
    assert of(events, "duel_answered")[0]["placed"][0]["id"] == CAPTAIN
    assert (after["minis"][CAPTAIN]["x"], after["minis"][CAPTAIN]["y"]) == spots[swap]
    assert (after["minis"][swap]["x"], after["minis"][swap]["y"]) == spots[CAPTAIN]
    placed = board(after).bases
    assert geometry.engaged(placed["A.u6.m1"], placed[CAPTAIN])
    # The guards stand on the very same spots: their formation is what it was.
    before = {(b.x, b.y) for m, b in here.items() if m in after["units"][GUARD]["minis"]}
    assert {(placed[m].x, placed[m].y) for m in after["units"][GUARD]["minis"]} == before
    b_roll = next(r for r in of(events, "combat_rolled")[0]["rolls"] if r["unit"] == GUARD)
    assert b_roll["leader"] == CAPTAIN


def test_the_duel_is_accepted_1_the_exchange_is_with_a_miniature_in_melee_with_the_challenger():
    state = duel_table_state()
    end = captain_at_the_end(state)
    far = state["units"][GUARD]["minis"][0]
    with pytest.raises(IllegalCommand) as caught:
        play(state, {**DUEL, "swap_with": far})
    assert caught.value.rule == rules.DUEL_ACCEPTED
    state, events = play(state, {**DUEL, "swap_with": end})
    assert of(events, "duel_declared")[0]["swap_with"] == end
    # Leaders already in close combat are not moved; a refused duel moves no one.
    with pytest.raises(IllegalCommand) as caught:
        play(duel_table_state(), {**DUEL, "swap_with": end})
    assert "already in melee combat" in caught.value.message
    after, events = play(state, answer(False), dice=ByCall([1], [1], [3]))
    assert of(events, "duel_answered")[0]["placed"] == []
    assert after["minis"][CAPTAIN]["x"] == state["minis"][CAPTAIN]["x"]


def test_multiple_combats_units_engaged_with_the_duelling_units_are_not_in_melee_combat():
    state = duel_table_state()
    samurai = state["units"]["A.u2"]["minis"]
    for k, mid in enumerate(samurai):
        put(state, mid, ORIGIN[0] - (2 + k % 3) * PITCH, ORIGIN[1] - (k // 3) * PITCH, 900)
    state["activation"]["units"]["A"] = "A.u2"
    away = {
        "type": "order",
        "side": "A",
        "order": "move",
        "minis": [
            {
                "id": m,
                "path": [[state["minis"][m]["x"], state["minis"][m]["y"] - 400]],
                "facing": 2700,
            }
            for m in samurai
        ],
    }
    assert engaged_units(state, "A.u2") == [GUARD]
    with pytest.raises(IllegalCommand) as caught:
        play(state, away)
    assert caught.value.rule == rules.MOVE  # engaged: it may only rotate
    state["units"][GUARD]["duelled"] = True
    assert engaged_units(state, "A.u2") == []
    _moved, events = play(state, away)  # it acts normally: it moves off
    assert of(events, "moved")[0]["displaced"]
    _after, events = play(state, {"type": "order", "side": "A", "order": "shelter"})
    assert of(events, "sheltered")
    with pytest.raises(IllegalCommand) as caught:  # but it may not attack them
        play(state, {"type": "order", "side": "A", "order": "attack", "target": GUARD})
    assert caught.value.rule == rules.DUEL_ACCEPTED

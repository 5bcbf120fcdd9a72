"""Kensei part II: the Attack order and Combat Resolution, one test per rule paragraph.

The samurai of side A (``A.u2``: 5 miniatures, AT 3, WO 2, katana and yari) stand
in open ground; the ashigaru of side B (``B.u2``: 12 miniatures, AT 0, WO 1, yari)
face them, two of them in melee combat with A's front rank. Dice are entered,
so every roll is the one the test says.
"""

from __future__ import annotations

import functools

import pytest

from engine.core import EnteredDice, IllegalCommand, State
from engine.kensei import rules
from engine.kensei.combat.casualties import casualty_event, damage_of
from engine.kensei.combat.falling_back import fall_back, slide
from engine.kensei.combat.melee import combat_table, unit_attack_side
from tests.unit.kensei.support import KENSEI, clear_table, edited, in_order, play, put

UNIT, ENEMY = "A.u2", "B.u2"
MINIS = [f"{UNIT}.m{k}" for k in range(1, 6)]
PITCH = 310
ORIGIN = (800, 4000)
ATTACK = {"type": "order", "side": "A", "order": "attack", "target": ENEMY}


@functools.cache
def _base() -> State:
    return in_order("A", unit=UNIT, orders=2)


def engaged(b_orders: int = 0) -> State:
    """A's samurai in two ranks facing up; B's ashigaru facing down, two in contact."""
    state = edited(_base())
    state["activation"]["orders"]["A"] = 2
    state["activation"]["orders"]["B"] = b_orders
    state["activation"]["units"]["B"] = None
    clear_table(state, (UNIT, ENEMY))
    for k, mid in enumerate(MINIS):
        put(state, mid, ORIGIN[0] + (k % 3) * PITCH, ORIGIN[1] - (k // 3) * PITCH, 900)
    foes = state["units"][ENEMY]["minis"]
    put(state, foes[0], ORIGIN[0], ORIGIN[1] + 350, 2700)
    put(state, foes[1], ORIGIN[0] + PITCH, ORIGIN[1] + 350, 2700)
    for k, mid in enumerate(foes[2:]):
        put(state, mid, ORIGIN[0] - 600 + (k % 5) * PITCH, ORIGIN[1] + 950 + (k // 5) * PITCH, 2700)
    return state


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def test_attack_only_by_a_unit_in_melee_combat():
    state = engaged()
    put(state, state["units"][ENEMY]["minis"][0], ORIGIN[0], ORIGIN[1] + 2000, 2700)
    put(state, state["units"][ENEMY]["minis"][1], ORIGIN[0] + PITCH, ORIGIN[1] + 2000, 2700)
    with pytest.raises(IllegalCommand) as caught:
        play(state, ATTACK)
    assert caught.value.rule == rules.ATTACK
    assert "melee combat" in caught.value.message


def test_attack_the_attacked_unit_without_orders_fights_with_minus_one_d6():
    # A's 3 + 2 + katana 1 = 6 dice; B's 0 + 2 - 1 (no order) = 1 die; then wound dice.
    dice = EnteredDice([4, 4, 1, 1, 1, 1, 6, 5, 5, 3])
    after, events = play(engaged(b_orders=0), ATTACK, dice=dice)
    reaction = events_of(events, "reactive_attack_declared")[0]
    assert reaction["without_order"]
    assert reaction["orders_spent"] == 0
    rolled = events_of(events, "combat_rolled")[0]
    b_roll = next(r for r in rolled["rolls"] if r["unit"] == ENEMY)
    assert ["reactive without an activation order", -1] in b_roll["dice_lines"]
    assert b_roll["dice"] == 1
    assert after["activation"]["pending"] is not None or events_of(events, "combat_ended")


def test_attack_the_attacked_unit_spends_an_activation_order_if_it_has_one():
    dice = EnteredDice([1] * 6 + [1, 1])
    after, events = play(engaged(b_orders=1), ATTACK, dice=dice)
    reaction = events_of(events, "reactive_attack_declared")[0]
    assert reaction["orders_spent"] == 1
    assert not reaction["without_order"]
    assert after["activation"]["orders"]["B"] == 0
    assert ENEMY in after["activation"]["reactors"]  # Used at the end of the activation


def test_combat_roll_table_dice_markers_and_modifiers():
    state = engaged()
    a = combat_table(state, UNIT, ENEMY, boosted=True, without_order=False)
    assert a["dice_lines"][:3] == [
        ["attack attribute", 3],
        ["miniatures in melee", 2],
        ["boosted attack", 1],
    ]
    assert ["Katana", 1] in a["dice_lines"]  # weapon from the data, attacked from the front
    assert a["dice"] == 7
    state["units"][UNIT]["casualty_this_turn"] = True
    state["units"][UNIT]["markers"].update(used=True, sheltered=True, fleeing=True)
    state["units"][ENEMY]["markers"]["sheltered"] = True
    b = combat_table(state, UNIT, ENEMY, boosted=False, without_order=True)
    for line in (
        ["casualty this turn", -1],
        ["Used Unit marker", -1],
        ["reactive without an activation order", -1],
        ["sheltered", -2],
    ):
        assert line in b["dice_lines"]
    assert ["enemy sheltered", -1] in b["modifier_lines"]
    assert ["fleeing", -2] in b["modifier_lines"]
    assert b["dice"] == max(0, 3 + 2 + 1 - 5)


def test_combat_roll_table_out_of_formation_minus_one():
    state = engaged()
    put(state, MINIS[4], ORIGIN[0] + 3000, ORIGIN[1] - 3000, 900)
    table = combat_table(state, UNIT, ENEMY, boosted=False, without_order=False)
    assert ["out of formation", -1] in table["modifier_lines"]


def test_attacking_by_front_flank_and_rearguard():
    state = engaged()
    assert unit_attack_side(state, ENEMY, UNIT) == "front"
    # A's samurai turn their backs: B now attacks their rearguard (+2), and A's
    # miniatures, attacked in the rear, lose their front-only weapon modifiers.
    state = edited(state)  # a fresh board: the table changes
    for mid in MINIS:
        state["minis"][mid]["facing"] = 2700
    assert unit_attack_side(state, ENEMY, UNIT) == "rear"
    b = combat_table(state, ENEMY, UNIT, boosted=False, without_order=False)
    assert ["attacks the rearguard", 2] in b["modifier_lines"]
    a = combat_table(state, UNIT, ENEMY, boosted=False, without_order=False)
    assert not any(line[0] == "Katana" for line in a["dice_lines"])


def test_attacking_by_front_flank_and_rearguard_the_attacked_player_decides_a_tie():
    # A's second samurai turns east: B's second ashigaru now attacks its flank, the
    # first still A's front: one miniature on each side, a tie that A decides.
    state = engaged(b_orders=0)
    state["minis"][MINIS[1]]["facing"] = 0
    after, _ = play(state, ATTACK, dice=EnteredDice([]))
    prompt = KENSEI.prompt(after)
    assert prompt.kind == "attacked_side"
    assert prompt.sides == ("A",)
    assert prompt.options == {"attacker": ENEMY, "unit": UNIT, "sides": ["front", "flank"]}
    with pytest.raises(IllegalCommand) as caught:
        play(after, {"type": "attacked_side", "side": "A", "attacked": "rear"})
    assert caught.value.rule == rules.ATTACK_SIDES
    choice = {"type": "attacked_side", "side": "A", "attacked": "flank"}
    _, events = play(after, choice, dice=EnteredDice([1] * 40))
    b_roll = next(r for r in events_of(events, "combat_rolled")[0]["rolls"] if r["unit"] == ENEMY)
    assert b_roll["side"] == "flank"
    assert ["attacks the flank", 1] in b_roll["modifier_lines"]


def test_boosting_an_attack_two_orders_and_one_more_die():
    state = engaged(b_orders=2)
    dice = EnteredDice([1] * 20)
    after, events = play(state, {**ATTACK, "boost": True}, dice=dice)
    assert events_of(events, "attack_declared")[0]["orders_spent"] == 2
    assert after["activation"]["orders"]["A"] == 0
    # The reacting side may boost too: it is asked.
    assert KENSEI.prompt(after).kind == "react"
    after, events = play(after, {"type": "react", "side": "B", "boost": True}, dice=dice)
    b_roll = next(r for r in events_of(events, "combat_rolled")[0]["rolls"] if r["unit"] == ENEMY)
    assert ["boosted attack", 1] in b_roll["dice_lines"]


def test_combat_orders_one_per_activation():
    state = engaged()
    state["activation"]["combat_done"]["A"] = True
    with pytest.raises(IllegalCommand) as caught:
        play(state, ATTACK)
    assert caught.value.rule == rules.COMBAT_ORDERS


def test_wound_roll_criticals_wound_the_leader_and_two_stuns_make_a_wound():
    state = engaged()
    guard = "B.u1"  # palace guard with its captain
    state["units"][guard]["markers"]["stunned"] = 1
    damage = damage_of(state, guard, wounds=3, criticals=1, stuns=1)
    assert damage["leader_wounds"] == 1  # the critical goes to the unit leader
    assert damage["wounds"] == 2 + 1  # the other wounds, plus two stuns swapped for one
    assert damage["stunned"] == 0
    alone = damage_of(state, UNIT, wounds=2, criticals=1, stuns=1)
    assert alone["leader_wounds"] == 0
    assert alone["wounds"] == 2
    assert alone["stunned"] == 1


def test_protecting_the_leader_diverts_wounds_on_four_or_more():
    state = engaged()
    guard = "B.u1"
    leader = state["units"][guard]["leader"]
    damage = {"wounds": 0, "leader_wounds": 2, "stunned": 0, "in_melee": []}
    event = casualty_event(state, guard, damage, protect=2, preference=[], dice=EnteredDice([4, 3]))
    assert event["protect"] == {"faces": [4, 3], "diverted": 1}
    assert event["leader_wounds"] == {leader: 1}  # one wound stayed on the leader
    assert event["wounded_marker"] + 2 * len(event["casualties"]) == 1  # WO 2


def test_removing_casualties_in_melee_combats_owner_chooses_melee_first():
    state = engaged()
    foes = state["units"][ENEMY]["minis"]
    damage = {"wounds": 3, "leader_wounds": 0, "stunned": 0, "in_melee": foes[:2]}
    chosen = casualty_event(
        state, ENEMY, damage, protect=0, preference=[foes[5], foes[1]], dice=EnteredDice([])
    )
    # Those in melee first (in the owner's order), then his next choice.
    assert chosen["casualties"] == [foes[1], foes[0], foes[5]]


def test_removing_casualties_is_a_prompt_to_the_owner_when_there_is_a_choice():
    # A hits with every die and wounds with 4s: three ashigaru (WO 1) must fall.
    dice = EnteredDice([6, 6, 6, 1, 1, 1, 1, 4, 4, 4])
    after, _events = play(engaged(b_orders=0), ATTACK, dice=dice)
    prompt = KENSEI.prompt(after)
    assert prompt.kind == "casualties"
    assert prompt.sides == ("B",)
    foes = after["units"][ENEMY]["minis"]
    with pytest.raises(IllegalCommand):
        play(after, {"type": "casualties", "side": "B", "order": ["A.u2.m1"]})
    _done, events = play(after, {"type": "casualties", "side": "B", "order": [foes[1]]})
    taken = events_of(events, "wounds_taken")[0]
    assert taken["casualties"][:2] == [foes[1], foes[0]]
    assert len(taken["casualties"]) == 3


def test_victory_and_defeated_unit_honour_roll_and_withdraw():
    # B loses three, A none: B is defeated, fails its honour roll (6 > HO 2) and, with
    # more than half its miniatures left, withdraws 2D6 and is Used.
    dice = EnteredDice([6, 6, 6, 1, 1, 1, 1, 4, 4, 4, 6, 3, 4])
    after, events = play(engaged(b_orders=0), ATTACK, dice=dice)
    done, events = play(after, {"type": "casualties", "side": "B"}, dice=dice)
    result = events_of(events, "combat_result")[0]
    assert result["winner"] == UNIT
    assert result["loser"] == ENEMY
    honour = events_of(events, "honour_rolled")[0]
    assert honour["reason"] == "defeated"
    assert not honour["success"]
    fell = events_of(events, "fell_back")[0]
    assert fell["kind"] == "withdraw"
    assert fell["distance"] == 700
    assert done["units"][ENEMY]["markers"]["used"]
    assert not done["units"][ENEMY]["markers"]["fleeing"]
    assert KENSEI.prompt(done).kind == "withdraw_facing"  # then the closing steps


def withdrawn() -> tuple[State, list[dict], EnteredDice]:
    """B has withdrawn (as above) and may choose its facing."""
    dice = EnteredDice([6, 6, 6, 1, 1, 1, 1, 4, 4, 4, 6, 3, 4])
    after, _ = play(engaged(b_orders=0), ATTACK, dice=dice)
    done, events = play(after, {"type": "casualties", "side": "B"}, dice=dice)
    return done, events, dice


def test_withdrawn_or_retreating_movements_a_withdrawing_unit_may_face_anywhere():
    done, events, _ = withdrawn()
    heading = events_of(events, "fell_back")[0]["heading"]
    prompt = KENSEI.prompt(done)
    assert prompt.kind == "withdraw_facing"
    assert prompt.sides == ("B",)
    assert prompt.options["choices"] == ["keep", "enemy", "away"]
    with pytest.raises(IllegalCommand) as caught:
        play(done, {"type": "withdraw_facing", "side": "B", "facing": "sideways"})
    assert caught.value.rule == rules.FALLING_BACK
    after, events = play(done, {"type": "withdraw_facing", "side": "B", "facing": "enemy"})
    faced = events_of(events, "withdraw_faced")[0]
    assert {m["facing"] for m in faced["minis"]} == {(heading + 1800) % 3600}
    assert all(
        after["minis"][m]["facing"] == (heading + 1800) % 3600
        for m in after["units"][ENEMY]["minis"]
    )


def test_melee_movements_the_winner_may_move_5_cm_or_stay():
    done, _, _ = withdrawn()
    done, _ = play(done, {"type": "withdraw_facing", "side": "B", "facing": "keep"})
    prompt = KENSEI.prompt(done)
    assert prompt.kind == "melee_move"
    assert prompt.sides == ("A",)
    assert prompt.options["distance"] == 500
    assert set(prompt.options["minis"]) == set(MINIS)  # B withdrew: none in melee
    # Forward 6 cm is too far; 4 cm towards the enemy is a melee movement.
    step = [
        {"id": m, "path": [[done["minis"][m]["x"], done["minis"][m]["y"] + 600]], "facing": 900}
        for m in MINIS
    ]
    with pytest.raises(IllegalCommand):
        play(done, {"type": "melee_move", "side": "A", "minis": step})
    back = [
        {**m, "path": [[m["path"][0][0], m["path"][0][1] - 1000]], "facing": 2700} for m in step
    ]
    with pytest.raises(IllegalCommand) as caught:  # away from the enemy
        play(done, {"type": "melee_move", "side": "A", "minis": back})
    assert caught.value.rule == rules.MELEE_MOVEMENTS
    step = [{**m, "path": [[m["path"][0][0], m["path"][0][1] - 200]]} for m in step]
    after, events = play(done, {"type": "melee_move", "side": "A", "minis": step})
    assert events_of(events, "melee_moved")[0]["minis"]
    assert after["minis"][MINIS[0]]["y"] == ORIGIN[1] + 400
    assert after["activation"]["pending"] is None
    stayed, events = play(done, {"type": "melee_move", "side": "A"})
    assert events_of(events, "melee_moved")[0]["minis"] == []
    assert stayed["activation"]["pending"] is None


def test_withdrawn_or_retreating_movements_retreat_faces_away_with_a_fleeing_marker():
    state = engaged()
    state["units"][ENEMY]["minis"] = state["units"][ENEMY]["minis"][:5]
    for mid in list(state["minis"]):
        if mid.startswith(ENEMY + ".") and mid not in state["units"][ENEMY]["minis"]:
            state["minis"][mid]["removed"] = True
            state["minis"][mid]["placed"] = False
    event = fall_back(state, ENEMY, "retreat", EnteredDice([5, 5]))
    assert event["distance"] == 1000
    assert all(m["facing"] == event["heading"] for m in event["minis"])
    assert 450 < event["heading"] < 1350  # away from A, up the table
    after = KENSEI.evolve(state, event)
    assert after["units"][ENEMY]["markers"]["fleeing"]
    assert after["units"][ENEMY]["markers"]["used"]


def test_withdrawn_or_retreating_movements_collisions_allies_stop_enemies_kill():
    state = engaged()
    # B's front two flee straight down into A: they are casualties; the one far to
    # the side passes A by.
    finals, lost, _ = slide(state, ENEMY, 2700, 800, facing=2700, chasing=frozenset())
    foes = state["units"][ENEMY]["minis"]
    assert {foes[0], foes[1]} <= set(lost)
    assert foes[2] not in lost
    # A falls back down towards an allied miniature: its rear rank stops against it.
    ally = state["units"]["A.u3"]["minis"][0]
    put(state, ally, ORIGIN[0], ORIGIN[1] - PITCH - 600, 900)
    state = edited(state)
    finals, lost, _ = slide(state, UNIT, 2700, 800, facing=None, chasing=frozenset())
    assert not lost
    ends = {m["id"]: m for m in finals}
    assert ORIGIN[1] - PITCH - 600 + 250 <= ends[MINIS[3]]["y"] < ORIGIN[1] - PITCH - 300
    assert ends[MINIS[4]]["y"] == ORIGIN[1] - PITCH - 800  # nothing behind it: the full 8 cm


def test_chasing_movements_a_touched_fleeing_miniature_is_a_casualty():
    state = engaged()
    foes = state["units"][ENEMY]["minis"]
    _finals, _lost, caught = slide(state, UNIT, 900, 500, facing=900, chasing=frozenset(foes))
    assert caught
    assert set(caught) <= set(foes)


def test_chasing_is_the_winners_choice():
    # As above, but the fallen-back ashigaru retreat (few left): A is asked to chase.
    state = engaged(b_orders=0)
    state["units"][ENEMY]["initial"] = 30  # nine left of thirty: a retreat
    dice = EnteredDice([6, 6, 6, 1, 1, 1, 1, 4, 4, 4, 6, 3, 4, 1, 6, 6])
    after, _ = play(state, ATTACK, dice=dice)
    after, events = play(after, {"type": "casualties", "side": "B"}, dice=dice)
    assert events_of(events, "fell_back")[0]["kind"] == "retreat"
    prompt = KENSEI.prompt(after)
    assert prompt.kind == "chase"
    assert prompt.sides == ("A",)
    done, events = play(after, {"type": "chase", "side": "A", "chase": True}, dice=dice)
    assert events_of(events, "honour_rolled")[0]["reason"] == "chase"
    assert events_of(events, "chased")
    assert KENSEI.prompt(done).kind in ("melee_move", "order", "choose_unit")

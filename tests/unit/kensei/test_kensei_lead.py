"""Kensei part II: the Lead order, one test per rule paragraph.

Side A's Gunbugyo (``A.u6``, a leader alone, INI 2) stands between the samurai
(``A.u2``, five miniatures, no leader) on his right and the yari ashigaru (``A.u3``,
eleven, no leader) on his left, 1 cm from each; the mounted samurai (``A.u1``) have
their own leader. Side B's court ashigaru (``B.u2``) wait far away unless a test
brings two of them into contact with the samurai.
"""

from __future__ import annotations

import functools

import pytest

from engine.core import IllegalCommand, State
from engine.kensei import rules
from engine.kensei.bots.players import GreedyBot
from tests.unit.kensei.support import KENSEI, clear_table, edited, in_order, play, put
from tests.unit.kensei.test_kensei_duel import ByCall

LEADER, SAMURAI, YARI, MOUNTED, FOES = "A.u6", "A.u2", "A.u3", "A.u1", "B.u2"
ORIGIN = (3000, 4000)
PITCH = 310
LEAD = {
    "type": "order",
    "side": "A",
    "order": "lead",
    "units": [SAMURAI, YARI],
    "common_order": "move",
}


@functools.cache
def _base() -> State:
    return in_order("A", unit=LEADER, orders=2)


def lead_table(orders: int = 2, b_orders: int = 0) -> State:
    state = edited(_base())
    activation = state["activation"]
    activation["orders"] = {"A": orders, "B": b_orders}
    activation["units"]["B"] = None
    activation["combat_done"] = {"A": False, "B": False}
    clear_table(state, (LEADER, SAMURAI, YARI))
    put(state, "A.u6.m1", ORIGIN[0], ORIGIN[1], 900)
    for k, mid in enumerate(state["units"][SAMURAI]["minis"]):
        put(state, mid, ORIGIN[0] + 350 + (k % 3) * PITCH, ORIGIN[1] - (k // 3) * PITCH, 900)
    for k, mid in enumerate(state["units"][YARI]["minis"]):
        put(state, mid, ORIGIN[0] - 350 - (k % 6) * PITCH, ORIGIN[1] - (k // 6) * PITCH, 900)
    for unit in state["units"].values():
        unit["markers"]["used"] = False
    return state


def forward(state: State, uid: str, cm: int = 3) -> dict:
    """Every miniature of the unit 3 cm straight ahead (up), still facing up."""
    minis = [
        {"id": mid, "path": [[m["x"], m["y"] + cm * 100]], "facing": 900}
        for mid in state["units"][uid]["minis"]
        for m in (state["minis"][mid],)
    ]
    return {"type": "order", "side": "A", "order": "move", "unit": uid, "minis": minis}


def of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def refused(state: State, command: dict, rule: str = rules.LEAD) -> str:
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    assert caught.value.rule == rule
    return caught.value.message


def test_lead_a_leader_outside_a_unit_spends_two_activation_orders():
    state = lead_table()
    state["activation"]["units"]["A"] = SAMURAI
    assert "only a leader alone can lead" in refused(state, {**LEAD, "units": [YARI]})
    assert "Lead needs 2" in refused(lead_table(orders=1), LEAD)
    assert "boosted" in refused(lead_table(), {**LEAD, "boost": True}, rules.BOOSTING)
    after, events = play(lead_table(b_orders=1), LEAD, dice=ByCall([3], [3]))
    declared = of(events, "lead_declared")[0]
    assert declared["orders_spent"] == 2
    assert declared["units"] == [SAMURAI, YARI]
    assert after["activation"]["orders"]["A"] == 0
    prompt = KENSEI.prompt(after)
    assert prompt is not None
    assert prompt.kind == "order"
    assert prompt.sides == ("A",)
    assert prompt.options["lead"]["units"] == [LEADER, SAMURAI, YARI]


def test_lead_up_to_two_allied_units_within_10cm_not_used_not_led_not_a_leader_alone():
    state = lead_table()
    for k, mid in enumerate(state["units"][MOUNTED]["minis"]):
        put(state, mid, ORIGIN[0] + (k - 2) * 600, ORIGIN[1] + 700, 900)
    assert "led by another leader" in refused(state, {**LEAD, "units": [MOUNTED]})
    assert "one or two" in refused(state, {**LEAD, "units": [SAMURAI, YARI, MOUNTED]})
    assert "one or two" in refused(state, {**LEAD, "units": [SAMURAI, SAMURAI]})
    assert "no allied unit" in refused(state, {**LEAD, "units": ["B.u1"]})
    state = lead_table()
    state["units"][SAMURAI]["markers"]["used"] = True
    assert "Used Unit marker" in refused(state, LEAD)
    state = lead_table()
    for mid in state["units"][YARI]["minis"]:
        state["minis"][mid]["y"] -= 2000
    assert "more than 10 cm" in refused(state, LEAD)
    state = lead_table()
    state["units"][YARI]["single"] = True  # as if the yari were another leader alone
    assert "another leader alone" in refused(state, LEAD)
    assert "may not give 'disengage'" in refused(
        lead_table(), {**LEAD, "common_order": "disengage"}
    )


def test_lead_all_active_units_issue_the_same_order_each_with_its_own_objectives():
    state, _ = play(lead_table(), LEAD, dice=ByCall([3], [3]))
    assert "same order: move" in refused(state, {"type": "order", "side": "A", "order": "shelter"})
    assert "cannot be boosted" in refused(
        state, {"type": "order", "side": "A", "order": "move", "boost": True}
    )
    # The player picks who goes next: the yari before the leader, 3 cm forward.
    yari_y = state["minis"][f"{YARI}.m1"]["y"]
    state, events = play(state, forward(state, YARI))
    assert of(events, "led_order")[0]["unit"] == YARI
    assert of(events, "moved")[0]["unit"] == YARI
    assert state["minis"][f"{YARI}.m1"]["y"] == yari_y + 300
    assert "not an activated unit still to give" in refused(state, forward(state, YARI))
    # The samurai go further (their own objective); the leader passes.
    state, _ = play(state, forward(state, SAMURAI, cm=8))
    state, events = play(state, {"type": "order", "side": "A", "order": "pass"})
    assert of(events, "lead_passed")[0]["unit"] == LEADER
    assert of(events, "lead_ended")


def test_lead_order_roll_for_each_activated_unit_other_than_the_leader_only_for_ki():
    # The samurai roll 6 + INI 2: their ki activates; the yari fumble.
    state, events = play(lead_table(), LEAD, dice=ByCall([6], [1]))
    rolls = of(events, "lead_declared")[0]["rolls"]
    assert [(r["unit"], r["ki"]) for r in rolls] == [(SAMURAI, True), (YARI, False)]
    assert state["activation"]["orders"]["A"] == 0  # the rolls give no orders
    prompt = KENSEI.prompt(state)
    assert prompt is not None
    assert prompt.kind == "choose_ki"
    assert prompt.options["unit"] == SAMURAI
    with pytest.raises(IllegalCommand):
        play(state, {"type": "choose_ki", "side": "A", "ability": "volley"})
    state, _ = play(state, {"type": "choose_ki", "side": "A", "ability": "killing_blow"})
    assert state["units"][SAMURAI]["ki"] == "killing_blow"
    assert state["units"][YARI]["ki"] is None
    assert KENSEI.prompt(state).kind == "order"


def test_lead_once_the_action_is_completed_the_activated_units_receive_the_used_marker():
    state, _ = play(lead_table(b_orders=1), LEAD, dice=ByCall([3], [3]))
    for uid in (LEADER, SAMURAI):
        state, _ = play(state, {"type": "order", "side": "A", "order": "pass", "unit": uid})
        assert not state["units"][uid]["markers"]["used"]
    state, events = play(state, forward(state, YARI))
    assert of(events, "lead_ended")[0]["used"] == [LEADER, SAMURAI, YARI]
    for uid in (LEADER, SAMURAI, YARI):
        assert state["units"][uid]["markers"]["used"]
    activation = state["activation"]
    assert "lead" not in activation
    assert activation["units"]["A"] == LEADER
    assert activation["orders"]["A"] == 0
    assert activation["combat_done"]["A"]
    prompt = KENSEI.prompt(state)
    assert prompt is not None
    assert prompt.sides == ("B",)


def test_lead_combat_orders_each_unit_its_own_target_through_the_attack_order():
    state = lead_table()
    foes = state["units"][FOES]["minis"]
    put(state, foes[0], ORIGIN[0] + 350, ORIGIN[1] + 350, 2700)
    put(state, foes[1], ORIGIN[0] + 350 + PITCH, ORIGIN[1] + 350, 2700)
    for k, mid in enumerate(foes[2:]):
        put(state, mid, ORIGIN[0] - 250 + (k % 5) * PITCH, ORIGIN[1] + 950 + (k // 5) * PITCH, 2700)
    state, _ = play(state, {**LEAD, "common_order": "attack"}, dice=ByCall([3], [3]))
    # The yari are in melee with nobody: the attack order is refused as for any unit.
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "order", "side": "A", "order": "attack", "unit": YARI, "target": FOES})
    assert caught.value.rule == rules.ATTACK
    attack = {"type": "order", "side": "A", "order": "attack", "unit": SAMURAI, "target": FOES}
    state, events = play(state, attack)
    assert of(events, "attack_declared")[0]["unit"] == SAMURAI
    prompt = KENSEI.prompt(state)
    while prompt is not None and prompt.kind != "order":  # casualties, facing, chase...
        side = prompt.sides[0]
        answer = GreedyBot("lead-test").choose(KENSEI, state, side)
        assert answer is not None
        state, more = play(state, answer)
        events += more
        prompt = KENSEI.prompt(state)
    assert of(events, "combat_ended")
    assert prompt is not None
    assert prompt.options["lead"]["units"] == [LEADER, YARI]

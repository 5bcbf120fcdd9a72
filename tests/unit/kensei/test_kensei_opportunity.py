"""Reaction orders > Opportunity charge against a charge (Orders and Actions > Charge >
2. Enemy unit's reaction: "the unit receiving the charge and/or any other unit in his
army reacts ... (hold and fire, flee, opportunity charge, etc.)"; 4. Charge movement:
"will only stop when contact is made with an enemy miniature (either the target or as
part of an opportunity charge)"). The opportunity charge against a Move is tested in
test_kensei_charge.py.
"""

from __future__ import annotations

import pytest

from engine.core import EnteredDice, IllegalCommand, InvalidCommand, SeededDice, State
from engine.kensei import geometry, rules
from engine.kensei.bots.players import GreedyBot
from engine.kensei.combat.melee import in_formation
from engine.kensei.geometry.board import board
from tests.unit.kensei.support import KENSEI, clear_table, edited, play, put
from tests.unit.kensei.test_kensei_charge import (
    ARCHERS,
    CHARGE,
    CHARGER,
    NO_REACTION,
    TARGET,
    events_of,
    table,
)
from tests.unit.kensei.test_kensei_properties import _overlapping

PASS = {"type": "opportunity_charge", "side": "B"}
REACTING = ("charge_reaction", "close_in")
LEADER_ALONE = "A.u6"


def flanked(x: int = 2000, y: int = 3300, b_orders: int = 2, facing: int = 0) -> State:
    """A charges B's ashigaru (12 cm ahead); B's archers watch A's left flank."""
    state = edited(table(b_orders=b_orders))
    clear_table(state, (CHARGER, TARGET, ARCHERS))
    state["units"][ARCHERS]["markers"].update(used=False, unloaded=0)
    for k, mid in enumerate(state["units"][ARCHERS]["minis"]):
        put(state, mid, x - (k // 3) * 310, y + (k % 3) * 310, facing)
    return state


def answer_reactions(state: State, side: str, dice: list[int]) -> tuple[State, list[dict]]:
    events: list[dict] = []
    """``side``'s charge reactions (none); a charge's closing-in declined."""
    while (prompt := KENSEI.prompt(state)) is not None and prompt.kind in REACTING:
        if prompt.kind == "close_in":
            answer = {"type": "close_in", "side": prompt.sides[0], "close": False}
        elif prompt.sides == (side,):
            answer = {"type": "charge_reaction", "side": side, "reaction": "none"}
        else:
            break
        state, found = play(state, answer, dice=EnteredDice(list(dice)))
        events += found
    return state, events


def test_opportunity_charge_declared_among_the_reactions_to_a_charge_before_the_roll():
    after, events = play(flanked(), CHARGE, dice=EnteredDice([]))
    prompt = KENSEI.prompt(after)
    assert prompt.kind == "opportunity_charge"
    assert prompt.sides == ("B",)
    assert prompt.options["mover"] == CHARGER
    assert prompt.options["units"] == [ARCHERS]  # not the charged unit itself
    assert prompt.options["points"] == ["start", "middle", "end"]
    assert not events_of(events, "charge_rolled")
    # Declined: the charged unit reacts, then the charge is rolled and made.
    after, events = play(after, PASS, dice=EnteredDice([]))
    assert events_of(events, "opportunity_passed")
    prompt = KENSEI.prompt(after)
    assert (prompt.kind, prompt.options["unit"]) == ("charge_reaction", TARGET)
    after, events = play(after, NO_REACTION, dice=EnteredDice([3] + [1] * 60))
    assert events_of(events, "charge_moved")[0]["reached"]
    # A Used unit, or a side without orders, is not asked.
    state = flanked()
    state["units"][ARCHERS]["markers"]["used"] = True
    after, _ = play(state, CHARGE, dice=EnteredDice([]))
    assert KENSEI.prompt(after).kind == "charge_reaction"


def test_opportunity_charge_on_a_charger_it_stops_and_is_attacked_at_the_chosen_point():
    after, _ = play(flanked(), CHARGE, dice=EnteredDice([]))
    declare = {**PASS, "unit": ARCHERS, "point": "middle"}
    with pytest.raises(IllegalCommand) as refused:  # not the charged unit itself
        play(after, {**declare, "unit": TARGET})
    assert refused.value.rule == rules.OPPORTUNITY_CHARGE
    after, events = play(after, declare, dice=EnteredDice([]))
    stop = events_of(events, "charge_moved")[0]
    assert (stop["unit"], stop["met"], stop["reached"], stop["distance"]) == (
        CHARGER,
        True,
        False,
        500,
    )
    assert {m["y"] for m in stop["minis"]} == {3500, 3190}  # halfway along its 10 cm
    assert after["activation"]["orders"]["B"] == 1
    assert ARCHERS in after["activation"]["reactors"]
    # The charger may react as a charged unit; the archers' charge (MOV + 6) reaches.
    after, found = answer_reactions(after, "A", [6] + [1] * 60)
    events += found
    attack = events_of(events, "attack_declared")[0]
    assert (attack["unit"], attack["target"], attack["opportunity"]) == (ARCHERS, CHARGER, True)
    # The original charge is over: its target never reacted and is not attacked.
    assert not [e for e in events_of(events, "charge_reacted") if e["unit"] == TARGET]
    assert all(TARGET not in (e["unit"], e["target"]) for e in events_of(events, "attack_declared"))
    assert len(events_of(events, "charge_rolled")) == 1  # the archers' roll only


def test_boosting_an_order_an_opportunity_charge_is_boosted_with_a_second_order():
    # "performed just like a charge", and reactions may be boosted: a boosted charge
    # (MOV doubled for the roll, the attack boosted) for two of the side's orders.
    after, _ = play(flanked(), CHARGE, dice=EnteredDice([]))
    assert KENSEI.prompt(after).options["boost"] is True
    declare = {**PASS, "unit": ARCHERS, "point": "middle"}
    boosted, events = play(after, {**declare, "boost": True}, dice=EnteredDice([]))
    declared = events_of(events, "opportunity_declared")[0]
    assert (declared["orders_spent"], declared["boost"]) == (2, True)
    assert boosted["activation"]["orders"]["B"] == 0
    assert boosted["activation"]["pending"]["boost"] is True
    boosted, found = answer_reactions(boosted, "A", [1] + [1] * 60)
    rolled = events_of(found, "charge_rolled")[0]
    assert rolled["movement"] == 2 * boosted["units"][ARCHERS]["mov"]  # MOV doubled
    # Not with one order; a pass is never boosted.
    one = edited(after)
    one["activation"]["orders"]["B"] = 1
    assert KENSEI.prompt(one).options["boost"] is False
    with pytest.raises(IllegalCommand) as refused:
        play(one, {**declare, "boost": True})
    assert refused.value.rule == rules.BOOSTING
    with pytest.raises(InvalidCommand):
        play(after, {**PASS, "boost": True})


def test_opportunity_charge_on_a_charger_without_contact_the_charge_goes_on():
    state = flanked(x=2000, y=1400, facing=900)  # behind: far from its middle spots
    after, _ = play(state, CHARGE, dice=EnteredDice([]))
    assert ARCHERS in KENSEI.prompt(after).options["units"]
    declare = {**PASS, "unit": ARCHERS, "point": "middle"}
    after, events = play(after, declare, dice=EnteredDice([]))
    after, found = answer_reactions(after, "A", [1] * 10)  # 10 + 1 cm: short
    events += found
    assert not events_of(events, "charge_moved")[-1]["reached"]
    resumed = events_of(events, "charge_resumed")[0]
    assert resumed["charge"]["travelled"] == 500
    # Its target reacts now; the charge goes on with what is left of its distance.
    prompt = KENSEI.prompt(after)
    assert (prompt.kind, prompt.options["unit"]) == ("charge_reaction", TARGET)
    after, events = play(after, NO_REACTION, dice=EnteredDice([6] + [1] * 60))
    rolled = events_of(events, "charge_rolled")[0]
    assert rolled["allowance"] == (10 + 6) * 100 - 500
    moved = events_of(events, "charge_moved")[0]
    assert moved["reached"]
    assert events_of(events, "attack_declared")[0]["target"] == TARGET


def test_opportunity_charge_on_a_charger_bots_answer_with_legal_commands():
    after, _ = play(flanked(), CHARGE, dice=EnteredDice([]))
    options = list(KENSEI.legal(after, "B"))
    assert PASS in options
    assert any(o.get("unit") == ARCHERS for o in options)
    for option in options:
        play(after, option, dice=EnteredDice([3] * 60))


def test_charge_movement_each_miniature_not_in_contact_may_close_in_keeping_formation():
    """Charge > 4. Charge movement ("with each of the unit's miniatures ... will only stop
    when contact is made"): the block stops at the first contact; the miniatures not in
    contact may go on straight for the rest of the distance to contact, in formation."""
    state = table()
    for mid in state["units"][TARGET]["minis"]:
        state["minis"][mid]["x"] -= 1200  # the target stands off to the left: at an angle
    after, events = play(state, CHARGE, dice=EnteredDice([6]))
    prompt = KENSEI.prompt(after)
    assert (prompt.kind, prompt.sides) == ("close_in", ("A",))
    assert prompt.options["minis"] == ["A.u2.m4", "A.u2.m5"]
    offered = events_of(events, "close_in_offered")[0]["charge"]["closing"]
    assert not events_of(events, "attack_declared")  # the attack waits for the answer
    rolls = {}
    for close in (True, False):
        answer = {"type": "close_in", "side": "A", "close": close}
        done, found = play(after, answer, dice=EnteredDice([1] * 80))
        closed = events_of(found, "closed_in")[0]
        assert closed["minis"] == (offered if close else [])
        assert events_of(found, "attack_declared")[0]["target"] == TARGET
        assert in_formation(done, CHARGER)
        bases = board(done).bases
        for m in closed["minis"]:  # in contact, facing the enemy's centre
            near = min(
                (e for e in done["units"][TARGET]["minis"] if e in bases),
                key=lambda e: geometry.edge_distance(bases[m["id"]], bases[e]),
            )
            assert geometry.within(bases[m["id"]], bases[near], geometry.MELEE_DISTANCE)
            assert geometry.facing_centre_of(bases[m["id"]], bases[near])
        rolled = events_of(found, "combat_rolled")[0]["rolls"]
        rolls[close] = next(r["dice"] for r in rolled if r["unit"] == CHARGER)
    assert rolls[True] > rolls[False]  # +1D6 for each miniature in melee combat
    with pytest.raises(InvalidCommand):
        play(after, {"type": "close_in", "side": "A", "close": "yes"})


def joining_leader() -> tuple[State, dict]:
    """A's lone leader steps towards A's used samurai to join them, in B's sight."""
    state = edited(table(gap=800, b_orders=2))
    clear_table(state, (CHARGER, TARGET, LEADER_ALONE))
    state["activation"]["units"]["A"] = LEADER_ALONE
    state["units"][CHARGER]["markers"]["used"] = True
    leader = state["units"][LEADER_ALONE]["minis"][0]
    put(state, leader, 4200, 3300, 1800)
    path = [{"id": leader, "path": [[3950, 3300]], "facing": 1800}]
    return state, {"type": "order", "side": "A", "order": "move", "minis": path, "join": CHARGER}


def test_opportunity_charge_on_a_move_that_joins_a_unit_the_join_waits_for_the_move():
    state, join = joining_leader()
    after, events = play(state, join, dice=EnteredDice([]))
    declared = events_of(events, "move_declared")[0]
    assert [e["type"] for e in declared["then"]] == ["leader_joined"]
    assert KENSEI.prompt(after).kind == "opportunity_charge"
    # Declined: the move is made and the leader joins.
    done, events = play(after, PASS, dice=EnteredDice([]))
    assert [e["type"] for e in events][:2] == ["moved", "leader_joined"]
    assert done["units"][CHARGER]["leader"] == join["minis"][0]["id"]
    # Charged at the start of its move and caught: no join, the leader fights alone.
    declare = {**PASS, "unit": TARGET, "point": "start"}
    after, events = play(after, declare, dice=EnteredDice([]))
    after, found = answer_reactions(after, "A", [6] + [1] * 60)
    events += found
    attack = events_of(events, "attack_declared")[0]
    assert (attack["unit"], attack["target"]) == (TARGET, LEADER_ALONE)
    assert not events_of(events, "leader_joined")
    assert after["units"][CHARGER]["leader"] is None


def test_charge_movement_closing_in_leaves_no_base_over_another() -> None:
    """A game where a unit closed in beside miniatures already in contact: only the
    miniatures that closed in turn to face the enemy (found by the property test)."""
    seed = "property-33948"
    setup = {"armies": {"A": "otokodate-250", "B": "buke-250"}, "scenario": "hold-the-shrine"}
    state = KENSEI.start(setup, SeededDice(seed, 0))
    bots = {side: GreedyBot(f"{seed}-{side}") for side in "AB"}
    closed_in = 0
    index = 0
    while (prompt := KENSEI.prompt(state)) is not None:
        command = bots[prompt.sides[0]].choose(KENSEI, state, prompt.sides[0])
        assert command is not None
        index += 1
        for event in KENSEI.decide(state, command, SeededDice(seed, index)):
            state = KENSEI.evolve(state, event)
            if event["type"] == "closed_in" and event.get("minis"):
                closed_in += 1
                assert not _overlapping(state), event
    assert closed_in, "the game closes in at least once"

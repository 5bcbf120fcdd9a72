"""Kensei: rulebook paragraphs the engine implements that had no test named after them.

Found in the full pass over the living rules (docs/rules/kensei-rulebook.md). Each
test reuses the table of the topic's own test file (the samurai ``A.u2`` engaged with
B's ashigaru ``B.u2`` for melee, the archers ``A.u5`` for shooting, the charge table
for charges) and enters its dice, so every roll is the one the test says.
"""

from __future__ import annotations

import pytest

from engine.core import EnteredDice, IllegalCommand, InvalidCommand, SeededDice
from engine.kensei import rules
from engine.kensei.combat.casualties import casualty_event, damage_of, remove_isolated
from engine.kensei.combat.melee import combat_table
from engine.kensei.shooting.shoot import shoot_table, unloads
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import honour_of, initiative_of
from engine.kensei.turn.sequence import _retreat_honour_roll
from tests.unit.kensei import test_kensei_charge as charge
from tests.unit.kensei import test_kensei_movement as movement
from tests.unit.kensei import test_kensei_shooting as shooting
from tests.unit.kensei.support import KENSEI, SETUP, clear_table, edited, in_order, play, put
from tests.unit.kensei.test_kensei_combat import ATTACK, ENEMY, MINIS, ORIGIN, UNIT, engaged


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


# -- Troop Attributes > Presence (PR) ----------------------------------------------------


def test_presence_a_creature_failing_the_roll_takes_an_extra_wound_instead_of_falling_back():
    # The dice of the withdraw test in test_kensei_combat: B loses three miniatures and
    # fails its roll (6 > 2). B's unit is made a creature (PR in place of HO): it does
    # not fall back, it takes one more wound (WO 1: one more casualty) and stays.
    state = engaged(b_orders=0)
    state["units"][ENEMY]["presence"] = True
    dice = EnteredDice([6, 6, 6, 1, 1, 1, 1, 4, 4, 4, 6] + [1] * 10)
    after, _ = play(state, ATTACK, dice=dice)
    done, events = play(after, {"type": "casualties", "side": "B"}, dice=dice)
    honour = events_of(events, "honour_rolled")[0]
    assert honour["unit"] == ENEMY
    assert not honour["success"]
    assert not events_of(events, "fell_back")
    extra = events_of(events, "wounds_taken")[-1]
    assert extra["unit"] == ENEMY
    assert len(extra["casualties"]) == 1
    assert not done["units"][ENEMY]["markers"]["fleeing"]
    lost = sum(
        len(e["casualties"]) for e in events_of(events, "wounds_taken") if e["unit"] == ENEMY
    )
    assert lost == 4  # three in the combat, one for the failed presence roll
    assert len(done["units"][ENEMY]["minis"]) == 12 - 4


# -- Unit leader: "the unit always uses the leader's initiative and honour" -----------------


def test_unit_leader_the_unit_uses_the_leaders_initiative_and_honour():
    state = engaged()
    led = "A.u4"  # teppo ashigaru (INI 0, HO 2) led by an elite leader (INI 3, HO 5)
    unit = state["units"][led]
    leader = state["minis"][unit["leader"]]["profile"]
    assert (unit["ini"], unit["ho"]) != (leader["ini"], leader["ho"])
    assert initiative_of(state, led) == leader["ini"]
    assert honour_of(state, led) == leader["ho"]
    unit["leader"] = None  # the same unit without him: its own attributes
    assert (initiative_of(state, led), honour_of(state, led)) == (unit["ini"], unit["ho"])


# -- Combat Roll Table: "-1 to the troop that receives a charge if it is a shooting troop" --


def test_combat_roll_table_minus_one_to_a_shooting_troop_receiving_a_charge():
    state = engaged()
    state["units"][ENEMY]["ranged"] = ["long"]  # B's ashigaru made a shooting troop
    charged = combat_table(state, ENEMY, UNIT, boosted=False, without_order=False, charged=True)
    assert ["shooting troop receiving a charge", -1] in charged["modifier_lines"]
    later = combat_table(state, ENEMY, UNIT, boosted=False, without_order=False)
    assert ["shooting troop receiving a charge", -1] not in later["modifier_lines"]
    state["units"][ENEMY]["ranged"] = []  # not a shooting troop: no penalty when charged
    melee = combat_table(state, ENEMY, UNIT, boosted=False, without_order=False, charged=True)
    assert ["shooting troop receiving a charge", -1] not in melee["modifier_lines"]


# -- Shoot Roll Table: "-1 If shooting at a single miniature or skirmisher unit" ------------


def test_shoot_roll_table_minus_one_at_a_single_miniature_or_skirmisher_unit():
    line = ["single miniature or skirmisher target", -1]
    state = shooting.table()
    assert (
        line
        not in shoot_table(state, shooting.ARCHERS, shooting.TARGET, boosted=False)[
            "modifier_lines"
        ]
    )
    skirmishers = edited(state)
    skirmishers["units"][shooting.TARGET]["skirmish"] = True
    table = shoot_table(skirmishers, shooting.ARCHERS, shooting.TARGET, boosted=False)
    assert line in table["modifier_lines"]
    single = edited(state)
    target = single["units"][shooting.TARGET]
    for mid in target["minis"][1:]:
        single["minis"][mid]["removed"] = True
    target["minis"] = target["minis"][:1]
    table = shoot_table(single, shooting.ARCHERS, shooting.TARGET, boosted=False)
    assert line in table["modifier_lines"]


# -- Reaction orders: a Used unit that is charged may only fight ---------------------------


def test_reaction_orders_a_used_unit_targeted_by_a_combat_order_may_only_fight():
    # B's archers could hold and shoot or flee; with a Used Unit marker they may not
    # react at all: no charge_reaction prompt, the charge goes on to the combat.
    state = charge.table(target=charge.ARCHERS, b_orders=1)
    command = {**charge.CHARGE, "target": charge.ARCHERS}
    fresh, _ = play(state, command, dice=EnteredDice([]))
    assert set(KENSEI.prompt(fresh).options["reactions"]) == {"none", "flee", "hold"}
    state["units"][charge.ARCHERS]["markers"]["used"] = True
    used, events = play(state, command, dice=EnteredDice([3] + [1] * 40))
    prompt = KENSEI.prompt(used)
    assert prompt is None or prompt.kind != "charge_reaction"
    assert not events_of(events, "fled")
    assert not events_of(events, "shot")
    assert events_of(events, "charge_moved")


# -- Combat Resolution > 3. Victory: "In the event of a tie ... no unit is victorious" -----


def test_victory_and_defeated_unit_a_tie_defeats_no_unit():
    # Both Combat Rolls, then both Wound Rolls. A: six dice, one hit (4); B (an order
    # spent, two dice at -1 out of formation): two criticals. A's wound die 4: one
    # ashigaru (WO 1) lost; B's wound dice two 6s: two wounds on the samurai (WO 2), one
    # casualty. One casualty each: nobody is defeated, so nobody makes the Honour Roll.
    state = engaged(b_orders=1)
    dice = EnteredDice([4, 1, 1, 1, 1, 1, 6, 6, 4, 6, 6] + [1] * 10)
    after, events = play(state, ATTACK, dice=dice)
    while (prompt := KENSEI.prompt(after)) is not None and prompt.kind == "casualties":
        after, more = play(after, {"type": "casualties", "side": prompt.sides[0]}, dice=dice)
        events += more
    result = events_of(events, "combat_result")[0]
    taken = {e["unit"]: len(e["casualties"]) for e in events_of(events, "wounds_taken")}
    assert taken[UNIT] == taken[ENEMY] == 1
    assert result["winner"] is None
    assert result["loser"] is None
    assert not events_of(events, "honour_rolled")
    assert not events_of(events, "fell_back")


# -- Combat Resolution > 7. Removing isolated miniatures -----------------------------------


def test_removing_isolated_miniatures_a_miniature_alone_is_a_casualty_never_an_army_leader():
    state = engaged()
    put(state, MINIS[4], ORIGIN[0] + 3000, ORIGIN[1] - 3000, 900)  # 30 cm from the rest
    progress = Progress(state)
    remove_isolated(progress, UNIT)
    lost = events_of(progress.events, "miniatures_lost")
    assert lost == [
        {"type": "miniatures_lost", "unit": UNIT, "minis": [MINIS[4]], "reason": "isolated"}
    ]
    assert progress.state["minis"][MINIS[4]]["removed"]
    # A unit leader left alone far from his unit is never isolated.
    led = "A.u4"
    leader = state["units"][led]["leader"]
    put(state, leader, 9000, 6000, 900)
    progress = Progress(state)
    remove_isolated(progress, led)
    assert all(leader not in e["minis"] for e in events_of(progress.events, "miniatures_lost"))
    assert not progress.state["minis"][leader]["removed"]


# -- Troop Abilities > Ki Abilities: "you may only choose one" ------------------------------


def test_ki_abilities_several_on_the_troop_only_one_of_them_is_chosen():
    state = engaged()
    state["units"][UNIT]["abilities"]["ki"] = ["tactical_genius", "killing_blow"]
    state["activation"].update(ki_pending=["A"], units={"A": UNIT, "B": None})
    prompt = KENSEI.prompt(state)
    assert prompt.kind == "choose_ki"
    assert prompt.options["abilities"] == ["tactical_genius", "killing_blow"]
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "choose_ki", "side": "A", "ability": "iron_will"})
    assert caught.value.rule == rules.KI_ABILITIES
    after, _ = play(state, {"type": "choose_ki", "side": "A", "ability": "killing_blow"})
    assert after["units"][UNIT]["ki"] == "killing_blow"  # one ability, not a list
    assert after["activation"]["ki_pending"] == []
    assert KENSEI.prompt(after).kind != "choose_ki"  # not offered a second one


# -- Reaction orders > Hold and shoot: "If the charge is successful, the shoot occurs at
# short distance. If it is a failure, the shoot is assumed to be at intermediate distance,
# regardless of the actual distance" ---------------------------------------------------------

HOLD = {"type": "charge_reaction", "side": "B", "reaction": "hold"}


def far_archers(bands: list[str]) -> tuple[dict, dict]:
    """B's archers 65 cm from the charger (beyond any weapon's range), asked to react."""
    state = charge.table(target=charge.ARCHERS, gap=5500, b_orders=1)
    for mid in state["units"][charge.CHARGER]["minis"]:
        mini = state["minis"][mid]
        put(state, mid, mini["x"], mini["y"] - 1000, mini["facing"])
    state["units"][charge.ARCHERS]["ranged"] = bands
    command = {**charge.CHARGE, "target": charge.ARCHERS}
    asked, _ = play(state, command, dice=EnteredDice([]))
    assert "hold" in KENSEI.prompt(asked).options["reactions"]
    return asked, command


def test_hold_and_shoot_a_failed_charge_is_shot_at_intermediate_distance_whatever_the_real_one():
    # Long bows (60 cm) 65 cm away: a Shoot order would be lost. Against a charge that
    # fails (10 + 1 cm), the Hold and shoot is taken at intermediate distance: it shoots.
    asked, _ = far_archers(["long"])
    assert not shoot_table(asked, charge.ARCHERS, charge.CHARGER, boosted=False)["shooters"]
    _, events = play(asked, HOLD, dice=EnteredDice([1] + [1] * 40))
    assert not events_of(events, "charge_rolled")[0]["reached"]
    shot = events_of(events, "shot")[0]
    assert shot["hold"]
    assert not shot["lost"]
    # Short-range weapons (20 cm) do not reach an intermediate distance: lost.
    asked, _ = far_archers(["short"])
    _, events = play(asked, HOLD, dice=EnteredDice([1] + [1] * 40))
    shot = events_of(events, "shot")[0]
    assert shot["hold"]
    assert shot["lost"]


def test_hold_and_shoot_a_charge_that_reaches_is_shot_at_short_distance():
    # 12 cm away the charge reaches (10 + 3): the shoot is at short distance, so even
    # short-range weapons shoot.
    state = charge.table(target=charge.ARCHERS, b_orders=1)
    state["units"][charge.ARCHERS]["ranged"] = ["short"]
    asked, _ = play(state, {**charge.CHARGE, "target": charge.ARCHERS}, dice=EnteredDice([]))
    _, events = play(asked, HOLD, dice=EnteredDice([3] + [1] * 60))
    assert events_of(events, "charge_rolled")[0]["reached"]
    shot = events_of(events, "shot")[0]
    assert shot["hold"]
    assert not shot["lost"]
    assert shot["roll"]["shooters"]


# -- Static Orders > Reload: "All weapons start the battle loaded" -------------------------


def test_reload_all_weapons_start_the_battle_loaded():
    state = KENSEI.start(dict(SETUP), SeededDice("loaded", 0))
    gunners = [u for u, unit in state["units"].items() if unloads(unit)]
    assert gunners  # the sample armies field firearms (teppo)
    assert all(state["units"][u]["markers"]["unloaded"] == 0 for u in gunners)


# -- Combat Resolution > 1. Wound Roll > Wounding a leader: "You must note the wounds a
# leader receives, as they accumulate throughout the game" ----------------------------------


def test_wounding_a_leader_his_wounds_accumulate_throughout_the_game():
    state = engaged()
    led = "A.u4"
    leader = state["units"][led]["leader"]
    wo = state["minis"][leader]["profile"]["wo"]
    assert wo > 1
    # Criticals wound the unit leader: all his wounds but one in a first combat ...
    criticals = damage_of(state, led, wo - 1, wo - 1, 0)
    first = casualty_event(
        state, led, criticals, protect=0, preference=[], dice=EnteredDice([]), combat=False
    )
    state = KENSEI.evolve(state, first)
    assert state["minis"][leader]["wounds"] == wo - 1
    assert leader not in first["casualties"]
    state = KENSEI.evolve(state, {"type": "markers_cleared"})  # a later turn
    # ... and one more critical later is his last: the wounds were kept.
    critical = damage_of(state, led, 1, 1, 0)
    second = casualty_event(
        state, led, critical, protect=0, preference=[], dice=EnteredDice([]), combat=False
    )
    assert leader in second["casualties"]


# -- Orders that "cannot be boosted": Shelter, Disengage ------------------------------------


def boosted_shelter() -> tuple[dict, dict]:
    return movement.fresh(orders=2), {
        "type": "order",
        "side": "A",
        "order": "shelter",
        "boost": True,
    }


def boosted_disengage() -> tuple[dict, dict]:
    state = movement.engaged_state()
    command = movement.block_move(state, 0, -800, facing=2700)
    command.update(order="disengage", boost=True)
    state["activation"]["orders"]["A"] = 3
    return state, command


@pytest.mark.parametrize("case", [boosted_shelter, boosted_disengage], ids=["shelter", "disengage"])
def test_shelter_and_disengage_cannot_be_boosted(case):
    state, command = case()
    with pytest.raises((IllegalCommand, InvalidCommand)):
        play(state, command)
    unboosted = {k: v for k, v in command.items() if k != "boost"}
    play(state, unboosted)  # the same order without the boost is legal


@pytest.mark.parametrize(
    ("case", "rule"),
    [(boosted_shelter, rules.SHELTER), (boosted_disengage, rules.DISENGAGE)],
    ids=["shelter", "disengage"],
)
def test_shelter_and_disengage_a_boost_is_refused_naming_the_rule(case, rule):
    state, command = case()
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    assert caught.value.rule == rule


# -- Disengage > Enemy reaction: "they may not charge against the unit that has been undone
# from them, although they may engage in combat against them" ---------------------------------


def disengaged() -> dict:
    """A's samurai disengaged from B's ashigaru; B's ashigaru, in formation, are active."""
    state = movement.engaged_state()
    command = movement.block_move(state, 0, -800, facing=2700)
    command["order"] = "disengage"
    after, _ = play(state, command)
    after = edited(after)
    for k, mid in enumerate(after["units"]["B.u2"]["minis"]):
        x, y = movement.ORIGIN[0] + (k % 6) * movement.PITCH, movement.ORIGIN[1] + 350
        put(after, mid, x, y + (k // 6) * movement.PITCH, 2700)
    activation = after["activation"]
    activation["units"]["B"] = "B.u2"
    activation["orders"]["B"] = 2
    activation.update(next="B", pending=None, ki_pending=[])
    return after


def test_disengage_enemy_reaction_the_units_left_may_not_charge_the_disengaged_unit():
    state = disengaged()
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "order", "side": "B", "order": "charge", "target": "A.u2"})
    assert caught.value.rule == rules.DISENGAGE


# -- Unit leader: "It adds up as many dice as its attack attribute in combats and fire" ----


def test_unit_leader_adds_his_attack_attribute_to_the_shoot_roll():
    state = shooting.table(shooter="A.u4")  # teppo gunners led by a leader with a firearm
    leader = state["units"]["A.u4"]["leader"]
    ranged_at = state["minis"][leader]["profile"]["at"][1]
    assert ranged_at > 0
    table = shoot_table(state, "A.u4", shooting.TARGET, boosted=False)
    assert ["unit leader", ranged_at] in table["dice_lines"]
    count = dict(table["dice_lines"])["miniatures in sight and range"]
    assert count == len([m for m in table["shooters"] if m != leader])  # not counted twice


# -- Combat Roll Table: "+1D6/2D6 If your troop declares a charge order ... not applicable
# to skirmisher units" ------------------------------------------------------------------------


def test_combat_roll_table_charge_one_die_on_foot_two_mounted_none_for_skirmishers():
    state = engaged()
    unit = state["units"][UNIT]

    def charge_line() -> list:
        table = combat_table(state, UNIT, ENEMY, boosted=False, without_order=False, charging=True)
        return [line for line in table["dice_lines"] if line[0] == "charge"]

    assert charge_line() == [["charge", 1]]
    unit["type"] = "mounted"
    assert charge_line() == [["charge", 2]]
    unit["type"], unit["skirmish"] = "skirmishers", True
    assert charge_line() == []


# -- Combat Roll Table: "-1 If the enemy troop is behind cover" ----------------------------


def test_combat_roll_table_minus_one_when_the_enemy_is_behind_cover():
    # A low fence (height 0, lower than the ashigaru) runs between A's front rank and the
    # two ashigaru in contact, within 2.5 cm of them: it makes A's sight partial.
    state = engaged()
    line = ["enemy behind cover", -1]
    open_ground = combat_table(state, UNIT, ENEMY, boosted=False, without_order=False)
    assert line not in open_ground["modifier_lines"]
    y = ORIGIN[1] + 175
    fence = [[ORIGIN[0] - 300, y - 10], [ORIGIN[0] + 700, y - 10], [ORIGIN[0] + 700, y + 10]]
    state["scenery"] = [
        {
            "id": "fence",
            "kind": "normal",
            "height": 0,
            "points": [*fence, [ORIGIN[0] - 300, y + 10]],
        }
    ]
    table = combat_table(state, UNIT, ENEMY, boosted=False, without_order=False)
    assert line in table["modifier_lines"]


# -- Reaction orders > Flee: "The unit that is targeted by a charge ... and is not engaged in
# melee combat, may declare that it reacts by fleeing" ----------------------------------------


def test_flee_not_for_a_charged_unit_engaged_in_melee_combat():
    state = charge.table(b_orders=1)
    asked, _ = play(state, charge.CHARGE, dice=EnteredDice([]))
    assert "flee" in KENSEI.prompt(asked).options["reactions"]
    # Another unit of A (the spearmen A.u3) is in melee combat with B's ashigaru.
    state = charge.table(b_orders=1)
    target = state["units"][charge.TARGET]["minis"]
    back = state["minis"][target[-1]]
    put(state, "A.u3.m1", back["x"], back["y"] + 350, 2700)  # behind B's rear rank, facing it
    asked, _ = play(state, charge.CHARGE, dice=EnteredDice([3] + [1] * 60))
    prompt = KENSEI.prompt(asked)
    assert prompt is None or prompt.kind != "charge_reaction"


# -- Move > Joining a unit: "The leader, upon entering the unit, may exchange his position
# with any other miniature in the unit" ---------------------------------------------------------


def test_joining_a_unit_the_leader_may_exchange_his_position_with_a_miniature_of_the_unit():
    unit, lone = movement.UNIT, "A.u6"
    state = movement.fresh(keep=(unit, lone))
    state["activation"]["units"]["A"] = lone
    state["units"][unit]["markers"]["used"] = True
    leader = "A.u6.m1"
    x, y = movement.ORIGIN[0] + movement.PITCH, movement.ORIGIN[1]
    put(state, leader, x, y + 1200, 2700)
    rear = movement.MINIS[-1]
    spot = {k: state["minis"][rear][k] for k in ("x", "y", "facing")}
    join = {
        "type": "order",
        "side": "A",
        "order": "move",
        "minis": [{"id": leader, "path": [[x, y + 500]], "facing": 2700}],
        "join": unit,
    }
    with pytest.raises(IllegalCommand) as caught:
        play(state, {**join, "swap_with": "B.u2.m1"})  # not a miniature of the unit
    assert caught.value.rule == rules.JOINING_A_UNIT
    after, _ = play(state, {**join, "swap_with": rear})
    assert {k: after["minis"][leader][k] for k in ("x", "y", "facing")} == spot
    assert {k: after["minis"][rear][k] for k in ("x", "y", "facing")} == {
        "x": x,
        "y": y + 500,
        "facing": 2700,
    }


# -- Reaction orders > Flee: "If the distance obtained is not sufficient and the unit that
# was charging comes into contact with the unit that is fleeing, a combat is resolved" ------


def test_flee_caught_by_the_charger_the_combat_is_resolved_as_after_a_charge():
    state = charge.table(b_orders=1)
    asked, _ = play(state, charge.CHARGE, dice=EnteredDice([]))
    flee = {"type": "charge_reaction", "side": "B", "reaction": "flee"}
    # Flee 1 + 1 = 2 cm; the charge 10 + 6 = 16 cm reaches the 14 cm now between them.
    after, events = play(asked, flee, dice=EnteredDice([1, 1, 6] + [1] * 60))
    assert events_of(events, "fled")[0]["distance"] == 200
    assert events_of(events, "charge_rolled")[0]["reached"]
    attack = events_of(events, "attack_declared")
    assert attack
    assert attack[0]["charge"]
    assert after["units"][charge.TARGET]["markers"]["used"]  # Used at once


# -- Combat Resolution > 6. Chasing movements: "If the die roll is a failure, the unit
# remains static" ---------------------------------------------------------------------------------


def test_chasing_movements_a_failed_honour_roll_leaves_the_winner_where_it_stands():
    # The retreat of test_chasing_is_the_winners_choice; A chases but rolls 6 (HO 4).
    state = engaged(b_orders=0)
    state["units"][ENEMY]["initial"] = 30  # nine left of thirty: a retreat
    dice = EnteredDice([6, 6, 6, 1, 1, 1, 1, 4, 4, 4, 6, 3, 4, 6, 6, 6, 6])
    after, _ = play(state, ATTACK, dice=dice)
    after, _ = play(after, {"type": "casualties", "side": "B"}, dice=dice)
    assert KENSEI.prompt(after).kind == "chase"
    spots = {m: (after["minis"][m]["x"], after["minis"][m]["y"]) for m in MINIS}
    done, events = play(after, {"type": "chase", "side": "A", "chase": True}, dice=dice)
    honour = events_of(events, "honour_rolled")[0]
    assert honour["reason"] == "chase"
    assert not honour["success"]
    assert not events_of(events, "chased")
    assert {m: (done["minis"][m]["x"], done["minis"][m]["y"]) for m in MINIS} == spots


# -- Maintenance > 4. Retreating troops: "Apply a -1 to this Honour Roll if the troop is
# engaged in melee combat against an enemy troop" --------------------------------------------------


def test_retreating_troops_minus_one_to_the_honour_roll_when_engaged_in_melee():
    state = engaged()  # B's ashigaru (HO 2) in melee with A's samurai
    state["units"][ENEMY]["markers"]["fleeing"] = True
    engaged_roll = Progress(state)
    _retreat_honour_roll(engaged_roll, EnteredDice([2, 2]), ENEMY)
    roll = events_of(engaged_roll.events, "honour_rolled")[0]
    assert roll["modifiers"] == ["engaged -1"]
    assert roll["target"] == honour_of(state, ENEMY) - 1
    assert not roll["success"]  # a 2 against HO 2 - 1
    free = edited(state)
    for mid in free["units"][UNIT]["minis"]:
        mini = free["minis"][mid]
        put(free, mid, mini["x"], mini["y"] - 2000, mini["facing"])  # 20 cm back: no contact
    free_roll = Progress(free)
    _retreat_honour_roll(free_roll, EnteredDice([2, 2]), ENEMY)
    roll = events_of(free_roll.events, "honour_rolled")[0]
    assert roll["modifiers"] == []
    assert roll["success"]


# -- Move > Leaving a unit: "if the unit do not engage in melee combat ... The leader cannot
# engaged in melee combat if leaving a unit" ----------------------------------------------------


def test_leaving_a_unit_the_leader_may_not_engage_in_melee_combat_when_leaving():
    state = movement.fresh(keep=("A.u1",))  # mounted samurai, 5 cm square bases
    state["activation"]["units"]["A"] = "A.u1"
    minis = state["units"]["A.u1"]["minis"]
    for k, mid in enumerate(minis[:-1]):
        put(state, mid, 2000 + (k % 2) * 620, 4000 - (k // 2) * 620, 900)
    leader = minis[-1]
    put(state, leader, 3240, 4000, 900)
    leave = {
        "type": "order",
        "side": "A",
        "order": "move",
        "minis": [{"id": leader, "path": [[3240, 4300]], "facing": 900}],
        "leave": True,
    }
    assert play(edited(state), leave)[1][-1]["type"] == "leader_left"
    put(state, "B.u7.m1", 3240, 4800, 2700)  # an enemy he would end in melee combat with
    with pytest.raises(IllegalCommand) as caught:
        play(state, leave)
    assert caught.value.rule == rules.LEAVING_A_UNIT
    assert "engages in melee combat" in caught.value.message


# -- Combat Resolution > 3. Victory: "The unit that totally eliminates its opponent is the
# winning unit, regardless of the number of casualties or wounds sustained" -------------------


def test_victory_and_defeated_unit_eliminating_the_enemy_wins_whatever_the_casualties():
    # B is down to one ashigaru, made strong (AT 6): it kills two samurai, A kills it.
    state = engaged(b_orders=1)
    foes = state["units"][ENEMY]["minis"]
    for mid in foes[1:]:
        state["minis"][mid]["removed"] = True
    state["units"][ENEMY]["minis"] = foes[:1]
    state["units"][ENEMY]["at"] = [6, 0]
    state = edited(state)  # a fresh board without the removed miniatures
    dice = EnteredDice([6, 1, 1, 1, 1, 1] + [6] * 6 + [4] + [6] * 6 + [1] * 20)
    after, events = play(state, ATTACK, dice=dice)
    while (prompt := KENSEI.prompt(after)) is not None and prompt.kind == "casualties":
        after, more = play(after, {"type": "casualties", "side": prompt.sides[0]}, dice=dice)
        events += more
    result = events_of(events, "combat_result")[0]
    assert result["casualties"][UNIT] > result["casualties"][ENEMY]
    assert result["winner"] == UNIT
    assert result["loser"] == ENEMY
    assert after["units"][ENEMY]["removed"]


# -- Combat Resolution > 3. Victory: "In a combat between individual troops, the loser is
# the one that receives more wounds" ---------------------------------------------------------


def test_victory_and_defeated_unit_between_individual_troops_the_more_wounded_loses():
    # A's lone leader (Gunbugyo, WO 2) attacks B's Onmyouji of the Bureau, a unique troop
    # fielded as one miniature (WO 2). One wound to the Onmyouji, none back: no casualty
    # on either side, but the Onmyouji took more wounds: he is defeated.
    state = edited(in_order("A", unit="A.u6", orders=2))
    state["activation"]["units"]["B"] = None
    state["activation"]["orders"]["B"] = 0
    clear_table(state, ("A.u6", "B.u7"))
    put(state, "A.u6.m1", 4000, 4000, 900)
    put(state, "B.u7.m1", 4000, 4350, 2700)
    state = edited(state)  # a fresh board
    assert state["units"]["A.u6"]["single"]  # a leader alone
    assert not state["units"]["B.u7"]["single"]  # not a leader: a unique troop of one
    assert len(state["units"]["B.u7"]["minis"]) == 1
    a_dice = combat_table(state, "A.u6", "B.u7", boosted=False, without_order=False)["dice"]
    # A: one hit, B (no order: no dice, one die for a natural 6 only): none; A's wound die 4.
    dice = EnteredDice([6] + [1] * (a_dice - 1) + [1] + [4] + [1] * 10)
    _, events = play(
        state, {"type": "order", "side": "A", "order": "attack", "target": "B.u7"}, dice=dice
    )
    taken = {e["unit"]: e for e in events_of(events, "wounds_taken")}
    assert taken["B.u7"]["wounds"] == 1
    assert taken["A.u6"]["wounds"] == 0
    result = events_of(events, "combat_result")[0]
    assert result["casualties"] == {"A.u6": 0, "B.u7": 0}
    assert result["winner"] == "A.u6"
    assert result["loser"] == "B.u7"
    assert events_of(events, "honour_rolled")[0]["unit"] == "B.u7"

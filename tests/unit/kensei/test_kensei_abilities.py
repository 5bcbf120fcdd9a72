"""Kensei Troop Abilities on the engine's hooks, one test per paragraph and hook.

"Troop Abilities": permanent abilities "(PA)" are always active; a ki ability is
activated by an Order Roll of 6+, one chosen, active until the end of the turn; titles
grant permanent abilities. The abilities are sample data (``data/abilities.json``);
a test gives a unit an ability by its id where the sample armies do not field it in
the table's state.
"""

from __future__ import annotations

import copy
import json

import pytest

from engine.core import EnteredDice, State
from engine.kensei import rules
from engine.kensei.army.catalogue import (
    CatalogueError,
    catalogue_from_documents,
    data_root,
    load_army_list,
    load_catalogue,
    read_documents,
    sample_army_document,
    sample_army_names,
)
from engine.kensei.charge.charging import _charge_roll
from engine.kensei.combat.melee import combat_table
from engine.kensei.shooting.shoot import shoot_table
from engine.kensei.state import abilities
from engine.kensei.state.honour import honour_dice
from engine.kensei.state.order_roll import orders_for
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import honour_of, initiative_of
from engine.kensei.state.rolls import success_roll, wound_roll
from engine.kensei.turn.sequence import _order_rolls
from tests.unit.kensei import test_kensei_lead as lead
from tests.unit.kensei import test_kensei_movement as movement
from tests.unit.kensei import test_kensei_shooting as shooting
from tests.unit.kensei.support import KENSEI, clear_table, play, put, without_offerings
from tests.unit.kensei.test_kensei_combat import ENEMY, ORIGIN, UNIT, engaged

YARI = "A.u3"  # Ashigaru (yari): eleven miniatures, the Ashigaru title's Drilled


def permanent(state: State, uid: str, *ids: str) -> None:
    state["units"][uid]["abilities"]["permanent"].extend(ids)


def ordered(state: State, uid: str) -> Progress:
    """Side A about to make the Order Roll for ``uid`` (B rolls none)."""
    state["activation"].update(rolled=False, units={"A": uid, "B": None})
    return Progress(state)


# -- Permanent Abilities: always active -----------------------------------------------


def test_permanent_abilities_always_active_attribute_hooks_mov_ini_ho():
    state = engaged()
    mov, ini, ho = state["units"][UNIT]["mov"], initiative_of(state, UNIT), honour_of(state, UNIT)
    permanent(state, UNIT, "swift", "court_etiquette", "serenity")
    assert abilities.attribute(state, UNIT, "mov", mov) == mov + 5
    assert initiative_of(state, UNIT) == ini + 1
    assert honour_of(state, UNIT) == ho + 1
    permanent(state, UNIT, "deathless")  # "Honour is 6": set, after Serenity's +1
    assert honour_of(state, UNIT) == 6


def test_permanent_abilities_conditions_must_hold():
    state = engaged()
    ini = initiative_of(state, UNIT)
    permanent(state, UNIT, "war_drums", "masterless", "spirit_sight")
    assert initiative_of(state, UNIT) == ini  # War drums: only when INI is penalised
    state["sides"]["A"]["general_dead"] = True
    assert initiative_of(state, UNIT) == ini  # the -1 of the general's death, ignored
    table = combat_table(state, UNIT, ENEMY, boosted=False, without_order=False)
    assert not any(label.startswith("Masterless") for label, _ in table["dice_lines"])
    ho = honour_of(state, UNIT)  # -1: the general is dead
    state["units"][ENEMY]["presence"] = True  # Spirit sight: +1 HO against creatures
    assert honour_of(state, UNIT) == ho + 1


def test_move_permanent_movement_bonus_lets_the_unit_move_further():
    state = movement.fresh(at=movement.RUNWAY)
    movement.refused(state, movement.block_move(state, 0, 1400), rules.MOVE, "10 cm")
    permanent(state, movement.UNIT, "swift")
    play(state, movement.block_move(state, 0, 1400))


def test_crossing_obstacles_ignore_difficult_terrain_ability():
    state = movement.fresh()
    for k, mid in enumerate(movement.MINIS):  # west of the wood, as in the movement test
        put(state, mid, 1700 + (k % 3) * movement.PITCH, 4500 - (k // 3) * movement.PITCH, 0)
    permanent(state, movement.UNIT, "shadow_step")  # the Ninja title's
    first, events = play(state, movement.block_move(state, 900, 0, facing=0))
    assert next(e for e in events if e["type"] == "moved")["difficult"] is False
    first = copy.deepcopy(first)
    first["activation"]["next"] = "A"
    first["activation"]["orders"]["A"] = 1
    play(first, movement.block_move(first, 600, 0, facing=0))  # not halved


# -- Order Roll: modifiers, re-rolls and extra orders ----------------------------------


def test_order_roll_ability_modifier_drilled_from_the_ashigaru_title():
    state = engaged()
    progress = ordered(state, YARI)
    ini = initiative_of(state, YARI)
    _order_rolls(progress, EnteredDice([3]))
    roll = progress.events[-1]["rolls"]["A"]
    assert roll["ability_lines"] == [["Drilled (PA)", 1]]
    assert roll["orders"] == orders_for(3, ini + 1)[0]
    state = engaged()
    state["units"][YARI]["minis"] = state["units"][YARI]["minis"][:4]  # under five
    progress = ordered(state, YARI)
    _order_rolls(progress, EnteredDice([3]))
    assert "ability_lines" not in progress.events[-1]["rolls"]["A"]


def test_order_roll_reroll_of_a_die_giving_a_single_order():
    state = engaged()
    permanent(state, UNIT, "steady_rhythm")
    progress = ordered(state, UNIT)
    _order_rolls(progress, EnteredDice([1, 6]))
    roll = progress.events[-1]["rolls"]["A"]
    assert roll["die"] == 6
    assert roll["rerolled"] == [{"index": 0, "was": 1, "now": 6}]
    assert roll["orders"] == 2
    progress = ordered(engaged_with(UNIT, "steady_rhythm"), UNIT)
    _order_rolls(progress, EnteredDice([5]))  # two orders already: no re-roll
    assert "rerolled" not in progress.events[-1]["rolls"]["A"]


def engaged_with(uid: str, *ids: str) -> State:
    state = engaged()
    permanent(state, uid, *ids)
    return state


def test_ki_abilities_extra_order_when_chosen():
    state = engaged()
    state["units"][UNIT]["abilities"]["ki"] = ["tactical_genius", "killing_blow"]
    state["activation"].update(ki_pending=["A"], units={"A": UNIT, "B": None})
    before = state["activation"]["orders"]["A"]
    after, events = play(state, {"type": "choose_ki", "side": "A", "ability": "tactical_genius"})
    assert events[0]["extra_orders"] == 1
    assert after["activation"]["orders"]["A"] == before + 1
    assert after["units"][UNIT]["ki"] == "tactical_genius"


# -- Ki Abilities: only while active, only for that unit -------------------------------


def test_ki_abilities_active_until_the_end_of_turn_only_for_the_unit_that_activated_it():
    state = engaged()
    ho, other = honour_of(state, UNIT), honour_of(state, YARI)
    state["units"][UNIT]["ki"] = "iron_will"
    assert honour_of(state, UNIT) == ho + 1
    assert honour_of(state, YARI) == other
    cleared = KENSEI.evolve(state, {"type": "markers_cleared"})
    assert cleared["units"][UNIT]["ki"] is None
    assert honour_of(cleared, UNIT) == ho


def test_ki_abilities_not_chosen_have_no_effect():
    state = engaged()
    assert "killing_blow" in state["units"][UNIT]["abilities"]["ki"]
    table = combat_table(state, UNIT, ENEMY, boosted=False, without_order=False)
    assert all(not label.startswith("Killing") for label, _ in table["wound_lines"])


# -- the Combat and Shoot Roll Tables list the ability lines ---------------------------


def test_combat_roll_table_lists_ability_lines_attack_dice_and_wound_roll():
    plain = combat_table(engaged(), UNIT, ENEMY, boosted=False, without_order=False)
    state = engaged()
    state["units"][UNIT]["ki"] = "fury"
    table = combat_table(state, UNIT, ENEMY, boosted=False, without_order=False)
    assert ["Fury (ki)", 1] in table["dice_lines"]
    assert table["dice"] == plain["dice"] + 1
    state["units"][UNIT]["ki"] = "killing_blow"  # +1 to wound rolls in melee
    table = combat_table(state, UNIT, ENEMY, boosted=False, without_order=False)
    assert ["Killing blow (ki)", 1] in table["wound_lines"]
    assert table["wound_modifier"] == plain["wound_modifier"] + 1


def test_shoot_roll_table_lists_ability_lines_ranged_dice_and_wound_roll():
    state = shooting.table()
    plain = shoot_table(state, shooting.ARCHERS, shooting.TARGET, boosted=False)
    state["units"][shooting.ARCHERS]["ki"] = "volley"
    permanent(state, shooting.ARCHERS, "sure_aim", "ruthless")
    table = shoot_table(state, shooting.ARCHERS, shooting.TARGET, boosted=False)
    assert ["Volley (ki)", 1] in table["dice_lines"]
    assert table["dice"] == plain["dice"] + 1
    assert ["Sure aim (PA)", 1] in table["wound_lines"]
    assert table["rerolls"] == {"shoot_roll": 0, "wound_roll": 1}
    state["units"][shooting.ARCHERS]["ki"] = "killing_blow"  # melee only
    table = shoot_table(state, shooting.ARCHERS, shooting.TARGET, boosted=False)
    assert all(not label.startswith("Killing") for label, _ in table["wound_lines"])


# -- re-rolls: recorded die by die -----------------------------------------------------


def test_reroll_of_failed_combat_roll_dice_recorded_in_the_roll():
    roll = success_roll(EnteredDice([2, 5, 6]), 2, 0, rerolls=1)
    assert roll.faces == (6, 5)
    assert roll.to_dict()["rerolled"] == [{"index": 0, "was": 2, "now": 6}]
    assert success_roll(EnteredDice([5, 4]), 2, 0, rerolls=1).rerolled == ()  # none failed
    state = engaged()
    state["units"][UNIT]["ki"] = "quick_reflexes"
    assert combat_table(state, UNIT, ENEMY, boosted=False, without_order=False)["rerolls"] == {
        "attack_roll": 1,
        "wound_roll": 0,
    }
    _, events = play(state, {"type": "order", "side": "A", "order": "attack", "target": ENEMY})
    rolled = next(e for e in events if e["type"] == "combat_rolled")
    mine = next(r for r in rolled["rolls"] if r["unit"] == UNIT)["combat_roll"]
    if "rerolled" in mine:  # one failed die re-rolled
        [record] = mine["rerolled"]
        assert record["was"] != 6
        assert record["now"] == mine["faces"][record["index"]]
    else:  # no die failed
        assert all(r in ("success", "critical") for r in mine["results"])


def test_reroll_of_wound_roll_dice_without_effect_keeps_stuns():
    roll = wound_roll(EnteredDice([1, 3, 4]), 2, 0, shooting=False, rerolls=1)
    assert roll.faces == (4, 3)  # the fumble re-rolled, the stun kept
    assert roll.to_dict()["rerolled"] == [{"index": 0, "was": 1, "now": 4}]
    shot = wound_roll(EnteredDice([3, 5]), 1, 0, shooting=True, rerolls=1)
    assert shot.faces == (5,)  # shooting: a 3 does nothing, re-rolled


def test_titles_grant_their_rules_bushido_rerolls_a_failed_honour_die():
    state = engaged()
    assert "bushido" in load_catalogue().troop(state["units"][UNIT]["troop"]).permanent_abilities
    faces, best_of_two, rerolled = honour_dice(state, UNIT, EnteredDice([6, 2]), 4)
    assert best_of_two is False
    assert faces == [2]
    assert rerolled == [{"index": 0, "was": 6, "now": 2, "by": "own"}]


def test_enemy_honour_reroll_terrifying_forces_a_successful_die_again():
    state = engaged()
    permanent(state, ENEMY, "terrifying")  # the Yokai title's, engaged with the samurai
    faces, _, rerolled = honour_dice(state, UNIT, EnteredDice([2, 5, 3]), 4)
    assert faces == [3]
    assert rerolled == [
        {"index": 0, "was": 2, "now": 5, "by": "enemy"},
        {"index": 0, "was": 5, "now": 3, "by": "own"},  # Bushido, on the failed die
    ]
    clear = engaged()
    clear_table(clear, (UNIT,))
    assert honour_dice(clear, UNIT, EnteredDice([2]), 4)[2] == []


# -- Charge Movement roll -------------------------------------------------------------


def charge_table() -> State:
    state = engaged()
    clear_table(state, (UNIT, ENEMY))
    for k, mid in enumerate(state["units"][ENEMY]["minis"]):
        put(state, mid, ORIGIN[0] - 600 + (k % 6) * 310, ORIGIN[1] + 1400 + (k // 6) * 310, 2700)
    return state


def test_charge_movement_roll_ability_modifier_and_reroll():
    pending = {"unit": UNIT, "target": ENEMY, "boost": False}
    state = charge_table()
    assert _charge_roll(state, pending, EnteredDice([1]))["reached"] is False
    state["units"][UNIT]["ki"] = "battle_cry"
    event = _charge_roll(state, pending, EnteredDice([1]))
    assert event["ability_lines"] == [["Battle cry (ki)", 1]]
    assert event["allowance"] == (event["movement"] + 1 + 1) * 100
    state = charge_table()
    permanent(state, UNIT, "headlong")
    event = _charge_roll(state, pending, EnteredDice([1, 6]))
    assert event["rerolled"] == [{"index": 0, "was": 1, "now": 6}]
    assert event["reached"] is True


# -- the data: a closed vocabulary, every hook fielded ---------------------------------


def test_ability_conditions_are_a_closed_vocabulary_with_clear_errors():
    schema = json.loads((data_root() / "schemas" / "abilities.schema.json").read_text())
    effect = schema["properties"]["abilities"]["items"]["properties"]["effects"]["items"]
    assert tuple(effect["properties"]["when"]["items"]["enum"]) == abilities.CONDITIONS
    docs = copy.deepcopy(read_documents())
    docs["abilities.json"]["abilities"][1]["effects"][0]["when"] = ["in_town"]
    with pytest.raises(CatalogueError) as caught:
        catalogue_from_documents(docs)
    assert caught.value.problems[0].startswith(
        "abilities.json: $.abilities[1].effects[0].when[0]: 'in_town'"
    )


def test_sample_armies_field_every_hook_and_every_implemented_reroll():
    catalogue = load_catalogue()
    schema = json.loads((data_root() / "schemas" / "abilities.schema.json").read_text())
    effect = schema["properties"]["abilities"]["items"]["properties"]["effects"]["items"]
    fielded: set[str] = set()
    for name in sample_army_names():
        army = load_army_list(sample_army_document(name))
        troops = [u.troop for u in army.units] + [t for u in army.units for t in u.leaders]
        for troop in troops + [leader.troop for leader in army.leaders]:
            profile = catalogue.troop(troop)
            fielded.update(profile.permanent_abilities + profile.ki_abilities)
    hooks = {e.hook for a in fielded for e in catalogue.abilities[a].effects}
    assert hooks == set(effect["properties"]["hook"]["enum"])
    rolls = {e.roll for a in fielded for e in catalogue.abilities[a].effects if e.roll}
    assert rolls == set(effect["properties"]["roll"]["enum"]) - {"enemy_invocation_roll"}
    kinds = {catalogue.abilities[a].kind for a in fielded}
    assert kinds == {"permanent", "ki"}


def test_lead_order_roll_of_a_led_unit_takes_its_order_roll_abilities():
    _, events = play(lead.lead_table(), lead.LEAD)
    rolls = {r["unit"]: r for r in without_offerings(events)[0]["rolls"]}
    assert rolls[lead.YARI]["ability_lines"] == [["Drilled (PA)", 1]]  # eleven ashigaru
    assert "ability_lines" not in rolls[lead.SAMURAI]

"""Moving and Fighting on Horseback: shooting from horseback, shooting at mounted
characters, close combat on horseback, striking the horse (samurai-skirmish-rules.txt;
Mastery of Horsemanship)."""

from __future__ import annotations

from typing import Any

from engine.core import EnteredDice
from engine.skirmish import combat, shooting
from engine.skirmish.state.evolve import evolve_all
from tests.unit.skirmish.builders import build_state, hero, unit, with_mods

INCH = 254
FOOT_TO_HORSE_IN = 375 / 254
HORSE_TO_HORSE_IN = 500 / 254
FOOT_IN = 250 / 254


def the(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["type"] == kind)


def rider_shooting(moved_in: float, **fields: Any) -> dict[str, Any]:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow", mounted=True, **fields)],
        b=[unit("retainer", at=(10, 15))],
        phase="shoot",
        step="act",
    )
    return with_mods(state, "a1", moved=int(moved_in * INCH))


def shoot(
    state: dict[str, Any],
    dice: list[int],
    side: str = "a",
    unit_id: str = "a1",
    target: str = "b1.1",
) -> list[dict[str, Any]]:
    command = {"type": "shoot", "side": side, "unit": unit_id, "target": target}
    return shooting.decide(state, command, EnteredDice(dice))


def test_shooting_from_horseback_no_penalty_after_half_movement() -> None:
    assert the(shoot(rider_shooting(6), [1]), "shot")["shots"][0]["need"] == 4


def test_shooting_from_horseback_minus_two_after_more_than_half() -> None:
    shot = the(shoot(rider_shooting(7), [1]), "shot")["shots"][0]
    assert shot["need"] == 6
    assert shot["modifiers"] == {"moving_on_horseback": -2}


def test_mastery_of_horsemanship_level_3_reduces_the_moving_modifier_to_minus_one() -> None:
    shot = the(shoot(rider_shooting(7, masteries={"horsemanship": 3}), [1]), "shot")["shots"][0]
    assert shot["need"] == 5


def test_shooting_from_horseback_arc_of_fire_medium_armour_left_side_only() -> None:
    ahead = build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow", mounted=True, armour="medium")],
        b=[unit("retainer", at=(10, 15))],
        phase="shoot",
        step="act",
    )
    assert shooting.shoot_options(ahead, "a") == {}
    left = build_state(
        a=[hero("yamada_suzuki", at=(20, 5), weapon="bow", mounted=True, armour="medium")],
        b=[unit("retainer", places=[(8, 5), (8, 3), (8, 7)])],
        phase="shoot",
        step="act",
    )
    assert shooting.shoot_options(left, "a")
    unarmoured = build_state(
        a=[hero("yamada_suzuki", at=(10, 20), weapon="bow", mounted=True, armour="light")],
        b=[unit("retainer", at=(10, 10))],
        phase="shoot",
        step="act",
    )
    assert shooting.shoot_options(unarmoured, "a")


def _at_rider(moved_in: float) -> dict[str, Any]:
    state = build_state(
        a=[unit("ashigaru", at=(10, 5), weapon="bow")],
        b=[unit("mounted_retainer", at=(10, 15), mounted=True)],
        phase="shoot",
        step="act",
    )
    return with_mods(state, "b1", moved=int(moved_in * INCH))


def test_shooting_at_mounted_characters_plus_one_if_moving_half_or_less() -> None:
    shots = the(shoot(_at_rider(6), [1, 1, 1]), "shot")["shots"]
    assert {s["need"] for s in shots} == {4}
    shots = the(shoot(_at_rider(7), [1, 1, 1]), "shot")["shots"]
    assert {s["need"] for s in shots} == {5}


def test_shooting_at_mounted_characters_1_or_2_hits_the_horse() -> None:
    state = _at_rider(8)
    events = shoot(state, [5, 2, 1, 1, 3, 3, 3])
    shot = the(events, "shot")["shots"][0]
    assert shot["horse"] == {"die": 2, "horse_hit": True}
    assert the(events, "horse_killed")["model"] == "b1.1"
    after = evolve_all(state, events)
    assert after["models"]["b1.1"]["mounted"] is False
    assert after["units"]["b1"]["dismounted_turn"] == 1


def test_shooting_at_mounted_characters_3_or_more_hits_the_rider() -> None:
    events = shoot(_at_rider(8), [5, 3, 1, 1, 6, 1, 1])
    assert the(events, "shot")["shots"][0]["horse"] == {"die": 3, "horse_hit": False}
    assert the(events, "wound_rolls")["target"] == "b1.1"


def test_forcibly_dismounted_rider_counts_minus_two_in_combat_this_turn() -> None:
    state = build_state(
        a=[unit("retainer", places=[(10, 10), (4, 4), (6, 4)])],
        b=[unit("mounted_retainer", places=[(10, 10 + FOOT_IN), (20, 20), (24, 20)])],
        phase="combat",
        step="fight",
    )
    state = with_mods(state, "b1", dismounted_turn=1)
    event = the(combat.resolve_next(state, EnteredDice([1, 1, 6, 6, 6, 6, 6, 6])), "combat_fought")
    assert event["modifiers"]["b"]["b1.1"] == {"dismounted": -2}


def _cavalry(charged: bool, foe_weapon: str = "basic") -> dict[str, Any]:
    state = build_state(
        a=[unit("mounted_retainer", places=[(10, 10), (4, 4), (8, 4)], mounted=True)],
        b=[
            unit(
                "retainer",
                places=[(10, 10 + FOOT_TO_HORSE_IN), (20, 20), (22, 20)],
                weapon=foe_weapon,
            )
        ],
        phase="combat",
        step="fight",
    )
    return with_mods(state, "a1", charged=1) if charged else state


def test_close_combat_on_horseback_plus_one_strength() -> None:
    events = combat.resolve_next(_cavalry(False), EnteredDice([6, 1, 6, 1, 1, 1, 1]))
    assert the(events, "wound_rolls")["strength"] == 4


def test_close_combat_on_horseback_charging_mounted_plus_one() -> None:
    event = the(
        combat.resolve_next(_cavalry(True), EnteredDice([6, 1, 6, 1, 1, 1, 1])), "combat_fought"
    )
    assert event["modifiers"]["a"]["a1.1"] == {"mounted_charge": 1}


def test_close_combat_on_horseback_no_charge_bonus_against_spear_infantry() -> None:
    event = the(
        combat.resolve_next(_cavalry(True, "yari"), EnteredDice([6, 1, 6, 1, 1, 1, 1])),
        "combat_fought",
    )
    assert "mounted_charge" not in event["modifiers"]["a"]["a1.1"]
    assert event["modifiers"]["b"]["b1.1"] == {"weapon_and_armour": 1}


def test_close_combat_on_horseback_mounted_winners_follow_up() -> None:
    state = build_state(
        a=[unit("mounted_retainer", places=[(10, 10), (4, 4), (8, 4)], mounted=True)],
        b=[
            unit(
                "retainer", places=[(10, 10 + FOOT_TO_HORSE_IN), (20, 20), (22, 20)], armour="heavy"
            )
        ],
        phase="combat",
        step="fight",
    )
    events = combat.resolve_next(state, EnteredDice([6, 1, 1]))
    retreat = the(events, "retreated")["models"]["b1.1"]
    follow = the(events, "followed_up")["models"]["a1.1"]
    assert follow[1] - state["models"]["a1.1"]["y"] == retreat[1] - state["models"]["b1.1"]["y"]
    after = evolve_all(state, events)
    assert not combat.pending(after)
    assert after["units"]["a1"]["followed"] == 1


def test_close_combat_on_horseback_strike_the_horse_defence_3() -> None:
    state = build_state(
        a=[hero("yamanaka_hideoshi", at=(10, 10))],
        b=[
            unit(
                "mounted_retainer",
                places=[(10, 10 + FOOT_TO_HORSE_IN), (20, 20), (24, 20)],
                mounted=True,
                armour="heavy",
            )
        ],
        phase="combat",
        step="fight",
    )
    prompt = combat.prompt(state)
    assert prompt is not None
    assert not prompt.sealed
    assert prompt.sides == ("a",)
    assert prompt.options["units"]["a1"]["may_strike_horse"] is True
    command = {"type": "fight", "side": "a", "combat": 1, "choices": {"a1": {"strike": "horse"}}}
    events = combat.decide(state, command, EnteredDice([6, 1, 1, 4, 1]))
    assert events[0]["type"] == "fight_revealed"
    roll = the(events, "wound_rolls")
    assert roll["horse"] is True
    assert roll["defence"] == 3
    assert roll["need"] == 4
    assert the(events, "horse_killed")["model"] == "b1.1"


def test_close_combat_on_horseback_two_swords_cannot_be_used_mounted() -> None:
    def attacks(mounted: bool) -> int:
        state = build_state(
            a=[
                hero(
                    "yamanaka_hideoshi",
                    at=(10, 10),
                    weapon="two_swords",
                    mounted=mounted,
                    masteries={"two_swords": 1},
                )
            ],
            b=[
                unit(
                    "retainer",
                    places=[
                        (10, 10 + (FOOT_TO_HORSE_IN if mounted else FOOT_IN)),
                        (20, 20),
                        (22, 20),
                    ],
                )
            ],
            phase="combat",
            step="fight",
        )
        event = the(combat.resolve_next(state, EnteredDice([1] * 12)), "combat_fought")
        return len(event["dice"]["a"]["a1.1"])

    assert attacks(False) == 3
    assert attacks(True) == 2


def test_mastery_of_horsemanship_level_4_plus_one_combat_on_horseback() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), mounted=True, masteries={"horsemanship": 4})],
        b=[unit("retainer", places=[(10, 10 + FOOT_TO_HORSE_IN), (20, 20), (22, 20)])],
        phase="combat",
        step="fight",
    )
    event = the(combat.resolve_next(state, EnteredDice([6, 1, 1, 1, 1])), "combat_fought")
    assert event["modifiers"]["a"]["a1.1"] == {"weapon_and_armour": 1}


def test_spear_plus_one_combat_modifier_if_mounted() -> None:
    state = build_state(
        a=[
            unit("mounted_retainer", places=[(10, 10), (4, 4), (8, 4)], mounted=True, weapon="yari")
        ],
        b=[unit("retainer", places=[(10, 10 + FOOT_TO_HORSE_IN), (20, 20), (22, 20)])],
        phase="combat",
        step="fight",
    )
    event = the(combat.resolve_next(state, EnteredDice([6, 1, 6, 1, 1, 1, 1])), "combat_fought")
    assert event["modifiers"]["a"]["a1.1"] == {"weapon_and_armour": 1}

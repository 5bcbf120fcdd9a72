"""Heroic characters in shooting and close combat (samurai-skirmish-rules.txt, Heroic
Characters: Water Strategies, Wind Strategies, Zen Tokens, Heroic Actions > Heroic
Combat, Bushido; the sealed ``fight`` prompt)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from engine.core import EnteredDice, IllegalCommand, SeededDice
from engine.skirmish import combat, shooting
from engine.skirmish.heroic import bushido
from engine.skirmish.heroic import strategies as water
from engine.skirmish.state.evolve import evolve_all
from tests.unit.skirmish.builders import build_state, hero, unit, with_mods

FOOT_IN = 250 / 254


def the(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["type"] == kind)


def hero_v_group(
    *strategies: str, hero_fields: dict[str, Any] | None = None, **group: Any
) -> dict[str, Any]:
    return build_state(
        a=[
            hero(
                "yamanaka_hideoshi", at=(10, 10), strategies=list(strategies), **(hero_fields or {})
            )
        ],
        b=[unit("retainer", places=[(10, 10 + FOOT_IN), (20, 20), (22, 20)], **group)],
        phase="combat",
        step="fight",
    )


def duel(a_strategies: list[str], b_strategies: list[str], **fields: Any) -> dict[str, Any]:
    return build_state(
        a=[hero("yamanaka_hideoshi", at=(10, 10), strategies=a_strategies, **fields)],
        b=[hero("ashigaru_captain", at=(10, 10 + FOOT_IN), strategies=b_strategies)],
        phase="combat",
        step="fight",
    )


def fight(state: dict[str, Any], dice: list[int]) -> list[dict[str, Any]]:
    return combat.resolve_next(state, EnteredDice(dice + [6, 1] * 10))


def test_water_strategies_hit_in_one_timing() -> None:
    events = fight(hero_v_group(water.HIT_IN_ONE), [6, 1, 1, 1])
    assert the(events, "combat_fought")["modifiers"]["a"]["a1.1"] == {"hit_in_one_timing": 1}
    assert the(events, "wound_rolls")["strength"] == 4


def test_water_strategies_the_abdomen_timing_of_two() -> None:
    events = fight(hero_v_group(water.ABDOMEN), [4, 2, 1, 1, 1])
    event = the(events, "combat_fought")
    assert event["bonus"] == {"a1.1": 1}
    assert event["best"]["a"] == 5


def test_water_strategies_no_design_no_conception() -> None:
    events = fight(duel([], [water.NO_DESIGN]), [6, 1, 1, 1])
    assert len(the(events, "combat_fought")["dice"]["a"]["a1.1"]) == 1


def test_water_strategies_flowing_water_cut() -> None:
    events = fight(duel([water.FLOWING_WATER], [water.HIT_IN_ONE]), [6, 6, 1, 1])
    event = the(events, "combat_fought")
    assert event["cancelled"] == {"b1": water.HIT_IN_ONE}
    assert event["modifiers"]["b"]["b1.1"] == {}


def test_water_strategies_continuous_cut() -> None:
    events = fight(hero_v_group(water.CONTINUOUS_CUT), [6, 1, 1, 1, 1, 1])
    assert len(the(events, "wound_rolls")["dice"]) == 3


def test_water_strategies_the_red_leaves_cut() -> None:
    state = duel([water.RED_LEAVES], [])
    state = with_mods(state, "b1", weapon="no_dachi")
    events = fight(state, [5, 1, 1, 1, 1])
    assert the(events, "disarmed") == {
        "type": "disarmed",
        "unit": "a1",
        "model": "b1.1",
        "die": 5,
        "success": True,
    }
    assert the(events, "combat_fought")["modifiers"]["b"]["b1.1"] == {}


def _choose(
    state: dict[str, Any], side: str, choices: dict[str, Any], dice: list[int]
) -> list[dict[str, Any]]:
    command = {"type": "fight", "side": side, "combat": 1, "choices": choices}
    return combat.decide(state, command, EnteredDice(dice + [6, 1] * 10))


def test_water_strategies_the_body_in_place_of_the_sword() -> None:
    state = hero_v_group(water.BODY_FOR_SWORD)
    events = _choose(
        state, "a", {"a1": {"strategies": [water.BODY_FOR_SWORD]}}, [6, 1, 1, 1, 1, 1, 1]
    )
    assert len(the(events, "combat_fought")["dice"]["a"]["a1.1"]) == 3
    assert the(events, "wound_rolls")["strength"] == 2


def test_water_strategies_stickiness() -> None:
    state = with_mods(hero_v_group(water.STICKINESS), "a1", followed=0)
    assert len(the(fight(state, [6, 1, 1, 1, 1]), "combat_fought")["dice"]["a"]["a1.1"]) == 3


def test_water_strategies_stab_at_the_heart() -> None:
    state = build_state(
        a=[hero("yamanaka_hideoshi", at=(10, 0.5), strategies=[water.STAB_AT_HEART])],
        b=[unit("retainer", places=[(10, 0.5 + FOOT_IN), (20, 20), (22, 20)])],
        phase="combat",
        step="fight",
    )
    event = the(fight(state, [1, 1, 1, 1]), "combat_fought")
    assert event["modifiers"]["a"]["a1.1"] == {"stab_at_the_heart": 1}
    assert event["doubled"] == ["b"]


def test_water_strategies_scold() -> None:
    events = fight(hero_v_group(water.SCOLD), [3, 1, 6, 2])
    event = the(events, "combat_fought")
    assert event["scold"] == [{"hero": "a1.1", "model": "b1.1", "index": 0, "from": 6, "to": 2}]
    assert event["winner"] == "a"


def test_water_strategies_many_enemies() -> None:
    state = build_state(
        a=[hero("yamanaka_hideoshi", at=(10, 10), strategies=[water.MANY_ENEMIES])],
        b=[
            unit(
                "retainer",
                places=[
                    (
                        10 + FOOT_IN * math.cos(math.radians(a)),
                        10 + FOOT_IN * math.sin(math.radians(a)),
                    )
                    for a in (60, 120)
                ]
                + [(20, 20)],
            )
        ],
        phase="combat",
        step="fight",
    )
    event = the(fight(state, [1, 1, 1, 1]), "combat_fought")
    assert event["modifiers"]["b"] == {"b1.1": {"many_enemies": -1}, "b1.2": {"many_enemies": -1}}


def test_water_strategies_one_cut() -> None:
    state = hero_v_group(water.ONE_CUT)
    events = _choose(state, "a", {"a1": {"strategies": [water.ONE_CUT]}}, [5, 5, 1])
    event = the(events, "combat_fought")
    assert event["dice"]["a"]["a1.1"] == [5]
    assert event["modifiers"]["a"]["a1.1"] == {"one_cut": 1}
    assert event["winner"] == "a"
    assert the(events, "wound_rolls")["strength"] == 4


def test_water_strategies_shout() -> None:
    state = with_mods(hero_v_group(water.SHOUT), "a1", charged=1)
    events = fight(state, [1, 1, 6, 1, 1])
    test = the(events, "courage_tested")
    assert test["reason"] == "shout"
    assert test["passed"] is False
    assert the(events, "combat_fought")["modifiers"]["b"]["b1.1"] == {"shout": -2}


def test_water_strategies_choose_the_place() -> None:
    state = hero_v_group(water.CHOOSE_PLACE)
    events = _choose(state, "a", {"a1": {"disengage": True}}, [4])
    moved = the(events, "disengaged")["models"]["a1.1"]
    assert (
        abs(
            math.hypot(
                moved[0] - state["models"]["a1.1"]["x"], moved[1] - state["models"]["a1.1"]["y"]
            )
            - 508
        )
        <= 1
    )
    assert the(events, "combat_fought")["reason"] == "no_fight"
    assert not combat.pending(evolve_all(state, events))


def test_water_strategies_choose_the_place_fails_below_4() -> None:
    events = _choose(
        hero_v_group(water.CHOOSE_PLACE), "a", {"a1": {"disengage": True}}, [3, 6, 1, 1, 1]
    )
    assert the(events, "disengage_failed")["die"] == 3
    assert the(events, "combat_fought")["winner"] == "a"


def test_water_strategies_body_strike_is_movements() -> None:
    assert water.BODY_STRIKE in water.WATER
    assert water.BODY_STRIKE not in water.CANCELLABLE
    assert len(water.WATER) == 15


def test_wind_strategies_long_sword_mastery_replaces_the_weapons_line() -> None:
    state = hero_v_group(hero_fields={"weapon": "long_sword", "masteries": {"long_sword": 2}})
    events = fight(state, [6, 1, 1, 1])
    assert the(events, "combat_fought")["modifiers"]["a"]["a1.1"] == {"weapon_and_armour": 1}
    assert the(events, "wound_rolls")["strength"] == 5


def test_wind_strategies_two_swords_never_outnumbered() -> None:
    places = [
        (10 + FOOT_IN * math.cos(math.radians(a)), 10 + FOOT_IN * math.sin(math.radians(a)))
        for a in (90, 270)
    ]
    places.append((20, 20))
    state = build_state(
        a=[
            hero("yamanaka_hideoshi", at=(10, 10), weapon="two_swords", masteries={"two_swords": 3})
        ],
        b=[unit("retainer", places=places)],
        phase="combat",
        step="fight",
    )
    event = the(fight(state, [1] * 4), "combat_fought")
    assert event["doubled"] == []
    assert len(event["dice"]["a"]["a1.1"]) == 4


def test_wind_strategies_great_sword_staff_improvised() -> None:
    great = fight(
        hero_v_group(hero_fields={"weapon": "no_dachi", "masteries": {"great_sword": 1}}),
        [6, 1, 1, 1],
    )
    assert the(great, "combat_fought")["modifiers"]["a"]["a1.1"] == {}
    assert the(great, "wound_rolls")["strength"] == 5
    staff = fight(
        hero_v_group(hero_fields={"weapon": "staff", "masteries": {"staff": 3}}), [1, 1, 6, 6, 1]
    )
    assert the(staff, "wound_rolls")["defence"] == 6
    improvised = fight(
        hero_v_group(hero_fields={"weapon": "improvised", "masteries": {"improvised": 2}}), [1] * 5
    )
    assert len(the(improvised, "combat_fought")["dice"]["a"]["a1.1"]) == 3


def test_wind_strategies_halberd_against_mounted_and_foot() -> None:
    state = hero_v_group(hero_fields={"weapon": "naginata", "masteries": {"halberd": 2}})
    event = the(fight(state, [1, 1, 1]), "combat_fought")
    assert event["modifiers"]["a"]["a1.1"] == {"weapon_and_armour": 1}


def test_wind_strategies_spear_mastery_adds_to_the_spear() -> None:
    state = hero_v_group(hero_fields={"weapon": "yari", "masteries": {"spear": 2}})
    assert the(fight(state, [6, 1, 1, 1]), "wound_rolls")["strength"] == 5


def test_zen_tokens_alter_a_die_by_one_in_combat() -> None:
    state = with_mods(hero_v_group(), "a1", zen=2)
    events = _choose(state, "a", {"a1": {"zen": True}}, [4, 2, 5, 1, 1])
    event = the(events, "combat_fought")
    assert event["zen"] == {"from": 4, "to": 5, "model": "a1.1", "index": 0}
    assert event["winner"] == "a"
    assert the(events, "zen_used")["use"] == "die"
    assert evolve_all(state, events)["units"]["a1"]["zen"] == 1


def test_zen_tokens_not_spent_when_it_changes_nothing() -> None:
    state = with_mods(hero_v_group(), "a1", zen=2)
    events = _choose(state, "a", {"a1": {"zen": True}}, [1, 2, 6, 1, 1])
    assert not [e for e in events if e["type"] == "zen_used"]


def test_fight_prompt_is_sealed_and_both_sides_choose() -> None:
    state = with_mods(with_mods(duel([water.ONE_CUT], [water.ONE_CUT]), "a1", zen=1), "b1", zen=1)
    prompt = combat.prompt(state)
    assert prompt is not None
    assert prompt.sealed
    assert prompt.sides == ("a", "b")
    first = _choose(state, "a", {"a1": {"strategies": [water.ONE_CUT]}}, [])
    assert [e["type"] for e in first] == ["fight_chosen"]
    assert first[0]["sealed_for"] == "a"
    after = evolve_all(state, first)
    assert combat.prompt(after).sides == ("b",)  # type: ignore[union-attr]
    with pytest.raises(IllegalCommand):
        _choose(after, "a", {}, [])
    second = _choose(after, "b", {}, [6, 1])
    revealed = the(second, "fight_revealed")
    assert revealed["choices"]["a1"]["strategies"] == [water.ONE_CUT]
    assert len(the(second, "combat_fought")["dice"]["a"]["a1.1"]) == 1


def test_fight_legal_commands_are_accepted() -> None:
    state = with_mods(hero_v_group(water.ONE_CUT, water.CHOOSE_PLACE), "a1", zen=1)
    commands = combat.legal(state, "a")
    assert len(commands) == 4
    for command in commands:
        combat.decide(state, command, SeededDice("legal", 1))


def test_heroic_combat_an_additional_round_and_a_free_move_within_6_inches() -> None:
    state = build_state(
        a=[hero("yamanaka_hideoshi", at=(10, 10), weapon="no_dachi")],
        b=[unit("retainer", places=[(10, 10 + FOOT_IN), (10, 14), (12, 14)])],
        phase="combat",
        step="fight",
    )
    state = with_mods(state, "a1", heroic=["combat"])
    # Round 1 (heroic): 6 against 1, wounds 6 6: b1.1 dies; round 2 is not fought.
    events = fight(state, [6, 1, 1, 6, 6])
    rounds = [e for e in events if e["type"] == "combat_fought"]
    assert rounds[0]["heroic"] is True
    assert rounds[0]["round"] == 1
    swept = the(events, "swept_on")
    assert swept["unit"] == "a1"
    assert swept["target"] in ("b1.2", "b1.3")
    after = evolve_all(state, events)
    assert after["units"]["a1"]["heroic"] == []
    assert combat.pending(after)


def test_heroic_combat_two_rounds_when_the_opponent_survives() -> None:
    state = with_mods(duel([], []), "a1", heroic=["combat"])
    events = fight(state, [6, 1, 1, 1, 1, 1, 1])
    rounds = [e for e in events if e["type"] == "combat_fought"]
    assert [r["round"] for r in rounds] == [1, 2]
    assert [r["heroic"] for r in rounds] == [True, False]


def test_bushido_honourable_heroes_prefer_heroic_opponents() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), honourable=True)],
        b=[unit("retainer", at=(12, 12)), hero("ashigaru_captain", at=(20, 20))],
    )
    assert bushido.preferred_targets(state, "a1", ["b1.1", "b2.1"]) == ["b2.1"]
    assert bushido.refusal(state, "a1", "b1.1", ["b1.1", "b2.1"]) is not None
    assert bushido.preferred_targets(state, "a1", ["b1.1"]) == ["b1.1"]


def test_bushido_may_not_join_a_close_combat_between_two_heroes() -> None:
    state = build_state(
        a=[
            hero("yamanaka_hideoshi", at=(10, 10)),
            hero("yamada_suzuki", at=(20, 20), honourable=True),
        ],
        b=[hero("ashigaru_captain", at=(10, 10 + FOOT_IN))],
    )
    assert bushido.in_duel(state, "b1.1")
    assert bushido.refusal(state, "a2", "b1.1", ["b1.1"]) is not None


def _hero_shooting(**fields: Any) -> dict[str, Any]:
    return build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow", zen=2, **fields)],
        b=[unit("retainer", at=(10, 15))],
        phase="shoot",
        step="act",
    )


def test_zen_tokens_alter_the_to_hit_die_that_misses_by_one() -> None:
    state = _hero_shooting()
    command = {"type": "shoot", "side": "a", "unit": "a1", "target": "b1.1", "zen": True}
    events = shooting.decide(state, command, EnteredDice([3, 6, 6, 6, 6]))
    shot = the(events, "shot")["shots"][0]
    assert shot["die"] == 3
    assert shot["zen"] == {"from": 3, "to": 4}
    assert shot["hit"] is True
    assert evolve_all(state, events)["units"]["a1"]["zen"] == 1


def test_zen_tokens_one_per_action_in_a_shot() -> None:
    state = _hero_shooting(masteries={"bow": 1})
    command = {"type": "shoot", "side": "a", "unit": "a1", "target": "b1.1", "zen": True}
    events = shooting.decide(state, command, EnteredDice([3, 3, 2, 6, 6, 6, 6]))
    shots = the(events, "shot")["shots"]
    assert [s["hit"] for s in shots] == [True, False]
    assert len([e for e in events if e["type"] == "zen_used"]) == 1

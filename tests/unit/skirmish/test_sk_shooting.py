"""Shooting (samurai-skirmish-rules.txt, Shooting; Weapons and Armour > Bows, Arquebus,
Pavises; Wind Strategies > Bow, Choice of arrowheads; Heroic Actions > Heroic Shooting)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import EnteredDice, IllegalCommand, SeededDice
from engine.skirmish import rules, shooting
from engine.skirmish.describe import combat as sentences
from engine.skirmish.state.evolve import evolve_all
from tests.unit.skirmish.builders import build_state, hero, unit, with_mods

CONTACT_IN = 250 / 254
INCH = 254


def archers(*b_units: dict[str, Any], weapon: str = "bow", **state_fields: Any) -> dict[str, Any]:
    """Three ashigaru archers at the south, looking north, and the enemy given."""
    return build_state(
        a=[unit("ashigaru", at=(10, 5), weapon=weapon, facing=90)],
        b=list(b_units) or [unit("retainer", at=(10, 15), facing=270)],
        phase="shoot",
        step="act",
        **state_fields,
    )


def shoot(state: dict[str, Any], dice: list[int], **command: Any) -> list[dict[str, Any]]:
    order = {"type": "shoot", "side": "a", "unit": "a1", "target": "b1.1", **command}
    return shooting.decide(state, order, EnteredDice(dice))


def the(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["type"] == kind)


def test_shooting_basic_shooting_ability_equalled_or_beaten_on_1d6() -> None:
    state = archers()
    events = shoot(state, [5, 4, 6, 3, 6, 6])
    shot = the(events, "shot")
    assert [(s["die"], s["need"], s["hit"]) for s in shot["shots"]] == [
        (5, 5, True),
        (4, 5, False),
        (6, 5, True),
    ]
    rolls = [e for e in events if e["type"] == "wound_rolls"]
    # The first hit kills the retainer aimed at; the second is lost with him.
    assert [(r["strength"], r["need"], r["dice"]) for r in rolls] == [(4, 3, [3])]
    assert the(events, "killed")["model"] == "b1.1"


def test_shooting_bows_strength_short_bow_three() -> None:
    events = shoot(archers(weapon="short_bow"), [6, 1, 1, 6, 6, 6])
    assert the(events, "wound_rolls")["strength"] == 3


def test_shooting_moved_more_than_half_their_maximum_movement_allowance() -> None:
    state = with_mods(archers(), "a1", moved=3 * INCH + 1)
    assert shooting.shoot_options(state, "a") == {}
    with pytest.raises(IllegalCommand) as refused:
        shoot(state, [6, 6, 6])
    assert refused.value.rule == rules.SHOOT_AFTER_MOVING
    assert shooting.shoot_options(with_mods(archers(), "a1", moved=3 * INCH), "a")


def test_shooting_cannot_shoot_if_engaged_in_close_combat() -> None:
    state = archers(
        unit(
            "retainer", places=[(10, 5 + CONTACT_IN), (11.5, 5 + CONTACT_IN), (13, 5 + CONTACT_IN)]
        )
    )
    with pytest.raises(IllegalCommand) as refused:
        shoot(state, [6, 6, 6])
    assert refused.value.rule == rules.SHOOT_ENGAGED


def test_shooting_neither_can_they_shoot_into_a_close_combat() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 5), weapon="bow"), unit("retainer", at=(20, 15))],
        b=[
            unit("retainer", places=[(20, 15 + CONTACT_IN), (22, 20), (24, 20)]),
            unit("retainer", at=(5, 18)),
        ],
        phase="shoot",
        step="act",
    )
    assert "b1.1" not in shooting.shoot_options(state, "a")["a1"]


def test_shooting_targets_must_be_within_the_maximum_range() -> None:
    state = archers(unit("retainer", at=(10, 31), facing=270), table=(36, 36))
    assert shooting.shoot_options(archers(unit("retainer", at=(10, 29))), "a")
    assert shooting.shoot_options(state, "a") == {}


def test_shooting_within_a_forward_arc_of_90_degrees() -> None:
    behind = build_state(
        a=[unit("ashigaru", at=(10, 20), weapon="bow", facing=90)],
        b=[unit("retainer", at=(10, 10))],
        phase="shoot",
        step="act",
    )
    assert shooting.shoot_options(behind, "a") == {}


def test_shooting_must_be_in_line_of_sight() -> None:
    house = {"id": "house", "kind": "building", "points": [[5, 9], [20, 9], [20, 11], [5, 11]]}
    state = archers(scenery=[house])
    assert shooting.shoot_options(state, "a") == {}


def test_shooting_non_heroic_characters_must_target_the_nearest_enemy() -> None:
    state = archers(unit("retainer", at=(10, 20)), unit("retainer", at=(10, 12)))
    assert shooting.shoot_options(state, "a") == {"a1": ["b2.1", "b2.2", "b2.3"]}
    with pytest.raises(IllegalCommand) as refused:
        shoot(state, [6, 6, 6], target="b1.1")
    assert refused.value.rule == rules.NEAREST_TARGET


def test_shooting_heroic_characters_can_target_any_enemy() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow")],
        b=[unit("retainer", at=(10, 20)), unit("retainer", at=(10, 12))],
        phase="shoot",
        step="act",
    )
    assert set(shooting.shoot_options(state, "a")["a1"]) == {
        "b1.1",
        "b1.2",
        "b1.3",
        "b2.1",
        "b2.2",
        "b2.3",
    }


def test_shooting_an_intervening_character_takes_the_hit_on_4_plus() -> None:
    state = archers(
        unit("retainer", at=(10, 15)), unit("civilian", places=[(10, 10), (25, 25), (27, 25)])
    )
    # Only a1.1's line passes over the civilian b2.1; b2.1 is nearest, so aim at b1.1 needs a hero:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow")],
        b=[unit("retainer", at=(10, 15)), unit("civilian", places=[(10, 10), (25, 25), (27, 25)])],
        phase="shoot",
        step="act",
    )
    events = shooting.decide(
        state,
        {"type": "shoot", "side": "a", "unit": "a1", "target": "b1.1"},
        EnteredDice([4, 5, 6, 1, 6, 6, 6, 6]),
    )
    shot = the(events, "shot")
    assert shot["shots"][0]["cover"] == {"die": 5, "blocked_by": "b2.1", "kind": "character"}
    assert the(events, "wound_rolls")["target"] == "b2.1"


def test_shooting_an_intervening_obstacle_is_hit_instead_on_4_plus() -> None:
    wall = {
        "id": "wall",
        "kind": "obstacle",
        "points": [[0, 9.9], [30, 9.9], [30, 10.1], [0, 10.1]],
    }
    state = archers(scenery=[wall])
    events = shoot(state, [6, 4, 1, 1, 3, 6])
    shot = the(events, "shot")
    assert shot["shots"][0]["cover"] == {"die": 4, "blocked_by": "wall", "kind": "obstacle"}
    assert shot["shots"][1]["hit"] is False
    rolls = [e for e in events if e["type"] == "wound_rolls"]
    assert len(rolls) == 0 or all(r["attacker"] != "a1.1" for r in rolls)


def test_pavises_a_pavise_counts_as_an_intervening_obstacle() -> None:
    state = with_mods(archers(), "b1", pavise={"set": True, "work": 0, "turn": 1})
    events = shoot(state, [6, 4, 1, 1])
    assert the(events, "shot")["shots"][0]["cover"]["kind"] == "pavise"
    assert not [e for e in events if e["type"] == "wound_rolls"]


def test_arquebus_minus_two_to_hit_and_a_turn_to_reload() -> None:
    state = archers(weapon="arquebus")
    events = shoot(state, [5, 6, 4, 1])
    shot = the(events, "shot")
    assert [s["need"] for s in shot["shots"]] == [7, 7, 7]
    assert [s["hit"] for s in shot["shots"]] == [False, True, False]
    after = evolve_all(state, events)
    assert after["units"]["a1"]["reload"] == 3
    next_turn = {
        **after,
        "turn": 2,
        "units": {**after["units"], "a1": {**after["units"]["a1"], "shot": False, "done": False}},
        "active": "a",
    }
    assert shooting.shoot_options(next_turn, "a") == {}
    again = {**next_turn, "turn": 3}
    assert shooting.shoot_options(again, "a")


def test_bow_mastery_two_shots_and_plus_one_strength() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow", masteries={"bow": 2})],
        b=[unit("retainer", at=(10, 15))],
        phase="shoot",
        step="act",
    )
    events = shooting.decide(
        state,
        {"type": "shoot", "side": "a", "unit": "a1", "target": "b1.1"},
        EnteredDice([4, 4, 1, 1, 1, 1]),
    )
    assert len(the(events, "shot")["shots"]) == 2
    assert {r["strength"] for r in events if r["type"] == "wound_rolls"} == {5}


def test_humming_arrows_reduce_the_courage_of_characters_within_6_inches() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow", masteries={"bow": 2})],
        b=[unit("retainer", at=(10, 15)), unit("retainer", at=(10, 30))],
        phase="shoot",
        step="act",
    )
    events = shooting.decide(
        state,
        {"type": "shoot", "side": "a", "unit": "a1", "target": "b1.1", "humming": True},
        EnteredDice([]),
    )
    prompt = shooting.prompt(state)
    assert prompt is not None
    assert prompt.options["humming"] == ["a1"]
    assert the(events, "humming_arrows")["units"] == ["b1"]
    after = evolve_all(state, events)
    assert after["units"]["b1"]["courage_mod"] == -1
    assert after["humming_used"]["a"] is True
    assert not shooting.fire.may_hum(after, "a1")


def test_humming_arrows_must_be_the_first_arrows_shot() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow", masteries={"bow": 2})],
        b=[unit("retainer", at=(10, 15))],
        phase="shoot",
        step="act",
        humming_used={"a": True, "b": False},
    )
    with pytest.raises(IllegalCommand) as refused:
        shooting.decide(
            state,
            {"type": "shoot", "side": "a", "unit": "a1", "target": "b1.1", "humming": True},
            EnteredDice([]),
        )
    assert refused.value.rule == rules.HUMMING_ARROWS


def test_heroic_shooting_is_an_additional_shot_made_first() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(4, 5), weapon="bow")],
        b=[
            hero("yamada_suzuki", at=(10, 15), weapon="bow", facing=270),
            unit("retainer", at=(20, 5), facing=270),
        ],
        phase="shoot",
        step="act",
    )
    state = with_mods(state, "b1", heroic=["shoot"])
    prompt = shooting.prompt(state)
    assert prompt is not None
    assert prompt.sides == ("b",)
    assert prompt.options["heroic"] is True
    events = shooting.decide(
        state, {"type": "shoot", "side": "b", "unit": "b1", "target": "a1.1"}, EnteredDice([1])
    )
    after = evolve_all(state, events)
    assert after["units"]["b1"]["heroic"] == []
    assert after["units"]["b1"]["shot"] is False
    prompt = shooting.prompt(after)
    assert prompt is not None
    assert prompt.sides == ("a",)


def test_turn_sequence_both_sides_shoot_in_order_of_initiative() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 5), weapon="bow")],
        b=[unit("ashigaru", at=(10, 15), weapon="bow", facing=270)],
        phase="shoot",
        step="act",
        initiative="b",
    )
    assert shooting.begin(state, SeededDice("x", 0)) == []
    assert shooting.prompt(state).sides == ("b",)  # type: ignore[union-attr]
    events = shooting.decide(state, {"type": "end_shooting", "side": "b"}, SeededDice("x", 1))
    after = evolve_all(state, events)
    assert shooting.prompt(after).sides == ("a",)  # type: ignore[union-attr]
    events = shooting.decide(after, {"type": "hold", "side": "a", "unit": "a1"}, SeededDice("x", 2))
    assert events[-1] == {"type": "shooting_ended", "side": "a"}
    assert shooting.prompt(evolve_all(after, events)) is None


def test_shooting_legal_commands_are_accepted() -> None:
    state = archers()
    for command in shooting.legal(state, "a"):
        events = shooting.decide(state, command, SeededDice("legal", 3))
        for event in events:
            if event["type"] in sentences.SENTENCES:
                assert sentences.SENTENCES[event["type"]](event, state)
    assert shooting.legal(state, "b") == []

"""Close combat (samurai-skirmish-rules.txt, Close Combat; Weapons and Armour; Morale >
Fleeing characters caught): the dice, the winner, the retreat, the wounds, doubled dice,
defended obstacles and the weapons' and armour's combat modifiers."""

from __future__ import annotations

import math
from typing import Any

from engine.core import EnteredDice, SeededDice
from engine.skirmish import combat
from engine.skirmish.describe import combat as sentences
from engine.skirmish.state import handlers_combat
from engine.skirmish.state.evolve import evolve_all
from tests.unit.skirmish.builders import build_state, hero, unit, with_mods

CONTACT_IN = 250 / 254


def ring(x: float, y: float, angles: list[float], distance: float = CONTACT_IN) -> list[Any]:
    """Places around (x, y) at ``distance`` inches, one per angle (degrees)."""
    return [
        (x + distance * math.cos(math.radians(a)), y + distance * math.sin(math.radians(a)))
        for a in angles
    ]


def samurai_and_retainers(**fields: Any) -> dict[str, Any]:
    """A Samurai in base contact with a group of three retainers in front of him."""
    hero_fields = {k: v for k, v in fields.items() if k != "retainers"}
    return build_state(
        a=[hero("yamanaka_hideoshi", at=(10, 10), **hero_fields)],
        b=[
            unit(
                "retainer",
                places=ring(10, 10, [30, 90, 150]),
                facing=270,
                **fields.get("retainers", {}),
            )
        ],
        phase="combat",
        step="fight",
    )


def one_on_one(
    a_unit: dict[str, Any], b_unit: dict[str, Any], **state_fields: Any
) -> dict[str, Any]:
    return build_state(a=[a_unit], b=[b_unit], phase="combat", step="fight", **state_fields)


def fought(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in events if e["type"] == "combat_fought")


def test_close_combat_the_rulebooks_worked_example() -> None:
    # The Samurai rolls 2 and 5, the retainers 1, 3 and 5: a draw on 5, so the side with
    # the higher Combat characteristic wins (the book's Samurai has 5, ours 4, against 3).
    state = samurai_and_retainers()
    events = combat.resolve_next(state, EnteredDice([2, 5, 1, 3, 5, 1, 1]))
    event = fought(events)
    assert event["dice"] == {"a": {"a1.1": [2, 5]}, "b": {"b1.1": [1], "b1.2": [3], "b1.3": [5]}}
    assert event["best"] == {"a": 5, "b": 5}
    assert event["winner"] == "a"
    assert event["reason"] == "combat"


def test_close_combat_attack_dice_equal_the_attacks_characteristic() -> None:
    event = fought(combat.resolve_next(samurai_and_retainers(), EnteredDice([6, 1, 1, 1, 1, 1, 1])))
    assert len(event["dice"]["a"]["a1.1"]) == 2
    assert all(len(faces) == 1 for faces in event["dice"]["b"].values())


def test_close_combat_the_highest_single_die_wins() -> None:
    state = samurai_and_retainers()
    events = combat.resolve_next(state, EnteredDice([2, 3, 1, 6, 1, 4, 4, 6, 6]))
    assert fought(events)["winner"] == "b"
    assert fought(events)["reason"] == "score"


def test_close_combat_a_roll_off_when_combat_is_equal() -> None:
    state = one_on_one(
        unit("retainer", at=(10, 10), count=3),
        unit("retainer", places=[(10, 10 + CONTACT_IN), (20, 20), (22, 20)]),
    )
    # a1.1 and b1.1 both roll 4; equal Combat; roll-off 3-3 again, then 5-2: side a.
    events = combat.resolve_next(state, EnteredDice([4, 4, 3, 3, 5, 2, 1]))
    event = fought(events)
    assert event["reason"] == "roll_off"
    assert event["roll_off"] == [[3, 3], [5, 2]]
    assert event["winner"] == "a"


def test_close_combat_the_losers_retreat_one_inch() -> None:
    state = samurai_and_retainers()
    events = combat.resolve_next(state, EnteredDice([6, 1, 1, 1, 1, 1, 1, 6, 6]))
    retreat = next(e for e in events if e["type"] == "retreated")
    for model_id, (x, y, _) in retreat["models"].items():
        before = state["models"][model_id]
        moved = math.hypot(x - before["x"], y - before["y"])
        assert abs(moved - 254) <= 1
    assert not combat.pending(combat_state_after(state, events))


def combat_state_after(state: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    return evolve_all(state, events)


def test_close_combat_the_winners_roll_the_same_number_of_dice_to_wound() -> None:
    state = samurai_and_retainers()
    events = combat.resolve_next(state, EnteredDice([6, 1, 1, 1, 1, 4, 1, 6, 6]))
    rolls = [e for e in events if e["type"] == "wound_rolls"]
    assert len(rolls) == 1
    assert rolls[0]["dice"] == [4, 1]
    assert rolls[0]["need"] == 4
    assert rolls[0]["wounds"] == 1


def test_close_combat_surrounded_the_attacker_gets_double_dice() -> None:
    state = build_state(
        a=[hero("yamanaka_hideoshi", at=(10, 10))],
        b=[unit("retainer", places=ring(10, 10, [0, 120, 240]))],
        phase="combat",
        step="fight",
    )
    event = fought(combat.resolve_next(state, SeededDice("surrounded", 1)))
    assert event["doubled"] == ["b"]
    assert all(len(faces) == 2 for faces in event["dice"]["b"].values())


def test_close_combat_unable_to_retreat_the_attacker_gets_double_dice() -> None:
    # The retainer stands with his back to the table edge.
    state = one_on_one(
        unit("retainer", places=[(10, 0.5 + CONTACT_IN), (14, 8), (16, 8)]),
        unit("retainer", places=[(10, 0.5), (20, 20), (22, 20)]),
    )
    event = fought(combat.resolve_next(state, SeededDice("edge", 1)))
    assert event["doubled"] == ["a"]


def test_close_combat_defending_an_obstacle_the_attacker_suffers_minus_one() -> None:
    wall = {
        "id": "wall",
        "kind": "obstacle",
        "points": [[0, 10.45], [30, 10.45], [30, 10.55], [0, 10.55]],
    }
    state = one_on_one(
        unit("retainer", places=[(10, 10), (4, 4), (6, 4)]),
        unit("retainer", places=[(10, 10 + CONTACT_IN), (20, 20), (22, 20)]),
        scenery=[wall],
    )
    state = with_mods(state, "b1", charged=1)
    event = fought(combat.resolve_next(state, SeededDice("wall", 1)))
    assert event["modifiers"]["b"]["b1.1"] == {"defended_obstacle": -1}
    assert event["modifiers"]["a"]["a1.1"] == {}


def _weapon_modifiers(
    weapon: str, armour: str = "none", foe: str = "basic", **foe_fields: Any
) -> dict[str, Any]:
    state = one_on_one(
        unit("retainer", places=[(10, 10), (4, 4), (6, 4)], weapon=weapon, armour=armour),
        unit(
            "retainer", places=[(10, 10 + CONTACT_IN), (20, 20), (22, 20)], weapon=foe, **foe_fields
        ),
    )
    events = combat.resolve_next(state, EnteredDice([6, 1, 6, 1, 1, 1, 1, 1]))
    return {"mods": fought(events)["modifiers"]["a"]["a1.1"], "events": events}


def test_weapons_great_sword_minus_one_combat_plus_two_strength() -> None:
    found = _weapon_modifiers("no_dachi")
    assert found["mods"] == {"weapon_and_armour": -1}
    roll = next(e for e in found["events"] if e["type"] == "wound_rolls")
    assert roll["strength"] == 5


def test_weapons_long_sword_plus_one_strength() -> None:
    roll = next(e for e in _weapon_modifiers("long_sword")["events"] if e["type"] == "wound_rolls")
    assert roll["strength"] == 4


def test_weapons_club_minus_one_combat_plus_one_strength() -> None:
    found = _weapon_modifiers("club")
    assert found["mods"] == {"weapon_and_armour": -1}
    assert next(e for e in found["events"] if e["type"] == "wound_rolls")["strength"] == 4


def test_weapons_flail_plus_two_defence() -> None:
    state = one_on_one(
        unit("retainer", places=[(10, 10), (4, 4), (6, 4)]),
        unit("retainer", places=[(10, 10 + CONTACT_IN), (20, 20), (22, 20)], weapon="flail"),
    )
    events = combat.resolve_next(state, EnteredDice([6, 1, 6, 1, 1, 1, 1, 1]))
    assert next(e for e in events if e["type"] == "wound_rolls")["defence"] == 5


def test_weapons_staff_plus_one_defence_minus_one_strength_against_medium_armour() -> None:
    state = one_on_one(
        unit("retainer", places=[(10, 10), (4, 4), (6, 4)], weapon="staff"),
        unit("retainer", places=[(10, 10 + CONTACT_IN), (20, 20), (22, 20)], armour="medium"),
    )
    events = combat.resolve_next(state, EnteredDice([6, 1, 6, 1, 1, 1, 1, 1]))
    roll = next(e for e in events if e["type"] == "wound_rolls")
    assert roll["strength"] == 2
    assert roll["defence"] == 5


def test_weapons_halberd_plus_one_against_mounted_plus_one_strength() -> None:
    state = one_on_one(
        unit("retainer", places=[(10, 10), (4, 4), (6, 4)], weapon="naginata"),
        unit(
            "mounted_retainer",
            places=[(10, 10 + (125 + 250) / 254), (20, 20), (24, 20)],
            mounted=True,
        ),
    )
    events = combat.resolve_next(state, EnteredDice([6, 1, 6, 1, 1, 1, 1, 1]))
    assert fought(events)["modifiers"]["a"]["a1.1"] == {"weapon_and_armour": 1}
    assert next(e for e in events if e["type"] == "wound_rolls")["strength"] == 4


def test_weapons_spear_attacks_from_the_second_rank_at_minus_one() -> None:
    state = one_on_one(
        unit("ashigaru", places=[(10, 10), (10, 10 - CONTACT_IN), (4, 4)], weapon="yari"),
        unit("retainer", places=[(10, 10 + CONTACT_IN), (20, 20), (22, 20)]),
    )
    event = fought(combat.resolve_next(state, EnteredDice([1, 6, 1, 6, 6, 1, 1, 1, 1])))
    assert event["support"]["a"] == ["a1.2"]
    assert event["modifiers"]["a"]["a1.2"] == {"weapon_and_armour": -1}
    assert event["winner"] == "a"


def test_armour_heavy_armour_minus_one_combat_dice() -> None:
    assert _weapon_modifiers("basic", armour="heavy")["mods"] == {"weapon_and_armour": -1}


def test_morale_fleeing_characters_caught_on_foot_fight_at_minus_two_and_minus_one_strength() -> (
    None
):
    state = one_on_one(
        unit("retainer", places=[(10, 10), (4, 4), (6, 4)]),
        unit("retainer", places=[(10, 10 + CONTACT_IN), (20, 20), (22, 20)]),
    )
    state = with_mods(state, "b1", fleeing=True, edge="north")
    events = combat.resolve_next(state, EnteredDice([1, 6, 6, 1, 1, 1, 1, 1]))
    event = fought(events)
    assert event["modifiers"]["b"]["b1.1"] == {"fleeing": -2}
    assert event["winner"] == "b"
    assert next(e for e in events if e["type"] == "wound_rolls")["strength"] == 2


def test_close_combat_combats_are_fought_in_order_of_their_lowest_model() -> None:
    state = build_state(
        a=[
            unit("retainer", places=[(20, 20), (4, 4), (6, 4)]),
            hero("yamanaka_hideoshi", at=(10, 10)),
        ],
        b=[
            unit("retainer", places=[(20, 20 + CONTACT_IN), (30, 30), (32, 30)]),
            hero("ashigaru_captain", at=(10, 10 + CONTACT_IN)),
        ],
        phase="combat",
        step="fight",
    )
    found = combat.combats(state)
    assert [c.models for c in found] == [
        {"a": ["a1.1"], "b": ["b1.1"]},
        {"a": ["a2.1"], "b": ["b2.1"]},
    ]


def test_close_combat_every_event_has_a_sentence_and_a_handler() -> None:
    state = samurai_and_retainers()
    events = combat.resolve_next(state, EnteredDice([6, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6]))
    for event in events:
        assert event["type"] in handlers_combat.HANDLERS or event["type"] == "courage_tested"
        if event["type"] in sentences.SENTENCES:
            assert sentences.SENTENCES[event["type"]](event, state)
    assert set(sentences.SENTENCES) == set(handlers_combat.HANDLERS)


def test_close_combat_is_deterministic_for_a_seed() -> None:
    state = samurai_and_retainers()
    first = combat.resolve_next(state, SeededDice("same", 4))
    second = combat.resolve_next(state, SeededDice("same", 4))
    assert first == second


SAMPLES: dict[str, dict[str, Any]] = {
    "shot": {
        "unit": "a1",
        "side": "a",
        "target": "b1.1",
        "weapon": "bow",
        "heroic": True,
        "reload": None,
        "arrows": True,
        "shots": [
            {
                "model": "a1.1",
                "need": 5,
                "modifiers": {},
                "die": 6,
                "hit": True,
                "cover": {"die": 5, "blocked_by": "wall", "kind": "obstacle"},
                "horse": {"die": 1, "horse_hit": True},
            }
        ],
    },
    "shot_held": {"unit": "a1", "heroic": False},
    "shooting_ended": {"side": "a"},
    "humming_arrows": {"unit": "a1", "point": [0, 0], "units": ["b1"]},
    "zen_used": {"unit": "a1", "use": "save", "model": "a1.1", "die": 4, "success": True},
    "wounded": {"model": "a1.1", "wounds": 1, "by": "b1.1"},
    "killed": {"model": "b1.1", "by": "a1.1", "credit": "a1"},
    "driven_off": {"model": "b1.1", "by": "a1.1"},
    "horse_killed": {"model": "b1.1", "by": "a1.1"},
    "wound_rolls": {
        "attacker": "a1.1",
        "target": "b1.1",
        "horse": False,
        "strength": 1,
        "defence": 6,
        "need": None,
        "dice": [3],
        "zen": None,
        "wounds": 0,
    },
    "combat_closed": {"combat": 1, "models": ["a1.1"], "heroic_units": []},
    "retreated": {"combat": 1, "models": {"b1.1": [0, 0, 0]}},
    "followed_up": {"combat": 1, "models": {"a1.1": [0, 0, 0]}},
    "disarmed": {"unit": "a1", "model": "b1.1", "die": 2, "success": False},
    "disengaged": {"unit": "a1", "die": 5, "models": {"a1.1": [0, 0, 0]}},
    "disengage_failed": {"unit": "a1", "die": 2},
    "swept_on": {"unit": "a1", "target": "b1.2", "models": {"a1.1": [0, 0, 0]}, "distance": 508},
    "fight_chosen": {"side": "a", "combat": 1, "sealed_for": "a", "sealed": None},
    "fight_revealed": {
        "combat": 1,
        "choices": {
            "a1": {"strategies": ["one_cut"], "strike": "horse", "zen": True, "disengage": True}
        },
    },
}


def test_every_event_kind_has_a_sentence_with_or_without_the_state() -> None:
    state = samurai_and_retainers()
    fought_event = fought(
        combat.resolve_next(state, EnteredDice([6, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6]))
    )
    samples = {**SAMPLES, "combat_fought": fought_event}
    assert set(samples) == set(sentences.SENTENCES)
    empty = {"type": "fight_revealed", "combat": 2, "choices": {}}
    assert (
        sentences.SENTENCES["fight_revealed"](empty, None) == "Choices for combat 2 revealed: none."
    )
    for kind, fields in samples.items():
        event = {"type": kind, **fields}
        for before in (state, None):
            assert sentences.SENTENCES[kind](event, before).endswith(".")


def test_weapons_spear_second_rank_steps_back_with_the_friend_it_supports() -> None:
    state = one_on_one(
        unit("ashigaru", places=[(10, 10), (10, 10 - CONTACT_IN), (4, 4)], weapon="yari"),
        unit("retainer", places=[(10, 10 + CONTACT_IN), (20, 20), (22, 20)]),
    )
    events = combat.resolve_next(state, EnteredDice([1, 1, 6, 1, 1, 1, 1, 1, 1]))
    assert fought(events)["winner"] == "b"
    moved = next(e for e in events if e["type"] == "retreated")["models"]
    front = (
        moved["a1.1"][0] - state["models"]["a1.1"]["x"],
        moved["a1.1"][1] - state["models"]["a1.1"]["y"],
    )
    back = (
        moved["a1.2"][0] - state["models"]["a1.2"]["x"],
        moved["a1.2"][1] - state["models"]["a1.2"]["y"],
    )
    assert front == back

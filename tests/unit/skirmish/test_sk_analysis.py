"""The analysis facts of finished skirmish games: warbands as factions, the points
fielded as the battle size, dice luck of shots and wound rolls with its exact
expectation, casualties caused and suffered, and the units that survived.

The first tests fold hand-written event streams in the contract's shapes with a minimal
evolve (the models' statuses: what the fold reads at the end); the last ones analyse real
bot games through the ruleset."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest

from engine.core import Event, Outcome, SeededDice, State, Termination, canonical_json
from engine.skirmish.analysis import ENDING_LABELS, ENDINGS, chance, game_facts


def _unit(
    uid: str, side: str, models: int, *, hero: bool = False, points: int = 10
) -> dict[str, Any]:
    return {
        "id": uid, "side": side, "name": f"Unit {uid}", "hero": hero, "profile":
        "samurai" if hero else "ashigaru", "weapon": "bow" if uid == "a2" else "basic",
        "armour": "none", "models": [f"{uid}.{n}" for n in range(1, models + 1)],
        "points": points,
    }  # fmt: skip


def _initial() -> State:
    units = {
        "a1": _unit("a1", "a", 1, hero=True, points=40),
        "a2": _unit("a2", "a", 3, points=15),
        "b1": _unit("b1", "b", 1, hero=True, points=35),
        "b2": _unit("b2", "b", 4, points=20),
    }
    models = {
        m: {"id": m, "unit": uid, "side": u["side"], "status": "ok", "wounds": 1}
        for uid, u in units.items()
        for m in u["models"]
    }
    return {
        "ruleset": "skirmish", "scenario": "crossroads", "turn": 1, "turns": 6,
        "sides": ["a", "b"], "warbands": {"a": "samurai-household", "b": "warrior-monks"},
        "units": units, "models": models,
    }  # fmt: skip


def _evolve(state: State, event: Event) -> State:
    """What the fold reads of a state: the models' statuses and the turn."""
    after = copy.deepcopy(state)
    kind = event["type"]
    if kind == "killed":
        after["models"][event["model"]]["status"] = "dead"
    elif kind == "left_table":
        for model in event["models"]:
            after["models"][model]["status"] = "fled"
    elif kind == "turn_ended":
        after["turn"] = event["turn"] + 1
    return after


GAME: list[Event] = [
    {"type": "initiative_rolled", "turn": 1, "dice": {"a": [5], "b": [2]},
     "modifiers": {"a": 0, "b": 0}, "winner": "a", "reason": "roll"},
    # The bows of a2 need 5+: one of three hits, its wound roll (4+) kills b2.1.
    {"type": "shot", "unit": "a2", "target": "b2.1", "shots": [
        {"model": "a2.1", "need": 5, "die": 5, "hit": True, "cover": None, "horse": None},
        {"model": "a2.2", "need": 5, "die": 2, "hit": False, "cover": None, "horse": None},
        {"model": "a2.3", "need": 5, "die": 4, "hit": False, "cover": None, "horse": None},
    ]},
    {"type": "wound_rolls", "attacker": "a2", "target": "b2.1", "need": 4, "dice": [6],
     "wounds": 1},
    {"type": "killed", "model": "b2.1"},
    # The hero a1 fights b2.2 and b2.3 and wins: two wound dice at 3+, one wounds.
    {"type": "combat_fought", "combat": 1, "models": {"a": ["a1.1"], "b": ["b2.2", "b2.3"]},
     "dice": {"a": {"a1.1": [6, 2]}, "b": {"b2.2": [3], "b2.3": [5]}}, "modifiers": {},
     "doubled": [], "best": {"a": 6, "b": 5}, "winner": "a", "reason": "score"},
    {"type": "wound_rolls", "attacker": "a1.1", "target": "b2.2", "need": 3,
     "dice": [4, 1], "wounds": 1},
    {"type": "killed", "model": "b2.2"},
    {"type": "courage_tested", "unit": "b2", "dice": [2, 3], "courage": 3, "modifiers": {},
     "total": 8, "passed": False, "reason": "casualties"},
    {"type": "fled", "unit": "b2", "edge": "north", "models": {}},
    {"type": "turn_ended", "turn": 1},
    {"type": "left_table", "unit": "b2", "models": ["b2.3", "b2.4"]},
    {"type": "zen_used", "unit": "b1", "use": "save", "die": 5, "success": True},
    {"type": "heroic_declared", "unit": "b1", "action": "combat", "zen": 0},
    {"type": "turn_ended", "turn": 2},
]  # fmt: skip
OUTCOME = Outcome(Termination.TURN_LIMIT, "a", {"a": 40, "b": 0})


def test_the_warbands_are_the_factions_and_the_points_fielded_the_battle_size() -> None:
    facts = game_facts(_initial(), GAME, OUTCOME, _evolve)
    a, b = facts.sides
    assert (a.side, a.faction, a.battle_size) == ("a", "samurai-household", 55)
    assert (b.side, b.faction, b.battle_size) == ("b", "warrior-monks", 55)
    assert (a.victory_points, b.victory_points) == (40, 0)
    assert a.ending == b.ending == "last_turn"
    assert a.turns == 3
    assert a.scenario == "crossroads"
    assert a.first is None


def test_dice_luck_counts_to_hit_dice_and_wound_rolls_against_their_need_exactly() -> None:
    a, b = game_facts(_initial(), GAME, OUTCOME, _evolve).sides
    (luck,) = a.luck
    # Three to-hit dice at 5+ (1/3 each), one wound die at 4+, two at 3+.
    assert luck.dice == 6
    assert luck.expected == 3 * Fraction(1, 3) + Fraction(1, 2) + 2 * Fraction(2, 3)
    assert luck.observed == 1 + 1 + 1
    assert b.luck == ()  # b rolled no success die: a contest, a Courage test only


def test_casualties_are_credited_to_the_unit_whose_attack_took_them() -> None:
    facts = game_facts(_initial(), GAME, OUTCOME, _evolve)
    units = {u.unit: u for u in facts.units}
    assert [u.unit for u in facts.units] == ["a1", "a2", "b1", "b2"]
    assert units["a2"].casualties_caused == 1  # the bows' kill
    assert units["a1"].casualties_caused == 1  # the hero's kill, by his model's wound roll
    assert units["b2"].casualties_suffered == 2
    assert units["b2"].extra["fled"] == 2  # fled off the table: not casualties
    assert not units["b2"].survived
    assert units["a1"].survived
    assert units["b1"].survived
    assert units["a1"].cost == 40
    assert units["a1"].extra["hero"] is True


def test_the_side_facts_count_contests_tests_tokens_and_initiatives() -> None:
    a, b = game_facts(_initial(), GAME, OUTCOME, _evolve).sides
    assert a.extra["combats_won"] == 1
    assert b.extra["combats_won"] == 0
    assert a.extra["combats_fought"] == b.extra["combats_fought"] == 1
    assert b.extra["courage_tests"] == 1
    assert b.extra["courage_passed"] == 0
    assert a.extra["initiatives_won"] == 1
    assert b.extra["zen_spent"] == 2  # a save and a heroic action
    assert b.extra["heroic_actions"] == 1
    assert a.extra["models_killed"] == 2
    assert b.extra["models_lost"] == 2
    assert b.extra["models_fled"] == 2
    assert a.extra["shots"] == 1
    assert a.extra["hits"] == 1
    assert a.extra["units_left"] == 2
    assert b.extra["units_left"] == 1


def test_the_facts_are_canonical_json_and_the_same_every_time() -> None:
    first = game_facts(_initial(), GAME, OUTCOME, _evolve)
    again = game_facts(_initial(), GAME, OUTCOME, _evolve)
    assert first == again
    for side in first.sides:
        canonical_json(dict(side.extra))
    for unit in first.units:
        canonical_json(dict(unit.extra))


def test_a_rat_s_head_choice_moves_the_initiative_count() -> None:
    events = [
        {"type": "initiative_rolled", "turn": 2, "dice": {"a": [3], "b": [3]},
         "modifiers": {}, "winner": "b", "reason": "draw"},
        {"type": "initiative_chosen", "side": "b", "take": False, "initiative": "a"},
    ]  # fmt: skip
    a, b = game_facts(_initial(), events, OUTCOME, _evolve).sides
    assert (a.extra["initiatives_won"], b.extra["initiatives_won"]) == (1, 0)


def test_every_ending_has_a_label_and_a_chance_is_whole_sixths() -> None:
    assert set(ENDINGS) == set(Termination)
    assert set(ENDINGS.values()) == set(ENDING_LABELS)
    assert chance(4) == Fraction(1, 2)
    assert chance(2) == Fraction(5, 6)
    assert chance(7) == 0
    assert chance(1) == 1


# -- real games ---------------------------------------------------------------------


def _played(seed: str, kinds: tuple[str, str]) -> tuple[Any, State, list[Event]]:
    skirmish = pytest.importorskip("engine.skirmish").Skirmish()
    setup = skirmish.sample_setups()[0]
    initial = skirmish.start(dict(setup), SeededDice(seed, 0))
    bots = {
        side: skirmish.bots()[kind].build(f"{seed}/{side}")
        for side, kind in zip(skirmish.sides(initial), kinds, strict=True)
    }
    state, events, commands = initial, [], 0
    while (prompt := skirmish.prompt(state)) is not None:
        side = prompt.sides[0]
        command = bots[side].choose(skirmish, state, side)
        assert command is not None
        commands += 1
        for event in skirmish.decide(state, command, SeededDice(seed, commands)):
            events.append(event)
            state = skirmish.evolve(state, event)
    return skirmish, initial, events


def test_a_bot_game_is_analysed_through_the_ruleset() -> None:
    skirmish, initial, events = _played("analysis", ("veteran", "random"))
    final = initial
    for event in events:
        final = skirmish.evolve(final, event)
    outcome = skirmish.outcome(final)
    assert outcome is not None
    facts = skirmish.analyse(initial, events, outcome)
    assert facts is not None
    factions = {f.id for f in skirmish.info.factions}
    assert {side.faction for side in facts.sides} <= factions
    assert [side.side for side in facts.sides] == ["a", "b"]
    assert {side.ending for side in facts.sides} <= set(ENDING_LABELS)
    assert {ending.name for ending in skirmish.info.endings} <= set(ENDING_LABELS)
    lost = sum(side.extra["models_lost"] for side in facts.sides)
    assert lost == sum(unit.casualties_suffered for unit in facts.units)
    killed = sum(side.extra["models_killed"] for side in facts.sides)
    assert killed <= lost
    for side in facts.sides:
        for luck in side.luck:
            assert luck.observed <= luck.dice


def test_a_warrior_attendant_s_kill_is_credited_to_his_master() -> None:
    events: list[Event] = [
        {"type": "wound_rolls", "attacker": "a2.1", "target": "b2.1", "need": 4, "dice": [5],
         "wounds": 1},
        {"type": "killed", "model": "b2.1", "by": "a2.1", "credit": "a1"},
    ]  # fmt: skip
    units = {u.unit: u for u in game_facts(_initial(), events, OUTCOME, _evolve).units}
    assert units["a1"].casualties_caused == 1
    assert units["a2"].casualties_caused == 0
    assert units["b2"].casualties_suffered == 1

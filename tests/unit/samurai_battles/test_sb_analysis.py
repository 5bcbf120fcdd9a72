"""The analysis facts of finished Samurai Battles games: clans as factions, the points
fielded as the battle size, dice luck of shots and melees with its exact expectation,
casualties caused and suffered, and the units that survived.

The first tests fold hand-written event streams in the contract's shapes with a minimal
evolve (the statuses and the removed lists: what the fold reads at the end); the last
ones analyse real bot games through the ruleset."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

from engine.core import Event, Outcome, SeededDice, State, Termination, canonical_json
from engine.samurai_battles import SamuraiBattles
from engine.samurai_battles.analysis import (
    ENDING_LABELS,
    ENDINGS,
    Profile,
    chance,
    game_facts,
)

PROFILES = {
    "samurai": Profile("Samurai", "infantry", 8, hit=4, ranged_hit=None),
    "archers": Profile("Archers", "infantry", 5, hit=6, ranged_hit=5),
}


def _unit(side: str, number: int, kind: str, models: int) -> dict[str, Any]:
    return {
        "side": side, "number": number, "type": kind, "hex": [0, number], "facing": 0,
        "models": models, "fortitude": 4, "ammo": 7, "supplies": 0, "status": "ready",
        "hidden": False, "engaged": [],
    }  # fmt: skip


def _initial() -> State:
    return {
        "scenario": "skirmish", "turn": 1, "turns": 6, "phase": "orders",
        "sides": ["east", "west"], "factions": {"east": "takeda", "west": "uesugi"},
        "units": {
            "e1": _unit("east", 1, "samurai", 6),
            "e2": _unit("east", 2, "archers", 6),
            "w1": _unit("west", 1, "samurai", 6),
            "w2": _unit("west", 2, "samurai", 6),
        },
        "removed": {"east": [], "west": []},
    }  # fmt: skip


def _evolve(state: State, event: Event) -> State:
    """What the fold reads of a state: models, statuses, the removed lists, the turn."""
    after = copy.deepcopy(state)
    kind = event["type"]
    if kind == "casualties":
        after["units"][event["unit"]]["models"] = event["left"]
    elif kind in ("destroyed", "put_to_flight"):
        unit = after["units"][event["unit"]]
        unit["status"] = "destroyed" if kind == "destroyed" else "fled"
        enemy = "west" if unit["side"] == "east" else "east"
        after["removed"][enemy] = sorted([*after["removed"][enemy], event["unit"]])
    elif kind == "joined":
        after["units"][event["unit"]]["status"] = "joined"
    elif kind == "turn_ended":
        after["turn"] = event["turn"] + 1
    return after


BATTLE: list[Event] = [
    {"type": "orders_revealed", "orders": {
        "east": {"e1": {"order": "assault", "path": [[1, 1]], "target": "w1"},
                 "e2": {"order": "fire", "target": "w2"}},
        "west": {"w1": {"order": "rest"}, "w2": {"order": "assault", "path": [[1, 2]],
                                                  "target": "e2"}},
    }},
    {"type": "step_began", "step": "ranged"},
    # Archers need 5+: two of six dice hit.
    {"type": "fired", "unit": "e2", "target": "w2", "dice": [5, 6, 1, 2, 3, 4], "hits": 2,
     "ammo": 6, "kill_zone": False},
    {"type": "casualties", "unit": "w2", "models": 2, "left": 4},
    {"type": "fortitude_tested", "unit": "w2", "die": 2, "needed": 4, "passed": True,
     "fortitude": 4},
    {"type": "step_began", "step": "melee"},
    # e1 (4+) scores 3 hits on w1; w1 scores 1 on e1; w2 (joined in) scores 1 on e1.
    {"type": "melee_fought", "units": ["e1", "w1", "w2"],
     "dice": {"e1": [4, 5, 6, 1, 2, 3], "w1": [6, 1, 1, 1], "w2": [4, 1]},
     "hits": {"e1": 3, "w1": 1, "w2": 1}, "winner": "east"},
    {"type": "casualties", "unit": "w1", "models": 3, "left": 3},
    {"type": "casualties", "unit": "e1", "models": 2, "left": 4},
    {"type": "fortitude_tested", "unit": "w1", "die": 6, "needed": 4, "passed": False,
     "fortitude": 3},
    {"type": "put_to_flight", "unit": "w1"},
    {"type": "turn_ended", "turn": 1},
]  # fmt: skip

EAST_WINS = Outcome(Termination.VICTORY_CONDITION, "east", {"east": 8, "west": 0})


def _facts() -> Any:
    return game_facts(_initial(), BATTLE, EAST_WINS, _evolve, PROFILES)


def test_every_termination_has_an_ending_with_a_label() -> None:
    assert set(ENDINGS) == set(Termination)
    assert set(ENDINGS.values()) == set(ENDING_LABELS)


def test_a_die_needing_n_succeeds_on_7_minus_n_sixths() -> None:
    assert [chance(n) for n in (1, 2, 4, 6, 7)] == [
        Fraction(1),
        Fraction(5, 6),
        Fraction(1, 2),
        Fraction(1, 6),
        Fraction(0),
    ]


def test_sides_have_their_clan_points_score_ending_and_turns() -> None:
    east, west = _facts().sides
    assert (east.side, east.faction, west.faction) == ("east", "takeda", "uesugi")
    assert (east.victory_points, west.victory_points) == (8, 0)
    assert east.ending == west.ending == "army_broken"
    assert east.turns == 2  # the fold ended after turn 1 ended
    assert (east.battle_size, west.battle_size) == (13, 16)
    assert east.scenario == "skirmish"
    assert east.first is None
    assert west.first is None


def test_dice_luck_counts_every_shot_and_melee_die_with_its_exact_expectation() -> None:
    east, west = _facts().sides
    (luck,) = east.luck
    # Six archer dice at 5+ (2/6 each) and six samurai dice at 4+ (3/6 each).
    assert (luck.faces, luck.dice, luck.observed) == (6, 12, 5)
    assert luck.expected == 6 * Fraction(2, 6) + 6 * Fraction(3, 6)
    (west_luck,) = west.luck
    assert (west_luck.dice, west_luck.observed) == (6, 2)
    assert west_luck.expected == 6 * Fraction(3, 6)
    assert west_luck.expected_parts == 18


def test_an_event_carrying_its_needed_face_is_read_before_the_catalogue() -> None:
    events = [{**BATTLE[2], "needed": 3}]
    east, _ = game_facts(_initial(), events, EAST_WINS, _evolve, PROFILES).sides
    assert east.luck[0].expected == 6 * Fraction(4, 6)


def test_casualties_are_credited_to_the_shooter_and_the_melee_enemies_by_their_hits() -> None:
    units = {unit.unit: unit for unit in _facts().units}
    assert units["e2"].casualties_caused == 2  # its shot took two of w2
    assert units["e1"].casualties_caused == 3  # three hits on w1, three models lost
    # e1 lost two models: one to w1's hit, one to w2's.
    assert (units["w1"].casualties_caused, units["w2"].casualties_caused) == (1, 1)
    assert (units["w1"].casualties_suffered, units["w2"].casualties_suffered) == (3, 2)
    assert units["e1"].casualties_suffered == 2


def test_units_put_to_flight_did_not_survive_and_joined_units_did() -> None:
    events = [*BATTLE, {"type": "joined", "unit": "w2", "into": "e9", "hex": [0, 0]}]
    units = {u.unit: u for u in game_facts(_initial(), events, EAST_WINS, _evolve, PROFILES).units}
    assert units["w1"].survived is False
    assert units["w1"].extra["status"] == "fled"
    assert units["w2"].survived is True
    assert units["w2"].extra["status"] == "joined"
    assert units["e1"].survived is True
    assert (units["e1"].name, units["e1"].cost, units["e1"].type) == ("Samurai 1", 8, "samurai")


def test_side_extra_facts_count_orders_tests_melees_and_removals() -> None:
    east, west = _facts().sides
    assert east.extra["orders"] == {"assault": 1, "fire": 1}
    assert west.extra["orders"] == {"assault": 1, "rest": 1}
    assert (west.extra["fortitude_tests"], west.extra["fortitude_passed"]) == (2, 1)
    assert east.extra["melees_won"] == 1
    assert west.extra["melees_won"] == 0
    assert east.extra["enemy_units_removed"] == 1
    assert west.extra["units_fled"] == 1
    assert (east.extra["models_killed"], east.extra["models_lost"]) == (5, 2)
    # Extra facts are canonical JSON (no floats, no tuples).
    canonical_json(dict(east.extra))


def test_real_bot_games_give_facts_that_add_up() -> None:
    ruleset = SamuraiBattles()
    for n, setup in enumerate(ruleset.sample_setups()[:2]):
        seed = f"analysis-{n}"
        initial = ruleset.start(dict(setup), SeededDice(seed, 0))
        state, events, commands = initial, [], 0
        bots = {side: ruleset.bot(f"{seed}-{side}") for side in ruleset.sides(initial)}
        while (prompt := ruleset.prompt(state)) is not None:
            command = bots[prompt.sides[0]].choose(ruleset, state, prompt.sides[0])
            assert command is not None
            commands += 1
            for event in ruleset.decide(state, command, SeededDice(seed, commands)):
                events.append(event)
                state = ruleset.evolve(state, event)
        outcome = ruleset.outcome(state)
        assert outcome is not None
        facts = ruleset.analyse(initial, events, outcome)
        assert facts is not None
        assert [side.side for side in facts.sides] == ["east", "west"]
        assert {u.unit for u in facts.units} == set(initial["units"])
        caused = sum(u.casualties_caused for u in facts.units)
        suffered = sum(u.casualties_suffered for u in facts.units)
        assert caused <= suffered
        for side in facts.sides:
            for luck in side.luck:
                assert 0 <= luck.observed <= luck.dice
                assert 0 <= luck.expected <= luck.dice


def test_a_melees_blows_credit_each_casualty_to_the_unit_that_struck_it() -> None:
    melee: Event = {
        "type": "melee_fought",
        "units": ["e1", "w1", "w2"],
        "dice": {"e1": [4, 5, 6, 1, 2, 3], "w1": [6, 1], "w2": [5, 5]},
        "strikes": [
            {"unit": "e1", "foe": "w2", "dice": [4, 5, 6, 1, 2, 3], "needed": 4, "hits": 3},
            {"unit": "w1", "foe": "e1", "dice": [6, 1], "needed": 3, "hits": 1},
            {"unit": "w2", "foe": "e1", "dice": [5, 5], "needed": 4, "hits": 2},
        ],
        "hits": {"e1": 3, "w1": 1, "w2": 2},
        "winner": None,
    }
    events: list[Event] = [
        melee,
        {"type": "casualties", "unit": "w2", "models": 3, "left": 3},
        {"type": "casualties", "unit": "e1", "models": 3, "left": 3},
    ]
    facts = game_facts(_initial(), events, EAST_WINS, _evolve, PROFILES)
    units = {unit.unit: unit for unit in facts.units}
    assert (units["e1"].casualties_caused, units["w1"].casualties_caused) == (3, 1)
    assert units["w2"].casualties_caused == 2
    east, west = facts.sides
    # Each blow's own needed face: e1 at 4+, w1 at 3+, w2 at 4+.
    assert east.luck[0].expected == 6 * Fraction(3, 6)
    assert west.luck[0].expected == 2 * Fraction(4, 6) + 2 * Fraction(3, 6)
    assert (east.extra["melees_won"], west.extra["melees_won"]) == (0, 0)

"""The facts of a finished Kensei battle (engine.kensei.analysis), checked against
golden records by hand: every number below was counted from the record's events."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from engine.core import DiceLuck, GameFacts, Outcome, Ruleset, UnitFacts
from engine.kensei.analysis import fielded_unit
from engine.kensei.ruleset import Kensei
from replays.verify import start_state
from tests.support.dice_race import DiceRace

GOLDEN = Path(__file__).parents[2] / "golden"
NAMES = sorted(p.stem for p in GOLDEN.glob("kensei-*.json") if not p.stem.endswith(".hashes"))


def _facts(name: str) -> GameFacts:
    record: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    kensei = Kensei()
    dice = record["dice"]
    initial = start_state(kensei, record["setup"], dice["mode"], dice["seed"], dice["start_dice"])
    events = [entry["event"] for command in record["commands"] for entry in command["events"]]
    return kensei.analyse(initial, events, Outcome.from_dict(record["outcome"]))


def _unit(facts: GameFacts, uid: str) -> UnitFacts:
    return next(unit for unit in facts.units if unit.unit == uid)


def test_the_sides_of_the_kuge_sohei_250_golden_game() -> None:
    a, b = _facts("kensei-kuge-sohei-250-entered-dice").sides
    assert (a.side, a.faction, a.battle_size, a.extra["army_cost"]) == ("A", "kuge", 250, 217)
    assert (b.side, b.faction, b.battle_size, b.extra["army_cost"]) == ("B", "sohei", 250, 192)
    assert (a.extra["units_fielded"], b.extra["units_fielded"]) == (4, 3)
    assert a.scenario == b.scenario == "pitched-battle"
    # Step 9: strategy roll A 1+1, B 3+1: B wins, and holds the first-player mark.
    assert (a.extra["won_strategy_roll"], b.extra["won_strategy_roll"]) == (False, True)
    assert (a.first, b.first) == (False, True)
    assert Kensei().info.first_player == "strategy roll"
    # Step 31: the turn-1 initiative roll, A 3 and B 2 boosted by 2: B wins.
    assert (a.extra["won_first_initiative"], b.extra["won_first_initiative"]) == (False, True)
    # Step 34: B, with the initiative, makes itself the active side.
    assert (a.extra["activated_first"], b.extra["activated_first"]) == (False, True)
    # End of turn 5, victory points 2 and 2 (leaders).
    assert (a.victory_points, b.victory_points) == (2, 2)
    assert a.turns == b.turns == 5
    assert a.ending == b.ending == "last_turn"


def test_the_success_rolls_of_a_side_give_its_dice_and_expected_and_observed_successes() -> None:
    b = _facts("kensei-kuge-sohei-250-entered-dice").sides[1]
    # B's only success rolls are the combat rolls of its Peasant zealots (B.u3) against
    # A.u1: steps 368 (2 dice, -1: faces 2 and 4 boosted to 5, 1 success) and 446
    # (3 dice, -1: 2, 6, 4 boosted to 6, 2 successes). At -1 a 5 or a 6 succeeds: 1/3.
    assert b.luck == (DiceLuck(faces=6, dice=5, expected=Fraction(5, 3), observed=3),)
    assert b.luck[0].expected_parts == 10  # sixths


def test_casualties_caused_and_suffered_by_units_of_the_kuge_sohei_250_golden_game() -> None:
    facts = _facts("kensei-kuge-sohei-250-entered-dice")
    zealots = _unit(facts, "B.u3")
    # Shot by A.u3 (step 80: 3), by A.u4 (step 309: 2), fought by A.u1 (step 447: 2),
    # and one isolated miniature lost (step 450).
    assert zealots.casualties_suffered == 8
    assert zealots.casualties_caused == 0
    assert zealots.survived
    assert (zealots.name, zealots.type, zealots.extra["troop_class"], zealots.cost) == (
        "Peasant zealots",
        "infantry",
        "P",
        36,
    )
    assert _unit(facts, "A.u3").casualties_caused == 3
    assert _unit(facts, "A.u4").casualties_caused == 3  # steps 199 and 309
    assert _unit(facts, "A.u1").casualties_caused == 2  # step 447; none caught in the chase
    assert _unit(facts, "B.u2").casualties_suffered == 1  # step 199


def test_a_leader_fighting_alone_who_falls_did_not_survive() -> None:
    facts = _facts("kensei-buke-kuge-400")
    gunbugyo = _unit(facts, "A.u6")
    assert gunbugyo.name == "Gunbugyo"
    assert not gunbugyo.survived
    assert gunbugyo.casualties_suffered == 1


@pytest.mark.parametrize("name", NAMES)
def test_no_unit_causes_more_casualties_than_the_enemy_suffered(name: str) -> None:
    facts = _facts(name)
    for side in ("A", "B"):
        caused = sum(u.casualties_caused for u in facts.units if u.side == side)
        suffered = sum(u.casualties_suffered for u in facts.units if u.side != side)
        assert caused <= suffered
    for side in facts.sides:
        assert side.ending in {ending.name for ending in Kensei().info.endings}
        for luck in side.luck:
            assert luck.faces in Kensei().info.dice
            assert luck.observed <= luck.dice
            assert 0 <= luck.expected <= luck.dice


def test_a_miniature_counts_for_the_unit_it_was_fielded_in() -> None:
    assert fielded_unit("A.u3.m12") == "A.u3"


def test_a_system_without_an_analysis_gives_no_facts() -> None:
    outcome = Outcome.from_dict(
        {"termination": "victory_condition", "winner": "A", "scores": {}, "detail": ""}
    )
    assert Ruleset.analyse(DiceRace(), {}, [], outcome) is None  # the kernel's default

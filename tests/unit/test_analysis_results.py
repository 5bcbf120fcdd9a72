"""The result and score a side of a finished game gets in the analysis read models,
and a side's dice luck per kind of die, in the die's own fractions."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import pytest

from engine.core import (
    DiceLuck,
    Event,
    GameFacts,
    NotCanonical,
    Outcome,
    RulesetInfo,
    SeededDice,
    SideFacts,
    State,
    Termination,
)
from replays.analysis import RESULTS, _dice_rows, _json, result_of
from tests.support.dice_race import DiceRace


def test_the_winner_scores_one_and_the_other_side_nothing() -> None:
    outcome = Outcome(Termination.ANNIHILATION, "B", {"A": 0, "B": 3})
    assert [result_of(outcome, side) for side in ("A", "B")] == ["loss", "win"]
    assert [RESULTS[result_of(outcome, side)] for side in ("A", "B")] == [0.0, 1.0]


def test_a_draw_counts_half_for_each_side() -> None:
    outcome = Outcome(Termination.TURN_LIMIT, None, {"A": 2, "B": 2})
    assert {result_of(outcome, side) for side in ("A", "B")} == {"draw"}
    assert RESULTS["draw"] == 0.5


class TenSided(DiceRace):
    """A stub d10 system: the dice race's facts, each side's dice d10s that
    succeed on 7+ (four faces of ten)."""

    id = "ten-sided"

    @property
    def info(self) -> RulesetInfo:
        return replace(super().info, id=self.id, dice=(10,))

    def analyse(self, initial_state: State, events: Sequence[Event], outcome: Outcome) -> GameFacts:
        facts = super().analyse(initial_state, events, outcome)
        return replace(
            facts,
            sides=tuple(
                replace(side, luck=(DiceLuck(10, 3, Fraction(4, 10) * 3, 2),))
                for side in facts.sides
            ),
        )


class Diceless(DiceRace):
    """A stub card system: no dice at all."""

    id = "diceless"

    @property
    def info(self) -> RulesetInfo:
        return replace(super().info, id=self.id, dice=())


# A round of the dice race: A rolls a 1 (busts) and a 4, B rolls 6, 6 and 2.
RACE = [
    {"type": "rolled", "side": "A", "dice": [1, 4]},
    {"type": "rolled", "side": "B", "dice": [6, 6, 2]},
    {"type": "round_closed", "round": 1},
]
OUTCOME = Outcome(Termination.TURN_LIMIT, "B", {"A": 0, "B": 14})


def _facts(ruleset: DiceRace) -> GameFacts:
    initial = ruleset.start({"target": 20, "max_rounds": 1}, SeededDice("luck", 0))
    return ruleset.analyse(initial, RACE, OUTCOME)


def _stored(ruleset: DiceRace) -> list[tuple[int, int, int, int]]:
    """The game_dice rows of the round: faces, dice, observed, expected parts."""
    rows = _dice_rows(uuid.uuid4(), _facts(ruleset), ruleset)
    return [(row["faces"], row["dice"], row["observed"], row["expected_parts"]) for row in rows]


def test_the_dice_race_counts_its_luck_in_sixths() -> None:
    race = DiceRace()
    a, b = _facts(race).sides
    # A die succeeds when it shows no 1: 5 faces of 6.
    assert a.luck == (DiceLuck(6, 2, Fraction(5, 3), 1),)
    assert b.luck == (DiceLuck(6, 3, Fraction(5, 2), 3),)
    assert (a.ending, a.turns, a.first, b.victory_points) == ("turn_limit", 1, None, 14)
    assert race.info.ending_label(a.ending) == "Out of rounds"
    rows = _dice_rows(uuid.uuid4(), _facts(race), race)
    assert [
        (row["faces"], row["dice"], row["observed"], row["expected_parts"]) for row in rows
    ] == [
        (6, 2, 1, 10),
        (6, 3, 3, 15),
    ]


def test_a_d10_system_counts_its_luck_in_tenths() -> None:
    ten = TenSided()
    rows = _dice_rows(uuid.uuid4(), _facts(ten), ten)
    # Three d10s at 4/10 each: 12 tenths expected, 2 observed.
    assert [
        (row["faces"], row["dice"], row["observed"], row["expected_parts"]) for row in rows
    ] == [
        (10, 3, 2, 12),
        (10, 3, 2, 12),
    ]


def test_luck_is_whole_fractions_of_its_die() -> None:
    assert DiceLuck(10, 3, Fraction(6, 5), 2).expected_parts == 12
    assert DiceLuck(6, 5, Fraction(5, 3), 3).expected_parts == 10
    with pytest.raises(ValueError, match="whole 1/10s"):
        DiceLuck(10, 1, Fraction(1, 6), 0)  # a sixth is no number of tenths
    with pytest.raises(ValueError, match="not one"):
        DiceLuck(6, -1, Fraction(0), 0)


def test_a_system_gives_luck_only_for_the_dice_it_rolls() -> None:
    facts = _facts(DiceRace())  # d6s
    with pytest.raises(ValueError, match="diceless rolls no d6"):
        _dice_rows(uuid.uuid4(), facts, Diceless())
    no_luck = replace(facts, sides=tuple(replace(side, luck=()) for side in facts.sides))
    assert _dice_rows(uuid.uuid4(), no_luck, Diceless()) == []


def test_a_systems_own_facts_are_stored_as_canonical_json() -> None:
    assert _json({"target": 20, "names": ["a"], "flag": None}) == {
        "target": 20,
        "names": ["a"],
        "flag": None,
    }
    with pytest.raises(NotCanonical):
        _json({"share": 0.5})  # floats are not canonical: a Fraction as "1/2" instead
    side = SideFacts("A", "x", 0, "turn_limit", 1, extra={"share": "1/2"})
    assert _json(side.extra) == {"share": "1/2"}

"""Kensei's commands parsed once (engine/kensei/commands): each kind's parser turns a
good command into its frozen value, refuses a malformed field naming it and refuses
fields the kind does not have; a value's JSON parses back to the same value; the
ruleset's table of answers names each kind's parser."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Command, InvalidCommand
from engine.kensei.commands import combat, deck, orders, setup
from engine.kensei.commands.fields import MiniPath, Placement, Value
from engine.kensei.ruleset import ANSWERS, Kensei
from engine.kensei.state.remember import NoDice

A = "A"

# -- each kind: a good command and its value ------------------------------------------

GOOD: list[tuple[Command, Value]] = [
    (
        {"type": "choose_scenery_order", "side": A, "first": "B"},
        setup.ChooseSceneryOrder(A, "B"),
    ),
    (
        {
            "type": "place_scenery",
            "side": A,
            "pieces": [
                {"x": 10, "y": 20, "width": 500, "depth": 1000, "kind": "normal", "height": 2}
            ],
        },
        setup.PlaceScenery(A, (setup.Piece(10, 20, 500, 1000, "normal", 2),)),
    ),
    (
        {
            "type": "deploy",
            "side": A,
            "unit": "A.u1",
            "minis": [{"id": "A.u1.m1", "x": 5, "y": 6, "facing": 900}],
        },
        setup.Deploy(A, "A.u1", (Placement("A.u1.m1", 5, 6, 900),)),
    ),
    ({"type": "choose_active_side", "side": A, "active": A}, setup.ChooseActiveSide(A, A)),
    ({"type": "choose_unit", "side": A, "unit": "A.u2"}, setup.ChooseUnit(A, "A.u2")),
    ({"type": "choose_ki", "side": A, "ability": "kiai"}, setup.ChooseKi(A, "kiai")),
    (
        {
            "type": "order",
            "side": A,
            "order": "move",
            "minis": [{"id": "A.u1.m1", "path": [[1, 2], [3, 4]], "facing": 0}],
        },
        orders.Move(A, minis=(MiniPath("A.u1.m1", ((1, 2), (3, 4)), 0),)),
    ),
    ({"type": "order", "side": A, "order": "move", "boost": True}, orders.Move(A, boost=True)),
    (
        {"type": "order", "side": A, "order": "move", "minis": [], "join": "A.u3"},
        orders.Move(A, minis=(), join="A.u3"),
    ),
    (
        {"type": "order", "side": A, "order": "disengage", "casualties": ["A.u1.m2"]},
        orders.Disengage(A, casualties=("A.u1.m2",)),
    ),
    ({"type": "order", "side": A, "order": "reload", "boost": True}, orders.Reload(A, True)),
    ({"type": "order", "side": A, "order": "shelter"}, orders.Shelter(A)),
    ({"type": "order", "side": A, "order": "attack"}, orders.Attack(A)),
    (
        {"type": "order", "side": A, "order": "shoot", "target": "B.u1"},
        orders.Shoot(A, "B.u1"),
    ),
    (
        {"type": "order", "side": A, "order": "charge", "target": "B.u1", "also": ["B.u2"]},
        orders.Charge(A, "B.u1", ("B.u2",)),
    ),
    (
        {"type": "order", "side": A, "order": "duel", "target": "B.u1", "swap_with": "B.u1.m2"},
        orders.Duel(A, "B.u1", swap_with="B.u1.m2"),
    ),
    (
        {"type": "order", "side": A, "order": "lead", "units": ["A.u2"], "common_order": "move"},
        orders.Lead(A, ("A.u2",), "move"),
    ),
    ({"type": "order", "side": A, "order": "pass", "unit": "A.u2"}, orders.Pass(A, "A.u2")),
    ({"type": "react", "side": A}, combat.React(A)),
    (
        {"type": "casualties", "side": A, "protect": 1, "order": ["A.u1.m3"]},
        combat.Casualties(A, 1, ("A.u1.m3",)),
    ),
    ({"type": "chase", "side": A, "chase": False}, combat.Chase(A, False)),
    (
        {"type": "charge_reaction", "side": A, "reaction": "hold", "boost": True},
        combat.ChargeReaction(A, "hold", True),
    ),
    ({"type": "close_in", "side": A, "close": True}, combat.CloseIn(A, True)),
    ({"type": "duel_answer", "side": A, "accept": True}, combat.DuelAnswer(A, True)),
    (
        {"type": "assign_fighters", "side": A, "assign": {"A.u1.m1": "B.u2"}},
        combat.AssignFighters(A, (("A.u1.m1", "B.u2"),)),
    ),
    (
        {"type": "combat_order", "side": A, "order": [["A.u1", "B.u1"], ["A.u1", "B.u2"]]},
        combat.CombatOrder(A, (("A.u1", "B.u1"), ("A.u1", "B.u2"))),
    ),
    (
        {"type": "resolution_order", "side": A, "order": ["B.u1", "B.u2"]},
        combat.ResolutionOrder(A, ("B.u1", "B.u2")),
    ),
    ({"type": "withdraw_facing", "side": A, "facing": "away"}, combat.WithdrawFacing(A, "away")),
    ({"type": "melee_move", "side": A}, combat.MeleeMove(A)),
    (
        {"type": "opportunity_charge", "side": A, "unit": "A.u4", "point": "end"},
        combat.OpportunityCharge(A, "A.u4", "end"),
    ),
    ({"type": "opportunity_charge", "side": A}, combat.OpportunityCharge(A)),
    ({"type": "attacked_side", "side": A, "attacked": "flank"}, combat.AttackedSide(A, "flank")),
    ({"type": "keep_cards", "side": A, "keep": [3, 0]}, deck.KeepCards(A, (3, 0))),
    ({"type": "commander_activation", "side": A, "unit": None}, deck.CommanderActivation(A)),
    ({"type": "command_duel", "side": A, "declare": True}, deck.CommandDuel(A, True)),
    ({"type": "command_duel_bet", "side": A, "cards": [2]}, deck.CommandDuelBet(A, (2,))),
    (
        {"type": "choose_commander_orders", "side": A, "first": "x", "deck": ["y", "z"]},
        deck.ChooseCommanderOrders(A, "x", ("y", "z")),
    ),
    ({"type": "keep_commander_order", "side": A, "keep": "x"}, deck.KeepCommanderOrder(A, "x")),
    (
        {"type": "commander_order", "side": A, "order": "x", "units": ["A.u1"], "cards": [1, 1]},
        deck.CommanderOrder(A, "x", ("A.u1",), (1, 1)),
    ),
    ({"type": "offering", "side": A, "action": "pass"}, deck.Offering(A, "pass")),
    (
        {"type": "offering", "side": A, "action": "boost", "die": 1, "card": 2},
        deck.Offering(A, "boost", 1, 2),
    ),
]


def _parse(command: Command) -> Any:
    return ANSWERS[command["type"]].parse(command)


@pytest.mark.parametrize(("command", "value"), GOOD, ids=lambda c: str(c)[:60])
def test_a_good_command_parses_to_its_frozen_value(command: Command, value: Value) -> None:
    parsed = _parse(command)
    assert parsed == value
    assert type(parsed) is type(value)
    with pytest.raises(dataclasses.FrozenInstanceError):
        parsed.side = "B"
    assert _parse(parsed.to_json()) == value


def test_every_kind_of_the_table_has_a_good_command_here() -> None:
    assert {command["type"] for command, _value in GOOD} == set(ANSWERS)
    assert {command["order"] for command, _v in GOOD if command["type"] == "order"} == {
        *orders.ORDERS,
        "pass",
    }


def test_the_table_parses_each_kind_to_values_of_that_kind() -> None:
    for command, value in GOOD:
        assert command["type"] == value.kind
        answer = ANSWERS[command["type"]]
        assert answer.rule
        assert (answer.prompt == "") == (command["type"] == "commander_order")
        assert answer.says or not answer.prompt


# -- malformed fields, named ------------------------------------------------------------

BAD: list[tuple[Command, str]] = [
    ({"type": "choose_scenery_order", "side": A, "first": "C"}, "first must be A or B"),
    ({"type": "place_scenery", "side": A, "pieces": {}}, "pieces must be a list"),
    (
        {"type": "place_scenery", "side": A, "pieces": [{"x": 1, "colour": "red"}]},
        "pieces[0] has unexpected field(s) colour",
    ),
    (
        {
            "type": "place_scenery",
            "side": A,
            "pieces": [{"x": 0, "y": 0, "width": 500, "depth": 500, "kind": "lava", "height": 0}],
        },
        "pieces[0].kind must be one of",
    ),
    ({"type": "deploy", "side": A, "unit": "", "minis": []}, "unit must be a non-empty string"),
    (
        {"type": "deploy", "side": A, "unit": "u", "minis": [{"id": "m", "x": 1.5, "y": 0}]},
        "minis[0].x must be a whole number",
    ),
    (
        {
            "type": "deploy",
            "side": A,
            "unit": "u",
            "minis": [{"id": "m", "x": 0, "y": 0, "facing": 3600}],
        },
        "minis[0].facing must be from 0 to 3599",
    ),
    ({"type": "choose_active_side", "side": A, "active": 1}, "active must be A or B"),
    ({"type": "choose_unit", "side": A}, "unit must be a non-empty string"),
    ({"type": "choose_ki", "side": A, "ability": 3}, "ability must be a non-empty string"),
    ({"type": "order", "side": A}, "order must be a non-empty string"),
    ({"type": "order", "side": A, "order": "dance"}, "unknown order 'dance'"),
    ({"type": "order", "side": A, "order": "move", "boost": 1}, "boost must be true or false"),
    (
        {"type": "order", "side": A, "order": "move", "minis": [{"id": "m", "path": [[1]]}]},
        "minis[0].path[0] must be a pair",
    ),
    ({"type": "order", "side": A, "order": "move", "leave": "yes"}, "leave must be true or false"),
    ({"type": "order", "side": A, "order": "move", "join": ""}, "join must be a non-empty string"),
    (
        {"type": "order", "side": A, "order": "disengage", "casualties": "m1"},
        "casualties must be a list of miniature ids",
    ),
    ({"type": "order", "side": A, "order": "shoot"}, "target must be a non-empty string"),
    (
        {"type": "order", "side": A, "order": "charge", "target": "B.u1", "also": [""]},
        "also must be a list of unit ids",
    ),
    (
        {"type": "order", "side": A, "order": "charge", "target": "B.u1", "also": ["B.u1"]},
        "a charge names each target unit once",
    ),
    (
        {"type": "order", "side": A, "order": "duel", "target": "B.u1", "swap_with": 2},
        "swap_with must be a non-empty string",
    ),
    (
        {"type": "order", "side": A, "order": "lead", "units": "A.u2", "common_order": "move"},
        "units must be a list of unit ids",
    ),
    (
        {"type": "order", "side": A, "order": "lead", "units": ["A.u2"]},
        "common_order must be a non-empty string",
    ),
    ({"type": "order", "side": A, "order": "pass", "unit": 7}, "unit must be a non-empty string"),
    ({"type": "react", "side": A, "boost": "no"}, "boost must be true or false"),
    ({"type": "casualties", "side": A, "protect": 101}, "protect must be from 0 to 100"),
    ({"type": "casualties", "side": A, "order": ["m", "m"]}, "order lists a miniature twice"),
    ({"type": "casualties", "side": A, "order": [1]}, "order must be a list of miniature ids"),
    ({"type": "chase", "side": A}, "chase must be true or false"),
    ({"type": "charge_reaction", "side": A, "reaction": ""}, "reaction must be a non-empty"),
    ({"type": "close_in", "side": A, "close": None}, "close must be true or false"),
    ({"type": "duel_answer", "side": A, "accept": "yes"}, "accept must be true or false"),
    (
        {"type": "assign_fighters", "side": A, "assign": {"m": 1}},
        "assign must map miniature ids to unit ids",
    ),
    (
        {"type": "combat_order", "side": A, "order": [["A.u1"]]},
        "order must be a list of [unit, unit] pairs",
    ),
    ({"type": "resolution_order", "side": A}, "order must be a list of unit ids"),
    ({"type": "withdraw_facing", "side": A, "facing": ""}, "facing must be a non-empty string"),
    ({"type": "melee_move", "side": A, "minis": 3}, "minis must be a list"),
    (
        {"type": "opportunity_charge", "side": A, "boost": True},
        "only an opportunity charge may be boosted: name its unit",
    ),
    (
        {"type": "opportunity_charge", "side": A, "unit": "A.u1", "point": 2},
        "point must be a non-empty string",
    ),
    ({"type": "attacked_side", "side": A}, "attacked must be a non-empty string"),
    ({"type": "keep_cards", "side": A, "keep": 3}, "keep must be a list of card values"),
    ({"type": "keep_cards", "side": A, "keep": [4]}, "a kept card must be from 0 to 3"),
    (
        {"type": "commander_activation", "side": A, "unit": 5},
        "unit must be a unit id, or null to decline",
    ),
    ({"type": "command_duel", "side": A}, "declare must be true or false"),
    ({"type": "command_duel_bet", "side": A, "cards": [-1]}, "a bet card must be from 0 to 3"),
    (
        {"type": "choose_commander_orders", "side": A, "first": "x", "deck": "y"},
        "deck must be a list of commander's order ids",
    ),
    (
        {"type": "choose_commander_orders", "side": A, "first": "x", "deck": [""]},
        "a commander's order id must be a non-empty string",
    ),
    ({"type": "keep_commander_order", "side": A, "keep": None}, "keep must be a non-empty"),
    (
        {"type": "commander_order", "side": A, "order": "x", "units": [], "cards": []},
        "units must be a non-empty list of unit ids",
    ),
    (
        {"type": "commander_order", "side": A, "order": "x", "units": ["u"], "cards": [9]},
        "a command card must be from 0 to 3",
    ),
    ({"type": "offering", "side": A, "action": "pray"}, "action must be one of pass"),
    ({"type": "offering", "side": A, "action": "pass", "die": 0}, "a pass names no die"),
    ({"type": "offering", "side": A, "action": "reroll", "card": 1}, "die must be a whole"),
    ({"type": "offering", "side": A, "action": "reroll", "die": 0}, "card must be a whole"),
]


@pytest.mark.parametrize(("command", "message"), BAD, ids=lambda c: str(c)[:60])
def test_a_malformed_field_is_refused_naming_it(command: Command, message: str) -> None:
    with pytest.raises(InvalidCommand, match=re.escape(message)):
        _parse(command)


@pytest.mark.parametrize(("command", "value"), GOOD, ids=lambda c: str(c)[:60])
def test_a_field_the_kind_does_not_have_is_refused(command: Command, value: Value) -> None:
    with pytest.raises(InvalidCommand, match=r"unexpected field\(s\) colour in a"):
        _parse({**command, "colour": "red"})


def test_the_ruleset_refuses_a_malformed_command_before_asking_a_rule() -> None:
    """Decide parses first: a malformed command is refused as invalid whatever the state
    (here, the very first prompt: who places extra scenery first)."""
    game = Kensei()
    with pytest.raises(InvalidCommand, match="chase must be true or false"):
        game.decide({}, {"type": "chase", "side": A, "chase": "maybe"}, NoDice())


# -- values -> JSON -> values ---------------------------------------------------------------

_ids = st.text(alphabet="ABu.m0123456789", min_size=1, max_size=8)
_sides = st.sampled_from(("A", "B"))
_coords = st.integers(-1_000_000, 1_000_000)
_facings = st.integers(0, 3599)
_flags = st.booleans()
_cards = st.lists(st.integers(0, 3), max_size=6).map(tuple)
_id_tuples = st.lists(_ids, max_size=4).map(tuple)
_paths = st.lists(
    st.builds(
        MiniPath,
        _ids,
        st.lists(st.tuples(_coords, _coords), max_size=4).map(tuple),
        _facings,
    ),
    max_size=4,
    unique_by=lambda m: m.id,
).map(tuple)
_placements = st.lists(
    st.builds(Placement, _ids, _coords, _coords, _facings), max_size=4, unique_by=lambda p: p.id
).map(tuple)

VALUES = st.one_of(
    st.builds(setup.ChooseSceneryOrder, _sides, _sides),
    st.builds(
        setup.PlaceScenery,
        _sides,
        st.lists(
            st.builds(
                setup.Piece,
                _coords,
                _coords,
                _coords,
                _coords,
                st.sampled_from(setup.SCENERY_KINDS),
                _coords,
            ),
            max_size=3,
        ).map(tuple),
    ),
    st.builds(setup.Deploy, _sides, _ids, _placements),
    st.builds(setup.ChooseActiveSide, _sides, _sides),
    st.builds(setup.ChooseUnit, _sides, _ids),
    st.builds(setup.ChooseKi, _sides, _ids),
    st.builds(
        orders.Move,
        _sides,
        _flags,
        st.none() | _paths,
        st.none() | _ids,
        st.none() | _ids,
        _flags,
        st.none() | _ids,
    ),
    st.builds(orders.Disengage, _sides, _paths, st.none() | _id_tuples, _flags, st.none() | _ids),
    st.builds(orders.Reload, _sides, _flags, st.none() | _ids),
    st.builds(orders.Shelter, _sides, _flags, st.none() | _ids),
    st.builds(orders.Attack, _sides, st.none() | _ids, _flags, st.none() | _ids),
    st.builds(orders.Shoot, _sides, _ids, _flags, st.none() | _ids),
    st.builds(
        orders.Charge,
        _sides,
        st.just("B.u9"),
        st.lists(_ids.filter(lambda u: u != "B.u9"), max_size=3, unique=True).map(tuple),
        _flags,
        st.none() | _ids,
    ),
    st.builds(orders.Duel, _sides, _ids, _flags, st.none() | _ids, st.none() | _ids),
    st.builds(orders.Lead, _sides, _id_tuples, _ids, _flags, st.none() | _ids),
    st.builds(orders.Pass, _sides, st.none() | _ids),
    st.builds(combat.React, _sides, _flags),
    st.builds(
        combat.Casualties,
        _sides,
        st.integers(0, 100),
        st.lists(_ids, max_size=4, unique=True).map(tuple),
    ),
    st.builds(combat.Chase, _sides, _flags),
    st.builds(combat.ChargeReaction, _sides, _ids, _flags),
    st.builds(combat.CloseIn, _sides, _flags),
    st.builds(combat.DuelAnswer, _sides, _flags, _flags),
    st.builds(
        combat.AssignFighters,
        _sides,
        st.dictionaries(_ids, _ids, max_size=3).map(lambda d: tuple(d.items())),
    ),
    st.builds(combat.CombatOrder, _sides, st.lists(st.tuples(_ids, _ids), max_size=3).map(tuple)),
    st.builds(combat.ResolutionOrder, _sides, _id_tuples),
    st.builds(combat.WithdrawFacing, _sides, _ids),
    st.builds(combat.MeleeMove, _sides, _paths),
    st.builds(combat.OpportunityCharge, _sides, st.none(), st.just("start"), st.just(False)),
    st.builds(combat.OpportunityCharge, _sides, _ids, _ids, _flags),
    st.builds(combat.AttackedSide, _sides, _ids),
    st.builds(deck.KeepCards, _sides, _cards),
    st.builds(deck.CommanderActivation, _sides, st.none() | _ids),
    st.builds(deck.CommandDuel, _sides, _flags),
    st.builds(deck.CommandDuelBet, _sides, _cards),
    st.builds(deck.ChooseCommanderOrders, _sides, _ids, _id_tuples),
    st.builds(deck.KeepCommanderOrder, _sides, _ids),
    st.builds(
        deck.CommanderOrder,
        _sides,
        _ids,
        st.lists(_ids, min_size=1, max_size=3).map(tuple),
        _cards,
    ),
    st.builds(deck.Offering, _sides, st.just("pass")),
    st.builds(
        deck.Offering,
        _sides,
        st.sampled_from(("reroll", "boost")),
        st.integers(0, 9),
        st.integers(0, 3),
    ),
)


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_a_value_round_trips_through_its_json(value: Value) -> None:
    command = value.to_json()
    assert command["type"] == value.kind
    assert _parse(command) == value

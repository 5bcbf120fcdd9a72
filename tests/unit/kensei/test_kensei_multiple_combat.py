"""Kensei part II: Attack > Multiple combat, one test per rule of the paragraph.

A's samurai (``A.u2``, two ranks facing up) are in melee combat with two units of
side B: the court ashigaru (``B.u2``) on their left and the court archers
(``B.u4``) on their right; the ashigaru's and the archer's front miniatures both
face A's middle samurai (``A.u2.m2``), which is in contact with both units.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Sequence

import pytest

from engine.core import Dice, IllegalCommand, State
from engine.kensei import geometry, rules
from engine.kensei.bots.players import candidates
from engine.kensei.combat.melee import combat_table
from engine.kensei.combat.multiple import group_of
from tests.unit.kensei.support import KENSEI, clear_table, edited, in_order, play, put

UNIT, LEFT, RIGHT = "A.u2", "B.u2", "B.u4"
A = [f"{UNIT}.m{k}" for k in range(1, 6)]
MIDDLE = A[1]
ATTACK = {"type": "order", "side": "A", "order": "attack", "target": LEFT}


@functools.cache
def _base() -> State:
    return in_order("A", unit=UNIT, orders=2)


def two_against_one(b_orders: int = 0) -> State:
    state = edited(_base())
    state["activation"]["orders"].update(A=2, B=b_orders)
    state["activation"]["units"]["B"] = None
    clear_table(state, (UNIT, LEFT, RIGHT))
    for k, mid in enumerate(A):
        put(state, mid, 800 + (k % 3) * 310, 4000 - (k // 3) * 310, 900)
    left, right = state["units"][LEFT]["minis"], state["units"][RIGHT]["minis"]
    put(state, left[0], 800, 4350, geometry.heading((800, 4350), (1110, 4000)))
    for k, mid in enumerate(left[1:]):
        put(state, mid, 200 + (k % 6) * 310, 4950 + (k // 6) * 310, 2700)
    put(state, right[0], 1420, 4350, geometry.heading((1420, 4350), (1110, 4000)))
    for k, mid in enumerate(right[1:]):
        put(state, mid, 2400 + k * 310, 4950, 2700)
    return state


class Script(Dice):
    """Each roll call gets one face for all its dice, in order; then ``rest``."""

    def __init__(self, faces: Sequence[int], rest: int = 3) -> None:
        self.faces = list(faces)
        self.rest = rest

    def roll(self, count: int, sides: int = 6) -> list[int]:
        face = self.faces.pop(0) if self.faces else self.rest
        return [face] * count


def run(
    state: State, command: dict, dice: Dice, answers: dict[str, dict], stop: Sequence[str] = ()
) -> tuple[State, list[dict]]:
    """Play ``command``, then answer every prompt of the combat (``answers`` by kind,
    else the bots' first candidate) until an order, or a prompt in ``stop``."""
    events: list[dict] = []
    state, found = play(state, command, dice=dice)
    events += found
    while (prompt := KENSEI.prompt(state)) is not None and prompt.kind not in ("order", *stop):
        side = prompt.sides[0]
        answer = answers.get(prompt.kind) or next(candidates(state, side))
        state, found = play(state, {**answer, "side": side}, dice=dice)
        events += found
    return state, events


def kinds(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def test_multiple_combat_the_group_is_every_unit_linked_by_melee_combat():
    units, combats = group_of(two_against_one(), UNIT, LEFT)
    assert units == [UNIT, LEFT, RIGHT]
    assert combats == [[UNIT, LEFT], [UNIT, RIGHT]]


def test_multiple_combat_an_attack_resolves_all_the_combats_of_the_group_in_a_chain():
    _, events = run(two_against_one(), ATTACK, Script([]), {})
    declared = kinds(events, "attack_declared")[0]
    assert declared["group"] == [UNIT, LEFT, RIGHT]
    # Every unit of the group but the attacker reacts (here without orders: -1D6).
    assert [e["unit"] for e in kinds(events, "reactive_attack_declared")] == [LEFT, RIGHT]
    rolled = kinds(events, "combat_rolled")
    assert [(e["attacker"], e["defender"]) for e in rolled] == [(UNIT, LEFT), (UNIT, RIGHT)]
    assert len(kinds(events, "next_combat")) == 1
    assert len(kinds(events, "combat_result")) == 1  # one outcome, after every combat
    assert kinds(events, "combat_ended")


def test_multiple_combat_a_miniature_against_two_units_adds_its_dice_to_one():
    state = two_against_one()
    assert KENSEI.prompt(run(state, ATTACK, Script([]), {}, stop=("assign_fighters",))[0]).options[
        "minis"
    ] == {MIDDLE: [LEFT, RIGHT]}
    assign = {"type": "assign_fighters", "assign": {MIDDLE: RIGHT}}
    _, events = run(state, ATTACK, Script([]), {"assign_fighters": assign})
    assert kinds(events, "fighters_assigned")[0]["assign"] == {MIDDLE: RIGHT}
    rolls = {(r["unit"], r["enemy"]): r for e in kinds(events, "combat_rolled") for r in e["rolls"]}
    assert ["miniatures in melee", 1] in rolls[UNIT, LEFT]["dice_lines"]
    assert ["miniatures in melee", 2] in rolls[UNIT, RIGHT]["dice_lines"]
    # Without a choice, the miniature would count against both units.
    both = combat_table(state, UNIT, LEFT, boosted=False, without_order=False)
    assert ["miniatures in melee", 2] in both["dice_lines"]


def test_multiple_combat_assigning_a_miniature_to_a_unit_it_does_not_fight_is_refused():
    state, _ = run(two_against_one(), ATTACK, Script([]), {}, stop=("assign_fighters",))
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "assign_fighters", "side": "A", "assign": {A[0]: RIGHT}})
    assert caught.value.rule == rules.MULTIPLE_COMBAT


def test_multiple_combat_the_player_who_declared_the_attack_orders_the_combats():
    state, _ = run(two_against_one(), ATTACK, Script([]), {}, stop=("combat_order",))
    prompt = KENSEI.prompt(state)
    assert prompt.sides == ("A",)
    assert prompt.options["combats"] == [[UNIT, LEFT], [UNIT, RIGHT]]
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "combat_order", "side": "A", "order": [[UNIT, LEFT]]})
    assert caught.value.rule == rules.MULTIPLE_COMBAT
    order = {"type": "combat_order", "order": [[UNIT, RIGHT], [UNIT, LEFT]]}
    _, events = run(state, {**order, "side": "A"}, Script([]), {})
    rolled = kinds(events, "combat_rolled")
    assert [e["defender"] for e in rolled] == [RIGHT, LEFT]


def test_multiple_combat_sides_win_or_lose_on_the_casualties_of_every_combat():
    # Combat 1: A hits with every die (6s), B.u2 misses (1s), A wounds (5s); the same
    # in combat 2 (but 2s: stuns). B's side is defeated: both its units make the Honour Roll, in the
    # order the winning side chooses.
    dice = Script([6, 1, 5, 6, 1, 2], rest=6)
    state, events = run(two_against_one(), ATTACK, dice, {}, stop=("resolution_order",))
    result = kinds(events, "combat_result")[0]
    assert result["winning_side"] == "A"
    assert result["losers"] == [LEFT, RIGHT]
    assert result["casualties"][UNIT] == 0
    prompt = KENSEI.prompt(state)
    assert prompt.kind == "resolution_order"
    assert prompt.sides == ("A",)
    order = {"type": "resolution_order", "side": "A", "order": [RIGHT, LEFT]}
    _, after = run(state, order, dice, {"chase": {"type": "chase", "chase": False}})
    honour = [e["unit"] for e in kinds(after, "honour_rolled") if e["reason"] == "defeated"]
    assert honour == [RIGHT, LEFT]


def test_multiple_combat_bots_answer_every_prompt_of_the_chain():
    state = two_against_one()
    dice = Script([6, 1, 5, 6, 1, 2], rest=6)
    state, _ = play(state, ATTACK, dice=dice)
    seen = set()
    while (prompt := KENSEI.prompt(state)) is not None and prompt.kind != "order":
        seen.add(prompt.kind)
        side = prompt.sides[0]
        options = list(candidates(state, side))
        assert options, prompt.kind
        for option in options:  # every candidate is legal
            KENSEI.decide(state, option, copy.deepcopy(dice))
        state, _ = play(state, options[0], dice=dice)
    assert {"assign_fighters", "combat_order", "resolution_order"} <= seen

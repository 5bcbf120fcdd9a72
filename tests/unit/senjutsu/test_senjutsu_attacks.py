"""Attacks (rulebook: Attacks, The Commit To Hit Rule, If Successful, Targeted
Character, Terrain > Bamboo) resolved by the card interpreter."""

from __future__ import annotations

import pytest

from engine.core import IllegalCommand, SeededDice, State
from engine.senjutsu import effects
from tests.unit.senjutsu.builders import attack, card, line
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    character,
    play,
    resolve,
    table,
    until_ask,
)


def test_attacks_each_targeted_character_that_did_not_block_takes_its_cells_effects() -> None:
    # Straight Cut (s-002): attack front, 1 wound. B stands in front of A.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((1, 0), 3))})
    run = resolve(play(state, "A", "s-002"), "A", "s-002")
    assert run.of("attacked") == [
        {"type": "attacked", "side": "A", "card": "s-002", "targets": ["B"], "blocked": []}
    ]
    assert run.state["characters"]["B"]["wounds"] == 1
    assert run.state["current"] is None


def test_attacks_cells_deal_bleeding_hobble_stun_and_poison() -> None:
    # Hamstring Cut (s-013): front-right 1 wound and a hobble; Serpent Fang's cell
    # is built here with poison and a stun, hand-built for the icons.
    cards = card(
        "x-icons",
        line(
            {
                "do": "attack",
                "grid": [
                    {"hex": [1, 0], "wounds": 0, "bleeding": 1, "poison": True, "stun": True},
                    {"hex": [0, 1], "hobble": True},
                ],
            }
        ),
        name="Icons",
    )
    state = table(
        {
            "A": character("ronin", ((0, 0), 0)),
            "B": character("master", ((1, 0), 3)),
            "C": character("student", ((0, 1), 4)),
        },
        cards=cards,
    )
    run = resolve(play(state, "A", "x-icons"), "A", "x-icons")
    b, c = run.state["characters"]["B"], run.state["characters"]["C"]
    assert (b["wounds"], b["bleeding"], b["stuns"]) == (0, 1, 1)
    assert "crippling-poison" in b["hand"]
    assert (c["wounds"], c["hobbles"]) == (1, [0])


def test_attacks_execution_defeats_the_character_at_once() -> None:
    cards = card(
        "x-exec",
        line({"do": "attack", "grid": [{"hex": [1, 0], "wounds": 0, "execution": True}]}),
        initiative=3,
        name="Exec",
    )
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((1, 0), 3))}, cards=cards
    )
    run = resolve(play(state, "A", "x-exec"), "A", "x-exec")
    assert {"type": "defeated", "side": "B", "by": "A", "cause": "execution"} in run.events


def test_attacks_asterisk_cells_resolve_the_cards_asterisk_effects() -> None:
    # Thousand Cuts (s-040): asterisk = discard 1 and a hobble, on each character hit.
    state = table(
        {
            "A": character("ronin", ((0, 0), 0)),
            "B": character("master", ((1, 0), 3), hand=["s-002", "s-003"]),
        }
    )
    run = resolve(
        play(state, "A", "s-040"), "A", "s-040", answers=[{"kind": "discard", "card": "s-003"}]
    )
    b = run.state["characters"]["B"]
    assert b["hand"] == ["s-002"]
    assert b["discard"] == [{"card": "s-003", "up": False}]
    assert b["hobbles"] == [0]
    assert run.asks[0].side == "B"  # Discard X: the target's player chooses


def test_attacks_unsuccessful_when_no_character_is_targeted() -> None:
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((-2, 0), 0))})
    run = resolve(play(state, "A", "s-002"), "A", "s-002")
    assert run.of("attacked")[0]["targets"] == []
    assert run.of("wounded") == []


def test_commit_to_hit_rule_the_moves_before_the_attack_must_let_it_target() -> None:
    # Lunging Pierce (s-007): step up to 2 forward, then attack front. B is three
    # ahead: only stepping 2 lets the attack target B, so no other end is offered.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((3, 0), 3))})
    run = resolve(play(state, "A", "s-007"), "A", "s-007")
    assert run.asks == []
    assert run.of("moved")[0]["hex"] == [2, 0]
    assert run.state["characters"]["B"]["bleeding"] == 1


def test_commit_to_hit_rule_leaves_the_choice_free_when_no_move_can_target() -> None:
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((-3, 0), 0))})
    run = resolve(
        play(state, "A", "s-007"),
        "A",
        "s-007",
        answers=[{"kind": "move", "hex": [1, 0], "facing": 0, "collision": None}],
    )
    options = {(tuple(o["hex"]), o["facing"]) for o in run.asks[0].options}
    assert options == {((0, 0), 0), ((1, 0), 0), ((2, 0), 0)}
    assert run.state["characters"]["A"]["hex"] == [1, 0]


def _pay_to_reach(b_at: tuple[int, int]) -> State:
    """A (2 focus) with a card whose optional focus cost 1 pays for a mandatory step 1
    before its attack front; B at ``b_at`` facing A."""
    cards = card(
        "x-pay",
        line({"do": "step", "n": 1, "mandatory": True}, focus=1),
        line(attack((1, 0))),
        name="Pay To Reach",
    )
    return table(
        {"A": character("ronin", ((0, 0), 0), focus=2), "B": character("master", (b_at, 3))},
        cards=cards,
    )


def test_commit_to_hit_rule_forces_paying_a_focus_cost_that_lets_the_attack_target() -> None:
    state = _pay_to_reach(b_at=(2, 0))
    run = resolve(play(state, "A", "x-pay"), "A", "x-pay")
    assert run.asks == []
    assert run.state["characters"]["A"]["focus"] == 1
    assert run.state["characters"]["B"]["wounds"] == 1


def test_optional_focus_cost_may_be_skipped_when_commit_to_hit_does_not_force_it() -> None:
    state = _pay_to_reach(b_at=(1, 0))
    run = resolve(play(state, "A", "x-pay"), "A", "x-pay", answers=[{"kind": "pay", "pay": False}])
    assert run.asks[0].kind == "pay"
    assert run.state["characters"]["A"]["focus"] == 2
    assert run.state["characters"]["B"]["wounds"] == 1


def test_if_successful_resolves_after_a_successful_attack() -> None:
    # Shoulder Charge (s-015): mandatory step 1, attack front; If Successful: push 1.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((2, 0), 3))})
    run = resolve(play(state, "A", "s-015"), "A", "s-015")
    assert run.state["characters"]["A"]["hex"] == [1, 0]
    assert run.state["characters"]["B"]["hex"] == [3, 0]
    assert run.state["characters"]["B"]["wounds"] == 1


def test_targeted_character_effects_follow_an_attack_on_every_character_hit() -> None:
    # Hooking Pull (s-016): attack two ahead; the targeted character is pulled 1.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((2, 0), 3))})
    run = resolve(play(state, "A", "s-016"), "A", "s-016")
    assert run.state["characters"]["B"]["hex"] == [1, 0]
    assert run.state["characters"]["B"]["wounds"] == 1


def test_bamboo_an_attack_dealing_a_wound_to_its_hex_removes_it() -> None:
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((-3, 0), 0))},
        terrain=[("t1", "bamboo", [(1, 0)])],
    )
    run = resolve(play(state, "A", "s-002"), "A", "s-002")
    assert {"type": "terrain_removed", "id": "t1", "kind": "bamboo"} in run.events
    assert run.state["terrain"] == []


def test_winning_the_game_a_character_executed_takes_no_further_part_in_the_card() -> None:
    # Execution, then the targeted character would be pulled: it is gone instead.
    cards = card(
        "x-exec",
        line(
            {
                "do": "attack",
                "grid": [{"hex": [2, 0], "wounds": 0, "execution": True}],
                "targeted": [{"do": "pull", "n": 1}],
            }
        ),
        initiative=3,
        name="Exec",
    )
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((2, 0), 3))}, cards=cards
    )
    run = resolve(play(state, "A", "x-exec"), "A", "x-exec")
    assert run.state["characters"]["B"]["defeated"] is True
    assert run.of("moved") == []


def test_commit_to_hit_rule_refuses_a_move_that_leaves_the_attack_without_a_target() -> None:
    # Feral Sweep (s-001): step 1 (front three), then attack front-left, front and
    # front-right. B at (1, 1): stepping ahead or to the front-right reaches it,
    # staying put or stepping to the front-left does not.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((1, 1), 3))})
    run = until_ask(play(state, "A", "s-001"), "A", "s-001")
    ask = effects.ask(run.state)
    assert ask is not None
    assert [o["hex"] for o in ask.options] == [[0, 1], [1, 0]]
    with pytest.raises(IllegalCommand) as refused:
        effects.answer(
            run.state,
            "A",
            {"kind": "move", "hex": [0, 0], "facing": 0, "collision": None},
            SeededDice("x", 1),
        )
    assert refused.value.rule == "Attacks > The Commit To Hit Rule"

"""Ranged Effects, Ranged Attack Effects and Line Of Sight."""

from __future__ import annotations

from tests.unit.senjutsu.builders import card, line
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    character,
    play,
    resolve,
    table,
    with_block,
)


def _duel(b_at: tuple[int, int], b_card: str = "s-010", **more: object) -> dict:  # type: ignore[type-arg]
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", (b_at, 3), hand=["s-002"])},
        **more,  # type: ignore[arg-type]
    )
    return play(play(state, "B", b_card), "A", "s-018")


def test_ranged_attack_effects_hit_a_character_in_range_and_sight_with_a_slower_card() -> None:
    # Throwing Knife (s-018): ranged attack 3, speed 6; B played Firm Mind (speed 3).
    run = resolve(_duel((3, 0)), "A", "s-018")
    assert run.of("attacked")[0]["targets"] == ["B"]
    assert run.state["characters"]["B"]["wounds"] == 1


def test_ranged_effects_condition_1_the_target_must_be_within_x_hexes() -> None:
    run = resolve(_duel((4, 0)), "A", "s-018")
    assert run.of("attacked")[0]["targets"] == []
    assert run.state["characters"]["B"]["wounds"] == 0


def test_line_of_sight_terrain_interrupts_the_line() -> None:
    run = resolve(_duel((3, 0), terrain=[("t1", "rocks", [(1, 0)])]), "A", "s-018")
    assert run.state["characters"]["B"]["wounds"] == 0


def test_ranged_effects_condition_3_the_target_played_a_lower_speed() -> None:
    # B played Straight Cut (speed 6, not lower than the knife's 6).
    run = resolve(_duel((3, 0), b_card="s-002"), "A", "s-018")
    assert run.state["characters"]["B"]["wounds"] == 0


def test_ranged_effects_a_variable_speed_counts_at_its_lowest() -> None:
    # Calm Defence (6-2) chosen at 6: its lowest, 2, is below the knife's 6.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((3, 0), 3))})
    state = play(play(state, "B", "s-008", speed=6), "A", "s-018")
    run = resolve(state, "A", "s-018")
    assert run.state["characters"]["B"]["wounds"] == 1


def test_ranged_attack_effects_cannot_be_blocked() -> None:
    state = with_block(_duel((3, 0)), "B", [(0, 0), (1, 0), (2, 0)], speed=6)
    run = resolve(state, "A", "s-018")
    assert run.state["characters"]["B"]["wounds"] == 1


def test_targeted_character_a_ranged_effect_applies_to_one_character_chosen_among_several() -> None:
    state = table(
        {
            "A": character("ronin", ((0, 0), 0)),
            "B": character("master", ((3, 0), 3)),
            "C": character("student", ((2, 0), 3)),
        }
    )
    state = play(play(play(state, "B", "s-010"), "C", "s-010"), "A", "s-018")
    run = resolve(state, "A", "s-018", answers=[{"kind": "target", "side": "B"}])
    assert [o["side"] for o in run.asks[0].options] == ["B", "C"]
    assert (run.state["characters"]["B"]["wounds"], run.state["characters"]["C"]["wounds"]) == (
        1,
        0,
    )


def test_ranged_effects_not_tied_to_an_attack_ignore_condition_3() -> None:
    # Jeer (s-019): range 4, rotate the target; B played a faster card.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((3, 0), 3))})
    state = play(play(state, "B", "s-035"), "A", "s-019")
    run = resolve(state, "A", "s-019", answers=[{"kind": "rotate", "direction": 1}])
    assert run.state["characters"]["B"]["facing"] == 4


def test_commit_to_hit_rule_moves_before_a_ranged_attack_must_bring_a_target_in_range() -> None:
    cards = card(
        "x-shot",
        line({"do": "step", "n": 2, "dirs": "front"}),
        line({"do": "ranged_attack", "range": 2}),
        initiative=6,
        name="Step And Shoot",
    )
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((4, 0), 3))}, cards=cards
    )
    state = play(play(state, "B", "s-010"), "A", "x-shot")
    run = resolve(state, "A", "x-shot")
    assert run.asks == []  # only stepping 2 brings B within range 2: no other end offered
    assert run.state["characters"]["A"]["hex"] == [2, 0]
    assert run.state["characters"]["B"]["wounds"] == 1

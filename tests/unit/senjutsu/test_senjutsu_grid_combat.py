"""Attacks, the Commit To Hit rule, Blocks > Resolving Blocks and Ranged Effects
(rulebook 1.5, pp. 10-14), on the grid."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import Facing, Hex
from engine.senjutsu.grid import (
    Cell,
    MoveSpec,
    attack_targets,
    commit_to_hit,
    covered_by_block,
    in_range,
    is_blocked,
    move_outcomes,
    ranged_candidates,
    slower_than,
    targeted_characters,
)

E, SE, SW, W, NW, NE = Facing
ORIGIN = Hex(0, 0)
FRONT3 = [Hex(1, -1), Hex(1, 0), Hex(0, 1)]


def everywhere(_hex: Hex) -> bool:
    return True


# Attacks


def test_attacks_the_grid_is_turned_to_the_attackers_facing() -> None:
    grid = [Cell(Hex(1, 0), wounds=2), Cell(Hex(2, 0))]
    targets = attack_targets((Hex(3, 3), W), grid)
    assert targets == {Hex(1, 3): Cell(Hex(2, 0)), Hex(2, 3): Cell(Hex(1, 0), wounds=2)}


def test_attacks_each_character_in_a_grid_hex_is_targeted() -> None:
    # Feral Sweep-like: the three front hexes; the Student and the Master stand in two.
    grid = [Cell(hex_) for hex_ in FRONT3]
    others = {Hex(1, -1): "student", Hex(0, 1): "master", Hex(-1, 0): "warrior"}
    assert list(targeted_characters((ORIGIN, E), grid, others)) == ["master", "student"]


def test_the_commit_to_hit_rule_keeps_the_moves_from_which_the_attack_targets() -> None:
    # Optional step 1 (front3) then an attack on the hex ahead; the opponent stands at
    # (1, 1): only stepping front-right, to (0, 1), puts it in the hex ahead.
    outcomes = move_outcomes(
        (ORIGIN, E),
        [MoveSpec("step", 1, "front3")],
        area=everywhere,
        occupied={Hex(1, 1): "B"},
        terrain={},
    )
    kept = commit_to_hit(outcomes, [Cell(Hex(1, 0))], {Hex(1, 1): "B"})
    assert [outcome.end for outcome in kept] == [(Hex(0, 1), E)]


def test_the_commit_to_hit_rule_leaves_every_move_when_none_can_target() -> None:
    outcomes = move_outcomes(
        (ORIGIN, E), [MoveSpec("step", 1, "front3")], area=everywhere, occupied={}, terrain={}
    )
    kept = commit_to_hit(outcomes, [Cell(Hex(1, 0))], {Hex(-3, 0): "B"})
    assert kept == outcomes


# Blocks > Resolving Blocks


def test_resolving_blocks_condition_1_a_block_in_the_attackers_hex() -> None:
    # Adjacent attacker standing in one of the defender's block hexes.
    assert is_blocked(Hex(1, 0), ORIGIN, frozenset(FRONT3), frozenset(), everywhere)


def test_resolving_blocks_rulebook_example_the_shortest_path_passes_through_a_block() -> None:
    # The Student (at the origin, facing east) blocks the three hexes ahead; the Ronin
    # stands three hexes away, not in them: the shortest path runs through a block.
    assert is_blocked(Hex(3, 0), ORIGIN, frozenset(FRONT3), frozenset(), everywhere)
    assert is_blocked(Hex(2, 1), ORIGIN, frozenset(FRONT3), frozenset(), everywhere)


def test_resolving_blocks_an_attack_from_behind_is_not_blocked() -> None:
    assert not is_blocked(Hex(-2, 0), ORIGIN, frozenset(FRONT3), frozenset(), everywhere)


def test_resolving_blocks_every_tied_shortest_path_must_pass_through_a_block() -> None:
    # From (2, 1) two shortest paths reach the origin through (1, 0) or (0, 1) (and
    # others): a block on (1, 0) alone leaves a tied path that avoids it.
    assert not is_blocked(Hex(2, 1), ORIGIN, frozenset({Hex(1, 0)}), frozenset(), everywhere)
    assert is_blocked(Hex(2, 1), ORIGIN, frozenset({Hex(1, 0), Hex(0, 1)}), frozenset(), everywhere)


def test_resolving_blocks_terrain_adds_a_block_at_all_speeds() -> None:
    assert is_blocked(Hex(2, 0), ORIGIN, frozenset(), frozenset({Hex(1, 0)}), everywhere)
    assert not is_blocked(Hex(2, 0), ORIGIN, frozenset(), frozenset(), everywhere)


def test_resolving_blocks_an_adjacent_attacker_has_no_hex_between() -> None:
    assert not is_blocked(Hex(1, 0), ORIGIN, frozenset({Hex(2, 0)}), frozenset(), everywhere)


def test_resolving_blocks_paths_run_over_the_battlefield_only() -> None:
    # A hole in the battlefield at (1, 0): the shortest battlefield paths go round it,
    # through (2, -1), (1, -1) or through (1, 1), (0, 1).
    board = ORIGIN.within(3) - {Hex(1, 0)}
    assert is_blocked(
        Hex(2, 0), ORIGIN, frozenset({Hex(1, -1), Hex(0, 1)}), frozenset(), board.__contains__
    )
    assert not is_blocked(
        Hex(2, 0), ORIGIN, frozenset({Hex(1, -1)}), frozenset(), board.__contains__
    )


def test_multiplayer_rules_blocking_a_block_on_the_defenders_hex() -> None:
    assert covered_by_block(Hex(1, 0), {Hex(1, 0), Hex(1, -1)})
    assert not covered_by_block(Hex(2, 0), {Hex(1, 0)})


@given(
    st.integers(-4, 4), st.integers(-4, 4), st.sets(st.sampled_from(ORIGIN.spiral(3)), max_size=6)
)
def test_resolving_blocks_agrees_with_enumerating_every_shortest_path(
    q: int, r: int, blocks: set[Hex]
) -> None:
    """Condition 2 by brute force: every shortest path (of the unbounded grid)
    listed, each checked for a block strictly between the ends."""
    attacker = Hex(q, r)
    if attacker == ORIGIN or attacker in blocks:
        return
    paths = [[attacker]]
    for _ in range(attacker.distance(ORIGIN)):
        paths = [
            [*path, there]
            for path in paths
            for there in path[-1].neighbours()
            if there.distance(ORIGIN) == path[-1].distance(ORIGIN) - 1
        ]
    expected = all(any(hex_ in blocks for hex_ in path[1:-1]) for path in paths)
    assert is_blocked(attacker, ORIGIN, frozenset(blocks), frozenset(), everywhere) == expected


# Ranged Effects


def test_ranged_effects_condition_1_within_x_hexes_not_counting_the_own_hex() -> None:
    assert in_range(ORIGIN, Hex(3, 0), 3)
    assert not in_range(ORIGIN, Hex(4, 0), 3)
    assert not in_range(ORIGIN, ORIGIN, 3)


def test_ranged_effects_condition_2_line_of_sight_from_either_front_corner() -> None:
    targets = {"ahead": Hex(3, 0), "behind": Hex(-2, 0), "side": Hex(0, 2)}
    assert ranged_candidates((ORIGIN, E), 3, targets, frozenset()) == ("ahead", "side")


def test_ranged_effects_line_of_sight_is_interrupted_by_terrain() -> None:
    targets = {"B": Hex(3, 0)}
    assert ranged_candidates((ORIGIN, E), 3, targets, frozenset({Hex(2, 0)})) == ()


def test_ranged_effects_condition_3_a_lower_initiative_speed() -> None:
    assert slower_than(5, 4)
    assert not slower_than(5, 5)


def test_ranged_effects_condition_3_variable_speed_counts_its_lowest() -> None:
    # Calm Defence [6-2] against an attack at 4: 2 is lower.
    assert slower_than(4, (6, 2))
    assert not slower_than(2, (6, 2))

"""Push, Pull, Rotate (target), Swap Positions, Kamae changes, the order of
resolution, hobbles and setup placement (rulebook 1.5), on the grid."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import Facing, Hex
from engine.senjutsu.grid import (
    Collision,
    KamaePath,
    PlayedCard,
    empty_tie,
    gain_focus,
    hobbled_range,
    hobbled_speed,
    kamae_paths,
    kamae_switch_targets,
    order_with_first,
    place_in_tie,
    placement_hexes,
    pull_destinations,
    push_destinations,
    resolution_groups,
    rotate_target_outcomes,
    swap_positions,
    terrain_hexes,
    terrain_placement_ok,
    terrain_placements,
    tie_chooser,
)

E, SE, SW, W, NW, NE = Facing
ORIGIN = Hex(0, 0)


def everywhere(_hex: Hex) -> bool:
    return True


def pushed(
    source: Hex,
    target: Hex,
    n: int,
    *,
    pull: bool = False,
    area: Callable[[Hex], bool] = everywhere,
    occupied: Mapping[Hex, str] | None = None,
    terrain: Mapping[Hex, str] | None = None,
) -> list[tuple[Hex, Collision | None]]:
    move = pull_destinations if pull else push_destinations
    return [
        (outcome.end, outcome.collision)
        for outcome in move(
            source, target, n, area=area, occupied=occupied or {}, terrain=terrain or {}
        )
    ]


# Other Ability Card Keywords > Push X / Pull X


def test_push_x_moves_the_target_directly_away() -> None:
    assert pushed(ORIGIN, Hex(1, 0), 2) == [(Hex(3, 0), None)]


def test_pull_x_moves_the_target_directly_towards() -> None:
    assert pushed(ORIGIN, Hex(3, 0), 2, pull=True) == [(Hex(1, 0), None)]


def test_push_x_tied_furthest_hexes_are_a_choice() -> None:
    # Pushed along a diagonal (the line runs along an edge): two hexes tie.
    assert pushed(ORIGIN, Hex(1, 1), 1) == [(Hex(1, 2), None), (Hex(2, 1), None)]


def test_push_x_a_collision_is_a_mandatory_move_into_that_space() -> None:
    outcomes = pushed(ORIGIN, Hex(1, 0), 2, terrain={Hex(3, 0): "rocks"})
    assert outcomes == [(Hex(2, 0), Collision("terrain", Hex(3, 0), "rocks"))]


def test_push_x_may_deliberately_push_into_terrain_even_with_an_empty_hex_tied() -> None:
    outcomes = pushed(ORIGIN, Hex(1, 1), 1, occupied={Hex(2, 1): "C"})
    assert outcomes == [(Hex(1, 1), Collision("character", Hex(2, 1), "C")), (Hex(1, 2), None)]


def test_push_x_off_the_battlefield() -> None:
    area = {ORIGIN, Hex(1, 0)}.__contains__
    assert pushed(ORIGIN, Hex(1, 0), 1, area=area) == [
        (Hex(1, 0), Collision("off_battlefield", Hex(2, 0), None))
    ]


def test_pull_x_into_the_puller_is_a_collision_with_the_puller() -> None:
    outcomes = pushed(ORIGIN, Hex(2, 0), 2, pull=True, occupied={ORIGIN: "A"})
    assert outcomes == [(Hex(1, 0), Collision("character", ORIGIN, "A"))]


def test_rotate_x_the_target_turns_x_times_in_the_same_direction() -> None:
    assert rotate_target_outcomes((ORIGIN, E), 2) == ((ORIGIN, SW), (ORIGIN, NW))
    assert rotate_target_outcomes((ORIGIN, E), 3) == ((ORIGIN, W),)


def test_swap_positions_both_keep_their_facing() -> None:
    assert swap_positions((ORIGIN, E), (Hex(2, 0), W)) == ((Hex(2, 0), E), (ORIGIN, W))


# Kamae Positions

BRANCHES = [("n", "a1", False), ("a1", "b1", True), ("b1", "n", True), ("n", "d1", False)]


def test_changing_kamae_positions_every_path_up_to_x_along_the_arrows() -> None:
    paths = kamae_paths(BRANCHES, "a1", 2)
    assert paths == (
        KamaePath(("a1",), 0),
        KamaePath(("a1", "b1"), 1),
        KamaePath(("a1", "b1", "n"), 2),
    )


def test_changing_kamae_positions_branches_are_one_way() -> None:
    # a1 -> n has no branch: from a1 the ring never goes straight back to n.
    assert ("a1", "n") not in {path.path for path in kamae_paths(BRANCHES, "a1", 1)}


def test_changing_kamae_positions_a_pink_branch_gains_a_focus() -> None:
    paths = {path.path: path.focus for path in kamae_paths(BRANCHES, "n", 3)}
    assert paths[("n", "a1", "b1", "n")] == 2
    assert paths[("n", "d1")] == 0


def test_changing_kamae_positions_focus_is_capped_at_three() -> None:
    assert gain_focus(2, 2) == 3
    assert gain_focus(1, 1) == 2


POSITIONS = [("n", "neutral"), ("a1", "aggression"), ("a2", "aggression"), ("b1", "balance")]


def test_switching_kamae_positions_to_a_type() -> None:
    assert kamae_switch_targets(POSITIONS, "n", "aggression") == ("a1", "a2")


def test_switching_kamae_positions_to_any_never_the_starting_position() -> None:
    assert kamae_switch_targets(POSITIONS, "n", "any") == ("a1", "a2", "b1")


# Turn Structure In Detail > Resolve, Multiplayer Rules > Tied Initiative Speed


def test_resolve_speed_high_to_low_then_type_defence_attack_meditation_core() -> None:
    played = [
        PlayedCard("A", 5, "core"),
        PlayedCard("B", 5, "attack"),
        PlayedCard("C", 7, "meditation"),
        PlayedCard("D", 5, "defence"),
        PlayedCard("E", 5, "meditation"),
    ]
    groups = resolution_groups(played, ["A", "B", "C", "D", "E"])
    assert [[card.side for card in group] for group in groups] == [
        ["C"],
        ["D"],
        ["B"],
        ["E"],
        ["A"],
    ]


def test_resolve_same_speed_and_type_the_highest_on_the_track_chooses_the_order() -> None:
    played = [PlayedCard("A", 4, "attack"), PlayedCard("B", 4, "attack")]
    (group,) = resolution_groups(played, ["B", "A"])
    assert tie_chooser(group, empty_tie(group), ["B", "A"]) == "B"
    assert order_with_first(group, ["B", "A"], "A") == ("A", "B")
    assert place_in_tie(group, empty_tie(group), ["B", "A"], "B", 1) == ("A", "B")


def test_tied_initiative_speed_and_advantage_suey_steve_and_george() -> None:
    # Rulebook example: all three reveal Firm Mind; Suey (top) resolves last, Steve
    # (second) first, George is left with the middle.
    track = ["suey", "steve", "george"]
    played = [PlayedCard(side, 3, "meditation") for side in ("george", "steve", "suey")]
    (group,) = resolution_groups(played, track)
    slots = empty_tie(group)
    assert tie_chooser(group, slots, track) == "suey"
    slots = place_in_tie(group, slots, track, "suey", 2)
    assert tie_chooser(group, slots, track) == "steve"
    slots = place_in_tie(group, slots, track, "steve", 0)
    assert slots == ("steve", "george", "suey")
    assert tie_chooser(group, slots, track) is None


def test_tied_initiative_speed_and_advantage_only_the_chooser_may_choose() -> None:
    track = ["suey", "steve", "george"]
    group = resolution_groups([PlayedCard(s, 3, "attack") for s in track], track)[0]
    with pytest.raises(ValueError, match="does not choose"):
        place_in_tie(group, empty_tie(group), track, "steve", 0)


def test_hobble_reduces_speed_by_one_each_to_a_minimum_of_one() -> None:
    assert hobbled_speed(5, 2) == 3
    assert hobbled_speed(2, 3) == 1
    assert hobbled_speed(0, 1) == 0  # a stun stays at 0


def test_hobble_reduces_both_ends_of_a_variable_speed() -> None:
    assert hobbled_range((6, 2), 1) == (5, 1)


# Setup


def test_player_setup_step_12_more_than_3_hexes_from_characters_already_placed() -> None:
    board = ORIGIN.within(4)
    legal = placement_hexes(board, [ORIGIN], [])
    assert legal
    assert all(hex_.distance(ORIGIN) == 4 for hex_ in legal)


def test_player_setup_step_12_else_as_far_as_you_can() -> None:
    board = ORIGIN.within(2)
    legal = placement_hexes(board, [ORIGIN], [Hex(2, 0)])
    assert Hex(2, 0) not in legal
    assert set(legal) == set(ORIGIN.ring(2)) - {Hex(2, 0)}


def test_player_setup_step_11_the_first_character_on_any_empty_hex() -> None:
    assert placement_hexes([ORIGIN, Hex(1, 0)], [], [Hex(1, 0)]) == (ORIGIN,)


def test_battlefield_setup_terrain_not_within_2_hexes_of_other_terrain() -> None:
    board = ORIGIN.within(5)
    assert not terrain_placement_ok(board, [Hex(2, 0)], [ORIGIN])
    assert terrain_placement_ok(board, [Hex(3, 0)], [ORIGIN])
    assert not terrain_placement_ok(board, [Hex(6, 0)], [])  # off the battlefield


def test_battlefield_setup_a_turned_piece_and_its_legal_placements() -> None:
    gate = [Hex(0, 0), Hex(1, 0), Hex(2, 0)]
    assert terrain_hexes(gate, Hex(1, 1), SE) == {Hex(1, 1), Hex(1, 2), Hex(1, 3)}
    board = ORIGIN.within(1)
    assert terrain_placements(board, [ORIGIN], [ORIGIN]) == ()
    assert len(terrain_placements(board, [ORIGIN], [])) == 7 * 6


def test_changing_kamae_positions_reads_a_tree_json_or_a_tree_object() -> None:
    tree_json = {"branches": [{"from": "n", "to": "a1", "pink": True}]}

    @dataclass(frozen=True)
    class Branch:
        from_: str
        to: str
        pink: bool

    @dataclass(frozen=True)
    class Tree:
        branches: tuple[Branch, ...]

    tree = Tree((Branch("n", "a1", True),))
    expected = (KamaePath(("n",), 0), KamaePath(("n", "a1"), 1))
    assert kamae_paths(tree_json, "n", 1) == expected
    assert kamae_paths(tree, "n", 1) == expected
    assert expected[1].positions == ("n", "a1")


NEAR = st.builds(Hex, st.integers(-4, 4), st.integers(-4, 4))


@given(NEAR, NEAR, st.integers(1, 3))
def test_push_x_every_hex_is_one_further_away(source: Hex, target: Hex, n: int) -> None:
    if source == target:
        return
    for outcome in push_destinations(source, target, n, area=everywhere, occupied={}, terrain={}):
        assert outcome.collision is None
        assert [source.distance(h) for h in outcome.path] == list(
            range(source.distance(target), source.distance(target) + n + 1)
        )


@given(NEAR, NEAR, st.integers(1, 3))
def test_pull_x_every_hex_is_one_closer(source: Hex, target: Hex, n: int) -> None:
    if source.distance(target) <= n:
        return
    for outcome in pull_destinations(source, target, n, area=everywhere, occupied={}, terrain={}):
        assert outcome.collision is None
        assert outcome.end.distance(source) == source.distance(target) - n

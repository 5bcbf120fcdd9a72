"""Solo Rules (rulebook 1.5) outside the priority tables: approach, the 'facing your
character' key term, setup, solo defence cards, counters, stuns, view hand, reset
deck, collisions, tied initiative and the effects opponents ignore."""

from __future__ import annotations

import doctest
import importlib

import pytest

from engine.hexgrid import Facing, Hex
from engine.senjutsu.grid import Cell, MoveSpec
from engine.senjutsu.solo import (
    STUN,
    CollisionPenalty,
    Reveal,
    attack_from_effect,
    collision_penalty,
    deck_with_stun,
    defence_speed,
    facing_your_character,
    ignores,
    in_approach,
    next_approach,
    opponent_counter_wounds,
    rear_hex,
    reset_deck,
    reveal,
    setup_positions,
    solo_defeated,
    solo_part,
    solo_wounds,
    threat_hexes,
    tie_order,
    view_hand,
    view_hand_needs_reshuffle,
)

E, SE, SW, W, NW, NE = Facing
ORIGIN = Hex(0, 0)
PLAYER = (ORIGIN, E)


# Approach


def test_approach_hexes_relative_to_your_characters_facing() -> None:
    assert in_approach(PLAYER, Hex(3, 0), "front")
    assert in_approach(PLAYER, Hex(-2, 0), "rear")
    assert in_approach(PLAYER, Hex(0, -2), "left")
    assert in_approach(PLAYER, Hex(1, -1), "left")  # front-left hexside
    assert in_approach(PLAYER, Hex(-2, 2), "right")
    assert not in_approach(PLAYER, Hex(3, 0), "left")
    # They turn with your character.
    assert in_approach((ORIGIN, W), Hex(-3, 0), "front")


def test_approach_a_hex_on_a_boundary_is_in_both() -> None:
    # (2, -1) lies on the diagonal between ahead and front-left.
    assert in_approach(PLAYER, Hex(2, -1), "front")
    assert in_approach(PLAYER, Hex(2, -1), "left")


def test_approach_change_approach_moves_to_the_next_position_in_the_cycle() -> None:
    cycle = ("front", "left", "rear", "right")
    assert next_approach(cycle, "left") == "rear"
    assert next_approach(cycle, "right") == "front"
    with pytest.raises(ValueError, match="not one of"):
        next_approach(("front", "rear"), "left")


# 'Facing your character' Key Term


def test_facing_your_character_straight_at_your_hex_when_one_facing_can() -> None:
    assert facing_your_character(Hex(3, 0), PLAYER, "left") == W


def test_facing_your_character_approach_from_the_left_faces_right_of_your_hex() -> None:
    assert facing_your_character(Hex(2, 1), PLAYER, "left") == NW


def test_facing_your_character_approach_from_the_right_faces_left_of_your_hex() -> None:
    assert facing_your_character(Hex(2, 1), PLAYER, "right") == W


def test_facing_your_character_approach_from_the_front_faces_the_hex_you_face() -> None:
    # From (1, -2) the two closest facings are SOUTH_WEST and SOUTH_EAST; the hex you
    # face, (1, 0), lies straight SOUTH_EAST.
    assert facing_your_character(Hex(1, -2), PLAYER, "front") == SE
    # From (-1, 2) (NORTH_WEST or NORTH_EAST): the hex you face is to the NORTH_EAST.
    assert facing_your_character(Hex(-1, 2), PLAYER, "front") == NE


def test_facing_your_character_approach_from_the_rear_faces_the_hex_behind_you() -> None:
    # Not written in the rulebook: the mirror of the front approach.
    assert rear_hex(PLAYER) == Hex(-1, 0)
    assert facing_your_character(Hex(1, -2), PLAYER, "rear") == SW
    # From (-2, 1) (NORTH_EAST or EAST): the hex behind you is NORTH_EAST of it, the
    # hex you face more nearly EAST.
    assert facing_your_character(Hex(-2, 1), PLAYER, "rear") == NE
    assert facing_your_character(Hex(-2, 1), PLAYER, "front") == E


# Solo Setup


def test_solo_setup_empty_hexes_facing_your_character_at_least_four_hexes_away() -> None:
    board = ORIGIN.within(4)
    found = setup_positions(board, PLAYER, frozenset({Hex(4, 0)}), frozenset({Hex(0, 4)}), "left")
    hexes = [hex_ for hex_, _ in found]
    assert hexes == sorted(set(ORIGIN.ring(4)) - {Hex(4, 0), Hex(0, 4)})
    assert dict(found)[Hex(-4, 0)] == E
    assert dict(found)[Hex(3, 1)] == facing_your_character(Hex(3, 1), PLAYER, "left")


# Resolving Solo Cards, Solo Defence Cards, Opponent Counters


def test_resolving_solo_cards_top_if_it_can_attack_else_bottom() -> None:
    assert solo_part(True) == "top"
    assert solo_part(False) == "bottom"


def test_solo_defence_cards_the_speed_that_blocks_the_most_wounds() -> None:
    assert defence_speed((6, 2), [(5, 1), (3, 2)]) == 3


def test_solo_defence_cards_a_tie_uses_the_highest_of_the_tied_speeds() -> None:
    assert defence_speed((6, 2), [(5, 2), (3, 2), (2, 1)]) == 5


def test_solo_defence_cards_no_attack_in_range_the_highest_possible_speed() -> None:
    assert defence_speed((6, 2), []) == 6
    assert defence_speed((6, 2), [(7, 3), (1, 1)]) == 6
    assert defence_speed((5, 1), [(1, 1)]) == 1  # a hobbled range reaches 1


def test_opponent_counters_wound_you_at_a_counter_speed() -> None:
    assert opponent_counter_wounds([4], 4) == 1
    assert opponent_counter_wounds([4, 5], 3) == 0


# Adjusting Player Cards


def test_stun_shuffles_a_stun_card_into_the_opponents_deck() -> None:
    assert deck_with_stun(("so-1", "so-2")) == ("so-1", "so-2", STUN)


def test_stun_a_revealed_stun_skips_the_resolve_and_discard_steps() -> None:
    assert reveal((STUN, "so-1"), ()) == Reveal(False, STUN, True)
    assert reveal(("so-1",), ()) == Reveal(False, "so-1", False)


def test_reveal_an_empty_deck_reshuffles_the_discard_pile_first() -> None:
    assert reveal((), ("so-1", "so-2")) == Reveal(True, None, False)
    assert reveal((), ()) == Reveal(False, None, False)


def test_stun_defeated_when_stuns_above_the_card_equal_the_remaining_wounds() -> None:
    assert not solo_defeated(wounds_left=3, stuns_above=2)
    assert solo_defeated(wounds_left=2, stuns_above=2)
    assert solo_defeated(wounds_left=0, stuns_above=0)


def test_bleeding_wounds_opponents_treat_their_bleeding_wounds_as_wounds() -> None:
    assert solo_wounds(1, 2) == 3


def test_view_hand_the_top_two_cards() -> None:
    assert view_hand(("a", "b", "c")) == ("a", "b")
    assert not view_hand_needs_reshuffle(("a", "b"))
    assert view_hand_needs_reshuffle(("a",))


def test_focus_and_draw_discard_cards_opponents_ignore_them() -> None:
    assert ignores("focus")
    assert ignores("draw")
    assert ignores("discard")
    assert not ignores("step")
    assert not ignores("attack")


def test_reset_deck_every_card_of_the_opponent_goes_back_into_the_deck() -> None:
    assert sorted(reset_deck(("a",), ("b", "c"), "r")) == ["a", "b", "c", "r"]


def test_opponent_collisions_discard_the_current_card_and_stun_both() -> None:
    assert collision_penalty("o1", "o2") == CollisionPenalty(("o1",), ("o1", "o2"))


def test_solo_gameplay_resolve_tied_initiative_player_first_then_the_row() -> None:
    assert tie_order(["o2", "player", "o1"], "player", ["o1", "o2"]) == ("player", "o1", "o2")
    assert tie_order(["o2", "o1"], "player", ["o2", "o1"]) == ("o2", "o1")


@pytest.mark.parametrize("name", ["geometry", "cards"])
def test_solo_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"engine.senjutsu.solo.{name}")
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failed == 0


# Inputs from card effects


def test_attacks_an_opponents_grid_attack_from_its_effect_json() -> None:
    effect = {"do": "attack", "grid": [{"hex": [1, 0], "wounds": 2}, {"hex": [1, -1]}]}
    attack = attack_from_effect(effect)
    assert attack.cells == (Cell(Hex(1, 0), wounds=2), Cell(Hex(1, -1)))
    assert attack.range is None


def test_ranged_effects_an_opponents_ranged_attack_from_its_effect_json() -> None:
    attack = attack_from_effect({"do": "ranged_attack", "range": 4, "bleeding": 1}, speed_ok=False)
    assert attack.range == 4
    assert attack.ranged_cell == Cell(Hex(0, 0), wounds=1, bleeding=1)
    assert not attack.speed_ok
    with pytest.raises(ValueError, match="attack or ranged_attack"):
        attack_from_effect({"do": "step"})


def test_the_commit_to_hit_rule_your_reach_counts_the_moves_before_your_attack() -> None:
    board = ORIGIN.within(4)
    reach = threat_hexes(
        PLAYER,
        [[MoveSpec("step", 1, "front")]],
        cells=(Cell(Hex(1, 0)),),
        board=board,
        occupied={},
        terrain={},
    )
    assert reach == {Hex(1, 0), Hex(2, 0)}


def test_ranged_effects_your_ranged_reach_is_range_and_line_of_sight() -> None:
    board = ORIGIN.within(4)
    reach = threat_hexes(
        PLAYER, [], range_=3, board=board, occupied={}, terrain={Hex(2, 0): "rocks"}
    )
    assert Hex(3, 0) not in reach  # behind the rock
    assert Hex(-2, 0) not in reach  # behind you
    assert Hex(4, 0) not in reach  # out of range
    assert Hex(0, 2) in reach

"""Facing-relative hexes: Senjutsu's moves and grids, Samurai Battles' zones."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import (
    THREE_FRONT,
    Facing,
    Hex,
    Side,
    arc,
    corner_line_of_sight,
    directly_away,
    directly_towards,
    facings_towards,
    front_hexes,
    line_of_sight,
    oriented,
    relative_directions,
    relative_side,
)
from tests.unit.hexgrid.strategies import exact, facings, hexes, near

ORIGIN = Hex(0, 0)


# Senjutsu 1.5, Move Effects (p. 8)


def test_senjutsu_front_hexes() -> None:
    # Step arrows: "the hex that they are facing, or ... the hex to the left or
    # right of the hex they are facing".
    left, ahead, right = front_hexes(Hex(2, 3), Facing.NORTH_EAST)
    assert ahead == Hex(3, 2)
    assert left == Hex(2, 2)  # north-west of (2, 3)
    assert right == Hex(3, 3)  # east of (2, 3)
    assert set(front_hexes(ORIGIN, Facing.EAST)) == arc(ORIGIN, Facing.EAST, Side.FRONT)


def test_senjutsu_rotate_one_faces_the_hex_left_or_right_of_the_one_faced() -> None:
    left, _, right = front_hexes(ORIGIN, Facing.WEST)
    assert ORIGIN.neighbour(Facing.WEST.turn(-1)) == left
    assert ORIGIN.neighbour(Facing.WEST.turn(1)) == right


def test_senjutsu_step_two_keeps_one_direction_relative_to_facing() -> None:
    # Step 2 straight ahead, facing SOUTH_WEST: two hexes along the same row.
    assert ORIGIN.neighbour(Facing.SOUTH_WEST, 2) == Hex(-2, 2)
    # Step, rotate, step (the Ronin's example): both steps "straight forwards".
    first = ORIGIN.neighbour(Facing.EAST)
    assert first.neighbour(Facing.EAST.turn(1)) == Hex(1, 1)


def test_senjutsu_attack_grid_follows_the_attacker_s_facing() -> None:
    # A sweep grid drawn for a fighter facing EAST: the three front hexes.
    sweep = [Hex(1, -1), Hex(1, 0), Hex(0, 1)]
    assert oriented(sweep, ORIGIN, Facing.EAST) == frozenset(sweep)
    assert oriented(sweep, Hex(4, 4), Facing.WEST) == frozenset(front_hexes(Hex(4, 4), Facing.WEST))


@exact
@given(hexes, facings, st.frozensets(near, max_size=6))
def test_an_oriented_grid_is_rotated_then_moved(
    origin: Hex, facing: Facing, pattern: frozenset[Hex]
) -> None:
    placed = oriented(pattern, origin, facing)
    assert {origin.distance(h) for h in placed} == {ORIGIN.distance(h) for h in pattern}
    assert oriented(pattern, origin, facing.turn(6)) == placed


def test_senjutsu_push_and_pull_move_directly_away_or_towards() -> None:
    # Along a row there is one hex directly away; off the rows, two tie and the
    # player chooses ("choose which tied hex").
    assert directly_away(ORIGIN, Hex(1, 0)) == (Hex(2, 0),)
    assert directly_away(ORIGIN, Hex(2, -1)) == (Hex(3, -2), Hex(3, -1))
    assert directly_away(ORIGIN, Hex(2, 1)) == (Hex(3, 1),)
    assert directly_away(ORIGIN, Hex(1, 1)) == (Hex(1, 2), Hex(2, 1))
    assert directly_towards(ORIGIN, Hex(1, 1)) == (Hex(0, 1), Hex(1, 0))
    # Pulling an adjacent character pulls it into your own hex: a collision.
    assert directly_towards(ORIGIN, Hex(1, 0)) == (ORIGIN,)


@exact
@given(hexes, hexes)
def test_directly_away_and_towards_change_the_distance_by_one(source: Hex, target: Hex) -> None:
    if source == target:
        with pytest.raises(ValueError, match="own"):
            directly_away(source, target)
        return
    distance = source.distance(target)
    away, towards = directly_away(source, target), directly_towards(source, target)
    for found, change in ((away, +1), (towards, -1)):
        assert 1 <= len(found) <= 2
        assert all(source.distance(h) == distance + change for h in found)
        assert all(target.distance(h) == 1 for h in found)
    # Pushed straight away, the hex is then pulled straight back.
    assert all(target in directly_towards(source, h) for h in away)


def test_senjutsu_facing_your_character_offers_the_two_closest_facings() -> None:
    # Solo opponents (p. 19): when no facing looks straight at you, the two
    # facings that get closest are considered.
    assert facings_towards(ORIGIN, Hex(3, 0)) == (Facing.EAST,)
    assert facings_towards(ORIGIN, Hex(2, 1)) == (Facing.EAST, Facing.SOUTH_EAST)
    assert facings_towards(ORIGIN, Hex(3, -1)) == (Facing.NORTH_EAST, Facing.EAST)
    with pytest.raises(ValueError, match="own hex"):
        facings_towards(ORIGIN, ORIGIN)


@exact
@given(hexes, hexes)
def test_facings_towards_bracket_the_target(origin: Hex, target: Hex) -> None:
    if origin == target:
        return
    found = facings_towards(origin, target)
    assert len(found) in (1, 2)
    if len(found) == 2:
        assert found[0].turn(1) is found[1]
    # Facing any of them, the target lies in the front arc.
    for facing in found:
        assert relative_side(origin, facing, target) is Side.FRONT


def test_senjutsu_rear_is_the_hex_behind() -> None:
    assert arc(ORIGIN, Facing.NORTH_EAST, Side.REAR) == {Hex(-1, 1)}
    assert relative_side(of=ORIGIN, facing=Facing.NORTH_EAST, to=Hex(-2, 2)) is Side.REAR


# Samurai Battles, Orders: Defense Zone, Kill Zone, flank and rear attacks


def test_samurai_battles_defense_zone_is_the_front_arc() -> None:
    # Defend: "write down which hex the unit will face ... the direction of the
    # unit's Defense Zone": the hex faced and the two either side.
    zone = arc(Hex(5, 5), Facing.SOUTH_WEST, Side.FRONT)
    assert zone == frozenset(front_hexes(Hex(5, 5), Facing.SOUTH_WEST))
    assert Hex(5, 5).neighbour(Facing.SOUTH_WEST) in zone


def test_kill_zone_range() -> None:
    # "A unit of archers has the Defend order with a Kill Zone range of 3 hexes."
    kill_zone = arc(ORIGIN, Facing.EAST, Side.FRONT, radius=3)
    assert all(1 <= ORIGIN.distance(h) <= 3 for h in kill_zone)
    assert Hex(3, 0) in kill_zone
    assert Hex(4, 0) not in kill_zone  # out of range
    assert Hex(-1, 0) not in kill_zone  # behind
    # Per ring: 3 of 6 adjacent hexes; 7 of 12 at range 2 (the front five and the
    # two on the front/flank diagonals, which count as front); 9 of 18 at range 3.
    assert len(kill_zone) == 3 + 7 + 9
    # Fire and Retreat: a Kill Zone of 2 is the first two rings of it.
    assert arc(ORIGIN, Facing.EAST, Side.FRONT, radius=2) == {
        h for h in kill_zone if ORIGIN.distance(h) <= 2
    }


def test_kill_zone_with_line_of_sight() -> None:
    # A Kill Zone is only worth what the archers can see: behind a forest hex,
    # the row beyond it is hidden.
    forest = {Hex(1, 0)}
    kill_zone = arc(ORIGIN, Facing.EAST, Side.FRONT, radius=3)
    seen = {h for h in kill_zone if line_of_sight(ORIGIN, h, forest)}
    assert Hex(2, 0) not in seen
    assert Hex(3, 0) not in seen
    assert Hex(0, 3) in seen
    assert not corner_line_of_sight(ORIGIN, Facing.EAST, Hex(3, 0), forest)


def test_fire_and_retreat_moves_directly_backwards() -> None:
    # "Then, the defending unit moves directly backwards 1 hex."
    assert ORIGIN.neighbour(Facing.SOUTH_EAST.opposite) == Hex(0, -1)


def test_samurai_battles_flank_and_rear_attacks() -> None:
    unit, facing = ORIGIN, Facing.EAST
    assert relative_side(unit, facing, Hex(1, -1)) is Side.FRONT
    assert relative_side(unit, facing, Hex(0, -1)) is Side.FLANK
    assert relative_side(unit, facing, Hex(-1, 1)) is Side.FLANK
    assert relative_side(unit, facing, Hex(-1, 0)) is Side.REAR
    # Between two sides (on a diagonal), the more frontal one counts.
    assert relative_directions(unit, facing, Hex(-1, 2)) == (1, 2)
    assert relative_side(unit, facing, Hex(-1, 2)) is Side.FRONT
    assert relative_directions(unit, facing, Hex(-2, 1)) == (2, 3)
    assert relative_side(unit, facing, Hex(-2, 1)) is Side.FLANK


def test_a_side_rule_can_be_changed_by_the_system() -> None:
    # All-Around Defense: "This unit does not have any flank or rear sides".
    all_around = (Side.FRONT,) * 6
    assert arc(ORIGIN, Facing.EAST, Side.FRONT, 2, rule=all_around) == ORIGIN.within(2) - {ORIGIN}
    assert THREE_FRONT.count(Side.FRONT) == 3


def test_an_arc_can_be_named_in_words() -> None:
    assert arc(ORIGIN, Facing.EAST, "flank", 2) == arc(ORIGIN, Facing.EAST, Side.FLANK, 2)
    with pytest.raises(ValueError, match="front, flank or rear"):
        arc(ORIGIN, Facing.EAST, "left")


@exact
@given(hexes, facings, st.integers(1, 5))
def test_the_three_arcs_share_no_hex_and_cover_the_area(
    origin: Hex, facing: Facing, radius: int
) -> None:
    front, flank, rear = (arc(origin, facing, side, radius) for side in Side)
    assert not front & flank
    assert not front & rear
    assert not flank & rear
    assert front | flank | rear == origin.within(radius) - {origin}


@exact
@given(hexes, facings, hexes, st.integers(-6, 6))
def test_sides_turn_with_the_piece(origin: Hex, facing: Facing, target: Hex, steps: int) -> None:
    if origin == target:
        with pytest.raises(ValueError, match="own hex"):
            relative_side(origin, facing, target)
        return
    assert relative_side(origin, facing, target) is relative_side(
        origin, facing.turn(steps), target.rotated(steps, around=origin)
    )
    directions = relative_directions(origin, facing, target)
    assert len(directions) in (1, 2)
    # Adjacent hexes lie on no boundary: the relative direction is the hexside.
    if origin.distance(target) == 1:
        assert directions == ((Facing.towards(origin, target) - facing) % 6,)

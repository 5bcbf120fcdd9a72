"""Solo Rules > Opponent Movement (rulebook 1.5): a test per row of the priority
tables, showing the opponent taking the position the table demands; where a later
row would choose otherwise, the same table without the row is shown choosing
something else."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.hexgrid import Facing, Hex
from engine.senjutsu.grid import Cell, MoveSpec, Position
from engine.senjutsu.solo import (
    DEFENSIVE_TOP,
    MELEE_MOVE,
    OFFENSIVE_TOP,
    RANGED_MOVE,
    Candidate,
    MovementTable,
    Priority,
    SoloAttack,
    SoloContext,
    apply_priorities,
    attack_move,
    can_attack_with_top,
    candidates,
    plain_move,
)
from engine.senjutsu.solo.priorities import (
    ABLE_TO_SUCCESSFULLY_ATTACK,
    APPROACH_HEX,
    AT_PREFERRED_RANGE,
    AVOIDING_OTHER_OPPONENTS,
    CLOSER_TO_PREFERRED_RANGE,
    CLOSER_TO_REAR,
    CLOSER_TO_SIGHT_HEX,
    FACING_AS_MUCH_AS_POSSIBLE,
    FACING_MORE_TOWARDS,
    FACING_YOUR_CHARACTER,
    IN_LINE_OF_SIGHT,
    MOST_WOUNDS,
    UNABLE_TO_BE_ATTACKED,
)

E, SE, SW, W, NW, NE = Facing
ORIGIN = Hex(0, 0)
BOARD = ORIGIN.within(6)
FRONT = (Cell(Hex(1, 0)),)
FRONT3 = (Cell(Hex(1, -1)), Cell(Hex(1, 0)), Cell(Hex(0, 1)))


def context(**fields: Any) -> SoloContext:
    values: dict[str, Any] = {"player": (ORIGIN, E), "opponent": (Hex(4, 0), W), "board": BOARD}
    values.update(fields)
    return SoloContext(**values)


def choose(table: MovementTable, positions: list[Position], ctx: SoloContext) -> Position | None:
    chosen = apply_priorities(table, [Candidate(p) for p in positions], ctx)
    return chosen.position if chosen else None


def without(table: MovementTable, row: Priority) -> MovementTable:
    return dataclasses.replace(table, rows=tuple(r for r in table.rows if r is not row))


# Priorities for the top segment of attack cards, defensive stance


def test_defensive_1_unable_to_be_attacked_by_your_character() -> None:
    ctx = context(
        stance="defensive", attack=SoloAttack(FRONT), player_threat=frozenset({Hex(1, 0)})
    )
    positions = [(Hex(1, 0), W), (Hex(2, 0), W)]
    assert choose(DEFENSIVE_TOP, positions, ctx) == (Hex(2, 0), W)
    assert choose(without(DEFENSIVE_TOP, UNABLE_TO_BE_ATTACKED), positions, ctx) == (Hex(1, 0), W)


def test_defensive_1_is_ignored_when_you_did_not_play_an_attack_card() -> None:
    ctx = context(stance="defensive", attack=SoloAttack(FRONT), player_threat=None)
    assert choose(DEFENSIVE_TOP, [(Hex(1, 0), W), (Hex(2, 0), W)], ctx) == (Hex(1, 0), W)


def test_defensive_2_avoiding_attacking_other_opponents_too() -> None:
    ctx = context(
        stance="defensive", approach="left", attack=SoloAttack(FRONT3), others={Hex(0, -1): "o2"}
    )
    positions = [(Hex(1, 0), W), (Hex(1, -1), SW)]  # the second also hits o2
    assert choose(DEFENSIVE_TOP, positions, ctx) == (Hex(1, 0), W)
    table = without(DEFENSIVE_TOP, AVOIDING_OTHER_OPPONENTS)
    assert choose(table, positions, ctx) == (Hex(1, -1), SW)


def test_defensive_3_able_to_successfully_attack_discounting_blocked_positions() -> None:
    # A spear two hexes ahead (targeting only); your block on (1, 0) stops the attack
    # from (2, 0), not from (0, 2).
    spear = SoloAttack((Cell(Hex(2, 0), wounds=0),))
    ctx = context(
        stance="defensive", preferred_range=2, attack=spear, player_blocks=frozenset({Hex(1, 0)})
    )
    positions = [(Hex(2, 0), W), (Hex(0, 2), NW)]
    assert choose(DEFENSIVE_TOP, positions, ctx) == (Hex(0, 2), NW)
    table = without(DEFENSIVE_TOP, ABLE_TO_SUCCESSFULLY_ATTACK)
    assert choose(table, positions, ctx) == (Hex(2, 0), W)


def test_defensive_4_using_their_attack_to_deal_the_most_wounds_possible() -> None:
    attack = SoloAttack((Cell(Hex(1, 0)), Cell(Hex(1, -1), wounds=2)))
    ctx = context(stance="defensive", attack=attack)
    positions = [(Hex(1, 0), W), (Hex(1, -1), W)]  # you stand in the 1- and the 2-wound hex
    assert choose(DEFENSIVE_TOP, positions, ctx) == (Hex(1, -1), W)
    assert choose(without(DEFENSIVE_TOP, MOST_WOUNDS), positions, ctx) == (Hex(1, 0), W)


def test_defensive_5_closer_to_their_preferred_range() -> None:
    ctx = context(stance="defensive", preferred_range=3, attack=SoloAttack(FRONT))
    positions = [(Hex(3, 0), W), (Hex(2, 0), W)]
    assert choose(DEFENSIVE_TOP, positions, ctx) == (Hex(3, 0), W)
    table = without(DEFENSIVE_TOP, CLOSER_TO_PREFERRED_RANGE)
    assert choose(table, positions, ctx) == (Hex(2, 0), W)


def test_defensive_6_closer_to_your_characters_rear() -> None:
    ctx = context(stance="defensive", preferred_range=2, attack=SoloAttack(FRONT))
    positions = [(Hex(-2, 0), E), (Hex(2, 0), W)]
    assert choose(DEFENSIVE_TOP, positions, ctx) == (Hex(-2, 0), E)
    assert choose(without(DEFENSIVE_TOP, CLOSER_TO_REAR), positions, ctx) == (Hex(2, 0), W)


def test_defensive_7_occupying_the_hex_their_approach_indicates() -> None:
    # Mirror images across your facing: the same range, rear distance and facing.
    positions = [(Hex(0, -2), SE), (Hex(-2, 2), NE)]
    left = context(stance="defensive", preferred_range=2, approach="left", attack=SoloAttack(FRONT))
    right = dataclasses.replace(left, approach="right")
    assert choose(DEFENSIVE_TOP, positions, left) == (Hex(0, -2), SE)
    assert choose(DEFENSIVE_TOP, positions, right) == (Hex(-2, 2), NE)
    assert choose(without(DEFENSIVE_TOP, APPROACH_HEX), positions, left) == (Hex(-2, 2), NE)


def test_defensive_8_facing_your_character_by_the_key_term() -> None:
    # From (2, 1) no facing looks straight at you: WEST and NORTH_WEST are closest;
    # approaching from the left, the opponent faces to the right of your hex.
    ctx = context(stance="defensive", approach="left", attack=SoloAttack(FRONT))
    positions = [(Hex(2, 1), NW), (Hex(2, 1), W)]
    assert choose(DEFENSIVE_TOP, positions, ctx) == (Hex(2, 1), NW)
    table = without(DEFENSIVE_TOP, FACING_AS_MUCH_AS_POSSIBLE)
    assert choose(table, positions, ctx) == (Hex(2, 1), W)


def test_defensive_8_else_rotating_towards_your_character_as_much_as_possible() -> None:
    # Facing you would be WEST; of the positions on offer NORTH_EAST is two hexsides
    # off, EAST three.
    ctx = context(stance="defensive", attack=SoloAttack(FRONT))
    positions = [(Hex(3, 0), E), (Hex(3, 0), NE)]
    assert choose(DEFENSIVE_TOP, positions, ctx) == (Hex(3, 0), NE)


# Priorities for the top segment of attack cards, offensive stance


def test_offensive_1_able_to_successfully_attack_discounting_blocked_positions() -> None:
    spear = SoloAttack((Cell(Hex(2, 0), wounds=0),))
    ctx = context(preferred_range=2, attack=spear, player_blocks=frozenset({Hex(0, 1)}))
    positions = [(Hex(0, 2), NW), (Hex(2, 0), W)]  # the first is blocked
    assert choose(OFFENSIVE_TOP, positions, ctx) == (Hex(2, 0), W)
    table = without(OFFENSIVE_TOP, ABLE_TO_SUCCESSFULLY_ATTACK)
    assert choose(table, positions, ctx) == (Hex(0, 2), NW)


def test_offensive_2_using_their_attack_to_deal_the_most_wounds_possible() -> None:
    attack = SoloAttack((Cell(Hex(1, 0)), Cell(Hex(2, 0), wounds=2)))
    ctx = context(attack=attack)
    positions = [(Hex(1, 0), W), (Hex(2, 0), W)]
    assert choose(OFFENSIVE_TOP, positions, ctx) == (Hex(2, 0), W)
    assert choose(without(OFFENSIVE_TOP, MOST_WOUNDS), positions, ctx) == (Hex(1, 0), W)


def test_offensive_3_closer_to_your_characters_rear() -> None:
    # Your attack could reach behind you: the offensive opponent goes there anyway.
    ctx = context(attack=SoloAttack(FRONT), player_threat=frozenset({Hex(-1, 0)}))
    positions = [(Hex(-1, 0), E), (Hex(1, 0), W)]
    assert choose(OFFENSIVE_TOP, positions, ctx) == (Hex(-1, 0), E)
    assert choose(without(OFFENSIVE_TOP, CLOSER_TO_REAR), positions, ctx) == (Hex(1, 0), W)


def test_offensive_4_avoiding_attacking_other_opponents_too() -> None:
    ctx = context(attack=SoloAttack(FRONT3), others={Hex(0, -1): "o2"})
    positions = [(Hex(1, 0), W), (Hex(1, -1), SW)]
    assert choose(OFFENSIVE_TOP, positions, ctx) == (Hex(1, 0), W)
    table = without(OFFENSIVE_TOP, AVOIDING_OTHER_OPPONENTS)
    assert choose(table, positions, ctx) == (Hex(1, -1), SW)


def test_offensive_5_unable_to_be_attacked_by_your_character() -> None:
    # Both attack you for 1 and are as near your rear; only (0, 2) is in your reach,
    # and only (0, 2) is at the preferred range.
    attack = SoloAttack((Cell(Hex(2, 0)), Cell(Hex(3, 0))))
    ctx = context(preferred_range=2, attack=attack, player_threat=frozenset({Hex(0, 2)}))
    positions = [(Hex(0, 2), NW), (Hex(0, -3), SE)]
    assert choose(OFFENSIVE_TOP, positions, ctx) == (Hex(0, -3), SE)
    table = without(OFFENSIVE_TOP, UNABLE_TO_BE_ATTACKED)
    assert choose(table, positions, ctx) == (Hex(0, 2), NW)


def test_offensive_6_closer_to_their_preferred_range() -> None:
    attack = SoloAttack((Cell(Hex(2, 0)), Cell(Hex(3, 0))))
    positions = [(Hex(0, 2), NW), (Hex(0, -3), SE)]
    ctx = context(preferred_range=2, attack=attack)
    assert choose(OFFENSIVE_TOP, positions, ctx) == (Hex(0, 2), NW)
    table = without(OFFENSIVE_TOP, CLOSER_TO_PREFERRED_RANGE)
    assert choose(table, positions, ctx) == (Hex(0, -3), SE)


# Priorities for non-attack cards / attack card bottom segments, melee


def test_melee_1_facing_your_character() -> None:
    ctx = context(preferred_range=2, opponent=(Hex(3, 0), NW))
    positions = [(Hex(3, 0), W), (Hex(2, 0), NW)]
    assert choose(MELEE_MOVE, positions, ctx) == (Hex(3, 0), W)
    assert choose(without(MELEE_MOVE, FACING_YOUR_CHARACTER), positions, ctx) == (Hex(2, 0), NW)


def test_melee_2_at_their_preferred_range() -> None:
    ctx = context(preferred_range=2, opponent=(Hex(4, 0), W))
    positions = [(Hex(2, 0), W), (Hex(-1, 0), E)]
    assert choose(MELEE_MOVE, positions, ctx) == (Hex(2, 0), W)
    assert AT_PREFERRED_RANGE.keep([Candidate(p) for p in positions], ctx) == (
        Candidate((Hex(2, 0), W)),
    )


def test_melee_if_the_current_position_meets_the_priorities_above_stop_here() -> None:
    ctx = context(preferred_range=2, opponent=(Hex(2, 0), W))
    assert plain_move(ctx, [[MoveSpec("step", 1, "any")]]) is None


def test_melee_3_facing_more_towards_your_character() -> None:
    ctx = context(preferred_range=1, opponent=(Hex(3, 0), SE))
    positions = [(Hex(3, 0), SW), (Hex(3, 0), SE), (Hex(4, 0), NW)]
    assert choose(MELEE_MOVE, positions, ctx) == (Hex(3, 0), SW)
    kept = FACING_MORE_TOWARDS.keep([Candidate(p) for p in positions], ctx)
    assert [c.position for c in kept] == [(Hex(3, 0), SW), (Hex(4, 0), NW)]


def test_melee_4_closer_to_their_preferred_range() -> None:
    ctx = context(preferred_range=1, opponent=(Hex(4, 0), E))
    positions = [(Hex(2, 0), NW), (Hex(-3, 0), NE)]  # one hexside off you, both
    assert choose(MELEE_MOVE, positions, ctx) == (Hex(2, 0), NW)
    assert choose(without(MELEE_MOVE, CLOSER_TO_PREFERRED_RANGE), positions, ctx) == (
        Hex(-3, 0),
        NE,
    )


def test_melee_5_closer_to_your_characters_rear() -> None:
    ctx = context(preferred_range=1, opponent=(Hex(4, 0), E))
    positions = [(Hex(2, 0), NW), (Hex(-2, 0), NE)]
    assert choose(MELEE_MOVE, positions, ctx) == (Hex(-2, 0), NE)
    assert choose(without(MELEE_MOVE, CLOSER_TO_REAR), positions, ctx) == (Hex(2, 0), NW)


def test_melee_6_occupying_the_hex_their_approach_indicates() -> None:
    positions = [(Hex(0, -2), SW), (Hex(-2, 2), E)]  # mirror images, one hexside off
    left = context(preferred_range=1, approach="left", opponent=(Hex(4, 0), E))
    assert choose(MELEE_MOVE, positions, left) == (Hex(0, -2), SW)
    right = dataclasses.replace(left, approach="right")
    assert choose(MELEE_MOVE, positions, right) == (Hex(-2, 2), E)


# Priorities for non-attack cards / attack card bottom segments, ranged

ROCKS = {Hex(1, 0): "rocks", Hex(1, -1): "rocks", Hex(0, 1): "rocks"}


def test_ranged_1_in_line_of_sight_of_your_character() -> None:
    ctx = context(
        kind="ranged", preferred_range=3, terrain={Hex(1, 0): "rocks", Hex(2, 0): "rocks"}
    )
    positions = [(Hex(3, 0), W), (Hex(0, 3), NW)]
    assert choose(RANGED_MOVE, positions, ctx) == (Hex(0, 3), NW)
    assert [c.position for c in IN_LINE_OF_SIGHT.keep([Candidate(p) for p in positions], ctx)] == [
        (Hex(0, 3), NW)
    ]


def test_ranged_2_at_their_preferred_range() -> None:
    ctx = context(kind="ranged", preferred_range=3, opponent=(Hex(5, 0), E))
    positions = [(Hex(3, 0), W), (Hex(2, 0), W)]
    assert choose(RANGED_MOVE, positions, ctx) == (Hex(3, 0), W)


def test_ranged_if_the_current_position_meets_the_priorities_above_stop_here() -> None:
    ctx = context(kind="ranged", preferred_range=3, opponent=(Hex(3, 0), W))
    assert plain_move(ctx, [[MoveSpec("step", 1, "any")]]) is None


def test_ranged_3_closer_to_a_hex_they_have_line_of_sight_from() -> None:
    # Behind a wall of rocks: (2, -2) is one hex from a hex that sees you, (1, 1) two.
    ctx = context(kind="ranged", preferred_range=2, terrain=ROCKS, opponent=(Hex(3, 0), W))
    positions = [(Hex(2, -2), SW), (Hex(1, 1), W)]
    assert choose(RANGED_MOVE, positions, ctx) == (Hex(2, -2), SW)
    assert choose(without(RANGED_MOVE, CLOSER_TO_SIGHT_HEX), positions, ctx) == (Hex(1, 1), W)


def test_ranged_4_closer_to_their_preferred_range() -> None:
    ctx = context(kind="ranged", preferred_range=4, opponent=(Hex(5, 0), E))
    positions = [(Hex(3, 0), W), (Hex(-2, 0), E)]
    assert choose(RANGED_MOVE, positions, ctx) == (Hex(3, 0), W)
    assert choose(without(RANGED_MOVE, CLOSER_TO_PREFERRED_RANGE), positions, ctx) == (
        Hex(-2, 0),
        E,
    )


def test_ranged_5_facing_more_towards_your_character() -> None:
    # In the rocks' shadow no facing sees you: the opponent still turns towards you.
    ctx = context(kind="ranged", preferred_range=5, terrain=ROCKS, opponent=(Hex(4, 0), W))
    positions = [(Hex(2, -1), E), (Hex(2, -1), W)]
    assert choose(RANGED_MOVE, positions, ctx) == (Hex(2, -1), W)


def test_ranged_6_closer_to_your_characters_rear() -> None:
    ctx = context(kind="ranged", preferred_range=5, opponent=(Hex(4, 0), E))
    positions = [(Hex(3, 0), E), (Hex(-3, 0), W)]  # both facing away: no sight
    assert choose(RANGED_MOVE, positions, ctx) == (Hex(-3, 0), W)


# The filter itself


def test_opponent_movement_no_position_meets_any_priority_the_opponent_does_not_move() -> None:
    ctx = context(attack=SoloAttack(FRONT))
    table = MovementTable("requirements only", (ABLE_TO_SUCCESSFULLY_ATTACK,))
    assert choose(table, [(Hex(3, 0), W)], ctx) is None


def test_opponent_movement_ties_after_the_last_priority_most_disadvantageous_to_you() -> None:
    # Requirements only, both met: the one behind you is worse for you.
    ctx = context(attack=SoloAttack(FRONT))
    table = MovementTable("one row", (ABLE_TO_SUCCESSFULLY_ATTACK,))
    assert choose(table, [(Hex(1, 0), W), (Hex(-1, 0), E)], ctx) == (Hex(-1, 0), E)


def test_opponent_movement_candidates_come_from_the_cards_move_lines() -> None:
    ctx = context(opponent=(Hex(3, 0), W), others={Hex(2, 0): "o2"})
    found = candidates(ctx, [[MoveSpec("step", 1, "front3")]])
    # Stepping ahead would collide with o2: an optional move never does.
    assert [c.position for c in found] == [
        (Hex(2, 1), W),
        (Hex(3, -1), W),
        (Hex(3, 0), W),
    ]
    assert all(c.plan[-1].end == c.position for c in found if c.plan)


# Resolving Solo Cards


def test_resolving_solo_cards_top_part_if_it_can_attack_your_character_moves_included() -> None:
    ctx = context(opponent=(Hex(2, 0), W), attack=SoloAttack(FRONT))
    assert not can_attack_with_top(ctx, [])
    assert can_attack_with_top(ctx, [[MoveSpec("step", 1, "front")]])


def test_resolving_solo_cards_top_part_even_if_the_attack_will_be_blocked() -> None:
    ctx = context(
        opponent=(Hex(1, 0), W), attack=SoloAttack(FRONT), player_blocks=frozenset({Hex(1, 0)})
    )
    assert can_attack_with_top(ctx, [])


def test_resolving_solo_cards_offensive_stance_follows_commit_to_hit() -> None:
    # An optional step: staying attacks you (though blocked), so it must stay.
    ctx = context(
        opponent=(Hex(1, 0), W),
        attack=SoloAttack(FRONT),
        player_blocks=frozenset({Hex(1, 0)}),
        player_threat=frozenset({Hex(1, 0)}),
    )
    chosen = attack_move(ctx, [[MoveSpec("step", 1, "any")]])
    assert chosen is not None
    assert chosen.position == (Hex(1, 0), W)


def test_stance_defensive_opponents_may_ignore_commit_to_hit_to_avoid_your_attack() -> None:
    ctx = context(
        stance="defensive",
        opponent=(Hex(1, 0), W),
        attack=SoloAttack(FRONT),
        player_threat=frozenset(ORIGIN.ring(1)),
    )
    chosen = attack_move(ctx, [[MoveSpec("step", 1, "any")]])
    assert chosen is not None
    assert chosen.hex.distance(ORIGIN) == 2
    assert chosen.plan[0].path == (Hex(1, 0), chosen.hex)

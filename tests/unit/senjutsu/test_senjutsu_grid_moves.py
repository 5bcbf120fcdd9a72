"""Move Effects (rulebook 1.5, Resolving Ability Cards > Move Effects): rotations,
steps, their sequencing, optional and mandatory moves, and collisions."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import Facing, Hex
from engine.senjutsu.grid import Collision, MoveSpec, Position, chain_outcomes, move_outcomes
from engine.senjutsu.grid.values import StepDirs

E, SE, SW, W, NW, NE = Facing
ORIGIN = Hex(0, 0)
START = (ORIGIN, E)


def everywhere(_hex: Hex) -> bool:
    return True


def ends(
    moves: Sequence[MoveSpec],
    start: Position = START,
    *,
    mandatory: bool = False,
    area: Callable[[Hex], bool] = everywhere,
    occupied: Mapping[Hex, str] | None = None,
    terrain: Mapping[Hex, str] | None = None,
) -> list[tuple[Position, Collision | None]]:
    outcomes = move_outcomes(
        start,
        moves,
        mandatory=mandatory,
        area=area,
        occupied=occupied or {},
        terrain=terrain or {},
    )
    return [(outcome.end, outcome.collision) for outcome in outcomes]


def positions(moves: Sequence[MoveSpec], **kwargs: Any) -> set[Position]:
    return {end for end, _ in ends(moves, **kwargs)}


def test_rotate_x_turns_one_hexside_left_or_right_each() -> None:
    assert positions([MoveSpec("rotate", 1, mandatory=True)]) == {(ORIGIN, NE), (ORIGIN, SE)}


def test_step_x_front_moves_into_the_hex_faced() -> None:
    assert positions([MoveSpec("step", 1, "front", mandatory=True)]) == {(Hex(1, 0), E)}


def test_step_x_front3_moves_to_the_hex_faced_or_the_one_left_or_right_of_it() -> None:
    assert positions([MoveSpec("step", 1, "front3", mandatory=True)]) == {
        (Hex(1, -1), E),
        (Hex(1, 0), E),
        (Hex(0, 1), E),
    }


def test_step_x_any_moves_to_any_adjacent_hex() -> None:
    assert {hex_ for hex_, _ in positions([MoveSpec("step", 1, "any", mandatory=True)])} == set(
        ORIGIN.neighbours()
    )


def test_step_x_of_two_or_more_takes_the_same_direction_for_each_step() -> None:
    # Front-left then front-right would end at (1, 1)-ish zigzags; only straight lines.
    assert positions([MoveSpec("step", 2, "front3", mandatory=True)]) == {
        (Hex(2, -2), E),
        (Hex(2, 0), E),
        (Hex(0, 2), E),
    }


def test_choosing_the_same_direction_with_step_2_example_step_rotate_step() -> None:
    # "step once, rotate, and then step again": the same direction relative to facing
    # (straight forwards), two cardinal directions on the board.
    found = move_outcomes(
        START,
        [MoveSpec("step", 2, "front"), MoveSpec("rotate", 2)],
        area=everywhere,
        occupied={},
        terrain={},
    )
    by_end = {outcome.end: outcome.path for outcome in found}
    assert by_end[(Hex(1, 1), SE)] == (ORIGIN, Hex(1, 0), Hex(1, 1))


def test_sequencing_of_movement_step_and_rotate_on_one_line_in_any_order() -> None:
    found = positions([MoveSpec("step", 1, "front", True), MoveSpec("rotate", 1, mandatory=True)])
    # step then rotate, or rotate then step
    assert found == {(Hex(1, 0), NE), (Hex(1, 0), SE), (Hex(1, -1), NE), (Hex(0, 1), SE)}


def test_sequencing_of_movement_then_resolves_each_line_in_order() -> None:
    # "Step 1 then rotate 1": the rotation cannot come before the step.
    found = chain_outcomes(
        START,
        [[MoveSpec("step", 1, "front", True)], [MoveSpec("rotate", 1, mandatory=True)]],
        area=everywhere,
        occupied={},
        terrain={},
    )
    assert {outcome.end for outcome in found} == {(Hex(1, 0), NE), (Hex(1, 0), SE)}
    assert all(outcome.path == (ORIGIN, Hex(1, 0)) for outcome in found)


def test_step_x_on_different_lines_may_move_in_different_directions() -> None:
    found = chain_outcomes(
        START,
        [[MoveSpec("step", 1, "front3", True)], [MoveSpec("step", 1, "front3", True)]],
        area=everywhere,
        occupied={},
        terrain={},
    )
    # Front-left, then front-right: a zigzag back onto the hex ahead, which one step 2
    # effect cannot do.
    assert (Hex(1, 0), E) in {outcome.end for outcome in found}
    assert (Hex(1, 0), E) not in positions([MoveSpec("step", 2, "front3", True)])


def test_optional_moves_go_up_to_the_number_indicated() -> None:
    found = positions([MoveSpec("step", 2, "front")])
    assert found == {(ORIGIN, E), (Hex(1, 0), E), (Hex(2, 0), E)}


def test_optional_moves_may_rotate_either_way_each_time() -> None:
    found = positions([MoveSpec("rotate", 2)])
    assert {facing for _, facing in found} == {E, SE, SW, NE, NW}


def test_optional_moves_cannot_be_used_to_deliberately_cause_a_collision() -> None:
    outcomes = ends([MoveSpec("step", 1, "front")], occupied={Hex(1, 0): "B"})
    assert outcomes == [((ORIGIN, E), None)]


def test_mandatory_moves_must_be_resolved_in_full() -> None:
    assert positions([MoveSpec("step", 2, "front", mandatory=True)]) == {(Hex(2, 0), E)}


def test_mandatory_moves_rotate_the_same_direction_for_each_rotation() -> None:
    found = positions([MoveSpec("rotate", 2, mandatory=True)])
    assert found == {(ORIGIN, NW), (ORIGIN, SW)}  # never back to EAST


def test_mandatory_moves_a_kamae_line_makes_its_moves_mandatory() -> None:
    assert positions([MoveSpec("step", 1, "front")], mandatory=True) == {(Hex(1, 0), E)}


def test_mandatory_moves_and_avoiding_collisions_example_the_ronin_rotates_then_steps() -> None:
    # Rulebook example: a mandatory step 1 and rotate 1; a rock ahead and a character
    # to the front-right leave one way without a collision: rotate left, then step.
    outcomes = ends(
        [MoveSpec("step", 1, "front", True), MoveSpec("rotate", 1, mandatory=True)],
        terrain={Hex(1, 0): "rocks"},
        occupied={Hex(0, 1): "B"},
    )
    assert outcomes == [((Hex(1, -1), NE), None)]


def test_collisions_moving_into_a_character_keeps_the_mover_in_its_hex() -> None:
    assert ends([MoveSpec("step", 1, "front", True)], occupied={Hex(1, 0): "B"}) == [
        ((ORIGIN, E), Collision("character", Hex(1, 0), "B"))
    ]


def test_collisions_moving_off_the_battlefield() -> None:
    area = {ORIGIN, Hex(-1, 0)}.__contains__
    assert ends([MoveSpec("step", 1, "front", True)], area=area) == [
        ((ORIGIN, E), Collision("off_battlefield", Hex(1, 0), None))
    ]


def test_collisions_moving_into_terrain_reports_the_terrain() -> None:
    assert ends([MoveSpec("step", 1, "front", True)], terrain={Hex(1, 0): "bamboo"}) == [
        ((ORIGIN, E), Collision("terrain", Hex(1, 0), "bamboo"))
    ]


def test_collisions_a_second_step_colliding_stops_in_the_hex_before_it() -> None:
    outcomes = move_outcomes(
        START,
        [MoveSpec("step", 2, "front", True)],
        area=everywhere,
        occupied={Hex(2, 0): "B"},
        terrain={},
    )
    assert [(o.end, o.collision, o.path) for o in outcomes] == [
        ((Hex(1, 0), E), Collision("character", Hex(2, 0), "B"), (ORIGIN, Hex(1, 0)))
    ]


def test_collisions_every_unavoidable_collision_is_offered() -> None:
    outcomes = ends(
        [MoveSpec("step", 1, "front3", True)],
        occupied={Hex(1, -1): "B", Hex(0, 1): "C"},
        terrain={Hex(1, 0): "rocks"},
    )
    assert [collision.hex for _, collision in outcomes if collision] == [
        Hex(0, 1),
        Hex(1, -1),
        Hex(1, 0),
    ]


def test_collisions_a_collision_ends_a_chain_of_lines() -> None:
    found = chain_outcomes(
        START,
        [[MoveSpec("step", 1, "front", True)], [MoveSpec("step", 1, "front", True)]],
        area=everywhere,
        occupied={Hex(1, 0): "B"},
        terrain={},
    )
    assert [(o.end, o.collision) for o in found] == [
        ((ORIGIN, E), Collision("character", Hex(1, 0), "B"))
    ]


def test_move_outcomes_are_distinct_and_sorted_canonically() -> None:
    outcomes = move_outcomes(
        START,
        [MoveSpec("step", 2, "any"), MoveSpec("rotate", 2)],
        area=everywhere,
        occupied={},
        terrain={},
    )
    keys = [outcome.sort_key() for outcome in outcomes]
    assert keys == sorted(keys)
    assert len({(o.end, o.collision) for o in outcomes}) == len(outcomes)


@given(
    st.builds(Hex, st.integers(-3, 3), st.integers(-3, 3)),
    st.sampled_from(list(Facing)),
    st.integers(0, 3),
    st.sampled_from(["front", "front3", "any"]),
    st.integers(0, 2),
)
def test_move_effects_turn_with_the_board(
    origin: Hex, facing: Facing, n: int, dirs: StepDirs, turns: int
) -> None:
    """Moving from a turned start gives the turned outcomes (the rules are relative
    to the character's facing)."""
    moves = [MoveSpec("step", n, dirs), MoveSpec("rotate", turns)]
    base = positions(moves)
    start = (origin, facing)
    turned = {(hex_.rotated(facing) + origin, end_facing.turn(facing)) for hex_, end_facing in base}
    assert positions(moves, start=start) == turned


def test_move_effects_a_spec_from_a_card_effect_json_with_its_defaults() -> None:
    assert MoveSpec.from_effect({"do": "step", "n": 2, "dirs": "any"}) == MoveSpec(
        "step", 2, "any", False
    )
    assert MoveSpec.from_effect({"do": "rotate", "mandatory": True}) == MoveSpec(
        "rotate", 1, "front", True
    )


def test_collisions_have_one_word_labels_for_commands() -> None:
    assert Collision("character", Hex(1, 0), "B").label == "B"
    assert Collision("terrain", Hex(1, 0), "t1").label == "t1"
    assert Collision("off_battlefield", Hex(1, 0)).label == "edge"


@given(
    st.sets(st.sampled_from(ORIGIN.spiral(2)[1:]), max_size=8),
    st.integers(0, 3),
    st.sampled_from(["front", "front3", "any"]),
    st.integers(0, 2),
)
def test_optional_moves_never_cause_a_collision(
    blocked: set[Hex], n: int, dirs: StepDirs, turns: int
) -> None:
    moves = [MoveSpec("step", n, dirs), MoveSpec("rotate", turns)]
    outcomes = move_outcomes(
        START, moves, area=everywhere, occupied=dict.fromkeys(blocked, "B"), terrain={}
    )
    assert (START, None) in [(o.end, o.collision) for o in outcomes]  # "up to": none
    assert all(o.collision is None for o in outcomes)
    assert all(h not in blocked for o in outcomes for h in o.path)

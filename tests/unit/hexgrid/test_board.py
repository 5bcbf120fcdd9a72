"""Boards: map shapes, terrain, and the canonical JSON form."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import canonical_json
from engine.hexgrid import Board, Hex, line_of_sight
from tests.unit.hexgrid.strategies import exact, hexes

KINDS = st.sampled_from(["rocks", "bamboo", "forest", "river"])


@st.composite
def boards(draw: st.DrawFn) -> Board:
    cells = draw(st.frozensets(hexes, min_size=1, max_size=40))
    placed = draw(st.dictionaries(st.sampled_from(sorted(cells)), KINDS, max_size=10))
    return Board(cells, placed)


@exact
@given(boards())
def test_a_board_round_trips_through_json_in_canonical_order(board: Board) -> None:
    written = board.to_json()
    assert Board.from_json(written) == board
    assert Board.from_json(json.loads(canonical_json(written))) == board
    assert written["hexes"] == sorted(written["hexes"])
    assert written["terrain"] == sorted(written["terrain"])
    assert hash(Board.from_json(written)) == hash(board)


@exact
@given(boards())
def test_equal_boards_have_equal_text_whatever_order_they_were_built_in(board: Board) -> None:
    shuffled = Board(
        frozenset(sorted(board.hexes, reverse=True)), dict(reversed(board.terrain.items()))
    )
    assert canonical_json(shuffled.to_json()) == canonical_json(board.to_json())


def test_rectangle_and_hexagon_shapes() -> None:
    rectangle = Board.rectangle(columns=9, rows=7)
    assert len(rectangle) == 63
    # Odd rows are shifted half a hex right: each row holds 9 hexes, starting
    # at q = -(r // 2).
    for row in range(7):
        assert sorted(h.q for h in rectangle if h.r == row) == list(
            range(-(row // 2), 9 - row // 2)
        )
    assert len(Board.hexagon(3)) == 37
    assert set(Board.hexagon(1, centre=Hex(5, 5))) == Hex(5, 5).within(1)
    assert list(Board.hexagon(1)) == sorted(Hex(0, 0).within(1))


def test_terrain_on_the_board_blocks_sight_when_the_system_says_it_does() -> None:
    board = Board.rectangle(6, 3, terrain={Hex(2, 0): "rocks", Hex(4, 0): "bamboo"})
    assert board.terrain_at(Hex(2, 0)) == "rocks"
    assert board.terrain_at(Hex(1, 0)) is None
    assert board.hexes_with("rocks") == {Hex(2, 0)}
    assert board.hexes_with("rocks", "bamboo") == {Hex(2, 0), Hex(4, 0)}
    assert not line_of_sight(Hex(0, 0), Hex(5, 0), board.hexes_with("rocks"))
    cleared = board.with_terrain({Hex(2, 0): None, Hex(1, 1): "rocks"})
    assert cleared.hexes_with("rocks") == {Hex(1, 1)}
    assert board.terrain_at(Hex(2, 0)) == "rocks"  # the original is unchanged
    assert board.neighbours(Hex(0, 0)) == (Hex(1, 0), Hex(0, 1))


def test_terrain_off_the_board_or_unnamed_is_refused() -> None:
    with pytest.raises(ValueError, match="off the board"):
        Board.hexagon(1, terrain={Hex(5, 0): "rocks"})
    with pytest.raises(ValueError, match="needs a name"):
        Board.hexagon(1, terrain={Hex(0, 0): ""})
    with pytest.raises(ValueError, match="at least one"):
        Board.rectangle(0, 3)
    with pytest.raises(ValueError, match="0 or more"):
        Board.hexagon(-1)


@pytest.mark.parametrize(
    ("written", "complaint"),
    [
        ([], "a board is written"),
        ({"hexes": []}, "a board is written"),
        ({"hexes": [], "terrain": [], "extra": 1}, "a board is written"),
        ({"hexes": {}, "terrain": []}, "are lists"),
        ({"hexes": [[0, 0], [0, 0]], "terrain": []}, "each hex once"),
        ({"hexes": [[0, 0.5]], "terrain": []}, r"\[q, r\]"),
        ({"hexes": [[0, 0]], "terrain": [[0, 0]]}, r"\[q, r, kind\]"),
        ({"hexes": [[0, 0]], "terrain": [[0, 0, 3]]}, r"\[q, r, kind\]"),
        ({"hexes": [[0, 0]], "terrain": [[0, 0, "a"], [0, 0, "b"]]}, "two terrains"),
        ({"hexes": [[0, 0]], "terrain": [[1, 0, "rocks"]]}, "off the board"),
    ],
)
def test_a_malformed_board_is_refused_with_a_clear_message(written: object, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        Board.from_json(written)

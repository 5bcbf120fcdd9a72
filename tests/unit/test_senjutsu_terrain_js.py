"""Senjutsu's browser modules for terrain placed in turns (Battlefield Setup > 2):
the roll and the placing prompts' words, the pieces offered (names and counts from the
view's pool), the pool read from a view. Run by node as tests/unit/test_senjutsu_js.py
does; the drawing and clicking are checked in Chromium
(tests/e2e/test_senjutsu_terrain_journey.py)."""

from __future__ import annotations

from typing import Any

from tests.unit.test_senjutsu_js import VIEW_A, answers


def pool_view(**pool: Any) -> dict[str, Any]:
    found = {"left": ["rocks", "rocks", "shrine"], "order": [], "next": 0, "set_aside": []}
    return {**VIEW_A, "phase": "terrain", "terrain_pool": {**found, **pool}}


def test_terrain_pieces_are_named_like_the_catalogue() -> None:
    names = answers(
        "board.js",
        "kinds.map((k) => m.terrainName(k))",
        kinds=["rocks", "cherry-tree", "torii-gate", "burning-carts"],
    )
    assert names == ["Rocks", "Cherry Tree", "Torii Gate", "Burning Carts"]


def test_the_view_pool_counts_the_pieces_left_and_whose_turn_it_is() -> None:
    before = answers("board.js", "m.tableModel(view).terrainPool", view=pool_view())
    assert before == {
        "left": [
            {"kind": "rocks", "name": "Rocks", "count": 2},
            {"kind": "shrine", "name": "Shrine", "count": 1},
        ],
        "order": [],
        "placing": None,
        "setAside": [],
    }
    rolled = answers(
        "board.js",
        "m.tableModel(view).terrainPool.placing",
        view=pool_view(order=["B", "A"], next=1),
    )
    assert rolled == "A"
    assert answers("board.js", "m.tableModel(view).terrainPool", view=VIEW_A) is None


def test_the_roll_and_a_placed_piece_have_words() -> None:
    labels = answers(
        "play.js",
        "choices.map((c) => m.choiceLabel(c, model))",
        choices=[
            {"kind": "terrain_roll", "side": "A"},
            {"kind": "terrain", "side": "A", "terrain": "cherry-tree", "hex": [2, 3], "facing": 3},
        ],
        model={"characters": [], "cards": {}},
    )
    assert labels == [
        "Roll for who places terrain first",
        "Place Cherry Tree at [2,3] facing west",
    ]


def test_the_pieces_offered_are_the_kinds_in_the_choices_with_the_pools_counts() -> None:
    choices = [
        {"kind": "terrain", "side": "A", "terrain": kind, "hex": [q, 0], "facing": f}
        for kind in ("rocks", "shrine")
        for q in range(3)
        for f in range(6)
    ]
    pieces = answers(
        "play.js",
        "m.terrainPieces(choices, {terrainPool: {left: [{kind: 'rocks', count: 2}]}})",
        choices=choices,
    )
    assert pieces == [
        {"kind": "rocks", "name": "Rocks", "count": 2},
        {"kind": "shrine", "name": "Shrine", "count": 1},
    ]


def test_combined_boards_tell_each_hex_its_board_from_the_catalogue() -> None:
    board = {
        "hexes": [[0, 0], [1, 0], [2, 0], [3, 0]],
        "boards": [
            {"battlefield": "west", "offset": [0, 0]},
            {"battlefield": "east", "offset": [2, 0]},
        ],
    }
    fields = {"west": {"hexes": [[0, 0], [1, 0]]}, "east": {"hexes": [[0, 0], [1, 0]]}}
    parts = answers("board.js", "[...m.boardParts(board, fields)]", board=board, fields=fields)
    assert parts == [["0,0", 0], ["1,0", 0], ["2,0", 1], ["3,0", 1]]
    one = answers("board.js", "m.boardParts({hexes: [[0, 0]]}, fields).size", fields=fields)
    assert one == 0

"""The ruler's arithmetic on hex boards (static/boards/hex.js: hexAt, hexDistance),
without a page: node imports the module and prints what the functions answer; the
answers are those of engine/hexgrid. The ruler itself is checked in Chromium
(tests/e2e/test_board_speaks.py)."""

from __future__ import annotations

import json

from engine.hexgrid.coords import Hex
from tests.unit.test_hex_board_js import answers

HEXES = [(q, r) for q in range(-4, 5) for r in range(-4, 5)]


def test_a_point_is_in_the_hex_whose_centre_is_nearest() -> None:
    # Each centre, and points a little off it (well inside the hex), give back the hex.
    found = answers(
        f"{json.dumps(HEXES)}.map((h) => [[0, 0], [12, 5], [-9, -14], [0, 17]].map(([dx, dy]) => "
        "{ const [x, y] = hex.hexCenter(h, 20); return hex.hexAt([x + dx, y + dy], 20); }))"
    )
    for (q, r), points in zip(HEXES, found, strict=True):
        assert points == [[q, r]] * 4, ((q, r), points)


def test_hex_distances_are_the_engines() -> None:
    pairs = [(a, b) for a in HEXES[::7] for b in HEXES[::5]]
    distances = answers(f"{json.dumps(pairs)}.map(([a, b]) => hex.hexDistance(a, b))")
    assert distances == [Hex(*a).distance(Hex(*b)) for a, b in pairs]

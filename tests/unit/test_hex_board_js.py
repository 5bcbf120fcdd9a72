"""static/boards/hex.js's geometry, without a page: node imports the module (it
touches the DOM only when drawing) and prints what the functions answer. The
drawing itself is checked in Chromium (tests/e2e/test_replay_viewer.py)."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import UNDER_CI

HEX_JS = Path(__file__).parents[2] / "platform" / "shiai" / "static" / "boards" / "hex.js"
NODE = shutil.which("node")


def answers(expression: str) -> Any:
    """What ``expression`` (over the module's exports, as ``hex``) evaluates to."""
    if NODE is None:
        if UNDER_CI:
            pytest.fail("node is not installed", pytrace=False)
        pytest.skip("node is not installed")
    script = (
        f"import * as hex from {json.dumps(HEX_JS.as_uri())};\n"
        f"console.log(JSON.stringify({expression}));\n"
    )
    ran = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(ran.stdout)


def test_axial_hexes_sit_on_a_pointy_top_grid() -> None:
    size = 10
    centres = answers("[[0, 0], [1, 0], [0, 1], [-1, 2]].map((h) => hex.hexCenter(h, 10))")
    width = math.sqrt(3) * size
    expected = [(0, 0), (width, 0), (width / 2, 15), (0, 30)]
    for (x, y), (ex, ey) in zip(centres, expected, strict=True):
        assert x == pytest.approx(ex)
        assert y == pytest.approx(ey)
    corners = answers("hex.hexCorners([0, 0], 10)")
    assert len(corners) == 6
    assert [0, -10] in [[round(x, 9), round(y, 9)] for x, y in corners], "a corner at the top"
    assert all(math.hypot(x, y) == pytest.approx(size) for x, y in corners)


def test_facings_turn_clockwise_from_east_as_the_engines() -> None:
    assert answers("[0, 1, 2, 3, 4, 5].map(hex.facingAngle)") == [0, 60, 120, 180, 240, 300]
    # engine/hexgrid: EAST (1, 0), SOUTH_EAST (0, 1), ..., NORTH_EAST (1, -1).
    assert answers("[0, 1, 2, 3, 4, 5].map((f) => hex.neighbour([0, 0], f))") == [
        [1, 0],
        [0, 1],
        [-1, 1],
        [-1, 0],
        [0, -1],
        [1, -1],
    ]
    refused = answers(
        "[6, -1, 1.5].map((f) => { try { hex.facingAngle(f); return 'drawn'; }"
        " catch (e) { return e.message; } })"
    )
    assert refused == [
        "a facing is 0 to 5, not 6",
        "a facing is 0 to 5, not -1",
        "a facing is 0 to 5, not 1.5",
    ]


def test_a_rectangle_of_hexes_and_the_box_that_holds_it() -> None:
    hexes = answers("hex.rectangle(3, 2)")
    assert hexes == [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]]
    x, y, width, height = answers("hex.boardBox(hex.rectangle(3, 2), 10, 0)")
    assert (x, y) == (pytest.approx(-math.sqrt(3) * 5), -10)
    assert width == pytest.approx(math.sqrt(3) * 10 * 3.5)
    assert height == pytest.approx(35)
    assert answers("hex.boardBox([], 10)") == [0, 0, 0, 0]

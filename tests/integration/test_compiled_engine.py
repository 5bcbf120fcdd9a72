"""The compiled engine (``make compile``: engine/kensei through mypyc) decides exactly
as the interpreted one, the reference: bot games recorded by the interpreted engine in
a process of its own (each on another sample set-up: armies, battle size, scenario)
are re-decided and played again by the compiled engine in this one, every command's
events and resulting state hash equal.

Runs under ``make pytest-compiled`` (SHIAI_ENGINE=compiled); skipped on the
interpreted engine, where it would compare the engine with itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import kensei
from tests.support.kensei_equal import check_game, same_play

ROOT = Path(__file__).resolve().parents[2]
GAMES_OF_EACH_KIND = 6  # part-I games and full games


@pytest.mark.skipif(not kensei.compiled(), reason="needs the compiled engine (make compile)")
def test_compiled_engine_decides_and_plays_as_the_interpreted_one(tmp_path: Path) -> None:
    recorded = tmp_path / "games.json"
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("PYTHONSAFEPATH", "SHIAI_ENGINE")
    }
    environment["PYTHONPATH"] = str(ROOT)  # the sources only: the interpreted engine
    run = subprocess.run(
        [sys.executable, "-m", "tests.support.kensei_equal", "record", str(recorded),
         "--games", str(GAMES_OF_EACH_KIND), "--varied"],
        cwd=ROOT, env=environment, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "on the interpreted engine" in run.stdout, run.stdout
    games = json.loads(recorded.read_text(encoding="utf-8"))
    assert len(games) == 2 * GAMES_OF_EACH_KIND
    assert all(len(game["steps"]) > 100 for game in games)
    assert len({json.dumps(game["setup"], sort_keys=True) for game in games}) == GAMES_OF_EACH_KIND
    for game in games:
        assert check_game(game) == []
        assert same_play(game) == []

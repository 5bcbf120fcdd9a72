"""`shiai simulate --system <id>`: bot games played into the store and reported, for
the systems whose issue asked for it in these words (Samurai Battles, issue 22, item 6;
the skirmish rules, issue 23).

The command plays whole games with the default bot on both sides (the sample set-ups
drawn from the seed), stores their records, says how many it stored, and a second run
with the same seed stores nothing new. Each stored game replays from its record: the
audit re-runs every command through the engine with the revealed seed and finds the
same events. ``tests/integration/test_simulate.py`` checks the simulation itself
(workers, seeds, both stores) on Kensei.
"""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import select

from replays.schema import games
from replays.simulate import simulated_game_id

SYSTEMS = ("samurai-battles", "skirmish")


@pytest.mark.parametrize("system", SYSTEMS)
def test_shiai_simulate_plays_games_into_the_store_and_reports(
    sqlite_app: Flask, system: str
) -> None:
    runner = sqlite_app.test_cli_runner()
    command = ["simulate", "--system", system, "--games", "2", "--seed", "cli"]
    result = runner.invoke(args=command)
    assert result.exit_code == 0, result.output
    assert "2 games stored, 0 already there" in result.output
    ids = [simulated_game_id(system, "cli", index) for index in (0, 1)]
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        projected = set(conn.execute(select(games.c.id)).scalars())
    assert set(ids) <= projected
    records = sqlite_app.extensions["shiai"].records
    for game_id in ids:
        record = records.export_record(game_id)
        assert record["ruleset"] == system
        assert record["outcome"] is not None, "a simulated game is played to its end"
        report = records.audit(game_id)
        assert report.identical, report.message
        last_step, over = records.head(game_id)
        assert over
        assert last_step == sum(len(entry["events"]) for entry in record["commands"])
    again = runner.invoke(args=command)
    assert again.exit_code == 0, again.output
    assert "0 games stored, 2 already there" in again.output


def test_shiai_simulate_lists_the_installed_systems(sqlite_app: Flask) -> None:
    result = sqlite_app.test_cli_runner().invoke(
        args=["simulate", "--system", "no-such-game", "--games", "1", "--seed", "x"]
    )
    assert result.exit_code == 2
    for system in SYSTEMS:
        assert system in result.output

"""`shiai simulate --system skirmish`: bot games played into the store and reported.

Issue 23: the command plays whole skirmish games with the default bot on both sides
(the sample scenarios drawn from the seed), stores their records, says how many it
stored, and a second run with the same seed stores nothing new. Each stored game
replays from its record: the audit re-runs every command through the engine with the
revealed seed and finds the same events.
"""

from __future__ import annotations

from flask import Flask
from sqlalchemy import select

from replays.schema import games
from replays.simulate import simulated_game_id

SYSTEM = "skirmish"


def test_shiai_simulate_plays_skirmish_games_into_the_store_and_reports(
    sqlite_app: Flask,
) -> None:
    runner = sqlite_app.test_cli_runner()
    result = runner.invoke(args=["simulate", "--system", SYSTEM, "--games", "2", "--seed", "sk"])
    assert result.exit_code == 0, result.output
    assert "2 games stored, 0 already there" in result.output
    ids = [simulated_game_id(SYSTEM, "sk", index) for index in (0, 1)]
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        projected = set(conn.execute(select(games.c.id)).scalars())
    assert set(ids) <= projected
    records = sqlite_app.extensions["shiai"].records
    for game_id in ids:
        record = records.export_record(game_id)
        assert record["ruleset"] == SYSTEM
        assert record["outcome"] is not None, "a simulated skirmish is played to its end"
        report = records.audit(game_id)
        assert report.identical, report.message
        last_step, over = records.head(game_id)
        assert over
        assert last_step == sum(len(entry["events"]) for entry in record["commands"])
    again = runner.invoke(args=["simulate", "--system", SYSTEM, "--games", "2", "--seed", "sk"])
    assert again.exit_code == 0, again.output
    assert "0 games stored, 2 already there" in again.output


def test_shiai_simulate_lists_skirmish_among_the_installed_systems(
    sqlite_app: Flask,
) -> None:
    result = sqlite_app.test_cli_runner().invoke(
        args=["simulate", "--system", "no-such-game", "--games", "1", "--seed", "x"]
    )
    assert result.exit_code == 2
    assert SYSTEM in result.output

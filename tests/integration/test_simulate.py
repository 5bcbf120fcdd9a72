"""`shiai simulate`: bot games played into the store, reproducibly from a seed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from engine.core import state_hash
from engine.kensei import Kensei
from replays.records import GameRecords
from replays.schema import games
from replays.simulate import game_seed, simulate, simulated_game_id
from replays.store import event_store_env
from shiai.migrations import upgrade


def _records(url: str) -> GameRecords:
    upgrade(url)
    return GameRecords(event_store_env(url), rulesets=[Kensei()])


@pytest.fixture
def two_stores(
    sqlite_database: str, postgres_database: str
) -> Iterator[list[tuple[str, GameRecords]]]:
    stores = [(url, _records(url)) for url in (sqlite_database, postgres_database)]
    yield stores
    for _, store in stores:
        store.close()


def _comparable(record: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in record.items() if key != "title"}


def test_a_simulation_is_reproducible_from_its_seed_with_any_number_of_workers(
    two_stores: list[tuple[str, GameRecords]],
) -> None:
    (_, one_worker), (url, two_workers) = two_stores
    alone = simulate(one_worker, "kensei", games=3, seed="same", workers=1)
    pooled = simulate(two_workers, "kensei", games=3, seed="same", workers=2, database_url=url)
    assert [game.game_id for game in alone] == [game.game_id for game in pooled]
    assert [game.steps for game in alone] == [game.steps for game in pooled]
    for game in alone:
        assert game.stored
        assert game.game_id == simulated_game_id("kensei", "same", game.index)
        exported = [_comparable(store.export_record(game.game_id)) for _, store in two_stores]
        assert exported[0] == exported[1]
        assert exported[0]["dice"]["seed"] == game_seed("same", game.index)
        assert exported[0]["outcome"] is not None


def test_every_simulated_game_replays_and_its_seed_re_derives_its_dice(
    sqlite_database: str,
) -> None:
    records = _records(sqlite_database)
    try:
        for game in simulate(records, "kensei", games=2, seed="audit"):
            report = records.audit(game.game_id)
            assert report.identical, report.message
            assert "re-derived from the seed" in report.message
            steps = records.steps(game.game_id)
            assert [entry.step for entry in steps] == list(range(1, game.steps + 1))
            final = records.state_at(game.game_id, game.steps)
            assert (
                state_hash(final.state) == records.export_record(game.game_id)["final_state_hash"]
            )
    finally:
        records.close()


def test_simulating_the_same_seed_again_stores_nothing_new(sqlite_database: str) -> None:
    records = _records(sqlite_database)
    try:
        first = simulate(records, "kensei", games=1, seed="again")
        seen: list[int] = []
        again = simulate(
            records, "kensei", games=2, seed="again", on_stored=lambda g: seen.append(g.index)
        )
        assert [game.stored for game in again] == [False, True]
        assert again[0].game_id == first[0].game_id
        assert again[0].steps == first[0].steps
        assert seen == [0, 1]
    finally:
        records.close()


def test_different_seeds_give_different_games(sqlite_database: str) -> None:
    records = _records(sqlite_database)
    try:
        one = simulate(records, "kensei", games=1, seed="one")[0]
        two = simulate(records, "kensei", games=1, seed="two")[0]
        assert one.game_id != two.game_id
        hashes = {records.export_record(g.game_id)["final_state_hash"] for g in (one, two)}
        assert len(hashes) == 2
    finally:
        records.close()


def test_simulate_refuses_impossible_requests(sqlite_database: str) -> None:
    records = _records(sqlite_database)
    try:
        with pytest.raises(ValueError, match="worker"):
            simulate(records, "kensei", games=1, seed="x", workers=0)
        with pytest.raises(ValueError, match="database URL"):
            simulate(records, "kensei", games=2, seed="x", workers=2)
        with pytest.raises(ValueError, match="negative"):
            simulate(records, "kensei", games=-1, seed="x")
    finally:
        records.close()


def test_the_simulate_command_plays_games_into_the_store(sqlite_app: Flask) -> None:
    runner = sqlite_app.test_cli_runner()
    result = runner.invoke(
        args=["simulate", "--system", "kensei", "--games", "2", "--seed", "cli", "--workers", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "2 games stored, 0 already there" in result.output
    # The workers' games are in the read models at once, not after the next write.
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        projected = set(conn.execute(select(games.c.id)).scalars())
    assert {simulated_game_id("kensei", "cli", index) for index in (0, 1)} <= projected
    again = runner.invoke(args=["simulate", "--system", "kensei", "--games", "2", "--seed", "cli"])
    assert "0 games stored, 2 already there" in again.output
    records = sqlite_app.extensions["shiai"].records
    for index in (0, 1):
        assert records.head(simulated_game_id("kensei", "cli", index))[1] is True


def test_the_simulate_command_names_the_installed_systems_for_an_unknown_one(
    sqlite_app: Flask,
) -> None:
    result = sqlite_app.test_cli_runner().invoke(
        args=["simulate", "--system", "chess", "--games", "1", "--seed", "x"]
    )
    assert result.exit_code == 2
    assert "no ruleset 'chess' is installed" in result.output
    assert "kensei" in result.output

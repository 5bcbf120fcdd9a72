"""The games read model (a rebuildable projection) and the Alembic migrations."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from sqlalchemy import (
    Boolean,
    Engine,
    Float,
    Integer,
    String,
    Uuid,
    column,
    create_engine,
    insert,
    inspect,
    select,
    table,
)

from alembic import command
from dashboards.meta_filters import Filters
from dashboards.meta_queries import faction_win_rates
from replays import rollups
from replays.bot_games import play_bot_game
from replays.schema import compare_type, game_dice, game_sides, game_units, games
from shiai.migrations import alembic_config
from shiai.schema import accounts, all_metadata, role_requests
from tests.support.meta_base_queries import rollup_rows
from tests.support.meta_rows import game, insert_sides


def _rows(app: Flask) -> list[dict[str, Any]]:
    with app.extensions["shiai"].db_engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(select(games).order_by(games.c.id))]


def test_the_games_read_model_follows_every_recorded_event(app: Flask) -> None:
    records = app.extensions["shiai"].records
    finished = play_bot_game(records, "dice-race", {"target": 25}, bot_seed=1)
    running = records.start_game("dice-race", {}, title="Still going")
    records.submit_command(running, {"type": "bid", "side": "A", "dice": 1})
    rows = {row["id"]: row for row in _rows(app)}
    assert rows[running]["status"] == "running"
    assert rows[running]["steps"] == 1
    assert rows[running]["title"] == "Still going"
    assert rows[running]["sides"] == ["A", "B"]
    summary = records.summary(finished)
    assert rows[finished]["status"] == "ended"
    assert rows[finished]["winner"] == summary.outcome["winner"]
    assert rows[finished]["steps"] == summary.last_step
    assert rows[finished]["commands"] == summary.commands


def test_rebuilding_the_read_models_gives_identical_rows(app: Flask) -> None:
    records = app.extensions["shiai"].records
    for seed in range(3):
        play_bot_game(records, "dice-race", {"target": 25}, bot_seed=seed)
    records.start_game("dice-race", {})
    before = _rows(app)
    result = app.test_cli_runner().invoke(args=["rebuild-read-models"])
    assert result.exit_code == 0, result.output
    assert "rebuilt from" in result.output
    assert _rows(app) == before
    assert len(before) == 4


def test_a_second_process_catching_up_projects_nothing_twice(app: Flask) -> None:
    records = app.extensions["shiai"].records
    play_bot_game(records, "dice-race", {"target": 25}, bot_seed=9)
    assert app.extensions["shiai"].games.catch_up() == 0
    assert len(_rows(app)) == 1


def test_seed_demo_fills_an_empty_store_once(app: Flask) -> None:
    runner = app.test_cli_runner()
    first = runner.invoke(args=["seed-demo", "--games", "2"])
    assert first.exit_code == 0, first.output
    # Every installed system (the built-ins, and the dice race the test platform adds)
    # gets its demo games.
    systems = tuple(system.id for system in app.extensions["shiai"].systems)
    assert "dice-race" in systems
    for system in systems:
        assert f"{system}: 2 demo games recorded" in first.output
    second = runner.invoke(args=["seed-demo", "--games", "2"])
    assert "already holds games" in second.output
    assert len(_rows(app)) == 2 * len(systems)
    # Fixed seeds: every install gets the same demo games (their dice revealed at the end).
    records = app.extensions["shiai"].records
    seeds = {(row["system"], records.summary(row["id"]).seed) for row in _rows(app)}
    assert seeds == {(r, f"demo-{r}-{n}") for r in systems for n in (1, 2)}


def test_migrate_fills_rollups_that_were_never_built(app: Flask) -> None:
    """Migration 0005 creates the rollups empty; ``shiai migrate`` builds them when
    the analysis read models already hold games, and leaves them alone after."""
    services = app.extensions["shiai"]
    with services.db_engine.begin() as conn:
        insert_sides(conn, game("buke", "kuge", "win") + game("kuge", "sohei", "draw"))
        assert rollups.missing(conn)
    result = app.test_cli_runner().invoke(args=["migrate"])
    assert result.exit_code == 0, result.output
    assert "rollups built" in result.output
    with services.db_engine.connect() as conn:
        assert not rollups.missing(conn)
        rates = faction_win_rates(conn, Filters())
        assert [row.faction for row in rates] == ["kuge", "buke", "sohei"]
    again = app.test_cli_runner().invoke(args=["migrate"])
    assert "rollups built" not in again.output


def test_migrations_create_every_table_the_models_describe(database_url: str) -> None:
    """`alembic upgrade head` ran in the fixture; autogenerate finds no difference."""
    db_engine = create_engine(database_url)
    with db_engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": compare_type})
        differences = compare_metadata(context, all_metadata())
    tables = set(inspect(db_engine).get_table_names())
    db_engine.dispose()
    assert differences == []
    assert {"gamerecords_events", "gamerecords_snapshots", "games", "projection_tracking"} <= tables
    assert {"rollup_matchups", "rollup_units", "rollup_luck_players"} <= tables


def test_migrations_downgrade_to_nothing_and_upgrade_again(database_url: str) -> None:
    config = alembic_config(database_url)
    command.downgrade(config, "base")
    db_engine = create_engine(database_url)
    assert set(inspect(db_engine).get_table_names()) <= {"alembic_version"}
    command.upgrade(config, "head")
    assert "games" in inspect(db_engine).get_table_names()
    db_engine.dispose()


def test_revision_0009_adds_role_requests_and_keeps_the_accounts(database_url: str) -> None:
    """An account made under 0008 is kept across 0009 (up and down), and may then ask
    for the organiser role."""
    config = alembic_config(database_url)
    command.downgrade(config, "0008")
    db_engine = create_engine(database_url)
    assert "role_requests" not in inspect(db_engine).get_table_names()
    account_id = uuid.uuid4()
    with db_engine.begin() as conn:
        conn.execute(
            insert(accounts).values(
                id=account_id,
                username="kept",
                display_name="Kept",
                password_hash="x",
                role="player",
                created_at=datetime.now(UTC),
            )
        )
    command.upgrade(config, "0009")
    assert "role_requests" in inspect(db_engine).get_table_names()
    with db_engine.begin() as conn:
        conn.execute(
            insert(role_requests).values(
                account_id=account_id,
                reason="club events",
                status="pending",
                asked_at=datetime.now(UTC),
            )
        )
    command.downgrade(config, "0008")
    assert "role_requests" not in inspect(db_engine).get_table_names()
    with db_engine.connect() as conn:
        assert conn.execute(select(accounts.c.username)).scalars().all() == ["kept"]
    command.upgrade(config, "head")
    db_engine.dispose()


# game_sides' columns before revision 0010 (Kensei's shape).
OLD_SIDES = table(
    "game_sides",
    column("game_id", Uuid),
    column("side", String),
    *(column(name, Integer) for name in ("army_cost", "units_fielded", "dice_rolled")),
    *(column(name, Boolean) for name in
      ("won_strategy_roll", "won_first_initiative", "activated_first")),
    column("observed_successes", Integer),
    column("expected_successes", Float),
)  # fmt: skip


def _analysis_rows(db_engine: Engine) -> dict[str, list[dict[str, Any]]]:
    with db_engine.connect() as conn:
        found = {
            table.name: [
                dict(row._mapping)
                for row in conn.execute(select(table).order_by(*table.primary_key.columns))
            ]
            for table in (game_sides, game_dice, game_units)
        }
        return found | rollup_rows(conn)


def test_revision_0010_carries_the_analysis_rows_over_and_back(app: Flask) -> None:
    """A Kensei game and a dice race analysed at the head; down to 0009 their rows
    take the old, Kensei-shaped columns (the values the old analysis gave); up
    again (``shiai migrate``, which rebuilds the emptied rollups) they are what
    they were, and what a rebuild of the read models gives."""
    services = app.extensions["shiai"]
    golden = Path(__file__).parents[1] / "golden" / "kensei-kuge-sohei-250-entered-dice.json"
    small = services.records.import_record(json.loads(golden.read_text(encoding="utf-8")))
    race = play_bot_game(services.records, "dice-race", {"target": 25}, bot_seed=3)
    url = app.config["SHIAI_DATABASE_URL"]
    db_engine = services.db_engine
    before = _analysis_rows(db_engine)
    assert before["game_dice"]
    assert before["rollup_luck_factions"]
    db_engine.dispose()

    command.downgrade(alembic_config(url), "0009")
    old = create_engine(url)
    try:
        assert "game_dice" not in inspect(old).get_table_names()
        with old.connect() as conn:
            sides = {(row.game_id, row.side): row for row in conn.execute(select(OLD_SIDES))}
            zealots = conn.execute(
                select(column("troop_class"))
                .select_from(table("game_units"))
                .where(column("unit") == "B.u3")
            ).scalar_one()
        sohei = sides[(small, "B")]
        assert (sohei.army_cost, sohei.units_fielded) == (192, 3)
        assert (sohei.won_strategy_roll, sohei.won_first_initiative) == (True, True)
        assert sohei.activated_first is True
        assert (sohei.dice_rolled, sohei.observed_successes) == (5, 3)
        assert sohei.expected_successes == pytest.approx(5 / 3)
        assert zealots == "P"
        raced = sides[(race, "A")]
        assert (raced.army_cost, raced.won_strategy_roll) == (0, None)
        assert raced.dice_rolled > 0
    finally:
        old.dispose()

    result = app.test_cli_runner().invoke(args=["migrate"])
    assert result.exit_code == 0, result.output
    assert "rollups built" in result.output
    migrated = _analysis_rows(db_engine)
    # The dice race's extra facts had no old column: they come back with a rebuild.
    for row in before["game_sides"]:
        if row["system"] == "dice-race":
            row["extra"] = {
                "army_cost": 0,
                "units_fielded": 0,
                "won_strategy_roll": None,
                "won_first_initiative": None,
                "activated_first": None,
            }
    assert migrated == before
    rebuilt = app.test_cli_runner().invoke(args=["rebuild-read-models"])
    assert rebuilt.exit_code == 0, rebuilt.output
    again = _analysis_rows(db_engine)
    for row in again["game_sides"]:
        if row["system"] == "dice-race":
            assert row["extra"] == {"target": 25}
            row["extra"] = before_extra(before, row)
    assert again == before


def before_extra(before: dict[str, list[dict[str, Any]]], row: dict[str, Any]) -> Any:
    """The migrated ``extra`` of the side ``row`` is of."""
    return next(
        old["extra"]
        for old in before["game_sides"]
        if (old["game_id"], old["side"]) == (row["game_id"], row["side"])
    )

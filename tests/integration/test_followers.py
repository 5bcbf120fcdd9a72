"""The read-model followers (replays.projection) on SQLite and PostgreSQL: two
processes catching up at once apply every event once, a projection failure is
isolated, recorded and retried, a rebuild that fails leaves the old rows, and
the read models catch up when the app starts (issue 18: defects 4, 5 and 11)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from sqlalchemy import Connection, select

from replays.bot_games import play_bot_game
from replays.projection import GamesProjection
from replays.records import GameRecords
from replays.schema import games
from replays.store import event_store_env
from shiai import create_app
from shiai.schema import tournaments as tournament_rows
from shiai.services import Services, build_services, make_db_engine
from tests.conftest import DICE_RACE_SPEC, TEST_PASSWORD_METHOD, platform_config
from tests.support.dice_race import DiceRace

POISON = "poison"


def _poison_titled(monkeypatch: pytest.MonkeyPatch, follower: GamesProjection) -> None:
    """Make the games read model fail on the start of any game titled ``POISON``
    (a fake at the edge: the projection's one-event apply)."""
    original = follower._apply

    def failing(conn: Connection, domain_event: Any) -> None:
        if getattr(domain_event, "title", None) == POISON:
            raise RuntimeError("a poisoned event")
        original(conn, domain_event)

    monkeypatch.setattr(follower, "_apply", failing)


def _game_rows(services: Services) -> dict[UUID, dict[str, Any]]:
    with services.db_engine.connect() as conn:
        rows = conn.execute(select(games).order_by(games.c.id))
        return {row.id: dict(row._mapping) for row in rows}


@pytest.fixture
def bare_records(database_url: str) -> Iterator[GameRecords]:
    """GameRecords with no read model listening (as a process killed after its
    saves and before its catch-ups would leave the store)."""
    records = GameRecords(event_store_env(database_url), rulesets=[DiceRace()])
    yield records
    records.close()


def test_a_failing_event_is_recorded_and_every_other_game_is_still_projected(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = app.extensions["shiai"]
    records = services.records
    _poison_titled(monkeypatch, services.games)
    before = records.start_game("dice-race", {}, title="Before")
    # The write answers: its events are stored although its row cannot be written.
    bad = records.start_game("dice-race", {}, title=POISON)
    records.submit_command(bad, {"type": "bid", "side": "A", "dice": 1})
    after = records.start_game("dice-race", {}, title="After")
    records.submit_command(after, {"type": "bid", "side": "A", "dice": 2})
    rows = _game_rows(services)
    assert set(rows) == {before, after}
    assert rows[after]["steps"] == 1
    failures = services.games.failures()
    # The game's start, then its later event, waiting behind it.
    assert [failure.originator_id for failure in failures] == [bad, bad]
    assert "a poisoned event" in failures[0].error
    assert failures[0].attempts == 4  # recorded, then retried at each of three catch-ups
    assert "waiting" in failures[1].error
    status = {status.name: status for status in services.read_model_status()}
    assert status["games"].failures == 2
    assert status["games"].behind == 0
    checked = app.test_cli_runner().invoke(args=["check"])
    assert checked.exit_code == 1, checked.output
    assert "games: at" in checked.output
    assert "2 event(s) failing" in checked.output
    assert str(bad) in checked.output
    # Once the cause is gone, the next catch-up applies them, in order.
    monkeypatch.undo()
    records.submit_command(before, {"type": "bid", "side": "A", "dice": 3})
    rows = _game_rows(services)
    assert rows[bad]["title"] == POISON
    assert rows[bad]["steps"] == 1
    assert services.games.failures() == []
    checked = app.test_cli_runner().invoke(args=["check"])
    assert checked.exit_code == 0, checked.output
    assert "every read model is current" in checked.output


def test_a_tournament_whose_read_models_fail_holds_up_no_other_tournament(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = app.extensions["shiai"]
    views, tournaments = services.tournament_views, services.tournaments
    original = views._write

    def failing(conn: Connection, tournament: Any) -> bool:
        if tournament.name == "Poison cup":
            raise RuntimeError("a poisoned tournament")
        return original(conn, tournament)

    monkeypatch.setattr(views, "_write", failing)
    organiser = "organiser-account"
    bad = tournaments.create(organiser, name="Poison cup", game_system="kensei", rounds=2)
    tournaments.register(bad, organiser, name="Ayame")  # answers: stored
    good = tournaments.create(organiser, name="Good cup", game_system="kensei", rounds=2)
    tournaments.register(good, organiser, name="Botan")
    with services.db_engine.connect() as conn:
        listed = dict(conn.execute(select(tournament_rows.c.id, tournament_rows.c.players)).all())
    assert listed == {good: 1}
    assert {failure.originator_id for failure in views.failures()} == {bad}
    monkeypatch.undo()
    assert views.catch_up() == 0  # nothing new: the failures are retried and applied
    with services.db_engine.connect() as conn:
        listed = dict(conn.execute(select(tournament_rows.c.id, tournament_rows.c.players)).all())
    assert listed == {good: 1, bad: 1}
    assert views.failures() == []


def test_a_rebuild_that_fails_midway_leaves_the_old_rows_and_position(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = app.extensions["shiai"]
    records = services.records
    play_bot_game(records, "dice-race", {"target": 25}, bot_seed=1)
    play_bot_game(records, "dice-race", {"target": 25}, bot_seed=2, title=POISON)
    play_bot_game(records, "dice-race", {"target": 25}, bot_seed=3)
    rows, position = _game_rows(services), services.games.status().position
    assert len(rows) == 3
    assert position > 0
    _poison_titled(monkeypatch, services.games)
    result = app.test_cli_runner().invoke(args=["rebuild-read-models"])
    assert result.exit_code == 1, result.output
    assert "rebuilding games failed at notification" in result.output
    assert "the read model is unchanged" in result.output
    assert _game_rows(services) == rows
    assert services.games.status().position == position
    assert services.games.failures() == []
    monkeypatch.undo()
    assert services.games.rebuild() == position
    assert _game_rows(services) == rows


def test_the_app_catches_up_at_start_on_events_stored_while_nothing_followed(
    database_url: str, bare_records: GameRecords
) -> None:
    game = bare_records.start_game("dice-race", {}, title="Stored before the crash")
    bare_records.submit_command(game, {"type": "bid", "side": "A", "dice": 1})
    app = create_app(platform_config(database_url))
    try:
        services = app.extensions["shiai"]
        row = _game_rows(services)[game]
        assert (row["title"], row["steps"]) == ("Stored before the crash", 1)
        assert services.behind_at_start["games"] == 2
        checked = app.test_cli_runner().invoke(args=["check"])
        assert checked.exit_code == 0, checked.output
        assert "caught up at start: games 2" in checked.output
        assert "every read model is current" in checked.output
    finally:
        app.extensions["shiai"].close()


def test_check_reports_a_read_model_behind_the_event_store(
    database_url: str, bare_records: GameRecords
) -> None:
    services = build_services(database_url, [DICE_RACE_SPEC], TEST_PASSWORD_METHOD, catch_up=False)
    try:
        bare_records.start_game("dice-race", {})
        status = {status.name: status for status in services.read_model_status()}
        assert (status["games"].behind, status["games"].current) == (1, False)
        assert status["tournaments"].current
        assert services.catch_up()["games"] == 1
        assert all(status.current for status in services.read_model_status())
    finally:
        services.close()


def test_two_processes_catching_up_at_once_apply_every_event_once(
    database_url: str, bare_records: GameRecords
) -> None:
    """Two followers of the games read model, each with its own store and
    database connections as two web workers have, catch up at the same moment."""
    followers = []
    for _ in range(2):
        records = GameRecords(event_store_env(database_url), rulesets=[DiceRace()])
        followers.append(GamesProjection(records, make_db_engine(database_url)))
    started: list[UUID] = []
    errors: list[BaseException] = []
    try:
        for _round in range(3):
            started += [bare_records.start_game("dice-race", {}) for _ in range(20)]
            barrier = threading.Barrier(len(followers))

            def catch_up(follower: GamesProjection, barrier: threading.Barrier = barrier) -> None:
                barrier.wait()
                try:
                    follower.catch_up()
                except Exception as error:  # the test's finding
                    errors.append(error)

            threads = [threading.Thread(target=catch_up, args=(f,)) for f in followers]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        assert errors == []
        with followers[0].db_engine.connect() as conn:
            projected = list(conn.execute(select(games.c.id)).scalars())
        assert sorted(projected) == sorted(started)
        status = followers[0].status()
        assert (status.position, status.failures) == (status.head, 0)
    finally:
        for follower in followers:
            follower.application.close()
            follower.db_engine.dispose()

"""The Tournaments application and its read models on real stores, results
taken from recorded games, sessions, CSRF and the CLI."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from engine.core import RandomBot
from replays import registry
from replays.bot_games import play_bot_game
from replays.errors import Conflict
from replays.store import MEMORY, event_store_env
from shiai.migrations import upgrade
from shiai.schema import ratings, tournament_standings
from shiai.tournaments.application import Tournaments
from shiai.tournaments.model import Result
from tests.support.web import PASSWORD, form, new_account

ORG = "organiser-account"


@pytest.fixture
def tournaments(store_url: str) -> Iterator[Tournaments]:
    if store_url != MEMORY:
        upgrade(store_url)
    app = Tournaments(event_store_env(store_url))
    yield app
    app.close()


def _event(app: Tournaments, players: int = 5) -> Any:
    tid = app.create(ORG, name="Store cup", game_system="kensei", rounds=2, seed="x")
    for number in range(players):
        player = app.register(tid, ORG, name=f"P{number}", club="Edo" if number < 2 else None)
        app.check_in(tid, ORG, player)
    return tid


def test_a_tournament_is_stored_and_read_back_on_every_store(
    tournaments: Tournaments, store_url: str
) -> None:
    tid = _event(tournaments)
    for number in (1, 2):
        tournaments.pair_next_round(tid, ORG)
        tournaments.publish(tid, ORG, number)
        for table in tournaments.get(tid).round(number).tables:
            tournaments.record_result(tid, ORG, number, table.table, Result.draw(7.5, 7.5))
    tournaments.record_result(tid, ORG, 1, 1, Result.a_wins(20, 0), correction=True)
    tournaments.undo(tid, ORG)
    tournaments.drop(tid, ORG, "p5")
    live = tournaments.get(tid)
    if store_url == MEMORY:
        reread = tournaments.get(tid)
    else:
        other = Tournaments(event_store_env(store_url))  # another process
        reread = other.get(tid)
        other.close()
    assert reread.state == live.state
    assert reread.round(1).tables[0].result == {"a": "draw", "b": "draw", "a_vp": 7.5, "b_vp": 7.5}
    assert reread.standings() == live.standings()
    assert [c.kind for c in tournaments.changes(tid)][-2:] == ["Undone", "PlayerDropped"]


def test_a_second_writer_gets_a_conflict_on_every_store(
    tournaments: Tournaments, store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = _event(tournaments, players=2)
    stale = tournaments.get(tid)
    tournaments.register(tid, ORG, name="First")
    # Every read is stale (a copy, as the repository hands out): the change is decided
    # again and again on it, and refused in the end.
    monkeypatch.setattr(tournaments, "get", lambda _tid, version=None: copy.deepcopy(stale))
    with pytest.raises(Conflict):
        tournaments.register(tid, ORG, name="Second")
    monkeypatch.undo()
    assert [p.name for p in tournaments.get(tid).players.values()][-1] == "First"


def test_a_change_without_a_version_that_loses_a_race_is_decided_again(
    tournaments: Tournaments, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tables report at the same moment (two web workers): the one that loses
    the race on the tournament is decided again on the newer tournament, not
    refused; a change made from a page that showed a version is still refused."""
    tid = _event(tournaments, players=4)
    tournaments.pair_next_round(tid, ORG)
    tournaments.publish(tid, ORG, 1)
    stale = tournaments.get(tid)
    first, second = stale.round(1).tables
    tournaments.record_result(tid, ORG, 1, first.table, Result.a_wins(10, 2))
    real_get = tournaments.get
    reads: list[int] = []

    def stale_first(tournament_id: Any, version: int | None = None) -> Any:
        reads.append(1)
        return copy.deepcopy(stale) if len(reads) == 1 else real_get(tournament_id, version)

    monkeypatch.setattr(tournaments, "get", stale_first)
    tournaments.record_result(tid, ORG, 1, second.table, Result.draw(5, 5))
    monkeypatch.undo()
    assert len(reads) == 2
    both = tournaments.get(tid).round(1).tables
    assert [t.result is not None for t in both] == [True, True]
    with pytest.raises(Conflict):
        tournaments.record_result(
            tid, ORG, 1, first.table, Result.draw(1, 1), correction=True, expected_version=3
        )


def _rows(app: Flask, table: Any) -> list[dict[str, Any]]:
    with app.extensions["shiai"].db_engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(select(table).order_by(*table.primary_key))]


def test_standings_and_ratings_are_read_models_rebuilt_identically(app: Flask) -> None:
    runner = app.test_cli_runner()
    result = runner.invoke(args=["seed-demo", "--games", "1"])
    assert result.exit_code == 0, result.output
    assert "DEVELOPMENT ONLY" in result.output
    standings, rated = _rows(app, tournament_standings), _rows(app, ratings)
    assert len(standings) == 8
    assert len(rated) == 8
    rebuilt = runner.invoke(args=["rebuild-read-models"])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert "tournament standings and ratings rebuilt" in rebuilt.output
    assert _rows(app, tournament_standings) == standings
    assert _rows(app, ratings) == rated
    again = runner.invoke(args=["seed-demo", "--games", "1"])
    assert "no demo tournament added" in again.output


def _result_for(winner: str | None, side: str) -> str:
    """The pairing's result for the player on ``side`` (a game may end drawn)."""
    if winner is None:
        return "draw"
    return "win" if winner == side else "loss"


def test_a_linked_recorded_game_gives_the_pairing_its_result(app: Flask) -> None:
    services = app.extensions["shiai"]
    tid = _event(services.tournaments, players=4)
    services.tournaments.pair_next_round(tid, ORG)
    services.tournaments.publish(tid, ORG, 1)
    records = services.records
    # Table 1: linked while the game runs; the result arrives when it ends.
    running = records.start_game("dice-race", {"target": 25}, title="Table 1", seed="table-1")
    assert not services.game_results.link(tid, ORG, number=1, table=1, game_id=running)
    assert services.tournaments.get(tid).table(1, 1).result is None
    ruleset, bot = registry.get("dice-race"), RandomBot(7)
    while records.summary(running).outcome is None:
        game = records.repository.get(running)
        side = records.summary(running).prompt["sides"][0]
        records.submit_command(running, bot.choose(ruleset, game.state, side))
    outcome = records.summary(running).outcome
    taken = services.tournaments.get(tid).table(1, 1)
    assert taken.source == "game"
    assert taken.result["a"] == _result_for(outcome["winner"], "A")
    assert taken.result["a_vp"] == outcome["scores"].get("A", 0)
    # Table 2: a finished game linked afterwards, with A's player on side B.
    finished = play_bot_game(records, "dice-race", {"target": 25}, bot_seed=3, seed="table-2")
    assert services.game_results.link(tid, ORG, number=1, table=2, game_id=finished, side_a="B")
    winner = records.summary(finished).outcome["winner"]
    assert services.tournaments.get(tid).table(1, 2).result["a"] == _result_for(winner, "B")
    # Following the log again takes nothing twice.
    version = services.tournaments.get(tid).version
    services.game_results.rebuild()
    assert services.tournaments.get(tid).version == version


def test_forms_without_the_csrf_token_are_refused(sqlite_app: Flask) -> None:
    app = sqlite_app
    new_account(app, "kenshi", role="organiser")
    client = app.test_client()
    response = client.post("/sign-in", data={"username": "kenshi", "password": PASSWORD})
    assert response.status_code == 400
    assert "form has expired" in response.text
    assert form(client, "/sign-in", {"username": "kenshi", "password": PASSWORD}).status_code == 303
    data = {"name": "Cup", "game_system": "kensei", "rounds": 3}
    assert client.post("/tournaments/new", data=data).status_code == 400
    assert client.post("/tournaments/new", data={**data, "csrf_token": "forged"}).status_code == 400
    assert app.extensions["shiai"].tournaments.recorder.max_notification_id() is None


def test_sign_up_sign_in_and_sign_out(sqlite_app: Flask) -> None:
    app = sqlite_app
    client = app.test_client()
    data = {
        "username": "Musashi",
        "display_name": "Miyamoto Musashi",
        "password": PASSWORD,
        "password_again": PASSWORD,
    }
    assert form(client, "/sign-up", {**data, "password_again": "different"}).status_code == 400
    assert (
        form(
            client, "/sign-up", {**data, "password": "short", "password_again": "short"}
        ).status_code
        == 400
    )
    assert form(client, "/sign-up", data).status_code == 303
    assert "Miyamoto Musashi" in client.get("/tournaments").text
    assert form(client, "/sign-up", data).status_code == 400  # the username is taken
    assert form(client, "/sign-out").status_code == 303
    assert "Miyamoto Musashi" not in client.get("/tournaments").text
    wrong = form(client, "/sign-in", {"username": "musashi", "password": "not it at all"})
    assert wrong.status_code == 401
    back = form(
        client, "/sign-in", {"username": "musashi", "password": PASSWORD, "next": "//evil.example/"}
    )
    assert back.headers["Location"] == "/tournaments"


def test_create_account_from_the_command_line(sqlite_app: Flask) -> None:
    app = sqlite_app
    runner = app.test_cli_runner()
    result = runner.invoke(
        args=["create-account", "hojo", "--role", "organiser", "--password", PASSWORD]
    )
    assert result.exit_code == 0, result.output
    account = app.extensions["shiai"].accounts.authenticate("hojo", PASSWORD)
    assert account is not None
    assert account.is_organiser
    bad = runner.invoke(args=["create-account", "hojo", "--password", PASSWORD])
    assert bad.exit_code != 0
    assert "taken" in bad.output


def test_bad_form_input_re_renders_with_a_message_and_changes_nothing(sqlite_app: Flask) -> None:
    app = sqlite_app
    new_account(app, "ieyasu", role="organiser")
    client = app.test_client()
    form(client, "/sign-in", {"username": "ieyasu", "password": PASSWORD})
    response = form(
        client, "/tournaments/new", {"name": "Cup", "game_system": "k", "rounds": "many"}
    )
    assert response.status_code == 400
    assert "rounds must be a whole number" in response.text
    tid = _event(app.extensions["shiai"].tournaments, players=2)
    app.extensions["shiai"].tournaments.add_organiser(
        tid, ORG, app.extensions["shiai"].accounts.by_username("ieyasu").id
    )
    version = app.extensions["shiai"].tournaments.get(tid).version
    response = form(client, f"/tournaments/{tid}/actions/publish", {"round": 1})
    assert response.status_code == 422
    assert "there is no round 1" in response.text
    response = form(client, f"/tournaments/{tid}/rounds/1/edit", {"pairings": "x"})
    assert response.status_code == 404
    app.extensions["shiai"].tournaments.pair_next_round(tid, ORG)
    response = form(client, f"/tournaments/{tid}/rounds/1/edit", {"pairings": "1: p1 p2"})
    assert response.status_code == 400
    assert "neither" in response.text
    stale = form(client, f"/tournaments/{tid}/actions/pair", {"version": version})
    assert stale.status_code == 409
    assert app.extensions["shiai"].tournaments.get(tid).version == version + 1

"""Every text a tournament writes to a column is checked before it is stored:
longer than its column, or with a NUL character (which PostgreSQL's text types
cannot hold), it is refused with a 422 and a message, never truncated; at the
limit it is stored, projected and rated on SQLite and PostgreSQL alike."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import String, Table, select

from shiai.schema import rated_games, ratings, tournament_standings, tournaments
from shiai.tournaments import aggregate
from shiai.tournaments.aggregate import TournamentRefused
from shiai.tournaments.application import Tournaments
from shiai.tournaments.model import Result
from tests.support.web import created_tournament, form, new_account, signed_in_client


def _width(table: Table, column: str) -> int:
    kind = table.c[column].type
    assert isinstance(kind, String)
    assert kind.length is not None
    return kind.length


def test_the_aggregate_s_limits_are_the_widths_of_the_columns() -> None:
    assert _width(tournaments, "name") == aggregate.NAME_LIMIT
    assert _width(tournaments, "game_system") == aggregate.GAME_SYSTEM_LIMIT
    assert _width(tournaments, "battle_size") == aggregate.BATTLE_SIZE_LIMIT
    for column in ("name", "club", "faction"):
        assert _width(tournament_standings, column) == aggregate.PLAYER_TEXT_LIMIT
    assert _width(rated_games, "name_a") == aggregate.PLAYER_TEXT_LIMIT
    assert _width(ratings, "name") == aggregate.PLAYER_TEXT_LIMIT


@pytest.fixture
def organiser(app: Flask) -> FlaskClient:
    new_account(app, "organiser", role="organiser")
    return signed_in_client(app, "organiser")


NEW = {"name": "Cup", "game_system": "kensei", "battle_size": "250", "rounds": "2"}
# A NUL is refused by the site before any route (400, shiai.web.hardening); the
# application refuses it too, for the CLI and scripts (see the last test).
NUL_ANYWHERE = "contains a NUL character"
TOO_LONG_OR_NUL: list[tuple[str, str, tuple[int, str]]] = [
    ("name", "n" * 201, (422, "at most 200")),
    ("game_system", "s" * 65, (422, "at most 64")),
    ("battle_size", "b" * 65, (422, "at most 64")),
    ("name", "Cup\x00", (400, NUL_ANYWHERE)),
    ("game_system", "ken\x00sei", (400, NUL_ANYWHERE)),
    ("battle_size", "\x00", (400, NUL_ANYWHERE)),
]


@pytest.mark.parametrize(("field", "value", "expected"), TOO_LONG_OR_NUL)
def test_a_tournament_with_a_text_too_long_or_with_nul_is_refused_with_4xx(
    app: Flask, organiser: FlaskClient, field: str, value: str, expected: tuple[int, str]
) -> None:
    status, message = expected
    response = form(organiser, "/tournaments/new", {**NEW, field: value})
    assert response.status_code == status, response.text
    assert message in response.text
    services = app.extensions["shiai"]
    assert services.tournaments.recorder.max_notification_id() is None


PLAYER_FIELDS: list[tuple[dict[str, Any], str]] = [
    ({"name": "p" * 121}, "at most 120"),
    ({"name": "Ok", "club": "c" * 121}, "at most 120"),
    ({"name": "Ok", "faction": "f" * 121}, "at most 120"),
    ({"name": "Ok", "army_list": "a" * 10_001}, "at most 10000"),
    ({"name": "Ha\x00ru"}, NUL_ANYWHERE),
    ({"name": "Ok", "club": "\x00"}, NUL_ANYWHERE),
    ({"name": "Ok", "faction": "Buke\x00"}, NUL_ANYWHERE),
    ({"name": "Ok", "army_list": "\x00"}, NUL_ANYWHERE),
    ({"name": "Ok", "account": "nobody\x00"}, NUL_ANYWHERE),
]


def test_a_player_with_a_text_too_long_or_with_nul_is_refused_with_4xx(
    app: Flask, organiser: FlaskClient
) -> None:
    tid = created_tournament(form(organiser, "/tournaments/new", NEW))
    services = app.extensions["shiai"]
    version = services.tournaments.get(tid).version
    for data, message in PLAYER_FIELDS:
        response = form(organiser, f"/tournaments/{tid}/actions/register", data)
        assert response.status_code in (400, 422), (data, response.status_code)
        assert message in response.text, data
    response = form(organiser, f"/tournaments/{tid}/actions/add-organiser", {"username": "\x00"})
    assert response.status_code == 400
    assert services.tournaments.get(tid).version == version


def test_texts_at_their_column_s_width_are_stored_projected_and_rated(
    app: Flask, organiser: FlaskClient
) -> None:
    data = {**NEW, "name": "N" * 200, "game_system": "S" * 64, "battle_size": "B" * 64}
    tid = created_tournament(form(organiser, "/tournaments/new", data))
    for letter in "wxyz":
        player = {"name": letter * 120, "club": letter.upper() * 120, "faction": "f" * 120}
        assert form(organiser, f"/tournaments/{tid}/actions/register", player).status_code == 303
    assert form(organiser, f"/tournaments/{tid}/actions/check-in-all").status_code == 303
    services = app.extensions["shiai"]
    org = services.tournaments.get(tid).organisers[0]
    services.tournaments.pair_next_round(tid, org)
    services.tournaments.publish(tid, org, 1)
    for table in (1, 2):
        services.tournaments.record_result(tid, org, 1, table, Result.a_wins(10, 5))
    with services.db_engine.connect() as conn:
        assert conn.execute(select(tournaments.c.name)).scalar() == "N" * 200
        names = conn.execute(select(tournament_standings.c.name)).scalars().all()
        rated = conn.execute(select(ratings.c.name)).scalars().all()
    assert sorted(names) == sorted(letter * 120 for letter in "wxyz")
    assert sorted(rated) == sorted(letter * 120 for letter in "wxyz")
    assert "N" * 200 in organiser.get("/tournaments").text


def test_the_application_refuses_what_the_pages_refuse(app: Flask) -> None:
    """The CLI and scripts call the application: it checks the same texts."""
    tournaments: Tournaments = app.extensions["shiai"].tournaments
    with pytest.raises(TournamentRefused, match="at most 200"):
        tournaments.create("org", name="x" * 201, game_system="k", rounds=1)
    tid = tournaments.create("org", name="Cup", game_system="k", rounds=1)
    with pytest.raises(TournamentRefused, match="NUL"):
        tournaments.register(tid, "org", name="a\x00b")
    for field in ("club", "faction", "army_list"):
        with pytest.raises(TournamentRefused, match="NUL"):
            tournaments.register(tid, "org", name="Ok", **{field: "x\x00"})
    for field in ("name", "game_system", "battle_size"):
        texts = {"name": "Cup", "game_system": "k", "battle_size": "250", field: "a\x00"}
        with pytest.raises(TournamentRefused, match="NUL"):
            tournaments.create("org", rounds=1, **texts)


@pytest.mark.parametrize("version", ["²", "9" * 5000, "-1", "1.0"])
def test_a_form_with_a_version_that_is_not_a_whole_number_is_a_400(
    app: Flask, organiser: FlaskClient, version: str
) -> None:
    tid = created_tournament(form(organiser, "/tournaments/new", NEW))
    before = app.extensions["shiai"].tournaments.get(tid).version
    data = {"name": "Haru", "version": version}
    response = form(organiser, f"/tournaments/{tid}/actions/register", data)
    assert response.status_code == 400
    assert "must be a whole number" in response.text
    assert app.extensions["shiai"].tournaments.get(tid).version == before


def test_unicode_digits_in_a_round_or_a_requested_bye_are_a_400(
    app: Flask, organiser: FlaskClient
) -> None:
    tid = created_tournament(form(organiser, "/tournaments/new", NEW))
    before = app.extensions["shiai"].tournaments.get(tid).version
    data = {"name": "Haru", "bye_rounds": "²"}
    response = form(organiser, f"/tournaments/{tid}/actions/register", data)
    assert response.status_code == 400
    assert "round numbers" in response.text
    assert app.extensions["shiai"].tournaments.get(tid).version == before
    for raw in ("²", "9" * 5000):
        printed = organiser.get(f"/tournaments/{tid}/print/by-table?round={raw}")
        assert printed.status_code == 400
        assert "must be a whole number" in printed.text

"""Sign-in and sign-up throttling (issue 18, defect 10)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from shiai import create_app
from shiai.migrations import upgrade
from tests.conftest import platform_config
from tests.support.web import PASSWORD, form, new_account


def _app(database: str, **limits: str) -> Flask:
    return create_app({**platform_config(database), **limits})


@pytest.fixture
def throttled_app(sqlite_database: str) -> Iterator[Flask]:
    upgrade(sqlite_database)
    app = _app(
        sqlite_database,
        SHIAI_SIGN_IN_PER_ACCOUNT="3 per 15 minutes",
        SHIAI_SIGN_IN_PER_ADDRESS="6 per minute",
        SHIAI_SIGN_UP_PER_ADDRESS="2 per hour",
    )
    yield app
    app.extensions["shiai"].close()


def _sign_in(client: FlaskClient, username: str, password: str, address: str) -> TestResponse:
    client.environ_base["REMOTE_ADDR"] = address
    return form(client, "/sign-in", {"username": username, "password": password})


def test_after_the_default_ten_wrong_passwords_even_the_right_one_is_refused(app: Flask) -> None:
    new_account(app, "hojo")
    client = app.test_client()
    for _ in range(10):
        assert _sign_in(client, "hojo", "guess", "198.51.100.1").status_code == 401
    response = _sign_in(client, "hojo", PASSWORD, "198.51.100.1")
    assert response.status_code == 429
    assert "too many sign-in attempts for this account; try again in 15 minutes" in response.text
    assert 0 < int(response.headers["Retry-After"]) <= 15 * 60
    assert "account_id" not in response.headers.get("Set-Cookie", "")


def test_the_account_limit_holds_from_every_address(throttled_app: Flask) -> None:
    new_account(throttled_app, "hojo")
    client = throttled_app.test_client()
    for number in range(3):
        assert _sign_in(client, "hojo", "guess", f"198.51.100.{number}").status_code == 401
    assert _sign_in(client, " HOJO ", PASSWORD, "203.0.113.7").status_code == 429


def test_right_passwords_do_not_count_toward_the_account_limit(throttled_app: Flask) -> None:
    new_account(throttled_app, "hojo")
    for _ in range(4):
        client = throttled_app.test_client()
        assert _sign_in(client, "hojo", PASSWORD, "198.51.100.1").status_code == 303
    client = throttled_app.test_client()
    assert _sign_in(client, "hojo", "guess", "198.51.100.1").status_code == 401


def test_another_account_is_not_locked_by_someone_elses_failures(throttled_app: Flask) -> None:
    new_account(throttled_app, "hojo")
    new_account(throttled_app, "date")
    client = throttled_app.test_client()
    for _ in range(3):
        _sign_in(client, "hojo", "guess", "198.51.100.1")
    assert _sign_in(client, "date", PASSWORD, "198.51.100.2").status_code == 303


def test_one_address_trying_many_accounts_is_throttled(throttled_app: Flask) -> None:
    client = throttled_app.test_client()
    answers = [_sign_in(client, f"user{n}", "guess", "198.51.100.1") for n in range(7)]
    assert [a.status_code for a in answers] == [401] * 6 + [429]
    assert "too many sign-in attempts from your address; try again in 1 minute" in answers[-1].text
    assert _sign_in(client, "user9", "guess", "198.51.100.2").status_code == 401


def test_sign_ups_are_throttled_per_address(throttled_app: Flask) -> None:
    client = throttled_app.test_client()
    client.environ_base["REMOTE_ADDR"] = "198.51.100.1"
    statuses = []
    for number in range(3):
        data = {"username": f"ronin{number}", "display_name": "Ronin", "password": PASSWORD}
        statuses.append(form(client, "/sign-up", {**data, "password_again": PASSWORD}))
    assert [r.status_code for r in statuses] == [303, 303, 429]
    assert "too many sign-ups from your address; try again in" in statuses[-1].text
    assert throttled_app.extensions["shiai"].accounts.authenticate("ronin2", PASSWORD) is None


def test_each_app_keeps_its_own_counts(sqlite_database: str) -> None:
    upgrade(sqlite_database)
    first = _app(sqlite_database, SHIAI_SIGN_IN_PER_ACCOUNT="1 per hour")
    second = _app(sqlite_database, SHIAI_SIGN_IN_PER_ACCOUNT="1 per hour")
    try:
        new_account(first, "hojo")
        assert _sign_in(first.test_client(), "hojo", "guess", "198.51.100.1").status_code == 401
        assert _sign_in(first.test_client(), "hojo", PASSWORD, "198.51.100.1").status_code == 429
        assert _sign_in(second.test_client(), "hojo", PASSWORD, "198.51.100.1").status_code == 303
    finally:
        first.extensions["shiai"].close()
        second.extensions["shiai"].close()

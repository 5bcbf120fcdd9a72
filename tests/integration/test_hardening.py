"""Sessions, headers, start-up checks and bad input (issue 18, defects 8 and 9)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask, request

from shiai import create_app
from shiai.config import ConfigurationError
from tests.conftest import platform_config
from tests.support.web import PASSWORD, form, new_account

HUGE = "9223372036854775808"


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("SHIAI_ENV", "SHIAI_SECRET_KEY", "SERVER_SOFTWARE", "SHIAI_SECURE_COOKIES"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def _app_without_secret(database: str) -> Flask:
    config = platform_config(database)
    del config["SECRET_KEY"]
    del config["TESTING"]
    return create_app(config)


@pytest.fixture
def migrated_sqlite(sqlite_database: str) -> str:
    from shiai.migrations import upgrade  # noqa: PLC0415

    upgrade(sqlite_database)
    return sqlite_database


@pytest.mark.parametrize(
    "environment", [{"SHIAI_ENV": "production"}, {"SERVER_SOFTWARE": "gunicorn/23.0.0"}]
)
def test_outside_development_the_app_refuses_to_start_without_a_secret_key(
    clean_environment: pytest.MonkeyPatch, migrated_sqlite: str, environment: dict[str, str]
) -> None:
    for name, value in environment.items():
        clean_environment.setenv(name, value)
    with pytest.raises(ConfigurationError, match="SHIAI_SECRET_KEY is not set"):
        _app_without_secret(migrated_sqlite)


def test_in_production_a_secret_key_starts_the_app_with_secure_cookies(
    clean_environment: pytest.MonkeyPatch, migrated_sqlite: str
) -> None:
    clean_environment.setenv("SHIAI_ENV", "production")
    clean_environment.setenv("SHIAI_SECRET_KEY", "a long random production key")
    app = _app_without_secret(migrated_sqlite)
    try:
        assert app.config["SESSION_COOKIE_SECURE"] is True
    finally:
        app.extensions["shiai"].close()


def test_development_starts_without_a_secret_key_and_without_secure_cookies(
    clean_environment: pytest.MonkeyPatch, migrated_sqlite: str
) -> None:
    app = _app_without_secret(migrated_sqlite)
    try:
        assert app.config["SHIAI_ENV"] == "development"
        assert app.config["SESSION_COOKIE_SECURE"] is False
    finally:
        app.extensions["shiai"].close()


def test_the_session_cookie_is_http_only_and_same_site_lax(sqlite_app: Flask) -> None:
    new_account(sqlite_app, "hojo")
    client = sqlite_app.test_client()
    response = form(client, "/sign-in", {"username": "hojo", "password": PASSWORD})
    assert response.status_code == 303
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


def test_secure_cookies_can_be_required_by_configuration(sqlite_database: str) -> None:
    from shiai.migrations import upgrade  # noqa: PLC0415

    upgrade(sqlite_database)
    app = create_app({**platform_config(sqlite_database), "SESSION_COOKIE_SECURE": True})
    try:
        new_account(app, "hojo")
        response = form(app.test_client(), "/sign-in", {"username": "hojo", "password": PASSWORD})
        assert "Secure" in response.headers["Set-Cookie"]
    finally:
        app.extensions["shiai"].close()


@pytest.fixture
def proxied_app(sqlite_database: str) -> Iterator[Flask]:
    from shiai.migrations import upgrade  # noqa: PLC0415

    upgrade(sqlite_database)
    app = create_app({**platform_config(sqlite_database), "SHIAI_TRUSTED_PROXIES": 1})

    @app.get("/_seen")
    def seen() -> dict[str, object]:
        return {"scheme": request.scheme, "address": request.remote_addr}

    yield app
    app.extensions["shiai"].close()


def test_behind_a_trusted_proxy_the_forwarded_scheme_and_address_are_honoured(
    proxied_app: Flask,
) -> None:
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    seen = proxied_app.test_client().get("/_seen", headers=headers).get_json()
    assert seen == {"scheme": "https", "address": "203.0.113.9"}


def test_without_trusted_proxies_forwarded_headers_are_ignored(sqlite_app: Flask) -> None:
    @sqlite_app.get("/_seen")
    def seen() -> dict[str, object]:
        return {"scheme": request.scheme}

    headers = {"X-Forwarded-Proto": "https"}
    assert sqlite_app.test_client().get("/_seen", headers=headers).get_json() == {"scheme": "http"}


@pytest.mark.parametrize("path", ["/games", "/meta", "/api/games", "/no-such-page", "/health"])
def test_every_response_carries_the_security_headers(sqlite_app: Flask, path: str) -> None:
    response = sqlite_app.test_client().get(path)
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self' 'nonce-" in policy
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in policy
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_the_script_nonce_changes_with_every_response(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    policies = {client.get("/games").headers["Content-Security-Policy"] for _ in range(3)}
    assert len(policies) == 3


# -- defect 8: bad input is a 4xx on both databases -----------------------------------


@pytest.mark.parametrize(
    "url",
    [
        f"/meta?size={HUGE}",
        f"/meta?min_games={HUGE}",
        f"/meta?size=-{HUGE}",
        f"/meta.csv?table=faction-win-rates&size={HUGE}",
        f"/meta.csv?table=faction-win-rates&min_games={HUGE}",
        "/meta?size=" + "9" * 5000,
    ],
)
def test_an_out_of_range_meta_filter_is_a_400_with_a_message(app: Flask, url: str) -> None:
    response = app.test_client().get(url)
    assert response.status_code == 400
    assert "battle size" in response.text or "minimum games" in response.text


@pytest.mark.parametrize(
    "url", ["/meta?system=ken%00sei", "/games?page=1%00", "/api/games?system=%00", "/games%00"]
)
def test_a_nul_byte_in_the_address_is_a_400(app: Flask, url: str) -> None:
    response = app.test_client().get(url)
    assert response.status_code == 400
    assert "NUL" in response.text


@pytest.mark.parametrize("field", ["username", "display_name", "password"])
def test_a_nul_byte_in_a_sign_up_field_is_a_400_and_creates_nothing(app: Flask, field: str) -> None:
    data = {"username": "hojo", "display_name": "Hojo", "password": PASSWORD}
    data = {**data, "password_again": PASSWORD, field: data[field][:2] + "\x00" + data[field][2:]}
    if field == "password":
        data["password_again"] = data["password"]
    client = app.test_client()
    response = form(client, "/sign-up", data)
    assert response.status_code == 400
    assert "NUL" in response.text
    assert app.extensions["shiai"].accounts.authenticate("hojo", PASSWORD) is None


def test_a_nul_byte_in_a_sign_in_username_is_a_400(app: Flask) -> None:
    response = form(app.test_client(), "/sign-in", {"username": "ho\x00jo", "password": "x"})
    assert response.status_code == 400


def test_a_nul_byte_in_a_json_string_is_a_400(app: Flask) -> None:
    body = {"ruleset": "dice-race", "setup": {"target": 5}, "title": "a\x00b"}
    response = app.test_client().post("/api/games", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad_request"
    assert "NUL" in response.get_json()["message"]


@pytest.mark.parametrize("depth", [900, 100_000])
def test_deeply_nested_json_is_a_4xx_not_a_500(sqlite_app: Flask, depth: int) -> None:
    body = "[" * depth + "]" * depth
    response = sqlite_app.test_client().post(
        "/api/records", data=body, content_type="application/json"
    )
    assert 400 <= response.status_code < 500
    assert len(response.get_data()) < 2000


def _import_wsgi(database: str, **environment: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SHIAI_ENV", "SHIAI_SECRET_KEY", "SERVER_SOFTWARE")
    }
    env |= {
        "SHIAI_DATABASE_URL": database,
        "PYTHONPATH": os.pathsep.join([str(root), str(root / "platform")]),
        **environment,
    }
    return subprocess.run(
        [sys.executable, "-c", "import wsgi"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_served_through_wsgi_py_the_app_is_production_and_needs_a_secret_key(
    migrated_sqlite: str,
) -> None:
    refused = _import_wsgi(migrated_sqlite)
    assert refused.returncode != 0
    assert "SHIAI_SECRET_KEY is not set and SHIAI_ENV is production" in refused.stderr
    started = _import_wsgi(migrated_sqlite, SHIAI_SECRET_KEY="a long random production key")
    assert started.returncode == 0, started.stderr

"""Driving the pages as a browser would: sign in, send forms with the CSRF token."""

from __future__ import annotations

import re
import secrets
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

PASSWORD = "correct horse battery"


def form(client: FlaskClient, url: str, data: dict[str, Any] | None = None) -> TestResponse:
    """POST a form with this client's CSRF token, as the page would."""
    with client.session_transaction() as session:
        token = session.setdefault("csrf_token", secrets.token_urlsafe(16))
    return client.post(url, data={**(data or {}), "csrf_token": token})


def signed_in_client(app: Flask, username: str) -> FlaskClient:
    client = app.test_client()
    response = form(client, "/sign-in", {"username": username, "password": PASSWORD})
    assert response.status_code == 303, response.text
    return client


def new_account(app: Flask, username: str, role: str = "player") -> str:
    account_id: str = app.extensions["shiai"].accounts.create(
        username, username.title(), PASSWORD, role
    )
    return account_id


def created_tournament(response: TestResponse) -> UUID:
    assert response.status_code == 303, response.text
    match = re.search(r"/tournaments/([0-9a-f-]{36})/console", response.headers["Location"])
    assert match, response.headers["Location"]
    return UUID(match.group(1))


def new_token(app: Flask, username: str, name: str = "script") -> str:
    """A new API token of ``username``'s account (created if it does not exist)."""
    accounts = app.extensions["shiai"].accounts
    account = accounts.by_username(username)
    account_id = account.id if account is not None else new_account(app, username)
    secret: str = accounts.create_token(account_id, name).secret
    return secret


def script_headers(app: Flask, username: str = "script") -> dict[str, str]:
    """The headers of a script acting as ``username`` (created if need be) with an API
    token: it plays every side of the games it starts through the API."""
    return {"Authorization": f"Bearer {new_token(app, username)}"}


def token_client(app: Flask, username: str) -> FlaskClient:
    """A client that sends an API token of ``username`` (a new account) on every request."""
    client = app.test_client()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {new_token(app, username)}"
    return client

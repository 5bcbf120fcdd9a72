"""The API, fuzzed from its own OpenAPI document (issue 18, "Also deliver").

schemathesis generates requests for every operation of ``/api/openapi.json``
(valid ones and, in its coverage phase, invalid ones), anonymous and signed in
through the session (the cookie and the CSRF token as ``X-CSRF-Token``), on
SQLite and PostgreSQL, and checks every answer: never a 5xx, a status code, a
content type and a body the document describes. Path parameters naming a game
are pointed, two times in three, at a running or an ended game of the store,
so that the game routes are exercised past their 404.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from shiai import create_app
from tests.conftest import platform_config
from tests.support.web import PASSWORD, new_account

# Per operation and identity, beside the coverage phase's cases: the suite's slice
# (about 20 s per database and identity on a quiet two-core machine); `make soak`
# fuzzes deeper (SHIAI_FUZZ_EXAMPLES=500).
EXAMPLES = int(os.environ.get("SHIAI_FUZZ_EXAMPLES", "25"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture(params=["anonymous", "signed_in"])
def fuzzed_app(request: pytest.FixtureRequest, database_url: str) -> Iterator[Flask]:
    app = create_app(platform_config(database_url))
    records = app.extensions["shiai"].records
    running = records.start_game("dice-race", {"target": 5}, seed="fuzz-running")
    ended = records.start_game("dice-race", {"target": 5, "max_rounds": 1}, seed="fuzz-ended")
    for side in ("A", "B"):
        records.submit_command(ended, {"side": side, "type": "bid", "dice": 1})
    app.config["FUZZ_GAMES"] = [running, ended]
    new_account(app, "fuzzer")
    app.config["FUZZ_HEADERS"] = _session_headers(app) if request.param == "signed_in" else {}
    yield app
    app.extensions["shiai"].close()


def _session_headers(app: Flask) -> dict[str, str]:
    """Sign in as a browser does; the session cookie and its CSRF token."""
    client = app.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/sign-in").text)
    assert token is not None
    signed_in = client.post(
        "/sign-in",
        data={"username": "fuzzer", "password": PASSWORD, "csrf_token": token.group(1)},
    )
    assert signed_in.status_code == 303, signed_in.text
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/sign-in").text)
    assert token is not None
    cookie = client.get_cookie("session")
    assert cookie is not None
    return {"Cookie": f"session={cookie.value}", "X-CSRF-Token": token.group(1)}


def _point_at_stored_games(case: Any, games: list[UUID]) -> None:
    game_id = (case.path_parameters or {}).get("game_id")
    if not isinstance(game_id, str):
        return
    try:
        choice = UUID(game_id).int % 3
    except ValueError:
        return  # a malformed id stays malformed
    if choice:
        case.path_parameters["game_id"] = str(games[choice - 1])


def test_every_generated_request_gets_a_documented_answer_and_never_a_5xx(
    fuzzed_app: Flask,
) -> None:
    api = schemathesis.openapi.from_wsgi("/api/openapi.json", fuzzed_app)
    # The WSGI transport hands back the body as sent: ask for it uncompressed (the
    # compressed answers are tested in test_compression.py).
    headers = {**fuzzed_app.config["FUZZ_HEADERS"], "Accept-Encoding": "identity"}
    games = fuzzed_app.config["FUZZ_GAMES"]
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) >= 10

    fuzz(operations, lambda case: _point_at_stored_games(case, games), headers)


def fuzz(operations: list[Any], prepare: Any, headers: dict[str, str]) -> None:
    """Valid and invalid requests generated from each operation's schema, each made
    ready by ``prepare`` (pointed at stored records), sent, and their answers held
    to the document (``CHECKS``)."""
    for operation in operations:
        cases = st.one_of(
            operation.as_strategy(GenerationMode.POSITIVE),
            operation.as_strategy(GenerationMode.NEGATIVE),
        )

        @given(case=cases)
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def answers_as_documented(case: Any) -> None:
            prepare(case)
            case.call_and_validate(headers=headers, checks=CHECKS)

        answers_as_documented()

"""The studies' API, fuzzed from the OpenAPI document as the whole API is
(tests/integration/test_api_fuzzing.py), but with the path's study pointed,
two times in three, at a real study the signed-in fuzzer owns: every generated
annotation, change and removal gets a documented answer, never a 5xx."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import schemathesis
from flask import Flask

from replays.bot_games import play_bot_game
from tests.integration.test_api_fuzzing import fuzz
from tests.support.web import new_account


def _with_the_record(case: Any, record: dict[str, Any]) -> None:
    """An import: two times in three, generated annotations with the real game's
    record, so that they reach the checks of the annotations (and some are taken)."""
    body = case.body
    if not isinstance(body, dict) or not isinstance(body.get("study"), dict):
        return
    if len(str(body["study"])) % 3:
        body["format"] = "shiai-study/1"
        body["record"] = record
        body["study"].pop("game_id", None)


def _point_at_the_study(
    case: Any, study_id: UUID, last_step: int, record: dict[str, Any] | None = None
) -> None:
    """Two times in three, the study's id and a step of its game."""
    if case.operation.path == "/api/studies/import" and record is not None:
        _with_the_record(case, record)
        return
    parameters = case.path_parameters or {}
    raw = parameters.get("study_id")
    if not isinstance(raw, str):
        return
    try:
        choice = UUID(raw).int % 3
    except ValueError:
        return  # a malformed id stays malformed
    if choice:
        parameters["study_id"] = str(study_id)
        step = parameters.get("step")
        if isinstance(step, int) and step % 3:
            parameters["step"] = step % (last_step + 1)


def test_every_generated_study_request_gets_a_documented_answer(sqlite_app: Flask) -> None:
    services = sqlite_app.extensions["shiai"]
    game_id = play_bot_game(services.records, "dice-race", {"target": 10}, bot_seed=2, seed="fz")
    owner = new_account(sqlite_app, "fuzzer")
    study_id = services.studies.start(game_id, owner, "Fuzzed", "unlisted")
    # An API token: schemathesis sends a cookie of its own for the session scheme,
    # which would make every write anonymous.
    token = services.accounts.create_token(owner, "fuzzer").secret
    headers = {"Authorization": f"Bearer {token}", "Accept-Encoding": "identity"}
    last_step = services.records.summary(game_id).last_step
    api = schemathesis.openapi.from_wsgi("/api/openapi.json", sqlite_app)
    operations = [
        result.ok()
        for result in api.get_all_operations()
        if result.ok().path.startswith("/api/studies/")
    ]
    assert len(operations) == 6

    record = services.records.export_record(game_id)
    fuzz(operations, lambda case: _point_at_the_study(case, study_id, last_step, record), headers)
    # Some generated writes were taken (the fuzzing reached past the refusals), and
    # the study is still whole: its owner's, every annotation within the game.
    study = services.studies.get(study_id)
    assert study.version > 1
    assert study.owner_id == owner
    assert all(0 <= int(step) <= last_step for step in study.annotations)
    # Imports made new studies of the fuzzer, of the same game, each within its limits.
    imported = [row for row in services.study_listings.own(owner) if row.id != study_id]
    assert imported, "no generated import was taken"
    for row in imported:
        assert row.game_id == game_id
        assert all(0 <= int(step) <= last_step for step in services.studies.get(row.id).annotations)

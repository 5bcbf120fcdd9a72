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


def _point_at_the_study(case: Any, study_id: UUID, last_step: int) -> None:
    """Two times in three, the study's id and a step of its game."""
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
    assert len(operations) == 5

    fuzz(operations, lambda case: _point_at_the_study(case, study_id, last_step), headers)
    # Some generated writes were taken (the fuzzing reached past the refusals), and
    # the study is still whole: its owner's, every annotation within the game.
    study = services.studies.get(study_id)
    assert study.version > 1
    assert study.owner_id == owner
    assert all(0 <= int(step) <= last_step for step in study.annotations)

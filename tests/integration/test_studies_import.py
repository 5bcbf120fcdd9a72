"""Importing an exported study (``POST /api/studies/import`` and the studies
page's form): its game is found here by id (its record must match), or its
record is imported first; the importer owns a new study; every annotation is
checked with the annotation API's limits, every problem named by its path, and
nothing is stored on any problem. On SQLite and PostgreSQL."""

from __future__ import annotations

import copy
import io
import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Table, func, select

from replays.bot_games import play_bot_game
from replays.schema import record_fingerprints
from replays.studies import COMMENT_LIMIT, SHAPES_LIMIT
from shiai.app import create_app
from shiai.migrations import upgrade
from shiai.studies import studies as studies_table
from shiai.web.studies import STUDY_FILE_LIMIT
from tests.conftest import platform_config
from tests.support.web import new_account, signed_in_client

ARROW = {"kind": "arrow", "from": [10, 20], "to": [300, 400], "colour": "blue"}
CIRCLE = {"kind": "circle", "at": [150.5, 80], "r": 30, "colour": "red"}


def _token(app: Flask, username: str) -> dict[str, str]:
    account = new_account(app, username)
    secret = app.extensions["shiai"].accounts.create_token(account, "import").secret
    return {"Authorization": f"Bearer {secret}"}


def _exported_study(app: Flask) -> tuple[UUID, dict[str, Any]]:
    """A finished game with a study of it (two annotated steps), exported."""
    services = app.extensions["shiai"]
    game_id = play_bot_game(services.records, "dice-race", {"target": 20}, bot_seed=5, seed="imp")
    owner = new_account(app, "kenji")
    last_step = services.records.summary(game_id).last_step
    study_id = services.studies.start(game_id, owner, "Kenji's bids", "public")
    services.studies.annotate(
        study_id, owner, step=2, comment="Bid low.", shapes=[ARROW], last_step=last_step
    )
    services.studies.annotate(
        study_id, owner, step=last_step, comment="", shapes=[CIRCLE, ARROW], last_step=last_step
    )
    exported = app.test_client().get(f"/api/studies/{study_id}/export")
    assert exported.status_code == 200, exported.text
    return study_id, exported.json


def _import(app: Flask, body: Any, headers: dict[str, str]) -> Any:
    return app.test_client().post(
        "/api/studies/import",
        data=json.dumps(body),
        content_type="application/json",
        headers=headers,
    )


def _count(app: Flask, table: Table) -> int:
    with app.extensions["shiai"].db_engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


def _study_count(app: Flask) -> int:
    return _count(app, studies_table)


def _game_count(app: Flask) -> int:
    """Finished games stored (each has its record's fingerprint)."""
    return _count(app, record_fingerprints)


@pytest.fixture
def other_site(tmp_path: Path) -> Iterator[Flask]:
    """A second site (its own SQLite database), where the study is exported from."""
    url = f"sqlite:///{tmp_path / 'other.db'}"
    upgrade(url)
    site = create_app(platform_config(url))
    yield site
    site.extensions["shiai"].close()


def test_a_study_imported_on_its_own_site_is_a_new_study_of_the_importer(app: Flask) -> None:
    original_id, exported = _exported_study(app)
    headers = _token(app, "aiko")
    answer = _import(app, exported, headers)
    assert answer.status_code == 201, answer.text
    study_id = UUID(answer.json["id"])
    assert study_id != original_id
    assert answer.headers["Location"] == f"/api/studies/{study_id}"
    assert answer.json["owner"] == "Aiko"
    assert answer.json["visibility"] == "unlisted"
    assert answer.json["title"] == "Kenji's bids"
    assert answer.json["game_id"] == exported["study"]["game_id"]
    # Round trip: export -> import -> export gives the same annotations, and the record.
    again = app.test_client().get(f"/api/studies/{study_id}/export").json
    assert again["study"]["annotations"] == exported["study"]["annotations"]
    assert again["record"] == exported["record"]
    # The original is its owner's still, untouched; the game was not imported again.
    original = app.extensions["shiai"].studies.get(original_id)
    assert original.version == 3
    assert original.visibility == "public"
    assert _game_count(app) == 1


def test_a_study_of_a_game_not_on_this_site_imports_its_record_first(
    app: Flask, other_site: Flask
) -> None:
    _, exported = _exported_study(other_site)
    game_id = UUID(exported["record"]["game_id"])
    headers = _token(app, "aiko")
    answer = _import(app, exported, headers)
    assert answer.status_code == 201, answer.text
    assert app.extensions["shiai"].records.summary(game_id).outcome is not None
    again = app.test_client().get(f"/api/studies/{answer.json['id']}/export").json
    assert again["study"]["annotations"] == exported["study"]["annotations"]
    assert again["record"] == exported["record"]
    # A second import of the same file: a second study of the same (stored) game.
    second = _import(app, exported, headers)
    assert second.status_code == 201, second.text
    assert second.json["id"] != answer.json["id"]
    assert _game_count(app) == 1


def test_every_problem_of_the_annotations_is_named_by_its_path_and_nothing_is_stored(
    app: Flask, other_site: Flask
) -> None:
    _, exported = _exported_study(other_site)
    last_step = exported["study"]["annotations"][-1]["step"]
    bad = copy.deepcopy(exported)
    notes = bad["study"]["annotations"]
    notes[0]["shapes"][0]["from"][0] = "left"
    notes[0]["comment"] = "x" * (COMMENT_LIMIT + 1)
    notes[1]["shapes"][0]["r"] = 0
    notes[1]["shapes"][1]["colour"] = "mauve"
    notes.append({"step": last_step + 1, "comment": "after the end", "shapes": []})
    notes.append({"step": 2, "comment": "again", "shapes": [ARROW] * (SHAPES_LIMIT + 1)})
    notes.append({"step": 3, "comment": "x", "shapes": [{**ARROW, "width": 3}]})
    headers = _token(app, "aiko")
    answer = _import(app, bad, headers)
    assert answer.status_code == 422, answer.text
    paths = [error["path"] for error in answer.json["errors"]]
    assert paths == [
        "study.annotations[0].comment",
        "study.annotations[0].shapes[0].from.x",
        "study.annotations[1].shapes[0].r",
        "study.annotations[1].shapes[1].colour",
        "study.annotations[2].step",
        "study.annotations[3].step",
        "study.annotations[3].shapes",
        "study.annotations[4].shapes[0].width",
    ]
    messages = [error["message"] for error in answer.json["errors"]]
    assert "at most 2000 are allowed" in messages[0]
    assert "annotated twice" in messages[5]
    assert answer.json["message"].startswith("the study was not imported: study.annotations[0]")
    # Nothing stored: neither a study nor the game its record would have brought.
    assert _study_count(app) == 0
    assert _game_count(app) == 0


def test_a_record_that_is_not_the_stored_game_is_refused(app: Flask) -> None:
    _original_id, exported = _exported_study(app)
    headers = _token(app, "aiko")
    tampered = copy.deepcopy(exported)
    tampered["record"]["commands"][0]["command"]["dice"] = 9
    answer = _import(app, tampered, headers)
    assert answer.status_code == 422, answer.text
    assert "played differently" in answer.json["message"]
    rehashed = copy.deepcopy(exported)
    rehashed["record"]["final_state_hash"] = "0" * 64
    answer = _import(app, rehashed, headers)
    assert answer.status_code == 422, answer.text
    assert answer.json["message"].startswith("record.final_state_hash")
    assert _study_count(app) == 1


def test_the_file_must_be_a_finished_games_study_of_its_own_record(app: Flask) -> None:
    _, exported = _exported_study(app)
    headers = _token(app, "aiko")
    cases: list[tuple[Any, int, str]] = [
        ([], 400, "format"),
        ({**exported, "format": "shiai-game/1"}, 400, "format"),
        ({**exported, "study": "notes"}, 400, "study"),
        ({**exported, "record": {"format": "shiai-game/1"}}, 422, ""),
        (
            {**exported, "study": {**exported["study"], "game_id": str(UUID(int=7))}},
            422,
            "study.game_id",
        ),
        ({**exported, "record": {**exported["record"], "outcome": None}}, 422, "record.outcome"),
        ({**exported, "study": {**exported["study"], "title": " "}}, 422, "study.title"),
    ]
    for body, status, start in cases:
        answer = _import(app, body, headers)
        assert answer.status_code == status, (body if status == 400 else start, answer.text)
        assert answer.json["message"].startswith(start) or start in answer.json["message"]
    assert _study_count(app) == 1


def test_the_file_is_checked_against_its_published_schema(app: Flask, other_site: Flask) -> None:
    """The StudyImport schema of the OpenAPI document applies to the body: a problem
    in the file's frame is a 400 naming it; one in the study's title or annotations
    that the import's own checks do not name is listed with them (422); an exported
    file is valid as it is. Nothing is stored on any problem."""
    _, exported = _exported_study(other_site)
    headers = _token(app, "aiko")
    study = exported["study"]
    framed: list[tuple[Any, str]] = [
        ({**exported, "notes": "mine"}, "body: Additional properties"),
        ({**exported, "study": {**study, "rating": 5}}, "study: Additional properties"),
        ({**exported, "study": {**study, "annotations": "all"}}, "study.annotations: 'all'"),
        (
            {**exported, "study": {**study, "annotations": [{"step": 0}] * 10_001}},
            "study.annotations: [",
        ),
        ({**exported, "study": {**study, "visibility": "secret"}}, "study.visibility: 'secret'"),
        ({**exported, "study": {**study, "owner": "k" * 201}}, "study.owner: 'kkk"),
    ]
    for body, start in framed:
        answer = _import(app, body, headers)
        assert answer.status_code == 400, (start, answer.text)
        assert answer.json["message"].startswith(start), answer.json["message"]
    # 121 characters: the import's own check strips the title to 120 and would take it.
    long_title = {**exported, "study": {**study, "title": "T" * 120 + " "}}
    answer = _import(app, long_title, headers)
    assert answer.status_code == 422, answer.text
    assert [error["path"] for error in answer.json["errors"]] == ["study.title"]
    assert "is too long" in answer.json["message"]
    assert _study_count(app) == 0
    assert _game_count(app) == 0
    assert _import(app, exported, headers).status_code == 201


def test_an_import_needs_an_account_and_a_file_of_at_most_the_limit(app: Flask) -> None:
    _, exported = _exported_study(app)
    assert _import(app, exported, {}).status_code == 401
    headers = _token(app, "aiko")
    big = {**exported, "padding": "x" * STUDY_FILE_LIMIT}
    answer = _import(app, big, headers)
    assert answer.status_code == 413, answer.text
    assert "at most 4 MB" in answer.json["message"]
    assert _study_count(app) == 1


def _upload(client: FlaskClient, content: bytes) -> Any:
    with client.session_transaction() as session:
        token = session.setdefault("csrf_token", secrets.token_urlsafe(16))
    return client.post(
        "/studies/import",
        data={"csrf_token": token, "study": (io.BytesIO(content), "shiai-study.json")},
        content_type="multipart/form-data",
    )


def test_the_studies_page_imports_an_uploaded_file_and_lists_its_problems(app: Flask) -> None:
    _, exported = _exported_study(app)
    new_account(app, "aiko")
    aiko = signed_in_client(app, "aiko")
    page = aiko.get("/studies")
    assert 'id="study-import"' in page.text
    assert 'type="file"' in page.text
    bad = copy.deepcopy(exported)
    bad["study"]["annotations"][0]["shapes"][0]["to"] = [1, 2, 3]
    refused = _upload(aiko, json.dumps(bad).encode())
    assert refused.status_code == 422
    assert "study.annotations[0].shapes[0].to must be a point [x, y]" in refused.text
    assert _upload(aiko, b"{not json").status_code == 400
    done = _upload(aiko, json.dumps(exported).encode())
    assert done.status_code == 303, done.text
    page = aiko.get(done.headers["Location"])
    assert page.status_code == 200
    assert "Bid low." in page.text
    assert "Kenji&#39;s bids" in aiko.get("/studies").text
    # Anonymous visitors see no form, and cannot post one.
    anonymous = app.test_client()
    assert 'id="study-import"' not in anonymous.get("/studies").text
    to_sign_in = _upload(anonymous, json.dumps(exported).encode())
    assert to_sign_in.status_code == 302
    assert to_sign_in.headers["Location"].startswith("/sign-in")
    assert _study_count(app) == 2  # the original and the one imported

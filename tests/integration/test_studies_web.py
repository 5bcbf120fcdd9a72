"""Studies on the web: made of finished games, written by their owner only,
read by anyone with the link, listed when public, exported with the record."""

from __future__ import annotations

import json
import re
import secrets
import uuid
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from replays.bot_games import play_bot_game
from replays.studies import TITLE_LIMIT
from shiai.studies import SNAPSHOT_INTERVAL
from shiai.studies import studies as studies_table
from tests.support.web import form, new_account, signed_in_client

ARROW = {"kind": "arrow", "from": [10, 20], "to": [300, 400], "colour": "blue"}


def _finished_game(app: Flask) -> UUID:
    records = app.extensions["shiai"].records
    game_id: UUID = play_bot_game(records, "dice-race", {"target": 20}, bot_seed=5, seed="study")
    return game_id


def _csrf(client: FlaskClient) -> dict[str, str]:
    with client.session_transaction() as session:
        return {"X-CSRF-Token": session.setdefault("csrf_token", secrets.token_urlsafe(16))}


def _open_study(client: FlaskClient, game_id: UUID) -> UUID:
    response = form(client, "/studies", {"game_id": str(game_id), "step": "3"})
    assert response.status_code == 303, response.text
    match = re.fullmatch(r"/studies/([0-9a-f-]{36})\?step=3", response.headers["Location"])
    assert match, response.headers["Location"]
    return UUID(match.group(1))


def _put(client: FlaskClient, study_id: UUID, step: int, body: Any) -> Any:
    return client.put(
        f"/api/studies/{study_id}/annotations/{step}",
        data=json.dumps(body),
        content_type="application/json",
        headers=_csrf(client),
    )


def test_an_owner_annotates_a_step_and_anyone_with_the_link_reads_it(app: Flask) -> None:
    game_id = _finished_game(app)
    new_account(app, "kenji")
    kenji = signed_in_client(app, "kenji")
    study_id = _open_study(kenji, game_id)
    # Opening it again opens the same study, not a second one.
    assert _open_study(kenji, game_id) == study_id

    saved = _put(kenji, study_id, 3, {"comment": "Bid three here.", "shapes": [ARROW]})
    assert saved.status_code == 200, saved.text
    assert saved.json["annotations"] == [
        {"step": 3, "comment": "Bid three here.", "shapes": [ARROW]}
    ]

    visitor = app.test_client()
    page = visitor.get(f"/studies/{study_id}?step=3")
    assert page.status_code == 200
    assert 'id="study-data"' in page.text
    assert "Bid three here." in page.text
    read = visitor.get(f"/api/studies/{study_id}").json
    assert read["owner"] == "Kenji"
    assert read["annotations"][0]["shapes"] == [ARROW]
    # The game's own record is untouched: the study is a record of its own.
    exported = visitor.get(f"/api/studies/{study_id}/export")
    assert exported.status_code == 200
    body = exported.json
    assert body["format"] == "shiai-study/1"
    assert body["record"] == visitor.get(f"/api/games/{game_id}/record").json
    assert "Bid three here." not in json.dumps(body["record"])
    assert body["study"]["annotations"][0]["comment"] == "Bid three here."


def test_no_one_but_the_owner_writes_and_nothing_changes(sqlite_app: Flask) -> None:
    game_id = _finished_game(sqlite_app)
    new_account(sqlite_app, "kenji")
    new_account(sqlite_app, "hana")
    study_id = _open_study(signed_in_client(sqlite_app, "kenji"), game_id)
    hana = signed_in_client(sqlite_app, "hana")
    refused = _put(hana, study_id, 2, {"comment": "not yours", "shapes": []})
    assert refused.status_code == 403
    assert "owner" in refused.json["message"]
    patched = hana.patch(
        f"/api/studies/{study_id}",
        data=json.dumps({"visibility": "public"}),
        content_type="application/json",
        headers=_csrf(hana),
    )
    assert patched.status_code == 403
    anonymous = sqlite_app.test_client()
    unsigned = anonymous.put(
        f"/api/studies/{study_id}/annotations/2", json={"comment": "x", "shapes": []}
    )
    assert unsigned.status_code == 401
    # A session write without the page's CSRF header is refused too.
    kenji = signed_in_client(sqlite_app, "kenji")
    no_csrf = kenji.put(f"/api/studies/{study_id}/annotations/2", json={"comment": "x"})
    assert no_csrf.status_code == 400
    assert sqlite_app.test_client().get(f"/api/studies/{study_id}").json["annotations"] == []


def test_malformed_annotations_get_a_clear_4xx(sqlite_app: Flask) -> None:
    game_id = _finished_game(sqlite_app)
    new_account(sqlite_app, "kenji")
    kenji = signed_in_client(sqlite_app, "kenji")
    study_id = _open_study(kenji, game_id)
    last = sqlite_app.extensions["shiai"].records.summary(game_id).last_step
    cases = [
        (last + 1, {"comment": "beyond", "shapes": []}, 422),
        (1, {"comment": "x" * 2001}, 400),
        (1, {"comment": "", "shapes": [{"kind": "arrow", "from": [0, 0], "to": [1e9, 0]}]}, 400),
        (1, {"comment": "a NUL \u0000 character"}, 400),
        (1, ["not", "an", "object"], 400),
        (1, {"comment": "ok", "extra": 1}, 400),
    ]
    for step, body, status in cases:
        answer = _put(kenji, study_id, step, body)
        assert answer.status_code == status, (body, answer.text)
        assert answer.json["message"]
    bad_json = kenji.put(
        f"/api/studies/{study_id}/annotations/1",
        data="{nope",
        content_type="application/json",
        headers=_csrf(kenji),
    )
    assert bad_json.status_code == 400
    assert kenji.get(f"/api/studies/{study_id}").json["annotations"] == []
    assert kenji.get(f"/api/studies/{uuid.uuid4()}").status_code == 404
    assert kenji.get(f"/studies/{uuid.uuid4()}").status_code == 404


def test_a_study_of_a_running_game_is_refused(sqlite_app: Flask) -> None:
    records = sqlite_app.extensions["shiai"].records
    running = records.start_game("dice-race", {"target": 20}, title="Still racing")
    new_account(sqlite_app, "kenji")
    kenji = signed_in_client(sqlite_app, "kenji")
    response = form(kenji, "/studies", {"game_id": str(running)})
    assert response.status_code == 422
    assert "finished game only" in response.text
    assert form(kenji, "/studies", {"game_id": "nope"}).status_code == 400
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        assert conn.execute(select(studies_table)).all() == []


def test_public_studies_are_listed_and_unlisted_ones_are_not(sqlite_app: Flask) -> None:
    game_id = _finished_game(sqlite_app)
    new_account(sqlite_app, "kenji")
    kenji = signed_in_client(sqlite_app, "kenji")
    study_id = _open_study(kenji, game_id)
    listing = sqlite_app.test_client().get("/studies").text
    assert str(study_id) not in listing
    assert str(study_id) in kenji.get("/studies").text  # the owner sees their own
    patched = kenji.patch(
        f"/api/studies/{study_id}",
        data=json.dumps({"visibility": "public", "title": "How the race was won"}),
        content_type="application/json",
        headers=_csrf(kenji),
    )
    assert patched.status_code == 200, patched.text
    listing = sqlite_app.test_client().get("/studies").text
    assert str(study_id) in listing
    assert "How the race was won" in listing


def test_a_much_edited_study_reads_the_same_from_its_snapshot(app: Flask) -> None:
    game_id = _finished_game(app)
    owner = new_account(app, "kenji")
    services = app.extensions["shiai"]
    study_id = services.studies.start(game_id, owner, "Edited", "unlisted")
    for k in range(SNAPSHOT_INTERVAL + 2):
        services.studies.annotate(
            study_id, owner, step=k % 5, comment=f"take {k}", shapes=[ARROW], last_step=9
        )
    assert list(services.studies.snapshots.get(study_id))
    read = app.test_client().get(f"/api/studies/{study_id}").json
    assert [note["step"] for note in read["annotations"]] == [0, 1, 2, 3, 4]
    assert read["annotations"][1]["comment"] == f"take {SNAPSHOT_INTERVAL + 1}"
    assert read["game_id"] == str(game_id)
    with services.db_engine.connect() as conn:
        row = conn.execute(select(studies_table).where(studies_table.c.id == study_id)).one()
    assert row.annotations == 5


def test_the_studies_of_one_game_are_listed_from_its_page(sqlite_app: Flask) -> None:
    game_id = _finished_game(sqlite_app)
    other_game = _finished_game(sqlite_app)
    new_account(sqlite_app, "kenji")
    kenji = signed_in_client(sqlite_app, "kenji")
    study_id = _open_study(kenji, game_id)
    elsewhere = _open_study(kenji, other_game)
    page = sqlite_app.test_client().get(f"/games/{game_id}").text
    assert f"/studies?game={game_id}" in page
    listing = kenji.get(f"/studies?game={game_id}").text
    assert str(study_id) in listing
    assert str(elsewhere) not in listing
    assert kenji.get("/studies?game=nope").status_code == 400
    assert kenji.get(f"/studies?game={uuid.uuid4()}").status_code == 404


def test_a_study_takes_a_one_line_title_from_any_game_title(sqlite_app: Flask) -> None:
    records = sqlite_app.extensions["shiai"].records
    game_id = play_bot_game(
        records,
        "dice-race",
        {"target": 8},
        bot_seed=1,
        seed="t",
        title="Final\n\tround " + "x" * 180,
    )
    new_account(sqlite_app, "kenji")
    kenji = signed_in_client(sqlite_app, "kenji")
    study = kenji.get(f"/api/studies/{_open_study(kenji, game_id)}").json
    assert study["title"].startswith("Study of Final round xxx")
    assert len(study["title"]) == TITLE_LIMIT

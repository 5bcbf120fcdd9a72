"""Playing in the browser, through its endpoints: creating a game against a bot,
hot-seat or an invited player; who may answer which side; CSRF; the engine's
refusals and stale steps answered with 4xx messages and nothing recorded."""

from __future__ import annotations

import io
import json
import re
import secrets
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text
from werkzeug.test import TestResponse

from engine.kensei import sample_army
from replays.errors import GameNotFound
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from shiai import play as play_module
from shiai.play import PlayRefused
from tests.support.dice_race import DiceRace
from tests.support.web import form, new_account, signed_in_client

SMALL = {"army_A": "sohei-250", "army_B": "otokodate-250", "scenario": "pitched-battle"}


def new_game(client: FlaskClient, **fields: Any) -> UUID:
    response = form(client, "/play/new", {**SMALL, **fields})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    match = re.fullmatch(r"/games/([0-9a-f-]{36})", response.headers["Location"])
    assert match, response.headers["Location"]
    return UUID(match.group(1))


def csrf(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        token: str = session.setdefault("csrf_token", secrets.token_urlsafe(16))
    return token


def answer(client: FlaskClient, game_id: UUID, body: Any, token: str | None = None) -> TestResponse:
    headers = {"X-CSRF-Token": token if token is not None else csrf(client)}
    return client.post(f"/play/games/{game_id}/commands", json=body, headers=headers)


def head(client: FlaskClient, game_id: UUID) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/head")
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def prompt(app: Flask, game_id: UUID) -> dict[str, Any]:
    found: dict[str, Any] = app.extensions["shiai"].records.summary(game_id).prompt
    return found


def proposal(client: FlaskClient, game_id: UUID, side: str) -> dict[str, Any]:
    response = client.get(f"/play/games/{game_id}/proposal?side={side}")
    assert response.status_code == 200, response.get_json()
    command: dict[str, Any] = response.get_json()["command"]
    assert command is not None
    return command


@pytest.fixture
def host(sqlite_app: Flask) -> FlaskClient:
    new_account(sqlite_app, "hideyoshi")
    return signed_in_client(sqlite_app, "hideyoshi")


def test_a_game_against_the_bot_waits_only_for_the_player(
    sqlite_app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, opponent="bot", bot="greedy", side="B")
    # The bot (side A) has answered everything that waited for it: the game waits for B.
    assert prompt(sqlite_app, game_id)["sides"] == ["B"]
    assert head(host, game_id)["you_play"] == ["B"]
    page = host.get(f"/games/{game_id}").get_data(as_text=True)
    assert "greedy bot" in page
    assert "viewer/play.js" in page
    # The player answers with a legal command; the bot answers until B is asked again.
    before = head(host, game_id)["last_step"]
    response = answer(
        host, game_id, {"command": proposal(host, game_id, "B"), "expected_step": before}
    )
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["last_step"] == head(host, game_id)["last_step"] > before
    assert prompt(sqlite_app, game_id)["sides"] == ["B"]


def test_a_new_game_needs_a_signed_in_account(sqlite_app: Flask) -> None:
    response = sqlite_app.test_client().get("/play/new")
    assert response.status_code == 302
    assert "/sign-in" in response.headers["Location"]


def test_an_uploaded_army_list_that_breaks_the_rules_is_refused_with_the_engines_words(
    sqlite_app: Flask, host: FlaskClient
) -> None:
    army = sample_army("buke-250")
    army["units"][1]["count"] = 60  # far over the battle size's points
    upload = (io.BytesIO(json.dumps(army).encode()), "my-army.json")
    response = form(host, "/play/new", {**SMALL, "army_A_file": upload, "opponent": "bot"})
    assert response.status_code == 400
    assert "army A breaks the army creation rules" in response.get_data(as_text=True)
    not_json = (io.BytesIO(b"{not json"), "broken.json")
    response = form(host, "/play/new", {**SMALL, "army_B_file": not_json, "opponent": "bot"})
    assert response.status_code == 400
    assert "army list B is not valid JSON" in response.get_data(as_text=True)


def test_an_uploaded_army_list_that_keeps_the_rules_is_played(
    sqlite_app: Flask, host: FlaskClient, tmp_path: Path
) -> None:
    upload = (io.BytesIO(json.dumps(sample_army("buke-250")).encode()), "buke.json")
    game_id = new_game(host, army_A_file=upload, army_B="kuge-250", opponent="hot-seat")
    state = host.get(f"/api/games/{game_id}/steps/0").get_json()["state"]
    assert state["sides"]["A"]["name"] == "Buke border patrol"


def test_hot_seat_lets_the_host_answer_for_both_sides(sqlite_app: Flask, host: FlaskClient) -> None:
    game_id = new_game(host, opponent="hot-seat")
    assert head(host, game_id)["you_play"] == ["A", "B"]
    for _ in range(4):  # whoever is asked, the host answers
        waiting = prompt(sqlite_app, game_id)["sides"][0]
        step = head(host, game_id)["last_step"]
        command = proposal(host, game_id, waiting)
        response = answer(host, game_id, {"command": command, "expected_step": step})
        assert response.status_code == 201, response.get_json()


def test_commands_need_a_session_and_its_csrf_token(sqlite_app: Flask, host: FlaskClient) -> None:
    game_id = new_game(host, opponent="hot-seat")
    step = head(host, game_id)["last_step"]
    body = {"command": {"type": "place_scenery", "side": "A", "pieces": []}, "expected_step": step}
    anonymous = sqlite_app.test_client()
    response = anonymous.post(f"/play/games/{game_id}/commands", json=body)
    assert response.status_code == 400  # no CSRF token: refused before anything else
    response = answer(anonymous, game_id, body)
    assert response.status_code == 401
    assert response.get_json()["error"] == "not_signed_in"
    response = answer(host, game_id, body, token="forged")
    assert response.status_code == 400
    assert "did not come from this site" in response.get_json()["message"]
    assert head(host, game_id)["last_step"] == step


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("not json", "send the request body as JSON"),
        ({"command": {"type": "deploy", "side": "A"}}, "'expected_step' is a required property"),
        ({"command": [], "expected_step": 0}, "command: [] is not of type 'object'"),
        ({"command": {"type": "deploy"}, "expected_step": 0}, "a command is a JSON object naming"),
        ({"command": {"side": "A"}, "expected_step": 0, "extra": 1}, "Additional properties"),
    ],
)
def test_a_malformed_request_gets_a_4xx_with_a_message(
    sqlite_app: Flask, host: FlaskClient, body: Any, message: str
) -> None:
    game_id = new_game(host, opponent="hot-seat")
    step = head(host, game_id)["last_step"]
    if body == "not json":
        response = host.post(
            f"/play/games/{game_id}/commands",
            data="x",
            headers={"X-CSRF-Token": csrf(host)},
            content_type="text/plain",
        )
    else:
        response = answer(host, game_id, body)
    assert 400 <= response.status_code < 500
    assert message in response.get_json()["message"]
    assert head(host, game_id)["last_step"] == step


def test_only_the_account_seated_at_a_side_answers_for_it(
    sqlite_app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, opponent="bot", side="B")
    step = head(host, game_id)["last_step"]
    # The host may not answer for the bot's side...
    command = {"type": "choose_active_side", "side": "A", "active": "A"}
    response = answer(host, game_id, {"command": command, "expected_step": step})
    assert response.status_code == 403
    assert "you play side B in this game, not side A" in response.get_json()["message"]
    # ... and another account for no side at all.
    new_account(sqlite_app, "ieyasu")
    stranger = signed_in_client(sqlite_app, "ieyasu")
    command = {**command, "side": "B"}
    response = answer(stranger, game_id, {"command": command, "expected_step": step})
    assert response.status_code == 403
    assert response.get_json()["message"] == "you do not play in this game"
    assert stranger.get(f"/play/games/{game_id}/proposal?side=B").status_code == 403
    assert head(stranger, game_id)["you_play"] == []
    assert head(host, game_id)["last_step"] == step


def test_an_illegal_command_is_422_with_the_rule_and_changes_nothing(
    sqlite_app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, opponent="hot-seat")
    waiting = prompt(sqlite_app, game_id)
    step = head(host, game_id)["last_step"]
    command = {"type": "choose_unit", "side": waiting["sides"][0], "unit": "A-1"}
    response = answer(host, game_id, {"command": command, "expected_step": step})
    assert response.status_code == 422
    refusal = response.get_json()
    assert refusal["error"] == "illegal_command"
    assert refusal["message"].startswith("the game is waiting for")
    assert refusal["rule"]
    assert head(host, game_id)["last_step"] == step
    assert prompt(sqlite_app, game_id) == waiting


def test_a_stale_step_is_409_and_the_second_tab_records_nothing(
    sqlite_app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, opponent="hot-seat")
    step = head(host, game_id)["last_step"]
    command = proposal(host, game_id, prompt(sqlite_app, game_id)["sides"][0])
    first = answer(host, game_id, {"command": command, "expected_step": step})
    assert first.status_code == 201
    after = head(host, game_id)["last_step"]
    second = answer(host, game_id, {"command": command, "expected_step": step})
    assert second.status_code == 409
    assert f"the game is at step {after}, not {step}" in second.get_json()["message"]
    assert head(host, game_id)["last_step"] == after


def test_an_invitation_lets_one_signed_in_account_take_side_b_once(
    sqlite_app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, opponent="invite")
    page = host.get(f"/games/{game_id}").get_data(as_text=True)
    link = re.search(r'id="invitation" readonly size="60" value="([^"]+)"', page)
    assert link, "the host sees the invitation link"
    path = "/play/join/" + link.group(1).rsplit("/play/join/", 1)[1]
    token = path.rsplit("/", 1)[1]
    assert len(token) >= 32
    # The host cannot take the seat; an anonymous visitor is sent to sign in first.
    assert form(host, path).status_code == 403
    assert sqlite_app.test_client().get(path).status_code == 302
    new_account(sqlite_app, "ieyasu")
    guest = signed_in_client(sqlite_app, "ieyasu")
    assert "Play side B" in guest.get(path).get_data(as_text=True)
    response = form(guest, path)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}"
    assert head(guest, game_id)["you_play"] == ["B"]
    assert head(host, game_id)["you_play"] == ["A"]
    # The link opens nothing any more, for the guest or anyone else.
    new_account(sqlite_app, "mitsunari")
    third = signed_in_client(sqlite_app, "mitsunari")
    assert form(third, path).status_code == 404
    assert third.get(path).status_code == 404
    assert form(guest, "/play/join/" + "x" * 32).status_code == 404
    assert head(third, game_id)["you_play"] == []


def test_head_and_new_steps_are_cheap_to_poll(sqlite_app: Flask, host: FlaskClient) -> None:
    game_id = new_game(host, opponent="hot-seat")
    found = head(host, game_id)
    assert found == {
        "game_id": str(game_id),
        "last_step": found["last_step"],
        "status": "running",
        "you_play": ["A", "B"],
    }
    step = found["last_step"]
    command = proposal(host, game_id, prompt(sqlite_app, game_id)["sides"][0])
    assert answer(host, game_id, {"command": command, "expected_step": step}).status_code == 201
    fresh = host.get(f"/api/games/{game_id}/steps?since={step}").get_json()["steps"]
    assert [entry["step"] for entry in fresh] == list(
        range(step + 1, head(host, game_id)["last_step"] + 1)
    )
    assert host.get(f"/api/games/{UUID(int=1)}/head").status_code == 404


def _stored_rows(app: Flask) -> dict[str, int]:
    db_engine = app.extensions["shiai"].db_engine
    with db_engine.connect() as conn:
        return {
            table: conn.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one()
            for table in ("gamerecords_events", "gamerecords_snapshots", "games", "game_seats")
        }


def test_a_failure_between_the_game_and_its_seats_stores_neither(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On SQLite and PostgreSQL: the seats are written in the transaction of the
    game's first event; a failure after they are written (before the commit)
    leaves no game, no seat and no listed game, and the next game is played."""
    services = app.extensions["shiai"]
    host_id = new_account(app, "hideyoshi")
    before = _stored_rows(app)
    attempted: list[UUID] = []
    real_write_seats = play_module.write_seats

    def write_then_fail(conn: Any, rows: list[dict[str, Any]]) -> None:
        real_write_seats(conn, rows)  # the game's events and its seats are written...
        attempted.append(rows[0]["game_id"])
        raise RuntimeError("the server lost its power")  # ... and never committed

    monkeypatch.setattr(play_module, "write_seats", write_then_fail)
    setup = {"armies": {"A": "sohei-250", "B": "otokodate-250"}, "scenario": "pitched-battle"}
    with pytest.raises(RuntimeError, match="lost its power"):
        services.play.create(host_id, "kensei", setup, opponent="hot-seat")
    (game_id,) = attempted
    assert _stored_rows(app) == before
    with pytest.raises(GameNotFound):
        services.records.summary(game_id)
    assert services.play.seats(game_id) == {}
    # A refusal decided inside the transaction (a side the game does not have) too.
    monkeypatch.setattr(play_module, "write_seats", real_write_seats)
    with pytest.raises(PlayRefused, match="not 'C'"):
        services.play.create(host_id, "kensei", setup, opponent="bot", host_side="C")
    assert _stored_rows(app) == before
    # Nothing is left behind: the next game starts, with both seats.
    created = services.play.create(host_id, "kensei", setup, opponent="hot-seat")
    assert set(services.play.seats(created.game_id)) == {"A", "B"}
    assert _stored_rows(app)["game_seats"] == before["game_seats"] + 2


def test_rows_alongside_a_game_need_the_sql_store() -> None:
    records = GameRecords(event_store_env(MEMORY), rulesets=[DiceRace()])
    with pytest.raises(ValueError, match="only on the SQL event store"):
        records.start_game("dice-race", {}, alongside=lambda *_: None)
    records.close()


def test_the_new_game_page_offers_every_installed_system_kensei_first(host: FlaskClient) -> None:
    page = host.get("/play/new").get_data(as_text=True)
    # The system is chosen first, by its name; Kensei (built in) is preselected.
    assert '<option value="kensei" selected>Kensei</option>' in page
    assert '<option value="dice-race">Dice race</option>' in page
    assert 'name="army_A"' in page
    assert 'name="scenario"' in page
    # The bots are Kensei's own (Ruleset.bots()), with their descriptions.
    assert 'value="greedy" selected>greedy: advances on the nearest enemy' in page
    assert 'href="/systems/kensei/odds">Kensei odds</a>' in page, "Kensei's tools are linked"


def test_a_dice_race_is_started_through_the_generic_form_and_replayed_with_generic_js(
    sqlite_app: Flask, host: FlaskClient
) -> None:
    page = host.get("/play/new?system=dice-race").get_data(as_text=True)
    assert "Play a game of Dice race" in page
    assert 'name="setup"' in page
    assert 'name="sample"' in page
    assert 'name="army_A"' not in page, "no Kensei options for another system"
    assert '<option value="random" selected>random: plays any legal move' in page
    response = form(
        host,
        "/play/new",
        {"system": "dice-race", "sample": "1", "setup": '{"target": 30}', "opponent": "bot"},
    )
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    game_id = UUID(response.headers["Location"].rsplit("/", 1)[1])
    summary = sqlite_app.extensions["shiai"].records.summary(game_id)
    assert summary.ruleset == "dice-race"
    assert sqlite_app.extensions["shiai"].records.current(game_id).state["target"] == 30
    assert prompt(sqlite_app, game_id)["sides"] == ["A"], "the bot (B) has bid, sealed"
    game_page = host.get(f"/games/{game_id}").get_data(as_text=True)
    data = json.loads(
        re.search(r'id="replay-data">(.*?)</script>', game_page, re.DOTALL).group(1)  # type: ignore[union-attr]
    )
    assert data["scripts"] == {"replay": None, "play": None}, "the generic viewer and controls"
    assert "Dice race ·" in game_page
    assert "tools:" not in game_page


def test_a_kensei_game_page_names_kensei_s_scripts_and_tools(host: FlaskClient) -> None:
    game_id = new_game(host, opponent="hot-seat")
    page = host.get(f"/games/{game_id}").get_data(as_text=True)
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', page, re.DOTALL).group(1))  # type: ignore[union-attr]
    assert data["scripts"] == {
        "replay": "/static/systems/kensei/replay.js",
        "play": "/static/systems/kensei/play.js",
    }
    assert 'href="/systems/kensei/odds">Kensei odds</a>' in page
    assert host.get(data["scripts"]["replay"]).status_code == 200


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"system": "dice-race", "setup": "{target"}, "the set-up is not valid JSON"),
        ({"system": "dice-race", "setup": '{"target": 1}'}, "target must be a whole number"),
        ({"system": "dice-race", "sample": "1", "bot": "greedy"}, "the bot must be one of random"),
        ({"system": "dice-race", "sample": "1", "side": "C"}, "your side must be A or B"),
        ({"system": "shogi"}, "no game system &#39;shogi&#39; is installed"),
    ],
)
def test_a_bad_new_game_form_is_a_400_saying_why_and_stores_nothing(
    sqlite_app: Flask, host: FlaskClient, fields: dict[str, str], message: str
) -> None:
    before = _stored_rows(sqlite_app)
    response = form(host, "/play/new", {"opponent": "bot", **fields})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert _stored_rows(sqlite_app) == before

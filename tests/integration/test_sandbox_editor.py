"""The position editor through its endpoints: a judge edits a position of a finished
Kensei game (a unit moved, markers set); the engine refuses what the table does not
allow with its words and starts nothing; a board started from the edited position
says so in its record; and the engine answers what a unit may do at a step."""

from __future__ import annotations

import secrets
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.kensei import Kensei
from replays.bot_games import play_bot_game
from replays.game import project_game, step_version
from tests.support.web import new_account, signed_in_client


@pytest.fixture
def kensei_game(sqlite_app: Flask) -> UUID:
    kensei = Kensei()
    records = sqlite_app.extensions["shiai"].records
    return play_bot_game(records, kensei.id, kensei.sample_setups()[0], bot_seed="editor")


@pytest.fixture
def judge(sqlite_app: Flask) -> FlaskClient:
    new_account(sqlite_app, "ooka")
    return signed_in_client(sqlite_app, "ooka")


def order_step(app: Flask, game_id: UUID) -> tuple[int, str]:
    """A step where a unit is asked for its order, and that unit."""
    records = app.extensions["shiai"].records
    for entry in records.steps(game_id):
        prompt = records.state_at(game_id, entry.step).prompt
        if prompt is not None and prompt["kind"] == "order":
            return entry.step, prompt["options"]["unit"]
    raise AssertionError("no order in the game")


def state_at(app: Flask, game_id: UUID, step: int) -> dict[str, Any]:
    game = app.extensions["shiai"].records.repository.get(
        game_id, version=step_version(step), projector_func=project_game
    )
    state: dict[str, Any] = game.state
    return state


def anchor_position(state: dict[str, Any], uid: str) -> tuple[int, int]:
    """Where a unit's leader stands (its first miniature on the table if it has none)."""
    unit = state["units"][uid]
    standing = [m for m in unit["minis"] if state["minis"][m]["placed"]]
    standing = [m for m in standing if not state["minis"][m]["removed"]]
    mini = state["minis"][unit["leader"] if unit["leader"] in standing else standing[0]]
    return mini["x"], mini["y"]


def post_edits(client: FlaskClient, game_id: UUID, body: Any) -> Any:
    with client.session_transaction() as session:
        token = session.setdefault("csrf_token", secrets.token_urlsafe(16))
    return client.post(f"/play/games/{game_id}/edits", json=body, headers={"X-CSRF-Token": token})


def test_an_edited_position_starts_a_board_that_says_it_is_edited(
    sqlite_app: Flask, judge: FlaskClient, kensei_game: UUID
) -> None:
    records = sqlite_app.extensions["shiai"].records
    step, uid = order_step(sqlite_app, kensei_game)
    state = state_at(sqlite_app, kensei_game, step)
    centre = (state["table"]["width"] // 2, state["table"]["height"] // 2)
    edits = [
        {"edit": "move", "unit": uid, "x": centre[0], "y": centre[1], "facing": 0},
        {"edit": "markers", "unit": uid, "used": False, "stunned": 1},
    ]
    page = judge.get(f"/games/{kensei_game}/editor?step={step}")
    assert page.status_code == 200
    assert "Position editor" in page.get_data(as_text=True)
    response = post_edits(judge, kensei_game, {"step": step, "edits": edits})
    assert response.status_code == 201, response.get_json()
    board = UUID(response.get_json()["game"])
    setup = records.export_record(board)["setup"]
    assert setup["edited"] is True
    assert setup["analysis_of"]["game"] == str(kensei_game)
    moved = state_at(sqlite_app, board, 0)
    assert anchor_position(moved, uid) == centre
    assert moved["units"][uid]["markers"]["stunned"] == 1
    assert "An edited position" in judge.get(f"/games/{board}").get_data(as_text=True)

    # What can this unit do: it is the one asked for its order, so the engine lists orders.
    answer = judge.get(f"/play/games/{board}/units/{uid}?step=0").get_json()
    assert answer["waiting"] is None
    assert any(line.startswith("order: ") for line in answer["lines"]), answer


def test_an_edit_against_the_table_is_refused_in_words_and_starts_nothing(
    sqlite_app: Flask, judge: FlaskClient, kensei_game: UUID
) -> None:
    step, uid = order_step(sqlite_app, kensei_game)
    before = sqlite_app.extensions["shiai"].records.summary(kensei_game)
    off = {"edit": "move", "unit": uid, "x": 0, "y": 0, "facing": 0}
    response = post_edits(judge, kensei_game, {"step": step, "edits": [off]})
    assert response.status_code == 422
    assert "off the table" in response.get_json()["message"]
    bad = post_edits(judge, kensei_game, {"step": step, "edits": [{"edit": "fly", "unit": uid}]})
    assert bad.status_code == 400
    assert post_edits(judge, kensei_game, {"step": step}).status_code == 400
    assert post_edits(judge, kensei_game, {"step": "x", "edits": [off]}).status_code == 400
    assert post_edits(judge, kensei_game, [1]).status_code == 400
    after = sqlite_app.extensions["shiai"].records.summary(kensei_game)
    assert (after.last_step, after.outcome) == (before.last_step, before.outcome)


def test_editing_needs_a_signed_in_account(sqlite_app: Flask, kensei_game: UUID) -> None:
    visitor = sqlite_app.test_client()
    response = post_edits(visitor, kensei_game, {"step": 0, "edits": []})
    assert response.status_code == 401


def test_a_unit_not_asked_about_is_told_whose_decision_it_is(
    sqlite_app: Flask, judge: FlaskClient, kensei_game: UUID
) -> None:
    step, uid = order_step(sqlite_app, kensei_game)
    units = state_at(sqlite_app, kensei_game, step)["units"]
    other = next(u for u in units if units[u]["side"] != units[uid]["side"])  # not asked
    answer = judge.get(f"/play/games/{kensei_game}/units/{other}?step={step}").get_json()
    assert answer["lines"] == []
    assert "the engine waits for side" in answer["waiting"]
    assert judge.get(f"/play/games/{kensei_game}/units/{'x' * 41}?step=0").status_code == 400

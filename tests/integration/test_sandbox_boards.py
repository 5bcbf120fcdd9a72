"""My boards: the signed-in account's analysis boards, newest first, paged, as a
page and as JSON (GET /api/boards); nobody else's, and nothing for anyone else.
On SQLite and PostgreSQL (the list is one SQL query over seats and the games read
model)."""

from __future__ import annotations

import re
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from shiai.sandbox import BOARDS_PER_PAGE, Sandboxes
from tests.integration.test_sandbox import decision_steps, owned_game, play_to_the_end
from tests.support.web import new_account, signed_in_client


@pytest.fixture
def judge(app: Flask) -> FlaskClient:
    new_account(app, "tomoe")
    return signed_in_client(app, "tomoe")


def sandboxes(app: Flask) -> Sandboxes:
    services = app.extensions["shiai"]
    return Sandboxes(services.records, services.play)


def account_id(app: Flask, username: str) -> str:
    account = app.extensions["shiai"].accounts.by_username(username)
    assert account is not None
    found: str = account.id
    return found


def listed(page: str) -> list[str]:
    return re.findall(r'<tr data-board="([0-9a-f-]{36})">', page)


def test_my_boards_lists_my_boards_newest_first_with_what_they_analyse(
    app: Flask, judge: FlaskClient
) -> None:
    race = owned_game(app)
    play_to_the_end(app, race)
    tomoe = account_id(app, "tomoe")
    first = sandboxes(app).analyse(tomoe, race, 0)
    step = decision_steps(app, race)[1]
    second = sandboxes(app).analyse(tomoe, race, step, dice_mode="entered")
    owned_game(app, "tomoe")  # an ordinary game of hers, played at every side: no board
    # A move on the first board: its steps played go up.
    records = app.extensions["shiai"].records
    records.submit_command(first, {"type": "bid", "side": "A", "dice": 1})

    page = judge.get("/boards").get_data(as_text=True)
    assert listed(page) == [str(second), str(first)]
    assert f'href="/games/{race}?step={step}"' in page
    assert f'href="/games/{race}?step=0"' in page
    assert "from the table" in page
    assert "seeded" in page
    assert "as played" in page
    assert '<td class="num">1</td>' in page  # the first board's step played

    # The same as JSON, for the same account signed in.
    body = judge.get("/api/boards").get_json()
    assert [row["id"] for row in body["boards"]] == [str(second), str(first)]
    assert body["boards"][0]["analysis_of"] == {
        "game": str(race),
        "step": step,
        "title": records.summary(race).title,
    }
    assert body["boards"][1]["steps"] == 1
    assert body["boards"][0]["dice_mode"] == "entered"
    assert body["next"] is None

    # Linked from the account page and from each board's header.
    assert 'href="/boards"' in judge.get("/account").get_data(as_text=True)
    assert 'id="your-boards"' in judge.get(f"/games/{first}").get_data(as_text=True)


def test_nobody_else_sees_my_boards_and_anonymous_visitors_are_sent_to_sign_in(
    app: Flask, judge: FlaskClient
) -> None:
    race = owned_game(app)
    play_to_the_end(app, race)
    sandboxes(app).analyse(account_id(app, "tomoe"), race, 0)
    new_account(app, "kojiro")
    other = signed_in_client(app, "kojiro")
    assert listed(other.get("/boards").get_data(as_text=True)) == []
    assert other.get("/api/boards").get_json()["boards"] == []
    anonymous = app.test_client()
    response = anonymous.get("/boards")
    assert response.status_code in (302, 303)
    assert "/sign-in" in response.headers["Location"]
    assert anonymous.get("/api/boards").status_code == 401


def test_my_boards_are_paged_and_a_bad_page_is_refused(app: Flask, judge: FlaskClient) -> None:
    race = owned_game(app)
    play_to_the_end(app, race)
    tomoe = account_id(app, "tomoe")
    boards = [sandboxes(app).analyse(tomoe, race, 0) for _ in range(BOARDS_PER_PAGE + 1)]
    first = judge.get("/boards").get_data(as_text=True)
    assert listed(first) == [str(board) for board in reversed(boards[1:])]
    assert 'id="boards-older"' in first
    second = judge.get("/boards?page=2").get_data(as_text=True)
    assert listed(second) == [str(boards[0])]
    assert 'id="boards-newer"' in second
    assert 'id="boards-older"' not in second
    assert judge.get("/api/boards").get_json()["next"] == "/api/boards?page=2"
    for bad in ("0", "x", "99999999"):
        assert judge.get(f"/boards?page={bad}").status_code == 400
    assert UUID(judge.get("/api/boards?page=2").get_json()["boards"][0]["id"]) == boards[0]

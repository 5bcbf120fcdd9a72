"""Analysis boards ("Analyse from here"): a sandbox game that starts from a step of
another game, played at every side by the account that asked, which never changes
the original and counts in no list or statistic."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from engine.core import state_hash
from replays.bot_games import answer_with_bots
from replays.game import project_game, step_version
from replays.schema import game_sides, games
from tests.support.dice_race import DiceRace
from tests.support.web import form, new_account, new_token, signed_in_client


@pytest.fixture
def judge(sqlite_app: Flask) -> FlaskClient:
    new_account(sqlite_app, "tomoe")
    return signed_in_client(sqlite_app, "tomoe")


def owned_game(app: Flask, owner: str = "kenshin") -> UUID:
    """A dice race its owner plays at every side (as a script would start it)."""
    account = app.extensions["shiai"].accounts.by_username(owner)
    account_id = account.id if account is not None else new_account(app, owner)
    game_id: UUID = app.extensions["shiai"].play.start_owned(
        account_id, "dice-race", {"target": 30, "max_rounds": 12}
    )
    return game_id


def play_to_the_end(app: Flask, game_id: UUID) -> None:
    bots = {side: DiceRace().bot(f"bot-{side}") for side in ("A", "B")}
    answer_with_bots(app.extensions["shiai"].records, game_id, bots, max_commands=200)
    assert app.extensions["shiai"].records.head(game_id)[1], "the race did not end"


def analyse(client: FlaskClient, game_id: UUID, step: Any) -> UUID:
    response = form(client, f"/games/{game_id}/analyse", {"step": str(step)})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    match = re.fullmatch(r"/games/([0-9a-f-]{36})", response.headers["Location"])
    assert match, response.headers["Location"]
    return UUID(match.group(1))


def decision_steps(app: Flask, game_id: UUID) -> list[int]:
    """The steps where someone decides (the last event of each command)."""
    entries = app.extensions["shiai"].records.steps(game_id)
    return [
        entry.step
        for entry, after in zip(entries, [*entries[1:], None], strict=True)
        if after is None or after.command_index != entry.command_index
    ]


def full_state_at(app: Flask, game_id: UUID, step: int) -> dict[str, Any]:
    """The whole state after ``step`` (what no page shows of a running game)."""
    records = app.extensions["shiai"].records
    game = records.repository.get(game_id, version=step_version(step), projector_func=project_game)
    state: dict[str, Any] = game.state
    return state


@pytest.fixture
def finished_race(sqlite_app: Flask) -> UUID:
    game_id = owned_game(sqlite_app)
    play_to_the_end(sqlite_app, game_id)
    return game_id


def test_a_board_starts_at_the_step_analysed_and_the_game_is_not_changed(
    sqlite_app: Flask, judge: FlaskClient, finished_race: UUID
) -> None:
    records = sqlite_app.extensions["shiai"].records
    game_id = finished_race
    last_step = records.head(game_id)[0]
    final_hash = records.export_record(game_id)["final_state_hash"]
    step = decision_steps(sqlite_app, game_id)[-2]  # someone decides there
    board = analyse(judge, game_id, step)

    # The board's first state is the game's state at that step, and its record says so.
    assert state_hash(full_state_at(sqlite_app, board, 0)) == state_hash(
        full_state_at(sqlite_app, game_id, step)
    )
    exported = records.export_record(board)
    assert exported["setup"]["analysis_of"] == {
        "game": str(game_id),
        "step": step,
        "title": records.summary(game_id).title,
    }
    assert exported["title"].startswith("Analysis of ")
    page = judge.get(f"/games/{board}").get_data(as_text=True)
    assert "Analysis of" in page
    assert f"/games/{game_id}?step={step}" in page

    # The judge plays either side on the board; the engine checks each move.
    with judge.session_transaction() as session:
        token = session["csrf_token"]
    prompt = records.summary(board).prompt
    for side in prompt["sides"]:
        command = next(DiceRace().legal(records.current(board).state, side))
        response = judge.post(
            f"/play/games/{board}/commands",
            json={"command": command, "expected_step": records.head(board)[0]},
            headers={"X-CSRF-Token": token},
        )
        assert response.status_code == 201, response.get_json()
    refused = judge.post(
        f"/play/games/{board}/commands",
        json={"command": {"type": "jump", "side": "A"}, "expected_step": records.head(board)[0]},
        headers={"X-CSRF-Token": token},
    )
    assert refused.status_code in (400, 422), refused.get_json()

    # The original is untouched: same last step, same final state.
    assert records.head(game_id) == (last_step, True)
    assert records.export_record(game_id)["final_state_hash"] == final_hash

    # A step of the board is analysed again: a branch of the branch.
    played_to = 0  # its first step: the board may have ended since (a race is short)
    branch = analyse(judge, board, played_to)
    assert records.export_record(branch)["setup"]["analysis_of"] == {
        "game": str(board),
        "step": played_to,
        "title": records.summary(board).title,
    }


def test_boards_are_in_no_list_and_no_statistic(sqlite_app: Flask, judge: FlaskClient) -> None:
    game_id = owned_game(sqlite_app)
    play_to_the_end(sqlite_app, game_id)
    board = analyse(judge, game_id, 0)
    play_to_the_end(sqlite_app, board)
    services = sqlite_app.extensions["shiai"]
    services.catch_up()
    with services.db_engine.connect() as conn:
        listed = conn.execute(select(games.c.id)).scalars().all()
        counted = conn.execute(
            select(func.count()).select_from(game_sides).where(game_sides.c.game_id == board)
        ).scalar_one()
        counted_original = conn.execute(
            select(func.count()).select_from(game_sides).where(game_sides.c.game_id == game_id)
        ).scalar_one()
    assert game_id in listed
    assert board not in listed
    assert counted_original == 2
    assert counted == 0
    assert str(board) not in judge.get("/games").get_data(as_text=True)


def test_a_running_game_with_sealed_answers_is_not_analysed(
    sqlite_app: Flask, judge: FlaskClient
) -> None:
    records = sqlite_app.extensions["shiai"].records
    game_id = owned_game(sqlite_app)
    records.submit_as("A", game_id, {"type": "bid", "side": "A", "dice": 3})
    response = form(judge, f"/games/{game_id}/analyse", {"step": "1"})
    assert response.status_code == 403
    assert "hidden information" in response.get_data(as_text=True)
    # Step 0 hides nothing yet: it may be analysed while the game runs.
    analyse(judge, game_id, 0)
    assert records.head(game_id) == (1, False)


@pytest.mark.parametrize(
    ("step", "status"), [("x", 400), ("-1", 400), ("1" * 12, 400), ("", 400), ("99", 404)]
)
def test_a_bad_step_is_refused_with_a_message(
    sqlite_app: Flask, judge: FlaskClient, step: str, status: int
) -> None:
    game_id = owned_game(sqlite_app)
    response = form(judge, f"/games/{game_id}/analyse", {"step": step})
    assert response.status_code == status
    assert "step" in response.get_data(as_text=True)


def test_the_last_step_of_a_finished_game_has_nothing_to_analyse(
    sqlite_app: Flask, judge: FlaskClient, finished_race: UUID
) -> None:
    last_step = sqlite_app.extensions["shiai"].records.head(finished_race)[0]
    response = form(judge, f"/games/{finished_race}/analyse", {"step": str(last_step)})
    assert response.status_code == 400
    assert "the game is over in this state" in response.get_data(as_text=True)


def test_a_step_between_the_events_of_one_command_is_analysed_from_its_end(
    sqlite_app: Flask, judge: FlaskClient, finished_race: UUID
) -> None:
    records = sqlite_app.extensions["shiai"].records
    game_id = finished_race
    decided = decision_steps(sqlite_app, game_id)
    between = next(step for step in range(1, decided[-2]) if step not in decided)
    end_of_command = min(step for step in decided if step > between)
    board = analyse(judge, game_id, between)
    assert records.export_record(board)["setup"]["analysis_of"]["step"] == end_of_command
    assert state_hash(full_state_at(sqlite_app, board, 0)) == state_hash(
        full_state_at(sqlite_app, game_id, end_of_command)
    )


def test_analysing_needs_a_signed_in_account_and_the_csrf_token(
    sqlite_app: Flask, judge: FlaskClient
) -> None:
    game_id = owned_game(sqlite_app)
    visitor = sqlite_app.test_client()
    assert form(visitor, f"/games/{game_id}/analyse", {"step": "0"}).status_code in (302, 303)
    assert judge.post(f"/games/{game_id}/analyse", data={"step": "0"}).status_code == 400
    assert form(judge, f"/games/{UUID(int=7)}/analyse", {"step": "0"}).status_code == 404


def test_a_position_is_not_started_or_imported_through_the_api(
    sqlite_app: Flask, finished_race: UUID
) -> None:
    """A set-up that gives the first state is the analysis boards' alone: a script
    cannot start a game from a state of its own making, nor import a board's record."""
    headers = {"Authorization": f"Bearer {new_token(sqlite_app, 'okubo')}"}
    client = sqlite_app.test_client()
    state = full_state_at(sqlite_app, finished_race, 0)
    started = client.post(
        "/api/games", json={"ruleset": "dice-race", "setup": {"position": state}}, headers=headers
    )
    assert started.status_code == 400
    assert "analysis board" in started.get_json()["message"]
    record = sqlite_app.extensions["shiai"].records.export_record(finished_race)
    record["setup"] = {"position": state}
    imported = client.post("/api/records", json=record, headers=headers)
    assert imported.status_code == 400, imported.get_json()
    assert "analysis board" in imported.get_json()["message"]


def test_a_system_without_a_position_editor_says_so(
    sqlite_app: Flask, judge: FlaskClient, finished_race: UUID
) -> None:
    page = judge.get(f"/games/{finished_race}/editor?step=0")
    assert page.status_code == 400
    assert "has no position editor" in page.get_data(as_text=True)
    assert 'id="open-editor"' not in judge.get(f"/games/{finished_race}").get_data(as_text=True)

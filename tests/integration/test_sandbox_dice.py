"""Dice from the table on an analysis board (and any game of entered dice one plays
in the browser): the play page sends the faces typed with the command; the engine
says how many it needs (shiai.dice_needs); short, surplus or impossible faces are
refused with a 400 in words and nothing is stored; standing answers and bots give
only commands that roll nothing. On SQLite and PostgreSQL.

The dice race (tests/support/dice_race.py) rolls when the second bid of a round is
sealed: both sides' bids, A's dice first, then B's."""

from __future__ import annotations

import re
import secrets
import uuid
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import Connection

from engine.core import EnteredDice, state_hash
from replays import registry
from replays.verify import ENTERED
from shiai.play import write_seats
from tests.integration.test_sandbox import owned_game, play_to_the_end
from tests.support.web import form, new_account, signed_in_client


@pytest.fixture
def judge(app: Flask) -> FlaskClient:
    new_account(app, "tomoe")
    return signed_in_client(app, "tomoe")


def csrf(client: FlaskClient) -> dict[str, str]:
    with client.session_transaction() as session:
        return {"X-CSRF-Token": session.setdefault("csrf_token", secrets.token_urlsafe(16))}


def entered_board(app: Flask, client: FlaskClient) -> UUID:
    """A board with dice from the table, from the first step of a finished race."""
    game_id = owned_game(app)
    play_to_the_end(app, game_id)
    response = form(client, f"/games/{game_id}/analyse", {"step": "0", "dice": "entered"})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    match = re.fullmatch(r"/games/([0-9a-f-]{36})", response.headers["Location"])
    assert match, response.headers["Location"]
    return UUID(match.group(1))


def send(client: FlaskClient, app: Flask, board: UUID, command: Any, dice: Any = None) -> Any:
    body: dict[str, Any] = {
        "command": command,
        "expected_step": app.extensions["shiai"].records.head(board)[0],
    }
    if dice is not None:
        body["dice"] = dice
    return client.post(f"/play/games/{board}/commands", json=body, headers=csrf(client))


def needs(client: FlaskClient, board: UUID, command: Any, dice: Any) -> Any:
    return client.post(
        f"/play/games/{board}/dice", json={"command": command, "dice": dice}, headers=csrf(client)
    )


def bid(side: str, count: int) -> dict[str, Any]:
    return {"type": "bid", "side": side, "dice": count}


def test_the_faces_typed_at_the_table_are_stored_and_replay_to_equal_hashes(
    app: Flask, judge: FlaskClient
) -> None:
    records = app.extensions["shiai"].records
    board = entered_board(app, judge)
    assert records.summary(board).dice_mode == ENTERED
    page = judge.get(f"/games/{board}").get_data(as_text=True)
    assert 'id="entered-dice-data"' in page
    assert "its dice rolled at the table" in page

    # A's sealed bid rolls nothing; the engine says so before it is sent.
    assert needs(judge, board, bid("A", 2), []).get_json()["complete"] is True
    assert send(judge, app, board, bid("A", 2)).status_code == 201
    # B's bid rolls both: 2 dice for A and 1 for B, asked for one roll at a time.
    first = needs(judge, board, bid("B", 1), []).get_json()
    assert (first["complete"], first["more"], first["sides"]) == (False, 2, 6)
    assert first["words"] == "this command needs 2 more d6"
    second = needs(judge, board, bid("B", 1), [5, 3]).get_json()
    assert (second["more"], second["used"]) == (1, 2)
    assert "needs 1 more d6 (after the 2 entered)" in second["words"]
    assert send(judge, app, board, bid("B", 1), [5, 3, 4]).status_code == 201

    # A concedes (the record's sealed answers are shown once the game is over).
    ruleset = registry.get(records.summary(board).ruleset)
    assert send(judge, app, board, ruleset.concede_command("A")).status_code == 201

    # Stored as typed, and replayed from the record to equal hashes.
    record = records.export_record(board)
    assert [c["entered_dice"] for c in record["commands"]] == [[], [5, 3, 4], []]
    rolls = {
        s.event["side"]: s.event["dice"]
        for s in records.steps(board)
        if s.event and s.event.get("type") == "rolled"
    }
    assert rolls == {"A": [5, 3], "B": [4]}
    state = ruleset.position(record["setup"]["position"])
    for recorded in record["commands"]:
        events = ruleset.decide(state, recorded["command"], EnteredDice(recorded["entered_dice"]))
        assert events == [event["event"] for event in recorded["events"]]
        for event in events:
            state = ruleset.evolve(state, event)
    assert state_hash(state) == record["final_state_hash"]
    assert record["final_state_hash"] == state_hash(records.current(board).state)
    audit = records.audit(board)
    assert audit.identical, audit.message


@pytest.mark.parametrize(
    ("dice", "words"),
    [
        ([5], "this command needs 1 more d6 (after the 1 entered); nothing was recorded"),
        ([5, 3, 4, 2], "this command rolls 3 dice but 4 were entered: 1 too many"),
        ([5, 7, 4], "entered die 7 is not a face of a d6"),
        ([5, "x", 4], "is not of type 'integer'"),
        ([1] * 201, "is too long"),
    ],
)
def test_dice_short_surplus_or_off_a_die_are_refused_with_400_and_nothing_is_stored(
    app: Flask, judge: FlaskClient, dice: list[Any], words: str
) -> None:
    records = app.extensions["shiai"].records
    board = entered_board(app, judge)
    assert send(judge, app, board, bid("A", 2)).status_code == 201
    before = records.export_record(board)
    refused = send(judge, app, board, bid("B", 1), dice)
    assert refused.status_code == 400, refused.get_json()
    assert words in refused.get_json()["message"]
    assert records.export_record(board) == before


def test_only_the_player_of_a_side_asks_what_its_command_needs(
    app: Flask, judge: FlaskClient
) -> None:
    board = entered_board(app, judge)
    new_account(app, "kojiro")
    stranger = signed_in_client(app, "kojiro")
    assert needs(stranger, board, bid("A", 1), []).status_code == 403
    assert app.test_client().post(f"/play/games/{board}/dice", json={}).status_code in (400, 401)
    # A seeded game enters no dice: said in words.
    seeded = owned_game(app, "tomoe")
    refused = needs(judge, seeded, bid("A", 1), [])
    assert refused.status_code == 400
    assert "rolls its own dice" in refused.get_json()["message"]
    assert send(judge, app, seeded, bid("A", 1), [3]).status_code == 400


def test_analysing_with_a_dice_choice_that_does_not_exist_is_refused(
    app: Flask, judge: FlaskClient
) -> None:
    game_id = owned_game(app)
    play_to_the_end(app, game_id)
    response = form(judge, f"/games/{game_id}/analyse", {"step": "0", "dice": "loaded"})
    assert response.status_code == 400
    assert "dice must be seeded or entered" in response.get_data(as_text=True)


def bot_game(app: Flask) -> UUID:
    """A race of entered dice: tomoe plays A, the random bot B (no page starts one:
    the new-game form seeds its dice, and boards and scripts' games seat their owner
    everywhere; should one exist, its bot must never answer with dice nobody rolled)."""
    services = app.extensions["shiai"]
    owner = uuid.UUID(services.accounts.by_username("tomoe").id)

    def seats(conn: Connection, game_id: UUID, sides: list[str]) -> None:
        now = datetime.now(UTC)
        write_seats(
            conn,
            [
                {
                    "game_id": game_id,
                    "side": side,
                    "account_id": owner if side == "A" else None,
                    "bot": "random" if side == "B" else None,
                    "invitation": None,
                    "host_id": owner,
                    "created_at": now,
                }
                for side in sides
            ],
        )

    game_id: UUID = services.records.start_game(
        "dice-race", {"target": 30, "max_rounds": 3}, dice_mode=ENTERED, alongside=seats
    )
    return game_id


def test_a_bot_in_a_game_of_entered_dice_answers_only_commands_that_roll_nothing(
    app: Flask, judge: FlaskClient
) -> None:
    services = app.extensions["shiai"]
    # The bot's sealed bid, first of the round, rolls nothing: it is answered.
    first = bot_game(app)
    assert services.play.let_bots_answer(first) == 1
    prompt = services.records.summary(first).prompt
    assert prompt is not None
    assert prompt["sides"] == ["A"]

    # A bids first: the bot's bid would now roll both sides' dice. It waits for a
    # person to roll and type them; A's command is recorded all the same.
    waiting = bot_game(app)
    assert send(judge, app, waiting, bid("A", 1)).status_code == 201
    prompt = services.records.summary(waiting).prompt
    assert prompt is not None
    assert prompt["sides"] == ["B"]
    assert prompt["kind"] == "bid"
    assert services.records.head(waiting)[0] == 1

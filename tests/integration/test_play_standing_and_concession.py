"""Standing answers and concession through the play endpoints: a player's standing
answers are a command of the record and answer the prompts they cover with commands of
the record (identical on replay); a malformed one is a 4xx with a message and records
nothing; a concession ends the game with the other side winning, from a side whose
turn it is not too, and nothing is accepted after it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.integration.test_play import answer, head, host, new_game  # noqa: F401

PASS_A = {"type": "offering", "side": "A", "action": "pass"}


def test_standing_answers_are_recorded_and_answer_offerings_as_commands(
    sqlite_app: Flask,
    host: FlaskClient,  # noqa: F811
) -> None:
    game_id = new_game(host, opponent="bot", side="A")
    records = sqlite_app.extensions["shiai"].records
    standing = {"type": "standing", "side": "A", "answers": {"offerings": "pass"}}
    step = head(host, game_id)["last_step"]
    response = answer(host, game_id, {"command": standing, "expected_step": step})
    assert response.status_code == 201, response.get_json()
    # Play on with the proposals until A has passed on an offering by its answer.
    for _ in range(200):
        commands = [c["command"] for c in records.export_record(game_id)["commands"]]
        if PASS_A in commands:
            break
        proposed = host.get(f"/play/games/{game_id}/proposal?side=A").get_json()["command"]
        assert proposed is not None, "the game waits for A"
        assert proposed["type"] != "offering", "A is never asked about an offering"
        step = head(host, game_id)["last_step"]
        response = answer(host, game_id, {"command": proposed, "expected_step": step})
        assert response.status_code == 201, response.get_json()
    else:
        raise AssertionError("no offering passed by the standing answer")
    game = records.current(game_id)
    assert game.state["standing"] == {"A": {"offerings": "pass"}}
    # Conceded, the record is audited: the standing answers' passes, commands like any
    # other, re-run from the revealed seed to identical events.
    step = head(host, game_id)["last_step"]
    concede = {"type": "concede", "side": "A"}
    assert answer(host, game_id, {"command": concede, "expected_step": step}).status_code == 201
    report = records.audit(game_id)
    assert report.identical, report.message


def test_a_malformed_standing_answer_is_a_4xx_and_records_nothing(
    sqlite_app: Flask,
    host: FlaskClient,  # noqa: F811
) -> None:
    game_id = new_game(host, opponent="bot", side="A")
    before = head(host, game_id)["last_step"]
    for answers in ({"offerings": "sometimes"}, {"mood": "calm"}, {}, "pass"):
        command = {"type": "standing", "side": "A", "answers": answers}
        response = answer(host, game_id, {"command": command, "expected_step": before})
        assert 400 <= response.status_code < 500, response.get_json()
        assert response.get_json()["message"]
    assert head(host, game_id)["last_step"] == before


def test_a_concession_ends_the_game_and_nothing_follows_it(
    sqlite_app: Flask,
    host: FlaskClient,  # noqa: F811
) -> None:
    game_id = new_game(host, opponent="bot", side="A")
    step = head(host, game_id)["last_step"]
    response = answer(
        host, game_id, {"command": {"type": "concede", "side": "A"}, "expected_step": step}
    )
    assert response.status_code == 201, response.get_json()
    assert head(host, game_id)["status"] == "ended"
    summary = sqlite_app.extensions["shiai"].records.summary(game_id)
    assert summary.outcome == {
        "termination": "concession",
        "winner": "B",
        "scores": {},
        "detail": "side A conceded",
    }
    step = head(host, game_id)["last_step"]
    again = answer(
        host, game_id, {"command": {"type": "concede", "side": "A"}, "expected_step": step}
    )
    assert 400 <= again.status_code < 500

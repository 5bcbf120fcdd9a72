"""What an imported record may claim and how big a request may be (issue 18, defect 7)."""

from __future__ import annotations

import copy
import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import create_engine, func, select

from engine.core import RandomBot
from replays.errors import GameExists, RecordRejected
from replays.record_file import MAX_COMMANDS, MAX_TITLE
from replays.records import MAX_SETUP_BYTES, DuplicateRecord, GameRecords, record_fingerprint
from replays.schema import record_fingerprints
from replays.store import MEMORY, event_store_env
from shiai.config import DEFAULT_MAX_REQUEST_BYTES
from tests.support.dice_race import DiceRace
from tests.support.web import token_client

GOLDEN = Path(__file__).parent.parent / "golden"


def _finished_record(seed: str = "limits") -> dict[str, Any]:
    records = GameRecords(event_store_env(MEMORY), rulesets=[DiceRace()])
    race = DiceRace()
    game_id = records.start_game("dice-race", {"target": 30}, seed=seed, title="A bout")
    bot = RandomBot(seed)
    while (prompt := race.prompt(records.repository.get(game_id).state)) is not None:
        state = records.repository.get(game_id).state
        records.submit_command(game_id, bot.choose(race, state, prompt.sides[0]))
    record = records.export_record(game_id)
    records.close()
    return {**record, "game_id": str(uuid.uuid4())}


@pytest.fixture(scope="module")
def finished_record() -> dict[str, Any]:
    return _finished_record()


def _copy(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**copy.deepcopy(record), "game_id": str(uuid.uuid4()), **changes}


def _games(app: Flask) -> int:
    answer: int = app.test_client().get("/api/games").get_json()["total"]
    return answer


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"sides": ["X"]}, "the record's sides X are not this game's: its set-up gives A, B"),
        ({"sides": ["B", "A"]}, "the record's sides B, A are not this game's"),
        ({"engine_version": "99.0-forged"}, "engine version '99.0-forged' is not a version of"),
        ({"engine_version": "1.2.0"}, "engine version '1.2.0' is not a version of dice-race"),
        ({"engine_version": "2"}, "engine version '2' is not a version"),
        ({"event_schema": 3}, "event schema 3 is not one dice-race reads"),
        ({"title": "t" * (MAX_TITLE + 1)}, "at title: 'tttt"),
        ({"engine_version": "1" * 40}, "at engine_version"),
        ({"sides": ["A" * 17, "B"]}, "at sides/0"),
    ],
)
def test_a_record_claiming_what_its_ruleset_does_not_give_is_refused(
    app: Flask, finished_record: dict[str, Any], changes: dict[str, Any], message: str
) -> None:
    response = token_client(app, "importer").post(
        "/api/records", json=_copy(finished_record, **changes)
    )
    assert response.status_code == 422, response.get_json()
    assert message in response.get_json()["message"]
    assert len(response.get_data()) < 2000, "the answer does not echo a huge field"
    assert _games(app) == 0


@pytest.mark.parametrize(
    "changes", [{"engine_version": "1.1.0"}, {"engine_version": "1.0.9"}, {"event_schema": 1}]
)
def test_a_record_of_this_or_an_earlier_engine_release_is_imported(
    app: Flask, finished_record: dict[str, Any], changes: dict[str, Any]
) -> None:
    response = token_client(app, "importer").post(
        "/api/records", json=_copy(finished_record, **changes)
    )
    assert response.status_code == 201, response.get_json()


def test_a_record_whose_content_is_stored_is_refused_under_any_other_id(
    app: Flask, finished_record: dict[str, Any]
) -> None:
    client = token_client(app, "importer")
    first = _copy(finished_record)
    assert client.post("/api/records", json=first).status_code == 201
    for again in (
        _copy(finished_record),
        _copy(finished_record, title="Another name for it"),
        _copy(finished_record, engine_version="1.0.0"),
    ):
        response = client.post("/api/records", json=again)
        assert response.status_code == 409
        body = response.get_json()
        assert body["error"] == "duplicate_record"
        assert body["game_id"] == first["game_id"]
        assert first["game_id"] in body["message"]
    same_id = client.post("/api/records", json=first)
    assert same_id.status_code == 409
    assert same_id.get_json()["error"] == "game_exists"
    assert _games(app) == 1


def test_another_game_with_other_dice_is_not_a_duplicate(
    app: Flask, finished_record: dict[str, Any]
) -> None:
    client = token_client(app, "importer")
    assert client.post("/api/records", json=_copy(finished_record)).status_code == 201
    other = _finished_record(seed="another")
    assert client.post("/api/records", json=other).status_code == 201
    assert _games(app) == 2


def test_the_fingerprint_is_stored_with_the_game_and_holds_for_a_fresh_process(
    store_url: str, finished_record: dict[str, Any]
) -> None:
    from shiai.migrations import upgrade  # noqa: PLC0415

    if store_url != MEMORY:
        upgrade(store_url)
    records = GameRecords(event_store_env(store_url), rulesets=[DiceRace()])
    first = _copy(finished_record)
    tampered = _copy(finished_record, outcome=None)
    with pytest.raises(RecordRejected):
        records.import_record(tampered)
    game_id = records.import_record(first)
    with pytest.raises(DuplicateRecord) as refused:
        records.import_record(_copy(finished_record))
    assert refused.value.game_id == game_id
    with pytest.raises(GameExists):
        records.import_record(first)
    records.close()
    if store_url == MEMORY:
        return
    fresh = GameRecords(event_store_env(store_url), rulesets=[DiceRace()])
    with pytest.raises(DuplicateRecord):
        fresh.import_record(_copy(finished_record))
    fresh.close()
    db_engine = create_engine(store_url)
    with db_engine.connect() as conn:
        rows = conn.execute(select(record_fingerprints)).all()
        assert [(row.fingerprint, row.game_id) for row in rows] == [
            (record_fingerprint(first), game_id)
        ]
        assert conn.execute(select(func.count()).select_from(record_fingerprints)).scalar() == 1
    db_engine.dispose()


def test_a_record_with_too_many_commands_is_refused(
    app: Flask, finished_record: dict[str, Any]
) -> None:
    command = finished_record["commands"][0]
    record = _copy(finished_record, commands=[command] * (MAX_COMMANDS + 1))
    response = token_client(app, "importer").post("/api/records", json=record)
    assert response.status_code == 422
    assert "at commands: " in response.get_json()["message"]
    assert "is too long" in response.get_json()["message"]


def test_a_record_with_a_huge_setup_is_refused(app: Flask, finished_record: dict[str, Any]) -> None:
    setup = {**finished_record["setup"], "notes": "n" * MAX_SETUP_BYTES}
    response = token_client(app, "importer").post(
        "/api/records", json=_copy(finished_record, setup=setup)
    )
    assert response.status_code == 422
    assert "setup: " in response.get_json()["message"]


def test_a_game_cannot_start_with_a_long_title_or_a_huge_setup(records: GameRecords) -> None:
    from engine.core import InvalidCommand  # noqa: PLC0415

    with pytest.raises(InvalidCommand, match="title: at most 200 characters"):
        records.start_game("dice-race", {"target": 5}, title="t" * (MAX_TITLE + 1))
    with pytest.raises(InvalidCommand, match="setup: "):
        records.start_game("dice-race", {"target": 5, "notes": "n" * MAX_SETUP_BYTES})
    game_id = records.start_game("dice-race", {"target": 5}, title="t" * MAX_TITLE)
    assert records.summary(game_id).title == "t" * MAX_TITLE


def test_a_request_over_the_size_limit_is_a_413_with_a_message(app: Flask) -> None:
    client = token_client(app, "importer")
    body = b'{"title": "' + b"x" * DEFAULT_MAX_REQUEST_BYTES + b'"}'
    response = client.post("/api/records", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.get_json() == {
        "error": "request_entity_too_large",
        "message": "the request is larger than 8 MB, the most this site reads in one request",
    }
    page = client.post("/sign-in", data={"username": "x" * DEFAULT_MAX_REQUEST_BYTES})
    assert page.status_code == 413
    assert "larger than 8 MB" in page.text
    assert _games(app) == 0


def test_the_longest_golden_game_fits_the_request_limit_many_times_over() -> None:
    paths = [p for p in GOLDEN.glob("kensei-*.json") if not p.name.endswith(".hashes.json")]
    assert max(len(path.read_bytes()) for path in paths) * 10 < DEFAULT_MAX_REQUEST_BYTES
    records = [json.loads(path.read_text()) for path in paths]
    assert max(len(record["commands"]) for record in records) * 10 < MAX_COMMANDS

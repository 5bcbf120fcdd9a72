"""The JSON API over HTTP, on SQLite and PostgreSQL, held to its OpenAPI document.

Every request goes through ``ContractClient``, which checks each answer
against ``/api/openapi.json`` as it comes: the status must be documented for
the operation, the body must match the documented schema (with every object
closed to undocumented fields), documented headers must be there, and every
error is ``{"error", "message"}`` with a message worth reading. The last test
checks the other direction: every documented status was answered somewhere
in this module.
"""

from __future__ import annotations

import copy
import json
import re
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012
from werkzeug.exceptions import HTTPException
from werkzeug.test import TestResponse

from replays import registry
from replays.errors import GameNotFound
from shiai import create_app
from shiai.migrations import upgrade
from shiai.openapi import document
from shiai.sandbox import Sandboxes
from tests.conftest import platform_config
from tests.support.web import new_account, token_client

DOC_URI = "urn:shiai:openapi"
DOCUMENT = document()
UNKNOWN_GAME = "00000000-0000-4000-8000-000000000000"
HEX64 = re.compile(r"^[0-9a-f]{64}$")

# (method, documented path, status) answered by the tests of this module, and
# the tests that ran, so the last test knows whether it saw the whole module.
SEEN: set[tuple[str, str, int]] = set()
RAN: set[str] = set()


def _closed(schema: Any) -> Any:
    """``schema`` with every object that lists its properties closed to others,
    so that a field the API adds without documenting it fails the test."""
    if isinstance(schema, dict):
        closed = {key: _closed(value) for key, value in schema.items()}
        if "properties" in schema and "additionalProperties" not in schema:
            closed["additionalProperties"] = False
        return closed
    if isinstance(schema, list):
        return [_closed(item) for item in schema]
    return schema


def _strict_document() -> dict[str, Any]:
    strict = copy.deepcopy(DOCUMENT)
    schemas = strict["components"]["schemas"]
    for name, schema in schemas.items():
        # GameRecord is the record file's own schema, open by design (see replays.record_file).
        if name != "GameRecord":
            schemas[name] = _closed(schema)
    return strict


REGISTRY: Registry = Registry().with_resource(
    DOC_URI, DRAFT202012.create_resource(_strict_document())
)


def _pointer(*parts: str) -> str:
    return "/".join(part.replace("~", "~0").replace("/", "~1") for part in parts)


def doc_path(flask_rule: str) -> str:
    """``/api/games/<uuid:game_id>`` -> ``/api/games/{game_id}``."""
    return re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", flask_rule)


class ContractClient:
    """The Flask test client, checking every answer against the document."""

    def __init__(self, client: FlaskClient, app: Flask) -> None:
        self.client = client
        self.adapter = app.url_map.bind("localhost")

    def get(self, path: str, **kwargs: Any) -> TestResponse:
        return self.open("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> TestResponse:
        return self.open("POST", path, **kwargs)

    def open(self, method: str, path: str, **kwargs: Any) -> TestResponse:
        response = self.client.open(path, method=method, **kwargs)
        self.check(method, path, response)
        return response

    def check(self, method: str, path: str, response: TestResponse) -> None:
        status = response.status_code
        where = f"{method} {path} -> {status}"
        assert response.is_json, f"{where} answered {response.content_type}, not JSON"
        body = response.get_json()
        if status >= 400:
            assert {"error", "message"} <= set(body), f"{where}: {body}"
            assert re.fullmatch(r"[a-z_]+", body["error"]), f"{where}: {body}"
            assert len(body["message"]) > 10, f"{where}: a message worth reading, not {body}"
        try:
            rule, _ = self.adapter.match(urlsplit(path).path, method=method, return_rule=True)
        except HTTPException:
            return  # no route: not an operation, but still a JSON error (checked above)
        template = doc_path(rule.rule)
        operation = DOCUMENT["paths"][template][method.lower()]
        documented = operation["responses"].get(str(status))
        assert documented is not None, (
            f"{where}: {operation['operationId']} documents only {sorted(operation['responses'])}"
        )
        SEEN.add((method, template, status))
        for header in documented.get("headers", {}):
            assert header in response.headers, f"{where}: the documented {header} header is missing"
        content = documented.get("content", {}).get("application/json", {})
        if "schema" in content:
            pointer = _pointer(
                "paths", template, method.lower(), "responses", str(status), "content",
                "application/json", "schema",
            )  # fmt: skip
            validator = Draft202012Validator(
                {"$ref": f"{DOC_URI}#/{pointer}"},
                registry=REGISTRY,
                format_checker=Draft202012Validator.FORMAT_CHECKER,
            )
            problems = [
                f"{'/'.join(map(str, error.absolute_path)) or 'body'}: {error.message}"
                for error in validator.iter_errors(body)
            ]
            assert not problems, f"{where} does not match the document: {problems}"


@pytest.fixture(autouse=True)
def _ran(request: pytest.FixtureRequest) -> None:
    RAN.add(request.node.nodeid)


@pytest.fixture
def api(client: FlaskClient, app: Flask) -> ContractClient:
    """A script with an API token: it plays every side of the games it starts."""
    return ContractClient(token_client(app, "scripted"), app)


@pytest.fixture
def anonymous(client: FlaskClient, app: Flask) -> ContractClient:
    return ContractClient(client, app)


# -- helpers ----------------------------------------------------------------------


def start(api: ContractClient, **fields: Any) -> str:
    body = {"ruleset": "dice-race", "setup": {"target": 5, "max_rounds": 1}, **fields}
    response = api.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    game_id: str = response.get_json()["id"]
    return game_id


def command(api: ContractClient, game_id: str, cmd: dict[str, Any], **fields: Any) -> TestResponse:
    return api.post(f"/api/games/{game_id}/commands", json={"command": cmd, **fields})


def bid(api: ContractClient, game_id: str, side: str, count: int, **fields: Any) -> TestResponse:
    """Side ``side`` bids ``count`` dice; ``fields`` go beside the command (``dice``:
    the faces entered at the table, ``expected_step``)."""
    return command(api, game_id, {"type": "bid", "side": side, "dice": count}, **fields)


def finished_game(api: ContractClient, a_bids: int = 2) -> str:
    """A game with entered dice that A wins in one round: A bids ``a_bids``, B bids 1,
    every die shows 6. Steps: 1 A's sealed bid, 2 B's, 3 reveal, 4-5 rolls, 6 round closed."""
    game_id = start(api, dice_mode="entered", title="Kawanakajima")
    assert bid(api, game_id, "A", a_bids).status_code == 201
    assert bid(api, game_id, "B", 1, dice=[6] * (a_bids + 1)).status_code == 201
    return game_id


def play_to_the_end(api: ContractClient, game_id: str) -> dict[str, Any]:
    """Answer every prompt of a one-round seeded race (bid 1, accept busts)."""
    for _ in range(10):
        game: dict[str, Any] = api.get(f"/api/games/{game_id}").get_json()
        prompt = game["prompt"]
        if prompt is None:
            return game
        side = prompt["sides"][0]
        if prompt["kind"] == "bid":
            response = bid(api, game_id, side, 1)
        else:
            response = command(api, game_id, {"type": "accept", "side": side})
        assert response.status_code == 201, response.get_json()
    raise AssertionError("a one-round race did not end")


def observed(api: ContractClient, game_id: str) -> dict[str, Any]:
    """Everything a spectator can read about a game, to compare before and after."""
    return {
        "game": api.get(f"/api/games/{game_id}").get_json(),
        "steps": api.get(f"/api/games/{game_id}/steps").get_json(),
        "rows": api.get("/api/games").get_json()["games"],
    }


# -- the document itself ----------------------------------------------------------


def test_the_api_serves_its_own_openapi_document(api: ContractClient) -> None:
    response = api.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.get_json() == DOCUMENT


# -- games --------------------------------------------------------------------------


def test_starting_a_game_answers_201_with_its_location(api: ContractClient) -> None:
    response = api.post(
        "/api/games",
        json={"ruleset": "dice-race", "setup": {"target": 30}, "title": "Nagashino 1575"},
    )
    assert response.status_code == 201
    game_id = response.get_json()["id"]
    assert uuid.UUID(game_id)
    assert response.headers["Location"] == f"/api/games/{game_id}"

    game = api.get(response.headers["Location"]).get_json()
    assert game["id"] == game_id
    assert game["title"] == "Nagashino 1575"
    assert game["ruleset"] == "dice-race"
    assert game["sides"] == ["A", "B"]
    assert game["status"] == "running"
    assert game["last_step"] == 0
    assert game["commands"] == 0
    assert game["outcome"] is None
    assert game["dice_mode"] == "seeded"
    assert HEX64.match(game["seed_commitment"])
    assert game["seed"] is None, "the seed stays secret while the game runs"
    assert game["prompt"] == {
        "sides": ["A", "B"],
        "kind": "bid",
        "sealed": True,
        "options": {"min": 1, "max": 3},
    }


UNSTARTABLE = [
    ("{not json", "not valid JSON"),
    ('{"ruleset": NaN}', "NaN is not a JSON value"),
    ("", "not valid JSON"),
    ("[]", "body: [] is not of type 'object'"),
    ("{}", "body: 'ruleset' is a required property"),
    ('{"ruleset": "dice-race", "colour": "red"}', "('colour' was unexpected)"),
    ('{"ruleset": 7}', "ruleset: 7 is not of type 'string'"),
    (json.dumps({"ruleset": "dice-race", "title": "x" * 201}), "title: 'xxxxxxxx"),
    ('{"ruleset": "chess"}', "no ruleset 'chess' is installed"),
    ('{"ruleset": "dice-race", "setup": {"target": 1}}', "target must be a whole number from 5"),
    ('{"ruleset": "dice-race", "dice_mode": "guessed"}', "dice_mode: 'guessed' is not one of"),
]


def test_a_game_that_cannot_be_started_is_refused_with_400(api: ContractClient) -> None:
    for body, message in UNSTARTABLE:
        response = api.post("/api/games", data=body, content_type="application/json")
        assert response.status_code == 400, body
        assert message in response.get_json()["message"], (body, response.get_json())
    assert api.get("/api/games").get_json()["total"] == 0, "nothing was started"


def test_a_body_sent_without_the_json_content_type_is_refused(api: ContractClient) -> None:
    response = api.post("/api/games", data='{"ruleset": "dice-race"}', content_type="text/plain")
    assert response.status_code == 400
    assert "Content-Type: application/json" in response.get_json()["message"]


def test_a_game_is_read_by_its_uuid_and_anything_else_is_not_found(api: ContractClient) -> None:
    game_id = start(api)
    assert api.get(f"/api/games/{game_id}").status_code == 200

    unknown = api.get(f"/api/games/{UNKNOWN_GAME}")
    assert unknown.status_code == 404
    assert unknown.get_json() == {"error": "not_found", "message": f"no game {UNKNOWN_GAME}"}

    not_a_uuid = api.get("/api/games/not-a-uuid")
    assert not_a_uuid.status_code == 404
    assert not_a_uuid.get_json()["error"] == "not_found"
    assert "/api/games/not-a-uuid" in not_a_uuid.get_json()["message"]


def test_every_route_of_a_game_answers_404_for_an_unknown_game(api: ContractClient) -> None:
    cmd = {"command": {"type": "bid", "side": "A", "dice": 1}}
    for method, path, body in [
        ("GET", "/api/games/{id}", None),
        ("GET", "/api/games/{id}/head", None),
        ("GET", "/api/games/{id}/steps", None),
        ("GET", "/api/games/{id}/steps/0", None),
        ("POST", "/api/games/{id}/commands", cmd),
        ("GET", "/api/games/{id}/record", None),
        ("GET", "/api/games/{id}/audit", None),
    ]:
        response = api.open(method, path.format(id=UNKNOWN_GAME), json=body)
        assert response.status_code == 404, path
        assert response.get_json() == {
            "error": "not_found",
            "message": f"no game {UNKNOWN_GAME}",
        }, path


def test_a_method_a_route_does_not_have_is_refused_with_405_and_allow(
    api: ContractClient,
) -> None:
    response = api.open("DELETE", "/api/games")
    assert response.status_code == 405
    assert set(response.headers["Allow"].split(", ")) >= {"GET", "POST"}
    assert response.get_json() == {
        "error": "method_not_allowed",
        "message": "DELETE is not allowed on /api/games; use GET or POST",
    }


# -- the games list -------------------------------------------------------------------


def test_the_games_list_is_filtered_by_status_and_system_and_paged(api: ContractClient) -> None:
    running = start(api, title="still running")
    ended = finished_game(api)

    everything = api.get("/api/games").get_json()
    assert everything["total"] == 2
    assert everything["limit"] == 50
    assert everything["offset"] == 0
    rows = {row["id"]: row for row in everything["games"]}
    assert set(rows) == {running, ended}
    assert rows[running]["title"] == "still running"
    assert rows[running]["status"] == "running"
    assert rows[running]["steps"] == 0
    assert rows[running]["winner"] is None
    assert rows[ended]["status"] == "ended"
    assert rows[ended]["winner"] == "A"
    assert rows[ended]["steps"] == 6
    assert rows[ended]["commands"] == 2
    assert rows[ended]["system"] == "dice-race"
    assert rows[ended]["sides"] == ["A", "B"]

    def ids(query: str) -> list[str]:
        response = api.get(f"/api/games?{query}")
        assert response.status_code == 200
        return [row["id"] for row in response.get_json()["games"]]

    assert ids("status=running") == [running]
    assert ids("status=ended") == [ended]
    assert sorted(ids("system=dice-race")) == sorted([running, ended])
    assert ids("system=kensei-2020") == []
    assert ids("status=ended&system=kensei-2020") == []

    first, second = ids("limit=1"), ids("limit=1&offset=1")
    assert len(first) == len(second) == 1
    assert {*first, *second} == {running, ended}
    assert ids("offset=2") == []
    page = api.get("/api/games?limit=1&offset=1").get_json()
    assert (page["total"], page["limit"], page["offset"]) == (2, 1, 1)


BAD_QUERIES = [
    ("limit=0", "limit must be from 1 to 200"),
    ("limit=201", "limit must be from 1 to 200"),
    ("limit=abc", "limit must be a whole number, not 'abc'"),
    ("limit=1.5", "limit must be a whole number, not '1.5'"),
    ("limit=", "limit must be a whole number, not ''"),
    ("offset=-1", "offset must be from 0 to"),
    ("offset=99999999999999999999", "offset must be a whole number"),
    ("status=paused", "status must be 'running' or 'ended'"),
]


def test_a_bad_games_query_is_refused_with_400_naming_the_parameter(
    api: ContractClient,
) -> None:
    for query, message in BAD_QUERIES:
        response = api.get(f"/api/games?{query}")
        assert response.status_code == 400, query
        assert response.get_json()["error"] == "bad_request", query
        assert message in response.get_json()["message"], (query, response.get_json())


# -- commands -------------------------------------------------------------------------


def test_a_legal_command_is_recorded_and_answered_with_its_events(api: ContractClient) -> None:
    game_id = start(api, dice_mode="entered")
    first = bid(api, game_id, "A", 2, dice=[], expected_step=0)
    assert first.status_code == 201
    assert first.get_json() == {
        "events": [
            {
                "step": 1,
                "command_index": 1,
                "command": {"type": "bid", "side": "A", "dice": 2},
                "event": {
                    "type": "bid_sealed",
                    "side": "A",
                    "sealed_for": "A",
                    "sealed": {"dice": 2},
                },
                "summary": "side A bids (sealed)",
                "tags": [],
            }
        ],
        "last_step": 1,
    }

    second = bid(api, game_id, "B", 1, dice=[6, 5, 4], expected_step=1).get_json()
    assert [event["step"] for event in second["events"]] == [2, 3, 4, 5, 6]
    assert {event["command_index"] for event in second["events"]} == {2}
    assert second["events"][0]["command"] == {"type": "bid", "side": "B", "dice": 1}
    assert all(event["command"] is None for event in second["events"][1:])
    assert [event["summary"] for event in second["events"][1:]] == [
        "bids revealed: A 2, B 1",
        "side A rolls [6, 5]",
        "side B rolls [4]",
        "round 1 closed",
    ]
    assert second["last_step"] == 6

    game = api.get(f"/api/games/{game_id}").get_json()
    assert game["last_step"] == 6
    assert game["commands"] == 2
    assert game["status"] == "ended"
    assert game["outcome"]["winner"] == "A"
    assert game["outcome"]["scores"] == {"A": 11, "B": 4}
    assert game["prompt"] is None


A_BID = {"type": "bid", "side": "A", "dice": 1}
MISFITS = [
    ("{oops", "not valid JSON"),
    ("{}", "body: 'command' is a required property"),
    (json.dumps({"command": "bid"}), "command: 'bid' is not of type 'object'"),
    (json.dumps({"command": A_BID, "hurry": True}), "('hurry' was unexpected)"),
    (json.dumps({"command": A_BID, "expected_step": -1}), "expected_step: -1 is less than"),
    (json.dumps({"command": A_BID, "dice": [True]}), "dice/0: True is not of type 'integer'"),
]

INVALID = [
    ({"type": "charge", "side": "A"}, {}, "unknown command type 'charge'"),
    ({"side": "A"}, {}, "unknown command type None"),
    ({"type": "bid", "side": "C", "dice": 1}, {}, "side must be one of A, B"),
    ({"type": "bid", "side": "A", "dice": "2"}, {}, "dice must be a whole number"),
    ({"type": "bid", "side": "A", "dice": 1, "x": 1}, {}, "unexpected field(s) x"),
    (
        {"type": "bid", "side": "A", "dice": 1},
        {"dice": [3]},
        "this game rolls its own dice: do not enter any",
    ),
]


def test_a_command_request_that_does_not_fit_the_schema_is_refused_with_400(
    api: ContractClient,
) -> None:
    game_id = start(api)
    before = observed(api, game_id)
    for body, message in MISFITS:
        response = api.post(
            f"/api/games/{game_id}/commands", data=body, content_type="application/json"
        )
        assert response.status_code == 400, body
        assert response.get_json()["error"] == "bad_request", body
        assert message in response.get_json()["message"], (body, response.get_json())
    assert observed(api, game_id) == before


def test_an_invalid_command_is_refused_with_400_and_changes_nothing(api: ContractClient) -> None:
    game_id = start(api)
    before = observed(api, game_id)
    for cmd, fields, message in INVALID:
        response = command(api, game_id, cmd, **fields)
        assert response.status_code == 400, cmd
        assert response.get_json() == {"error": "invalid_command", "message": message}
    assert observed(api, game_id) == before


def test_an_illegal_command_is_refused_with_the_rule_it_breaks(api: ContractClient) -> None:
    game_id = start(api)
    assert bid(api, game_id, "A", 2).status_code == 201
    before = observed(api, game_id)

    twice = bid(api, game_id, "A", 3)
    assert twice.status_code == 422
    assert twice.get_json() == {
        "error": "illegal_command",
        "message": "side A has already bid this round",
        "rule": "Dice race §1: bid",
    }
    too_many = bid(api, game_id, "B", 4)
    assert too_many.status_code == 422
    assert too_many.get_json()["message"] == "a bid is 1 to 3 dice, not 4"
    assert too_many.get_json()["rule"] == "Dice race §1: bid"
    not_busted = command(api, game_id, {"type": "reroll", "side": "B"})
    assert not_busted.status_code == 422
    assert not_busted.get_json()["rule"] == "Dice race §3: bust"

    after = observed(api, game_id)
    assert after == before, "a refused command changes nothing"
    assert after["game"]["last_step"] == 1
    assert len(after["steps"]["steps"]) == 1


def test_a_command_to_a_finished_game_is_illegal(api: ContractClient) -> None:
    game_id = finished_game(api)
    before = observed(api, game_id)
    response = bid(api, game_id, "A", 1, dice=[])
    assert response.status_code == 422
    assert response.get_json()["message"] == "the game is over"
    assert response.get_json()["rule"]
    assert observed(api, game_id) == before


def test_a_command_decided_at_a_stale_step_is_refused_with_409(api: ContractClient) -> None:
    game_id = start(api)
    assert bid(api, game_id, "A", 1, expected_step=0).status_code == 201
    before = observed(api, game_id)

    stale = bid(api, game_id, "B", 1, expected_step=0)
    assert stale.status_code == 409
    assert stale.get_json() == {
        "error": "conflict",
        "message": "the game is at step 1, not 0: reload and decide again",
    }
    assert observed(api, game_id) == before

    assert bid(api, game_id, "B", 1, expected_step=1).status_code == 201


# -- steps ----------------------------------------------------------------------------


def test_every_step_can_be_read_and_a_step_beyond_the_last_is_not_found(
    api: ContractClient,
) -> None:
    game_id = finished_game(api)
    steps = api.get(f"/api/games/{game_id}/steps").get_json()["steps"]
    assert [entry["step"] for entry in steps] == [1, 2, 3, 4, 5, 6]
    assert [entry["command_index"] for entry in steps] == [1, 2, 2, 2, 2, 2]
    assert steps[0]["summary"] == "side A bids (sealed)"
    assert steps[-1]["summary"] == "round 1 closed"

    start_state = api.get(f"/api/games/{game_id}/steps/0").get_json()
    assert start_state["game_id"] == game_id
    assert (start_state["step"], start_state["last_step"]) == (0, 6)
    assert start_state["state"]["position"] == {"A": 0, "B": 0}
    assert start_state["prompt"]["kind"] == "bid"
    assert HEX64.match(start_state["hash"])

    final = api.get(f"/api/games/{game_id}/steps/6").get_json()
    assert final["state"]["position"] == {"A": 12, "B": 6}
    assert final["game_over"] is True
    assert final["prompt"] is None
    assert final["hash"] != start_state["hash"]

    beyond = api.get(f"/api/games/{game_id}/steps/7")
    assert beyond.status_code == 404
    assert beyond.get_json() == {
        "error": "not_found",
        "message": "step 7 does not exist: this game has steps 0 to 6",
    }
    assert api.get(f"/api/games/{game_id}/steps/-1").status_code == 404
    assert api.get(f"/api/games/{game_id}/deltas?from=5&to=7").status_code == 404
    assert api.get(f"/api/games/{game_id}/deltas?from=5&to=5").status_code == 400
    since = api.get(f"/api/games/{game_id}/steps?since=4").get_json()["steps"]
    assert [entry["step"] for entry in since] == [5, 6]


def test_the_head_tells_the_last_step_and_status_cheaply(
    api: ContractClient, anonymous: ContractClient
) -> None:
    game_id = start(api)
    assert api.get(f"/api/games/{game_id}/head").get_json() == {
        "game_id": game_id,
        "last_step": 0,
        "status": "running",
        "you_play": ["A", "B"],  # the script started it: it plays every side
    }
    assert anonymous.get(f"/api/games/{game_id}/head").get_json()["you_play"] == []
    ended = finished_game(api)
    head = api.get(f"/api/games/{ended}/head").get_json()
    assert (head["last_step"], head["status"]) == (6, "ended")


def test_a_new_game_has_no_steps_but_its_start(api: ContractClient) -> None:
    game_id = start(api)
    assert api.get(f"/api/games/{game_id}/steps").get_json() == {"steps": []}
    assert api.get(f"/api/games/{game_id}/steps/0").get_json()["last_step"] == 0
    assert api.get(f"/api/games/{game_id}/steps/1").status_code == 404


# -- hidden information -----------------------------------------------------------------


def _spectator_view(api: ContractClient, game_id: str) -> Any:
    """What a spectator reads about a running game, with its own id and clock left out."""
    seen = {
        "game": api.get(f"/api/games/{game_id}").get_json(),
        "steps": api.get(f"/api/games/{game_id}/steps").get_json(),
        "step 0": api.get(f"/api/games/{game_id}/steps/0").get_json(),
        "step 1": api.get(f"/api/games/{game_id}/steps/1").get_json(),
        "record": api.get(f"/api/games/{game_id}/record").get_json(),
        "audit": api.get(f"/api/games/{game_id}/audit").get_json(),
        "row": next(
            row for row in api.get("/api/games").get_json()["games"] if row["id"] == game_id
        ),
    }
    for part in (seen["game"], seen["row"]):
        for key in ("id", "created_at", "updated_at", "seed_commitment"):
            part.pop(key, None)
    for key in ("step 0", "step 1"):
        seen[key].pop("game_id")
    seen["record"].pop("game_id")
    seen["record"]["dice"].pop("commitment")
    return seen


@pytest.mark.parametrize("dice_mode", ["seeded", "entered"])
def test_a_spectator_cannot_tell_a_sealed_bid_while_the_game_runs(
    api: ContractClient, dice_mode: str
) -> None:
    """Two games that differ only in A's sealed bid must look the same to anyone
    else, down to every hash: a hash of the hidden state would let a spectator
    try the three possible bids and see which one matches."""
    low, high = (start(api, dice_mode=dice_mode, title="same") for _ in range(2))
    entered = {"dice": []} if dice_mode == "entered" else {}
    assert bid(api, low, "A", 1, **entered).status_code == 201
    assert bid(api, high, "A", 3, **entered).status_code == 201

    seen = _spectator_view(api, low)
    assert seen == _spectator_view(api, high)

    steps = seen["steps"]["steps"]
    assert steps[0]["command"] == {"side": "A", "sealed": True}
    assert steps[0]["event"]["sealed"] is None
    assert steps[0]["summary"] == "side A bids (sealed)"
    assert seen["step 1"]["state"]["bids"] == {"A": "sealed"}
    assert seen["record"]["commands"][0]["command"] == {"side": "A", "sealed": True}
    assert seen["record"]["commands"][0]["events"][0]["event"]["sealed"] is None
    assert seen["record"]["dice"]["seed"] is None
    assert "final_state_hash" not in seen["record"]
    assert seen["audit"]["identical"] is False


def test_a_sides_view_of_a_running_game_is_its_players_only(
    api: ContractClient, app: Flask
) -> None:
    game_id = start(api)
    command(api, game_id, {"type": "bid", "side": "A", "dice": 3})
    stranger = ContractClient(token_client(app, "stranger"), app)
    for path in (f"/api/games/{game_id}/steps", f"/api/games/{game_id}/steps/1"):
        unknown = stranger.get(f"{path}?view=C")
        assert unknown.status_code == 400
        assert unknown.get_json()["message"] == "view must be one of spectator, A, B, not 'C'"
        refused = stranger.get(f"{path}?view=A")
        assert refused.status_code == 403
        assert "only for the player of side A" in refused.get_json()["message"]
        assert stranger.get(f"{path}?view=spectator").status_code == 200
        assert api.get(f"{path}?view=A").status_code == 200  # its player, by API token
    deltas = f"/api/games/{game_id}/deltas?from=0&to=1"
    assert stranger.get(f"{deltas}&view=C").status_code == 400
    assert "only for the player of side A" in stranger.get(f"{deltas}&view=A").get_json()["message"]
    assert stranger.get(f"{deltas}&view=A").status_code == 403
    assert stranger.get(deltas).get_json()["deltas"][0]["step"] == 1
    assert api.get(f"{deltas}&view=A").status_code == 200


def test_everything_is_shown_once_the_game_is_over(api: ContractClient) -> None:
    game_id = finished_game(api, a_bids=3)
    steps = api.get(f"/api/games/{game_id}/steps").get_json()["steps"]
    assert steps[0]["command"] == {"type": "bid", "side": "A", "dice": 3}
    assert steps[0]["event"]["sealed"] == {"dice": 3}
    assert steps[2]["summary"] == "bids revealed: A 3, B 1"
    assert api.get(f"/api/games/{game_id}/steps/1").get_json()["state"]["bids"] == {"A": 3}
    record = api.get(f"/api/games/{game_id}/record").get_json()
    assert record["commands"][0]["command"] == {"type": "bid", "side": "A", "dice": 3}
    assert record["commands"][0]["events"][0]["event"]["sealed"] == {"dice": 3}
    assert HEX64.match(record["final_state_hash"])


def test_a_seeded_game_reveals_its_seed_when_it_ends(api: ContractClient) -> None:
    game_id = start(api)
    game = play_to_the_end(api, game_id)
    assert game["status"] == "ended"
    assert game["seed"] is not None
    record = api.get(f"/api/games/{game_id}/record").get_json()
    assert record["dice"]["seed"] == game["seed"]
    assert record["dice"]["commitment"] == game["seed_commitment"]


# -- records and audit --------------------------------------------------------------------


def test_a_record_is_exported_as_a_downloadable_shiai_game_file(api: ContractClient) -> None:
    game_id = finished_game(api)
    response = api.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="shiai-game-{game_id}.json"'
    )
    record = response.get_json()
    assert record["format"] == "shiai-game/1"
    assert record["game_id"] == game_id
    assert record["ruleset"] == "dice-race"
    assert record["title"] == "Kawanakajima"
    assert [item["index"] for item in record["commands"]] == [1, 2]
    assert record["commands"][1]["entered_dice"] == [6, 6, 6]
    assert record["outcome"]["winner"] == "A"


def test_an_exported_record_imports_elsewhere_as_a_game_that_replays_the_same(
    api: ContractClient, tmp_path: Path
) -> None:
    original = start(api)
    play_to_the_end(api, original)
    record = api.get(f"/api/games/{original}/record").get_json()

    again = api.post("/api/records", json=record)
    assert again.status_code == 409
    assert again.get_json() == {
        "error": "game_exists",
        "message": f"game {original} is already recorded",
    }
    # The game's content is stored: under a new id it would count twice in the meta.
    copy_id = str(uuid.uuid4())
    duplicate = api.post("/api/records", json={**record, "game_id": copy_id})
    assert duplicate.status_code == 409
    assert duplicate.get_json()["error"] == "duplicate_record"
    assert duplicate.get_json()["game_id"] == original

    # Another platform takes it, and shows the same game.
    other_url = f"sqlite:///{tmp_path / 'other.db'}"
    upgrade(other_url)
    other_app = create_app(platform_config(other_url))
    other = ContractClient(token_client(other_app, "importer"), other_app)
    response = other.post("/api/records", json={**record, "game_id": copy_id})
    assert response.status_code == 201
    assert response.get_json() == {"id": copy_id}
    assert response.headers["Location"] == f"/api/games/{copy_id}"

    def without_id(game: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in game.items() if k not in ("id", "created_at", "updated_at")}

    copied = other.get(f"/api/games/{copy_id}").get_json()
    assert without_id(copied) == without_id(api.get(f"/api/games/{original}").get_json())
    assert (
        other.get(f"/api/games/{copy_id}/steps").get_json()
        == api.get(f"/api/games/{original}/steps").get_json()
    )
    imported_record = other.get(f"/api/games/{copy_id}/record").get_json()
    assert imported_record == {**record, "game_id": copy_id}
    assert api.get("/api/games").get_json()["total"] == 1
    other_app.extensions["shiai"].close()


def test_a_tampered_record_is_rejected_naming_the_first_step_that_differs(
    api: ContractClient,
) -> None:
    game_id = finished_game(api)
    record = api.get(f"/api/games/{game_id}/record").get_json()
    record["game_id"] = str(uuid.uuid4())
    rolled_a = record["commands"][1]["events"][2]
    assert rolled_a["step"] == 4
    assert rolled_a["event"]["type"] == "rolled"
    rolled_a["event"]["dice"] = [6, 6, 6]  # A bid two dice: one die too many

    response = api.post("/api/records", json=record)
    assert response.status_code == 422
    body = response.get_json()
    assert body["error"] == "record_rejected"
    assert body["step"] == 4
    assert api.get(f"/api/games/{record['game_id']}").status_code == 404
    assert api.get("/api/games").get_json()["total"] == 1


def test_a_record_that_is_not_a_valid_game_is_refused(api: ContractClient) -> None:
    game_id = finished_game(api)
    record = {
        **api.get(f"/api/games/{game_id}/record").get_json(),
        "game_id": str(uuid.uuid4()),
    }
    misnumbered = copy.deepcopy(record)
    misnumbered["commands"][1]["index"] = 3
    for body, status, message in [
        ([], 422, "not a shiai-game/1 record: at the record: [] is not of type 'object'"),
        ({**record, "format": "pgn"}, 422, "not a shiai-game/1 record: at format"),
        ({**record, "game_id": "game-1"}, 422, "at game_id: 'game-1' is not a 'uuid'"),
        (misnumbered, 422, "commands are not numbered 1, 2, 3...: found 3 at position 2"),
        ({**record, "ruleset": "chess"}, 400, "no ruleset 'chess' is installed"),
        ({**record, "outcome": None}, 422, "the recorded outcome is not the one the engine"),
        ({**record, "final_state_hash": "0" * 64}, 422, "the final state hash does not match"),
    ]:
        response = api.post("/api/records", json=body)
        assert response.status_code == status, message
        assert message in response.get_json()["message"], response.get_json()
    assert api.get("/api/games").get_json()["total"] == 1, "nothing was imported"


def test_malformed_json_is_refused_as_a_record(api: ContractClient) -> None:
    response = api.post("/api/records", data='{"format": "shiai-', content_type="application/json")
    assert response.status_code == 400
    assert "not valid JSON" in response.get_json()["message"]


def test_the_record_of_a_running_game_cannot_be_imported(api: ContractClient) -> None:
    game_id = start(api)
    assert bid(api, game_id, "A", 2).status_code == 201
    record = api.get(f"/api/games/{game_id}/record").get_json()
    response = api.post("/api/records", json={**record, "game_id": str(uuid.uuid4())})
    assert response.status_code == 422
    assert response.get_json()["message"] == (
        "a seeded record can be imported once its seed is revealed"
    )


def test_the_audit_of_a_finished_game_rederives_every_step_identically(
    api: ContractClient,
) -> None:
    game_id = start(api)
    game = play_to_the_end(api, game_id)
    audit = api.get(f"/api/games/{game_id}/audit").get_json()
    assert audit["identical"] is True
    assert audit["steps_checked"] == game["last_step"]
    assert audit["first_difference"] is None
    assert "identical" in audit["message"]


def test_a_game_its_ruleset_refuses_to_replay_is_answered_409_on_every_read(
    api: ContractClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game recorded with other data files than the ruleset loads now (other Senjutsu
    cards, say: ``Ruleset.replay_refusal``) is refused, never shown as a wrong board."""
    game_id = start(api)
    play_to_the_end(api, game_id)
    reason = "it was played with other data files than those loaded now"
    monkeypatch.setattr(registry.get("dice-race"), "replay_refusal", lambda state: reason)
    for path in ("", "/steps", "/steps/0", "/deltas?from=0&to=2", "/record", "/audit"):
        response = api.get(f"/api/games/{game_id}{path}")
        assert response.status_code == 409, path
        assert response.get_json()["error"] == "replay_refused"
        assert reason in response.get_json()["message"]


def test_a_running_game_cannot_be_audited_before_its_seed_is_revealed(
    api: ContractClient,
) -> None:
    game_id = start(api)
    audit = api.get(f"/api/games/{game_id}/audit").get_json()
    assert audit == {
        "identical": False,
        "steps_checked": 0,
        "first_difference": None,
        "message": "a game is audited once it has ended: its seed is secret until then",
    }


def test_the_contract_check_would_catch_an_undocumented_field() -> None:
    """The strict schemas are what make the checks above bite."""
    validator = Draft202012Validator(
        {"$ref": f"{DOC_URI}#/components/schemas/Created"}, registry=REGISTRY
    )
    assert validator.is_valid({"id": UNKNOWN_GAME})
    assert not validator.is_valid({"id": UNKNOWN_GAME, "secret": 1})
    assert not validator.is_valid({})


# -- who may write ----------------------------------------------------------------------------


def test_an_anonymous_write_is_refused_with_401_and_records_nothing(
    api: ContractClient, anonymous: ContractClient
) -> None:
    game_id = finished_game(api)
    running = start(api)
    record = api.get(f"/api/games/{game_id}/record").get_json()
    before = observed(anonymous, running)
    for path, body in (
        ("/api/games", {"ruleset": "dice-race"}),
        (f"/api/games/{running}/commands", {"command": {"type": "bid", "side": "A", "dice": 1}}),
        ("/api/records", {**record, "game_id": str(uuid.uuid4())}),
    ):
        response = anonymous.post(path, json=body)
        assert response.status_code == 401, path
        assert response.get_json()["error"] == "not_signed_in"
        assert "Authorization: Bearer <token>" in response.get_json()["message"]
        assert response.headers["WWW-Authenticate"] == 'Bearer realm="shiai"'
    assert observed(anonymous, running) == before
    assert anonymous.get("/api/games").get_json()["total"] == 2


def test_a_command_for_a_side_the_caller_does_not_play_is_refused_with_403(
    api: ContractClient, app: Flask
) -> None:
    game_id = start(api)
    before = observed(api, game_id)
    stranger = ContractClient(token_client(app, "stranger"), app)
    response = command(stranger, game_id, {"type": "bid", "side": "A", "dice": 1})
    assert response.status_code == 403
    assert response.get_json() == {"error": "forbidden", "message": "you do not play in this game"}
    assert observed(api, game_id) == before


@pytest.mark.parametrize(
    "path",
    ["/api/games", "/api/records", "/api/games/00000000-0000-4000-8000-000000000000/commands"],
)
def test_a_body_over_the_request_limit_is_a_413_with_a_message(
    api: ContractClient, app: Flask, path: str
) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 4096
    body = json.dumps({"title": "x" * 5000})
    response = api.post(path, data=body, content_type="application/json")
    assert response.status_code == 413
    assert "the request is larger than" in response.get_json()["message"]


# -- studies: a finished game's annotations (shiai.web.studies) ------------------------------


def _study(api: ContractClient, app: Flask) -> tuple[str, str]:
    """A finished game and a study of it owned by the ``api`` script's account."""
    game_id = finished_game(api)
    services = app.extensions["shiai"]
    owner = services.accounts.by_username("scripted").id
    return str(
        services.studies.start(uuid.UUID(game_id), owner, "Kawanakajima", "unlisted")
    ), game_id


def test_a_study_is_annotated_read_changed_and_exported_by_its_owner(
    api: ContractClient, anonymous: ContractClient, app: Flask
) -> None:
    study_id, game_id = _study(api, app)
    arrow = {"kind": "arrow", "from": [1, 2], "to": [30, 40.5], "colour": "red"}
    saved = api.open(
        "PUT",
        f"/api/studies/{study_id}/annotations/3",
        json={"comment": "Bid 2.", "shapes": [arrow]},
    )
    assert saved.status_code == 200
    assert saved.get_json()["annotations"] == [{"step": 3, "comment": "Bid 2.", "shapes": [arrow]}]
    changed = api.open("PATCH", f"/api/studies/{study_id}", json={"visibility": "public"})
    assert changed.get_json()["visibility"] == "public"
    read = anonymous.get(f"/api/studies/{study_id}")
    assert read.status_code == 200
    assert read.get_json()["version"] == 3
    exported = anonymous.get(f"/api/studies/{study_id}/export")
    assert exported.status_code == 200
    assert exported.get_json()["record"] == anonymous.get(f"/api/games/{game_id}/record").get_json()
    removed = api.open("DELETE", f"/api/studies/{study_id}/annotations/3")
    assert removed.status_code == 200
    assert removed.get_json()["annotations"] == []


def test_study_writes_are_refused_with_a_reason_and_change_nothing(
    api: ContractClient, anonymous: ContractClient, app: Flask
) -> None:
    study_id, _ = _study(api, app)
    note = f"/api/studies/{study_id}/annotations/2"
    stranger = ContractClient(token_client(app, "stranger"), app)
    browser = app.test_client()
    session = ContractClient(browser, app)
    with browser.session_transaction() as cookie:
        cookie["account_id"] = app.extensions["shiai"].accounts.by_username("scripted").id
    refusals = [
        (api, "PUT", note, {"comment": 5}, 400),
        (api, "PATCH", f"/api/studies/{study_id}", {"owner": "me"}, 400),
        (session, "DELETE", note, None, 400),  # a cookie write without its CSRF header
        (anonymous, "PUT", note, {"comment": "x"}, 401),
        (anonymous, "PATCH", f"/api/studies/{study_id}", {"title": "x"}, 401),
        (anonymous, "DELETE", note, None, 401),
        (stranger, "PUT", note, {"comment": "mine"}, 403),
        (stranger, "PATCH", f"/api/studies/{study_id}", {"title": "mine"}, 403),
        (stranger, "DELETE", note, None, 403),
        (api, "PUT", f"/api/studies/{UNKNOWN_GAME}/annotations/2", {"comment": "x"}, 404),
        (api, "PATCH", f"/api/studies/{UNKNOWN_GAME}", {"title": "x"}, 404),
        (api, "DELETE", f"/api/studies/{UNKNOWN_GAME}/annotations/2", None, 404),
        (api, "PUT", f"/api/studies/{study_id}/annotations/999", {"comment": "late"}, 422),
        (api, "PATCH", f"/api/studies/{study_id}", {"title": "two\nlines"}, 422),
        (api, "DELETE", note, None, 422),  # no annotation there
    ]
    for caller, method, path, body, status in refusals:
        response = (
            caller.open(method, path, json=body) if body is not None else caller.open(method, path)
        )
        assert response.status_code == status, (method, path, body, response.get_json())
    for path in (f"/api/studies/{UNKNOWN_GAME}", f"/api/studies/{UNKNOWN_GAME}/export"):
        assert anonymous.get(path).status_code == 404
    assert anonymous.get(f"/api/studies/{study_id}").get_json()["version"] == 1


def test_a_study_write_that_lost_a_race_is_answered_409(
    api: ContractClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tabs of the owner: the second saves over a study the first has changed
    since the second read it (each write reads the study as it was then)."""
    study_id, _ = _study(api, app)
    studies = app.extensions["shiai"].studies
    stale = copy.deepcopy(studies.get(uuid.UUID(study_id)))
    stale.annotations = {"1": {"comment": "x", "shapes": []}}
    first = api.open("PATCH", f"/api/studies/{study_id}", json={"title": "First tab"})
    assert first.status_code == 200
    monkeypatch.setattr(studies, "get", lambda _study_id: copy.deepcopy(stale))
    for method, path, body in (
        ("PUT", f"/api/studies/{study_id}/annotations/2", {"comment": "second tab"}),
        ("PATCH", f"/api/studies/{study_id}", {"title": "Second tab"}),
        ("DELETE", f"/api/studies/{study_id}/annotations/1", None),
    ):
        response = api.open(method, path, json=body) if body else api.open(method, path)
        assert response.status_code == 409, (method, response.get_json())
    monkeypatch.undo()
    assert studies.get(uuid.UUID(study_id)).title == "First tab"


def test_a_study_of_a_game_its_ruleset_refuses_to_replay_is_not_exported(
    api: ContractClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    study_id, _ = _study(api, app)
    reason = "it was played with other data files than those loaded now"
    monkeypatch.setattr(registry.get("dice-race"), "replay_refusal", lambda state: reason)
    response = api.get(f"/api/studies/{study_id}/export")
    assert response.status_code == 409
    assert response.get_json()["error"] == "replay_refused"


@pytest.mark.parametrize(
    ("method", "path"),
    [("PUT", "/annotations/1"), ("PATCH", "")],
)
def test_a_study_write_over_the_request_limit_is_a_413(
    api: ContractClient, app: Flask, method: str, path: str
) -> None:
    study_id, _ = _study(api, app)
    app.config["MAX_CONTENT_LENGTH"] = 4096
    body = json.dumps({"comment": "x" * 5000})
    response = api.open(
        method, f"/api/studies/{study_id}{path}", data=body, content_type="application/json"
    )
    assert response.status_code == 413


def test_an_exported_study_is_imported_as_a_new_study_or_refused_with_its_problems(
    api: ContractClient, anonymous: ContractClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    study_id, _ = _study(api, app)
    api.open("PUT", f"/api/studies/{study_id}/annotations/2", json={"comment": "Bid 2."})
    exported = anonymous.get(f"/api/studies/{study_id}/export").get_json()
    stranger = ContractClient(token_client(app, "stranger"), app)
    imported = stranger.post("/api/studies/import", json=exported)
    assert imported.status_code == 201
    assert imported.get_json()["annotations"] == exported["study"]["annotations"]
    assert imported.get_json()["id"] != study_id
    bad = copy.deepcopy(exported)
    bad["study"]["annotations"][0]["shapes"] = [{"kind": "ring"}]
    refusals = [
        (stranger, {"format": "shiai-game/1"}, 400),
        (anonymous, exported, 401),
        (stranger, bad, 422),
        (stranger, {**exported, "record": {**exported["record"], "outcome": None}}, 422),
    ]
    for caller, body, status in refusals:
        response = caller.post("/api/studies/import", json=body)
        assert response.status_code == status, (status, response.get_json())
    assert response.get_json()["message"].startswith("record.outcome")
    problem = stranger.post("/api/studies/import", json=bad).get_json()["errors"]
    assert problem[0]["path"] == "study.annotations[0].shapes[0].kind"
    # The game stored by someone else while this import read it: 409, nothing stored.
    records = app.extensions["shiai"].records

    def not_yet(game_id: uuid.UUID) -> Any:
        raise GameNotFound(game_id)

    monkeypatch.setattr(records, "export_record", not_yet)
    lost = stranger.post("/api/studies/import", json=exported)
    assert lost.status_code == 409
    assert lost.get_json()["error"] == "game_exists"
    monkeypatch.undo()
    app.config["MAX_CONTENT_LENGTH"] = 4096
    padded = {**exported, "study": {**exported["study"], "notes": "x" * 5000}}
    assert stranger.post("/api/studies/import", json=padded).status_code == 413
    owned = app.extensions["shiai"].study_listings.own(
        app.extensions["shiai"].accounts.by_username("stranger").id
    )
    assert len(owned) == 1


# -- my boards ------------------------------------------------------------------------------


def test_the_boards_list_is_the_callers_own_paged_and_refused_to_anonymous_callers(
    api: ContractClient, anonymous: ContractClient, app: Flask
) -> None:
    game_id = finished_game(api)
    owner = app.extensions["shiai"].accounts.by_username("scripted")
    board = Sandboxes(app.extensions["shiai"].records, app.extensions["shiai"].play).analyse(
        owner.id, uuid.UUID(game_id), 0
    )
    listed = api.get("/api/boards").get_json()
    assert [row["id"] for row in listed["boards"]] == [str(board)]
    assert listed["boards"][0]["analysis_of"]["game"] == game_id
    assert listed["next"] is None
    assert api.get("/api/boards?page=0").status_code == 400
    assert anonymous.get("/api/boards").status_code == 401


# -- importing past events ------------------------------------------------------------------

IMPORT_CSV = (
    "event,date,player,faction,list,round,opponent,result,VP\n"
    "Cup,2025-01-04,Aiko,Buke,,1,Daichi,win,9\n"
    "Cup,2025-01-04,Daichi,Kuge,,1,Aiko,loss,2\n"
)


def test_an_organiser_imports_past_events_and_every_refusal_is_documented(
    anonymous: ContractClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_account(app, "archivist", role="organiser")
    organiser = ContractClient(token_client(app, "archivist"), app)
    body = {"csv": IMPORT_CSV, "system": "kensei", "file_name": "cup.csv"}
    created = organiser.post("/api/imports", json=body)
    assert created.status_code == 201
    assert created.get_json()["events"][0]["games"] == 1
    player = ContractClient(token_client(app, "bystander"), app)
    bad = {"csv": IMPORT_CSV.replace("Buke", "Romans"), "system": "kensei"}
    for caller, sent, status in [
        (organiser, {"csv": 3}, 400),
        (anonymous, body, 401),
        (player, body, 403),
        (organiser, bad, 422),
    ]:
        assert caller.post("/api/imports", json=sent).status_code == status
    # Two imports of the same event at once: the one that saves second gets a 409.
    imports = app.extensions["shiai"].imported_events
    monkeypatch.setattr(imports, "get", lambda event_id: None)
    assert organiser.post("/api/imports", json=body).status_code == 409
    monkeypatch.undo()
    app.config["MAX_CONTENT_LENGTH"] = 4096
    padded = {**body, "csv": IMPORT_CSV + "#" * 5000}
    assert organiser.post("/api/imports", json=padded).status_code == 413


# -- the other direction: every documented status was answered ------------------------------


def test_every_documented_status_was_answered_by_the_tests_above(
    request: pytest.FixtureRequest,
) -> None:
    """Runs last: every status the document promises, an earlier test received.
    Skipped when only some of this module's tests were selected."""
    tests = {name for name in globals() if name.startswith("test_")}
    ran = {nodeid.rpartition("::")[2].partition("[")[0] for nodeid in RAN}
    if not tests - {request.node.originalname} <= ran:
        pytest.skip("meaningful only after every other test of this module has run")
    documented = {
        (method.upper(), path, int(status))
        for path, operations in DOCUMENT["paths"].items()
        for method, operation in operations.items()
        for status in operation["responses"]
    }
    never_seen = documented - SEEN
    assert not never_seen, f"documented but never answered in these tests: {sorted(never_seen)}"

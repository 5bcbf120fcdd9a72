"""Stepping by deltas (issue 25, item 6): ``replays.deltas`` turns each state of
real Kensei and Senjutsu games into the next one, and ``/api/games/<id>/deltas``
answers exactly the states ``/steps/<n>`` answers, as the same viewer sees them
(a sealed Senjutsu hand never reaches the other side through a delta), with the
same errors and cache headers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import pairwise
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.core import canonical_json, state_hash
from engine.kensei import Kensei
from engine.senjutsu import Senjutsu
from replays.bot_games import play_bot_game
from replays.deltas import BadPatch, apply, diff
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from shiai import create_app
from shiai.migrations import upgrade
from shiai.web.viewing import EncodedSteps
from tests.conftest import DICE_RACE_SPEC, platform_config
from tests.integration.test_pages import bid, finished_game, start
from tests.integration.test_senjutsu_platform import (
    SENJUTSU_SPEC,
    _hidden_from,
    _public_ever,
    current,
    new_game,
    play_hot_seat,
)
from tests.support.web import new_account, signed_in_client

SPECTATOR = "spectator"


# -- the diff of real consecutive states --------------------------------------------------


@pytest.fixture(scope="module")
def played() -> Iterator[GameRecords]:
    records = GameRecords(event_store_env(MEMORY), rulesets=[Kensei(), Senjutsu()])
    yield records
    records.close()


def _check_every_step(records: GameRecords, game_id: UUID, viewer: str | None) -> int:
    last = records.head(game_id)[0]
    states = records.states_between(game_id, 0, last, viewer)
    assert [shown.step for shown in states] == list(range(last + 1))
    changed = 0
    for before, after in pairwise(states):
        kept = canonical_json(before.state)
        patch = diff(before.state, after.state)
        # The patch travels as JSON: what the browser parses is what is applied.
        result = apply(before.state, json.loads(json.dumps(patch)))
        assert canonical_json(result) == canonical_json(after.state), after.step
        assert state_hash(result) == after.hash
        assert canonical_json(before.state) == kept, "the state before is not changed"
        assert apply(after.state, diff(after.state, before.state)) == before.state
        changed += bool(patch)
    return changed


@pytest.mark.parametrize(
    ("ruleset", "number"), [("kensei", 0), ("kensei", 1), ("senjutsu", 0), ("senjutsu", 1)]
)
def test_each_patch_turns_a_real_state_into_the_next(
    played: GameRecords, ruleset: str, number: int
) -> None:
    setups = {"kensei": Kensei(), "senjutsu": Senjutsu()}[ruleset].sample_setups()
    game_id = play_bot_game(
        played, ruleset, setups[number % len(setups)], bot_seed=f"delta-{number}"
    )
    assert _check_every_step(played, game_id, None) > 10


def test_states_between_are_the_states_at_each_step(played: GameRecords) -> None:
    game_id = play_bot_game(played, "kensei", Kensei().sample_setups()[0], bot_seed="between")
    last = played.head(game_id)[0]
    for first, to in [(0, 5), (last - 3, last), (last // 2, last // 2)]:
        assert played.states_between(game_id, first, to) == [
            played.state_at(game_id, step) for step in range(first, to + 1)
        ]


def test_a_patch_that_does_not_fit_is_refused() -> None:
    state = {"units": [{"id": "u1"}], "turn": 1}
    for patch in (
        [[["nowhere", "deeper"], 1]],
        [[["units", 3], {}]],
        [[["turn"], 2, 3]],
        [["turn", 2]],
        [[["gone"]]],
        [[[]]],
    ):
        with pytest.raises(BadPatch):
            apply(state, patch)
    assert state == {"units": [{"id": "u1"}], "turn": 1}


def test_a_patch_removes_appends_and_cuts_lists() -> None:
    before = {"a": [1, 2, 3], "b": {"x": 1, "y": 2}, "c": True}
    after = {"a": [1, 5], "b": {"y": 2, "z": [1]}, "c": 1}
    patch = diff(before, after)
    assert apply(before, patch) == after
    assert type(apply(before, patch)["c"]) is int, "True and 1 are told apart"
    assert apply(after, diff(after, before)) == before
    assert diff(before, before) == []


# -- the endpoint ---------------------------------------------------------------------------


def _full(client: FlaskClient, game_id: object, step: int, view: str = SPECTATOR) -> Any:
    response = client.get(f"/api/games/{game_id}/steps/{step}?view={view}")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _stepped(client: FlaskClient, game_id: object, first: int, to: int, view: str) -> list[Any]:
    """Every full step from ``first`` to ``to`` as the deltas build them, checked
    against its hash, as the browser does."""
    response = client.get(f"/api/games/{game_id}/deltas?from={first}&to={to}&view={view}")
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    state = _full(client, game_id, first, view)
    assert answer["from_hash"] == state["hash"]
    built = []
    for delta in answer["deltas"]:
        state = {**state, "state": apply(state["state"], delta["patch"]), "step": delta["step"]}
        assert state_hash(state["state"]) == delta["hash"]
        built.append({**state, "hash": delta["hash"], "prompt": delta["prompt"]})
    return built


def test_deltas_build_the_states_the_step_endpoint_answers(app: Flask) -> None:
    """On SQLite and PostgreSQL."""
    client = app.test_client()
    game_id = finished_game(client)
    last = client.get(f"/api/games/{game_id}").get_json()["last_step"]
    forward = _stepped(client, game_id, 0, last, SPECTATOR)
    backward = _stepped(client, game_id, last, 0, SPECTATOR)
    for built in forward + backward:
        full = _full(client, game_id, built["step"])
        for key in ("state", "hash", "prompt"):
            assert built[key] == full[key], (built["step"], key)


def test_an_ended_games_deltas_are_immutable_and_a_running_games_are_not(
    sqlite_app: Flask,
) -> None:
    client = sqlite_app.test_client()
    ended = finished_game(client)
    response = client.get(f"/api/games/{ended}/deltas?from=0&to=2")
    assert response.headers["Cache-Control"] == "public, max-age=3600"
    again = client.get(f"/api/games/{ended}/deltas?from=0&to=2")
    assert again.get_data() == response.get_data()
    running = start(client, "running")
    bid(client, running, "A", 2)
    response = client.get(f"/api/games/{running}/deltas?from=0&to=1")
    assert response.status_code == 200, response.get_json()
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert response.get_json()["game_over"] is False


def test_an_ended_games_batches_are_put_together_from_the_steps_kept(
    sqlite_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = sqlite_app.test_client()
    game_id = finished_game(client)
    last = client.get(f"/api/games/{game_id}").get_json()["last_step"]
    asked = [(1, 4), (5, 2), (0, last), (last, 1)]
    computed = {
        pair: client.get(f"/api/games/{game_id}/deltas?from={pair[0]}&to={pair[1]}").get_data()
        for pair in asked
    }
    sqlite_app.extensions["shiai_encoded_steps"] = EncodedSteps()
    for first, to in ((0, last), (last, 0)):
        assert client.get(f"/api/games/{game_id}/deltas?from={first}&to={to}").status_code == 200

    def unread(*args: object) -> None:
        raise AssertionError("the game was read again")

    monkeypatch.setattr(sqlite_app.extensions["shiai"].records, "states_between", unread)
    for (first, to), body in computed.items():
        kept = client.get(f"/api/games/{game_id}/deltas?from={first}&to={to}")
        assert kept.get_data() == body
        assert kept.headers["Cache-Control"] == "public, max-age=3600"
    beyond = client.get(f"/api/games/{game_id}/deltas?from={last}&to={last + 1}")
    assert beyond.status_code == 404, "a step past the end is still refused"


@pytest.mark.parametrize(
    ("query", "status", "says"),
    [
        ("to=2", 400, "from is required"),
        ("from=0", 400, "to is required"),
        ("from=x&to=2", 400, "from must be a whole number"),
        ("from=-1&to=2", 400, "from must be from 0"),
        ("from=2&to=2", 400, "to must differ from from"),
        ("from=0&to=101", 400, "at most 100 steps"),
        ("from=0&to=9999999999999", 400, "to must be"),
        ("from=0&to=99", 404, "does not exist"),
        ("from=0&to=2&view=nobody", 400, ""),
    ],
)
def test_bad_deltas_requests_get_a_clear_4xx(
    sqlite_app: Flask, query: str, status: int, says: str
) -> None:
    client = sqlite_app.test_client()
    game_id = finished_game(client)
    response = client.get(f"/api/games/{game_id}/deltas?{query}")
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert says in body["message"], body
    unknown = client.get("/api/games/00000000-0000-0000-0000-000000000000/deltas?from=0&to=1")
    assert unknown.status_code == 404


def test_a_sides_view_of_a_running_game_in_deltas_is_its_players_only(sqlite_app: Flask) -> None:
    stranger = sqlite_app.test_client()
    game_id = start(stranger, "sealed", dice_mode="entered")
    bid(stranger, game_id, "A", 3)
    refused = stranger.get(f"/api/games/{game_id}/deltas?from=0&to=1&view=A")
    assert refused.status_code == 403, refused.get_json()
    seen = stranger.get(f"/api/games/{game_id}/deltas?from=0&to=1").get_data(as_text=True)
    assert '"sealed"' in seen
    assert '"dice":3' not in seen.replace(" ", ""), "the sealed bid stays sealed"


# -- Senjutsu's hidden cards ----------------------------------------------------------------


@pytest.fixture
def senjutsu_app(sqlite_database: str) -> Iterator[Flask]:
    upgrade(sqlite_database)
    config = platform_config(sqlite_database)
    flask_app = create_app({**config, "SHIAI_RULESETS": [DICE_RACE_SPEC, SENJUTSU_SPEC]})
    yield flask_app
    flask_app.extensions["shiai"].close()


def test_a_sealed_senjutsu_hand_never_reaches_the_other_side_in_a_delta(
    senjutsu_app: Flask,
) -> None:
    new_account(senjutsu_app, "musashi")
    host = signed_in_client(senjutsu_app, "musashi")
    game_id = new_game(host, seat_B="hot-seat")

    def sealed_choice(state: dict[str, Any]) -> bool:
        """Two turns in, side A has chosen its card and B has not."""
        chosen = state["phase"] == "choose" and state["characters"]["A"]["played"]
        return bool(chosen and state.get("turn", 0) >= 2)

    play_hot_seat(senjutsu_app, host, game_id, stop=sealed_choice)
    game = current(senjutsu_app, game_id)
    public = _public_ever(senjutsu_app, game_id)
    stranger = senjutsu_app.test_client()
    for view, viewer in (("B", "B"), (SPECTATOR, None)):
        hidden = _hidden_from(game.state, viewer) - public
        assert hidden, f"{view}: some card is hidden (else this test proves nothing)"
        client = host if viewer else stranger
        answers = []
        for first in range(0, game.step, 100):
            to = min(first + 100, game.step)
            for a, b in ((first, to), (to, first)):
                response = client.get(f"/api/games/{game_id}/deltas?from={a}&to={b}&view={view}")
                assert response.status_code == 200, response.get_json()
                answers.append(response.get_data(as_text=True))
        for answer in answers:
            for card in hidden:
                assert f'"{card}"' not in answer, (view, card)
        # And what the deltas build is what /steps/<n> shows this view.
        built = _stepped(client, game_id, max(0, game.step - 40), game.step, view)
        for state in built[::7]:
            assert state["state"] == _full(client, game_id, state["step"], view)["state"]

"""Line of sight before the click, through its endpoint (issue 25): the play page of the
player seated at the side asked for gets which shoot and charge targets line of sight
refuses its active unit, computed on that side's view; nobody else gets it, a malformed
question is a 4xx, and asking records nothing."""

from __future__ import annotations

from uuid import UUID, uuid4

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.core.position import POSITION_KEY
from engine.kensei.orders.sight import sight_refusals
from engine.kensei.ruleset import Kensei
from tests.integration.test_play import head, new_game
from tests.support.kensei_sight import ARCHERS, BEHIND_WALL, IN_SIGHT, walled
from tests.support.web import new_account, signed_in_client


@pytest.fixture
def board(sqlite_app: Flask) -> UUID:
    """A game from the walled position, its owner ("nobunaga") seated at both sides."""
    owner = new_account(sqlite_app, "nobunaga")
    play = sqlite_app.extensions["shiai"].play
    return UUID(
        str(play.start_owned(owner, "kensei", {POSITION_KEY: walled()}, from_position=True))
    )


def details(client: FlaskClient, game_id: UUID, side: str) -> tuple[int, dict]:
    response = client.get(f"/play/games/{game_id}/prompt-details?side={side}")
    body = response.get_json()
    assert isinstance(body, dict), response.text
    return response.status_code, body


def test_the_seated_side_gets_line_of_sight_to_its_targets(sqlite_app: Flask, board: UUID) -> None:
    client = signed_in_client(sqlite_app, "nobunaga")
    before = head(client, board)["last_step"]
    status, body = details(client, board, "A")
    assert status == 200, body
    sight = body["details"]["sight"]
    assert "line of sight" in sight["shoot"][BEHIND_WALL]
    assert "Shoot > 1. Choose a target unit" in sight["shoot"][BEHIND_WALL]
    assert "Charge > 1. Select the enemy target unit" in sight["charge"][BEHIND_WALL]
    assert sight["shoot"][IN_SIGHT] is None
    # Computed on A's view of the state (what A sees), the same as on the whole table.
    game = sqlite_app.extensions["shiai"].records.current(board)
    shown = Kensei().view(game.state, "A")
    assert sight == sight_refusals(shown, "A", ARCHERS)
    # Side B is seated (hot-seat) but not asked for an order: nothing to tell.
    status, body = details(client, board, "B")
    assert (status, body) == (200, {"details": {}})
    assert head(client, board)["last_step"] == before, "asking records nothing"


def test_nobody_else_gets_it(sqlite_app: Flask, board: UUID) -> None:
    new_account(sqlite_app, "mitsuhide")
    stranger = signed_in_client(sqlite_app, "mitsuhide")
    status, body = details(stranger, board, "A")
    assert status == 403, body
    assert "you do not play side A" in body["message"]
    anonymous = sqlite_app.test_client()
    assert anonymous.get(f"/play/games/{board}/prompt-details?side=A").status_code == 401
    # A player seated at A only is refused B's.
    new_account(sqlite_app, "ieyasu")
    player = signed_in_client(sqlite_app, "ieyasu")
    game_id = new_game(player, opponent="bot", side="A")
    status, body = details(player, game_id, "B")
    assert status == 403, body
    status, body = details(player, game_id, "A")
    assert status == 200, body


def test_a_malformed_question_is_a_4xx(sqlite_app: Flask, board: UUID) -> None:
    client = signed_in_client(sqlite_app, "nobunaga")
    for query in ("", "?side=", f"?side={'A' * 21}"):
        response = client.get(f"/play/games/{board}/prompt-details{query}")
        assert response.status_code == 400, (query, response.text)
        assert "side" in response.get_json()["message"]
    status, body = details(client, board, "Z")
    assert status == 403, body
    assert client.get(f"/play/games/{uuid4()}/prompt-details?side=A").status_code in (403, 404)
    assert client.get("/play/games/not-a-uuid/prompt-details?side=A").status_code == 404


def test_the_unit_panel_texts_are_public_data(sqlite_app: Flask) -> None:
    response = sqlite_app.test_client().get("/systems/kensei/texts.json")
    assert response.status_code == 200
    texts = response.get_json()
    assert texts["abilities"]["volley"] == {
        "name": "Volley",
        "kind": "ki",
        "text": "+1 ranged attack die until the end of the turn.",
    }
    assert texts["troop_titles"]["buke_ashigaru_yumi"] == ["ashigaru"]
    assert texts["titles"]["ashigaru"]["name"] == "Ashigaru"

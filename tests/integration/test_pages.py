"""The pages a person reads: the games list, a game at any step, friendly errors."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.support.web import (
    created_tournament,
    form,
    new_account,
    script_headers,
    signed_in_client,
)

UNKNOWN_GAME = "00000000-0000-4000-8000-000000000000"


def start(client: FlaskClient, title: str, **fields: Any) -> str:
    """A game started by a script (an API token of the account ``script``, which
    plays both sides), whoever ``client`` is signed in as."""
    body = {"ruleset": "dice-race", "setup": {"target": 5, "max_rounds": 1}, "title": title}
    headers = script_headers(client.application)
    response = client.post("/api/games", json={**body, **fields}, headers=headers)
    assert response.status_code == 201, response.get_json()
    game_id: str = response.get_json()["id"]
    return game_id


def bid(client: FlaskClient, game_id: str, side: str, count: int, **fields: Any) -> None:
    command = {"type": "bid", "side": side, "dice": count}
    response = client.post(
        f"/api/games/{game_id}/commands",
        json={"command": command, **fields},
        headers=script_headers(client.application),
    )
    assert response.status_code == 201, response.get_json()


def finished_game(client: FlaskClient, title: str = "Sekigahara 1600") -> str:
    """Entered dice, every die a 6: A (2 dice) beats B (1 die) in six steps."""
    game_id = start(client, title, dice_mode="entered")
    bid(client, game_id, "A", 2)
    bid(client, game_id, "B", 1, dice=[6, 6, 6])
    return game_id


def page(client: FlaskClient, path: str, status: int = 200) -> str:
    response = client.get(path)
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == "text/html", f"{path} answered {response.content_type}"
    return response.get_data(as_text=True)


def text_of(markup: str) -> str:
    """The page's text as a person reads it: tags dropped, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def replay_data(markup: str) -> Any:
    """What the viewer's scripts start from: the page's embedded JSON."""
    found = re.search(
        r'<script type="application/json" id="replay-data">(.*?)</script>', markup, re.DOTALL
    )
    assert found, "the page embeds the replay's data"
    return json.loads(found.group(1))


def shown_state(markup: str) -> Any:
    return replay_data(markup)["shown"]["state"]


def assert_friendly_error(response: TestResponse, status: int, message: str) -> None:
    assert response.status_code == status
    assert response.mimetype == "text/html", "a person gets a page, not JSON"
    text = text_of(response.get_data(as_text=True))
    assert message in text, text
    assert "Back to the games" in text
    assert "Traceback" not in text


# -- the games list -------------------------------------------------------------------


def test_the_games_list_shows_every_game_by_its_title(client: FlaskClient) -> None:
    empty = text_of(page(client, "/games"))
    assert "0 recorded games" in empty
    assert "No games yet" in empty

    running = start(client, "Kawanakajima <1561> & the fourth battle")
    ended = finished_game(client)
    for path in ("/games", "/games?page=1"):
        markup = page(client, path)
        assert "Kawanakajima &lt;1561&gt; &amp; the fourth battle" in markup, "titles are escaped"
        assert f'href="/games/{running}"' in markup
        assert f'href="/games/{ended}"' in markup
        text = text_of(markup)
        assert "2 recorded games" in text
        assert "Sekigahara 1600" in text
        assert "dice-race" in text


def test_the_games_list_pages_through_many_games(client: FlaskClient) -> None:
    for number in range(26):
        start(client, f"Game {number:02d}")
    first = text_of(page(client, "/games"))
    assert "page 1 of 2" in first
    assert "Game 25" in first, "newest first"
    assert "Game 00" not in first
    second = text_of(page(client, "/games?page=2"))
    assert "page 2 of 2" in second
    assert "Game 00" in second
    beyond = text_of(page(client, "/games?page=3"))
    assert "There is no page 3" in beyond
    assert "No games yet" not in beyond


def test_a_bad_page_number_gets_a_friendly_400_page(client: FlaskClient) -> None:
    for raw in ("x", "0", "-1", "1e3", "99999999999999999999"):
        assert_friendly_error(client.get(f"/games?page={raw}"), 400, "page must be a whole number")


# -- a game ------------------------------------------------------------------------------


def test_a_game_page_shows_the_chosen_step_and_the_state_after_it(client: FlaskClient) -> None:
    game_id = finished_game(client)
    for step in range(7):
        markup = page(client, f"/games/{game_id}?step={step}")
        text = text_of(markup)
        assert f"step {step} of 6" in text
        assert f"State after step {step}" in text
        api_state = client.get(f"/api/games/{game_id}/steps/{step}").get_json()
        assert shown_state(markup) == api_state["state"]
        assert api_state["hash"] in text
        assert 'aria-current="step"' in markup

    latest = page(client, f"/games/{game_id}")
    assert "step 6 of 6" in text_of(latest), "without ?step the page shows the last step"
    assert shown_state(latest)["position"] == {"A": 12, "B": 6}
    text = text_of(latest)
    assert "Sekigahara 1600" in text
    assert "winner: A (victory condition)" in text
    assert "round 1 closed" in text
    assert f'href="/api/games/{game_id}/record"' in latest


def test_a_step_that_is_not_a_number_gets_a_friendly_400_page(client: FlaskClient) -> None:
    game_id = finished_game(client)
    response = client.get(f"/games/{game_id}?step=abc")
    assert_friendly_error(response, 400, "step must be a whole number, not 'abc'")
    assert "That did not work" in text_of(response.get_data(as_text=True))


def test_a_step_beyond_the_game_gets_a_friendly_404_page(client: FlaskClient) -> None:
    game_id = finished_game(client)
    for step in (7, 999, -1):
        response = client.get(f"/games/{game_id}?step={step}")
        assert_friendly_error(
            response, 404, f"step {step} does not exist: this game has steps 0 to 6"
        )
        assert "Not found" in text_of(response.get_data(as_text=True))


def test_an_unknown_game_gets_a_friendly_404_page(client: FlaskClient) -> None:
    assert_friendly_error(client.get(f"/games/{UNKNOWN_GAME}"), 404, f"no game {UNKNOWN_GAME}")
    assert_friendly_error(client.get("/games/not-a-game"), 404, "there is no page at")
    assert_friendly_error(client.get("/nowhere"), 404, "there is no page at /nowhere")


def test_a_running_game_page_keeps_a_sealed_bid_hidden(client: FlaskClient) -> None:
    """The page of a game where A bid one die reads exactly like the page of one
    where A bid three, once the ids are set aside."""
    pages = []
    for count in (1, 3):
        game_id = start(client, "same", dice_mode="entered")
        bid(client, game_id, "A", count)
        markup = page(client, f"/games/{game_id}")
        assert shown_state(markup)["bids"] == {"A": "sealed"}
        assert "side A bids (sealed)" in text_of(markup)
        pages.append(markup.replace(game_id, "GAME"))
    assert pages[0] == pages[1]


# -- health and unexpected errors ----------------------------------------------------------


def test_health_answers_json(client: FlaskClient) -> None:
    response = client.get("/health")
    assert response.status_code == 200
    assert response.is_json
    assert response.get_json()["status"] == "ok"
    assert response.get_json()["store"] in ("sqlite", "postgresql")


def test_an_unexpected_error_gets_a_friendly_500_page_and_json_under_the_api(
    app: Flask, client: FlaskClient
) -> None:
    def broken() -> str:
        raise RuntimeError("secret detail: database password is hunter2")

    app.add_url_rule("/broken", "broken_page", broken)
    app.add_url_rule("/api/broken", "broken_api", broken)

    response = client.get("/broken")
    assert_friendly_error(response, 500, "something went wrong on our side; it has been logged")
    assert "Something went wrong" in text_of(response.get_data(as_text=True))
    assert "hunter2" not in response.get_data(as_text=True)

    api = client.get("/api/broken")
    assert api.status_code == 500
    assert api.is_json
    assert api.get_json() == {
        "error": "internal_error",
        "message": "something went wrong on our side; it has been logged",
    }


def test_a_new_tournament_s_game_system_is_chosen_among_the_installed_ones(
    sqlite_app: Flask,
) -> None:
    new_account(sqlite_app, "ieyasu", "organiser")
    organiser = signed_in_client(sqlite_app, "ieyasu")
    markup = page(organiser, "/tournaments/new")
    choices = re.search(r'<select name="game_system"[^>]*>(.*?)</select>', markup, re.DOTALL)
    assert choices, "the game system is a select"
    options = re.findall(r'<option value="([^"]+)"( selected)?>([^<]+)</option>', choices.group(1))
    installed = list(sqlite_app.extensions["shiai"].systems)
    assert options == [
        (system.id, " selected" if index == 0 else "", system.name)
        for index, system in enumerate(installed)
    ]
    assert [option[0] for option in options][:2] == ["kensei", "senjutsu"]
    assert options[-1] == ("dice-race", "", "Dice race")
    new = {"name": "Race day", "game_system": "dice-race", "rounds": "2"}
    tid = created_tournament(form(organiser, "/tournaments/new", new))
    assert sqlite_app.extensions["shiai"].tournaments.get(tid).game_system == "dice-race"


def test_the_demo_tournament_is_of_the_first_installed_system_with_its_factions(
    sqlite_app: Flask,
) -> None:
    result = sqlite_app.test_cli_runner().invoke(args=["seed-demo", "--games", "1"])
    assert result.exit_code == 0, result.output
    assert "kensei: 1 demo games recorded" in result.output
    assert "dice-race: 1 demo games recorded" in result.output
    found = re.search(
        r"demo tournament 'Demo Kensei Open' seeded: /tournaments/([0-9a-f-]{36})", result.output
    )
    assert found, result.output
    tournament = sqlite_app.extensions["shiai"].tournaments.get(UUID(found.group(1)))
    assert tournament.game_system == "kensei"
    factions = [player.faction for player in tournament.players.values()]
    assert factions == ["Kuge", "Sohei", "Buke", "Otokodate", "Otokodate", "Sohei", "Buke", "Kuge"]

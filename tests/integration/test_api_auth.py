"""Who may write through the JSON API, on SQLite and PostgreSQL: an API token or
the signed-in session (with its CSRF header) names the account; commands follow
the seat rules of the play page; tokens are created, listed and revoked by their
account, and only their hashes are stored."""

from __future__ import annotations

import hashlib
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from engine.kensei import RandomBot
from replays import registry
from shiai.schema import api_tokens
from tests.integration.test_play import csrf, new_game
from tests.support.web import form, new_account, new_token, signed_in_client, token_client

RACE = {"ruleset": "dice-race", "setup": {"target": 5, "max_rounds": 1}}


def post_command(client: FlaskClient, game_id: Any, cmd: dict[str, Any], **kw: Any) -> TestResponse:
    return client.post(f"/api/games/{game_id}/commands", json={"command": cmd}, **kw)


def started(client: FlaskClient, **fields: Any) -> str:
    response = client.post("/api/games", json={**RACE, **fields})
    assert response.status_code == 201, response.get_json()
    game_id: str = response.get_json()["id"]
    return game_id


def stored_steps(app: Flask, game_id: Any) -> int:
    return int(app.extensions["shiai"].records.summary(UUID(str(game_id))).last_step)


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def _invitation_game_at_the_commanders_orders(app: Flask) -> tuple[UUID, FlaskClient, str]:
    """An invitation game (host hideyoshi plays A, the invited ieyasu B) played by
    its seated players' bots up to the secret choice of the commander's orders;
    the game, the host's signed-in client and the guest's API token."""
    new_account(app, "hideyoshi")
    host = signed_in_client(app, "hideyoshi")
    game_id = new_game(host, opponent="invite", side="A")
    services = app.extensions["shiai"]
    token = services.play.seats(game_id)["B"].invitation
    new_account(app, "ieyasu")
    assert form(signed_in_client(app, "ieyasu"), f"/play/join/{token}").status_code == 303
    bots = {side: RandomBot(f"orders-{side}") for side in "AB"}
    for _ in range(200):
        game = services.records.current(game_id)
        prompt = services.records.summary(game_id).prompt
        assert prompt is not None
        if prompt["kind"] == "choose_commander_orders":
            return game_id, host, new_token(app, "ieyasu")
        side = prompt["sides"][0]  # the seated players' bots answer in turn
        command = bots[side].choose(registry.get("kensei"), game.state, side)
        services.records.submit_command(game_id, command, expected_step=game.step)
    raise AssertionError("no choice of commander's orders in the first 200 commands")


def test_the_secret_commanders_orders_choice_of_an_invited_side_is_its_players_alone(
    app: Flask,
) -> None:
    """The issue's case: anonymous (and any other) commands for the invited side of
    someone's game were recorded, a secret choice of commander's orders included."""
    game_id, host, guest_token = _invitation_game_at_the_commanders_orders(app)
    state = app.extensions["shiai"].records.current(game_id).state
    choice = RandomBot("guest").choose(registry.get("kensei"), state, "B")
    assert choice is not None
    assert choice["type"] == "choose_commander_orders"
    before = stored_steps(app, game_id)

    anonymous = post_command(app.test_client(), game_id, choice)
    assert anonymous.status_code == 401
    assert anonymous.get_json()["error"] == "not_signed_in"
    by_cookie = post_command(host, game_id, choice, headers={"X-CSRF-Token": csrf(host)})
    assert by_cookie.status_code == 403
    assert "you play side A in this game, not side B" in by_cookie.get_json()["message"]
    by_token = post_command(
        app.test_client(), game_id, choice, headers=bearer(new_token(app, "hideyoshi"))
    )
    assert by_token.status_code == 403
    new_account(app, "stranger")
    stranger = post_command(token_client(app, "stranger"), game_id, choice)
    assert stranger.status_code == 403
    assert stranger.get_json() == {"error": "forbidden", "message": "you do not play in this game"}
    assert stored_steps(app, game_id) == before, "nothing was recorded"

    # Its player may; the answer hides the deck's order, even from its owner.
    mine = post_command(app.test_client(), game_id, choice, headers=bearer(guest_token))
    assert mine.status_code == 201, mine.get_json()
    (entry,) = mine.get_json()["events"]
    assert entry["event"]["type"] == "commander_orders_chosen"
    assert entry["event"]["secret"] is None, "the deck's order is hidden from its owner too"
    assert entry["event"]["sealed"] == {"first": choice["first"], "chosen": sorted(choice["deck"])}
    assert entry["command"] == choice
    raw = app.extensions["shiai"].records.current(game_id).state["commander_orders"]
    assert raw["sides"]["B"]["deck"], "the true order is in the store"
    # Side A's player sees that B chose, not what.
    seen_by_a = host.get(f"/api/games/{game_id}/steps?view=A&since={before}").get_json()
    (other,) = seen_by_a["steps"]
    assert other["command"] == {"side": "B", "sealed": True}
    assert other["event"]["sealed"] is None
    assert other["event"]["secret"] is None


def test_the_host_of_an_invitation_game_cannot_move_the_invited_side(app: Flask) -> None:
    new_account(app, "hideyoshi")
    host = signed_in_client(app, "hideyoshi")
    game_id = new_game(host, opponent="invite", side="A")
    before = stored_steps(app, game_id)
    prompt = app.extensions["shiai"].records.summary(game_id).prompt
    command = {"type": "choose_active_side", "side": "B", "active": "B"}
    for headers in ({"X-CSRF-Token": csrf(host)}, bearer(new_token(app, "hideyoshi"))):
        response = post_command(host, game_id, command, headers=headers)
        assert response.status_code == 403, (prompt, response.get_json())
    assert stored_steps(app, game_id) == before


def test_a_token_owner_starts_a_game_and_plays_both_sides_through_the_api(app: Flask) -> None:
    new_account(app, "script-owner")
    script = token_client(app, "script-owner")
    game_id = started(script)
    assert script.get(f"/api/games/{game_id}/head").get_json()["you_play"] == ["A", "B"]
    for _ in range(10):
        game = script.get(f"/api/games/{game_id}").get_json()
        if game["prompt"] is None:
            break
        side = game["prompt"]["sides"][0]
        kind = game["prompt"]["kind"]
        cmd = (
            {"type": "bid", "side": side, "dice": 1}
            if kind == "bid"
            else {"type": "accept", "side": side}
        )
        response = post_command(script, game_id, cmd)
        assert response.status_code == 201, response.get_json()
    assert script.get(f"/api/games/{game_id}").get_json()["status"] == "ended"


def test_a_game_nobody_is_seated_at_takes_no_commands(app: Flask) -> None:
    """A simulation's game, or one stored before seats existed."""
    records = app.extensions["shiai"].records
    game_id = records.start_game("dice-race", RACE["setup"], title="simulated")
    new_account(app, "script-owner")
    response = post_command(
        token_client(app, "script-owner"), game_id, {"type": "bid", "side": "A", "dice": 1}
    )
    assert response.status_code == 403
    assert "nobody is seated at this game" in response.get_json()["message"]
    assert stored_steps(app, game_id) == 0


def test_a_seated_game_linked_to_a_pairing_is_still_played_by_its_seats_alone(
    app: Flask,
) -> None:
    """An organiser may link any recorded game to a table; the pairing's players
    then answer for an unseated game, never for pieces other accounts are seated at."""
    play = app.extensions["shiai"].play
    new_account(app, "owner")
    owner = token_client(app, "owner")
    game_id = UUID(started(owner))
    paired_id = new_account(app, "paired")
    unseated = app.extensions["shiai"].records.start_game("dice-race", RACE["setup"])
    # As if both games were linked to a pairing where "paired" plays side A.
    play.pairing_side = lambda _game, account: "A" if account == paired_id else None
    assert play.sides_of(game_id, paired_id) == ()
    assert play.sides_of(unseated, paired_id) == ("A",)
    response = post_command(
        token_client(app, "paired"), game_id, {"type": "bid", "side": "A", "dice": 1}
    )
    assert response.status_code == 403
    assert stored_steps(app, game_id) == 0


def test_a_cookie_write_needs_the_csrf_header_and_a_token_does_not(app: Flask) -> None:
    new_account(app, "kenshin")
    browser = signed_in_client(app, "kenshin")
    refused = browser.post("/api/games", json=RACE)
    assert refused.status_code == 400
    assert "X-CSRF-Token" in refused.get_json()["message"]
    forged = browser.post("/api/games", json=RACE, headers={"X-CSRF-Token": "forged"})
    assert forged.status_code == 400
    # The form field is a form's: a JSON write sends the header.
    assert browser.post("/api/games", data={**RACE, "csrf_token": csrf(browser)}).status_code == 400
    assert app.test_client().get("/api/games").get_json()["total"] == 0
    response = browser.post("/api/games", json=RACE, headers={"X-CSRF-Token": csrf(browser)})
    assert response.status_code == 201
    game_id = response.get_json()["id"]
    assert browser.get(f"/api/games/{game_id}/head").get_json()["you_play"] == ["A", "B"]
    # A token needs no CSRF header, and it is the token's account, whatever the cookie.
    new_account(app, "shingen")
    as_shingen = bearer(new_token(app, "shingen"))
    response = post_command(
        browser, game_id, {"type": "bid", "side": "A", "dice": 1}, headers=as_shingen
    )
    assert response.status_code == 403
    assert response.get_json()["message"] == "you do not play in this game"


def test_an_unknown_or_revoked_token_is_refused_even_beside_a_signed_in_cookie(app: Flask) -> None:
    new_account(app, "kenshin")
    browser = signed_in_client(app, "kenshin")
    headers = {"X-CSRF-Token": csrf(browser)}
    for authorization in (
        "Bearer shiai_not-a-token",
        "Bearer ",
        "Basic a2Vuc2hpbjpw",
        "Bearer x" * 200,
    ):
        response = browser.post(
            "/api/games", json=RACE, headers={**headers, "Authorization": authorization}
        )
        assert response.status_code == 401, authorization
        assert "unknown, malformed or revoked" in response.get_json()["message"]
    assert app.test_client().get("/api/games").get_json()["total"] == 0


def test_tokens_are_created_listed_and_revoked_on_the_account_page(app: Flask) -> None:
    new_account(app, "masamune")
    browser = signed_in_client(app, "masamune")
    assert 'href="/account/tokens"' in browser.get("/games").get_data(as_text=True)
    assert app.test_client().get("/account/tokens").status_code == 302  # sign in first
    created = form(browser, "/account/tokens", {"name": "scoring script"})
    assert created.status_code == 201
    assert created.headers["Cache-Control"] == "no-store"
    markup = created.get_data(as_text=True)
    secret = markup.split('<code id="new-token">')[1].split("</code>")[0]
    assert secret.startswith("shiai_")
    assert form(browser, "/account/tokens", {"name": ""}).status_code == 400

    # Only its hash is stored; the list never shows the secret again.
    with app.extensions["shiai"].db_engine.connect() as conn:
        (row,) = conn.execute(select(api_tokens)).all()
    assert row.token_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(tuple(row))
    assert row.last_used_at is None
    listed = browser.get("/account/tokens").get_data(as_text=True)
    assert "scoring script" in listed
    assert secret not in listed

    script = app.test_client()
    assert script.post("/api/games", json=RACE, headers=bearer(secret)).status_code == 201
    (token,) = app.extensions["shiai"].accounts.tokens(row.account_id.__str__())
    assert token.last_used_at is not None

    # Another account cannot revoke it; its owner can, and then it opens nothing.
    new_account(app, "yukimura")
    other = signed_in_client(app, "yukimura")
    assert form(other, f"/account/tokens/{token.id}/revoke").status_code == 404
    assert script.post("/api/games", json=RACE, headers=bearer(secret)).status_code == 201
    assert form(browser, f"/account/tokens/{token.id}/revoke").status_code == 303
    refused = script.post("/api/games", json=RACE, headers=bearer(secret))
    assert refused.status_code == 401
    assert "revoked" in refused.get_json()["message"]
    assert "revoked" in browser.get("/account/tokens").get_data(as_text=True)
    assert app.test_client().get("/api/games").get_json()["total"] == 2


def test_the_cli_creates_a_token_shown_once(app: Flask) -> None:
    new_account(app, "nobunaga")
    result = app.test_cli_runner().invoke(
        args=["create-token", "--username", "nobunaga", "--name", "ci"]
    )
    assert result.exit_code == 0, result.output
    secret = result.output.strip().splitlines()[-1]
    assert (
        app.test_client().post("/api/games", json=RACE, headers=bearer(secret)).status_code == 201
    )
    unknown = app.test_cli_runner().invoke(
        args=["create-token", "--username", "nobody", "--name", "ci"]
    )
    assert unknown.exit_code != 0
    assert "there is no account 'nobody'" in unknown.output


def test_an_imported_running_game_is_the_importers_to_play_on(app: Flask) -> None:
    new_account(app, "recorder")
    new_account(app, "importer")
    owner, importer = token_client(app, "recorder"), token_client(app, "importer")
    game_id = started(owner, dice_mode="entered")
    assert post_command(owner, game_id, {"type": "bid", "side": "A", "dice": 1}).status_code == 201
    record = owner.get(f"/api/games/{game_id}/record").get_json()
    # A running record carries no sealed answers: import its start only.
    record = {**record, "game_id": "6a1f0c9e-3a53-4a6e-9c1e-2f9d1f6b7c10", "commands": []}
    response = importer.post("/api/records", json=record)
    assert response.status_code == 201, response.get_json()
    copy_id = response.get_json()["id"]
    assert importer.get(f"/api/games/{copy_id}/head").get_json()["you_play"] == ["A", "B"]
    bid = {"type": "bid", "side": "A", "dice": 2}
    assert post_command(owner, copy_id, bid).status_code == 403
    answered = importer.post(f"/api/games/{copy_id}/commands", json={"command": bid, "dice": []})
    assert answered.status_code == 201, answered.get_json()

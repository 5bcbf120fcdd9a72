"""Whose view a replay shows: the spectator's by default, a side's own only for
that side's player while the game runs, everything once it has ended; and the
JSON step endpoint the viewer's scripts navigate with."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.integration.test_pages import bid, finished_game, page, replay_data, start, text_of
from tests.support.web import new_account, signed_in_client

ORG = "organiser-account"


def _race_with_a_sealed_bid(client: FlaskClient) -> str:
    game_id = start(client, "sealed", dice_mode="entered")
    bid(client, game_id, "A", 3)
    return game_id


def _recorded_elsewhere_with_a_sealed_bid(app: Flask) -> str:
    """A game nobody is seated at (recorded at the table, or elsewhere): the players
    of the pairing it is linked to play it."""
    records = app.extensions["shiai"].records
    game_id = records.start_game("dice-race", {"target": 5, "max_rounds": 1}, dice_mode="entered")
    records.submit_command(game_id, {"type": "bid", "side": "A", "dice": 3}, dice=[])
    return str(game_id)


def _linked_to_a_pairing(app: Flask, game_id: str, player_a: str, player_b: str) -> None:
    """A two-player tournament whose table 1 is played as ``game_id`` (side A = player a)."""
    services = app.extensions["shiai"]
    tournaments = services.tournaments
    tid = tournaments.create(ORG, name="Viewing cup", game_system="dice-race", rounds=1, seed="v")
    for name, account in (("Aki", player_a), ("Ben", player_b)):
        entry = tournaments.register(tid, ORG, name=name, account_id=account)
        tournaments.check_in(tid, ORG, entry)
    tournaments.pair_next_round(tid, ORG)
    tournaments.publish(tid, ORG, 1)
    table = tournaments.get(tid).table(1, 1)
    players = tournaments.get(tid).players
    side_a = "A" if players[table.a].account_id == player_a else "B"
    services.game_results.link(tid, ORG, number=1, table=1, game_id=UUID(game_id), side_a=side_a)


def test_a_spectator_sees_a_running_game_with_sealed_bids_hidden(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    game_id = _race_with_a_sealed_bid(client)
    data = replay_data(page(client, f"/games/{game_id}"))
    assert data["view"] == "spectator"
    assert data["shown"]["state"]["bids"] == {"A": "sealed"}
    assert data["steps"][0]["event"]["sealed"] is None
    state = client.get(f"/api/games/{game_id}/steps/1").get_json()["state"]
    assert state["bids"] == {"A": "sealed"}
    assert client.get(f"/api/games/{game_id}/steps/1").headers["Cache-Control"] == (
        "private, no-cache"
    )


def test_a_sides_view_of_a_running_game_is_refused_to_anyone_but_its_player(
    sqlite_app: Flask,
) -> None:
    client = sqlite_app.test_client()
    game_id = _race_with_a_sealed_bid(client)
    response = client.get(f"/games/{game_id}?view=A")
    assert response.status_code == 403
    assert "only for the player of side A" in text_of(response.get_data(as_text=True))
    api = client.get(f"/api/games/{game_id}/steps/1?view=A")
    assert api.status_code == 403
    assert api.get_json()["error"] == "forbidden"
    assert client.get(f"/api/games/{game_id}/steps?view=A").status_code == 403
    markup = page(client, f"/games/{game_id}")
    assert "only for the player signed in as that side" in text_of(markup)


def test_a_linked_player_sees_their_own_sealed_bid_and_not_the_other_side(
    sqlite_app: Flask,
) -> None:
    aki, ben = new_account(sqlite_app, "aki"), new_account(sqlite_app, "ben")
    client = signed_in_client(sqlite_app, "aki")
    game_id = _recorded_elsewhere_with_a_sealed_bid(sqlite_app)
    _linked_to_a_pairing(sqlite_app, game_id, aki, ben)

    data = replay_data(page(client, f"/games/{game_id}?view=A"))
    assert data["view"] == "A"
    assert data["shown"]["state"]["bids"] == {"A": 3}, "side A's player sees A's bid"
    assert data["steps"][0]["event"]["sealed"] == {"dice": 3}
    assert client.get(f"/api/games/{game_id}/steps/1?view=A").get_json()["state"]["bids"] == {
        "A": 3
    }
    assert "You play side A" in text_of(page(client, f"/games/{game_id}"))
    assert client.get(f"/games/{game_id}?view=B").status_code == 403

    other = signed_in_client(sqlite_app, "ben")
    assert other.get(f"/games/{game_id}?view=A").status_code == 403
    shown = other.get(f"/api/games/{game_id}/steps/1?view=B").get_json()["state"]
    assert shown["bids"] == {"A": "sealed"}, "side B's player does not see A's bid"


def test_every_view_of_an_ended_game_shows_everything(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    game_id = finished_game(client)
    for view in ("spectator", "A", "B"):
        data = replay_data(page(client, f"/games/{game_id}?step=1&view={view}"))
        assert data["view"] == view
        assert data["shown"]["state"]["bids"] == {"A": 2}
    first = client.get(f"/api/games/{game_id}/steps/1?view=B")
    again = client.get(f"/api/games/{game_id}/steps/1")
    assert first.status_code == again.status_code == 200
    assert first.data == again.data, "an ended game's step is served as encoded once"
    assert again.headers["Cache-Control"] == "public, max-age=3600"
    assert again.get_json()["state"]["bids"] == {"A": 2}


def test_bad_viewer_parameters_get_a_clear_400(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    game_id = finished_game(client)
    cases = {
        f"/games/{game_id}?view=C": "view must be one of spectator, A, B, not 'C'",
        f"/games/{game_id}?play=yes": "play must be 0 or 1, not 'yes'",
        f"/games/{game_id}?speed=3": "speed must be one of 1, 2, 4, 8 steps per second, not '3'",
    }
    for path, message in cases.items():
        response = client.get(path)
        assert response.status_code == 400, path
        assert message in text_of(response.get_data(as_text=True))
    api = client.get(f"/api/games/{game_id}/steps/1?view=C")
    assert api.status_code == 400
    assert api.get_json()["message"] == "view must be one of spectator, A, B, not 'C'"
    assert client.get(f"/api/games/{game_id}/steps/99").status_code == 404


def test_the_share_link_and_the_record_download_are_on_the_page(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    game_id = finished_game(client)
    markup = page(client, f"/games/{game_id}?speed=4")
    assert f"/games/{game_id}?step=0&amp;play=1&amp;speed=4" in markup
    assert f'href="/api/games/{game_id}/record" download' in markup
    assert 'type="module"' in markup
    assert "http://" not in markup.replace("http://localhost/", ""), "nothing from elsewhere"


def test_a_running_games_steps_are_kept_per_view_and_follow_the_head(
    sqlite_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A running game's step is computed once per (step, view): a side's sealed
    bid stays in that side's view; the answer's head (last step, game over)
    is read at each request; once the game ends every view shows everything."""
    records = sqlite_app.extensions["shiai"].records
    computed: list[tuple[int, str | None]] = []
    real_state_at = records.state_at

    def counted(game_id: UUID, step: int, viewer: str | None = None) -> Any:
        computed.append((step, viewer))
        return real_state_at(game_id, step, viewer)

    monkeypatch.setattr(records, "state_at", counted)
    aki, ben = new_account(sqlite_app, "aki"), new_account(sqlite_app, "ben")
    client = signed_in_client(sqlite_app, "aki")
    game_id = _recorded_elsewhere_with_a_sealed_bid(sqlite_app)
    _linked_to_a_pairing(sqlite_app, game_id, aki, ben)

    def expected(step: int, viewer: str | None) -> dict[str, Any]:
        shown = real_state_at(UUID(game_id), step, viewer)
        return {
            "game_id": game_id,
            "step": step,
            "last_step": shown.last_step,
            "state": shown.state,
            "hash": shown.hash,
            "prompt": shown.prompt,
            "game_over": shown.game_over,
        }

    spectator = client.get(f"/api/games/{game_id}/steps/1")
    own = client.get(f"/api/games/{game_id}/steps/1?view=A")
    assert spectator.get_json() == expected(1, None)
    assert spectator.get_json()["state"]["bids"] == {"A": "sealed"}
    assert own.get_json() == expected(1, "A")
    assert own.get_json()["state"]["bids"] == {"A": 3}
    assert (
        spectator.headers["Cache-Control"] == own.headers["Cache-Control"] == ("private, no-cache")
    )
    assert computed == [(1, None), (1, "A")]
    # Asked again: served from what was kept, per view.
    assert client.get(f"/api/games/{game_id}/steps/1").data == spectator.data
    assert client.get(f"/api/games/{game_id}/steps/1?view=A").data == own.data
    assert computed == [(1, None), (1, "A")]

    # B bids; A's roll shows a 1: A is asked about its bust, the game runs on.
    b_bids = {"type": "bid", "side": "B", "dice": 1}
    records.submit_command(UUID(game_id), b_bids, dice=[1, 2, 3, 4])
    again = client.get(f"/api/games/{game_id}/steps/1").get_json()
    assert again == expected(1, None)
    assert again["last_step"] > 1, "the head is read at each request"
    assert computed == [(1, None), (1, "A")]
    last = records.summary(UUID(game_id)).last_step
    newest = client.get(f"/api/games/{game_id}/steps/{last}").get_json()
    assert newest == expected(last, None)
    assert newest["prompt"]["sides"] == ["A"]
    assert client.get(f"/api/games/{game_id}/steps/{last + 1}").status_code == 404

    # A accepts its bust: the race (one round) ends, and every view of step 1
    # shows everything, kept for good.
    records.submit_command(UUID(game_id), {"type": "accept", "side": "A"})
    for view in ("", "?view=A", "?view=B"):
        ended = client.get(f"/api/games/{game_id}/steps/1{view}")
        assert ended.get_json() == expected(1, None)
        assert ended.get_json()["game_over"] is True
        assert ended.get_json()["state"]["bids"] == {"A": 3}, "no longer sealed"
        assert ended.headers["Cache-Control"] == "public, max-age=3600"
    ended_newest = client.get(f"/api/games/{game_id}/steps/{last}").get_json()
    assert ended_newest["game_over"] is True
    assert ended_newest["last_step"] > last


def test_a_pairings_players_answer_for_their_sides_through_play_mode(sqlite_app: Flask) -> None:
    """A game started through the API (no seats) and linked to a pairing: each
    of the pairing's players answers for their own side through /play, and
    for no other; the page and the head say which side they play."""
    aki, ben = new_account(sqlite_app, "aki"), new_account(sqlite_app, "ben")
    new_account(sqlite_app, "cho")
    records = sqlite_app.extensions["shiai"].records
    game_id = str(records.start_game("dice-race", {"target": 5, "max_rounds": 1}, title="linked"))
    _linked_to_a_pairing(sqlite_app, game_id, aki, ben)
    clients = {name: signed_in_client(sqlite_app, name) for name in ("aki", "ben", "cho")}

    def answer(name: str, side: str, step: int) -> Any:
        client = clients[name]
        with client.session_transaction() as session:
            token = session.setdefault("csrf_token", "t" * 22)
        body = {"command": {"type": "bid", "side": side, "dice": 2}, "expected_step": step}
        return client.post(
            f"/play/games/{game_id}/commands", json=body, headers={"X-CSRF-Token": token}
        )

    assert clients["aki"].get(f"/api/games/{game_id}/head").get_json()["you_play"] == ["A"]
    assert clients["cho"].get(f"/api/games/{game_id}/head").get_json()["you_play"] == []
    live = replay_data(page(clients["aki"], f"/games/{game_id}"))["live"]
    assert live["you_play"] == ["A"]
    assert live["players"] == {"A": "Aki (you)", "B": "Ben"}
    assert live["csrf"]

    refused = answer("aki", "B", 0)
    assert refused.status_code == 403
    assert "you play side A in this game, not side B" in refused.get_json()["message"]
    assert answer("cho", "A", 0).status_code == 403
    assert answer("aki", "A", 0).status_code == 201
    assert answer("ben", "B", 1).status_code == 201
    proposal = clients["ben"].get(f"/play/games/{game_id}/proposal?side=B")
    assert proposal.status_code == 200

"""The players' pages of an event day, through the web: the check-in page and its
window, the player's page for each state of their round, disputes, dropping out.
Who may: a player acts on their own game only; a refused change answers 403 (or
sign in, for anonymous visitors) or 422 and leaves the tournament as it was."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from shiai import create_app
from shiai.migrations import upgrade
from shiai.tournaments.application import Tournaments
from shiai.tournaments.model import Result
from tests.conftest import platform_config
from tests.support.web import form, new_account, signed_in_client

DASH = "\N{EN DASH}"  # between victory points, as the pages print them
ROLES = ("anonymous", "player", "opponent", "third", "stranger", "organiser")


@dataclass
class Hall:
    app: Flask
    clients: dict[str, FlaskClient]
    ids: dict[str, str]
    tournaments: Tournaments

    def event(self, *, rounds: int = 3) -> UUID:
        """Player (p1), opponent (p2), third (p3) and an account-less fourth (p4), registered."""
        org = self.ids["organiser"]
        tid = self.tournaments.create(org, name="Hall cup", game_system="kensei", rounds=rounds)
        for role in ("player", "opponent", "third"):
            self.tournaments.register(
                tid, org, name=role.title(), club="Edo", faction="buke", account_id=self.ids[role]
            )
        self.tournaments.register(tid, org, name="Fourth")
        return tid

    def paired(self, *, rounds: int = 3, published: bool = True) -> UUID:
        """Round 1: player v opponent at table 1, third v fourth at table 2."""
        tid = self.event(rounds=rounds)
        org = self.ids["organiser"]
        self.tournaments.check_in(tid, org, "p4")
        self.tournaments.open_check_in(tid, org)
        for role in ("player", "opponent", "third"):
            self.tournaments.check_in_themself(tid, self.ids[role])
        self.tournaments.pair_next_round(tid, org)
        self.tournaments.edit_pairings(
            tid, org, 1, [(1, "p1", "p2"), (2, "p3", "p4")], [], accept_warnings=True
        )
        if published:
            self.tournaments.publish(tid, org, 1)
        return tid

    def attempt(self, role: str, url: str, data: dict[str, object], tid: UUID) -> tuple[int, int]:
        before = self.tournaments.get(tid).version
        response = form(self.clients[role], url, data)
        if response.status_code == 302:
            assert "/sign-in" in response.headers["Location"]
        return response.status_code, self.tournaments.get(tid).version - before

    def page(self, role: str, url: str) -> str:
        response = self.clients[role].get(url)
        assert response.status_code == 200, (role, url, response.status_code)
        return response.get_data(as_text=True)


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('hall')) / 'hall.db'}"
    upgrade(url)
    app = create_app(platform_config(url))
    ids = {role: new_account(app, role) for role in ROLES[1:-1]}
    ids["organiser"] = new_account(app, "organiser", role="organiser")
    clients = {"anonymous": app.test_client()}
    clients.update({role: signed_in_client(app, role) for role in ids})
    yield Hall(app, clients, ids, app.extensions["shiai"].tournaments)
    app.extensions["shiai"].close()


def test_only_organisers_open_and_close_check_in(hall: Hall) -> None:
    tid = hall.event()
    expected = dict.fromkeys(ROLES, 403) | {"anonymous": 302}
    for name in ("open-check-in", "close-check-in"):
        url = f"/tournaments/{tid}/actions/{name}"
        for role in ROLES[:-1]:
            assert hall.attempt(role, url, {}, tid) == (expected[role], 0), (name, role)
        assert hall.attempt("organiser", url, {}, tid) == (303, 1), name
        # Twice in a row is refused with the reason, on the console.
        response = form(hall.clients["organiser"], url, {})
        assert response.status_code == 422
        assert "check-in is" in response.get_data(as_text=True)


def test_the_check_in_page_says_what_each_visitor_can_do(hall: Hall) -> None:
    tid = hall.event()
    url = f"/tournaments/{tid}/check-in"
    anonymous = hall.page("anonymous", url)
    assert "Sign in to check in" in anonymous
    assert f"/sign-in?next=/tournaments/{tid}/check-in" in anonymous
    assert f'href="/tournaments/{tid}/register"' in hall.page("stranger", url)
    assert "Check-in is not open yet" in hall.page("player", url)
    assert hall.attempt("player", url, {}, tid) == (422, 0)

    hall.tournaments.open_check_in(tid, hall.ids["organiser"])
    assert 'type="submit" class="big">Check in' in hall.page("player", url)
    assert hall.attempt("anonymous", url, {}, tid) == (302, 0)
    assert hall.attempt("stranger", url, {}, tid) == (403, 0)
    assert hall.attempt("organiser", url, {}, tid) == (403, 0)  # not a player of it
    response = form(hall.clients["player"], url)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/tournaments/{tid}/me")
    assert "You are checked in" in hall.page("player", url)
    assert hall.attempt("player", url, {}, tid) == (422, 0)

    console = hall.page("organiser", f"/tournaments/{tid}/console")
    assert "<strong>1</strong> of <strong>4</strong> registered players checked in" in console
    assert 'class="qr"><title>QR code of' in console
    assert f"/tournaments/{tid}/check-in" in console
    assert "Close check-in" in console


def test_the_player_page_follows_the_round(hall: Hall) -> None:
    tid = hall.paired(published=False)
    me = f"/tournaments/{tid}/me"
    assert "Round 1 is being paired" in hall.page("player", me)
    hall.tournaments.publish(tid, hall.ids["organiser"], 1)
    page = hall.page("player", me)
    assert "Table <strong>1</strong>" in page
    assert "against <strong>Opponent</strong>" in page
    assert "Edo · Buke" in page  # the opponent's club and faction (from the catalogue)
    assert 'inputmode="numeric"' in page
    assert "I won" in page
    assert f'data-live-url="/tournaments/{tid}/version.json"' in page

    report = f"/tournaments/{tid}/report"
    data = {"round": 1, "table": 1, "winner": "a", "a_vp": "12", "b_vp": "3"}
    assert hall.attempt("player", report, data, tid) == (303, 1)
    assert "Waiting for Opponent to confirm" in hall.page("player", me)
    opponent = hall.page("opponent", me)
    assert f"Player reported: you lost 3{DASH}12" in opponent
    assert ">Confirm</button>" in opponent
    assert "Dispute the result" in opponent
    assert hall.attempt("opponent", report, {"round": 1, "table": 1, "confirm": "1"}, tid) == (
        303,
        1,
    )
    assert f"Result: you won 12{DASH}3" in hall.page("player", me)
    assert "Rank" in hall.page("player", me)


def test_a_bye_shows_as_a_bye(hall: Hall) -> None:
    tid = hall.event()
    org = hall.ids["organiser"]
    hall.tournaments.open_check_in(tid, org)
    for role in ("player", "opponent", "third"):
        hall.tournaments.check_in_themself(tid, hall.ids[role])
    hall.tournaments.pair_next_round(tid, org)
    hall.tournaments.edit_pairings(tid, org, 1, [(1, "p2", "p3")], ["p1"], accept_warnings=True)
    hall.tournaments.publish(tid, org, 1)
    page = hall.page("player", f"/tournaments/{tid}/me")
    assert '<p class="table-number">Bye</p>' in page
    assert "no game to play" in page


def test_only_the_opponent_of_the_reporter_disputes_and_an_organiser_settles(hall: Hall) -> None:
    tid = hall.paired()
    hall.tournaments.report(tid, hall.ids["player"], 1, 1, Result.a_wins(12, 3))
    url = f"/tournaments/{tid}/report"
    data = {"round": 1, "table": 1, "dispute": "1", "reason": "I won that game"}
    expected = {
        "anonymous": 302,
        "player": 422,  # the reporter replaces their report instead
        "third": 403,
        "stranger": 403,
        "organiser": 403,
    }
    for role, status in expected.items():
        assert hall.attempt(role, url, data, tid) == (status, 0), role
    too_long = {**data, "reason": "x" * 501}
    assert hall.attempt("opponent", url, too_long, tid) == (422, 0)
    assert hall.attempt("opponent", url, {**data, "reason": ""}, tid) == (422, 0)
    assert hall.attempt("opponent", url, data, tid) == (303, 1)

    assert "An organiser will settle this" in hall.page("player", f"/tournaments/{tid}/me")
    console = hall.page("organiser", f"/tournaments/{tid}/console")
    assert "Disputed results (1)" in console
    assert "I won that game" in console
    # Neither player moves it on; the organiser's result settles it.
    confirm = {"round": 1, "table": 1, "confirm": "1"}
    assert hall.attempt("opponent", url, confirm, tid) == (422, 0)
    settle = {"round": 1, "table": 1, "winner": "b", "a_vp": "3", "b_vp": "12"}
    assert hall.attempt("organiser", f"/tournaments/{tid}/actions/result", settle, tid) == (303, 1)
    assert "Disputed results" not in hall.page("organiser", f"/tournaments/{tid}/console")
    assert f"Result: you won 12{DASH}3" in hall.page("opponent", f"/tournaments/{tid}/me")


def test_players_drop_themselves_out_once_their_game_is_in(hall: Hall) -> None:
    tid = hall.paired()
    url = f"/tournaments/{tid}/drop-me"
    for role, status in {"anonymous": 302, "stranger": 403, "organiser": 403}.items():
        assert hall.attempt(role, url, {}, tid) == (status, 0), role
    response = form(hall.clients["player"], url)
    assert response.status_code == 422
    assert "report your game at table 1 first" in response.get_data(as_text=True)
    assert "To drop out, report your game" in hall.page("player", f"/tournaments/{tid}/me")

    hall.tournaments.report(tid, hall.ids["player"], 1, 1, Result.b_wins(1, 9))
    assert hall.attempt("player", url, {}, tid) == (303, 1)
    assert hall.tournaments.get(tid).players["p1"].dropped_after_round == 1
    assert "You dropped out after round 1" in hall.page("player", f"/tournaments/{tid}/check-in")
    assert hall.attempt("player", url, {}, tid) == (422, 0)


def test_a_dispute_reason_is_shown_as_text_never_as_markup(hall: Hall) -> None:
    tid = hall.paired()
    hall.tournaments.report(tid, hall.ids["player"], 1, 1, Result.a_wins(12, 3))
    reason = '<script>alert("x")</script> & "quotes"'
    data = {"round": 1, "table": 1, "dispute": "1", "reason": reason}
    assert hall.attempt("opponent", f"/tournaments/{tid}/report", data, tid) == (303, 1)
    escaped = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#34;quotes&#34;"
    for role, page in (("organiser", "console"), ("player", "me"), ("opponent", "me")):
        html = hall.page(role, f"/tournaments/{tid}/{page}")
        assert escaped in html, role
        assert "<script>alert" not in html, role
    nul = {**data, "reason": "a\x00b"}
    tid = hall.paired()
    hall.tournaments.report(tid, hall.ids["player"], 1, 1, Result.a_wins(12, 3))
    status, changes = hall.attempt("opponent", f"/tournaments/{tid}/report", nul, tid)
    assert (status in (400, 422), changes) == (True, 0)  # the site or the aggregate refuses it

"""The hall's pages through the web layer: every console action comes back to the
section it was sent from, a swap that breaks a rule comes back with the checker's
warnings and an accept form, the pair button is not offered while a round is a
draft, the status board counts the tables, the timer's forms work, and the
projector stands alone with its QR code and its screens."""

from __future__ import annotations

import re
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from shiai.tournaments.model import Result
from tests.support.web import form, new_account, signed_in_client


@pytest.fixture
def hall(sqlite_app: Flask) -> tuple[Flask, FlaskClient, UUID, str]:
    organiser = new_account(sqlite_app, "bugyo", role="organiser")
    tournaments = sqlite_app.extensions["shiai"].tournaments
    tid = tournaments.create(organiser, name="Hall cup", game_system="kensei", rounds=3)
    for number in range(1, 7):
        player = tournaments.register(
            tid, organiser, name=f"Samurai {number}", fixed_table=3 if number == 6 else None
        )
        tournaments.check_in(tid, organiser, player)
    return sqlite_app, signed_in_client(sqlite_app, "bugyo"), tid, organiser


def test_console_actions_come_back_to_the_section_they_were_sent_from(
    hall: tuple[Flask, FlaskClient, UUID, str],
) -> None:
    _, organiser, tid, _ = hall
    act = f"/tournaments/{tid}/actions"
    console = f"/tournaments/{tid}/console"
    response = form(organiser, f"{act}/pair", {"anchor": "round-1"})
    assert response.headers["Location"].endswith(f"{console}#round-1")
    response = form(organiser, f"{act}/publish", {"round": 1, "anchor": "round-1"})
    assert response.headers["Location"].endswith("#round-1")
    response = form(organiser, f"{act}/timer-start", {"minutes": 150, "anchor": "timer"})
    assert response.headers["Location"].endswith("#timer")
    result = {"round": 1, "table": 2, "winner": "a", "a_vp": 9, "b_vp": 2, "anchor": "table-2"}
    response = form(organiser, f"{act}/result", result)
    assert response.headers["Location"].endswith("#table-2")
    # An anchor that is no section's name is ignored, never echoed into the redirect.
    response = form(organiser, f"{act}/timer-extend", {"minutes": 5, "anchor": "x/../evil"})
    assert response.headers["Location"].endswith(console)


def test_no_pair_button_while_the_round_is_a_draft_and_the_refusal_says_why(
    hall: tuple[Flask, FlaskClient, UUID, str],
) -> None:
    _, organiser, tid, _ = hall
    act = f"/tournaments/{tid}/actions"
    assert ">Pair round 1<" in organiser.get(f"/tournaments/{tid}/console").text
    form(organiser, f"{act}/pair")
    page = organiser.get(f"/tournaments/{tid}/console").text
    assert ">Pair round 2<" not in page
    assert "Round 2 cannot be paired yet: round 1 is a draft" in page
    response = form(organiser, f"{act}/pair")
    assert response.status_code == 422
    assert "round 1 is a draft: publish round 1 (or delete it)" in response.text


def test_a_swap_making_a_rematch_shows_the_warning_and_saves_only_when_accepted(
    hall: tuple[Flask, FlaskClient, UUID, str],
) -> None:
    app, organiser, tid, author = hall
    tournaments = app.extensions["shiai"].tournaments
    tournaments.pair_next_round(tid, author)
    tournaments.publish(tid, author, 1)
    for table in tournaments.get(tid).round(1).tables:
        tournaments.record_result(tid, author, 1, table.table, Result.a_wins(5, 1))
    met = tournaments.get(tid).round(1).tables[0]
    tournaments.pair_next_round(tid, author)
    draft = tournaments.get(tid).round(2).tables
    opponent = next(t.b if t.a == met.a else t.a for t in draft if met.a in (t.a, t.b))
    swap = {"round": 2, "first": opponent, "second": met.b}
    url = f"/tournaments/{tid}/pairings/swap-players"
    response = form(organiser, url, swap)
    assert response.status_code == 422
    names = [tournaments.get(tid).players[p].name for p in (met.a, met.b)]
    met_again = rf"({names[0]} and {names[1]}|{names[1]} and {names[0]}) have already met"
    assert re.search(met_again, response.text)
    assert "Accept and save" in response.text
    assert '<input type="hidden" name="accept_warnings" value="1">' in response.text
    assert tournaments.get(tid).round(2).tables == draft
    response = form(organiser, url, {**swap, "accept_warnings": "1"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith("#round-2")
    page = organiser.get(f"/tournaments/{tid}/console").text
    assert "The checker warns about this pairing" in page
    assert "have already met" in page


def test_moves_and_swaps_refuse_bad_input_with_a_4xx_and_change_nothing(
    hall: tuple[Flask, FlaskClient, UUID, str],
) -> None:
    app, organiser, tid, author = hall
    tournaments = app.extensions["shiai"].tournaments
    tournaments.pair_next_round(tid, author)
    before = tournaments.get(tid).version
    base = f"/tournaments/{tid}/pairings"
    for url, data in [
        (f"{base}/move-table", {"round": 1, "table": 1, "to_table": "x"}),
        (f"{base}/move-table", {"round": 1, "table": 9, "to_table": 2}),
        (f"{base}/move-table", {"round": "²", "table": 1, "to_table": 2}),
        (f"{base}/swap-players", {"round": 1, "first": "p1", "second": "p1"}),
        (f"{base}/swap-players", {"round": 1, "first": "p1" * 100, "second": "p2"}),
    ]:
        response = form(organiser, url, data)
        assert 400 <= response.status_code < 500, (data, response.status_code)
    assert form(organiser, f"{base}/shuffle", {"round": 1}).status_code == 404
    assert tournaments.get(tid).version == before
    stranger = new_account(app, "ronin")
    assert stranger
    response = form(signed_in_client(app, "ronin"), f"{base}/swap-players", {"round": 1})
    assert response.status_code == 403


def test_the_status_board_counts_missing_reported_and_confirmed_tables(
    hall: tuple[Flask, FlaskClient, UUID, str],
) -> None:
    app, organiser, tid, author = hall
    tournaments = app.extensions["shiai"].tournaments
    tournaments.pair_next_round(tid, author)
    tournaments.publish(tid, author, 1)
    tables = tournaments.get(tid).round(1).tables
    tournaments.record_result(tid, author, 1, tables[0].table, Result.a_wins(5, 1))
    page = organiser.get(f"/tournaments/{tid}/console").text

    def count(kind: str) -> int:
        found = re.search(rf'data-board="{kind}"><span class="count">(\d+)</span>', page)
        assert found, kind
        return int(found.group(1))

    assert (count("missing"), count("reported"), count("disputed"), count("confirmed")) == (
        2,
        0,
        0,
        1,
    )
    assert "1 of 3</strong> results in" in page


def test_the_timer_shows_on_the_console_and_the_projector(
    hall: tuple[Flask, FlaskClient, UUID, str],
) -> None:
    app, organiser, tid, author = hall
    tournaments = app.extensions["shiai"].tournaments
    tournaments.pair_next_round(tid, author)
    tournaments.publish(tid, author, 1)
    act = f"/tournaments/{tid}/actions"
    page = organiser.get(f"/tournaments/{tid}/console").text
    assert 'name="minutes" size="4" inputmode="numeric" maxlength="3" value="150"' in page
    assert form(organiser, f"{act}/timer-start", {"minutes": "abc"}).status_code == 400
    assert form(organiser, f"{act}/timer-start", {"minutes": 90}).status_code == 303
    page = organiser.get(f"/tournaments/{tid}/console").text
    assert 'data-state="running"' in page
    assert ">Pause the timer<" in page
    assert form(organiser, f"{act}/timer-pause").status_code == 303
    page = organiser.get(f"/tournaments/{tid}/console").text
    assert 'data-state="paused"' in page
    assert ">Resume the timer<" in page
    assert form(organiser, f"{act}/timer-extend", {"minutes": 15}).status_code == 303
    assert form(organiser, f"{act}/timer-resume").status_code == 303
    projector = app.test_client().get(f"/tournaments/{tid}/projector").text
    assert 'class="round-timer is-running"' in projector
    assert re.search(r"data-timer-clock[^>]*>1:4\d:\d\d<", projector)  # 90 + 15 minutes


def test_the_projector_stands_alone_with_the_check_in_code_then_screens_of_pairings(
    sqlite_app: Flask,
) -> None:
    organiser = new_account(sqlite_app, "bugyo", role="organiser")
    tournaments = sqlite_app.extensions["shiai"].tournaments
    tid = tournaments.create(organiser, name="Big hall", game_system="kensei", rounds=3)
    for number in range(1, 71):
        tournaments.register(tid, organiser, name=f"Samurai {number:02d}")
    anonymous = sqlite_app.test_client()
    assert "<svg" not in anonymous.get(f"/tournaments/{tid}/projector").text  # not open yet
    tournaments.open_check_in(tid, organiser)
    page = anonymous.get(f"/tournaments/{tid}/projector").text
    assert 'class="site"' not in page  # no site header, no navigation
    assert '<svg viewBox="0 0' in page
    assert f"http://localhost/tournaments/{tid}/check-in" in page
    assert 'http-equiv="refresh"' in page.split("<noscript>")[1].split("</noscript>")[0]
    for player in list(tournaments.get(tid).players):
        tournaments.check_in(tid, organiser, player)
    tournaments.close_check_in(tid, organiser)
    tournaments.pair_next_round(tid, organiser)
    assert "find your table" not in anonymous.get(f"/tournaments/{tid}/projector").text
    tournaments.publish(tid, organiser, 1)
    page = anonymous.get(f"/tournaments/{tid}/projector").text
    assert "<svg" not in page  # check-in is over
    titles = re.findall(r'<h2 id="proj-page-\d+">([^<]+)</h2>', page)
    assert titles == [
        "Round 1: find your table (1 of 3)",
        "Round 1: find your table (2 of 3)",
        "Round 1: find your table (3 of 3)",
        "Round 1: tables (1 of 2)",
        "Round 1: tables (2 of 2)",
        "Standings after round 1 (1 of 3)",
        "Standings after round 1 (2 of 3)",
        "Standings after round 1 (3 of 3)",
    ]
    # Every player is on a by-name screen once, alphabetically.
    by_name = re.findall(r'<tr><td class="name">(Samurai \d\d)</td>', page)
    assert by_name == sorted(by_name)
    assert len(by_name) == 70
    assert 'data-seconds="15"' in page
    assert 'data-seconds="5"' in anonymous.get(f"/tournaments/{tid}/projector?seconds=5").text
    assert 'data-seconds="15"' in anonymous.get(f"/tournaments/{tid}/projector?seconds=9999").text

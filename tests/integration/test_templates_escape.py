"""Every page rendered with hostile values: markup stays markup, values stay text.

Tournament, players, clubs, factions, army lists, account display names, game
titles and form input echoed back are all ``HOSTILE``: a script, a quote that
closes an attribute and opens an input, a Jinja expression. On every page of
every area (tournaments, console, print, projector, audit, player, leaderboard,
games, play, meta, tools, auth, errors):

* the hostile value never appears unescaped (no ``<script>`` or ``<input`` of
  its own), and ``{{7*7}}`` is shown as typed, never evaluated;
* once the hostile value's escaped text is taken out, no escaped markup is
  left (``&lt;input``, ``&lt;script``...): a template that builds markup by
  joining strings gets it escaped and shown as text, which is how the
  console's buttons lost their hidden inputs;
* the console's one-button forms carry their hidden inputs as markup.
"""

from __future__ import annotations

import re
from urllib.parse import quote
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from replays.bot_games import play_bot_game
from shiai.play import INVITE
from shiai.tournaments.model import Result
from tests.support.web import PASSWORD, form, signed_in_client

HOSTILE = "<script>alert(1)</script>\"><input name=x>{{7*7}}'"
# Escaped markup that is not one of HOSTILE's own tags (which may be echoed in a
# message, quoted or cut short): a template's own markup shown as text.
ESCAPED_MARKUP = re.compile(
    r"&lt;(?!script&gt;alert\(1\)|/script&gt;|input name=x&gt;)"
    r"/?(input|script|select|option|form|button|textarea|a|p)\b"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    from shiai import create_app  # noqa: PLC0415
    from shiai.migrations import upgrade  # noqa: PLC0415
    from tests.conftest import platform_config  # noqa: PLC0415

    url = f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'shiai.db'}"
    upgrade(url)
    app = create_app(platform_config(url))
    services = app.extensions["shiai"]
    accounts = services.accounts
    org = accounts.create("organiser", HOSTILE, PASSWORD, "organiser")
    player = accounts.create("player", HOSTILE, PASSWORD)
    opponent = accounts.create("opponent", HOSTILE, PASSWORD)
    accounts.create("admin", HOSTILE, PASSWORD, "admin")
    accounts.ask_for_organiser(player, HOSTILE)
    tournaments = services.tournaments
    tid = tournaments.create(
        org, name=HOSTILE, game_system=HOSTILE, battle_size=HOSTILE, rounds=3, seed="x"
    )
    tournaments.add_organiser(tid, org, player)
    for number in range(6):
        account = {0: player, 1: opponent}.get(number)
        tournaments.register(
            tid,
            org,
            name=f"{HOSTILE}{number}",
            club=HOSTILE,
            faction=HOSTILE,
            army_list=HOSTILE,
            account_id=account,
        )
    for number in range(1, 5):
        tournaments.check_in(tid, org, f"p{number}")
    tournaments.pair_next_round(tid, org)
    tournaments.edit_pairings(
        tid, org, 1, [(1, "p1", "p2"), (2, "p3", "p4")], [], accept_warnings=True
    )
    tournaments.publish(tid, org, 1)
    tournaments.record_result(tid, org, 1, 2, Result.a_wins(10, 5))
    tournaments.report(tid, player, 1, 1, Result.b_wins(1, 2))
    game_id = play_bot_game(
        services.records, "dice-race", {"target": 15}, bot_seed="h", seed="h", title=HOSTILE
    )
    services.game_results.link(tid, player, number=1, table=1, game_id=game_id)
    new = services.play.create(player, "dice-race", {"target": 15}, opponent=INVITE, title=HOSTILE)
    return {"app": app, "tid": tid, "game": game_id, "invitation": new.invitation}


def _clients(app: Flask) -> dict[str, FlaskClient]:
    return {
        "anonymous": app.test_client(),
        "organiser": signed_in_client(app, "organiser"),
        "player": signed_in_client(app, "player"),
    }


def _assert_safe(html: str, where: str) -> None:
    assert "<script>alert(1)" not in html, where
    assert "<input name=x>" not in html, where
    assert "&gt;49&#39;" not in html, where  # {{7*7}} is never evaluated
    leftover = ESCAPED_MARKUP.search(html)
    assert leftover is None, (where, html[max(0, leftover.start() - 200) : leftover.end() + 200])


def _pages(site: dict[str, object]) -> list[tuple[str, str]]:
    tid, game = site["tid"], site["game"]
    t = f"/tournaments/{tid}"
    return [
        ("anonymous", "/"),
        ("anonymous", "/tournaments"),
        ("anonymous", t),
        ("anonymous", f"{t}/projector"),
        ("anonymous", "/leaderboard"),
        ("anonymous", "/games"),
        ("anonymous", f"/games/{game}"),
        ("anonymous", "/meta"),
        ("anonymous", f"/meta/events/{tid}"),
        ("anonymous", "/systems/kensei/odds"),
        ("anonymous", "/sign-in"),
        ("anonymous", "/sign-up"),
        ("anonymous", f"/tournaments/{UUID(int=1)}"),  # the error page
        ("organiser", f"{t}/console"),
        ("organiser", f"{t}/audit"),
        ("organiser", f"{t}/print/by-table?round=1"),
        ("organiser", f"{t}/print/by-name?round=1"),
        ("organiser", f"{t}/print/slips?round=1"),
        ("organiser", f"{t}/print/standings"),
        ("organiser", f"{t}/rounds/1/edit"),
        ("organiser", "/tournaments/new"),
        ("organiser", "/play/new"),
        ("player", f"{t}/me"),
        ("player", f"{t}/register"),
        ("player", f"{t}/players/p1/list"),
        ("organiser", f"{t}/players/p2/list"),
        ("player", f"{t}"),
        ("player", f"/games/{game}"),
        ("opponent", f"/play/join/{site['invitation']}"),
        ("player", "/account"),
        ("admin", "/admin"),
        ("admin", "/account"),
        ("anonymous", "/sign-in?next=" + quote('/"><script>alert(1)</script>')),
    ]


def test_every_page_shows_hostile_values_as_text_and_its_markup_as_markup(
    site: dict[str, object],
) -> None:
    app = site["app"]
    assert isinstance(app, Flask)
    clients = _clients(app)
    clients["opponent"] = signed_in_client(app, "opponent")
    clients["admin"] = signed_in_client(app, "admin")
    for role, url in _pages(site):
        response = clients[role].get(url)
        assert response.status_code in (200, 404), (role, url, response.status_code)
        _assert_safe(response.text, f"{role} {url}")
    assert str(escape(HOSTILE)) in clients["organiser"].get(f"/tournaments/{site['tid']}").text


def test_forms_echoing_hostile_input_escape_it(site: dict[str, object]) -> None:
    app = site["app"]
    assert isinstance(app, Flask)
    clients = _clients(app)
    tid = site["tid"]
    echoes = [
        ("anonymous", "/sign-in", {"username": HOSTILE, "password": "x"}),
        ("anonymous", "/sign-up", {"username": HOSTILE, "display_name": HOSTILE}),
        ("organiser", "/tournaments/new", {"name": HOSTILE, "game_system": HOSTILE, "rounds": "x"}),
        ("organiser", f"/tournaments/{tid}/rounds/1/edit", {"pairings": HOSTILE}),
        ("organiser", f"/tournaments/{tid}/actions/register", {"name": HOSTILE, "account": "zz"}),
        ("organiser", f"/tournaments/{tid}/actions/check-in", {"player": HOSTILE}),
        ("organiser", "/play/new", {"title": HOSTILE, "scenario": HOSTILE, "army_A": HOSTILE}),
        ("player", f"/tournaments/{tid}/report", {"round": 1, "table": 1, "game_id": HOSTILE}),
        ("player", "/account/organiser-request", {"reason": HOSTILE}),  # asked already
    ]
    for role, url, data in echoes:
        response = form(clients[role], url, data)
        assert 400 <= response.status_code < 500, (url, response.status_code)
        _assert_safe(response.text, f"{role} POST {url}")


def test_the_console_s_buttons_carry_their_hidden_inputs_as_markup(
    site: dict[str, object],
) -> None:
    app = site["app"]
    assert isinstance(app, Flask)
    html = _clients(app)["organiser"].get(f"/tournaments/{site['tid']}/console").text
    assert '<input type="hidden" name="player" value="p5">' in html  # check in, unregister
    assert '<input type="hidden" name="player" value="p1">' in html  # drop
    assert re.search(r'name="size" aria-label="size"><option>4', html)  # the top cut's size
    assert '<input name="username" placeholder="username"' in html  # add a co-organiser

"""Player pages (issue 26, item 4) on SQLite and PostgreSQL: a player with an account
shows their reported results, their recorded games and their rating; a player known
by name only is found by that name in any case; lists wait for the event to publish
them; an unknown player is a 404 page."""

from __future__ import annotations

import html
import re
from pathlib import Path
from uuid import UUID, uuid4

from flask import Flask

from replays.bot_games import answer_with_bots
from replays.registry import get
from shiai.imported_events.aggregate import imported_event_id
from shiai.player_list import list_players
from shiai.players import PlayerKey, RatingHistories, profile
from shiai.tournaments.model import Outcome, Result
from tests.integration.test_imported_events import _organiser, _upload
from tests.support.web import new_account, signed_in_client

WIN, LOSS, DRAW = Outcome.WIN, Outcome.LOSS, Outcome.DRAW
BUKE_LIST = (Path(__file__).parents[2] / "engine/kensei/data/armies/buke-250.json").read_text()


def _event(app: Flask, alice: str) -> tuple[UUID, str]:
    """A Kensei event of four: Alice (with an account and a list) v Bob, Carol v Dan;
    round 1 confirmed, round 2 Alice v Carol drawn; every result entered by the
    organiser."""
    tournaments = app.extensions["shiai"].tournaments
    org = new_account(app, "organiser-ito", role="organiser")
    tid: UUID = tournaments.create(
        org, name="Autumn Taikai", game_system="kensei", battle_size="250", rounds=2, seed="s"
    )
    tournaments.register(tid, org, name="Alice", faction="Buke", account_id=alice,
                         army_list=BUKE_LIST)  # fmt: skip
    for name, faction in (("Bob", "Kuge"), ("Carol", "Sohei"), ("Dan", "Otokodate")):
        tournaments.register(tid, org, name=name, faction=faction)
    for number in range(1, 5):
        tournaments.check_in(tid, org, f"p{number}")
    tournaments.pair_next_round(tid, org)
    tournaments.edit_pairings(tid, org, 1, [(1, "p1", "p2"), (2, "p3", "p4")], [],
                              accept_warnings=True)  # fmt: skip
    tournaments.publish(tid, org, 1)
    tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS, a_vp=14, b_vp=6))
    tournaments.record_result(tid, org, 1, 2, Result(LOSS, WIN, a_vp=3, b_vp=9))
    tournaments.pair_next_round(tid, org)
    tournaments.edit_pairings(tid, org, 2, [(1, "p1", "p4"), (2, "p2", "p3")], [],
                              accept_warnings=True)  # fmt: skip
    tournaments.publish(tid, org, 2)
    tournaments.record_result(tid, org, 2, 1, Result(DRAW, DRAW, a_vp=8, b_vp=8))
    tournaments.record_result(tid, org, 2, 2, Result(LOSS, LOSS))
    return tid, org


def _recorded_game(app: Flask, alice: str) -> UUID:
    """A dice race Alice plays on the platform against a bot, to its end."""
    services = app.extensions["shiai"]
    game_id: UUID = services.play.create(alice, "dice-race", {"target": 12}, opponent="bot").game_id
    bot = get("dice-race").bot(3)
    sides = services.records.summary(game_id).sides
    answer_with_bots(services.records, game_id, dict.fromkeys(sides, bot), max_commands=10_000)
    services.catch_up()
    return game_id


def _text(body: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def test_an_account_s_page_shows_its_results_recorded_games_and_rating(app: Flask) -> None:
    alice = new_account(app, "alice-ito")
    tid, _ = _event(app, alice)
    game_id = _recorded_game(app, alice)
    client = app.test_client()
    page = client.get(f"/players/account/{alice}")
    assert page.status_code == 200, page.text
    body = page.text
    text = _text(body)
    # Her display name heads the page; the name she was registered under is named.
    assert '<h1 id="player-name">Alice-Ito</h1>' in body
    assert "registered as Alice" in text
    # The event: its link, system, faction, final rank of 4 and record.
    events = body[body.index('id="player-events"') : body.index('id="factions-title"')]
    assert f'href="/tournaments/{tid}"' in events
    assert "Autumn Taikai" in events
    assert "Kensei" in events  # the system by its name
    assert "Buke" in events
    assert re.search(r"<td>1 of 4</td>", events), events
    assert "1-1-0" in _text(events)
    # Every game: the two reported results and the recorded game with its replay link.
    games = body[body.index('id="player-games"') :]
    assert games.count("reported result") == 2
    assert f'href="/games/{game_id}"' in games
    assert "recorded game" in games
    assert "14\u20136" in games
    assert "8\u20138" in games
    assert "bot (" in games  # her recorded game's opponent is the bot
    # Bob, her round 1 opponent, has no account: his page is by name.
    assert 'href="/players/name/Bob"' in games
    # Factions: Buke twice (a win and a draw), with the meta's Wilson interval.
    factions = _text(body[body.index('id="player-factions"') : body.index('id="rating-title"')])
    assert "Buke Kensei 2 1-1-0 75.0%" in factions
    # Rating: the chart and its table; the last point is her leaderboard rating.
    assert 'data-figure="rating"' in body
    assert '"ordinal (' in body
    with app.extensions["shiai"].db_engine.connect() as conn:
        found = profile(conn, PlayerKey.of_account(UUID(alice)), RatingHistories())
    assert found is not None
    assert len(found.rating) == 2
    board = client.get("/leaderboard").text
    row = re.search(rf'<a href="/players/account/{alice}">Alice</a></td><td>([-0-9.]+)</td>', board)
    assert row is not None, board
    assert float(row.group(1)) == round(found.rating[-1].ordinal, 2)


def test_a_list_shows_once_its_event_publishes_lists_and_pages_link_players(app: Flask) -> None:
    alice = new_account(app, "alice-ito")
    tid, org = _event(app, alice)
    client = app.test_client()
    body = client.get(f"/players/account/{alice}").text
    # Her list waits for the event to publish its lists: not shown to others before.
    assert "No published lists." in body
    own = signed_in_client(app, "alice-ito").get(f"/players/account/{alice}").text
    assert "not published: only you and the organisers see it" in own
    assert client.get(f"/tournaments/{tid}/players/p1/list.json").status_code == 403
    app.extensions["shiai"].tournaments.publish_lists(tid, org)
    published = client.get(f"/players/account/{alice}").text
    lists = published[published.index('id="player-lists"') :]
    assert "Buke" in lists
    assert "250" in lists
    assert f"/tournaments/{tid}/players/p1/list.json" in lists
    download = client.get(f"/tournaments/{tid}/players/p1/list.json")
    assert download.status_code == 200
    assert download.json is not None
    assert download.json["faction"] == "buke"
    assert "attachment" in download.headers["Content-Disposition"]
    # The account page links to her own page; the event's standings and pairings too.
    mine = signed_in_client(app, "alice-ito").get("/account").text
    assert f'href="/players/account/{alice}"' in mine
    event = client.get(f"/tournaments/{tid}").text
    assert event.count(f'href="/players/account/{alice}"') >= 3  # standings and 2 rounds
    assert 'href="/players/name/Dan"' in event


def test_a_name_only_player_is_found_by_name_in_any_case(app: Flask) -> None:
    alice = new_account(app, "alice-ito")
    tid, _ = _event(app, alice)
    client = app.test_client()
    for address in ("/players/name/Bob", "/players/name/bob", "/players/name/BOB"):
        page = client.get(address)
        assert page.status_code == 200, (address, page.text)
        assert '<h1 id="player-name">' in page.text
    body = client.get("/players/name/bob").text
    games = _text(body[body.index('id="player-games"') :])
    # Bob lost to Alice and had a double loss with Carol: both reported results.
    assert "Alice (Buke)" in games
    assert "Carol (Sohei)" in games
    assert games.count("loss") >= 2
    # His opponent with an account is linked by her account, never her username.
    assert f'href="/players/account/{alice}"' in body
    assert "alice-ito" not in body
    # The double loss is not rated: one rated game only.
    assert "after 1 rated game" in _text(body)
    # Corrected to a win, it is: the page follows the ratings as they change.
    tournaments = app.extensions["shiai"].tournaments
    organiser = tournaments.get(tid).organisers[0]
    tournaments.record_result(tid, organiser, 2, 2, Result(WIN, LOSS), correction=True)
    assert "after 2 rated games" in _text(client.get("/players/name/bob").text)
    # The list of players: every one of the event, searchable, a page at a time.
    listing = client.get("/players").text
    for name in ("Alice-Ito", "Bob", "Carol", "Dan"):
        assert f">{name}</a>" in listing
    searched = client.get("/players?q=CAR").text
    assert ">Carol</a>" in searched
    assert ">Bob</a>" not in searched
    with app.extensions["shiai"].db_engine.connect() as conn:
        first, total = list_players(conn, page=1, per_page=3)
        second, _ = list_players(conn, page=2, per_page=3)
    assert total == 4
    assert [p.name for p in first + second] == ["Alice-Ito", "Bob", "Carol", "Dan"]


def test_an_unknown_player_is_a_404_page_and_bad_input_a_400(app: Flask) -> None:
    client = app.test_client()
    for address in (
        "/players/name/Nobody",
        f"/players/account/{uuid4()}",
        "/players/name/" + "x" * 121,
        "/players/name/%01bad",
    ):
        response = client.get(address)
        assert response.status_code == 404, address
        assert "no " in response.text.lower()
    # An account that played nothing is known to nobody else: only its own page exists.
    loner = new_account(app, "loner")
    assert client.get(f"/players/account/{loner}").status_code == 404
    own = signed_in_client(app, "loner").get(f"/players/account/{loner}")
    assert own.status_code == 200
    assert "No games yet." in own.text
    assert client.get("/players?page=abc").status_code == 400
    assert client.get("/players?page=0").status_code == 400
    assert client.get("/players?q=" + "a" * 61).status_code == 400
    assert client.get("/players?page=7").status_code == 200
    assert "No players yet." in client.get("/players").text
    assert client.get(f"/tournaments/{uuid4()}/players/p1/list.json").status_code == 404


def test_imported_results_show_on_the_players_pages(app: Flask) -> None:
    """An event imported through the import page (docs/imports.md): its games and the
    event, by its name, on the players' pages, linked to the meta filtered to it."""
    organiser, importer = _organiser(app)
    body = "event,date,player,faction,round,opponent,result,VP\n"
    body += "Kyoto Open,2025-03-09,Kato Jun,Buke,1,ueda sora,win,10\n"
    body += "Kyoto Open,2025-03-09,ueda sora,Kuge,1,Kato Jun,loss,2\n"
    assert _upload(organiser, body).status_code == 303
    event_id = imported_event_id(importer, "Kyoto Open", "2025-03-09")
    client = app.test_client()
    body = client.get("/players/name/Kato Jun").text
    games = body[body.index('id="player-games"') :]
    assert "imported" in _text(games)
    assert f'href="/meta?event={event_id}"' in games
    assert "Kyoto Open" in _text(games)
    assert "10\u20132" in games
    # The event is listed from its games, by its name; nobody is rated by an import.
    events = _text(body[body.index('id="player-events"') : body.index('id="factions-title"')])
    assert "Kyoto Open (imported) 2025-03-09 Kensei Buke" in events
    assert "No rated tournament game yet" in _text(body)
    assert "not rated" in _text(body)
    # The opponent is found by their name in any case.
    assert client.get("/players/name/Ueda Sora").status_code == 200
    with app.extensions["shiai"].db_engine.connect() as conn:
        listed, total = list_players(conn, "ueda")
    assert total == 1
    assert (listed[0].name, listed[0].games) == ("ueda sora", 1)

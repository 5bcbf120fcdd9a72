"""The home page: what Shiai is, a way in for each audience, the events under way,
the newest games with their factions, and the meta's headlines."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from dashboards.meta_queries import FactionRate
from engine.kensei import Kensei
from replays.bot_games import play_bot_game
from replays.schema import game_sides
from shiai.army_lists import faction_name
from shiai.tournaments.model import Result
from shiai.web.home import highlights
from tests.integration.test_pages import page, start, text_of
from tests.support.web import new_account


def test_an_empty_site_says_what_shiai_is_and_where_each_audience_starts(
    client: FlaskClient,
) -> None:
    markup = page(client, "/")
    text = text_of(markup)
    assert "Shiai: play, run and study samurai wargames" in text
    for link in ("/tournaments/new", "/tournaments", "/play/new", "/games", "/meta"):
        assert f'href="{link}"' in markup, link
    assert "No event is running" in text
    assert "No games recorded yet" in text
    assert "No finished game to learn from yet" in text


def test_the_home_page_lists_unfinished_events_and_the_newest_games_with_factions(
    app: Flask, client: FlaskClient
) -> None:
    services = app.extensions["shiai"]
    organiser = new_account(app, "home-organiser", "organiser")
    tournaments = services.tournaments
    running = tournaments.create(organiser, name="Spring <Open>", game_system="kensei",
                                 battle_size="300 points", rounds=1, seed="s")  # fmt: skip
    finished = tournaments.create(organiser, name="Winter Cup", game_system="kensei",
                                  battle_size="300 points", rounds=1, seed="w")  # fmt: skip
    for tid in (running, finished):
        for name in ("Aiko", "Benkei"):
            player = tournaments.register(tid, organiser, name=name)
            tournaments.check_in(tid, organiser, player)
        tournaments.pair_next_round(tid, organiser)
        tournaments.publish(tid, organiser, 1)
    tournaments.record_result(finished, organiser, 1, 1, Result.a_wins(12, 4))
    kensei = Kensei()
    game = play_bot_game(services.records, kensei.id, kensei.sample_setups()[0], bot_seed="home")
    unfinished = start(client, "A race still running")

    markup = page(client, "/")
    text = text_of(markup)
    assert "Spring &lt;Open&gt;" in markup, "names are escaped"
    assert f'href="/tournaments/{running}"' in markup
    assert "Winter Cup" not in text, "a finished event is not under way"
    assert f'href="/games/{game}"' in markup
    assert f'href="/games/{unfinished}"' in markup
    query = select(game_sides.c.faction).where(game_sides.c.game_id == game)
    with services.db_engine.connect() as conn:
        factions = conn.execute(query).scalars().all()
    assert factions, "a finished Kensei game is analysed"
    for faction in factions:
        assert faction_name("kensei", faction) in text, "the game's factions, by name"
    assert "Most played faction" in text
    assert "No finished game to learn from yet" not in text


def rate(faction: str, games: int, wins: int) -> FactionRate:
    return FactionRate(games=games, wins=wins, draws=0, losses=games - wins, faction=faction)


def test_the_headlines_name_the_most_played_faction_and_the_best_rate_over_enough_games() -> None:
    found = highlights([rate("buke", 40, 18), rate("kuge", 12, 9), rate("sohei", 3, 3)])
    assert found.most_played == rate("buke", 40, 18)
    assert found.best_rate == rate("kuge", 12, 9), "three games out of three is too few to tell"
    assert found.games == 55
    assert highlights([]) == highlights([])
    assert highlights([]).most_played is None

"""The meta page and its CSV downloads over hand-made read-model rows: the
filters are read from the address and kept in every link."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask

from bench.dashboard_pages import page_weights, section_bytes
from dashboards.data import EVENT_QUERIES, QUERIES
from engine.core import Ending, Faction, RulesetInfo
from replays import registry
from tests.support.dice_race import DiceRace
from tests.support.meta_players import player_name, seat_players
from tests.support.meta_rows import CUP, game, load, load_event


def _loaded(app: Flask) -> None:
    with app.extensions["shiai"].db_engine.connect() as conn:
        load(
            conn,
            game("buke", "kuge", "win"),
            game("buke", "kuge", "draw", tournament_id=CUP, round=1),
            game("sohei", "buke", "loss", army_points=400),
        )


def test_the_page_draws_every_dashboard_with_its_table(sqlite_app: Flask) -> None:
    _loaded(sqlite_app)
    page = sqlite_app.test_client().get("/meta?size=250")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    figures = _figures(html)
    assert set(figures) == set(QUERIES)  # no players: no extremes
    assert figures["faction-win-rates"]["data"][0]["text"] == ["n=2", "n=2"]
    assert 'data-figure="matchups"' in html
    # The filter stays in the form and in the CSV links.
    assert '<option value="250" selected>' in html
    assert "/meta.csv?table=faction-win-rates&amp;size=250" in html
    assert "/vendor/plotly-" in html


def _figures(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="meta-figures">(.*?)</script>', html)
    assert found is not None
    figures: dict[str, Any] = json.loads(found.group(1))
    return figures


def test_dice_luck_by_player_shows_every_z_and_only_the_extremes(sqlite_app: Flask) -> None:
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        seat_players(conn, range(-20, 21))
    client = sqlite_app.test_client()
    html = client.get("/meta?system=kensei").get_data(as_text=True)
    figures = _figures(html)
    histogram, extremes = figures["dice-luck-players"], figures["dice-luck-players-extremes"]
    assert sum(histogram["data"][0]["y"]) == 41  # every player's z
    luckiest = [player_name(luck) for luck in range(20, 5, -1)]
    least = [player_name(luck) for luck in range(-20, -5)]
    assert [label.split(" (")[0] for label in extremes["data"][0]["y"]] == luckiest + least
    section = re.search(r'<section id="dice-luck-players".*?</section>', html, re.S)
    assert section is not None
    assert "41 players: " in section.group(0)
    assert "Table (30 of 41 rows)" in section.group(0)
    assert "/meta.csv?table=dice-luck-players&amp;system=kensei" in section.group(0)
    groups = re.findall(r"<tbody>(.*?)</tbody>", section.group(0), re.S)
    assert [re.findall(r"<tr><td>([^<]*)</td>", group) for group in groups] == [luckiest, least]
    assert "The 15 luckiest (highest z)" in groups[0]
    assert "The 15 least lucky (lowest z)" in groups[1]
    answer = client.get("/meta.csv?table=dice-luck-players&system=kensei")
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert sorted(row["player"] for row in rows) == sorted(
        player_name(luck) for luck in range(-20, 21)
    )
    assert {row["player"]: row["z"] for row in rows}["P+20"] == f"{20 / 15**0.5:.3f}"


def test_every_table_downloads_as_csv_with_the_filters(sqlite_app: Flask) -> None:
    _loaded(sqlite_app)
    client = sqlite_app.test_client()
    answer = client.get("/meta.csv?table=faction-win-rates&min_games=3")
    assert answer.status_code == 200
    assert answer.mimetype == "text/csv"
    assert "shiai-meta-faction-win-rates.csv" in answer.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert [(row["faction"], row["games"], row["rate"]) for row in rows] == [("buke", "3", "5/6")]
    by_event = client.get(f"/meta.csv?table=matchups&event={CUP}").get_data(as_text=True)
    assert by_event.splitlines()[1].startswith("buke,kuge,1,0,1,0,1/2,")
    for name in QUERIES:
        assert client.get(f"/meta.csv?table={name}").status_code == 200
    for name in EVENT_QUERIES:
        assert client.get(f"/meta.csv?table={name}&event={CUP}").status_code == 200
        assert client.get(f"/meta.csv?table={name}").status_code == 400  # which event?


def test_a_malformed_filter_or_table_is_a_bad_request(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    page = client.get("/meta?from=yesterday")
    assert page.status_code == 400
    assert "from must be a date" in page.get_data(as_text=True)
    assert client.get("/meta.csv?table=nothing").status_code == 400
    assert client.get("/meta.csv?table=matchups&min_games=0").status_code == 400


def test_an_events_page_draws_its_standings_spread_and_rounds(sqlite_app: Flask) -> None:
    _loaded(sqlite_app)
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        load_event(conn, CUP, name="Spring cup")
    client = sqlite_app.test_client()
    page = client.get(f"/meta/events/{CUP}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Spring cup: meta" in html
    figures = _figures(html)
    assert set(figures) == set(EVENT_QUERIES)
    aki = next(t for t in figures["standings-progression"]["data"] if t["name"] == "Aki")
    assert (aki["x"], aki["y"]) == ([1, 2], [1.0, 1.5])
    assert f"/meta.csv?table=results-by-round&amp;event={CUP}" in html
    rounds = client.get(f"/meta.csv?table=results-by-round&event={CUP}").get_data(as_text=True)
    assert rounds.splitlines()[1].startswith("1,buke,1,0,1,0,1/2,")
    # The meta page filtered by the event links to the event's page.
    assert f"/meta/events/{CUP}" in client.get(f"/meta?event={CUP}").get_data(as_text=True)
    assert client.get("/meta/events/00000000-0000-0000-0000-000000000000").status_code == 404
    assert client.get(f"/meta/events/{CUP}?from=soon").status_code == 400


def test_the_benchmark_weighs_each_page_and_its_assets_but_not_plotly(sqlite_app: Flask) -> None:
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        seat_players(conn, range(-20, 21))
    weights = page_weights(sqlite_app.config["SHIAI_DATABASE_URL"])
    client = sqlite_app.test_client()
    shared = len(client.get("/static/shiai.css").data)
    meta = (
        len(client.get("/meta?system=kensei").data)
        + shared
        + sum(len(client.get(f"/static/meta/meta.{kind}").data) for kind in ("js", "css"))
    )
    odds = (
        len(client.get("/systems/kensei/odds").data)
        + shared
        + sum(
            len(client.get(path).data)
            for path in ("/static/tools/odds.js", "/static/tools/odds.css")
        )
    )
    assert weights == {"dash.page_bytes": meta / 1000, "dash.page_bytes.odds": odds / 1000}
    html = client.get("/meta?system=kensei").data
    figures = _figures(html.decode())
    found = {name: data for name, _, data in section_bytes(html)}
    assert set(found) == set(QUERIES)
    # The players' section counts both its charts.
    charts = [figures["dice-luck-players"], figures["dice-luck-players-extremes"]]
    assert found["dice-luck-players"] == sum(
        len(json.dumps(chart, separators=(",", ":"))) for chart in charts
    )


class Cards(DiceRace):
    """A stub card game: factions of its own, no dice, no first-player mark."""

    id = "cards"

    @property
    def info(self) -> RulesetInfo:
        return replace(
            super().info,
            id=self.id,
            name="Cards",
            dice=(),
            factions=(Faction("crane", "Crane clan"), Faction("lion", "Lion clan")),
            endings=(Ending("honour", "Honour victory"),),
        )


def _sections(html: str) -> dict[str, str]:
    return dict(re.findall(r'<section id="([^"]+)".*?>(.*?)</section>', html, re.S))


def test_each_systems_factions_endings_and_marks_are_named_by_its_ruleset(
    sqlite_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kensei, the dice race and a card game installed: each row is named by its
    own system's ``Ruleset.info``, and a system without dice has no luck."""
    monkeypatch.setitem(registry._installed, Cards.id, Cards())
    race = {"system": "dice-race", "army_points": 0, "scenario": ""}
    cards = {"system": "cards", "army_points": 0, "scenario": "", "dice": 0, "first": None}
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        load(
            conn,
            game("buke", "kuge", "win"),  # Kensei's last turn, its strategy roll
            game("Side A", "Side B", "loss", ending="victory_condition", first=None, **race),
            game("crane", "lion", "win", ending="honour", **cards),
        )
    client = sqlite_app.test_client()
    html = client.get("/meta").get_data(as_text=True)
    figures = _figures(html)
    factions = set(figures["faction-win-rates"]["data"][0]["y"])
    assert factions == {"Buke", "Kuge", "Side A", "Side B", "Crane clan", "Lion clan"}
    endings = {trace["name"] for trace in figures["game-length"]["data"]}
    assert endings == {"Last turn played", "Target reached", "Honour victory"}
    assert figures["first-player"]["data"][0]["y"] == ["Kensei: strategy roll"]
    assert ">Cards</option>" in html
    assert ">Dice race</option>" in html
    # The luck of the systems with dice, all d6s.
    luck = figures["dice-luck-factions"]["data"][0]["y"]
    assert sorted(luck) == ["Buke", "Kuge", "Side A", "Side B"]
    # The CSV keeps the ids.
    rates = client.get("/meta.csv?table=faction-win-rates").get_data(as_text=True)
    assert {row["faction"] for row in csv.DictReader(io.StringIO(rates))} >= {"buke", "crane"}
    # The card game alone: its names, and no dice luck to show.
    only = client.get("/meta?system=cards").get_data(as_text=True)
    sections = _sections(only)
    assert not set(sections) & {"dice-luck", "dice-luck-factions", "dice-luck-players"}
    assert "Crane clan" in sections["faction-win-rates"]
    assert "Honour victory" in sections["game-length"]
    assert "dice-luck" in _sections(client.get("/meta?system=dice-race").get_data(as_text=True))


def test_the_home_pages_headlines_name_factions_by_their_system(sqlite_app: Flask) -> None:
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        load(conn, *[game("sohei", "kuge", "win") for _ in range(5)])
    html = sqlite_app.test_client().get("/").get_data(as_text=True)
    headlines = html[html.index('id="meta-highlights"') :]
    assert "<dd>Kuge <span" in headlines  # as many games as Sohei, first by name
    assert "<dd>Sohei: 100" in headlines  # the best rate

"""Senjutsu's meta, end to end: real bot duels played through the platform, analysed
into the read models when they end, rolled up, and shown by the generic meta page:
characters as factions (win rates, matchups), the top of the advantage track as the
first-player mark, and the cards table (play rate, win rate when played and not)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from sqlalchemy import select

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from engine.core import BotChoice, Event, GameFacts, Outcome, Ruleset, State
from engine.senjutsu import Senjutsu
from engine.senjutsu.analysis import card_names, game_facts
from engine.senjutsu.bots import BOTS
from replays.bot_games import play_bot_game
from replays.schema import game_sides, game_units
from shiai import create_app
from shiai.migrations import upgrade
from tests.conftest import DICE_RACE_SPEC, platform_config
from tests.support.meta_base_queries import base_data
from tests.support.senjutsu_soak import duel


class WiredSenjutsu(Senjutsu):
    """Senjutsu with its analysis facts and bots wired as the integrator adds them to
    ``Senjutsu`` itself (``analyse`` and ``bots``, two lines): used only until then."""

    def analyse(self, initial_state: State, events: Sequence[Event], outcome: Outcome) -> GameFacts:
        return game_facts(initial_state, events, outcome, self.evolve, card_names(self.catalogue))

    def bots(self) -> Mapping[str, BotChoice]:
        return BOTS


WIRED = Senjutsu.analyse is not Ruleset.analyse
SENJUTSU_SPEC = "engine.senjutsu:Senjutsu" if WIRED else f"{__name__}:{WiredSenjutsu.__name__}"
RANDOM_GAMES = 4
SENJUTSU = Senjutsu()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """The platform with Senjutsu installed, on a SQLite file shared by this
    module's tests (the games are played once: they only read)."""
    database = f"sqlite:///{tmp_path_factory.mktemp('senjutsu-meta') / 'shiai.db'}"
    upgrade(database)
    config = platform_config(database)
    flask_app = create_app({**config, "SHIAI_RULESETS": [DICE_RACE_SPEC, SENJUTSU_SPEC]})
    yield flask_app
    flask_app.extensions["shiai"].close()


@pytest.fixture(scope="module")
def duels(app: Flask) -> list[UUID]:
    """Random duels of the sample pairings (the first two seats of each sample
    set-up), played to the end through the platform's records (the look-ahead bot
    and multiplayer games are played in the bots' tests)."""
    records = app.extensions["shiai"].records
    setups = SENJUTSU.sample_setups()
    return [
        play_bot_game(records, "senjutsu", duel(setups[k % len(setups)]), bot_seed=f"meta-{k}",
                      seed=f"meta-{k}")
        for k in range(RANDOM_GAMES)
    ]  # fmt: skip


def _rows(app: Flask, table: Any) -> list[dict[str, Any]]:
    with app.extensions["shiai"].db_engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(select(table))]


def test_every_duel_has_a_row_per_side_with_its_character_and_first_player_mark(
    app: Flask, duels: list[UUID]
) -> None:
    records = app.extensions["shiai"].records
    rows = [row for row in _rows(app, game_sides) if row["system"] == "senjutsu"]
    assert sorted({row["game_id"] for row in rows}) == sorted(duels)
    for game in duels:
        initial = records.state_at(game, 0).state
        final = records.current(game).state
        mine = {row["side"]: row for row in rows if row["game_id"] == game}
        assert set(mine) == set(initial["sides"])
        # Setup > Player Setup 10: the top of the advantage track holds the mark.
        assert [side for side, row in mine.items() if row["first"]] == [initial["advantage"][0]]
        for side, row in mine.items():
            assert row["faction"] == initial["characters"][side]["character"]
            won = final["winner"] == side
            assert row["result"] == ("win" if won else "loss")
            assert row["victory_points"] == (1 if won else 0)
            assert row["ending"] in {"annihilation", "concession"}
            assert row["turns"] == final["turn"]
            extra = row["extra"]
            character = final["characters"][side]
            assert extra["wounds_taken"] == character["wounds"] + character["bleeding"]
            if won:
                assert extra["defeated_by"] is None
            else:
                assert extra["defeated_by"] in {"wounds", "stuns", "execution", "concession"}


def test_every_card_fact_is_one_of_the_sides_own_cards(app: Flask, duels: list[UUID]) -> None:
    """Each card fact names a card of the side's own deck or hand at the start (its
    sample deck, core card and weapon), by its catalogue name, played at least once."""
    records = app.extensions["shiai"].records
    units = [row for row in _rows(app, game_units) if row["game_id"] in set(duels)]
    assert units, "no card was played in any duel"
    catalogue = SENJUTSU.catalogue
    for row in units:
        start = records.state_at(row["game_id"], 0).state["characters"][row["side"]]
        own = set(start["deck"]) | set(start["hand"])
        card = catalogue.card(row["extra"]["card"])
        assert row["unit"] == f"{row['side']}.{card.id}"
        assert row["type"] == "card"
        assert row["name"] == card.name
        assert card.id in own, row
        assert row["extra"]["times"] >= 1
        assert row["cost"] == 0
    per_game = {(row["game_id"], row["side"]) for row in units}
    assert len(per_game) == 2 * len(duels)  # every side of every duel played cards


def test_the_card_table_gives_each_cards_play_rate_and_win_rate_when_played(
    app: Flask, duels: list[UUID]
) -> None:
    with app.extensions["shiai"].db_engine.connect() as conn:
        data = all_data(conn, Filters(system="senjutsu"))
        base = base_data(conn, Filters(system="senjutsu"))
    assert data["cards"] == base["cards"]  # the rollups agree with the base tables
    assert data["cards"], "no card rows"
    assert data["units"] == []  # cards are not units
    games = {row.faction: row.games for row in data["faction-win-rates"]}
    for row in data["cards"]:
        assert row.games + row.without_games == games[row.faction], row
        assert row.play_rate == Fraction(row.games, games[row.faction])
        low, high = row.interval
        assert 0 <= low <= row.rate <= high <= 1
        assert row.wins + row.draws + row.losses == row.games


def _figures(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="meta-figures">(.*?)</script>', html)
    assert found is not None
    figures: dict[str, Any] = json.loads(found.group(1))
    return figures


def test_the_meta_page_shows_characters_and_cards_by_name(app: Flask, duels: list[UUID]) -> None:
    client = app.test_client()
    page = client.get("/meta?system=senjutsu")
    assert page.status_code == 200
    figures = _figures(page.get_data(as_text=True))
    names = {c.name for c in SENJUTSU.catalogue.characters.values()}
    assert set(figures["faction-win-rates"]["data"][0]["y"]) <= names
    labels = figures["cards"]["data"][0]["y"]
    assert labels
    assert all(label.split(" · ")[0] in names for label in labels)
    # No dice in Senjutsu: the dice sections are left out.
    assert "dice-luck" not in figures
    table = client.get("/meta.csv?table=cards&system=senjutsu").get_data(as_text=True)
    header, *lines = list(csv.reader(io.StringIO(table)))
    assert header[:4] == ["character", "card", "play_rate", "play_rate_percent"]
    assert len(lines) == len(figures["cards"]["data"][0]["y"]) or len(lines) > 40

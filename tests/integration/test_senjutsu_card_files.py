"""An organiser's own Senjutsu cards on the platform (``SHIAI_SENJUTSU_CARDS``): the card
files load at start-up into the ruleset the platform plays, the public catalogue and the
new-game form; a file that does not load stops the start with the file and the problem
named; and a game played with one set of cards is refused, not replayed wrongly, by a
platform running another (docs/rules/senjutsu.md, "Sample data")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from engine.senjutsu import Senjutsu, load_catalogue
from replays import registry
from replays.bot_games import play_bot_game
from replays.schema import game_units
from shiai import create_app
from shiai.config import ConfigurationError
from shiai.migrations import upgrade
from tests.conftest import platform_config
from tests.integration.test_senjutsu_platform import SENJUTSU_SPEC, form_fields
from tests.support.senjutsu_soak import duel
from tests.support.web import form, new_account, signed_in_client

REAL_NAME = "Real Student's Discipline"
CARD = "core-student"  # in the Student's first hand (Player Setup step 9: core cards)


def real_card_file(folder: Path) -> Path:
    """A card file replacing the Student's core card by one named otherwise."""
    core = json.loads(
        (Path(__file__).parents[2] / "engine/senjutsu/data/cards/core.json").read_text()
    )
    card = next(c for c in core["cards"] if c["id"] == CARD)
    path = folder / "real-cards.json"
    path.write_text(json.dumps({"sample": False, "cards": [{**card, "name": REAL_NAME}]}))
    return path


@pytest.fixture(autouse=True)
def packaged_cards_afterwards() -> Iterator[None]:
    """The rulesets are installed process-wide: the packaged one again for later tests."""
    yield
    registry.install([Senjutsu()])


def start_app(database: str, cards: list[str] | None = None) -> Flask:
    config: dict[str, Any] = {**platform_config(database), "SHIAI_RULESETS": [SENJUTSU_SPEC]}
    if cards is not None:
        config["SHIAI_SENJUTSU_CARDS"] = cards
    return create_app(config)


def host_of(app: Flask) -> FlaskClient:
    new_account(app, "musashi")
    return signed_in_client(app, "musashi")


def start_student_game(client: FlaskClient) -> UUID:
    """A duel of the Student (side A, the host) and the Master (a bot), typed in as JSON."""
    setup = Senjutsu().sample_setups()[0]
    assert setup["players"][0]["character"] == "student"
    response = form(client, "/play/new", form_fields(setup=json.dumps(setup)))
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return UUID(response.headers["Location"].rsplit("/", 1)[1])


def test_the_setting_loads_a_card_file_into_the_catalogue_and_a_new_games_hand(
    sqlite_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    upgrade(sqlite_database)
    monkeypatch.setenv("SHIAI_SENJUTSU_CARDS", str(real_card_file(tmp_path)))
    app = start_app(sqlite_database)  # the setting from the environment
    try:
        catalogue = app.test_client().get("/systems/senjutsu/catalogue.json").get_json()
        assert catalogue["cards"][CARD]["name"] == REAL_NAME
        assert catalogue["fingerprint"] != load_catalogue().fingerprint
        game_id = start_student_game(host_of(app))
        shown = app.extensions["shiai"].records.state_at(game_id, 0, "A").state
        assert CARD in shown["characters"]["A"]["hand"]
        assert shown["cards"][CARD]["name"] == REAL_NAME
    finally:
        app.extensions["shiai"].close()


def test_without_the_setting_the_packaged_cards_are_played(sqlite_database: str) -> None:
    upgrade(sqlite_database)
    app = start_app(sqlite_database)
    try:
        catalogue = app.test_client().get("/systems/senjutsu/catalogue.json").get_json()
        assert catalogue["cards"][CARD]["name"] != REAL_NAME
        assert catalogue["fingerprint"] == load_catalogue().fingerprint
    finally:
        app.extensions["shiai"].close()


def test_a_card_file_that_does_not_load_stops_the_start_naming_the_file_and_the_problem(
    sqlite_database: str, tmp_path: Path
) -> None:
    bad = tmp_path / "bad-cards.json"
    card = {"id": "x-1", "name": "Broken", "type": "attack", "rank": "gold", "lines": []}
    bad.write_text(json.dumps({"cards": [card]}))
    with pytest.raises(ConfigurationError) as refused:
        start_app(sqlite_database, [str(bad)])
    message = str(refused.value)
    assert message.startswith("SHIAI_SENJUTSU_CARDS: the Senjutsu card files do not load")
    assert f"{bad}: x-1: $.cards[0]" in message, message


def test_a_card_file_that_cannot_be_read_stops_the_start(
    sqlite_database: str, tmp_path: Path
) -> None:
    missing = tmp_path / "no-such-file.json"
    with pytest.raises(ConfigurationError, match=f"{missing}: cannot be read"):
        start_app(sqlite_database, [str(missing)])


def refused(client: FlaskClient, game_id: UUID) -> None:
    """Every way in to the game answers 409 with the reason, none a board."""
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 409
    assert "this Senjutsu game was played with" in page.get_data(as_text=True)
    for address in (f"/api/games/{game_id}", f"/api/games/{game_id}/steps/0"):
        answer = client.get(address)
        assert answer.status_code == 409, address
        assert answer.get_json()["error"] == "replay_refused"
        assert "load the card files it was played with" in answer.get_json()["message"]
    steps = client.get(f"/api/games/{game_id}/steps")
    assert steps.status_code == 409


@pytest.mark.parametrize(("first", "then"), [("real", "packaged"), ("packaged", "real")])
def test_a_game_played_with_one_set_of_cards_is_refused_under_another(
    sqlite_database: str, tmp_path: Path, first: str, then: str
) -> None:
    upgrade(sqlite_database)
    cards = {"real": [str(real_card_file(tmp_path))], "packaged": None}
    app = start_app(sqlite_database, cards[first])
    try:
        game_id = start_student_game(host_of(app))
        assert app.test_client().get(f"/api/games/{game_id}").status_code == 200
    finally:
        app.extensions["shiai"].close()

    other = start_app(sqlite_database, cards[then])
    try:
        client = signed_in_client(other, "musashi")
        refused(client, game_id)
    finally:
        other.extensions["shiai"].close()

    again = start_app(sqlite_database, cards[first])  # the same cards again: it opens
    try:
        assert again.test_client().get(f"/games/{game_id}").status_code == 200
    finally:
        again.extensions["shiai"].close()


def test_the_meta_names_the_cards_of_the_loaded_files(sqlite_database: str, tmp_path: Path) -> None:
    """Every ability card renamed in a card file: the analysis rows of a finished duel
    (what the meta's cards table reads) name the cards as that file does."""
    upgrade(sqlite_database)
    data = Path(__file__).parents[2] / "engine/senjutsu/data/cards"
    renamed = [
        {**card, "name": f"Real {card['name']}"}
        for name in ("core.json", "sample.json")
        for card in json.loads((data / name).read_text())["cards"]
    ]
    path = tmp_path / "all-real.json"
    path.write_text(json.dumps({"sample": False, "cards": renamed}))
    app = start_app(sqlite_database, [str(path)])
    try:
        records = app.extensions["shiai"].records
        setup = duel(Senjutsu().sample_setups()[0])
        game_id = play_bot_game(records, "senjutsu", setup, bot_seed="real", seed="real")
        with app.extensions["shiai"].db_engine.connect() as conn:
            rows = conn.execute(select(game_units).where(game_units.c.game_id == game_id))
            names = [row.name for row in rows]
        assert names, "no card was played"
        assert all(name.startswith("Real ") for name in names), names
    finally:
        app.extensions["shiai"].close()

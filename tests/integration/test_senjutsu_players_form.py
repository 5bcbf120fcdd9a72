"""Senjutsu's new-game form for two to six players (Multiplayer Rules): the number
of players, each side's character and who plays it (you, a bot by kind, you again
hot-seat, or one invited player); every malformed or illegal choice refused with a
400 in words, nothing stored."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.senjutsu import load_catalogue
from replays import registry
from shiai.play import BOT, HOST, HOT_SEAT, INVITE, PlayRefused, SeatChoice
from shiai.systems.senjutsu.form import MAX_FIELD
from tests.integration import test_senjutsu_platform as platform_tests
from tests.integration.test_senjutsu_platform import current, form_fields, new_game, stored_games
from tests.support.web import form

# The same site and signed-in host as the other Senjutsu platform tests.
app = platform_tests.app
host = platform_tests.host

# One core weapon of each character the form seats, in the order it preselects them.
TABLE = ("student", "master", "ronin", "warrior", "noblewoman", "noblewoman")


def table_fields(count: int, **fields: str) -> dict[str, str]:
    """A duel of ``count`` sides, each a different character (the Noblewoman twice)."""
    catalogue = load_catalogue()
    sides = "ABCDEF"[:count]
    chosen = {
        f"character_{side}": f"{name}|{catalogue.characters[name].weapons[0]}"
        for side, name in zip(sides, TABLE, strict=False)
    }
    return form_fields(players=str(count), **chosen) | fields


def test_the_form_offers_two_to_six_players_each_with_who_plays_it(host: FlaskClient) -> None:
    page = host.get("/play/new?system=senjutsu").get_data(as_text=True)
    counts = re.search(r'<select id="players" name="players">(.*?)</select>', page, re.S)
    assert counts
    assert re.findall(r'<option value="(\d)"', counts.group(1)) == ["2", "3", "4", "5", "6"]
    for side in "ABCDEF":
        assert f'name="character_{side}"' in page
        assert f'name="seat_{side}"' in page
    assert 'value="bot:random"' in page
    assert 'value="bot:lookahead"' in page
    assert 'value="hot-seat"' in page
    assert 'name="opponent"' not in page  # who plays is chosen side by side
    assert 'name="side"' not in page


def test_a_three_player_game_seats_a_bot_and_the_host_again_hot_seat(
    app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, **table_fields(3, seat_B="bot:lookahead", seat_C="hot-seat"))
    game = current(app, game_id)
    assert [p["side"] for p in game.setup["players"]] == ["A", "B", "C"]
    assert [p["character"] for p in game.setup["players"]] == ["student", "master", "ronin"]
    seats = app.extensions["shiai"].play.seats(game_id)
    assert seats["A"].account_id is not None
    assert seats["B"].bot == "lookahead"
    assert seats["C"].account_id == seats["A"].account_id
    assert "(A) vs the lookahead bot (B), themselves (C)" in game.title


def test_six_players_with_the_noblewoman_twice_and_one_invited_player(
    app: Flask, host: FlaskClient
) -> None:
    fields = table_fields(6, seat_B="invite", **{f"seat_{side}": "bot:random" for side in "CDEF"})
    game_id = new_game(host, **fields)
    assert len(current(app, game_id).setup["players"]) == 6
    seats = app.extensions["shiai"].play.seats(game_id)
    assert seats["B"].open
    assert seats["B"].invitation
    assert {seats[side].bot for side in "CDEF"} == {"random"}
    page = host.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"/play/join/{seats['B'].invitation}" in page


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        (table_fields(2, players="7"), "the number of players is 2 to 6"),
        (table_fields(2, players="1"), "the number of players is 2 to 6"),
        (table_fields(2, players="two"), "the number of players is 2 to 6"),
        (table_fields(3, character_C=""), "choose a character and a core weapon for side C"),
        (table_fields(3, character_C="student|w-bo"), "Student is already played"),
        (
            table_fields(
                3,
                character_A="noblewoman|w-tessen",
                character_B="noblewoman|w-tessen",
                character_C="noblewoman|w-katana",
            ),
            "the Noblewoman may be chosen twice, not three times",
        ),
        (table_fields(2, seat_B="wizard"), "side B: played by you, hot-seat"),
        (table_fields(2, seat_B="bot:nobody"), "side B: played by you, hot-seat"),
        (table_fields(2, seat_A="hot-seat", seat_B="bot:random"), "choose one side for yourself"),
        (table_fields(3, seat_C="you"), "you play one side only"),
        (table_fields(3, seat_B="invite", seat_C="invite"), "one side at most is played by an"),
        (table_fields(2, seat_B="bot:" + "x" * MAX_FIELD), f"at most {MAX_FIELD} characters"),
        (table_fields(2, players="2" * (MAX_FIELD + 1)), f"at most {MAX_FIELD} characters"),
        (table_fields(2, battlefield="the moon"), "choose a battlefield"),
        (table_fields(2, terrain="lava"), "choose a terrain preset"),
    ],
)
def test_a_bad_choice_is_refused_in_words_and_nothing_is_stored(
    app: Flask, host: FlaskClient, fields: dict[str, str], words: str
) -> None:
    assert_refused(app, host, fields, words)


def assert_refused(app: Flask, host: FlaskClient, fields: dict[str, str], words: str) -> None:
    """The form's ``fields`` are refused with a 400 saying ``words``, nothing stored."""
    before = stored_games(app)
    response = form(host, "/play/new", fields)
    assert response.status_code == 400
    assert words in response.get_data(as_text=True).replace("&#39;", "'")
    assert stored_games(app) == before


def test_sides_beyond_the_number_of_players_are_not_read(app: Flask, host: FlaskClient) -> None:
    """Without script every side's row is sent; only the first ``players`` count."""
    fields = table_fields(6, players="2", seat_C="you", character_D="")
    game_id = new_game(host, **fields)
    assert [p["side"] for p in current(app, game_id).setup["players"]] == ["A", "B"]


def test_seats_chosen_side_by_side_are_checked_by_play_too(app: Flask, host: FlaskClient) -> None:
    """A script calling ``Play.create_seated`` gets the same refusals: one host side,
    one invitation at most, the game's own sides; nothing stored."""
    services = app.extensions["shiai"]
    account = services.accounts.create("ujimasa", "Ujimasa", "correct horse battery", "player")
    setup = registry.get("senjutsu").sample_setups()[0]
    sides = [player["side"] for player in setup["players"]]
    before = stored_games(app)
    for seating, words in [
        ({side: SeatChoice(HOST) for side in sides}, "choose one side for yourself"),
        ({side: SeatChoice(INVITE) for side in sides}, "choose one side for yourself"),
        ({"A": SeatChoice(HOST), "Z": SeatChoice(HOT_SEAT)}, "seats were chosen for A, Z"),
        ({"A": SeatChoice(HOST), "B": SeatChoice(BOT, "nobody")}, "the bot must be one of"),
    ]:
        with pytest.raises(PlayRefused, match=words):
            services.play.create_seated(account, "senjutsu", setup, seating)
    assert stored_games(app) == before

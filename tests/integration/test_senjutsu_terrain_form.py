"""Senjutsu's new-game form: the terrain placed for the players (the sample set-up's
way) or by them in turns from a pool of pieces, and a battlefield of two boards
combined side by side (Battlefield Setup, steps 1 and 2); every bad choice refused
with a 400 in words, nothing stored."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.integration import test_senjutsu_platform as platform_tests
from tests.integration.test_senjutsu_platform import current, new_game
from tests.integration.test_senjutsu_players_form import assert_refused, table_fields

app = platform_tests.app
host = platform_tests.host

TWO_BOARDS = "snowy-battlefield+frozen-lake"


def test_the_form_offers_terrain_in_turns_with_piece_counts_and_two_boards(
    host: FlaskClient,
) -> None:
    page = host.get("/play/new?system=senjutsu").get_data(as_text=True)
    assert 'name="terrain_mode" value="placed" checked' in page
    assert 'name="terrain_mode" value="turns"' in page
    assert f'<option value="{TWO_BOARDS}">' in page
    assert "side by side (two boards)" in page
    counts = re.search(r'<select id="pool_rocks" name="pool_rocks"[^>]*>(.*?)</select>', page, re.S)
    assert counts
    # The box holds 3 rocks; the default preset (three rocks) fills the count.
    assert re.findall(r'<option value="(\d)"', counts.group(1)) == ["0", "1", "2", "3"]
    assert '<option value="3" selected>' in counts.group(1)
    # The same-board pairs (the two sides of one board) are not offered.
    assert "snowy-battlefield+burning-village" not in page
    assert "burning-village+snowy-battlefield" not in page


def test_terrain_in_turns_starts_the_game_in_the_terrain_phase_with_the_pool(
    app: Flask, host: FlaskClient
) -> None:
    fields = table_fields(2, terrain_mode="turns", pool_rocks="2", pool_shrine="1", pool_bamboo="0")
    game_id = new_game(host, **fields)
    setup = current(app, game_id).setup
    assert setup["terrain"] == []
    assert sorted(setup["terrain_pool"]) == ["rocks", "rocks", "shrine"]
    page = host.get(f"/games/{game_id}").get_data(as_text=True)
    assert '"terrain_pool"' in page
    assert "terrain_roll" in page


def test_terrain_in_turns_without_counts_takes_the_presets_pieces(
    app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, **table_fields(2, terrain_mode="turns", terrain="mixed"))
    setup = current(app, game_id).setup
    assert sorted(setup["terrain_pool"]) == ["bamboo", "cherry-tree", "rocks", "shrine"]


def test_two_boards_side_by_side_make_one_battlefield_with_the_preset_on_it(
    app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, **table_fields(2, battlefield=TWO_BOARDS, terrain="mixed"))
    setup = current(app, game_id).setup
    assert setup["battlefield"] == [
        {"battlefield": "snowy-battlefield", "offset": [0, 0]},
        {"battlefield": "frozen-lake", "offset": [9, 0]},
    ]
    assert len(setup["terrain"]) == 4
    assert "terrain_pool" not in setup


def test_a_solo_game_may_place_its_terrain_in_turns(app: Flask, host: FlaskClient) -> None:
    fields = table_fields(1, mode="solo", opponent_1="ashigaru-katana", terrain_mode="turns")
    game_id = new_game(host, **fields)
    assert current(app, game_id).setup["terrain_pool"] == ["rocks", "rocks", "rocks"]


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        (table_fields(2, battlefield="snowy-battlefield+lava"), "choose a battlefield the box"),
        (
            table_fields(2, battlefield="snowy-battlefield+burning-village"),
            "are the two sides of one board",
        ),
        (
            table_fields(2, battlefield="snowy-battlefield+frozen-lake+icy-bridge"),
            "2 boards combined",
        ),
        (table_fields(2, terrain_mode="later"), "by the players"),
        (table_fields(2, terrain_mode="turns", pool_rocks="4"), "Rocks: from 0 to 3 pieces"),
        (table_fields(2, terrain_mode="turns", pool_rocks="-1"), "Rocks: from 0 to 3 pieces"),
        (
            table_fields(2, terrain_mode="turns", pool_rocks="0", pool_shrine="0"),
            "choose at least one piece",
        ),
        (table_fields(2, terrain_mode="turns", pool_rocks="9" * 200), "at most 100 characters"),
        (table_fields(2, terrain_mode="turns", terrain="none"), "choose at least one piece"),
    ],
)
def test_a_bad_terrain_or_battlefield_choice_is_refused_and_nothing_is_stored(
    app: Flask, host: FlaskClient, fields: dict[str, str], words: str
) -> None:
    assert_refused(app, host, fields, words)

"""Senjutsu's position editor through its endpoints: a judge edits a position of a
finished Senjutsu game (a character moved, its wounds set, a hand chosen); the board
started from it has the edited state in its record; the engine refuses what the rules
do not allow in its words and starts nothing; and it answers what a character may do."""

from __future__ import annotations

from collections import Counter
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.hexgrid import Hex
from engine.senjutsu import Senjutsu
from engine.senjutsu.state.access import board_hexes, occupied, solid_hexes
from replays.bot_games import play_bot_game
from tests.integration.test_sandbox_editor import judge, post_edits, state_at

__all__ = ["judge"]  # the fixture, shared with Kensei's editor tests


@pytest.fixture
def senjutsu_game(sqlite_app: Flask) -> UUID:
    senjutsu = Senjutsu()
    records = sqlite_app.extensions["shiai"].records
    return play_bot_game(records, senjutsu.id, senjutsu.sample_setups()[0], bot_seed="editor")


def choose_step(app: Flask, game_id: UUID) -> int:
    """A step where both players choose a card: everyone stands on the battlefield."""
    records = app.extensions["shiai"].records
    for entry in records.steps(game_id):
        prompt = records.state_at(game_id, entry.step).prompt
        if prompt is not None and prompt["kind"] == "choose":
            return entry.step
    raise AssertionError("no Choose step in the game")


def test_an_edited_senjutsu_position_starts_a_board_with_the_edited_state(
    sqlite_app: Flask, judge: FlaskClient, senjutsu_game: UUID
) -> None:
    catalogue = Senjutsu().catalogue
    records = sqlite_app.extensions["shiai"].records
    step = choose_step(sqlite_app, senjutsu_game)
    state = state_at(sqlite_app, senjutsu_game, step)
    taken = set(occupied(state)) | solid_hexes(state)
    where = next(h for h in sorted(board_hexes(state), key=Hex.to_json) if h not in taken)
    mine = state["characters"]["A"]
    core = [c for c in mine["hand"] if catalogue.card(c).core]
    hand = sorted([*core, mine["deck"][0]])
    edits = [
        {"edit": "move", "character": "A", "hex": where.to_json(), "facing": 4},
        {"edit": "markers", "character": "A", "wounds": 1, "bleeding": 0, "stuns": 0},
        {"edit": "hand", "character": "A", "cards": hand},
    ]
    page = judge.get(f"/games/{senjutsu_game}/editor?step={step}")
    assert page.status_code == 200
    assert "systems/senjutsu/editor.js" in page.get_data(as_text=True)
    response = post_edits(judge, senjutsu_game, {"step": step, "edits": edits})
    assert response.status_code == 201, response.get_json()
    board = UUID(response.get_json()["game"])
    setup = records.export_record(board)["setup"]
    assert setup["edited"] is True
    assert setup["analysis_of"]["game"] == str(senjutsu_game)
    edited = state_at(sqlite_app, board, 0)["characters"]["A"]
    assert (edited["hex"], edited["facing"], edited["wounds"]) == (where.to_json(), 4, 1)
    assert edited["hand"] == hand
    owned = Counter([*mine["hand"], *mine["deck"], *(d["card"] for d in mine["discard"])])
    now = Counter([*edited["hand"], *edited["deck"], *(d["card"] for d in edited["discard"])])
    assert now == owned  # no card duplicated, none lost

    # What can this character do: side A is asked to choose a card.
    answer = judge.get(f"/play/games/{board}/units/A?step=0").get_json()
    assert answer["waiting"] is None
    assert any(line.startswith("choose") for line in answer["lines"]), answer


def test_a_senjutsu_edit_against_the_rules_is_refused_in_words_and_starts_nothing(
    sqlite_app: Flask, judge: FlaskClient, senjutsu_game: UUID
) -> None:
    step = choose_step(sqlite_app, senjutsu_game)
    other = state_at(sqlite_app, senjutsu_game, step)["characters"]["B"]["hex"]
    before = sqlite_app.extensions["shiai"].records.summary(senjutsu_game)
    onto = {"edit": "move", "character": "A", "hex": other, "facing": 0}
    response = post_edits(judge, senjutsu_game, {"step": step, "edits": [onto]})
    assert response.status_code == 422
    assert "side B stands on" in response.get_json()["message"]
    bad = {"edit": "hand", "character": "A", "cards": "all"}
    assert post_edits(judge, senjutsu_game, {"step": step, "edits": [bad]}).status_code == 400
    after = sqlite_app.extensions["shiai"].records.summary(senjutsu_game)
    assert (after.last_step, after.outcome) == (before.last_step, before.outcome)

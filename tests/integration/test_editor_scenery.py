"""Kensei's position editor on the scenery, through the web: a piece added, moved and
removed is asked about with the pending edits (the engine applies them, nothing is
stored) and starts a board from the edited table; a piece the table's rules refuse is
a 422 naming the rule, a malformed one a 400, and neither writes anything."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient

from engine.core import CommandRefused
from engine.kensei import Kensei, rules
from tests.integration.test_editor_pending_edits import ask
from tests.integration.test_sandbox_editor import (
    anchor_position,
    order_step,
    post_edits,
    state_at,
)

pytest_plugins = ["tests.integration.test_sandbox_editor"]


def a_piece(**fields: Any) -> dict[str, Any]:
    """An ``add_scenery`` edit: a 10 x 5 cm difficult piece, height 1, in a corner."""
    return {
        "edit": "add_scenery",
        "x": 0,
        "y": 0,
        "width": 1000,
        "depth": 500,
        "kind": "difficult",
        "height": 1,
        **fields,
    }


def a_free_corner(state: dict[str, Any]) -> dict[str, Any]:
    """An ``add_scenery`` edit whose piece the engine accepts: a corner of the table."""
    width, height = state["table"]["width"], state["table"]["height"]
    for x, y in ((0, 0), (width - 1000, 0), (0, height - 500), (width - 1000, height - 500)):
        try:
            Kensei().edit_position(state, [a_piece(x=x, y=y)])
        except CommandRefused:
            continue
        return a_piece(x=x, y=y)
    raise AssertionError("no free corner on the table")


def an_order(app: Flask, game: UUID) -> tuple[Any, tuple[int, str, dict[str, Any]]]:
    """The game's head as it is now, and a step where a unit is asked for its order, that
    unit and the state there."""
    step, uid = order_step(app, game)
    return app.extensions["shiai"].records.head(game), (step, uid, state_at(app, game, step))


def test_scenery_added_and_removed_is_asked_about_then_starts_a_board(
    sqlite_app: Flask, judge: FlaskClient, kensei_game: UUID
) -> None:
    records = sqlite_app.extensions["shiai"].records
    before, (step, uid, state) = an_order(sqlite_app, kensei_game)
    gone = state["scenery"][0]["id"]
    edits = [a_free_corner(state), {"edit": "remove_scenery", "piece": gone}]

    # Asked about with the pending edits: answered, nothing stored.
    answer = ask(judge, kensei_game, uid, {"step": step, "edits": edits})
    assert answer.status_code == 200, answer.get_json()
    assert records.head(kensei_game) == before

    # Started: the board's table has the new piece and not the removed one.
    response = post_edits(judge, kensei_game, {"step": step, "edits": edits})
    assert response.status_code == 201, response.get_json()
    scenery = {
        p["id"]: p for p in state_at(sqlite_app, UUID(response.get_json()["game"]), 0)["scenery"]
    }
    assert gone not in scenery
    assert scenery["edit-1"]["kind"] == "difficult"


def test_scenery_the_table_refuses_is_a_422_naming_the_rule_and_bad_scenery_a_400(
    sqlite_app: Flask, judge: FlaskClient, kensei_game: UUID
) -> None:
    records = sqlite_app.extensions["shiai"].records
    before, (step, uid, state) = an_order(sqlite_app, kensei_game)
    x, y = anchor_position(state, uid)
    under = a_piece(x=x // 500 * 500 - 500, y=y // 500 * 500 - 500)
    under |= {"width": 1500, "depth": 1500, "kind": "impassable"}
    for refused, rule in (
        (under, rules.CROSSING_OBSTACLES),
        (a_piece(width=1200), rules.SCENERY),
        (a_piece(x=state["table"]["width"]), rules.SCENERY),
    ):
        answer = ask(judge, kensei_game, uid, {"step": step, "edits": [refused]})
        assert answer.status_code == 422, (refused, answer.get_json())
        assert answer.get_json()["rule"] == rule, answer.get_json()
        started = post_edits(judge, kensei_game, {"step": step, "edits": [refused]})
        assert started.status_code == 422
    for malformed in (
        a_piece(kind="lava"),
        a_piece(kind="x" * 5000),
        a_piece(height="1"),
        {"edit": "remove_scenery", "piece": "nowhere"},
    ):
        answer = ask(judge, kensei_game, uid, {"step": step, "edits": [malformed]})
        assert answer.status_code == 400, (malformed, answer.get_json())
    assert records.head(kensei_game) == before

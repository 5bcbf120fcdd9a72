"""The position editor asks the engine about its unsaved edits: "what can this unit do"
is answered for the position at a step with the pending edits applied by the engine
(``Ruleset.edit_position``) and never stored; a refused edit is a 422 in the engine's
words, bad input (malformed, too many edits, too many bytes) a 400; nothing is written."""

from __future__ import annotations

import secrets
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient

from engine.core.edits import MAX_EDITS
from shiai.web.analysis_board import MAX_EDITS_BYTES
from tests.integration.test_sandbox_editor import order_step, state_at

pytest_plugins = ["tests.integration.test_sandbox_editor"]


def ask(client: FlaskClient, game_id: UUID, unit: str, body: Any, **kwargs: Any) -> Any:
    with client.session_transaction() as session:
        token = session.setdefault("csrf_token", secrets.token_urlsafe(16))
    return client.post(
        f"/play/games/{game_id}/units/{unit}", headers={"X-CSRF-Token": token}, json=body, **kwargs
    )


def in_contact(
    client: FlaskClient, game_id: UUID, step: int, state: dict[str, Any], uid: str
) -> list[str]:
    """The engine's answer for ``uid`` moved 8 cm from an enemy (the first place,
    below or above one, that the engine accepts)."""
    side = state["units"][uid]["side"]
    for enemy in state["units"].values():
        standing = [m for m in enemy["minis"] if state["minis"][m]["placed"]]
        standing = [m for m in standing if not state["minis"][m]["removed"]]
        if enemy["side"] == side or not standing:
            continue
        target = state["minis"][standing[0]]
        for dy in (-800, 800):
            move = {"edit": "move", "unit": uid, "x": target["x"], "y": target["y"] + dy}
            answer = ask(client, game_id, uid, {"step": step, "edits": [{**move, "facing": 0}]})
            if answer.status_code == 200:
                lines: list[str] = answer.get_json()["lines"]
                return lines
    raise AssertionError("no place in front of an enemy")


def test_a_unit_is_asked_about_in_the_edited_position_before_a_board_is_started(
    sqlite_app: Flask, kensei_game: UUID
) -> None:
    visitor = sqlite_app.test_client()  # signed out: asking stores nothing
    records = sqlite_app.extensions["shiai"].records
    before = records.head(kensei_game)
    step, uid = order_step(sqlite_app, kensei_game)
    state = state_at(sqlite_app, kensei_game, step)
    recorded = visitor.get(f"/play/games/{kensei_game}/units/{uid}?step={step}").get_json()
    assert any(line.startswith("order: ") for line in recorded["lines"])

    # Unedited, the answer is the recorded step's.
    same = ask(visitor, kensei_game, uid, {"step": step, "edits": []})
    assert same.status_code == 400  # the engine asks for one edit or more
    centre = {"x": state["table"]["width"] // 2, "y": state["table"]["height"] // 2}
    moved = {"edit": "move", "unit": uid, **centre, "facing": 0}
    answer = ask(visitor, kensei_game, uid, {"step": step, "edits": [moved]})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["prompt"] == recorded["prompt"]
    assert answer.get_json()["lines"]

    # The edit makes a difference the engine sees: moved before an enemy, the unit may
    # charge or attack it, which it could not where it stood.
    near = in_contact(visitor, kensei_game, step, state, uid)
    assert near != recorded["lines"]
    assert not any(w in line for line in recorded["lines"] for w in ("charge", "attack"))
    assert any(w in line for line in near for w in ("charge", "attack")), near
    gone = ask(
        visitor, kensei_game, uid, {"step": step, "edits": [{"edit": "remove", "unit": uid}]}
    )
    assert gone.status_code == 422
    assert "activation under way" in gone.get_json()["message"]

    # A refused edit: the engine's words, 422.
    off = {"edit": "move", "unit": uid, "x": 0, "y": 0, "facing": 0}
    refused = ask(visitor, kensei_game, uid, {"step": step, "edits": [off]})
    assert refused.status_code == 422
    assert "off the table" in refused.get_json()["message"]
    assert records.head(kensei_game) == before


BAD_QUESTIONS = [
    ([1], "send {"),
    ({"step": 0}, "send {"),
    ({"step": 0, "edits": [], "why": 1}, "send {"),
    ({"step": "x", "edits": [{"edit": "remove", "unit": "A.u1"}]}, "step must be"),
    ({"step": 0, "edits": [{"edit": "fly"}]}, "no unit 'None'"),
    ({"step": 0, "edits": [{"edit": "remove", "unit": "A.u1"}] * (MAX_EDITS + 1)}, "at most"),
    ({"step": 0, "edits": [{"edit": "x" * MAX_EDITS_BYTES}]}, "bytes"),
]


def test_bad_questions_are_refused_in_words(sqlite_app: Flask, kensei_game: UUID) -> None:
    client = sqlite_app.test_client()
    for body, words in BAD_QUESTIONS:
        answer = ask(client, kensei_game, "A.u1", body)
        assert answer.status_code == 400, (body, answer.get_json())
        assert words in answer.get_json()["message"], answer.get_json()
    with client.session_transaction() as session:
        token = session.setdefault("csrf_token", secrets.token_urlsafe(16))
    not_json = client.post(
        f"/play/games/{kensei_game}/units/A.u1",
        headers={"X-CSRF-Token": token},
        data="{",
        content_type="application/json",
    )
    assert not_json.status_code == 400

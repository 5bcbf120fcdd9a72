"""Analysis boards in the browser: "Analyse from here" on a game's page starts a
sandbox game from the step shown (shiai.sandbox) and opens its play page; the
page of an analysis board says what it is an analysis of."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from engine.core import Ruleset
from engine.core.position import is_position_setup
from replays import registry
from replays.records import GameSummary
from shiai.errors import BadRequest, NotSignedIn
from shiai.sandbox import Sandboxes, analysis_origin
from shiai.web.api import json_body
from shiai.web.auth import csrf_token, current_account, login_required, signed_in

bp = Blueprint("analysis_board", __name__)
MAX_UNIT_ID = 40


def _sandboxes() -> Sandboxes:
    services = current_app.extensions["shiai"]
    return Sandboxes(services.records, services.play)


@bp.post("/games/<uuid:game_id>/analyse")
@login_required
def analyse(game_id: UUID) -> ResponseReturnValue:
    """Start an analysis board from ``step`` (a form field) and open it."""
    board = _sandboxes().analyse(signed_in().id, game_id, _step(request.form.get("step", "")))
    return redirect(url_for("games.game", game_id=board), 303)


MAX_STEP_DIGITS = 9


def _step(raw: object) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < 10**MAX_STEP_DIGITS:
        return raw
    if isinstance(raw, str) and re.fullmatch(rf"[0-9]{{1,{MAX_STEP_DIGITS}}}", raw):
        return int(raw)
    raise BadRequest(f"step must be a whole number, not {str(raw)[:20]!r}")


@bp.get("/games/<uuid:game_id>/editor")
def editor(game_id: UUID) -> ResponseReturnValue:
    """The position editor at a step of a game: the whole state (if the visitor may
    see it all), its units, and the system's forms to edit them and ask what one may
    do (templates/systems/<system>/editor_form.html, static/systems/<system>/editor.js)."""
    step = _step(request.args.get("step", "0"))
    account = current_account()
    records = current_app.extensions["shiai"].records
    summary = records.summary(game_id)
    if not _has_editor(registry.get(summary.ruleset)):
        raise BadRequest(f"{summary.ruleset} has no position editor yet")
    state, origin, _ = _sandboxes().visible_position(account.id if account else None, game_id, step)
    data = {
        "game": str(game_id),
        "step": origin["step"],
        "state": state,
        "edits": url_for("analysis_board.edits", game_id=game_id),
        "options": url_for("analysis_board.options", game_id=game_id, unit="UNIT"),
        "signed_in": account is not None,
        "csrf": csrf_token() if account is not None else None,
        "board": url_for("games.game", game_id=game_id, step=origin["step"]),
    }
    return render_template(
        "analysis_editor.html", game=summary, origin=origin, editor=data, state=state
    )


@bp.post("/play/games/<uuid:game_id>/edits")
def edits(game_id: UUID) -> ResponseReturnValue:
    """Start an analysis board from a step with the editor's edits: 201 with its
    address; 400 malformed, 422 against the table's rules, 401 signed out."""
    account = current_account()
    if account is None:
        raise NotSignedIn("sign in to set up a position: it starts a board of your own")
    body = json_body(None)
    if not isinstance(body, dict) or set(body) - {"step", "edits"}:
        raise BadRequest('send {"step": <whole number>, "edits": [<edit>, ...]}')
    board = _sandboxes().edit(account.id, game_id, _step(body.get("step")), body.get("edits"))
    return jsonify(
        {
            "game": str(board),
            "url": url_for("games.game", game_id=board),
            "editor": url_for("analysis_board.editor", game_id=board, step=0),
        }
    ), 201


@bp.get("/play/games/<uuid:game_id>/units/<unit>")
def options(game_id: UUID, unit: str) -> ResponseReturnValue:
    """What a unit may do at a step, in the engine's words, with links to the odds of
    its attacks where the system has an odds calculator."""
    if len(unit) > MAX_UNIT_ID:
        raise BadRequest(f"a unit id has at most {MAX_UNIT_ID} characters")
    account = current_account()
    found = _sandboxes().unit_options(
        account.id if account else None, game_id, _step(request.args.get("step", "0")), unit
    )
    odds_endpoint = "kensei.odds" if "kensei.odds" in current_app.view_functions else None
    return jsonify(
        {
            "unit": found.unit,
            "prompt": found.prompt,
            "lines": found.lines,
            "waiting": found.waiting,
            "odds": [
                {
                    "kind": asked["kind"],
                    "order": asked["order"],
                    "url": url_for(odds_endpoint, kind=asked["kind"]),
                }
                for asked in found.odds
            ]
            if odds_endpoint
            else [],
        }
    )


@bp.app_template_global("analysis_board")
def analysis_board(summary: GameSummary) -> dict[str, Any]:
    """What a game's page shows of analysis: where an analysis board's position
    came from (``origin``), and whether to offer "Analyse from here" (``offer``: a
    signed-in visitor, and the game's state is all visible to them now; the
    server checks the step asked for again)."""
    records = current_app.extensions["shiai"].records
    game = records.current(summary.id)
    account = current_account()
    offer = False
    if account is not None:
        if summary.outcome is not None:
            offer = True
        elif is_position_setup(game.setup):
            sides = current_app.extensions["shiai"].play.sides_of(summary.id, account.id)
            offer = set(sides) >= set(summary.sides)
        else:
            offer = registry.get(game.ruleset).view(game.state, None) == game.state
    editor = _has_editor(registry.get(game.ruleset))
    return {"origin": analysis_origin(game.setup), "offer": offer, "editor": offer and editor}


def _has_editor(ruleset: Ruleset) -> bool:
    return type(ruleset).edit_position is not Ruleset.edit_position

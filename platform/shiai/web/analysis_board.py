"""Analysis boards in the browser: "Analyse from here" on a game's page starts a
sandbox game from the step shown (shiai.sandbox) and opens its play page; the
page of an analysis board says what it is an analysis of."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from flask import Blueprint, current_app, redirect, request, url_for
from flask.typing import ResponseReturnValue

from engine.core.position import is_position_setup
from replays import registry
from replays.records import GameSummary
from shiai.errors import BadRequest
from shiai.sandbox import Sandboxes, analysis_origin
from shiai.web.auth import current_account, login_required, signed_in

bp = Blueprint("analysis_board", __name__)


def _sandboxes() -> Sandboxes:
    services = current_app.extensions["shiai"]
    return Sandboxes(services.records, services.play)


@bp.post("/games/<uuid:game_id>/analyse")
@login_required
def analyse(game_id: UUID) -> ResponseReturnValue:
    """Start an analysis board from ``step`` (a form field) and open it."""
    raw_step = request.form.get("step", "")
    if not re.fullmatch(r"[0-9]{1,9}", raw_step):
        raise BadRequest(f"step must be a whole number, not {raw_step[:20]!r}")
    board = _sandboxes().analyse(signed_in().id, game_id, int(raw_step))
    return redirect(url_for("games.game", game_id=board), 303)


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
    return {"origin": analysis_origin(game.setup), "offer": offer}

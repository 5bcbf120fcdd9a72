"""Pages: the games list and a game at any step."""

from __future__ import annotations

import json
import re
from uuid import UUID

from flask import Blueprint, current_app, render_template, request
from flask.typing import ResponseReturnValue

from shiai.errors import BadRequest
from shiai.web.queries import list_games

bp = Blueprint("games", __name__)

PAGE_SIZE = 25
MAX_PAGE = 1_000_000


@bp.get("/")
@bp.get("/games")
def index() -> ResponseReturnValue:
    raw_page = request.args.get("page", "1")
    # Bounded, so that the offset stays within what every database can take.
    if not re.fullmatch(r"[0-9]{1,7}", raw_page) or not 1 <= int(raw_page) <= MAX_PAGE:
        raise BadRequest(f"page must be a whole number from 1 to {MAX_PAGE}, not {raw_page!r}")
    page = int(raw_page)
    rows, total = list_games(
        current_app.extensions["shiai"].db_engine, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE
    )
    pages = max(1, -(-total // PAGE_SIZE))
    return render_template("games.html", games=rows, total=total, page=page, pages=pages)


@bp.get("/games/<uuid:game_id>")
def game(game_id: UUID) -> ResponseReturnValue:
    records = current_app.extensions["shiai"].records
    summary = records.summary(game_id)
    raw_step = request.args.get("step")
    if raw_step is None:
        step = summary.last_step
    elif re.fullmatch(r"-?[0-9]{1,12}", raw_step):
        step = int(raw_step)
    else:
        raise BadRequest(f"step must be a whole number, not {raw_step!r}")
    shown = records.state_at(game_id, step)
    return render_template(
        "game.html",
        game=summary,
        shown=shown,
        state_json=json.dumps(shown.state, indent=2, sort_keys=True, ensure_ascii=False),
        steps=records.steps(game_id),
    )

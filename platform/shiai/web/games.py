"""Pages: the games list and the replay viewer of a game at any step."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from flask import Blueprint, current_app, render_template, request
from flask.typing import ResponseReturnValue

from shiai.errors import BadRequest
from shiai.web.queries import list_games
from shiai.web.viewing import resolve_view

bp = Blueprint("games", __name__)

PAGE_SIZE = 25
MAX_PAGE = 1_000_000
# Replay speeds offered by the page and the share link, in steps per second.
SPEEDS = (1, 2, 4, 8)
DEFAULT_SPEED = 2


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


def _flag(name: str) -> bool:
    raw = request.args.get(name, "0")
    if raw not in ("0", "1"):
        raise BadRequest(f"{name} must be 0 or 1, not {raw!r}")
    return raw == "1"


def _speed() -> int:
    raw = request.args.get("speed", str(DEFAULT_SPEED))
    if raw not in {str(speed) for speed in SPEEDS}:
        offered = ", ".join(str(speed) for speed in SPEEDS)
        raise BadRequest(f"speed must be one of {offered} steps per second, not {raw!r}")
    return int(raw)


@bp.get("/games/<uuid:game_id>")
def game(game_id: UUID) -> ResponseReturnValue:
    records = current_app.extensions["shiai"].records
    summary = records.summary(game_id)
    view = resolve_view(summary, request.args.get("view"))
    raw_step = request.args.get("step")
    if raw_step is None:
        step = summary.last_step
    elif re.fullmatch(r"-?[0-9]{1,12}", raw_step):
        step = int(raw_step)
    else:
        raise BadRequest(f"step must be a whole number, not {raw_step!r}")
    play, speed = _flag("play"), _speed()
    shown = records.state_at(game_id, step, view.viewer)
    steps = records.steps(game_id, view.viewer)
    # What the viewer's scripts start from: the steps' events (to draw the log,
    # the dice and the timeline) and the state shown; further states come from
    # /api/games/<id>/steps/<n>. Commands are left out (the events carry all), and
    # so are the summaries: the scripts read them from the log the page lists.
    replay: dict[str, Any] = {
        "game": {
            "id": str(summary.id),
            "ruleset": summary.ruleset,
            "sides": summary.sides,
            "status": summary.status,
            "last_step": shown.last_step,
        },
        "view": view.value,
        "play": play,
        "speed": speed,
        "speeds": list(SPEEDS),
        "steps": [
            {
                "step": entry.step,
                "command": entry.command_index,
                "by": entry.command.get("side") if entry.command else None,
                "event": entry.event,
            }
            for entry in steps
        ],
        "shown": {
            "step": shown.step,
            "state": shown.state,
            "hash": shown.hash,
            "prompt": shown.prompt,
        },
    }
    return render_template(
        "game.html",
        game=summary,
        shown=shown,
        steps=steps,
        view=view,
        replay=replay,
        speeds=SPEEDS,
        speed=speed,
    )

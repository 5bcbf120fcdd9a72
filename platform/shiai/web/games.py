"""Pages: the games list (``/games``; ``/`` is the home page, web/home.py) and the
replay viewer of a game at any step."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from flask import Blueprint, current_app, render_template, request, url_for
from flask.typing import ResponseReturnValue

from replays import registry
from replays.records import GameSummary
from shiai.errors import BadRequest
from shiai.systems import Scripts, SystemPlugin
from shiai.web.auth import csrf_token, current_account
from shiai.web.queries import list_games
from shiai.web.viewing import View, resolve_view, seat_view

bp = Blueprint("games", __name__)

PAGE_SIZE = 25
MAX_PAGE = 1_000_000
# Replay speeds offered by the page and the share link, in steps per second.
SPEEDS = (1, 2, 4, 8)
DEFAULT_SPEED = 2


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
def game(game_id: UUID, study: dict[str, Any] | None = None) -> ResponseReturnValue:
    """The replay page; ``study``: shown as a study's page (shiai.web.studies)."""
    records = current_app.extensions["shiai"].records
    summary = records.summary(game_id)
    view = resolve_view(summary, request.args.get("view") or seat_view(summary))
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
                "tags": list(entry.tags),
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
    live = _live(summary, view)
    replay["live"] = live
    system = current_app.extensions["shiai"].systems.find(summary.ruleset)
    replay["scripts"] = _scripts(system)
    return render_template(
        "game.html",
        system=system,
        game=summary,
        shown=shown,
        steps=steps,
        view=view,
        replay=replay,
        speeds=SPEEDS,
        speed=speed,
        live=live,
        study=study,
    )


def _scripts(system: SystemPlugin | None) -> dict[str, str | None]:
    """Where the viewer's and the play mode's scripts import the game's system's
    modules from (static/viewer/replay.js, play.js); ``None``: the generic ones."""
    scripts = system.scripts if system is not None else Scripts()
    return {
        kind: url_for("static", filename=path) if path is not None else None
        for kind, path in (("replay", scripts.replay), ("play", scripts.play))
    }


def _live(summary: GameSummary, view: View) -> dict[str, Any] | None:
    """What the play mode's script needs (shiai/static/viewer/play.js): who sits
    where, which sides this account answers for, where to send answers. ``None``
    once the game has ended: nothing changes any more."""
    if summary.outcome is not None:
        return None
    services = current_app.extensions["shiai"]
    account = current_account()
    seats = services.play.seats(summary.id)
    names = services.accounts.names([s.account_id for s in seats.values() if s.account_id])
    you_play = list(services.play.sides_of(summary.id, account.id if account else None))
    ruleset = registry.get(summary.ruleset)
    players = {}
    for side, seat in seats.items():
        if seat.bot is not None:
            players[side] = f"{seat.bot} bot"
        elif seat.account_id is None:
            players[side] = "invited player (not joined yet)"
        else:
            players[side] = names.get(seat.account_id, "a player")
    # A game linked to a tournament pairing: its players answer for their sides.
    for side, entry in services.game_results.pairing_players(summary.id).items():
        players.setdefault(side, entry.name)
    for side in you_play:
        players[side] = players.get(side, "a player") + " (you)"
    host = account is not None and any(s.host_id == account.id for s in seats.values())
    invitation = next((s.invitation for s in seats.values() if s.invitation), None)
    return {
        "you_play": you_play,
        "players": dict(sorted(players.items())),
        "invitation": url_for("play.join", token=invitation, _external=True)
        if host and invitation
        else None,
        "view": view.value,
        "csrf": csrf_token() if you_play else None,
        "head": url_for("api.head", game_id=summary.id),
        "steps": url_for("api.steps", game_id=summary.id),
        "commands": url_for("play.submit", game_id=summary.id),
        "proposal": url_for("play.proposal", game_id=summary.id),
        "details": url_for("play.prompt_details", game_id=summary.id),
        # The command by which each of your sides resigns (engine.core.concession), and
        # the standing answers the system offers (engine.core.standing).
        "concede": {side: ruleset.concede_command(side) for side in you_play},
        "standing": [choice.to_dict() for choice in ruleset.standing_choices()],
        "command_key": ruleset.command_key,
    }

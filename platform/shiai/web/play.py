"""Playing in the browser: a new game against a bot, hot-seat or an invited
player; claiming an invitation; the page's JSON calls to answer a prompt.

The JSON calls under /play/games are session-authenticated (the page's
cookie), so unlike /api they need the CSRF token, sent as ``X-CSRF-Token``.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from engine.core import InvalidCommand
from engine.kensei import RANDOM_SCENARIO, SCENARIOS, sample_armies
from shiai.errors import BadRequest, NotSignedIn
from shiai.play import BOT, BOTS, HOT_SEAT, INVITE, Play, PlayRefused
from shiai.web.api import json_body
from shiai.web.auth import current_account, login_required, signed_in

bp = Blueprint("play", __name__, url_prefix="/play")

SIDES = ("A", "B")
MAX_ARMY_LIST = 256 * 1024  # bytes of an uploaded army list
OPPONENT_LABELS = {
    BOT: "a bot",
    HOT_SEAT: "hot-seat: I play both sides on this screen",
    INVITE: "another player, through an invitation link",
}


def _play() -> Play:
    found: Play = current_app.extensions["shiai"].play
    return found


def _form_options() -> dict[str, Any]:
    return {
        "armies": sample_armies(),
        "scenarios": [(key, scenario["name"]) for key, scenario in SCENARIOS.items()]
        + [(RANDOM_SCENARIO, "Drawn at random (Game System > 3)")],
        "opponents": OPPONENT_LABELS,
        "bots": BOTS,
        "sides": SIDES,
    }


def _army(side: str) -> Any:
    """Side's army: an uploaded army list (JSON) if one was sent, else a sample's name."""
    upload = request.files.get(f"army_{side}_file")
    if upload is not None and upload.filename:
        raw = upload.stream.read(MAX_ARMY_LIST + 1)
        if len(raw) > MAX_ARMY_LIST:
            raise InvalidCommand(f"army list {side} is larger than {MAX_ARMY_LIST // 1024} kB")
        try:
            return json.loads(raw)
        except ValueError as error:
            raise InvalidCommand(f"army list {side} is not valid JSON: {error}") from None
    name = request.form.get(f"army_{side}", "")
    if name not in sample_armies():
        raise InvalidCommand(f"choose a sample army or upload an army list for side {side}")
    return name


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new_game() -> ResponseReturnValue:
    options = _form_options()
    if request.method == "GET":
        return render_template("play_new.html", form={}, **options)
    account = signed_in()
    form = request.form
    try:
        setup = {
            "armies": {side: _army(side) for side in SIDES},
            "scenario": form.get("scenario", ""),
        }
        side = form.get("side", "A")
        if side not in SIDES:
            raise InvalidCommand("your side must be A or B")
        opponent = form.get("opponent", BOT)
        bot = form.get("bot", "random")
        against = {BOT: f"the {bot} bot", HOT_SEAT: "themselves", INVITE: "an invited player"}
        created = _play().create(
            account.id,
            "kensei",
            setup,
            opponent=opponent,
            host_side=side,
            bot=bot,
            title=form.get("title", "").strip()[:200]
            or f"{account.display_name} ({side}) vs {against.get(opponent, opponent)}",
        )
    except (InvalidCommand, PlayRefused) as error:
        return render_template("play_new.html", form=form, error=error.message, **options), 400
    return redirect(url_for("games.game", game_id=created.game_id), 303)


@bp.route("/join/<token>", methods=["GET", "POST"])
@login_required
def join(token: str) -> ResponseReturnValue:
    account = signed_in()
    game_id, seat = _play().invitation(token)
    if request.method == "GET":
        summary = current_app.extensions["shiai"].records.summary(game_id)
        host = current_app.extensions["shiai"].accounts.get(seat.host_id)
        return render_template(
            "play_join.html",
            game=summary,
            seat=seat,
            host=host,
            token=token,
            own=seat.host_id == account.id,
        )
    _play().claim(token, account.id)
    return redirect(url_for("games.game", game_id=game_id), 303)


def _player() -> str:
    account = current_account()
    if account is None:
        raise NotSignedIn("sign in to play: your session has ended")
    return account.id


@bp.post("/games/<uuid:game_id>/commands")
def submit(game_id: UUID) -> ResponseReturnValue:
    """Answer the prompt: 201 with the new last step (the bots' answers included);
    400 malformed, 403 not your side, 409 stale ``expected_step``, 422 illegal."""
    account_id = _player()
    body = json_body("PlayCommand")
    recorded = _play().submit(
        game_id, account_id, body["command"], expected_step=body["expected_step"]
    )
    last_step = current_app.extensions["shiai"].records.current(game_id).step
    return jsonify({"recorded": [entry.step for entry in recorded], "last_step": last_step}), 201


@bp.get("/games/<uuid:game_id>/proposal")
def proposal(game_id: UUID) -> ResponseReturnValue:
    """A legal command the player may accept or edit, for the side asked for."""
    account_id = _player()
    side = request.args.get("side", "")
    if not side:
        raise BadRequest("say which side: ?side=A")
    return jsonify({"command": _play().proposal(game_id, account_id, side)})

"""Playing in the browser: a new game against a bot, hot-seat or an invited
player; claiming an invitation; the page's JSON calls to answer a prompt.

The JSON calls under /play/games are session-authenticated (the page's
cookie), so unlike /api they need the CSRF token, sent as ``X-CSRF-Token``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from jsonschema import Draft202012Validator

from engine.core import InvalidCommand
from shiai.errors import BadRequest, NotSignedIn
from shiai.openapi import request_schema
from shiai.play import BOT, HOST, HOT_SEAT, INVITE, Play, PlayRefused, SeatChoice
from shiai.systems import SystemPlugin, Systems
from shiai.web.api import json_body
from shiai.web.auth import current_account, login_required, signed_in

bp = Blueprint("play", __name__, url_prefix="/play")

OPPONENT_LABELS = {
    BOT: "a bot",
    HOT_SEAT: "hot-seat: I play both sides on this screen",
    INVITE: "another player, through an invitation link",
}


def _play() -> Play:
    found: Play = current_app.extensions["shiai"].play
    return found


def _systems() -> Systems:
    found: Systems = current_app.extensions["shiai"].systems
    return found


def _form_page(system: SystemPlugin, form: Any, error: str | None = None) -> str:
    """The new-game page: the system chosen first, then its own part of the form
    (``system.form_template``), then the players (its sides, its bots)."""
    return render_template(
        "play_new.html",
        form=form,
        error=error,
        systems=_systems(),
        system=system,
        options=system.form_options(),
        opponents=OPPONENT_LABELS,
        bots=system.ruleset.bots(),
        sides={side: system.info.sides.get(side, side) for side in system.sides},
    )


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new_game() -> ResponseReturnValue:
    systems = _systems()
    asked = (request.form if request.method == "POST" else request.args).get("system", "")
    system = systems.find(asked) if asked else systems.default()
    if system is None:
        names = ", ".join(s.id for s in systems)
        error = f"no game system {asked[:40]!r} is installed; there are {names}"
        return _form_page(systems.default(), {}, error), 400
    if request.method == "GET":
        return _form_page(system, {})
    account = signed_in()
    form = request.form
    try:
        setup = system.setup_from_form(form, request.files)
        seating = system.seating_from_form(form, setup)
        if seating is not None:
            created = _play().create_seated(
                account.id,
                system.id,
                setup,
                seating,
                title=form.get("title", "").strip()[:200] or seated_title(account, seating),
            )
            return redirect(url_for("games.game", game_id=created.game_id), 303)
        side = form.get("side", system.sides[0])
        if side not in system.sides:
            raise InvalidCommand(f"your side must be {' or '.join(system.sides)}")
        opponent = form.get("opponent", BOT)
        bot = form.get("bot", system.preferred_bot)
        against = {BOT: f"the {bot} bot", HOT_SEAT: "themselves", INVITE: "an invited player"}
        created = _play().create(
            account.id,
            system.id,
            setup,
            opponent=opponent,
            host_side=side,
            bot=bot,
            title=form.get("title", "").strip()[:200]
            or f"{account.display_name} ({side}) vs {against.get(opponent, opponent)}",
        )
    except (InvalidCommand, PlayRefused) as error:
        return _form_page(system, form, error.message), 400
    return redirect(url_for("games.game", game_id=created.game_id), 303)


def seated_title(account: Any, seating: Mapping[str, SeatChoice]) -> str:
    """A game's title from its seats: "Tomoe (A) vs the random bot (B), themselves (C)"."""
    who = {HOT_SEAT: "themselves", INVITE: "an invited player"}
    mine = next(side for side, choice in seating.items() if choice.who == HOST)
    others = ", ".join(
        f"{who.get(choice.who) or f'the {choice.bot} bot'} ({side})"
        for side, choice in seating.items()
        if side != mine
    )
    return f"{account.display_name} ({mine}) vs {others}"


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
    400 malformed (or, in a game of entered dice, ``dice`` short, too many or off a
    die's faces), 403 not your side, 409 stale ``expected_step``, 422 illegal."""
    account_id = _player()
    body = json_body("PlayCommand")
    recorded = _play().submit(
        game_id,
        account_id,
        body["command"],
        expected_step=body["expected_step"],
        dice=body.get("dice"),
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


MAX_SIDE = 20  # characters of a side's name in a query


@bp.get("/games/<uuid:game_id>/prompt-details")
def prompt_details(game_id: UUID) -> ResponseReturnValue:
    """What the page may ask about the prompt of the side asked for beyond the prompt
    itself (Kensei: line of sight to each shoot and charge target), on that side's
    view; asked once a step by a person's page, never by the bots. 400 no or a
    malformed side, 401 not signed in, 403 a side the account does not play."""
    account_id = _player()
    side = request.args.get("side", "")
    if not side or len(side) > MAX_SIDE:
        raise BadRequest(f"say which side, in at most {MAX_SIDE} characters: ?side=A")
    return jsonify({"details": _play().prompt_details(game_id, account_id, side)})


_DICE_NEED = Draft202012Validator(request_schema("DiceNeedRequest"))


@bp.post("/games/<uuid:game_id>/dice")
def dice(game_id: UUID) -> ResponseReturnValue:
    """In a game of entered dice: what dice the command needs with the faces typed so
    far (``shiai.dice_needs``), nothing recorded. 400 malformed or faces off a die,
    403 not your side, 422 the command itself is illegal."""
    account_id = _player()
    body = json_body(None)
    mismatch = next(iter(sorted(_DICE_NEED.iter_errors(body), key=str)), None)
    if mismatch is not None:
        where = "/".join(str(part) for part in mismatch.absolute_path) or "body"
        raise BadRequest(f"{where}: {mismatch.message}")
    need = _play().dice_needed(game_id, account_id, body["command"], body.get("dice"))
    return jsonify({**need.to_dict(), "words": need.words()})

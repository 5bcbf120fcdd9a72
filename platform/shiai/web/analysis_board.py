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
from replays.verify import ENTERED, SEEDED
from shiai.dice_needs import MAX_ENTERED_DICE
from shiai.errors import BadRequest, NotSignedIn
from shiai.sandbox import MAX_BOARD_PAGE, Sandboxes, analysis_origin, unit_options
from shiai.web.api import json_body
from shiai.web.auth import api_caller, csrf_token, current_account, login_required, signed_in

bp = Blueprint("analysis_board", __name__)
MAX_UNIT_ID = 40


def _sandboxes() -> Sandboxes:
    services = current_app.extensions["shiai"]
    return Sandboxes(services.records, services.play)


DICE_CHOICES = {SEEDED: "seeded dice", ENTERED: "dice from the table"}


@bp.post("/games/<uuid:game_id>/analyse")
@login_required
def analyse(game_id: UUID) -> ResponseReturnValue:
    """Start an analysis board from ``step`` (a form field) with ``dice`` seeded (the
    default) or entered at the table, and open it."""
    dice_mode = request.form.get("dice", SEEDED)
    if dice_mode not in DICE_CHOICES:
        raise BadRequest(f"dice must be {SEEDED} or {ENTERED}, not {dice_mode[:20]!r}")
    board = _sandboxes().analyse(
        signed_in().id, game_id, _step(request.form.get("step", "")), dice_mode=dice_mode
    )
    return redirect(url_for("games.game", game_id=board), 303)


def _page() -> int:
    raw = request.args.get("page", "1")
    if not re.fullmatch(r"[0-9]{1,5}", raw) or not 1 <= int(raw) <= MAX_BOARD_PAGE:
        raise BadRequest(f"page must be a whole number from 1 to {MAX_BOARD_PAGE}")
    return int(raw)


@bp.get("/boards")
@login_required
def boards() -> ResponseReturnValue:
    """The signed-in account's analysis boards, newest first (anyone else's are not
    shown to anyone: the list is always the visitor's own)."""
    found = _sandboxes().boards(signed_in().id, _page())
    names = {board.ruleset: registry.get(board.ruleset).info.name for board in found.boards}
    return render_template("boards.html", found=found, systems=names)


@bp.get("/api/boards")
def api_boards() -> ResponseReturnValue:
    """The caller's analysis boards as JSON (an API token or a signed-in session)."""
    found = _sandboxes().boards(api_caller().id, _page())
    return jsonify(
        {
            "boards": [board.to_dict() for board in found.boards],
            "page": found.page,
            "next": url_for("analysis_board.api_boards", page=found.page + 1)
            if found.more
            else None,
        }
    )


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
        # Everyone asks the engine about the edited position (a POST that stores nothing).
        "csrf": csrf_token(),
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
    step, pending = _edits_body()
    board = _sandboxes().edit(account.id, game_id, step, pending)
    return jsonify(
        {
            "game": str(board),
            "url": url_for("games.game", game_id=board),
            "editor": url_for("analysis_board.editor", game_id=board, step=0),
        }
    ), 201


MAX_EDITS_BYTES = 32_000  # the body of a request carrying the editor's edits, at most


def _edits_body() -> tuple[int, Any]:
    """The step and the edits of a request from the position editor (``{"step": n,
    "edits": [...]}``, at most ``MAX_EDITS_BYTES``; the engine limits their count)."""
    if request.content_length is not None and request.content_length > MAX_EDITS_BYTES:
        raise BadRequest(f"the edits take at most {MAX_EDITS_BYTES} bytes of JSON")
    if len(request.get_data()) > MAX_EDITS_BYTES:
        raise BadRequest(f"the edits take at most {MAX_EDITS_BYTES} bytes of JSON")
    body = json_body(None)
    if not isinstance(body, dict) or set(body) - {"step", "edits"} or "edits" not in body:
        raise BadRequest('send {"step": <whole number>, "edits": [<edit>, ...]}')
    return _step(body.get("step")), body["edits"]


@bp.get("/play/games/<uuid:game_id>/units/<unit>")
@bp.post("/play/games/<uuid:game_id>/units/<unit>")
def options(game_id: UUID, unit: str) -> ResponseReturnValue:
    """What a unit may do at a step, in the engine's words, with links to the odds of
    its attacks where the system has an odds calculator. A POST asks about the
    position at the step with the editor's pending edits (``{"step", "edits"}``),
    applied by the engine (``Ruleset.edit_position``: 422 with its words if it refuses
    one) and never stored."""
    if len(unit) > MAX_UNIT_ID:
        raise BadRequest(f"a unit id has at most {MAX_UNIT_ID} characters")
    account = current_account()
    asker = account.id if account else None
    sandboxes = _sandboxes()
    if request.method == "POST":
        step, pending = _edits_body()
        state, _, _ = sandboxes.visible_position(asker, game_id, step)
        ruleset = registry.get(current_app.extensions["shiai"].records.current(game_id).ruleset)
        if not _has_editor(ruleset):
            raise BadRequest(f"{ruleset.id} has no position editor yet")
        found = unit_options(ruleset, ruleset.edit_position(state, pending), unit)
    else:
        found = sandboxes.unit_options(asker, game_id, _step(request.args.get("step", "0")), unit)
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
    ruleset = registry.get(game.ruleset)
    editor = _has_editor(ruleset)
    return {
        "origin": analysis_origin(game.setup),
        "offer": offer,
        "editor": offer and editor,
        "dice_choices": DICE_CHOICES,
        "entered_dice": _entered_dice(summary, ruleset, account.id if account else None),
    }


def _entered_dice(summary: GameSummary, ruleset: Ruleset, account_id: str | None) -> Any:
    """For static/viewer/entered-dice.js: in a running game of entered dice that the
    visitor plays, the kinds of dice the system rolls and where to ask what a
    command needs; ``None`` otherwise."""
    if summary.dice_mode != ENTERED or summary.outcome is not None or account_id is None:
        return None
    if not current_app.extensions["shiai"].play.sides_of(summary.id, account_id):
        return None
    return {
        "kinds": list(ruleset.info.dice),
        "needs": url_for("play.dice", game_id=summary.id),
        "max": MAX_ENTERED_DICE,
    }


def _has_editor(ruleset: Ruleset) -> bool:
    return type(ruleset).edit_position is not Ruleset.edit_position

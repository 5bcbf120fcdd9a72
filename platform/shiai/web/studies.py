"""Studies: a finished game with one person's annotations, shared by its link.

Pages: ``POST /studies`` opens the signed-in account's study of a game (made
the first time), ``/studies/<id>`` is the replay page with the study's panel,
``/studies`` lists the public ones and your own. JSON: ``/api/studies/<id>``
reads a study, ``PUT``/``DELETE .../annotations/<step>`` and ``PATCH`` change it
(its owner only: an API token, or the page's session with its CSRF header), and
``.../export`` gives the game record with its annotations in one file.

A study is made only of a finished game: every view of an ended game shows the
whole game, so a study's link shows no one anything the game page would not.
An unlisted study is reached only by its link (a random UUID); a public one is
also listed.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import (
    Blueprint,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from jsonschema import Draft202012Validator

from replays.errors import GameNotFound
from replays.records import GameSummary
from replays.studies import (
    COLOURS,
    COMMENT_LIMIT,
    SHAPES_LIMIT,
    TITLE_LIMIT,
    NotStudyOwner,
    Study,
    StudyRefused,
)
from shiai.errors import BadRequest, error_response
from shiai.openapi import request_schema
from shiai.studies import Studies, StudyListings, StudyNotFound, StudyRow
from shiai.web import games
from shiai.web.api import json_body
from shiai.web.auth import api_caller, csrf_token, current_account, login_required

bp = Blueprint("studies", __name__)

# The request bodies' schemas, as the OpenAPI document publishes them.
_validators = {
    name: Draft202012Validator(request_schema(name)) for name in ("StudyAnnotation", "StudyChange")
}

STUDY_FORMAT = "shiai-study/1"
UNFINISHED = (
    "a study can be made of a finished game only: "
    "its annotations would show what a side has not revealed yet"
)


def _studies() -> Studies:
    found: Studies = current_app.extensions["shiai"].studies
    return found


def _listings() -> StudyListings:
    found: StudyListings = current_app.extensions["shiai"].study_listings
    return found


def _finished_game(game_id: UUID) -> GameSummary:
    summary: GameSummary = current_app.extensions["shiai"].records.summary(game_id)
    if summary.outcome is None:
        raise StudyRefused(UNFINISHED)
    return summary


def _answer(status: int, error: str) -> Any:
    def handler(exc: Exception) -> ResponseReturnValue:
        return error_response(status, error, getattr(exc, "message", None) or str(exc))

    return handler


bp.register_error_handler(NotStudyOwner, _answer(403, "forbidden"))
bp.register_error_handler(StudyRefused, _answer(422, "refused"))
bp.register_error_handler(StudyNotFound, _answer(404, "not_found"))


def _owner_name(owner_id: str) -> str:
    names: dict[str, str] = current_app.extensions["shiai"].accounts.names([owner_id])
    return names.get(owner_id, "a former player")


def _page_data(study: Study) -> dict[str, Any]:
    """What the study's script (static/viewer/annotations.js) starts from."""
    account = current_account()
    mine = account is not None and account.id == study.owner_id
    return {
        **study.as_dict(),
        "owner": _owner_name(study.owner_id),
        "mine": mine,
        "csrf": csrf_token() if mine else None,
        "api": url_for("studies.read", study_id=study.id),
        "link": url_for("studies.page", study_id=study.id, _external=True),
        "export": url_for("studies.export", study_id=study.id),
        "limits": {"comment": COMMENT_LIMIT, "shapes": SHAPES_LIMIT, "title": TITLE_LIMIT},
        "colours": list(COLOURS),
    }


# -- pages -----------------------------------------------------------------------------


@bp.post("/studies")
@login_required
def open_study() -> ResponseReturnValue:
    """Open your study of a game, making it the first time (unlisted)."""
    raw = request.form.get("game_id", "")
    try:
        game_id = UUID(raw[:64])
    except ValueError:
        raise BadRequest(f"game_id must be a game's id, not {raw[:64]!r}") from None
    summary = _finished_game(game_id)
    account = current_account()
    assert account is not None  # login_required
    found = _listings().own(account.id, game_id)
    if found:
        study_id = found[0].id
    else:
        # One line, whatever the game's title holds (a study's title is one line).
        named = " ".join("".join(c if c.isprintable() else " " for c in summary.title).split())
        title = f"Study of {named or 'a game'}"[:TITLE_LIMIT]
        study_id = _studies().start(game_id, account.id, title, "unlisted")
    step = request.form.get("step", "")
    shown = step if step.isdigit() and len(step) <= 12 else None
    return redirect(url_for("studies.page", study_id=study_id, step=shown), 303)


@bp.get("/studies/<uuid:study_id>")
def page(study_id: UUID) -> ResponseReturnValue:
    study = _studies().get(study_id)
    return games.game(study.game_id, study=_page_data(study))


@bp.get("/studies")
def index() -> ResponseReturnValue:
    """Your studies and the public ones; ``?game=<id>``: of that game only."""
    raw = request.args.get("game")
    game = None
    if raw is not None:
        try:
            game_id = UUID(raw[:64])
        except ValueError:
            raise BadRequest(f"game must be a game's id, not {raw[:64]!r}") from None
        game = current_app.extensions["shiai"].records.summary(game_id)
    account = current_account()
    of_game = game.id if game else None
    own = _listings().own(account.id, of_game) if account else []
    public = [
        row for row in _listings().public(of_game) if not account or row.owner_id != account.id
    ]
    owners = current_app.extensions["shiai"].accounts.names([row.owner_id for row in public])
    return render_template("study_list.html", own=own, public=public, owners=owners, game=game)


def own_studies(account_id: str) -> list[StudyRow]:
    """An account's studies, for its account page."""
    return _listings().own(account_id)


# -- JSON ------------------------------------------------------------------------------


def _body(schema: str) -> dict[str, Any]:
    """The request's JSON body, checked against its published schema (400 if not)."""
    body = json_body(None)
    mismatch = next(iter(sorted(_validators[schema].iter_errors(body), key=str)), None)
    if mismatch is not None:
        where = "/".join(str(part) for part in mismatch.absolute_path) or "body"
        raise BadRequest(f"{where}: {mismatch.message[:300]}")
    checked: dict[str, Any] = body
    return checked


def _study_json(study: Study) -> dict[str, Any]:
    return {**study.as_dict(), "owner": _owner_name(study.owner_id)}


@bp.get("/api/studies/<uuid:study_id>")
def read(study_id: UUID) -> ResponseReturnValue:
    return jsonify(_study_json(_studies().get(study_id)))


@bp.put("/api/studies/<uuid:study_id>/annotations/<int:step>")
def annotate(study_id: UUID, step: int) -> ResponseReturnValue:
    author = api_caller()
    body = _body("StudyAnnotation")
    study = _studies().get(study_id)
    if study.owner_id != author.id:
        raise NotStudyOwner("only the owner of this study may change it")
    summary = _finished_game(study.game_id)
    changed = _studies().annotate(
        study_id,
        author.id,
        step=step,
        comment=body.get("comment", ""),
        shapes=body.get("shapes", []),
        last_step=summary.last_step,
    )
    return jsonify(_study_json(changed))


@bp.delete("/api/studies/<uuid:study_id>/annotations/<int:step>")
def remove(study_id: UUID, step: int) -> ResponseReturnValue:
    author = api_caller()
    return jsonify(_study_json(_studies().remove_annotation(study_id, author.id, step)))


@bp.patch("/api/studies/<uuid:study_id>")
def update(study_id: UUID) -> ResponseReturnValue:
    author = api_caller()
    body = _body("StudyChange")
    changed = _studies().update(study_id, author.id, body.get("title"), body.get("visibility"))
    return jsonify(_study_json(changed))


@bp.get("/api/studies/<uuid:study_id>/export")
def export(study_id: UUID) -> ResponseReturnValue:
    """The study in one file: the game's record (``shiai-game/1``, which the record
    import takes as it is) and the annotations beside it."""
    study = _studies().get(study_id)
    try:
        record = current_app.extensions["shiai"].records.export_record(study.game_id)
    except GameNotFound:
        raise StudyNotFound(study_id) from None
    body = {"format": STUDY_FORMAT, "study": _study_json(study), "record": record}
    response = jsonify(body)
    response.headers["Content-Disposition"] = f'attachment; filename="shiai-study-{study_id}.json"'
    return response

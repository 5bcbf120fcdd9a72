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

import copy
import json
from collections.abc import Sequence
from typing import Any, NoReturn
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

from replays.errors import GameNotFound, RecordRejected
from replays.record_file import validate_record
from replays.records import DuplicateRecord, GameSummary, record_fingerprint
from replays.studies import (
    COLOURS,
    COMMENT_LIMIT,
    SHAPES_LIMIT,
    TITLE_LIMIT,
    NotStudyOwner,
    Study,
    StudyImportRefused,
    StudyRefused,
    checked_import,
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


def _import_schema() -> dict[str, Any]:
    """The published ``StudyImport`` schema as the import checks a file with it: all
    of it but two bulky parts, checked by hand with the same limits, as
    ``validate_record`` checks a record's commands (jsonschema is slow on big arrays:
    a 4 MB file of shapes took 6 s, without them 0.3 s). The record is checked by
    ``validate_record`` against ``RECORD_SCHEMA``, which the ``GameRecord`` component
    publishes; each shape by ``checked_import`` (``replays.studies.checked_shape``),
    with the constants the published shape schema is built from (``SHAPES_LIMIT``,
    ``COORDINATE_LIMIT``, ``COLOURS``)."""
    schema = copy.deepcopy(request_schema("StudyImport"))
    schema["properties"]["record"] = True
    notes = schema["properties"]["study"]["properties"]["annotations"]
    notes["items"]["properties"]["shapes"]["items"] = True
    return schema


_import_validator = Draft202012Validator(_import_schema())

STUDY_FORMAT = "shiai-study/1"
# The largest study file imported: a long game's record (a 700-step game's is
# about half a megabyte) and a comment and shapes on many of its steps.
STUDY_FILE_LIMIT = 4 * 1024 * 1024
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


class StudyFileTooLarge(Exception):
    message = (
        f"a study file is at most {STUDY_FILE_LIMIT // (1024 * 1024)} MB: "
        "this one is larger, and was not read"
    )


def _import_refused(exc: StudyImportRefused) -> ResponseReturnValue:
    return error_response(422, "refused", exc.message, errors=exc.errors)


bp.register_error_handler(StudyImportRefused, _import_refused)
bp.register_error_handler(StudyFileTooLarge, _answer(413, "request_entity_too_large"))
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
    return _list_page(game)


def _list_page(
    game: GameSummary | None, problems: list[str] | None = None, status: int = 200
) -> ResponseReturnValue:
    account = current_account()
    of_game = game.id if game else None
    own = _listings().own(account.id, of_game) if account else []
    public = [
        row for row in _listings().public(of_game) if not account or row.owner_id != account.id
    ]
    owners = current_app.extensions["shiai"].accounts.names([row.owner_id for row in public])
    page = render_template(
        "study_list.html", own=own, public=public, owners=owners, game=game, problems=problems
    )
    return page, status


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


# -- importing an exported study ------------------------------------------------------


def _same_game(record: dict[str, Any], stored: dict[str, Any]) -> None:
    """Refuse a file whose record is not the game stored here under its id: the
    content fingerprint (ruleset, set-up, dice, commands) and the final state's
    hash must both be the stored game's."""
    game_id = stored["game_id"]
    if record_fingerprint(record) != record_fingerprint(stored):
        raise StudyRefused(
            f"record: game {game_id} on this site was played differently "
            "(its set-up, dice or commands differ from the file's record)"
        )
    if record.get("final_state_hash") != stored.get("final_state_hash"):
        raise StudyRefused(
            f"record.final_state_hash: it is not the final state hash of game {game_id} "
            "on this site"
        )


def _file_path(parts: Sequence[str | int]) -> str:
    """A schema problem's path as the import names paths in the file:
    ``study.annotations[3].comment``."""
    where = ""
    for part in parts:
        if isinstance(part, int):
            where += f"[{part}]"
        else:
            where += f".{part}" if where else part
    return where


def _schema_problems(body: dict[str, Any]) -> list[str]:
    """The study file's problems by its published schema (``StudyImport``), its
    record aside. One in the file's frame (an unknown field, annotations that are
    not a list or too many...) is a ``BadRequest`` naming it; those in the study's
    title and annotations are returned, as ``path: message``, for the refusal that
    lists every problem of the study (``_refused_study``)."""
    frame: list[str] = []
    content: list[str] = []
    errors = sorted(_import_validator.iter_errors(body), key=lambda e: [*map(str, e.path)])
    for error in errors:
        parts = list(error.absolute_path)
        problem = f"{_file_path(parts) or 'body'}: {error.message[:300]}"
        in_content = parts[:2] == ["study", "title"] or (
            parts[:2] == ["study", "annotations"] and len(parts) > 2
        )
        (content if in_content else frame).append(problem)
    if frame:
        raise BadRequest(frame[0])
    return content


def _related(path: str, other: str) -> bool:
    """Whether two paths in the file name the same place, or one is inside the other."""
    shorter, longer = sorted((path, other), key=len)
    return longer == shorter or longer.startswith((f"{shorter}.", f"{shorter}["))


def _refused_study(problems: list[str], title: Any, annotations: Any, last_step: int) -> NoReturn:
    """Refuse a study the schema found ``problems`` in: every problem the import's
    own checks name (``checked_import``, in words for a person), then those of the
    schema's at a place they do not name."""
    try:
        checked_import(title, annotations, last_step)
        named: list[str] = []
    except StudyImportRefused as refused:
        named = [error["message"] for error in refused.errors]
    paths = [error.split(":", 1)[0].split(" ", 1)[0] for error in named]
    unnamed = [p for p in problems if not any(_related(p.split(":", 1)[0], at) for at in paths)]
    raise StudyImportRefused(named + unnamed)


def import_study(body: Any, importer_id: str) -> UUID:
    """A new study of ``importer_id`` from a ``shiai-study/1`` file: its game is
    the one stored here under the record's id (whose record must match the
    file's), or else the file's record is imported first (finished games only;
    one already stored under another id is used). The file is checked against
    its published schema, and every annotation, before anything is stored; the
    study is then one save."""
    if not isinstance(body, dict) or body.get("format") != STUDY_FORMAT:
        raise BadRequest(f"format: this is not a {STUDY_FORMAT} file (an exported study)")
    study, record = body.get("study"), body.get("record")
    if not isinstance(study, dict):
        raise BadRequest("study: must be an object (the study's title and annotations)")
    problems = _schema_problems(body)
    validate_record(record)  # RecordRejected (422) names the first problem
    assert isinstance(record, dict)
    if record["outcome"] is None:
        raise StudyRefused(f"record.outcome: {UNFINISHED}")
    game_id = UUID(record["game_id"])
    if study.get("game_id", record["game_id"]) != record["game_id"]:
        raise StudyRefused("study.game_id: it is not the id of the file's record")
    title, annotations = study.get("title"), study.get("annotations", [])
    records = current_app.extensions["shiai"].records
    try:
        stored = records.export_record(game_id)
    except GameNotFound:
        stored = None
    if stored is not None:
        _same_game(record, stored)
        if problems:
            _refused_study(problems, title, annotations, _finished_game(game_id).last_step)
    else:
        # Checked against the record's steps before the record is stored: a
        # refused study leaves no game behind either.
        steps = sum(len(command["events"]) for command in record["commands"])
        if problems:
            _refused_study(problems, title, annotations, steps)
        checked_import(title, annotations, steps)
        try:
            game_id = current_app.extensions["shiai"].play.import_owned(importer_id, record)
        except DuplicateRecord as duplicate:
            game_id = duplicate.game_id  # the same game, stored under another id
    summary = _finished_game(game_id)
    return _studies().import_study(game_id, importer_id, title, annotations, summary.last_step)


def _imported_response(study_id: UUID) -> ResponseReturnValue:
    location = url_for("studies.read", study_id=study_id)
    return jsonify(_study_json(_studies().get(study_id))), 201, {"Location": location}


@bp.post("/api/studies/import")
def import_api() -> ResponseReturnValue:
    importer = api_caller()
    if (request.content_length or 0) > STUDY_FILE_LIMIT:
        raise StudyFileTooLarge
    return _imported_response(import_study(json_body(None), importer.id))


@bp.post("/studies/import")
@login_required
def import_form() -> ResponseReturnValue:
    """The studies page's "Import a study" form: a file upload."""
    account = current_account()
    assert account is not None  # login_required
    upload = request.files.get("study")
    if upload is None or not upload.filename:
        raise BadRequest("choose a study file (shiai-study-….json, from a study's Export link)")
    data = upload.read(STUDY_FILE_LIMIT + 1)
    if len(data) > STUDY_FILE_LIMIT:
        raise StudyFileTooLarge
    try:
        body = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        return _list_page(None, [f"the file is not JSON: {str(error)[:200]}"], 400)
    try:
        study_id = import_study(body, account.id)
    except StudyImportRefused as refused:
        return _list_page(None, [error["message"] for error in refused.errors], 422)
    except (BadRequest, StudyRefused, RecordRejected) as refused:
        status = 400 if isinstance(refused, BadRequest) else 422
        return _list_page(None, [getattr(refused, "message", None) or str(refused)], status)
    return redirect(url_for("studies.page", study_id=study_id), 303)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON value")

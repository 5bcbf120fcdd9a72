"""Domain errors to HTTP: JSON under /api, friendly pages elsewhere."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound, RequestEntityTooLarge

from engine.core import IllegalCommand, InvalidCommand
from replays.errors import (
    BotStuck,
    Conflict,
    GameExists,
    GameNotFound,
    RecordRejected,
    ReplayRefused,
    StepOutOfRange,
    UnknownRuleset,
)
from replays.records import DuplicateRecord
from shiai.play import InvitationUnavailable, PlayRefused
from shiai.tournaments.aggregate import NotAllowed, TournamentRefused
from shiai.tournaments.application import TournamentNotFound


class _Refusal(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(_Refusal):
    """A request whose JSON is malformed or does not match its schema."""


class Forbidden(_Refusal):
    """A request this visitor may not make (a side's view of a running game)."""


class NotSignedIn(_Refusal):
    """A JSON call of the page that needs a signed-in account (pages redirect instead)."""


# The page's own JSON calls (session-authenticated, shiai.web.play) answer in JSON too.
JSON_PREFIXES = ("/api/", "/play/games/")


def _wants_json() -> bool:
    return request.path.startswith(JSON_PREFIXES) or request.path == "/health"


def error_response(
    status: int,
    error: str,
    message: str,
    *,
    headers: list[tuple[str, str]] | None = None,
    **extra: object,
) -> ResponseReturnValue:
    if _wants_json():
        return jsonify({"error": error, "message": message, **extra}), status, headers or []
    page = render_template("error.html", status=status, error=error, message=message)
    return page, status, headers or []


def _http_message(exc: HTTPException) -> str:
    """Werkzeug's stock descriptions say little; routing errors name the path."""
    if isinstance(exc, MethodNotAllowed):
        allowed = sorted(set(exc.valid_methods or ()) - {"HEAD", "OPTIONS"})
        return f"{request.method} is not allowed on {request.path}; use {' or '.join(allowed)}"
    if isinstance(exc, RequestEntityTooLarge):
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        accepted = f"{limit / 1024 / 1024:g} MB" if limit else "what this site accepts"
        return f"the request is larger than {accepted}, the most this site reads in one request"
    if isinstance(exc, NotFound) and exc.description == NotFound.description:
        if request.path.startswith("/api/"):
            return f"nothing at {request.path}: /api/openapi.json lists the API's routes"
        return f"there is no page at {request.path}"
    return exc.description or exc.name


# Errors whose message is the whole answer: (exception, status, error code).
_ANSWERS: tuple[tuple[type[Exception], int, str], ...] = (
    (BadRequest, 400, "bad_request"),
    (InvalidCommand, 400, "invalid_command"),
    (UnknownRuleset, 400, "unknown_ruleset"),
    (NotSignedIn, 401, "not_signed_in"),
    (Forbidden, 403, "forbidden"),
    (PlayRefused, 403, "forbidden"),
    (NotAllowed, 403, "forbidden"),
    (GameNotFound, 404, "not_found"),
    (StepOutOfRange, 404, "not_found"),
    (TournamentNotFound, 404, "not_found"),
    (InvitationUnavailable, 404, "not_found"),
    (Conflict, 409, "conflict"),
    (BotStuck, 409, "bot_stuck"),
    (ReplayRefused, 409, "replay_refused"),
    (GameExists, 409, "game_exists"),
    (TournamentRefused, 422, "refused"),
)


def _answer(status: int, error: str) -> Callable[[Exception], ResponseReturnValue]:
    def handler(exc: Exception) -> ResponseReturnValue:
        return error_response(status, error, getattr(exc, "message", None) or str(exc))

    return handler


def init_app(app: Flask) -> None:
    for exception, status, error in _ANSWERS:
        app.register_error_handler(exception, _answer(status, error))

    @app.errorhandler(IllegalCommand)
    def illegal_command(exc: IllegalCommand) -> ResponseReturnValue:
        return error_response(422, "illegal_command", exc.message, rule=exc.rule)

    @app.errorhandler(RecordRejected)
    def record_rejected(exc: RecordRejected) -> ResponseReturnValue:
        return error_response(422, "record_rejected", str(exc), step=exc.step)

    @app.errorhandler(DuplicateRecord)
    def duplicate_record(exc: DuplicateRecord) -> ResponseReturnValue:
        return error_response(409, "duplicate_record", exc.message, game_id=str(exc.game_id))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> ResponseReturnValue:
        status = exc.code or 500
        # Keep the exception's own headers (Allow on a 405), not its HTML body's type.
        headers = [
            (name, value) for name, value in exc.get_headers() if name.lower() != "content-type"
        ]
        error = (exc.name or "error").lower().replace(" ", "_")
        return error_response(status, error, _http_message(exc), headers=headers)

    @app.errorhandler(Exception)
    def internal_error(exc: Exception) -> ResponseReturnValue:
        app.logger.exception("unhandled error on %s %s", request.method, request.path)
        return error_response(
            500, "internal_error", "something went wrong on our side; it has been logged"
        )

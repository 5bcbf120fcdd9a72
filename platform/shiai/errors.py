"""Domain errors to HTTP: JSON under /api, friendly pages elsewhere."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound

from engine.core import IllegalCommand, InvalidCommand
from replays.errors import (
    Conflict,
    GameExists,
    GameNotFound,
    RecordRejected,
    StepOutOfRange,
    UnknownRuleset,
)
from shiai.tournaments.aggregate import NotAllowed, TournamentRefused
from shiai.tournaments.application import TournamentNotFound


class BadRequest(Exception):
    """A request whose JSON is malformed or does not match its schema."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Forbidden(Exception):
    """A request this visitor may not make (a side's view of a running game)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/health"


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
    if isinstance(exc, NotFound) and exc.description == NotFound.description:
        if request.path.startswith("/api/"):
            return f"nothing at {request.path}: /api/openapi.json lists the API's routes"
        return f"there is no page at {request.path}"
    return exc.description or exc.name


def init_app(app: Flask) -> None:
    @app.errorhandler(BadRequest)
    def bad_request(exc: BadRequest) -> ResponseReturnValue:
        return error_response(400, "bad_request", exc.message)

    @app.errorhandler(Forbidden)
    def forbidden(exc: Forbidden) -> ResponseReturnValue:
        return error_response(403, "forbidden", exc.message)

    @app.errorhandler(InvalidCommand)
    def invalid_command(exc: InvalidCommand) -> ResponseReturnValue:
        return error_response(400, "invalid_command", exc.message)

    @app.errorhandler(IllegalCommand)
    def illegal_command(exc: IllegalCommand) -> ResponseReturnValue:
        return error_response(422, "illegal_command", exc.message, rule=exc.rule)

    @app.errorhandler(RecordRejected)
    def record_rejected(exc: RecordRejected) -> ResponseReturnValue:
        return error_response(422, "record_rejected", str(exc), step=exc.step)

    @app.errorhandler(Conflict)
    def conflict(exc: Conflict) -> ResponseReturnValue:
        return error_response(409, "conflict", str(exc))

    @app.errorhandler(GameExists)
    def game_exists(exc: GameExists) -> ResponseReturnValue:
        return error_response(409, "game_exists", str(exc))

    @app.errorhandler(GameNotFound)
    def game_not_found(exc: GameNotFound) -> ResponseReturnValue:
        return error_response(404, "not_found", str(exc))

    @app.errorhandler(StepOutOfRange)
    def step_out_of_range(exc: StepOutOfRange) -> ResponseReturnValue:
        return error_response(404, "not_found", str(exc))

    @app.errorhandler(UnknownRuleset)
    def unknown_ruleset(exc: UnknownRuleset) -> ResponseReturnValue:
        return error_response(400, "unknown_ruleset", str(exc))

    @app.errorhandler(TournamentNotFound)
    def tournament_not_found(exc: TournamentNotFound) -> ResponseReturnValue:
        return error_response(404, "not_found", str(exc))

    @app.errorhandler(NotAllowed)
    def not_allowed(exc: NotAllowed) -> ResponseReturnValue:
        return error_response(403, "forbidden", exc.message)

    @app.errorhandler(TournamentRefused)
    def tournament_refused(exc: TournamentRefused) -> ResponseReturnValue:
        return error_response(422, "refused", exc.message)

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

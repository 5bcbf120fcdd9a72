"""Domain errors to HTTP: JSON under /api, friendly pages elsewhere."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from engine.core import IllegalCommand, InvalidCommand
from replays.errors import (
    Conflict,
    GameExists,
    GameNotFound,
    RecordRejected,
    StepOutOfRange,
    UnknownRuleset,
)


class BadRequest(Exception):
    """A request whose JSON is malformed or does not match its schema."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/health"


def error_response(status: int, error: str, message: str, **extra: object) -> ResponseReturnValue:
    if _wants_json():
        return jsonify({"error": error, "message": message, **extra}), status
    return render_template("error.html", status=status, error=error, message=message), status


def init_app(app: Flask) -> None:
    @app.errorhandler(BadRequest)
    def bad_request(exc: BadRequest) -> ResponseReturnValue:
        return error_response(400, "bad_request", exc.message)

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

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> ResponseReturnValue:
        status = exc.code or 500
        return error_response(status, (exc.name or "error").lower().replace(" ", "_"), exc.description or "")

    @app.errorhandler(Exception)
    def internal_error(exc: Exception) -> ResponseReturnValue:
        app.logger.exception("unhandled error on %s %s", request.method, request.path)
        return error_response(500, "internal_error", "something went wrong on our side; it has been logged")

"""``/health``: is the store reachable?"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify
from flask.typing import ResponseReturnValue
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from replays.schema import games

bp = Blueprint("health", __name__)


@bp.get("/health")
def health() -> ResponseReturnValue:
    services = current_app.extensions["shiai"]
    try:
        with services.db_engine.connect() as conn:
            conn.execute(select(games.c.id).limit(1)).all()
        services.records.recorder.max_notification_id()
    except Exception as error:
        reason = (
            "database unreachable" if isinstance(error, SQLAlchemyError) else type(error).__name__
        )
        return jsonify({"status": "unavailable", "store": reason}), 503
    return jsonify({"status": "ok", "store": services.db_engine.dialect.name})

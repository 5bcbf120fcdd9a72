"""The Flask application factory."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from shiai import cli, errors
from shiai.accounts import DEFAULT_METHOD
from shiai.config import DEVELOPMENT_SECRET_KEY, settings_from_env
from shiai.services import Services, build_services
from shiai.web import api, auth, games, health, meta, play, tools, tournaments
from shiai.web.viewing import EncodedSteps


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the platform. ``config`` overrides settings from the environment
    (tests pass ``SHIAI_DATABASE_URL`` and ``SHIAI_RULESETS`` here)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.update(settings_from_env(Path(app.instance_path)))
    if config:
        app.config.update(config)
    if app.config["SECRET_KEY"] == DEVELOPMENT_SECRET_KEY and not (app.debug or app.testing):
        app.logger.warning(
            "SHIAI_SECRET_KEY is not set: using the development key; never do this in production"
        )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    app.extensions["shiai"] = build_services(
        app.config["SHIAI_DATABASE_URL"],
        app.config["SHIAI_RULESETS"],
        app.config.get("SHIAI_PASSWORD_METHOD", DEFAULT_METHOD),
    )

    # Encoded steps of ended games, kept per process (they never change).
    app.extensions["shiai_encoded_steps"] = EncodedSteps()
    app.register_blueprint(health.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(auth.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(tools.bp)
    app.register_blueprint(meta.bp)
    auth.init_app(app)
    errors.init_app(app)
    cli.init_app(app)
    return app


def services(app: Flask) -> Services:
    found: Services = app.extensions["shiai"]
    return found

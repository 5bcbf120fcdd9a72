"""The Flask application factory."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask_compress import Compress

from shiai import cli, errors
from shiai.accounts import DEFAULT_METHOD
from shiai.config import (
    DEVELOPMENT,
    DEVELOPMENT_SECRET_KEY,
    ConfigurationError,
    settings_from_env,
)
from shiai.services import Services, build_services
from shiai.web import (
    analysis_board,
    api,
    army_lists,
    auth,
    event_hall,  # noqa: F401 - registers the hall's routes on the tournaments blueprint
    event_players,  # noqa: F401 - its routes join the tournaments blueprint
    faction_mapping,
    games,
    hardening,
    health,
    home,
    imports,
    meta,
    play,
    studies,
    throttling,
    tools,
    tournaments,
)
from shiai.web import players as player_pages
from shiai.web.viewing import EncodedSteps


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the platform. ``config`` overrides settings from the environment
    (tests pass ``SHIAI_DATABASE_URL`` and ``SHIAI_RULESETS`` here)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.update(settings_from_env(Path(app.instance_path)))
    if config:
        app.config.update(config)
    _check_secret_key(app)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    app.extensions["shiai"] = build_services(
        app.config["SHIAI_DATABASE_URL"],
        app.config["SHIAI_RULESETS"],
        app.config.get("SHIAI_PASSWORD_METHOD", DEFAULT_METHOD),
        settings=app.config,
    )

    # Encoded steps of ended games, kept per process (they never change).
    app.extensions["shiai_encoded_steps"] = EncodedSteps()
    app.register_blueprint(health.bp)
    app.register_blueprint(home.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(auth.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(tools.bp)
    app.register_blueprint(meta.bp)
    app.register_blueprint(faction_mapping.bp)
    app.register_blueprint(army_lists.bp)
    app.register_blueprint(analysis_board.bp)
    app.register_blueprint(studies.bp)
    app.register_blueprint(imports.bp)
    app.register_blueprint(player_pages.bp)  # /players (docs/players.md)
    for system in app.extensions["shiai"].systems:  # each system's own pages (its tools)
        own = system.blueprint()
        if own is not None:
            app.register_blueprint(own)
    hardening.init_app(app)
    _init_compression(app)
    throttling.init_app(app)
    auth.init_app(app)
    errors.init_app(app)
    cli.init_app(app)
    return app


# Text worth compressing: pages, JSON answers, scripts, styles, SVG, CSV downloads.
COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/csv",
    "text/plain",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
    "image/x-icon",
]


def _init_compression(app: Flask) -> None:
    """Brotli or gzip, as the client asks (``Accept-Encoding``), by flask-compress.
    Files (static, the plotly.js bundle) are streamed and compressed as they go;
    their ETag gains the encoding (``"..:br"``), and a revalidation still answers
    304 (the conditional request is evaluated again after compression, which
    flask-compress does for streamed answers only of the endpoints named here).
    No route streams events (no ``text/event-stream``): each answer is whole."""
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "gzip"])
    app.config.setdefault("COMPRESS_STREAMING_ENDPOINT_CONDITIONAL", ["static", "tools.plotly_js"])
    Compress(app)


def _check_secret_key(app: Flask) -> None:
    """Outside development, sessions must be signed with a key of the site's own:
    anyone can read the development key and forge an organiser's cookie."""
    key = app.config.get("SECRET_KEY")
    if key and key != DEVELOPMENT_SECRET_KEY:
        return
    if app.config.get("SHIAI_ENV", DEVELOPMENT) != DEVELOPMENT:
        raise ConfigurationError(
            f"SHIAI_SECRET_KEY is not set and SHIAI_ENV is {app.config['SHIAI_ENV']}: "
            "set SHIAI_SECRET_KEY to a long random value (e.g. the output of "
            "`python -c 'import secrets; print(secrets.token_hex(32))'`) to start"
        )
    if not (app.debug or app.testing):
        app.logger.warning(
            "SHIAI_SECRET_KEY is not set: using the development key; never do this in production"
        )


def services(app: Flask) -> Services:
    found: Services = app.extensions["shiai"]
    return found

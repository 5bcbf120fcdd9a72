"""Tools for players and analysts: the index of every installed system's tools
(each system serves its own, see ``shiai.systems``) and the plotly.js bundle the
chart pages load (the partial build vendored in ``static/vendor``, served under a
versioned address, never a CDN)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, render_template, send_file
from flask.typing import ResponseReturnValue

from dashboards.plotly_bundle import BUNDLE_FILE, plotly_js_version

bp = Blueprint("tools", __name__)

ONE_YEAR = 365 * 24 * 3600


@bp.get("/tools")
def index() -> ResponseReturnValue:
    """Every installed system's tools, by system."""
    return render_template("tools/index.html", systems=current_app.extensions["shiai"].systems)


def plotly_js_path() -> Path:
    """The vendored bundle's file."""
    return Path(current_app.static_folder or "static") / "vendor" / BUNDLE_FILE


@bp.get("/vendor/plotly-cartesian-<version>.min.js")
def plotly_js(version: str) -> ResponseReturnValue:
    """The bundle; its address names its version, so browsers keep it a year (an
    ETag answers a revalidation with 304)."""
    if version != plotly_js_version():
        abort(404)
    response = send_file(
        plotly_js_path(), mimetype="text/javascript", etag=True, max_age=ONE_YEAR, conditional=True
    )
    response.cache_control.public = True
    response.cache_control.immutable = True
    return response

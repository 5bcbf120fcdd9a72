"""Tools for players and analysts: the Kensei odds calculator (a page, its JSON
and its tables as CSV) and the plotly.js bundle the chart pages load (served
from the installed plotly package under a versioned address, never a CDN)."""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify, render_template, request, send_file
from flask.typing import ResponseReturnValue

from dashboards.kensei_odds import (
    RANGE_BANDS,
    OddsInputError,
    default_form,
    read_question,
    unit_choices,
)
from dashboards.odds_figures import percent, table_csv
from dashboards.odds_page import report, report_json, table_kind
from dashboards.plotly_bundle import plotly_js_path, plotly_js_version

bp = Blueprint("tools", __name__)

ONE_YEAR = 365 * 24 * 3600


@bp.get("/tools/kensei-odds")
def kensei_odds() -> ResponseReturnValue:
    try:
        asked = read_question(request.args)
    except OddsInputError as error:
        form = default_form() | {k: v for k, v in request.args.items() if k in default_form()}
        return _page(form=form, error=str(error)), 400
    found = report(asked)
    figures = {chart.id: chart.figure for chart in found.charts}
    # The question's own fields, for the CSV and JSON links (a stray "table" left out).
    query = {name: value for name, value in request.args.items() if name != "table"}
    return _page(form=asked.form, found=found, figures=figures, query=query)


def _page(**context: object) -> str:
    return render_template(
        "tools/kensei_odds.html",
        units=unit_choices(),
        bands=RANGE_BANDS,
        percent=percent,
        plotly_version=plotly_js_version(),
        **context,
    )


@bp.get("/tools/kensei-odds.json")
def kensei_odds_json() -> ResponseReturnValue:
    try:
        asked = read_question(request.args)
    except OddsInputError as error:
        return jsonify({"error": "bad_request", "message": str(error)}), 400
    return jsonify(report_json(report(asked)))


@bp.get("/tools/kensei-odds.csv")
def kensei_odds_csv() -> ResponseReturnValue:
    name = request.args.get("table", "")
    try:
        found = report(read_question(request.args))
    except OddsInputError as error:
        return Response(f"{error}\n", 400, mimetype="text/plain")
    if name not in found.tables:
        tables = ", ".join(found.tables)
        message = f"no table {name!r} for this question; there are {tables}\n"
        return Response(message, 400, mimetype="text/plain")
    body = table_csv(found.tables[name], counted=table_kind(name))
    disposition = f'attachment; filename="kensei-odds-{name}.csv"'
    return Response(body, mimetype="text/csv", headers={"Content-Disposition": disposition})


@bp.get("/vendor/plotly-<version>.min.js")
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

"""The meta dashboards (issue 8): a page of Plotly charts over the analysis read
models, every filter in the address, and every table behind a chart as CSV."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from uuid import UUID

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask.typing import ResponseReturnValue
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup
from sqlalchemy import select

from dashboards.data import CSV_QUERIES, EVENT_QUERIES, QUERIES
from dashboards.meta_figures import TABLES, table_csv
from dashboards.meta_filters import FilterError, Filters, read_filters
from dashboards.meta_page import Section, filter_choices, sections
from dashboards.plotly_bundle import plotly_js_version
from shiai.imported_events.application import event_choices
from shiai.schema import tournaments
from shiai.services import Services

bp = Blueprint("meta", __name__)


def _services() -> Services:
    found: Services = current_app.extensions["shiai"]
    return found


@bp.get("/meta")
def dashboards() -> ResponseReturnValue:
    try:
        filters = read_filters(request.args)
    except FilterError as error:
        return _page(Filters(), form=dict(request.args), error=str(error)), 400
    return _page(filters, form=filters.form())


def _figures(found: Sequence[Section]) -> Markup:
    """Every chart's figure by its id, as compact JSON safe in a ``<script>``
    (Flask's ``tojson`` puts a space after every comma and colon)."""
    figures = {chart.id: chart.figure for section in found for chart in section.charts}
    return htmlsafe_json_dumps(figures, dumps=json.dumps, separators=(",", ":"))


def _page(filters: Filters, *, form: dict[str, str], error: str | None = None) -> str:
    with _services().db_engine.connect() as conn:
        found = [] if error else sections(conn, filters, list(QUERIES))
        choices = filter_choices(conn)
        events = conn.execute(
            select(tournaments.c.id, tournaments.c.name).order_by(tournaments.c.name)
        ).all()
        # Imported past events filter the same way (their id is the rows' tournament_id).
        imported = event_choices(conn)
    return render_template(
        "meta/dashboards.html",
        sections=found,
        figures=_figures(found),
        form=form,
        query=filters.query(),
        choices=choices,
        events=sorted([*events, *imported], key=lambda event: event.name.casefold()),
        imported_ids={str(event.id) for event in imported},
        error=error,
        plotly_version=plotly_js_version(),
    )


@bp.get("/meta/events/<uuid:tid>")
def event(tid: UUID) -> ResponseReturnValue:
    """One tournament's dashboards; the other filters narrow its recorded games."""
    with _services().db_engine.connect() as conn:
        name = conn.execute(select(tournaments.c.name).where(tournaments.c.id == tid)).scalar()
    if name is None:
        abort(404)
    try:
        filters = replace(read_filters(request.args), event=tid)
    except FilterError as error:
        return render_template("meta/event.html", name=name, tid=tid, sections=[],
                               figures=_figures([]), query={}, error=str(error),
                               plotly_version=plotly_js_version()), 400  # fmt: skip
    with _services().db_engine.connect() as conn:
        found = sections(conn, filters, list(EVENT_QUERIES))
    return render_template(
        "meta/event.html",
        name=name,
        tid=tid,
        sections=found,
        figures=_figures(found),
        query=filters.query(),
        error=None,
        plotly_version=plotly_js_version(),
    )


@bp.get("/meta.csv")
def table() -> ResponseReturnValue:
    name = request.args.get("table", "")
    if name not in TABLES or (name in EVENT_QUERIES and "event" not in request.args):
        message = f"no table {name!r}; there are {', '.join(TABLES)}\n"
        return Response(message, 400, mimetype="text/plain")
    try:
        filters = read_filters(request.args)
    except FilterError as error:
        return Response(f"{error}\n", 400, mimetype="text/plain")
    with _services().db_engine.connect() as conn:
        rows = CSV_QUERIES[name](conn, filters)  # that table's query alone
    disposition = f'attachment; filename="shiai-meta-{name}.csv"'
    return Response(
        table_csv(name, rows), mimetype="text/csv", headers={"Content-Disposition": disposition}
    )

"""Kensei's plug-in: its new-game form (sample armies or uploaded army lists, the
scenario), its viewer and play scripts (``static/systems/kensei/``) and its tool,
the odds calculator (``/systems/kensei/odds``, with its JSON and CSV)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for
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
from dashboards.plotly_bundle import plotly_js_version
from engine.core import InvalidCommand, Setup
from engine.kensei import RANDOM_SCENARIO, SCENARIOS, data_texts, sample_armies
from shiai.systems import Files, Form, Scripts, SystemPlugin, Tool, read_json
from shiai.systems.kensei_lists import KenseiLists
from shiai.systems.lists import ArmyListBook

MAX_ARMY_LIST = 256 * 1024  # bytes of an uploaded army list
# The armies the form preselects, by side (any other side: the first sample).
PRESELECTED_ARMIES = {"A": "buke-250", "B": "kuge-250"}
LISTS = KenseiLists()


class KenseiPlugin(SystemPlugin):
    form_template = "systems/kensei/form.html"
    scripts = Scripts(
        replay="systems/kensei/replay.js",
        board="systems/kensei/board.js",
        play="systems/kensei/play.js",
    )
    tools = (
        Tool(
            "kensei.odds",
            "Kensei odds",
            "the exact chances of an attack or a shoot: hits, wounds, casualties, breaks",
        ),
    )

    @property
    def preferred_bot(self) -> str:
        # The greedy bot plays a battle; the random one (the default, which the demo
        # and simulated games were recorded with) mostly wanders.
        return "greedy" if "greedy" in self.ruleset.bots() else super().preferred_bot

    def army_lists(self) -> ArmyListBook:
        return LISTS

    def blueprint(self) -> Blueprint:
        return odds_blueprint()

    def form_options(self) -> dict[str, Any]:
        armies = sample_armies()
        return {
            "armies": armies,
            "preselected": {side: PRESELECTED_ARMIES.get(side, armies[0]) for side in self.sides},
            "scenarios": [(key, scenario["name"]) for key, scenario in SCENARIOS.items()]
            + [(RANDOM_SCENARIO, "Drawn at random (Game System > 3)")],
        }

    def setup_from_form(self, form: Form, files: Files) -> Setup:
        return {
            "armies": {side: _army(side, form, files) for side in self.sides},
            "scenario": form.get("scenario", ""),
        }


def _army(side: str, form: Form, files: Files) -> Any:
    """Side's army: an uploaded army list (JSON) if one was sent, else a sample's name."""
    upload = files.get(f"army_{side}_file")
    if upload is not None and upload.filename:
        raw = upload.stream.read(MAX_ARMY_LIST + 1)
        if len(raw) > MAX_ARMY_LIST:
            raise InvalidCommand(f"army list {side} is larger than {MAX_ARMY_LIST // 1024} kB")
        return read_json(raw, f"army list {side}")
    name = form.get(f"army_{side}", "")
    if name not in sample_armies():
        raise InvalidCommand(f"choose a sample army or upload an army list for side {side}")
    return name


# -- the odds calculator ----------------------------------------------------------------


def odds_blueprint() -> Blueprint:
    """The odds calculator: a page, its JSON and its tables as CSV. The addresses of
    the tools page before systems had their own (``/tools/kensei-odds...``) answer
    with a permanent redirect, the question kept."""
    bp = Blueprint("kensei", __name__)
    bp.add_url_rule("/systems/kensei/odds", "odds", odds)
    bp.add_url_rule("/systems/kensei/odds.json", "odds_json", odds_json)
    bp.add_url_rule("/systems/kensei/odds.csv", "odds_csv", odds_csv)
    bp.add_url_rule("/systems/kensei/texts.json", "texts", texts)
    for old, endpoint in (("", "odds"), (".json", "odds_json"), (".csv", "odds_csv")):
        bp.add_url_rule(f"/tools/kensei-odds{old}", f"moved_{endpoint}", _moved(endpoint))
    return bp


def _moved(endpoint: str) -> Callable[[], ResponseReturnValue]:
    def moved() -> ResponseReturnValue:
        query = urlencode(request.args.to_dict(flat=False), doseq=True)
        target = url_for(f"kensei.{endpoint}")
        return redirect(f"{target}?{query}" if query else target, 308)

    return moved


def texts() -> ResponseReturnValue:
    """The titles' and abilities' names and rules texts (``data_texts``), for the unit
    panel of the game page: public data, the same for every game, cached a day."""
    response = jsonify(data_texts())
    response.cache_control.public = True
    response.cache_control.max_age = 86400
    return response


def odds() -> ResponseReturnValue:
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
        "systems/kensei/odds.html",
        units=unit_choices(),
        bands=RANGE_BANDS,
        percent=percent,
        plotly_version=plotly_js_version(),
        **context,
    )


def odds_json() -> ResponseReturnValue:
    try:
        asked = read_question(request.args)
    except OddsInputError as error:
        return jsonify({"error": "bad_request", "message": str(error)}), 400
    return jsonify(report_json(report(asked)))


def odds_csv() -> ResponseReturnValue:
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

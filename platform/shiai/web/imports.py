"""Importing past events' results (issue 26, item 3; ``docs/imports.md``).

``/meta/import`` (organisers and admins): the form (a game system and a CSV file),
the columns the file takes, an example to download, and the imported events. A
file with problems is answered 422 with every problem by row and column, and
nothing is stored; a file without any is stored at once (``ImportedEvents``) and
the page then lists the events it imported, each linked to the meta filtered to it.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode
from uuid import UUID

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from dashboards.csv_cells import csv_text
from replays.errors import Conflict
from shiai.errors import BadRequest, Forbidden, error_response
from shiai.imported_events.application import ImportedEventRow
from shiai.imported_events.cells import (
    COLUMNS,
    EVENT_DAYS,
    FACTION_LIMIT,
    LIST_LIMIT,
    MAX_FILE_BYTES,
    MAX_ROWS,
    PLAYER_LIMIT,
    ROUND_LIMIT,
    SIZE_LIMIT,
    VP_LIMIT,
    Catalogue,
    ImportRefused,
    RowError,
)
from shiai.imported_events.parsing import read_import
from shiai.imported_events.tables import EVENT_LIMIT
from shiai.services import Services
from shiai.systems import Systems
from shiai.web.api import json_body
from shiai.web.auth import api_caller, login_required, signed_in

bp = Blueprint("imports", __name__)

# The most events one page of results names (an import's ids in the address).
SHOWN_IMPORTED = 50
LIMITS = {
    "event": EVENT_LIMIT,
    "player": PLAYER_LIMIT,
    "faction": FACTION_LIMIT,
    "opponent": PLAYER_LIMIT,
    "list": LIST_LIMIT,
    "round": ROUND_LIMIT,
    "vp": VP_LIMIT,
    "size": SIZE_LIMIT,
    "file": MAX_FILE_BYTES,
    "rows": MAX_ROWS,
    "days": EVENT_DAYS,
}


def _services() -> Services:
    found: Services = current_app.extensions["shiai"]
    return found


def catalogues(systems: Systems) -> dict[str, Catalogue]:
    """What an import checks of each installed system: its id, name and factions."""
    return {
        plugin.id: Catalogue(
            plugin.id, plugin.name, tuple((f.id, f.name) for f in plugin.info.factions)
        )
        for plugin in systems
    }


def _organiser() -> str:
    account = signed_in()
    if not account.is_organiser:
        abort(403, "only organisers import past events: ask for the role on your account page")
    return account.id


def _page(status: int = 200, **context: Any) -> ResponseReturnValue:
    services = _services()
    imported: list[ImportedEventRow] = context.pop("imported", [])
    return render_template(
        "meta/import.html",
        systems=services.systems,
        chosen=context.pop("chosen", ""),
        errors=context.pop("errors", []),
        imported=imported,
        every=services.imported_event_rows.listed(),
        limits=LIMITS,
        **context,
    ), status


@bp.get("/meta/import")
@login_required
def page() -> ResponseReturnValue:
    _organiser()
    ids: list[UUID] = []
    for text in request.args.getlist("imported")[:SHOWN_IMPORTED]:
        try:
            ids.append(UUID(text))
        except ValueError:
            abort(400, f"imported must be an imported event's id, not {text[:40]!r}")
    imported = _services().imported_event_rows.listed(ids) if ids else []
    replaced = {
        UUID(text) for text in request.args.getlist("replaced")[:SHOWN_IMPORTED] if _is_uuid(text)
    }
    return _page(imported=imported, replaced=replaced)


def _is_uuid(text: str) -> bool:
    try:
        UUID(text)
    except ValueError:
        return False
    return True


@bp.post("/meta/import")
@login_required
def upload() -> ResponseReturnValue:
    importer = _organiser()
    services = _services()
    chosen = request.form.get("system", "").strip()[:64]
    if chosen and chosen not in services.systems:
        return _page(
            400, chosen="", errors=[RowError(None, "system", f"unknown game system {chosen!r}")]
        )
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _page(
            400, chosen=chosen, errors=[RowError(None, None, "choose a CSV file to import")]
        )
    raw = upload.read(MAX_FILE_BYTES + 1)
    try:
        events = read_import(raw, chosen or None, catalogues(services.systems))
        outcome = services.imported_events.import_events(importer, events, upload.filename)
    except ImportRefused as refused:
        return _page(422, chosen=chosen, errors=refused.errors, file_name=upload.filename[:200])
    except Conflict as conflict:
        return _page(409, chosen=chosen, errors=[RowError(None, None, str(conflict))])
    shown = outcome[:SHOWN_IMPORTED]  # a file of many events: the first ones, by id
    query = {
        "imported": [str(event_id) for event_id, _ in shown],
        "replaced": [str(event_id) for event_id, replaced in shown if replaced],
    }
    return redirect(f"{url_for('imports.page')}?{urlencode(query, doseq=True)}", 303)


@bp.post("/api/imports")
def import_api() -> ResponseReturnValue:
    """The import page's JSON equivalent (``ImportEvents``: the CSV text and the system
    of the rows without one): 201 with the events imported, 422 with every problem."""
    account = api_caller()
    if not account.is_organiser:
        raise Forbidden("only organisers import past events: ask for the role on your account")
    body = json_body("ImportEvents")
    services = _services()
    system = body.get("system") or None
    if system is not None and system not in services.systems:
        raise BadRequest(f"system: unknown game system {system!r}")
    try:
        events = read_import(body["csv"].encode("utf-8"), system, catalogues(services.systems))
        outcome = services.imported_events.import_events(
            account.id, events, body.get("file_name", "")
        )
    except ImportRefused as refused:
        problems = [
            {"path": error.text().split(":", 1)[0], "row": error.row, "column": error.column,
             "message": error.message}
            for error in refused.errors
        ]  # fmt: skip
        return error_response(422, "import_refused", str(refused), errors=problems)
    replaced = {event_id for event_id, again in outcome if again}
    listed = {row.id: row for row in services.imported_event_rows.listed([i for i, _ in outcome])}
    return jsonify(
        {"events": [_event_json(listed[i], i in replaced) for i, _ in outcome if i in listed]}
    ), 201


def _event_json(row: ImportedEventRow, replaced: bool) -> dict[str, Any]:
    return {
        "id": str(row.id),
        "name": row.name,
        "held_on": row.held_on.isoformat(),
        "system": row.system,
        "battle_size": row.battle_size,
        "players": row.players,
        "games": row.games,
        "replaced": replaced,
        "meta": url_for("meta.dashboards", event=row.id),
    }


@bp.get("/meta/import/example.csv")
def example() -> ResponseReturnValue:
    """An example file, with the chosen system's first factions (the first system's)."""
    services = _services()
    chosen = request.args.get("system", "")
    plugin = services.systems.find(chosen) or services.systems.default()
    names = [f.name for f in plugin.info.factions] or ["Faction A", "Faction B"]
    header, rows = example_rows(names)
    disposition = f'attachment; filename="shiai-import-example-{plugin.id}.csv"'
    return Response(
        csv_text(header, rows), mimetype="text/csv", headers={"Content-Disposition": disposition}
    )


def example_rows(factions: list[str]) -> tuple[list[str], list[list[Any]]]:
    """A two-round event of four players: a win, a draw, then a win each way."""
    faction = [factions[i % len(factions)] for i in range(4)]
    header = ["event", "date", "player", "faction", "list", "round", "opponent", "result", "VP"]
    games = [
        (1, "Aiko", "Daichi", "win", 15, 6),
        (1, "Emi", "Haruto", "draw", 10, 10),
        (2, "Aiko", "Emi", "loss", 8, 12),
        (2, "Daichi", "Haruto", "win", 11, 9),
    ]
    players = ["Aiko", "Daichi", "Emi", "Haruto"]
    opposite = {"win": "loss", "loss": "win", "draw": "draw"}
    rows: list[list[Any]] = []
    for round_, a, b, result, a_vp, b_vp in games:
        for player, opponent, outcome, vp in ((a, b, result, a_vp), (b, a, opposite[result], b_vp)):
            day = "2025-10-04" if round_ == 1 else "2025-10-05"
            rows.append(
                [
                    "Autumn Open",
                    day,
                    player,
                    faction[players.index(player)],
                    "",
                    round_,
                    opponent,
                    outcome,
                    vp,
                ]
            )
    return header, rows


__all__ = ["COLUMNS", "bp", "catalogues", "example_rows"]

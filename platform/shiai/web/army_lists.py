"""Army lists in the browser: the catalogue the list builder reads, the engine's
verdict on a list while it is being built, and a page to build one and download it.

* ``GET /army-lists/catalogue/<game_system>.json``: the system's factions and
  troops, commander levels and battle sizes (the same for every visitor, so
  browsers and proxies keep it an hour; an ETag answers a revalidation with 304).
* ``POST /army-lists/check``: ``{"game_system", "battle_size", "list"}`` ->
  ``{"faction", "faction_name", "points", "ok", "violations": [{"rule", "message"}]}``.
  It changes nothing, but it is a POST from the page like any other, so it carries
  the page's CSRF token (the ``X-CSRF-Token`` header): one rule for every POST.
* ``GET /army-lists/new?system=kensei&battle_size=400``: the builder on a page
  of its own, for anyone.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from shiai.army_lists import (
    MAX_LIST_BYTES,
    catalogue_document,
    check_army_list,
    check_to_dict,
    knows_lists,
    systems_with_lists,
)
from shiai.errors import error_response

bp = Blueprint("army_lists", __name__)

# A list is at most MAX_LIST_BYTES; sent as a JSON string its quotes and non-ASCII
# letters are escaped, which can make it several times longer.
MAX_CHECK_BYTES = 8 * MAX_LIST_BYTES
MAX_SYSTEM_CHARS = 40
MAX_BATTLE_SIZE = 100_000
CATALOGUE_SECONDS = 3600
_JSON_ENDPOINTS = frozenset({"army_lists.catalogue", "army_lists.check"})


class _Refused(Exception):
    def __init__(self, status: int, error: str, message: str) -> None:
        super().__init__(message)
        self.status, self.error, self.message = status, error, message


def _json_error(status: int, error: str, message: str) -> ResponseReturnValue:
    return jsonify({"error": error, "message": message}), status


@bp.errorhandler(HTTPException)
def _http_error(exc: HTTPException) -> ResponseReturnValue:
    """The builder's JSON calls answer in JSON, also when refused before the route
    runs (an expired CSRF token, a body over the site's limit)."""
    status = exc.code or 500
    error = (exc.name or "error").lower().replace(" ", "_")
    if request.endpoint in _JSON_ENDPOINTS:
        return _json_error(status, error, exc.description or exc.name)
    return error_response(status, error, exc.description or exc.name)


@bp.errorhandler(_Refused)
def _refused(exc: _Refused) -> ResponseReturnValue:
    return _json_error(exc.status, exc.error, exc.message)


@bp.app_template_global("knows_army_lists")
def _knows_army_lists(game_system: str | None) -> bool:
    """For templates/_army_builder.html: whether the builder has a catalogue to read."""
    return bool(game_system) and knows_lists(str(game_system))


def _unknown_system(game_system: str) -> str:
    return (
        f"Shiai has no army catalogue for {game_system[:MAX_SYSTEM_CHARS]!r}; "
        f"lists are built for {', '.join(map(repr, systems_with_lists())) or 'no system'}"
    )


@bp.get("/army-lists/catalogue/<game_system>.json")
def catalogue(game_system: str) -> ResponseReturnValue:
    document = catalogue_document(game_system) if len(game_system) <= MAX_SYSTEM_CHARS else None
    if document is None:
        return _json_error(404, "not_found", _unknown_system(game_system))
    response = jsonify(document)
    response.cache_control.public = True
    response.cache_control.max_age = CATALOGUE_SECONDS
    response.add_etag()
    return response.make_conditional(request)


def _battle_size(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_BATTLE_SIZE:
        raise _Refused(
            400,
            "bad_request",
            f"battle_size is a whole number of points from 1 to {MAX_BATTLE_SIZE:,}, or null",
        )
    return value


def _list_text(value: Any) -> str:
    """The list as the engine reads it: JSON text, sent as a string or as the object."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    raise _Refused(
        400,
        "bad_request",
        'list is the army list: its JSON text as a string, or the object {"faction": ...}',
    )


@bp.post("/army-lists/check")
def check() -> ResponseReturnValue:
    too_large = (
        f"the request is over {MAX_CHECK_BYTES:,} bytes; an army list is at most "
        f"{MAX_LIST_BYTES:,} bytes of JSON"
    )
    if (request.content_length or 0) > MAX_CHECK_BYTES:
        raise _Refused(413, "request_entity_too_large", too_large)
    body = request.get_data(cache=True)
    if len(body) > MAX_CHECK_BYTES:
        raise _Refused(413, "request_entity_too_large", too_large)
    try:
        asked = json.loads(body)
    except (ValueError, RecursionError) as error:
        raise _Refused(400, "bad_request", f"the request is not JSON: {error}") from None
    if not isinstance(asked, dict):
        raise _Refused(
            400,
            "bad_request",
            'the request is a JSON object {"game_system", "battle_size", "list"}',
        )
    game_system = asked.get("game_system")
    if not isinstance(game_system, str) or not game_system.strip():
        raise _Refused(400, "bad_request", 'game_system is the system\'s id, e.g. "kensei"')
    if len(game_system) > MAX_SYSTEM_CHARS or not knows_lists(game_system):
        raise _Refused(404, "not_found", _unknown_system(game_system))
    battle_size = _battle_size(asked.get("battle_size"))
    text = _list_text(asked.get("list"))
    found = check_army_list(game_system, text, battle_size=battle_size)
    return jsonify(check_to_dict(game_system, found))


@bp.get("/army-lists/new")
def new_list() -> ResponseReturnValue:
    known = systems_with_lists()
    game_system = request.args.get("system") or (known[0] if known else "")
    if len(game_system) > MAX_SYSTEM_CHARS or not knows_lists(game_system):
        return error_response(404, "not_found", _unknown_system(game_system))
    document = catalogue_document(game_system)
    assert document is not None
    low, high = document["battle_size"]["min"], document["battle_size"]["max"]
    raw_size = request.args.get("battle_size", "")
    battle_size: int | None = None
    if raw_size:
        if not (raw_size.isascii() and raw_size.isdigit() and len(raw_size) <= 6):
            message = f"battle_size is a whole number of points from {low} to {high}"
            return error_response(400, "bad_request", message)
        battle_size = int(raw_size)
        if not low <= battle_size <= high:
            message = f"battle_size {battle_size} is outside {low}-{high} points"
            return error_response(400, "bad_request", message)
    return render_template(
        "army_list_new.html",
        game_system=game_system.strip().casefold(),
        battle_size=battle_size,
    )

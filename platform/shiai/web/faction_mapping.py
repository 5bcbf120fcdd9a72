"""The faction mapping page (``/meta/factions``, organisers and admins): per game
system with a catalogue of factions, every faction text of the meta's data points
that is not one of the catalogue's, with its count of sides and a choice of the
catalogue's factions to map it to; and every change, who made it and when.

``POST /meta/factions`` maps a text (``system``, ``text``, ``faction``; an empty
``faction`` removes the mapping). The change is an event of the system's
``FactionMap`` (``shiai.faction_mapping``); its follower rewrites the data points
and their days' rollups before the answer, so the meta counts the text as the
faction at once.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from replays.errors import Conflict
from shiai.accounts import Account
from shiai.faction_mapping import (
    SYSTEM_LIMIT,
    TEXT_LIMIT,
    FactionMaps,
    MappingRefused,
    given_factions,
    mapped_systems,
)
from shiai.services import Services
from shiai.web.auth import current_account, login_required

bp = Blueprint("faction_mapping", __name__)

# How many past changes the page lists per system (the event store keeps them all).
HISTORY_SHOWN = 50


def _services() -> Services:
    found: Services = current_app.extensions["shiai"]
    return found


def _organiser() -> Account:
    account = current_account()
    if account is None or not account.is_organiser:
        abort(403, "only organisers and admins map factions: ask for the role on your account page")
    return account


@bp.get("/meta/factions")
@login_required
def factions() -> ResponseReturnValue:
    _organiser()
    return _page()


@bp.post("/meta/factions")
@login_required
def map_faction() -> ResponseReturnValue:
    author = _organiser()
    system = request.form.get("system", "")[: SYSTEM_LIMIT + 1]
    text = request.form.get("text", "")[: TEXT_LIMIT + 1]
    faction = request.form.get("faction", "")[: TEXT_LIMIT + 1]
    maps: FactionMaps = _services().faction_maps
    try:
        if faction.strip():
            maps.map_faction(system, author.id, text, faction)
        else:
            maps.unmap_faction(system, author.id, text)
    except MappingRefused as error:
        return _page(error=error.message), 400
    except Conflict as error:
        return _page(error=str(error)), 409
    return redirect(url_for("faction_mapping.factions", _anchor=f"system-{system}"), 303)


def _page(error: str | None = None) -> str:
    services = _services()
    systems: list[dict[str, Any]] = []
    with services.db_engine.connect() as conn:
        for ruleset in mapped_systems():
            history = services.faction_maps.history(ruleset.id)[:HISTORY_SHOWN]
            texts = given_factions(conn, ruleset)
            authors = {change.author for change in history}
            authors |= {row.mapped_by for row in texts if row.mapped_by is not None}
            systems.append(
                {
                    "info": ruleset.info,
                    "texts": texts,
                    "history": history,
                    "names": {author: _name(services, author) for author in authors},
                }
            )
    return render_template("meta/factions.html", systems=systems, error=error)


def _name(services: Services, account_id: str) -> str:
    account = services.accounts.get(account_id)
    return account.display_name if account is not None else account_id

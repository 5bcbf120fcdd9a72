"""Player pages (docs/players.md).

* ``GET /players?q=<part of a name>&page=<n>``: the players, by name, 50 a page.
* ``GET /players/account/<account id>``: a player with an account.
* ``GET /players/name/<name>``: a player known by the name they were registered or
  imported under (no account); any case of the name finds them.
* ``GET /tournaments/<id>/players/<player id>/list.json``: a submitted army list's
  JSON, to whoever may see it (``Tournament.may_see_list``).
"""

from __future__ import annotations

import json
import re
from uuid import UUID

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from flask.typing import ResponseReturnValue
from jinja2.utils import htmlsafe_json_dumps

from dashboards.meta_figures import percent
from dashboards.player_figures import rating_figure
from dashboards.plotly_bundle import plotly_js_version
from shiai.errors import BadRequest
from shiai.player_list import list_players
from shiai.players import (
    NAME_LIMIT,
    PAGE_SIZE,
    SEARCH_LIMIT,
    PlayerKey,
    RatingHistories,
    faction_name,
    profile,
    system_name,
)
from shiai.services import Services
from shiai.tournaments.aggregate import Tournament
from shiai.tournaments.read_models import rated_identity
from shiai.web.auth import current_account
from shiai.web.registration import visible_list

bp = Blueprint("players", __name__)

# The most recent games shown on a player's page (the totals count every game).
GAMES_SHOWN = 200
PAGE_LIMIT = 10_000
SOURCES = {"recorded": "recorded game", "reported": "reported result", "imported": "imported"}


def _services() -> Services:
    found: Services = current_app.extensions["shiai"]
    return found


def _histories() -> RatingHistories:
    """The app's rating histories (computed again when the rated games change)."""
    found: RatingHistories = current_app.extensions.setdefault(
        "shiai.players.ratings", RatingHistories()
    )
    return found


def player_url(key: PlayerKey) -> str:
    if key.account_id is not None:
        return url_for("players.by_account", account_id=key.account_id)
    return url_for("players.by_name", name=key.name or "")


@bp.app_template_global("player_url")
def _player_url(identity: str | None, name: str) -> str | None:
    """The page of a rated identity (a standings row's, a rating's) registered as
    ``name``; None when the row has none."""
    if not identity:
        return None
    return player_url(PlayerKey.of_identity(identity, name))


@bp.app_template_global("entry_player_url")
def _entry_player_url(tournament: Tournament, player_id: str) -> str | None:
    """The page of a tournament's registered player (pairings name them by id)."""
    if player_id not in tournament.players:
        return None
    identity = rated_identity(tournament, player_id)
    return player_url(PlayerKey.of_identity(identity, tournament.players[player_id].name))


@bp.get("/players")
def index() -> ResponseReturnValue:
    search = request.args.get("q", "")
    if len(search) > SEARCH_LIMIT:
        raise BadRequest(f"search for at most {SEARCH_LIMIT} characters of a name")
    raw = request.args.get("page", "1")
    if not re.fullmatch(r"[0-9]{1,5}", raw) or not 1 <= int(raw) <= PAGE_LIMIT:
        raise BadRequest(f"page must be a whole number from 1 to {PAGE_LIMIT}, not {raw[:20]!r}")
    page = int(raw)
    with _services().db_engine.connect() as conn:
        players, total = list_players(conn, search, page=page, per_page=PAGE_SIZE)
    pages = max(1, -(-total // PAGE_SIZE))
    return render_template(
        "players/index.html",
        players=players,
        total=total,
        page=page,
        pages=pages,
        search=search,
        per_page=PAGE_SIZE,
        player_url=player_url,
    )


@bp.get("/players/account/<uuid:account_id>")
def by_account(account_id: UUID) -> ResponseReturnValue:
    return _page(PlayerKey.of_account(account_id))


@bp.get("/players/name/<path:name>")
def by_name(name: str) -> ResponseReturnValue:
    if not name.strip() or len(name) > NAME_LIMIT or any(ord(ch) < 32 for ch in name):
        abort(404, f"no player is registered under the name {name[:40]!r}")
    return _page(PlayerKey.of_name(name))


def _page(key: PlayerKey) -> ResponseReturnValue:
    account = current_account()
    viewer = UUID(account.id) if account is not None else None
    with _services().db_engine.connect() as conn:
        found = profile(conn, key, _histories(), viewer=viewer)
    if found is None:
        who = "this account" if key.account_id else repr(key.name)
        abort(404, f"no games, events or ratings are known of {who}")
    figure = rating_figure(found.rating)
    return render_template(
        "players/player.html",
        p=found,
        own=viewer is not None and viewer == key.account_id,
        games=found.games[:GAMES_SHOWN],
        figures=htmlsafe_json_dumps({"rating": figure}, dumps=json.dumps, separators=(",", ":")),
        figure_title=figure["layout"]["title"]["text"],
        plotly_version=plotly_js_version(),
        faction_name=faction_name,
        system_name=system_name,
        percent=percent,
        player_url=player_url,
        sources=SOURCES,
    )


@bp.get("/tournaments/<uuid:tid>/players/<player_id>/list.json")
def list_json(tid: UUID, player_id: str) -> ResponseReturnValue:
    """A submitted list as its JSON file: to its player, the organisers and the judges
    until the event publishes its lists, to everyone after."""
    _, entry = visible_list(tid, player_id)
    if not entry.army_list:
        abort(404, f"{entry.name} submitted no list")
    filename = re.sub(r"[^A-Za-z0-9_-]+", "-", f"list-{entry.name}")[:60] + ".json"
    return Response(
        entry.army_list,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )

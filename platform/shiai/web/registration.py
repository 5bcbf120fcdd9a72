"""Registration and army lists at an event: players register themselves (or an
organiser registers them, or imports a CSV file of players), submit and fix their
lists until the organiser locks them, and see lists once they are published;
organisers add judges, who enter and correct results.

Routes are thin, as in :mod:`shiai.web.tournaments` (whose blueprint and action
table they extend): who may do what, the windows and the lists' rules are the
aggregate's.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from uuid import UUID

from flask import abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from shiai import army_lists
from shiai.errors import BadRequest
from shiai.tournaments.aggregate import (
    Entry,
    NotAllowed,
    PlayerRow,
    Tournament,
    TournamentRefused,
)
from shiai.web.auth import current_account, login_required, signed_in
from shiai.web.tournaments import (
    _expected_version,
    _services,
    _tournament,
    _username,
    action,
    bp,
)

# The columns of a players file (docs/tournaments.md); ``account`` is a username.
CSV_COLUMNS = ("name", "club", "faction", "account", "list")
CSV_ALIASES = {"username": "account", "army_list": "list", "team": "club"}
CSV_MAX_BYTES = 2_000_000
CSV_CELL_LIMIT = 20_000


def _form_text(name: str, limit: int) -> str:
    value = request.form.get(name, "")
    if len(value) > limit:
        raise BadRequest(f"{name.replace('_', ' ')} is over {limit:,} characters")
    return value


def _list_context(tournament: Tournament) -> dict[str, Any]:
    return {
        "factions": army_lists.factions(tournament.game_system),
        "battle_points": tournament.battle_points,
        "list_status": Tournament.list_status,
    }


@bp.app_template_global("factions_of")
def factions_of(game_system: str) -> tuple[army_lists.FactionChoice, ...]:
    """The catalogue factions of a system, for the faction fields of any page."""
    return army_lists.factions(game_system)


# -- a player registers themself --------------------------------------------------


def _register_page(
    tournament: Tournament, *, error: str | None = None, status: int = 200
) -> ResponseReturnValue:
    account = signed_in()
    values = request.form if request.method == "POST" else {}
    return render_template(
        "register.html",
        t=tournament,
        me=tournament.player_of(account.id),
        account=account,
        error=error,
        values=values,
        is_organiser=tournament.is_organiser(account.id),
        pretty=_pretty,
        **_list_context(tournament),
    ), status


@bp.route("/tournaments/<uuid:tid>/register", methods=["GET", "POST"])
@login_required
def self_register(tid: UUID) -> ResponseReturnValue:
    """A signed-in player registers with their faction and list, then fixes the list
    until the lists are locked."""
    tournament = _tournament(tid)
    if request.method == "GET":
        return _register_page(tournament)
    account = signed_in()
    applications = _services().tournaments
    try:
        faction = _form_text("faction", 200)
        army_list = _form_text("army_list", army_lists.MAX_LIST_BYTES)
        entry = tournament.player_of(account.id)
        if entry is None:
            applications.register_self(
                tid,
                account.id,
                expected_version=_expected_version(),
                name=_form_text("name", 200),
                club=_form_text("club", 200),
                faction=faction,
                army_list=army_list,
            )
        else:
            applications.submit_list(
                tid,
                account.id,
                entry.id,
                faction=faction,
                army_list=army_list,
                expected_version=_expected_version(),
            )
    except NotAllowed as error:
        abort(403, error.message)
    except (TournamentRefused, BadRequest) as error:
        status = 400 if isinstance(error, BadRequest) else 422
        return _register_page(_tournament(tid), error=error.message, status=status)
    return redirect(url_for("tournaments.self_register", tid=tid), 303)


# -- one player's list --------------------------------------------------------------


def _units(text: str) -> list[dict[str, Any]]:
    """The units of a list document, for reading (nothing here is trusted to be valid)."""
    try:
        document = json.loads(text)
    except ValueError:
        return []
    units = document.get("units") if isinstance(document, dict) else None
    if not isinstance(units, list):
        return []
    found = []
    for unit in units[:200]:
        if not isinstance(unit, dict):
            continue
        leader = unit.get("leader")
        leaders = (
            [leader] if isinstance(leader, str) else leader if isinstance(leader, list) else []
        )
        found.append(
            {
                "troop": _humane(unit.get("troop")),
                "count": unit.get("count") if isinstance(unit.get("count"), int) else "?",
                "leader": ", ".join(_humane(x) for x in leaders),
            }
        )
    return found


def _humane(value: Any) -> str:
    return str(value).replace("_", " ")[:80] if value is not None else ""


def visible_list(tid: UUID, player_id: str) -> tuple[Tournament, Entry]:
    """A registered player's entry, if the signed-in visitor may see their list
    (``Tournament.may_see_list``): else a 404 (no such player) or a 403."""
    tournament = _tournament(tid)
    account = current_account()
    entry = tournament.players.get(player_id[:20])
    if entry is None:
        abort(404, "no such player in this tournament")
    if not tournament.may_see_list(account.id if account else None, entry.id):
        abort(403, "the lists are not published yet")
    return tournament, entry


@bp.get("/tournaments/<uuid:tid>/players/<player_id>/list")
def army_list(tid: UUID, player_id: str) -> ResponseReturnValue:
    """A player's list: to its player, the organisers and the judges until the lists
    are published, to everyone after."""
    tournament, entry = visible_list(tid, player_id)
    account = current_account()
    return render_template(
        "army_list.html",
        t=tournament,
        entry=entry,
        status=Tournament.list_status(entry),
        units=_units(entry.army_list),
        pretty=_pretty(entry.army_list),
        may_edit=account is not None and tournament.is_organiser(account.id),
        **_list_context(tournament),
    )


def _pretty(text: str) -> str:
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    except ValueError:
        return text


# -- organiser actions ----------------------------------------------------------------


@action("open-registration")
def _open_registration(tid: UUID, author: str) -> None:
    _services().tournaments.open_registration(tid, author, expected_version=_expected_version())


@action("close-registration")
def _close_registration(tid: UUID, author: str) -> None:
    _services().tournaments.close_registration(tid, author, expected_version=_expected_version())


def _account_id(field: str) -> str:
    found = _services().accounts.by_username(_username(field))
    if found is None:
        raise BadRequest("no account has that username")
    return found.id


@action("add-judge")
def _add_judge(tid: UUID, author: str) -> None:
    _services().tournaments.add_judge(
        tid, author, _account_id("username"), expected_version=_expected_version()
    )


@action("remove-judge")
def _remove_judge(tid: UUID, author: str) -> None:
    _services().tournaments.remove_judge(
        tid, author, request.form.get("judge", "")[:64], expected_version=_expected_version()
    )


@action("lock-lists")
def _lock_lists(tid: UUID, author: str) -> None:
    _services().tournaments.lock_lists(tid, author, expected_version=_expected_version())


@action("unlock-lists")
def _unlock_lists(tid: UUID, author: str) -> None:
    _services().tournaments.unlock_lists(tid, author, expected_version=_expected_version())


@action("publish-lists")
def _publish_lists(tid: UUID, author: str) -> None:
    when = request.form.get("when", "now")
    if when not in ("now", "after-event"):
        raise BadRequest("publish the lists 'now' or 'after-event'")
    _services().tournaments.publish_lists(
        tid, author, after_event=when == "after-event", expected_version=_expected_version()
    )


@action("list")
def _organiser_list(tid: UUID, author: str) -> None:
    """An organiser changes a player's faction and list (also once they are locked)."""
    _services().tournaments.submit_list(
        tid,
        author,
        request.form.get("player", "")[:20],
        faction=_form_text("faction", 200),
        army_list=_form_text("army_list", army_lists.MAX_LIST_BYTES),
        expected_version=_expected_version(),
    )


def player_rows(raw: bytes) -> list[PlayerRow]:
    """The players of a CSV file (UTF-8, a header row naming the columns); a file
    that cannot be read is a :class:`BadRequest`. Usernames are looked up here:
    the tournament refuses a row naming an unknown one, with every other problem."""
    if len(raw) > CSV_MAX_BYTES:
        raise BadRequest(f"the file is over {CSV_MAX_BYTES:,} bytes")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadRequest("the file is not UTF-8 text: save it as CSV UTF-8") from None
    if "\x00" in text:
        raise BadRequest("the file contains a NUL character: is it a CSV file?")
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if header is None:
            raise BadRequest("the file is empty: its first row names the columns")
        columns = [CSV_ALIASES.get(c.strip().casefold(), c.strip().casefold()) for c in header]
        unknown = [c for c in columns if c not in CSV_COLUMNS]
        if unknown or "name" not in columns or len(set(columns)) != len(columns):
            raise BadRequest(
                "the first row names the columns: name (required), club, faction, account, "
                f"list; this file has {', '.join(repr(c[:30]) for c in header[:10])}"
            )
        rows: list[tuple[int, dict[str, str]]] = []
        for number, cells in enumerate(reader, start=2):
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) > len(columns) or any(len(cell) > CSV_CELL_LIMIT for cell in cells):
                raise BadRequest(
                    f"row {number} has more cells than the header, or a cell over "
                    f"{CSV_CELL_LIMIT:,} characters"
                )
            values = dict(zip(columns, cells, strict=False))
            rows.append((number, values))
    except csv.Error as error:
        raise BadRequest(f"the file is not valid CSV: {error}") from None
    found = []
    for number, values in rows:
        username = values.get("account", "").strip()
        account = _services().accounts.by_username(username) if 0 < len(username) <= 200 else None
        found.append(
            PlayerRow(
                row=number,
                name=values.get("name", ""),
                club=values.get("club", ""),
                faction=values.get("faction", ""),
                army_list=values.get("list", ""),
                username=username,
                account_id=account.id if account else None,
            )
        )
    return found


@action("import-players")
def _import_players(tid: UUID, author: str) -> None:
    upload = request.files.get("players")
    if upload is None or not upload.filename:
        raise BadRequest("choose a CSV file of players")
    rows = player_rows(upload.read(CSV_MAX_BYTES + 1))
    _services().tournaments.import_players(tid, author, rows, expected_version=_expected_version())


__all__ = ["CSV_COLUMNS", "army_list", "player_rows", "self_register"]

"""Tournament pages: public event page, projector, organiser console, player page,
audit, printables, exports and the ratings leaderboard.

Routes parse the form, call one application method and redirect (303), or
re-render the page with the refusal and a 4xx. Who may do what is decided by
the aggregate (organisers, a player's own game); anonymous visitors are sent
to sign in before any change.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from uuid import UUID

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from sqlalchemy import select

from dashboards.csv_cells import csv_text
from replays.errors import GameNotFound
from shiai.errors import BadRequest
from shiai.schema import ratings, tournament_standings, tournaments
from shiai.services import Services
from shiai.tournaments.aggregate import (
    NotAllowed,
    Tournament,
    TournamentRefused,
    WarningsNotAccepted,
    options_from_dict,
)
from shiai.tournaments.labels import column_label, format_number, json_number, tiebreak_label
from shiai.tournaments.model import (
    ClubAvoidance,
    InvalidHistory,
    Result,
    Tiebreak,
    TournamentOptions,
)
from shiai.tournaments.topcut import round_name
from shiai.web.auth import current_account, login_required, signed_in

bp = Blueprint("tournaments", __name__)
# Standings headings, explanations and numbers, the same on every page (labels.py).
bp.add_app_template_filter(format_number, "number")
bp.add_app_template_global(tiebreak_label)
bp.add_app_template_global(column_label)

OUTCOMES = {
    "a": Result.a_wins,
    "b": Result.b_wins,
    "draw": Result.draw,
    "double_loss": Result.double_loss,
}
PAIR_LINE = re.compile(r"\s*(\d+)\s*[:.]\s*(\S+)\s+(?:v|vs|-)\s+(\S+)\s*", re.IGNORECASE)
BYE_LINE = re.compile(r"\s*bye\s*[:.]?\s*(\S+)\s*", re.IGNORECASE)


def _services() -> Services:
    found: Services = current_app.extensions["shiai"]
    return found


def _tournament(tid: UUID) -> Tournament:
    return _services().tournaments.get(tid)


# -- form parsing ---------------------------------------------------------------


def _int(name: str, *, low: int, high: int, default: int | None = None) -> int:
    raw = request.form.get(name, "").strip()
    if not raw and default is not None:
        return default
    if not re.fullmatch(r"-?\d{1,9}", raw):
        raise BadRequest(f"{name.replace('_', ' ')} must be a whole number, not {raw!r}")
    value = int(raw)
    if not low <= value <= high:
        raise BadRequest(f"{name.replace('_', ' ')} must be from {low} to {high}")
    return value


def _number(name: str, default: float | None = None) -> float | None:
    raw = request.form.get(name, "").strip()
    if not raw:
        return default
    if not re.fullmatch(r"-?\d{1,7}(\.\d{1,3})?", raw):
        raise BadRequest(f"{name.replace('_', ' ')} must be a number, not {raw!r}")
    return float(raw)


def _round() -> int:
    return _int("round", low=1, high=20)


def _table() -> int:
    return _int("table", low=1, high=100_000)


def _expected_version() -> int | None:
    """The tournament's version the form was read at, if it says (a stale one is a 409)."""
    raw = request.form.get("version")
    if not raw:
        return None
    if not re.fullmatch(r"[0-9]{1,12}", raw):
        raise BadRequest(f"the form's version must be a whole number, not {raw[:20]!r}")
    return int(raw)


def _result() -> Result:
    winner = request.form.get("winner", "")
    if winner not in OUTCOMES:
        raise BadRequest("choose the result: player A won, player B won, a draw or a double loss")
    return OUTCOMES[winner](_number("a_vp", 0) or 0, _number("b_vp", 0) or 0)


def _options() -> TournamentOptions:
    chain = [t for t in request.form.getlist("tiebreaks") if t]
    try:
        return TournamentOptions(
            win_points=_number("win_points", 3) or 0,
            draw_points=_number("draw_points", 1) or 0,
            loss_points=_number("loss_points", 0) or 0,
            bye_points=_number("bye_points", 3) or 0,
            bye_victory_points=_number("bye_victory_points", 0) or 0,
            club_avoidance=ClubAvoidance(request.form.get("club_avoidance", "soft")),
            tiebreaks=tuple(Tiebreak(t) for t in chain) if chain else TournamentOptions().tiebreaks,
        )
    except ValueError as error:
        raise BadRequest(str(error)) from None
    except InvalidHistory as error:
        raise BadRequest(error.message) from None


def _pairing_lines(text: str) -> tuple[list[tuple[int, str, str]], list[str]]:
    pairs: list[tuple[int, str, str]] = []
    byes: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if match := BYE_LINE.fullmatch(line):
            byes.append(match.group(1))
        elif match := PAIR_LINE.fullmatch(line):
            pairs.append((int(match.group(1)), match.group(2), match.group(3)))
        else:
            raise BadRequest(
                f"line {number} ({line.strip()!r}) is neither 'table: p1 v p2' nor 'bye: p3'"
            )
    return pairs, byes


def pairing_text(tournament: Tournament, number: int) -> str:
    round_ = tournament.round(number)
    lines = [f"{t.table}: {t.a} v {t.b}" for t in round_.tables]
    lines += [f"bye: {b['player']}" for b in round_.byes]
    return "\n".join(lines)


# -- reading ----------------------------------------------------------------------


def _standings_rows(tid: UUID) -> list[dict[str, Any]]:
    query = (
        select(tournament_standings)
        .where(tournament_standings.c.tournament_id == tid)
        .order_by(tournament_standings.c.position)
    )
    with _services().db_engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(query)]


def _names(tournament: Tournament) -> Callable[[str], str]:
    return lambda pid: tournament.players[pid].name if pid in tournament.players else pid


def _page_context(tournament: Tournament) -> dict[str, Any]:
    account = current_account()
    return {
        "t": tournament,
        "name_of": _names(tournament),
        "standings": _standings_rows(tournament.id),
        "options": options_from_dict(tournament.options_dict),
        "is_organiser": tournament.is_organiser(account.id if account else None),
        "me": tournament.player_of(account.id if account else None),
        "bracket": tournament.bracket(),
        "round_name": round_name,
    }


@bp.get("/tournaments")
def index() -> ResponseReturnValue:
    with _services().db_engine.connect() as conn:
        rows = [
            dict(row._mapping)
            for row in conn.execute(select(tournaments).order_by(tournaments.c.created_at.desc()))
        ]
    return render_template("tournaments.html", tournaments=rows)


@bp.get("/tournaments/<uuid:tid>")
def public(tid: UUID) -> ResponseReturnValue:
    return render_template("tournament.html", **_page_context(_tournament(tid)))


@bp.get("/tournaments/<uuid:tid>/version.json")
def live_version(tid: UUID) -> ResponseReturnValue:
    """The tournament's version, polled by its live pages (``static/tournaments/live.js``).

    Read from the listing's read model, not the event store: a hall of phones polls it.
    """
    query = select(tournaments.c.version).where(tournaments.c.id == tid)
    with _services().db_engine.connect() as conn:
        version = conn.execute(query).scalar()
    if version is None:
        abort(404, "no such tournament")
    response = Response(json.dumps({"version": version}), mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


def _organiser_view(tid: UUID) -> Tournament:
    tournament = _tournament(tid)
    if not tournament.is_organiser(signed_in().id):
        abort(403, "only the organisers of this tournament see this page")
    return tournament


def _console(
    tournament: Tournament, *, error: str | None = None, status: int = 200, **extra: Any
) -> ResponseReturnValue:
    accounts = _services().accounts
    context = _page_context(tournament)
    context["organiser_names"] = accounts.names([*tournament.organisers, *tournament.judges])
    return render_template("console.html", error=error, **context, **extra), status


@bp.get("/tournaments/<uuid:tid>/console")
@login_required
def console(tid: UUID) -> ResponseReturnValue:
    tournament = _tournament(tid)
    if not tournament.may_score(signed_in().id):  # judges enter results here too
        abort(403, "only the organisers and judges of this tournament see this page")
    return _console(tournament)


@bp.get("/tournaments/<uuid:tid>/audit")
@login_required
def audit(tid: UUID) -> ResponseReturnValue:
    tournament = _organiser_view(tid)
    changes = _services().tournaments.changes(tid)
    authors = _services().accounts.names(sorted({c.author for c in changes}))
    return render_template("audit.html", t=tournament, changes=changes, authors=authors)


@bp.get("/tournaments/<uuid:tid>/print/<what>")
@login_required
def printable(tid: UUID, what: str) -> ResponseReturnValue:
    tournament = _organiser_view(tid)
    if what == "standings":
        return render_template("print.html", round=None, what=what, **_page_context(tournament))
    if what not in ("by-table", "by-name", "slips"):
        abort(404)
    raw = request.args.get("round", str(len(tournament.rounds)))
    if not re.fullmatch(r"[0-9]{1,3}", raw):
        raise BadRequest(f"round must be a whole number, not {raw[:20]!r}")
    try:
        round_ = tournament.round(int(raw))
    except TournamentRefused as error:
        abort(404, error.message)
    name_of = _names(tournament)
    by_name: list[tuple[str, int | None, str]] = []
    for t in round_.tables:
        by_name.append((name_of(t.a), t.table, name_of(t.b)))
        by_name.append((name_of(t.b), t.table, name_of(t.a)))
    by_name += [(name_of(b["player"]), None, "bye") for b in round_.byes]
    by_name.sort(key=lambda row: row[0].casefold())
    return render_template(
        "print.html", t=tournament, round=round_, what=what, name_of=name_of, by_name=by_name
    )


@bp.get("/tournaments/<uuid:tid>/me")
@login_required
def player_page(tid: UUID) -> ResponseReturnValue:
    tournament = _tournament(tid)
    if tournament.player_of(signed_in().id) is None:
        abort(403, "you are not registered in this tournament")
    return render_template("player.html", error=None, **_page_context(tournament))


# -- exports ----------------------------------------------------------------------


def _results(tournament: Tournament) -> list[dict[str, Any]]:
    name_of = _names(tournament)
    rows = []
    for round_ in tournament.rounds:
        if not round_.published:
            continue
        for t in round_.tables:
            result = t.result or {}
            rows.append(
                {
                    "round": round_.number,
                    "table": t.table,
                    "player_a": t.a,
                    "name_a": name_of(t.a),
                    "player_b": t.b,
                    "name_b": name_of(t.b),
                    "outcome_a": result.get("a"),
                    "outcome_b": result.get("b"),
                    "vp_a": result.get("a_vp"),
                    "vp_b": result.get("b_vp"),
                }
            )
        for bye in round_.byes:
            rows.append(
                {
                    "round": round_.number,
                    "table": None,
                    "player_a": bye["player"],
                    "name_a": name_of(bye["player"]),
                    "player_b": None,
                    "name_b": "requested bye" if bye["requested"] else "bye",
                    "outcome_a": None,
                    "outcome_b": None,
                    "vp_a": None,
                    "vp_b": None,
                }
            )
    return rows


def _standings_export(tid: UUID) -> list[dict[str, Any]]:
    rows = []
    for row in _standings_rows(tid):
        flat = {k: v for k, v in row.items() if k not in ("tournament_id", "tiebreaks")}
        flat["dropped"] = bool(flat["dropped"])
        flat.update(row["tiebreaks"])
        rows.append(flat)
    return rows


def _csv_number(value: Any) -> Any:
    return format_number(value) if isinstance(value, float) else value


@bp.get("/tournaments/<uuid:tid>/export/<what>.<fmt>")
def export(tid: UUID, what: str, fmt: str) -> ResponseReturnValue:
    tournament = _tournament(tid)
    if what == "standings":
        rows = _standings_export(tid)
    elif what == "results":
        rows = _results(tournament)
    else:
        abort(404)
    filename = f"{what}-{tid}.{fmt}"
    if fmt == "json":
        # Whole numbers as integers (12, not 12.0); others at full precision.
        rows = [{k: json_number(v) for k, v in row.items()} for row in rows]
        body = json.dumps({"tournament": str(tid), "name": tournament.name, what: rows}, indent=2)
        mimetype = "application/json"
    elif fmt == "csv":
        # Numbers as on the pages: 12, 4.5, 2.33 (labels.format_number).
        header = list(rows[0]) if rows else []
        cells = ([_csv_number(row[key]) for key in header] for row in rows)
        body = csv_text(header, cells) if rows else ""
        mimetype = "text/csv"
    else:
        abort(404)
    return Response(
        body,
        mimetype=mimetype,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@bp.get("/leaderboard")
def leaderboard() -> ResponseReturnValue:
    with _services().db_engine.connect() as conn:
        rows = [
            dict(row._mapping)
            for row in conn.execute(
                select(ratings).order_by(ratings.c.ordinal.desc(), ratings.c.name)
            )
        ]
    return render_template("leaderboard.html", ratings=rows)


# -- changes ----------------------------------------------------------------------


@bp.route("/tournaments/new", methods=["GET", "POST"])
@login_required
def new() -> ResponseReturnValue:
    account = signed_in()
    if not account.is_organiser:
        abort(403, "only organisers create tournaments: ask for the role on your account page")
    context = {
        "tiebreaks": list(Tiebreak),
        "avoidance": list(ClubAvoidance),
        "form": request.form,
        "systems": _services().systems,
    }
    if request.method == "GET":
        return render_template("tournament_new.html", **context)
    try:
        rounds = _int("rounds", low=1, high=20)
        tid = _services().tournaments.create(
            account.id,
            name=request.form.get("name", ""),
            game_system=request.form.get("game_system", ""),
            battle_size=request.form.get("battle_size", ""),
            rounds=rounds,
            options=_options(),
            late_entry_until_round=_int("late_entry_until_round", low=1, high=20, default=1),
        )
    except BadRequest as error:
        return render_template("tournament_new.html", error=error.message, **context), 400
    except TournamentRefused as error:
        return render_template("tournament_new.html", error=error.message, **context), 422
    return redirect(url_for("tournaments.console", tid=tid), 303)


def _act(
    tid: UUID, action: Callable[[str], object], *, back: str = "console"
) -> ResponseReturnValue:
    """Run one change as the signed-in account; redirect, or show the refusal."""
    account = signed_in()
    try:
        action(account.id)
    except NotAllowed as error:
        abort(403, error.message)
    except (TournamentRefused, BadRequest) as error:
        status = 400 if isinstance(error, BadRequest) else 422
        tournament = _tournament(tid)
        if back == "player":
            return render_template(
                "player.html", error=error.message, **_page_context(tournament)
            ), status
        if not tournament.may_score(account.id):
            abort(403, "only an organiser of this tournament may do that")
        problems = getattr(error, "problems", ())  # every row of a refused import
        return _console(tournament, error=error.message, status=status, problems=problems)
    target = "tournaments.player_page" if back == "player" else "tournaments.console"
    return redirect(url_for(target, tid=tid) + _anchor(), 303)


def _anchor() -> str:
    """The section of the page a form was sent from (its ``anchor`` field, e.g.
    ``table-7``): the page comes back there, not to its top."""
    raw = request.form.get("anchor", "")
    return f"#{raw}" if re.fullmatch(r"[a-z][a-z0-9-]{0,63}", raw) else ""


ACTIONS: dict[str, Callable[[UUID, str], object]] = {}


def action(name: str) -> Callable[[Callable[[UUID, str], object]], Callable[[UUID, str], object]]:
    def register(fn: Callable[[UUID, str], object]) -> Callable[[UUID, str], object]:
        ACTIONS[name] = fn
        return fn

    return register


def _username(field: str) -> str:
    """A username from the form; one no account can have is refused before a look-up."""
    username = request.form.get(field, "").strip()
    if "\x00" in username or len(username) > 200:
        raise BadRequest(f"no account has the username {username[:40]!r}")
    return username


@action("add-organiser")
def _add_organiser(tid: UUID, author: str) -> None:
    found = _services().accounts.by_username(_username("username"))
    if found is None:
        raise BadRequest("no account has that username")
    _services().tournaments.add_organiser(
        tid, author, found.id, expected_version=_expected_version()
    )


@action("register")
def _register(tid: UUID, author: str) -> None:
    username = _username("account")
    account_id = None
    if username:
        found = _services().accounts.by_username(username)
        if found is None:
            raise BadRequest(f"no account has the username {username!r}")
        account_id = found.id
    fixed = request.form.get("fixed_table", "").strip()
    byes = request.form.get("bye_rounds", "").replace(",", " ").split()
    if not all(re.fullmatch(r"[0-9]{1,2}", b) for b in byes):
        raise BadRequest("requested byes are round numbers, e.g. '2, 4'")
    _services().tournaments.register(
        tid,
        author,
        expected_version=_expected_version(),
        name=request.form.get("name", ""),
        club=request.form.get("club"),
        faction=request.form.get("faction"),
        army_list=request.form.get("army_list", ""),
        rating=_number("rating"),
        account_id=account_id,
        fixed_table=_int("fixed_table", low=1, high=10_000) if fixed else None,
        requested_bye_rounds=tuple(int(b) for b in byes),
    )


@action("unregister")
def _unregister(tid: UUID, author: str) -> None:
    _services().tournaments.unregister(tid, author, request.form.get("player", ""))


@action("check-in")
def _check_in(tid: UUID, author: str) -> None:
    _services().tournaments.check_in(tid, author, request.form.get("player", ""))


@action("check-in-all")
def _check_in_all(tid: UUID, author: str) -> None:
    tournament = _tournament(tid)
    if not tournament.is_organiser(author):
        raise NotAllowed("only an organiser of this tournament may do that")
    waiting = [p.id for p in tournament.players.values() if not p.checked_in]
    if not waiting:
        raise TournamentRefused("everyone is checked in already")
    for player_id in waiting:
        _services().tournaments.check_in(tid, author, player_id)


@action("drop")
def _drop(tid: UUID, author: str) -> None:
    raw = request.form.get("after_round", "").strip()
    after = _int("after_round", low=0, high=20) if raw else None
    _services().tournaments.drop(tid, author, request.form.get("player", ""), after)


@action("pair")
def _pair(tid: UUID, author: str) -> None:
    _services().tournaments.pair_next_round(tid, author, expected_version=_expected_version())


@action("publish")
def _publish(tid: UUID, author: str) -> None:
    _services().tournaments.publish(tid, author, _round(), expected_version=_expected_version())


@action("delete-round")
def _delete_round(tid: UUID, author: str) -> None:
    _services().tournaments.delete_round(
        tid, author, _round(), expected_version=_expected_version()
    )


@action("result")
def _result_action(tid: UUID, author: str) -> None:
    _services().tournaments.record_result(
        tid,
        author,
        _round(),
        _table(),
        _result(),
        correction=request.form.get("correction") == "1",
        expected_version=_expected_version(),
    )


@action("link-game")
def _link_game(tid: UUID, author: str) -> None:
    raw = request.form.get("game_id", "").strip()
    try:
        game_id = UUID(raw)
    except ValueError:
        raise BadRequest(f"{raw[:64]!r} is not a game id") from None
    try:
        _services().game_results.link(
            tid,
            author,
            number=_round(),
            table=_table(),
            game_id=game_id,
            side_a=request.form.get("side_a") or None,
        )
    except GameNotFound:
        raise TournamentRefused(f"no recorded game {game_id}") from None


@action("confirm-link")
def _confirm_link(tid: UUID, author: str) -> None:
    _services().game_results.confirm_link(tid, author, number=_round(), table=_table())


@action("undo")
def _undo(tid: UUID, author: str) -> None:
    _services().tournaments.undo(tid, author, expected_version=_expected_version())


@action("top-cut")
def _top_cut(tid: UUID, author: str) -> None:
    _services().tournaments.start_top_cut(tid, author, _int("size", low=2, high=64))


@action("top-cut-winner")
def _top_cut_winner(tid: UUID, author: str) -> None:
    _services().tournaments.record_top_cut_winner(
        tid,
        author,
        _int("bracket_round", low=1, high=10),
        _int("match", low=1, high=64),
        request.form.get("winner", ""),
    )


@bp.post("/tournaments/<uuid:tid>/actions/<name>")
@login_required
def act(tid: UUID, name: str) -> ResponseReturnValue:
    handler = ACTIONS.get(name)
    if handler is None:
        abort(404)
    _tournament(tid)  # 404 for an unknown tournament, before anything else
    return _act(tid, lambda author: handler(tid, author))


@bp.route("/tournaments/<uuid:tid>/rounds/<int:number>/edit", methods=["GET", "POST"])
@login_required
def edit_pairings(tid: UUID, number: int) -> ResponseReturnValue:
    tournament = _organiser_view(tid)
    try:
        tournament.round(number)
    except TournamentRefused as error:
        abort(404, error.message)
    text = request.form.get("pairings") if request.method == "POST" else None
    context = {"t": tournament, "number": number, "name_of": _names(tournament)}
    if text is None:
        return render_template(
            "edit_pairings.html",
            text=pairing_text(tournament, number),
            warnings=(),
            error=None,
            **context,
        )
    try:
        pairs, byes = _pairing_lines(text)
        _services().tournaments.edit_pairings(
            tid,
            signed_in().id,
            number,
            pairs,
            byes,
            accept_warnings=request.form.get("accept_warnings") == "1",
            expected_version=_expected_version(),
        )
    except WarningsNotAccepted as refused:
        return render_template(
            "edit_pairings.html", text=text, warnings=refused.warnings, error=None, **context
        ), 422
    except (TournamentRefused, BadRequest) as error:
        status = 400 if isinstance(error, BadRequest) else 422
        return render_template(
            "edit_pairings.html", text=text, warnings=(), error=error.message, **context
        ), status
    return redirect(url_for("tournaments.console", tid=tid) + f"#round-{number}", 303)


@bp.post("/tournaments/<uuid:tid>/report")
@login_required
def report(tid: UUID) -> ResponseReturnValue:
    def do(author: str) -> None:
        number = _round()
        table = _table()
        if request.form.get("confirm") == "1":
            _services().tournaments.confirm(tid, author, number, table)
        elif request.form.get("dispute") == "1":
            reason = request.form.get("reason", "")
            _services().tournaments.dispute(tid, author, number, table, reason)
        elif request.form.get("confirm_link") == "1":
            _confirm_link(tid, author)
        elif request.form.get("game_id"):
            _link_game(tid, author)
        else:
            _services().tournaments.report(tid, author, number, table, _result())

    _tournament(tid)
    return _act(tid, do, back="player")


__all__ = ["ACTIONS", "bp", "pairing_text"]

# h3-event: registration, army lists and judges register their routes and actions here.
from shiai.web import registration as _registration  # noqa: E402, F401

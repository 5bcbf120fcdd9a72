"""The hall on event day: the round timer, pairing swaps and moves, the projector.

Registers on the tournaments blueprint (``shiai.web.tournaments.bp``). The
timer's actions go through the console's ``actions/<name>`` route; a swap or a
move has its own route, because a pairing that breaks a rule comes back to the
console with the checker's warnings and an "accept" button instead of a plain
refusal. Every action returns to the section of the console it was sent from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from math import ceil
from typing import Any
from uuid import UUID

from flask import abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from shiai.errors import BadRequest
from shiai.tournaments.aggregate import (
    NotAllowed,
    Tournament,
    TournamentRefused,
    WarningsNotAccepted,
)
from shiai.tournaments.checker import PairingWarning
from shiai.tournaments.round_timer import (
    LONGEST_EXTENSION_MINUTES,
    LONGEST_ROUND_MINUTES,
    clock_text,
)
from shiai.web.auth import login_required, signed_in
from shiai.web.event_players import check_in_qr
from shiai.web.tournaments import (
    _console,
    _expected_version,
    _int,
    _names,
    _page_context,
    _round,
    _services,
    _table,
    _tournament,
    action,
    bp,
)

# The projector: two columns of this many rows fill a 1080-pixel-high screen in
# type readable from 5 metres (static/shiai.css, "h4: projector").
PROJECTOR_ROWS = 14
PROJECTOR_COLUMNS = 2
PROJECTOR_SECONDS = 15  # each page shows this long, then the next one
PLAYER_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@bp.app_context_processor
def _clock() -> dict[str, Any]:
    """The moment a page is drawn (the timer shows what is left then) and its clock text."""
    return {"utc_now": lambda: datetime.now(UTC), "clock_text": clock_text}


# -- the round timer ------------------------------------------------------------


@action("timer-start")
def _timer_start(tid: UUID, author: str) -> None:
    minutes = _int("minutes", low=1, high=LONGEST_ROUND_MINUTES)
    _services().tournaments.start_timer(tid, author, minutes, expected_version=_expected_version())


@action("timer-pause")
def _timer_pause(tid: UUID, author: str) -> None:
    _services().tournaments.pause_timer(tid, author, expected_version=_expected_version())


@action("timer-resume")
def _timer_resume(tid: UUID, author: str) -> None:
    _services().tournaments.resume_timer(tid, author, expected_version=_expected_version())


@action("timer-extend")
def _timer_extend(tid: UUID, author: str) -> None:
    minutes = _int("minutes", low=1, high=LONGEST_EXTENSION_MINUTES)
    _services().tournaments.extend_timer(tid, author, minutes, expected_version=_expected_version())


# -- swapping players and moving tables ------------------------------------------


@dataclass(frozen=True)
class PendingEdit:
    """A pairing edit the checker warns about: shown with its warnings and an
    "accept" form that sends the same edit again, accepted."""

    round: int
    what: str
    url: str
    fields: dict[str, str]
    warnings: Sequence[PairingWarning] = field(default_factory=tuple)


def _player_field(name: str) -> str:
    raw = request.form.get(name, "").strip()
    if not PLAYER_ID.fullmatch(raw):
        raise BadRequest(f"choose a player to swap ({name} is {raw[:20]!r})")
    return raw


def _edit_pairings(
    tid: UUID, edit: Callable[[str, int, bool], object], fields: Sequence[str], name: str
) -> ResponseReturnValue:
    """Run a swap or a move as the signed-in organiser: back to the round's section,
    or the console with the refusal, or with the warnings to accept."""
    account = signed_in()
    tournament = _tournament(tid)
    number = 0
    try:
        number = _round()
        edit(account.id, number, request.form.get("accept_warnings") == "1")
    except WarningsNotAccepted as refused:
        pending = PendingEdit(
            round=number,
            what=_describe(tournament, name),
            url=url_for("tournaments.act_on_pairings", tid=tid, name=name),
            fields={key: request.form.get(key, "") for key in ("round", *fields)},
            warnings=refused.warnings,
        )
        return _console(tournament, status=422, pending_edit=pending, anchor=f"round-{number}-edit")
    except NotAllowed as error:
        abort(403, error.message)
    except (TournamentRefused, BadRequest) as error:
        if not tournament.is_organiser(account.id):
            abort(403, "only an organiser of this tournament may do that")
        status = 400 if isinstance(error, BadRequest) else 422
        return _console(tournament, error=error.message, status=status, anchor=f"round-{number}")
    return redirect(url_for("tournaments.console", tid=tid) + f"#round-{number}", 303)


def _describe(tournament: Tournament, name: str) -> str:
    name_of = _names(tournament)
    form = request.form
    if name == "swap-players":
        return f"Swap {name_of(form.get('first', ''))} and {name_of(form.get('second', ''))}"
    return f"Move table {form.get('table', '')} to table {form.get('to_table', '')}"


@bp.post("/tournaments/<uuid:tid>/pairings/<name>")
@login_required
def act_on_pairings(tid: UUID, name: str) -> ResponseReturnValue:
    """Swap two players (``swap-players``) or move a pairing to another table
    (``move-table``) in a draft round."""
    tournaments = _services().tournaments

    def swap(author: str, number: int, accept: bool) -> None:
        first, second = _player_field("first"), _player_field("second")
        tournaments.swap_players(
            tid,
            author,
            number,
            first,
            second,
            accept_warnings=accept,
            expected_version=_expected_version(),
        )

    def move(author: str, number: int, accept: bool) -> None:
        table = _table()
        to_table = _int("to_table", low=1, high=10_000)
        tournaments.move_table(
            tid,
            author,
            number,
            table,
            to_table,
            accept_warnings=accept,
            expected_version=_expected_version(),
        )

    if name not in ("swap-players", "move-table"):
        abort(404)
    if name == "swap-players":
        return _edit_pairings(tid, swap, ("first", "second"), name)
    return _edit_pairings(tid, move, ("table", "to_table"), name)


# -- the projector ------------------------------------------------------------------


@dataclass(frozen=True)
class ProjectorPage:
    """One screen of the projector: a title and its rows, in columns."""

    kind: str  # "check-in", "by-name", "by-table", "standings"
    title: str
    columns: list[Sequence[tuple[str, ...]]]


def _pages(kind: str, title: str, rows: Sequence[tuple[str, ...]]) -> list[ProjectorPage]:
    """``rows`` cut into as few screens as hold them, evenly filled (column by column)."""
    per_page = PROJECTOR_ROWS * PROJECTOR_COLUMNS
    count = max(1, ceil(len(rows) / per_page))
    size = ceil(len(rows) / count) if rows else 0
    pages = []
    for index in range(count):
        chunk = rows[index * size : (index + 1) * size]
        height = ceil(len(chunk) / PROJECTOR_COLUMNS) if chunk else 0
        columns = [chunk[i : i + height] for i in range(0, len(chunk), height)] if height else []
        suffix = f" ({index + 1} of {count})" if count > 1 else ""
        pages.append(ProjectorPage(kind, title + suffix, columns))
    return pages


def projector_pages(tournament: Tournament, standings: list[dict[str, Any]]) -> list[ProjectorPage]:
    name_of = _names(tournament)
    pages: list[ProjectorPage] = []
    if tournament.state.check_in_open:
        pages.append(ProjectorPage("check-in", "Check in from your phone", []))
    shown = [r for r in tournament.rounds if r.published]
    if shown:
        current = shown[-1]
        by_name: list[tuple[str, ...]] = []
        for t in current.tables:
            by_name.append((name_of(t.a), str(t.table), name_of(t.b)))
            by_name.append((name_of(t.b), str(t.table), name_of(t.a)))
        by_name += [(name_of(b["player"]), "bye", "") for b in current.byes]
        by_name.sort(key=lambda row: row[0].casefold())
        pages += _pages("by-name", f"Round {current.number}: find your table", by_name)
        by_table = [(str(t.table), name_of(t.a), name_of(t.b)) for t in current.tables]
        pages += _pages("by-table", f"Round {current.number}: tables", by_table)
    if standings and shown:
        rows = [
            (
                str(row["rank"]),
                row["name"] + (" (dropped)" if row["dropped"] else ""),
                f"{row['score']:g}",
                f"{row['wins']}-{row['draws']}-{row['losses']}",
            )
            for row in standings
        ]
        pages += _pages("standings", f"Standings after round {shown[-1].number}", rows)
    if not pages:
        pages.append(ProjectorPage("waiting", "Pairings appear here when a round is published", []))
    return pages


def _seconds() -> int:
    raw = request.args.get("seconds", "")
    if re.fullmatch(r"[0-9]{1,3}", raw) and 3 <= int(raw) <= 300:
        return int(raw)
    return PROJECTOR_SECONDS


@bp.get("/tournaments/<uuid:tid>/projector")
def projector(tid: UUID) -> ResponseReturnValue:
    """Full screen for the hall: pairings, standings, the timer and the check-in code,
    one screen at a time (``?seconds=`` each, 3 to 300)."""
    tournament = _tournament(tid)
    context = _page_context(tournament)
    return render_template(
        "projector.html",
        pages=projector_pages(tournament, context["standings"]),
        check_in_qr=check_in_qr(tournament) if tournament.state.check_in_open else None,
        check_in_url=url_for("tournaments.public", tid=tid, _external=True) + "/check-in",
        seconds=_seconds(),
        **context,
    )


__all__ = ["PendingEdit", "ProjectorPage", "act_on_pairings", "projector", "projector_pages"]

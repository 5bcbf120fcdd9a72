"""The players' side of an event day: checking in from a phone (a link and its QR
code), the player's own page for the current round, and dropping out.

The routes register on the tournaments blueprint (``tournaments.check_in_page``,
``tournaments.drop_me``), as do the organiser's ``open-check-in`` and
``close-check-in`` actions. Who may do what is the aggregate's to decide; the
player page's view of the round is :func:`player_day`, a pure reading of the
tournament that the template asks for (so the page and its re-rendering after
a refused report show the same thing).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import segno
from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from shiai.army_lists import faction_name
from shiai.tournaments.aggregate import (
    Entry,
    NotAllowed,
    TableEntry,
    Tournament,
    TournamentRefused,
)
from shiai.web.auth import current_account, login_required, signed_in
from shiai.web.tournaments import _act, _services, _tournament, action, bp

# -- the player's view of the event ------------------------------------------------


@dataclass(frozen=True)
class MyGame:
    """One round as a player sees it: their table (or bye) and its result."""

    number: int
    table: TableEntry | None  # None: a bye
    requested_bye: bool
    opponent: Entry | None
    i_am_a: bool

    @property
    def status(self) -> str:
        """``bye``, ``result``, ``disputed``, ``reported-by-me``, ``reported-by-opponent``
        or ``to-report``."""
        current = self.table
        if current is None:
            return "bye"
        if current.result is not None:
            return "result"
        if current.disputed is not None:
            return "disputed"
        if current.reported is not None:
            mine = current.reported_by == (current.a if self.i_am_a else current.b)
            return "reported-by-me" if mine else "reported-by-opponent"
        return "to-report"

    def seen(self, result: dict[str, Any] | None) -> dict[str, Any] | None:
        """A result from this player's side: ``outcome`` (won, drew, lost), their
        victory points and their opponent's."""
        if result is None:
            return None
        me, them = ("a", "b") if self.i_am_a else ("b", "a")
        outcome = {"win": "won", "draw": "drew", "loss": "lost"}[result[me]]
        return {
            "outcome": outcome,
            "mine": result.get(f"{me}_vp", 0),
            "theirs": result.get(f"{them}_vp", 0),
        }


@dataclass(frozen=True)
class PlayerDay:
    """What the player page shows: the current round, a note when there is no
    game to show, the standing and the past rounds."""

    entry: Entry
    current: MyGame | None
    note: str | None
    past: list[MyGame] = field(default_factory=list)
    standing: dict[str, Any] | None = None
    lists_published: bool = False
    finished: bool = False
    drop_blocker: str | None = None  # why the player cannot drop out now


def _my_game(t: Tournament, number: int, entry: Entry) -> MyGame | None:
    round_ = t.round(number)
    for current in round_.tables:
        if entry.id in (current.a, current.b):
            i_am_a = current.a == entry.id
            opponent = t.players.get(current.b if i_am_a else current.a)
            return MyGame(number, current, False, opponent, i_am_a)
    for bye in round_.byes:
        if bye["player"] == entry.id:
            return MyGame(number, None, bool(bye["requested"]), None, True)
    return None


def _note(t: Tournament, entry: Entry) -> str:
    """Why the player has no game to show right now."""
    last = t.rounds[-1] if t.rounds else None
    if entry.dropped_after_round is not None:
        return f"You dropped out after round {entry.dropped_after_round}."
    if last is None:
        if entry.checked_in:
            return "You are checked in. Round 1 will be paired when check-in is over."
        return "Round 1 will be paired once players have checked in."
    if not last.published:
        return (
            f"Round {last.number} is being paired: your table shows here as soon as "
            "it is published."
        )
    if not entry.checked_in:
        return f"You are not checked in, so you are not paired in round {last.number}."
    if entry.entered_round > last.number:
        return f"You join the event in round {entry.entered_round}."
    return f"You are not paired in round {last.number}: ask an organiser."


def player_day(t: Tournament, entry: Entry, standings: list[dict[str, Any]]) -> PlayerDay:
    published = [r for r in t.rounds if r.published]
    games = [g for r in published if (g := _my_game(t, r.number, entry)) is not None]
    last = t.rounds[-1] if t.rounds else None
    current = None
    if last is not None and last.published and games and games[-1].number == last.number:
        current = games[-1]
    past = [g for g in reversed(games) if g is not current]
    unfinished = t.unfinished_game(entry.id)
    blocker = None
    if entry.dropped_after_round is not None:
        blocker = "you have dropped out"
    elif t.status in ("finished", "top cut"):
        blocker = "the Swiss rounds are over"
    elif unfinished is not None:
        blocker = (
            f"report your game at table {unfinished.table} first "
            "(or confirm or dispute your opponent's report)"
        )
    return PlayerDay(
        entry=entry,
        current=current,
        note=None if current is not None else _note(t, entry),
        past=past,
        standing=next((row for row in standings if row["player_id"] == entry.id), None),
        lists_published=t.lists_public,
        finished=t.status in ("finished", "top cut"),
        drop_blocker=blocker,
    )


bp.add_app_template_global(player_day, "player_day")


def faction_label(t: Tournament, faction: str | None) -> str | None:
    """A faction's name from the system's catalogue (a catalogue id or free text)."""
    return faction_name(t.game_system, faction) if faction else None


bp.add_app_template_global(faction_label, "faction_label")


# -- check-in ------------------------------------------------------------------


def check_in_qr(t: Tournament) -> Markup:
    """The check-in page's address as an inline SVG QR code (for the console and
    the projector): the markup is segno's own, with no text from a user."""
    address = url_for("tournaments.check_in_page", tid=t.id, _external=True)
    svg = segno.make(address, error="m").svg_inline(
        scale=1,
        border=2,
        light="#fff",
        omitsize=True,
        svgclass="qr",
        title=f"QR code of {address}",
    )
    return Markup(svg)  # segno's SVG: numbers and the escaped address only


bp.add_app_template_global(check_in_qr, "check_in_qr")


def _check_in_context(t: Tournament) -> dict[str, Any]:
    account = current_account()
    return {
        "t": t,
        "me": t.player_of(account.id if account else None),
        "signed_in": account is not None,
    }


@bp.route("/tournaments/<uuid:tid>/check-in", methods=["GET", "POST"])
def check_in_page(tid: UUID) -> ResponseReturnValue:
    """A player checks themself in (reached from a link or the QR code). Anyone may
    read the page: it tells an anonymous visitor to sign in first."""
    tournament = _tournament(tid)
    if request.method == "GET":
        return render_template("check_in.html", error=None, **_check_in_context(tournament))
    if current_account() is None:
        return redirect(url_for("auth.sign_in", next=request.path))
    try:
        _services().tournaments.check_in_themself(tid, signed_in().id)
    except TournamentRefused as error:
        status = 403 if isinstance(error, NotAllowed) else 422
        context = _check_in_context(_tournament(tid))
        return render_template("check_in.html", error=error.message, **context), status
    return redirect(url_for("tournaments.player_page", tid=tid), 303)


@action("open-check-in")
def _open_check_in(tid: UUID, author: str) -> None:
    _services().tournaments.open_check_in(tid, author)


@action("close-check-in")
def _close_check_in(tid: UUID, author: str) -> None:
    _services().tournaments.close_check_in(tid, author)


# -- dropping out ----------------------------------------------------------------


@bp.post("/tournaments/<uuid:tid>/drop-me")
@login_required
def drop_me(tid: UUID) -> ResponseReturnValue:
    _tournament(tid)
    return _act(
        tid, lambda author: _services().tournaments.drop_themself(tid, author), back="player"
    )


__all__ = ["MyGame", "PlayerDay", "check_in_qr", "player_day"]

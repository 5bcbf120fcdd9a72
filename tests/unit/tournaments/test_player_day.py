"""The players' own actions on an event day, on the in-memory store: checking in
within the window the organisers open, disputing a reported result (the
organisers settle it), replacing one's own report, and dropping out."""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

import pytest

from replays.store import MEMORY, event_store_env
from shiai.tournaments.aggregate import NotAllowed, TournamentRefused
from shiai.tournaments.application import Tournaments
from shiai.tournaments.model import Result

ORG = "organiser-account"
ACCOUNTS = ("alice", "bob", "carol", "dave")


@pytest.fixture
def app() -> Tournaments:
    return Tournaments(event_store_env(MEMORY))


def registered(app: Tournaments, *, rounds: int = 3, late_entry_until_round: int = 1) -> UUID:
    """Four players with accounts (p1 alice .. p4 dave), registered, not checked in."""
    tid = app.create(
        ORG,
        name="Cup",
        game_system="kensei",
        rounds=rounds,
        seed="seed",
        late_entry_until_round=late_entry_until_round,
    )
    for account in ACCOUNTS:
        app.register(tid, ORG, name=account.title(), account_id=account)
    return tid


def paired(app: Tournaments) -> UUID:
    """Round 1 published: alice (p1) v bob (p2) at table 1, carol v dave at table 2."""
    tid = registered(app)
    app.open_check_in(tid, ORG)
    for account in ACCOUNTS:
        app.check_in_themself(tid, account)
    app.pair_next_round(tid, ORG)
    app.edit_pairings(tid, ORG, 1, [(1, "p1", "p2"), (2, "p3", "p4")], [], accept_warnings=True)
    app.publish(tid, ORG, 1)
    return tid


def refused(app: Tournaments, tid: UUID, action: Callable[[], object], words: str) -> None:
    before = app.get(tid).version
    with pytest.raises(TournamentRefused, match=words):
        action()
    assert app.get(tid).version == before


def test_players_check_themselves_in_only_while_the_window_is_open(app: Tournaments) -> None:
    tid = registered(app)
    refused(app, tid, lambda: app.check_in_themself(tid, "alice"), "check-in is not open")
    refused(app, tid, lambda: app.close_check_in(tid, ORG), "not open")
    with pytest.raises(NotAllowed):
        app.open_check_in(tid, "alice")

    app.open_check_in(tid, ORG)
    assert app.get(tid).state.check_in_open
    refused(app, tid, lambda: app.open_check_in(tid, ORG), "already open")
    assert app.check_in_themself(tid, "alice") == "p1"
    refused(app, tid, lambda: app.check_in_themself(tid, "alice"), "already checked in")
    with pytest.raises(NotAllowed, match="not registered"):
        app.check_in_themself(tid, "stranger")

    app.close_check_in(tid, ORG)
    refused(app, tid, lambda: app.check_in_themself(tid, "bob"), "check-in is not open")
    # The organiser still checks people in, window or not.
    app.check_in(tid, ORG, "p2")
    players = app.get(tid).players
    assert [p.checked_in for p in players.values()] == [True, True, False, False]
    kinds = [c.kind for c in app.changes(tid)]
    assert kinds.count("PlayerCheckedInThemself") == 1
    assert "CheckInOpened" in kinds
    assert "CheckInClosed" in kinds


def test_a_self_check_in_follows_the_late_entry_rules(app: Tournaments) -> None:
    tid = registered(app, late_entry_until_round=2)
    app.open_check_in(tid, ORG)
    for account in ("alice", "bob"):
        app.check_in_themself(tid, account)
    app.pair_next_round(tid, ORG)
    # Round 1 is paired: carol's check-in is a late entry into round 2.
    app.check_in_themself(tid, "carol")
    assert app.get(tid).players["p3"].entered_round == 2
    app.publish(tid, ORG, 1)
    app.record_result(tid, ORG, 1, 1, Result.a_wins())
    app.pair_next_round(tid, ORG)
    refused(app, tid, lambda: app.check_in_themself(tid, "dave"), "late entry is open until")
    app.close_check_in(tid, ORG)
    refused(app, tid, lambda: app.open_check_in(tid, ORG), "nobody can check in any more")


def test_a_self_check_in_is_never_undone_by_the_organiser(app: Tournaments) -> None:
    tid = registered(app)
    app.open_check_in(tid, ORG)
    app.check_in_themself(tid, "alice")
    refused(app, tid, lambda: app.undo(tid, ORG), "nothing to undo")


def test_the_opponent_disputes_a_report_and_an_organiser_settles_it(app: Tournaments) -> None:
    tid = paired(app)
    refused(app, tid, lambda: app.dispute(tid, "bob", 1, 1, "wrong"), "no reported result")
    app.report(tid, "alice", 1, 1, Result.a_wins(12, 3))
    refused(app, tid, lambda: app.dispute(tid, "alice", 1, 1, "x"), "you reported this result")
    refused(app, tid, lambda: app.dispute(tid, "bob", 1, 1, "   "), "say in a few words")
    refused(app, tid, lambda: app.dispute(tid, "bob", 1, 1, "x" * 501), "at most 500")
    with pytest.raises(NotAllowed):
        app.dispute(tid, "carol", 1, 1, "not my table")
    with pytest.raises(NotAllowed):
        app.dispute(tid, ORG, 1, 1, "organisers settle, they do not dispute")

    app.dispute(tid, "bob", 1, 1, "  I won 12-3, not alice  ")
    table = app.get(tid).table(1, 1)
    assert table.disputed == {"by": "p2", "reason": "I won 12-3, not alice"}
    assert table.reported == {"a": "win", "b": "loss", "a_vp": 12, "b_vp": 3}
    # Neither player can move a disputed result on: the organisers settle it.
    refused(app, tid, lambda: app.confirm(tid, "bob", 1, 1), "disputed")
    refused(app, tid, lambda: app.report(tid, "alice", 1, 1, Result.b_wins()), "disputed")
    refused(app, tid, lambda: app.dispute(tid, "bob", 1, 1, "again"), "disputed")

    app.record_result(tid, ORG, 1, 1, Result.b_wins(3, 12))
    table = app.get(tid).table(1, 1)
    assert (table.disputed, table.reported, table.source) == (None, None, "organiser")
    assert table.result == {"a": "loss", "b": "win", "a_vp": 3, "b_vp": 12}


def test_a_reporter_replaces_their_report_until_the_opponent_answers(app: Tournaments) -> None:
    tid = paired(app)
    app.report(tid, "alice", 1, 1, Result.a_wins(12, 3))
    app.report(tid, "alice", 1, 1, Result.a_wins(13, 3))
    assert app.get(tid).table(1, 1).reported == {"a": "win", "b": "loss", "a_vp": 13, "b_vp": 3}
    # The opponent answers a report: confirm or dispute, not a report of their own.

    def counter_report() -> None:
        app.report(tid, "bob", 1, 1, Result.b_wins())

    refused(app, tid, counter_report, "confirm it, or dispute")
    app.confirm(tid, "bob", 1, 1)
    assert app.get(tid).table(1, 1).result == {"a": "win", "b": "loss", "a_vp": 13, "b_vp": 3}


def test_a_player_drops_out_once_their_game_is_reported(app: Tournaments) -> None:
    tid = paired(app)
    refused(app, tid, lambda: app.drop_themself(tid, "alice"), "report your game at table 1")
    app.report(tid, "bob", 1, 1, Result.b_wins(10, 2))
    # Bob's report awaits alice: she confirms or disputes before dropping.
    refused(app, tid, lambda: app.drop_themself(tid, "alice"), "report your game at table 1")
    assert app.drop_themself(tid, "bob") == 1
    refused(app, tid, lambda: app.undo(tid, ORG), "nothing to undo")  # his word, not theirs
    refused(app, tid, lambda: app.drop_themself(tid, "bob"), "already dropped")
    with pytest.raises(NotAllowed):
        app.drop_themself(tid, "stranger")
    app.confirm(tid, "alice", 1, 1)
    app.record_result(tid, ORG, 1, 2, Result.a_wins())
    # Bob is not paired from round 2.
    app.pair_next_round(tid, ORG)
    second = app.get(tid).round(2)
    assert "p2" not in {x for t in second.tables for x in (t.a, t.b)}
    assert [b["player"] for b in second.byes] != ["p2"]
    # Dropping during a draft round is after it: the organiser sees it and re-pairs.
    app.record_result(tid, ORG, 1, 1, Result.b_wins(10, 2), correction=True)
    assert app.drop_themself(tid, "carol") == 2
    assert app.get(tid).players["p3"].dropped_after_round == 2


def test_nobody_drops_out_of_a_finished_event(app: Tournaments) -> None:
    tid = registered(app, rounds=1)
    app.open_check_in(tid, ORG)
    for account in ACCOUNTS:
        app.check_in_themself(tid, account)
    app.pair_next_round(tid, ORG)
    app.publish(tid, ORG, 1)
    for table in app.get(tid).round(1).tables:
        app.record_result(tid, ORG, 1, table.table, Result.a_wins())
    refused(app, tid, lambda: app.drop_themself(tid, "alice"), "the Swiss rounds are over")

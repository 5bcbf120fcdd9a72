"""The Tournament aggregate on the in-memory store: every change an event,
refusals change nothing, replays never run the pairer, undo compensates."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest

from replays.errors import Conflict
from replays.store import MEMORY, event_store_env
from shiai.tournaments import aggregate
from shiai.tournaments.aggregate import NotAllowed, TournamentRefused, WarningsNotAccepted
from shiai.tournaments.application import Tournaments
from shiai.tournaments.checker import WarningKind
from shiai.tournaments.model import Result
from shiai.tournaments.standings import compute_standings

ORG = "organiser-account"
ALICE = "alice-account"


@pytest.fixture
def app() -> Tournaments:
    return Tournaments(event_store_env(MEMORY))


def started(app: Tournaments, players: int = 6, rounds: int = 3, **kw: Any) -> UUID:
    tid = app.create(ORG, name="Cup", game_system="kensei", rounds=rounds, seed="seed", **kw)
    for number in range(1, players + 1):
        account = ALICE if number == 1 else None
        club = "Edo" if number in (1, 2) else None
        player = app.register(tid, ORG, name=f"P{number}", club=club, account_id=account)
        app.check_in(tid, ORG, player)
    return tid


def play_round(app: Tournaments, tid: UUID) -> int:
    number = app.pair_next_round(tid, ORG)
    app.publish(tid, ORG, number)
    for table in app.get(tid).round(number).tables:
        app.record_result(tid, ORG, number, table.table, Result.a_wins(10, table.table))
    return number


def refused(app: Tournaments, tid: UUID, action: Callable[[], object], words: str) -> None:
    before = app.get(tid).version
    with pytest.raises(TournamentRefused, match=words):
        action()
    assert app.get(tid).version == before


def test_every_change_is_an_event_with_author_and_time(app: Tournaments) -> None:
    tid = started(app, players=4)
    play_round(app, tid)
    changes = app.changes(tid)
    assert [c.kind for c in changes[:3]] == ["Created", "PlayerRegistered", "PlayerCheckedIn"]
    assert {c.author for c in changes} == {ORG}
    assert all(c.timestamp.tzinfo is not None for c in changes)
    assert changes[-1].kind == "ResultRecorded"


def test_a_replayed_tournament_never_runs_the_pairer_again(
    app: Tournaments, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = started(app)
    play_round(app, tid)
    before = app.get(tid)

    def no_pairing(*_: object, **__: object) -> None:
        raise AssertionError("the pairer ran during a replay")

    monkeypatch.setattr(aggregate, "pair_round", no_pairing)
    replayed = app.get(tid)
    assert [(t.table, t.a, t.b) for t in replayed.round(1).tables] == [
        (t.table, t.a, t.b) for t in before.round(1).tables
    ]


def test_refused_actions_change_nothing(app: Tournaments) -> None:
    tid = started(app, players=5, rounds=2)
    refused(app, tid, lambda: app.publish(tid, ORG, 1), "no round 1")
    app.pair_next_round(tid, ORG)
    refused(app, tid, lambda: app.pair_next_round(tid, ORG), "publish round 1")
    refused(app, tid, lambda: app.record_result(tid, ORG, 1, 1, Result.draw()), "not published")
    refused(app, tid, lambda: app.unregister(tid, ORG, "p1"), "drop them instead")
    refused(app, tid, lambda: app.register(tid, ORG, name="Late"), "registration closed")
    app.publish(tid, ORG, 1)
    refused(app, tid, lambda: app.publish(tid, ORG, 1), "published")
    refused(app, tid, lambda: app.delete_round(tid, ORG, 1), "published")
    refused(app, tid, lambda: app.pair_next_round(tid, ORG), "without a result")
    refused(app, tid, lambda: app.record_result(tid, ORG, 1, 9, Result.draw()), "no table 9")
    refused(
        app,
        tid,
        lambda: app.record_result(tid, ORG, 1, 1, Result.draw(), correction=True),
        "no result to correct",
    )
    refused(app, tid, lambda: app.drop(tid, ORG, "p1", after_round=0), "paired in round 1")
    refused(app, tid, lambda: app.check_in(tid, ORG, "p9"), "no player p9")
    with pytest.raises(NotAllowed):
        app.pair_next_round(tid, ALICE)


def test_only_the_players_of_a_game_report_it_and_the_opponent_confirms(
    app: Tournaments,
) -> None:
    tid = started(app, players=4, rounds=1)
    app.pair_next_round(tid, ORG)
    app.edit_pairings(tid, ORG, 1, [(1, "p1", "p3"), (2, "p2", "p4")], [])
    app.publish(tid, ORG, 1)
    refused(app, tid, lambda: app.report(tid, ALICE, 1, 2, Result.a_wins()), "their own games")
    app.report(tid, ALICE, 1, 1, Result.a_wins(12, 4))
    refused(app, tid, lambda: app.confirm(tid, ALICE, 1, 1), "your opponent confirms")
    assert app.get(tid).table(1, 1).result is None
    # The opponent has no account here: the organiser enters the result for them.
    app.record_result(tid, ORG, 1, 1, Result.a_wins(12, 4))
    assert app.get(tid).table(1, 1).result == {"a": "win", "b": "loss", "a_vp": 12, "b_vp": 4}


def test_a_manual_pairing_with_warnings_is_saved_only_when_accepted(app: Tournaments) -> None:
    tid = started(app, players=4, rounds=2)
    play_round(app, tid)
    first = app.get(tid).round(1).tables[0]
    app.pair_next_round(tid, ORG)
    others = [p for p in ("p1", "p2", "p3", "p4") if p not in (first.a, first.b)]
    rematch = [(1, first.a, first.b), (2, others[0], others[1])]
    with pytest.raises(WarningsNotAccepted) as refusal:
        app.edit_pairings(tid, ORG, 2, rematch, [])
    assert WarningKind.REMATCH in {w.kind for w in refusal.value.warnings}
    refused(app, tid, lambda: app.edit_pairings(tid, ORG, 2, [(1, "p1", "p1")], []), "themself")
    app.edit_pairings(tid, ORG, 2, rematch, [], accept_warnings=True)
    edited = app.get(tid).round(2)
    assert edited.manual
    assert any("accepted by the organiser" in w for w in edited.warnings)
    recorded = app.changes(tid)[-1]
    assert recorded.kind == "PairingsEdited"
    assert recorded.details["warnings"][0]["kind"] == "rematch"


def test_deleting_an_unpublished_round_and_pairing_again(app: Tournaments) -> None:
    tid = started(app, players=6)
    play_round(app, tid)
    app.pair_next_round(tid, ORG)
    app.delete_round(tid, ORG, 2)
    assert len(app.get(tid).rounds) == 1
    app.drop(tid, ORG, "p6")
    app.pair_next_round(tid, ORG)
    round_two = app.get(tid).round(2)
    assert "p6" not in {p for t in round_two.tables for p in (t.a, t.b)}
    assert [b["player"] for b in round_two.byes] != []


def test_a_correction_after_later_rounds_changes_the_standings(app: Tournaments) -> None:
    tid = started(app, players=4)
    play_round(app, tid)
    play_round(app, tid)
    first = app.get(tid).round(1).tables[0]
    before = app.get(tid).standings().row(first.a).score
    app.record_result(tid, ORG, 1, first.table, Result.b_wins(0, 20), correction=True)
    tournament = app.get(tid)
    assert tournament.standings().row(first.a).score == before - 3
    assert tournament.standings() == compute_standings(tournament.history(), seed="seed")


def test_undo_reverts_the_last_organiser_action_with_a_new_event(app: Tournaments) -> None:
    tid = started(app, players=4)
    app.pair_next_round(tid, ORG)
    version = app.get(tid).version
    app.undo(tid, ORG)
    assert app.get(tid).rounds == []
    assert app.get(tid).version == version + 1
    assert app.changes(tid)[-1].kind == "Undone"
    app.undo(tid, ORG)  # and the check-in before it
    assert not app.get(tid).players["p4"].checked_in


def test_undo_never_throws_away_a_players_report(app: Tournaments) -> None:
    tid = started(app, players=4, rounds=1)
    app.pair_next_round(tid, ORG)
    app.edit_pairings(tid, ORG, 1, [(1, "p1", "p3"), (2, "p2", "p4")], [])
    app.publish(tid, ORG, 1)
    app.report(tid, ALICE, 1, 1, Result.a_wins())
    refused(app, tid, lambda: app.undo(tid, ORG), "nothing to undo")


def test_late_entry_until_the_cut_off_round(app: Tournaments) -> None:
    tid = started(app, players=4, rounds=3, late_entry_until_round=2)
    play_round(app, tid)
    late = app.register(tid, ORG, name="Late")
    app.check_in(tid, ORG, late)
    assert app.get(tid).players[late].entered_round == 2
    play_round(app, tid)
    refused(app, tid, lambda: app.register(tid, ORG, name="Too late"), "late entry closed")


def test_top_cut_after_the_swiss_rounds(app: Tournaments) -> None:
    tid = started(app, players=4, rounds=1)
    refused(app, tid, lambda: app.start_top_cut(tid, ORG, 4), "finish every Swiss round")
    play_round(app, tid)
    app.start_top_cut(tid, ORG, 4)
    bracket = app.get(tid).bracket()
    assert bracket is not None
    first, second = bracket.match(1, 1), bracket.match(1, 2)
    app.record_top_cut_winner(tid, ORG, 1, 1, str(first.a))
    app.record_top_cut_winner(tid, ORG, 1, 2, str(second.b))
    refused(app, tid, lambda: app.record_top_cut_winner(tid, ORG, 2, 1, "p9"), "cannot win")
    app.record_top_cut_winner(tid, ORG, 2, 1, str(first.a))
    assert app.get(tid).status == "finished"
    assert app.get(tid).bracket().champion == first.a  # type: ignore[union-attr]


def test_two_organisers_changing_at_once_get_a_conflict(
    app: Tournaments, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = started(app, players=4)
    stale = app.get(tid)
    with pytest.raises(Conflict):
        app.register(tid, ORG, name="X", expected_version=stale.version - 1)
    app.register(tid, ORG, name="First")
    # Without a version the change is decided again on each (stale) read, then refused.
    monkeypatch.setattr(app, "get", lambda _tid, version=None: copy.deepcopy(stale))
    with pytest.raises(Conflict):
        app.register(tid, ORG, name="Second")


def test_requested_byes_and_fixed_tables_reach_the_pairer(app: Tournaments) -> None:
    tid = started(app, players=4, rounds=2)
    extra = app.register(tid, ORG, name="Resting", requested_bye_rounds=(1,), fixed_table=None)
    seated = app.register(tid, ORG, name="Seated", fixed_table=7)
    app.check_in(tid, ORG, extra)
    app.check_in(tid, ORG, seated)
    refused(
        app, tid, lambda: app.register(tid, ORG, name="X", requested_bye_rounds=(9,)), "no round 9"
    )
    app.pair_next_round(tid, ORG)
    round_one = app.get(tid).round(1)
    assert {"player": extra, "requested": True} in round_one.byes
    assert any(seated in (t.a, t.b) and t.table == 7 for t in round_one.tables)

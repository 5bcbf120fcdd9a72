"""The hall's rules on the in-memory store: the round timer (start, pause, resume,
extend; its times come from the caller and replay unchanged), swapping players and
moving tables in a draft with the checker's warnings, and no pairing while the last
round is a draft or unfinished."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from uuid import UUID

import pytest

from replays.store import MEMORY, event_store_env
from shiai.tournaments.aggregate import NotAllowed, TournamentRefused, WarningsNotAccepted
from shiai.tournaments.application import Tournaments
from shiai.tournaments.checker import WarningKind
from shiai.tournaments.model import Result
from shiai.tournaments.round_timer import DEFAULT_ROUND_MINUTES, clock_text

ORG = "organiser-account"
STRANGER = "someone-else"
NINE = datetime(2026, 5, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def app() -> Tournaments:
    return Tournaments(event_store_env(MEMORY))


def started(app: Tournaments, players: int = 8, fixed: dict[int, int] | None = None) -> UUID:
    tid = app.create(ORG, name="Hall cup", game_system="kensei", rounds=3, seed="hall")
    for number in range(1, players + 1):
        player = app.register(tid, ORG, name=f"P{number}", fixed_table=(fixed or {}).get(number))
        app.check_in(tid, ORG, player)
    return tid


def published(app: Tournaments, tid: UUID) -> int:
    number = app.pair_next_round(tid, ORG)
    app.publish(tid, ORG, number)
    return number


def finish(app: Tournaments, tid: UUID, number: int) -> None:
    for table in app.get(tid).round(number).tables:
        app.record_result(tid, ORG, number, table.table, Result.a_wins(10, 5))


def refused(app: Tournaments, tid: UUID, action: object, words: str) -> None:
    before = app.get(tid).version
    with pytest.raises(TournamentRefused, match=words):
        action()  # type: ignore[operator]
    assert app.get(tid).version == before


# -- the round timer ----------------------------------------------------------------


def test_a_started_timer_counts_down_from_the_start_time_the_application_gave(
    app: Tournaments,
) -> None:
    tid = started(app)
    published(app, tid)
    assert app.get(tid).timer is None
    app.start_timer(tid, ORG, 150, now=NINE)
    timer = app.get(tid).timer
    assert timer is not None
    assert timer.round == 1
    assert timer.ends_at == NINE + timedelta(minutes=150)
    assert timer.state(NINE + timedelta(minutes=30)) == "running"
    assert timer.remaining_seconds(NINE + timedelta(minutes=30)) == 120 * 60
    assert timer.state(NINE + timedelta(minutes=150)) == "ended"
    assert timer.remaining_seconds(NINE + timedelta(hours=5)) == 0


def test_a_paused_timer_keeps_its_remaining_time_and_resuming_moves_the_end(
    app: Tournaments,
) -> None:
    tid = started(app)
    published(app, tid)
    app.start_timer(tid, ORG, 60, now=NINE)
    app.pause_timer(tid, ORG, now=NINE + timedelta(minutes=20))
    paused = app.get(tid).timer
    assert paused is not None
    # Paused: 40 minutes left, however long one waits.
    assert paused.state(NINE + timedelta(hours=3)) == "paused"
    assert paused.remaining_seconds(NINE + timedelta(hours=3)) == 40 * 60
    app.resume_timer(tid, ORG, now=NINE + timedelta(minutes=35))
    resumed = app.get(tid).timer
    assert resumed is not None
    assert resumed.paused_seconds == 15 * 60
    assert resumed.ends_at == NINE + timedelta(minutes=75)
    assert resumed.remaining_seconds(NINE + timedelta(minutes=35)) == 40 * 60


def test_extending_adds_minutes_even_after_the_time_is_up(app: Tournaments) -> None:
    tid = started(app)
    published(app, tid)
    app.start_timer(tid, ORG, 30, now=NINE)
    app.extend_timer(tid, ORG, 10)
    timer = app.get(tid).timer
    assert timer is not None
    assert timer.minutes == 40
    assert timer.state(NINE + timedelta(minutes=35)) == "running"
    app.extend_timer(tid, ORG, 5)  # at 9:50 the time was up: five more minutes
    extended = app.get(tid).timer
    assert extended is not None
    assert extended.remaining_seconds(NINE + timedelta(minutes=41)) == 4 * 60


def test_the_timer_refuses_what_makes_no_sense_and_changes_nothing(app: Tournaments) -> None:
    tid = started(app)
    refused(app, tid, lambda: app.start_timer(tid, ORG, 60, now=NINE), "pair and publish")
    app.pair_next_round(tid, ORG)
    refused(app, tid, lambda: app.start_timer(tid, ORG, 60, now=NINE), "publish round 1")
    app.publish(tid, ORG, 1)
    refused(app, tid, lambda: app.pause_timer(tid, ORG, now=NINE), "has not been started")
    refused(app, tid, lambda: app.extend_timer(tid, ORG, 5), "has not been started")
    refused(app, tid, lambda: app.start_timer(tid, ORG, 0, now=NINE), "from 1 to 600 minutes")
    refused(app, tid, lambda: app.start_timer(tid, ORG, 601, now=NINE), "from 1 to 600 minutes")
    app.start_timer(tid, ORG, 60, now=NINE)
    refused(app, tid, lambda: app.start_timer(tid, ORG, 60, now=NINE), "already started")
    refused(app, tid, lambda: app.resume_timer(tid, ORG, now=NINE), "running, not paused")
    refused(app, tid, lambda: app.extend_timer(tid, ORG, 0), "1 to 240 minutes")
    late = NINE + timedelta(minutes=61)
    refused(app, tid, lambda: app.pause_timer(tid, ORG, now=late), "time is up: extend")
    app.pause_timer(tid, ORG, now=NINE + timedelta(minutes=1))
    refused(app, tid, lambda: app.pause_timer(tid, ORG, now=late), "already paused")
    with pytest.raises(NotAllowed):
        app.pause_timer(tid, STRANGER, now=NINE)


def test_a_time_before_the_last_change_never_runs_the_timer_backwards(app: Tournaments) -> None:
    tid = started(app)
    published(app, tid)
    app.start_timer(tid, ORG, 60, now=NINE)
    app.pause_timer(tid, ORG, now=NINE - timedelta(seconds=3))  # another worker's clock
    timer = app.get(tid).timer
    assert timer is not None
    assert timer.paused_at == NINE
    assert timer.remaining_seconds(NINE) == 60 * 60


def test_the_timer_replays_from_its_events_without_a_clock(app: Tournaments) -> None:
    tid = started(app)
    published(app, tid)
    app.start_timer(tid, ORG, 90, now=NINE)
    app.pause_timer(tid, ORG, now=NINE + timedelta(minutes=10, seconds=30, microseconds=7))
    kinds = [c.kind for c in app.changes(tid)][-2:]
    assert kinds == ["TimerStarted", "TimerPaused"]
    stored = [c.details for c in app.changes(tid)][-2:]
    assert stored[0]["at"] == "2026-05-02T09:00:00+00:00"  # whole seconds, UTC
    assert stored[1]["at"] == "2026-05-02T09:10:30+00:00"
    # Every replay gives the same timer, whatever the time is now.
    assert app.get(tid).timer == app.get(tid).timer
    assert app.get(tid).round(1).timer == {
        "minutes": 90,
        "started_at": "2026-05-02T09:00:00+00:00",
        "paused_at": "2026-05-02T09:10:30+00:00",
        "paused_seconds": 0,
    }


def test_the_length_last_started_is_the_event_s_default_and_undo_takes_a_start_back(
    app: Tournaments,
) -> None:
    tid = started(app)
    assert app.get(tid).round_minutes == DEFAULT_ROUND_MINUTES
    published(app, tid)
    app.start_timer(tid, ORG, 120, now=NINE)
    assert app.get(tid).round_minutes == 120
    finish(app, tid, 1)
    published(app, tid)
    assert app.get(tid).timer is None  # round 2's timer has not started
    assert app.get(tid).round_minutes == 120
    app.start_timer(tid, ORG, 100, now=NINE + timedelta(hours=3))
    app.undo(tid, ORG)
    assert app.get(tid).timer is None
    assert app.get(tid).round_minutes == 120


def test_the_clock_text_is_hours_minutes_and_seconds() -> None:
    assert clock_text(150 * 60) == "2:30:00"
    assert clock_text(59) == "00:59"


# -- pairing edits in a draft ---------------------------------------------------------


def seat_of(app: Tournaments, tid: UUID, player: str) -> tuple[int, str]:
    for table in app.get(tid).round(app.get(tid).rounds[-1].number).tables:
        if player in (table.a, table.b):
            return table.table, "a" if table.a == player else "b"
    raise AssertionError(f"{player} is not paired")


def test_swapping_two_players_exchanges_their_seats(app: Tournaments) -> None:
    tid = started(app)
    app.pair_next_round(tid, ORG)
    first, second = app.get(tid).round(1).tables[0].a, app.get(tid).round(1).tables[2].b
    warnings = app.swap_players(tid, ORG, 1, first, second)
    assert warnings == ()
    assert seat_of(app, tid, first) == (3, "b")
    assert seat_of(app, tid, second) == (1, "a")
    assert app.get(tid).round(1).manual


def test_a_swap_that_makes_a_rematch_is_warned_about_and_saved_only_when_accepted(
    app: Tournaments,
) -> None:
    tid = started(app, players=4)
    published(app, tid)
    finish(app, tid, 1)
    met = app.get(tid).round(1).tables[0]
    app.pair_next_round(tid, ORG)
    draft = app.get(tid).round(2).tables
    # Put round 1's table 1 opponents together again.
    opponent_of_a = next(t.b if t.a == met.a else t.a for t in draft if met.a in (t.a, t.b))
    before = app.get(tid).version
    with pytest.raises(WarningsNotAccepted) as refusal:
        app.swap_players(tid, ORG, 2, opponent_of_a, met.b)
    assert app.get(tid).version == before
    kinds = {w.kind for w in refusal.value.warnings}
    assert WarningKind.REMATCH in kinds
    names = {app.get(tid).players[p].name for p in (met.a, met.b)}
    assert any(all(n in w.message for n in names) for w in refusal.value.warnings)
    app.swap_players(tid, ORG, 2, opponent_of_a, met.b, accept_warnings=True)
    assert any(w.kind is WarningKind.REMATCH for w in app.get(tid).round_warnings(2))


def test_swapping_with_a_player_on_a_bye_gives_them_the_seat(app: Tournaments) -> None:
    tid = started(app, players=5)
    app.pair_next_round(tid, ORG)
    on_bye = app.get(tid).round(1).byes[0]["player"]
    seated = app.get(tid).round(1).tables[1].b
    app.swap_players(tid, ORG, 1, seated, on_bye)
    assert seat_of(app, tid, on_bye) == (2, "b")
    assert app.get(tid).round(1).byes == [{"player": seated, "requested": False}]


def test_swaps_are_refused_outside_a_draft_or_for_unknown_players(app: Tournaments) -> None:
    tid = started(app)
    app.pair_next_round(tid, ORG)
    table = app.get(tid).round(1).tables[0]
    refused(app, tid, lambda: app.swap_players(tid, ORG, 1, table.a, table.a), "two different")
    refused(app, tid, lambda: app.swap_players(tid, ORG, 1, table.a, "p99"), "neither paired")
    with pytest.raises(NotAllowed):
        app.swap_players(tid, STRANGER, 1, table.a, table.b)
    app.publish(tid, ORG, 1)
    refused(app, tid, lambda: app.swap_players(tid, ORG, 1, table.a, table.b), "published")


def test_moving_a_pairing_to_a_free_table_or_swapping_two_tables(app: Tournaments) -> None:
    tid = started(app)
    app.pair_next_round(tid, ORG)
    one, three = app.get(tid).round(1).tables[0], app.get(tid).round(1).tables[2]
    app.move_table(tid, ORG, 1, 1, 3)
    assert seat_of(app, tid, one.a)[0] == 3
    assert seat_of(app, tid, three.a)[0] == 1
    app.move_table(tid, ORG, 1, 3, 12)
    assert seat_of(app, tid, one.a)[0] == 12
    assert [t.table for t in app.get(tid).round(1).tables] == [1, 2, 4, 12]
    refused(app, tid, lambda: app.move_table(tid, ORG, 1, 12, 12), "already plays at table 12")
    refused(app, tid, lambda: app.move_table(tid, ORG, 1, 7, 2), "no table 7")


def test_moving_a_player_off_their_fixed_table_needs_the_warning_accepted(
    app: Tournaments,
) -> None:
    tid = started(app, fixed={1: 2})
    app.pair_next_round(tid, ORG)
    assert seat_of(app, tid, "p1")[0] == 2  # the pairer kept the fixed table
    with pytest.raises(WarningsNotAccepted) as refusal:
        app.move_table(tid, ORG, 1, 2, 4)
    assert [w.kind for w in refusal.value.warnings] == [WarningKind.FIXED_TABLE_IGNORED]
    assert "P1 has fixed table 2" in refusal.value.warnings[0].message
    app.move_table(tid, ORG, 1, 2, 4, accept_warnings=True)
    assert seat_of(app, tid, "p1")[0] == 4


# -- no pairing while a round is a draft or unfinished ---------------------------------


def test_the_next_round_is_not_paired_while_the_last_is_a_draft_or_unfinished(
    app: Tournaments,
) -> None:
    tid = started(app)
    app.pair_next_round(tid, ORG)
    blocker = app.get(tid).pairing_blocker
    assert blocker == "round 1 is a draft: publish round 1 (or delete it) before pairing round 2"
    refused(app, tid, lambda: app.pair_next_round(tid, ORG), "round 1 is a draft")
    app.publish(tid, ORG, 1)
    tables = app.get(tid).round(1).tables
    app.record_result(tid, ORG, 1, tables[0].table, Result.draw(5, 5))
    refused(
        app,
        tid,
        lambda: app.pair_next_round(tid, ORG),
        "round 1 still has 3 games without a result: enter them before pairing round 2",
    )
    for table in tables[1:]:
        app.record_result(tid, ORG, 1, table.table, Result.a_wins(5, 1))
    assert app.get(tid).pairing_blocker is None
    assert app.pair_next_round(tid, ORG) == 2

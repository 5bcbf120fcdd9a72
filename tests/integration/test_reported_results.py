"""Results reported at a tournament's tables are data points of the meta (issue 26,
item 1), on SQLite and PostgreSQL: every final result of a published round gives two
``game_sides`` rows with ``source = "reported"``, a recorded game linked to a pairing
counts once (its own rows, never the reported ones as well), a correction replaces
the rows, and the dashboards filtered to the event count them."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Flask
from sqlalchemy import event, select

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from replays import rollups
from replays.bot_games import answer_with_bots, play_bot_game
from replays.registry import get
from replays.schema import game_sides
from shiai.reported_results import ReportedResults, reported_game_id
from shiai.tournaments.model import Outcome, Result
from tests.support.events import organiser_of, paired_event

WIN, LOSS, DRAW = Outcome.WIN, Outcome.LOSS, Outcome.DRAW
# An organiser's link of a game recorded elsewhere (no seats).
LINK: dict[str, Any] = {"sides": ("A", "B"), "seats": {"A": None, "B": None}}


def _rows(app: Flask, tid: UUID) -> list[Any]:
    c = game_sides.c
    query = select(game_sides).where(c.tournament_id == tid).order_by(c.round, c.game_id, c.side)
    with app.extensions["shiai"].db_engine.connect() as conn:
        return list(conn.execute(query))


def test_a_confirmed_result_is_two_reported_data_points(app: Flask) -> None:
    tid = paired_event(app, "kensei", ["Buke", "kuge", "Sohei", "Otokodate"])
    tournaments = app.extensions["shiai"].tournaments
    org = organiser_of(app, tid)
    # Not final yet: a result reported by one player awaits the other's confirmation.
    assert _rows(app, tid) == []
    tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS, a_vp=14, b_vp=6))
    rows = _rows(app, tid)
    assert len(rows) == 2
    by_side = {row.side: row for row in rows}
    a, b = by_side["a"], by_side["b"]
    assert {row.game_id for row in rows} == {reported_game_id(tid, 1, 1)}
    # Factions by the catalogue's id, whether registered by name or by id.
    assert (a.faction, a.opponent_faction, b.faction) == ("buke", "kuge", "kuge")
    assert (a.result, a.score, a.victory_points) == ("win", 1.0, 14)
    assert (b.result, b.score, b.victory_points) == ("loss", 0.0, 6)
    for row in rows:
        assert (row.source, row.system, row.army_points) == ("reported", "kensei", 300)
        assert (row.round, row.event_size, row.ending) == (1, 4, "reported")
        assert row.first is None
    # Each row names its player as registered (no account: registered by the organiser).
    assert [(row.player, row.account_id) for row in (a, b)] == [
        ("Player 1", None),
        ("Player 2", None),
    ]
    # The dashboards filtered to the event count them; as recorded games, nothing.
    with app.extensions["shiai"].db_engine.connect() as conn:
        assert not rollups.missing(conn)
        data = all_data(conn, Filters(event=tid))
        rates = {row.faction: (row.games, row.wins) for row in data["faction-win-rates"]}
        assert rates == {"buke": (1, 1), "kuge": (1, 0)}
        # A reported result names no scenario: no share of an unnamed one.
        assert data["scenarios-over-time"] == []
        recorded = all_data(conn, Filters(event=tid, source="recorded"))
        assert recorded["faction-win-rates"] == []
        assert all_data(conn, Filters(event=tid, min_players=5))["faction-win-rates"] == []


def test_a_correction_replaces_the_data_points(app: Flask) -> None:
    tid = paired_event(app, "kensei", ["Buke", "Kuge", "Sohei", "Otokodate"])
    tournaments = app.extensions["shiai"].tournaments
    org = organiser_of(app, tid)
    tournaments.record_result(tid, org, 1, 2, Result(WIN, LOSS))
    tournaments.record_result(tid, org, 1, 2, Result(DRAW, DRAW), correction=True)
    rows = _rows(app, tid)
    assert [(row.faction, row.result) for row in rows] == [("sohei", "draw"), ("otokodate", "draw")]


def test_a_recorded_game_linked_to_a_pairing_counts_once(app: Flask) -> None:
    services = app.extensions["shiai"]
    tid = paired_event(app, "dice-race", ["", "", "", ""], size="")
    org = organiser_of(app, tid)
    # Table 1: a game linked while it is still being played, whose result the
    # organiser enters by hand first: it counts as reported under the game's id...
    running = services.records.start_game("dice-race", {"target": 15}, seed="running")
    services.tournaments.link_game(
        tid, org, number=1, table=1, game_id=str(running), side_a="A", **LINK
    )
    services.tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    rows = _rows(app, tid)
    assert {(row.game_id, row.side, row.source) for row in rows} == {
        (running, "A", "reported"),
        (running, "B", "reported"),
    }
    # ... and once it ends, by its own rows only.
    ruleset = get("dice-race")
    bots = {side: ruleset.bot(f"bot-{side}") for side in ("A", "B")}
    answer_with_bots(services.records, running, bots, max_commands=10_000)
    assert services.records.summary(running).outcome is not None
    # Table 2: a game that had ended when it was linked gives its result itself.
    ended = play_bot_game(services.records, "dice-race", {"target": 15}, bot_seed=2, seed="e")
    services.tournaments.link_game(
        tid, org, number=1, table=2, game_id=str(ended), side_a="A", **LINK
    )
    rows = _rows(app, tid)
    assert {(row.game_id, row.source) for row in rows} == {
        (running, "recorded"),
        (ended, "recorded"),
    }
    assert len(rows) == 4
    # A rebuild of every read model gives the same rows.
    for follower in services.followers():
        follower.rebuild()
    assert sorted((r.game_id, r.side, r.source) for r in _rows(app, tid)) == sorted(
        (r.game_id, r.side, r.source) for r in rows
    )


def _statements_of_a_rewrite(app: Flask, tid: UUID) -> int:
    """The SQL statements the follower runs to write the tournament's rows again."""
    services = app.extensions["shiai"]
    follower = next(f for f in services.followers() if isinstance(f, ReportedResults))
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    db_engine = services.db_engine
    event.listen(db_engine, "before_cursor_execute", count)
    try:
        with db_engine.begin() as conn:
            follower._write(conn, services.tournaments.get(tid))
    finally:
        event.remove(db_engine, "before_cursor_execute", count)
    return len(statements)


def test_the_linked_games_are_read_once_for_all_the_tables(app: Flask) -> None:
    """Writing a tournament's rows reads what it needs of its linked games in the same
    few queries however many tables have a result (not a query or two a table)."""
    services = app.extensions["shiai"]
    tid = paired_event(app, "dice-race", ["", "", "", ""], size="")
    org = organiser_of(app, tid)
    for table in (1, 2):
        running = services.records.start_game("dice-race", {"target": 15}, seed=f"t{table}")
        services.tournaments.link_game(
            tid, org, number=1, table=table, game_id=str(running), side_a="B", **LINK
        )
    services.tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    one_table = _statements_of_a_rewrite(app, tid)
    services.tournaments.record_result(tid, org, 1, 2, Result(LOSS, WIN))
    assert _statements_of_a_rewrite(app, tid) == one_table
    # Each player b is given the side of the linked game that player a did not play.
    rows = _rows(app, tid)
    assert sorted((row.side, row.result) for row in rows) == [
        ("A", "loss"),
        ("A", "win"),
        ("B", "loss"),
        ("B", "win"),
    ]

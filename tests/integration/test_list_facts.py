"""The army lists of the meta's data points (issue 26, item 2), on SQLite and
PostgreSQL: a tournament's registered lists reach ``side_lists`` and
``side_list_entries`` for its reported results and its linked games once the event
publishes its lists, are written again on a correction and a rebuild, go with a
reset; and ``write_list`` (the imported events' entry point) keeps its contract."""

from __future__ import annotations

import json
import uuid
from typing import Any

from flask import Flask
from sqlalchemy import select

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from engine.kensei import sample_army_document
from replays.schema import side_list_entries, side_lists
from shiai import list_facts
from shiai.reported_results import ReportedResults, reported_game_id
from shiai.tournaments.model import Outcome, Result
from tests.support.list_rows import listed_event
from tests.support.meta_base_queries import rollups_equal_a_rebuild

WIN, LOSS, DRAW = Outcome.WIN, Outcome.LOSS, Outcome.DRAW


def _lists(app: Flask) -> list[Any]:
    c = side_lists.c
    with app.extensions["shiai"].db_engine.connect() as conn:
        return list(conn.execute(select(side_lists).order_by(c.game_id, c.side)))


def _entries(app: Flask) -> list[Any]:
    e = side_list_entries.c
    with app.extensions["shiai"].db_engine.connect() as conn:
        return list(conn.execute(select(side_list_entries).order_by(e.game_id, e.side, e.entry)))


def test_a_published_events_lists_are_its_results_lists(app: Flask) -> None:
    tid, org = listed_event(app)
    tournaments = app.extensions["shiai"].tournaments
    tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS, a_vp=10, b_vp=2))
    # Until the event publishes its lists, no page shows one: nor does the meta.
    assert _lists(app) == []
    tournaments.publish_lists(tid, org)
    rows = _lists(app)
    game = reported_game_id(tid, 1, 1)
    assert [(row.game_id, row.side, row.faction, row.player) for row in rows] == [
        (game, "a", "buke", "Player 1"),
        (game, "b", "kuge", "Player 2"),
    ]
    buke = list_facts.read_list("kensei", json.dumps(sample_army_document("buke-400")))
    assert buke is not None
    a = rows[0]
    assert (a.signature, a.name, a.points, a.commander_level) == (
        buke.signature,
        buke.name,
        buke.points,
        buke.commander_level,
    )
    assert (a.origin, a.tournament_id, a.system) == ("registration", tid, "kensei")
    mine = [entry for entry in _entries(app) if entry.side == "a"]
    assert [(e.unit, e.count, e.cost) for e in mine] == [
        (entry.unit, entry.count, entry.cost) for entry in buke.entries
    ]
    assert mine[0].options == "led by Daimyo, the general leads it"
    # The meta counts the event's lists, and its factions over time count its
    # reported data points (the rollups of game_sides, whatever the source).
    with app.extensions["shiai"].db_engine.connect() as conn:
        data = all_data(conn, Filters(event=tid))
    assert {(row.faction, row.games) for row in data["list-units"]} >= {
        ("buke", 1),
        ("kuge", 1),
    }
    assert [row.player for row in data["top-finishes"]] == [
        "Player 1", "Player 2", "Player 3", "Player 4"
    ]  # fmt: skip
    assert sorted((row.faction, row.sides, row.wins) for row in data["factions-over-time"]) == [
        ("buke", 1, 1),
        ("kuge", 1, 0),
    ]
    tournaments.record_result(tid, org, 1, 2, Result(DRAW, DRAW))
    assert len(_lists(app)) == 4


def test_lists_published_after_the_event_wait_for_its_end(app: Flask) -> None:
    tid, org = listed_event(app)
    tournaments = app.extensions["shiai"].tournaments
    tournaments.publish_lists(tid, org, after_event=True)
    tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    assert _lists(app) == []


def test_a_player_without_a_readable_list_has_no_list_rows(app: Flask) -> None:
    tid, org = listed_event(app, ("buke-400", None, "sohei-400", "otokodate-400"))
    tournaments = app.extensions["shiai"].tournaments
    tournaments.publish_lists(tid, org)
    tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    assert [(row.side, row.faction) for row in _lists(app)] == [("a", "buke")]


def test_a_correction_and_a_rebuild_write_the_same_rows(app: Flask) -> None:
    tid, org = listed_event(app)
    services = app.extensions["shiai"]
    services.tournaments.publish_lists(tid, org)
    services.tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    services.tournaments.record_result(tid, org, 1, 2, Result(LOSS, WIN))
    before, entries = _lists(app), _entries(app)
    assert len(before) == 4
    services.tournaments.record_result(tid, org, 1, 2, Result(DRAW, DRAW), correction=True)
    assert (_lists(app), _entries(app)) == (before, entries)
    _assert_rollups_fresh(app)
    for follower in services.followers():
        follower.rebuild()
    assert (_lists(app), _entries(app)) == (before, entries)
    # A reset of the results follower takes its list rows with its data points.
    follower = next(f for f in services.followers() if isinstance(f, ReportedResults))
    with services.db_engine.begin() as conn:
        follower.reset(conn)
    assert (_lists(app), _entries(app)) == ([], [])


def test_a_recorded_game_linked_to_a_pairing_takes_the_players_lists(app: Flask) -> None:
    tid, org = listed_event(app)
    services = app.extensions["shiai"]
    services.tournaments.publish_lists(tid, org)
    game = services.records.start_game("kensei", {"armies": {"A": "buke-400", "B": "kuge-400"}})
    # Player 1 (Buke) plays side B of the linked game, player 2 (Kuge) side A.
    services.tournaments.link_game(
        tid, org, number=1, table=1, game_id=str(game), side_a="B",
        sides=("A", "B"), seats={"A": None, "B": None},
    )  # fmt: skip
    services.tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    assert [(row.game_id, row.side, row.faction) for row in _lists(app)] == [
        (game, "A", "kuge"),
        (game, "B", "buke"),
    ]
    _assert_rollups_fresh(app)


def _assert_rollups_fresh(app: Flask) -> None:
    """The list rollups were refreshed with the rows: they equal a rebuild."""
    with app.extensions["shiai"].db_engine.connect() as conn:
        assert rollups_equal_a_rebuild(conn)


def test_write_list_replaces_one_sides_rows_and_reads_nothing_it_cannot(app: Flask) -> None:
    game = uuid.uuid4()
    text = json.dumps(sample_army_document("sohei-250"))
    db_engine = app.extensions["shiai"].db_engine
    with db_engine.begin() as conn:
        summary = list_facts.write_list(conn, "kensei", game, "a", text, player="Aki")
        list_facts.write_list(conn, "kensei", game, "b", text, player="Ben")
        # Again for the same side: replaced, not doubled.
        list_facts.write_list(conn, "kensei", game, "a", text, player="Aki")
    assert summary is not None
    rows = _lists(app)
    assert [(row.side, row.origin, row.player, row.signature) for row in rows] == [
        ("a", "imported", "Aki", summary.signature),
        ("b", "imported", "Ben", summary.signature),
    ]
    assert len(_entries(app)) == 2 * len(summary.entries)
    with db_engine.begin() as conn:
        # An unreadable list, or a system without a catalogue: the side has no list.
        assert list_facts.write_list(conn, "kensei", game, "a", "{not json") is None
        assert list_facts.write_list(conn, "senjutsu", game, "b", text) is None
    assert (_lists(app), _entries(app)) == ([], [])
    with db_engine.begin() as conn:
        list_facts.write_list(conn, "kensei", game, "a", text)
        list_facts.delete_written_by(conn, list_facts.IMPORTED)
    assert (_lists(app), _entries(app)) == ([], [])

"""The army-list dashboards (issue 26, item 2) on SQLite and PostgreSQL: unit
inclusion and win rate with and without, the most common lists and the top-four
finishes equal, row for row, the same tables computed the slow way in Python
(tests/support/list_rows.py) under every filter; and the meta page and its CSVs
show them."""

from __future__ import annotations

import csv
import datetime
import io
import re

from flask import Flask
from sqlalchemy import Connection

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from dashboards.meta_lists import COMMON_LISTS, every_top_finish, top_finishes
from tests.support.list_rows import (
    FIRST_DAY,
    SCORED_EVENTS,
    STANDINGS_EVENT,
    load_lists,
    reference,
)

LIST_TABLES = ("list-units", "common-lists", "top-finishes")


def filter_states() -> list[Filters]:
    spring = FIRST_DAY + datetime.timedelta(days=30)
    return [
        Filters(),
        Filters(system="kensei"),
        Filters(system="other-system"),
        Filters(event=STANDINGS_EVENT),
        Filters(event=SCORED_EVENTS[0]),
        Filters(date_from=spring, date_to=spring + datetime.timedelta(days=20)),
        Filters(battle_size=400),
        Filters(source="imported"),
        Filters(source="reported", battle_size=250),
        Filters(source="recorded"),
        Filters(min_players=8),
        Filters(min_players=9),
        Filters(min_games=5),
        Filters(system="kensei", battle_size=250, date_to=spring, min_games=2),
    ]


def test_every_list_table_equals_the_slow_way(connection: Connection) -> None:
    world = load_lists(connection, "lists", 400)
    nonempty: dict[str, int] = {}
    for filters in filter_states():
        found = all_data(connection, filters)
        expected = reference(world, filters)
        for name in LIST_TABLES:
            assert found[name] == expected[name], (name, filters)
            nonempty[name] = max(nonempty.get(name, 0), len(expected[name]))
    # Every table had rows; the common lists were cut at their limit.
    assert all(nonempty[name] > 0 for name in LIST_TABLES), nonempty
    assert nonempty["common-lists"] <= COMMON_LISTS
    # The page reads the latest events' top finishes, its CSV every event's.
    for latest in (1, 2, None):
        found_finishes = top_finishes(connection, Filters(), latest=latest)
        assert found_finishes == reference(world, Filters(), latest)["top-finishes"]
    assert every_top_finish(connection, Filters()) == found_finishes
    assert len({row.event for row in top_finishes(connection, Filters(), latest=2)}) == 2
    everything = reference(world, Filters(), None)
    finishes = everything["top-finishes"]
    assert {row.ranked_by for row in finishes} == {"standings", "score"}
    assert len(finishes) == 4 * 3  # three events, four places each
    assert any(row.units for row in finishes)
    assert any(row.entries > row.games for row in everything["list-units"])  # a unit twice


def test_no_lists_no_rows(connection: Connection) -> None:
    found = all_data(connection, Filters())
    assert [found[name] for name in LIST_TABLES] == [[], [], []]


def test_the_meta_page_shows_the_list_sections_and_their_csv(sqlite_app: Flask) -> None:
    with sqlite_app.extensions["shiai"].db_engine.connect() as conn:
        world = load_lists(conn, "page", 120)
    client = sqlite_app.test_client()
    html = client.get("/meta?system=kensei").get_data(as_text=True)
    for name, title in (
        ("list-units", "Units in army lists"),
        ("common-lists", "The most common lists"),
        ("top-finishes", "Top-four finishes and their lists"),
    ):
        assert f'<section id="{name}"' in html
        assert title in html
        assert f'data-figure="{name}"' in html
        assert f"/meta.csv?table={name}&amp;system=kensei" in html
    # Factions by their catalogue names; the event's group names it.
    table = html[html.index('id="table-top-finishes"') :]
    assert "Spring cup" in table[: table.index("</table>")]
    expected = reference(world, Filters(system="kensei"))
    for name in LIST_TABLES:
        answer = client.get(f"/meta.csv?table={name}&system=kensei")
        assert answer.status_code == 200
        assert answer.mimetype == "text/csv"
        rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True))))
        assert len(rows) == 1 + len(expected[name]), name
    units = list(csv.DictReader(io.StringIO(
        client.get("/meta.csv?table=list-units&system=kensei").get_data(as_text=True)
    )))  # fmt: skip
    first = expected["list-units"][0]
    assert units[0]["unit_id"] == first.unit
    assert units[0]["lists_with"] == str(first.games)
    assert re.fullmatch(r"[0-9]+\.[0-9]", units[0]["inclusion_percent"])
    # A malformed filter is a 400, as for every table.
    assert client.get("/meta.csv?table=common-lists&size=big").status_code == 400

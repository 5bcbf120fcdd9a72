"""Faction names are the catalogue's (issue 26, item 5), on SQLite and PostgreSQL: a
free-text faction of an old registration ("Buke clan") is a faction of its own until
an organiser maps it; then the meta counts its results as the catalogue's faction, a
later result and a rebuild apply the mapping too, and a mapping can be changed or
removed, each change kept with its author."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from sqlalchemy import Connection, delete, select, update

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from replays import registry, rollups
from replays.schema import REPORTED, game_sides
from shiai.faction_mapping import MappingRefused, given_factions
from shiai.tournaments.model import Outcome, Result
from tests.support.events import organiser_of
from tests.support.legacy_factions import legacy_event
from tests.support.meta_base_queries import BASE_QUERIES, rollup_rows
from tests.support.synthetic_games import load
from tests.support.web import new_account

WIN, LOSS = Outcome.WIN, Outcome.LOSS


def _rates(app: Flask, tid: UUID) -> dict[str, tuple[int, int]]:
    with app.extensions["shiai"].db_engine.connect() as conn:
        rows = all_data(conn, Filters(event=tid))["faction-win-rates"]
    return {row.faction: (row.games, row.wins) for row in rows}


def _sides(app: Flask, tid: UUID) -> list[tuple[Any, ...]]:
    c = game_sides.c
    query = (
        select(c.side, c.faction, c.faction_given, c.opponent_faction, c.opponent_faction_given)
        .where(c.tournament_id == tid)
        .order_by(c.round, c.game_id, c.side)
    )
    with app.extensions["shiai"].db_engine.connect() as conn:
        return [tuple(row) for row in conn.execute(query)]


def _texts(app: Flask) -> dict[str, tuple[int, str | None]]:
    with app.extensions["shiai"].db_engine.connect() as conn:
        found = given_factions(conn, registry.get("kensei"))
    return {row.text: (row.sides, row.mapped_to) for row in found}


def _rollups_match_the_base_rows(app: Flask, tid: UUID) -> None:
    """The rollups of the rewritten days equal the base tables' sums."""
    with app.extensions["shiai"].db_engine.connect() as conn:
        assert not rollups.missing(conn)
        filters = Filters(event=tid)
        mine = all_data(conn, filters)
        for name in ("faction-win-rates", "matchups"):
            assert mine[name] == BASE_QUERIES[name](conn, filters), name


def test_a_mapped_free_text_faction_counts_as_the_catalogues_faction(app: Flask) -> None:
    services = app.extensions["shiai"]
    tid = legacy_event(app, ["Buke", "Kuge", "Buke clan", "Sohei"])
    tournaments, org = services.tournaments, organiser_of(app, tid)
    tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    tournaments.record_result(tid, org, 1, 2, Result(WIN, LOSS))
    # Unmapped, the text is a faction of its own beside Buke.
    unmapped = {"buke": (1, 1), "Buke clan": (1, 1), "kuge": (1, 0), "sohei": (1, 0)}
    assert _rates(app, tid) == unmapped
    assert _texts(app) == {"Buke clan": (1, None)}

    # The organiser maps it: one Buke faction with both results.
    services.faction_maps.map_faction("kensei", org, "Buke clan", "buke")
    assert _rates(app, tid) == {"buke": (2, 2), "kuge": (1, 0), "sohei": (1, 0)}
    assert _texts(app) == {"Buke clan": (1, "buke")}
    table_2 = [row for row in _sides(app, tid) if "Buke clan" in row]
    assert table_2 == [
        ("a", "buke", "Buke clan", "sohei", None),
        ("b", "sohei", None, "buke", "Buke clan"),
    ]
    _rollups_match_the_base_rows(app, tid)

    # A result written after the mapping (a correction) applies it, and so does a rebuild.
    tournaments.record_result(tid, org, 1, 2, Result(LOSS, WIN), correction=True)
    assert _rates(app, tid) == {"buke": (2, 1), "kuge": (1, 0), "sohei": (1, 1)}
    before = _sides(app, tid)
    for follower in services.followers():
        follower.rebuild()
    assert _sides(app, tid) == before
    _rollups_match_the_base_rows(app, tid)

    # Changed to another faction, then removed: counted as itself again.
    services.faction_maps.map_faction("kensei", org, "Buke clan", "kuge")
    assert _rates(app, tid) == {"buke": (1, 1), "kuge": (2, 0), "sohei": (1, 1)}
    services.faction_maps.unmap_faction("kensei", org, "Buke clan")
    corrected = {"buke": (1, 1), "Buke clan": (1, 0), "kuge": (1, 0), "sohei": (1, 1)}
    assert _rates(app, tid) == corrected
    assert _texts(app) == {"Buke clan": (1, None)}
    _rollups_match_the_base_rows(app, tid)

    # Who mapped what and when is kept, the newest change first.
    history = services.faction_maps.history("kensei")
    assert [(c.author, c.text, c.faction) for c in history] == [
        (org, "Buke clan", None),
        (org, "Buke clan", "kuge"),
        (org, "Buke clan", "buke"),
    ]
    assert history[0].at >= history[1].at >= history[2].at


def test_texts_differing_only_in_case_or_spaces_from_a_catalogue_faction_need_no_mapping(
    app: Flask,
) -> None:
    tid = legacy_event(app, ["buke ", "KUGE", "Sohei", "Otokodate"])
    org = organiser_of(app, tid)
    app.extensions["shiai"].tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    assert _rates(app, tid) == {"buke": (1, 1), "kuge": (1, 0)}
    assert _texts(app) == {}


@pytest.mark.parametrize(
    ("system", "text", "faction", "message"),
    [
        ("kensei", "buke", "kuge", "'buke' is already a faction of the catalogue"),
        ("kensei", "Buke clan", "shogun", "'shogun' is not a faction of the catalogue"),
        ("kensei", "  ", "buke", "choose a faction text to map"),
        ("kensei", "x" * 121, "buke", "at most 120 characters"),
        ("no-such-system", "Buke clan", "buke", "no game system 'no-such-system'"),
        ("dice-race", "Red", "buke", "has no catalogue of factions"),
    ],
)
def test_a_mapping_that_cannot_be_is_refused_and_nothing_is_stored(
    app: Flask, system: str, text: str, faction: str, message: str
) -> None:
    maps = app.extensions["shiai"].faction_maps
    org = new_account(app, "mapper", role="organiser")
    with pytest.raises(MappingRefused, match=message):
        maps.map_faction(system, org, text, faction)
    assert maps.history("kensei") == []
    with pytest.raises(MappingRefused, match="'Buke clan' is not mapped"):
        maps.unmap_faction("kensei", org, "Buke clan")


def test_a_refresh_of_one_sources_rows_equals_a_rebuild(connection: Connection) -> None:
    """What the reported results' writer relies on: refreshing a day's reported rows
    alone, after changing only them, gives the rows a rebuild gives."""
    load(connection, "one-source", 400, games_per_batch=100)
    rollups.rebuild(connection)
    c = game_sides.c
    reported = connection.execute(
        select(c.game_id, c.system, c.played_on).where(c.source == REPORTED).limit(2)
    ).all()
    assert len(reported) == 2
    days = {(row.system, row.played_on) for row in reported}
    # One result corrected to a draw, another's rows gone.
    connection.execute(
        update(game_sides).where(c.game_id == reported[0].game_id).values(result="draw", score=0.5)
    )
    connection.execute(delete(game_sides).where(c.game_id == reported[1].game_id))
    rollups.refresh(connection, days, source=REPORTED)
    refreshed = rollup_rows(connection)
    rollups.rebuild(connection)
    assert rollup_rows(connection) == refreshed

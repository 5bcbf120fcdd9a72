"""The dashboards' rollups (replays.rollups) on SQLite and PostgreSQL: every
dashboard's rows from the rollups equal those of the queries over the base read
models (tests/support/meta_base_queries.py) for several filter states; a refresh
of some days equals a rebuild, twice over; concurrent refreshes wait for each
other (PostgreSQL's advisory lock)."""

from __future__ import annotations

import datetime
import threading
import uuid
from typing import Any

import pytest
from sqlalchemy import Connection, create_engine, delete, func, insert, select, text, update

from dashboards import meta_queries, meta_rollups
from dashboards.data import all_data
from dashboards.meta_filters import Filters
from replays import rollups
from replays.schema import ROLLUPS, game_sides, game_units
from shiai.schema import accounts, game_seats
from tests.support.meta_base_queries import base_data, rollup_rows
from tests.support.meta_rows import CUP, insert_sides, load_event, side
from tests.support.synthetic_games import FIRST_DAY, load

GAMES = 400
SEED = "rollups"
EDGE_DAY = FIRST_DAY + datetime.timedelta(days=40)
NOW = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def _seat(game: uuid.UUID, name: str, account: uuid.UUID | None, bot: str | None) -> dict[str, Any]:
    return {"game_id": game, "side": name, "account_id": account, "bot": bot, "invitation": None,
            "host_id": account or uuid.UUID(int=1), "created_at": NOW}  # fmt: skip


def _unit(game: uuid.UUID, unit: str, name: str, type_: str, *, cost: int, caused: int) -> Any:
    return {"game_id": game, "unit": unit, "side": unit.split(".", maxsplit=1)[0], "name": name,
            "type": type_, "cost": cost, "casualties_caused": caused,
            "casualties_suffered": 1, "survived": True, "extra": {"troop_class": "A"}}  # fmt: skip


def _account(account: uuid.UUID, name: str) -> dict[str, Any]:
    return {"id": account, "username": f"edge-{account.hex[:8]}", "display_name": name,
            "password_hash": "!", "role": "player", "created_at": NOW}  # fmt: skip


def load_edges(connection: Connection) -> None:
    """Games the synthetic ones never make: sides of different battle sizes, turns,
    endings and scenarios; three sides; no dice; a hot seat, an open seat, a seat
    of an unknown account and two accounts of the same name; a unit profile of
    two types; an advantage nobody had."""
    day = {"played_on": EDGE_DAY}
    uneven, trio, quiet, hot = uuid.uuid4(), uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    sides = [
        side(uneven, "A", "buke", "kuge", "win", army_points=250, turns=4, steps=333, **day),
        side(uneven, "B", "kuge", "buke", "loss", army_points=400, turns=5, steps=333,
             ending="annihilation", scenario="breakthrough", **day),
        side(trio, "A", "buke", "kuge / sohei", "win", army_points=400, **day),
        side(trio, "B", "kuge", "buke / sohei", "loss", army_points=250, **day),
        side(trio, "C", "sohei", "buke / kuge", "loss", army_points=400, **day),
        side(quiet, "A", "sohei", "sohei", "draw", dice=0, first=None, **day),
        side(quiet, "B", "sohei", "sohei", "draw", dice=0, first=None, **day),
        side(hot, "A", "kuge", "otokodate", "draw", tournament_id=CUP, round=1, **day),
        side(hot, "B", "otokodate", "kuge", "draw", tournament_id=CUP, round=1, **day),
    ]  # fmt: skip
    aki, namesake, stranger = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    connection.execute(insert(accounts), [_account(aki, "Aki"), _account(namesake, "Aki")])
    insert_sides(connection, sides)
    connection.execute(
        insert(game_seats),
        [
            _seat(uneven, "A", aki, None),
            _seat(uneven, "B", namesake, None),
            _seat(trio, "A", None, None),  # an open seat
            _seat(trio, "B", stranger, None),  # an account not in accounts
            _seat(trio, "C", None, "greedy"),
            _seat(hot, "A", aki, None),
            _seat(hot, "B", aki, None),
        ],
    )
    connection.execute(
        insert(game_units),
        [
            _unit(uneven, "A.u1", "Teppo", "infantry", cost=90, caused=2),
            _unit(uneven, "A.u2", "Teppo", "missile", cost=80, caused=1),
            _unit(uneven, "B.u1", "Yari", "infantry", cost=40, caused=0),
            _unit(trio, "A.u1", "Teppo", "infantry", cost=90, caused=3),
            _unit(trio, "C.u1", "Zealots", "infantry", cost=36, caused=5),
            _unit(quiet, "A.u1", "Zealots", "infantry", cost=36, caused=1),
        ],
    )


def _busiest_event(connection: Connection) -> uuid.UUID:
    c = game_sides.c
    found: uuid.UUID = connection.execute(
        select(c.tournament_id)
        .where(c.tournament_id.is_not(None), c.tournament_id != CUP)
        .group_by(c.tournament_id)
        .order_by(func.count().desc(), c.tournament_id)
        .limit(1)
    ).scalar_one()
    return found


def filter_states(event: uuid.UUID) -> list[Filters]:
    spring = FIRST_DAY + datetime.timedelta(days=120)
    return [
        Filters(),
        Filters(event=CUP),
        Filters(system="kensei"),
        Filters(system="dice-race"),
        Filters(event=event),
        Filters(event=event, battle_size=400),
        Filters(date_from=spring, date_to=spring + datetime.timedelta(days=60)),
        Filters(date_from=EDGE_DAY, date_to=EDGE_DAY),
        Filters(battle_size=400),
        Filters(battle_size=250, date_to=spring),
        Filters(min_games=12),
        Filters(system="kensei", battle_size=600, date_from=spring, min_games=3),
        Filters(source="reported"),
        Filters(source="recorded", event=event),
        Filters(min_players=30),
        Filters(source="reported", min_players=20, battle_size=400),
    ]


def assert_same(found: dict[str, list[Any]], expected: dict[str, list[Any]]) -> None:
    assert found.keys() == expected.keys()
    for name, rows in expected.items():
        assert found[name] == rows, name
        for mine, theirs in zip(found[name], rows, strict=True):
            if isinstance(theirs, meta_queries.Luck):  # a float sum: compare=False
                assert mine.variance == pytest.approx(theirs.variance, rel=1e-9), name


def test_every_dashboard_reads_the_same_rows_from_the_rollups(connection: Connection) -> None:
    load(connection, SEED, GAMES, games_per_batch=128)
    load_edges(connection)
    load_event(connection, CUP)  # the event's standings and games (it commits)
    rollups.rebuild(connection)
    connection.commit()
    event = _busiest_event(connection)
    nonempty = set()
    for filters in filter_states(event):
        expected = base_data(connection, filters)
        assert_same(all_data(connection, filters), expected)
        nonempty |= {name for name, rows in expected.items() if rows}
    # Every table had rows under some filter state, but the army lists' unit and
    # common-list tables (no lists here: tests/integration/test_meta_lists.py has
    # them); the top finishes name an event's first four, with or without a list.
    assert len(nonempty) == 14
    # The edge games' day: the uneven game counts once without a battle size.
    edge = Filters(date_from=EDGE_DAY, date_to=EDGE_DAY)
    lengths = meta_queries.game_lengths(connection, edge)
    assert sum(row.games for row in lengths if row.steps_from == 300) == 2  # A's and B's groups


def test_a_refresh_of_the_changed_days_equals_a_rebuild(connection: Connection) -> None:
    load(connection, SEED, 150, games_per_batch=64)
    rollups.rebuild(connection)
    c = game_sides.c
    first, second = connection.execute(
        select(c.game_id, c.system, c.played_on).distinct().order_by(c.game_id).limit(2)
    ).all()
    days = {(first.system, first.played_on), (second.system, second.played_on)}
    # A game gone, another moved to an event, and new games on a day of their own.
    connection.execute(delete(game_sides).where(c.game_id == first.game_id))
    connection.execute(delete(game_units).where(game_units.c.game_id == first.game_id))
    connection.execute(
        update(game_sides).where(c.game_id == second.game_id).values(tournament_id=uuid.uuid4())
    )
    load_edges(connection)
    days.add(("kensei", EDGE_DAY))
    rollups.refresh(connection, days)
    refreshed = rollup_rows(connection)
    rollups.refresh(connection, days)  # idempotent
    assert rollup_rows(connection) == refreshed
    rollups.rebuild(connection)
    assert rollup_rows(connection) == refreshed
    assert rollups.days_of(connection, [second.game_id]) == {(second.system, second.played_on)}
    assert rollups.days_of(connection, [first.game_id]) == set()
    rollups.refresh(connection, [])
    assert rollup_rows(connection) == refreshed


def test_concurrent_refreshes_of_a_day_count_each_game_once(postgres_database: str) -> None:
    """The second refresh waits for the first to commit (the advisory lock), then
    recomputes the day with both games instead of adding to the first's rows."""
    from shiai.migrations import upgrade  # noqa: PLC0415

    upgrade(postgres_database)
    db_engine = create_engine(postgres_database)
    day = datetime.date(2026, 3, 1)
    try:
        with db_engine.connect() as first, db_engine.connect() as second:
            games = [uuid.uuid4(), uuid.uuid4()]
            for conn, game in zip((first, second), games, strict=True):
                pair = [side(game, "A", "buke", "kuge", "win", played_on=day),
                        side(game, "B", "kuge", "buke", "loss", played_on=day)]  # fmt: skip
                insert_sides(conn, pair)
            rollups.refresh(first, [("kensei", day)])  # holds the lock until it commits
            waiting = threading.Thread(target=rollups.refresh, args=(second, [("kensei", day)]))
            waiting.start()
            with db_engine.connect() as watcher:
                for _ in range(200):
                    blocked = watcher.scalar(
                        text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                             "AND NOT granted")
                    )  # fmt: skip
                    if blocked:
                        break
                    watcher.rollback()
                    threading.Event().wait(0.05)
                assert blocked == 1
            first.commit()
            waiting.join(timeout=30)
            second.commit()
        with db_engine.connect() as conn:
            rows = meta_queries.faction_win_rates(conn, Filters())
            assert [(row.faction, row.games) for row in rows] == [("buke", 2), ("kuge", 2)]
    finally:
        db_engine.dispose()


def test_the_dashboards_name_the_rollups_columns() -> None:
    for theirs in ROLLUPS:
        ours = getattr(meta_rollups, theirs.name)
        assert ours.name == theirs.name
        assert [c.name for c in ours.columns] == [c.name for c in theirs.columns]
        for mine, real in zip(ours.columns, theirs.columns, strict=True):
            assert mine.type._type_affinity == real.type._type_affinity, mine.name
    assert meta_queries.STEP_BIN == rollups.STEP_BIN
    assert (meta_queries.FIRST,) == rollups.ADVANTAGES

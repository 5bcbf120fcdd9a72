"""The meta dashboards' queries on SQLite and PostgreSQL, over rows inserted
into the analysis read models."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from fractions import Fraction

import pytest
from scipy.stats import binomtest  # type: ignore[import-untyped]
from sqlalchemy import Connection, create_engine

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from dashboards.meta_queries import (
    GameLength,
    faction_win_rates,
    first_player_advantage,
    game_lengths,
    matchups,
)
from tests.support.meta_rows import CUP, game, load


@pytest.fixture
def connection(database_url: str) -> Iterator[Connection]:
    db_engine = create_engine(database_url)
    with db_engine.connect() as conn:
        yield conn
    db_engine.dispose()


def test_faction_win_rates_count_draws_as_half_and_leave_mirrors_out(
    connection: Connection,
) -> None:
    load(
        connection,
        game("buke", "kuge", "win"),
        game("buke", "kuge", "win"),
        game("kuge", "buke", "draw"),
        game("sohei", "buke", "loss"),
        game("buke", "buke", "win"),  # a mirror: counted for no one
        game("kuge", "sohei", "win", army_points=400),
    )
    rows = {row.faction: row for row in faction_win_rates(connection, Filters())}
    buke = rows["buke"]
    assert (buke.games, buke.wins, buke.draws, buke.losses) == (4, 3, 1, 0)
    assert buke.rate == Fraction(7, 8)
    kuge = rows["kuge"]
    assert (kuge.games, kuge.wins, kuge.draws, kuge.losses) == (4, 1, 1, 2)
    assert rows["sohei"].games == 2
    assert [row.faction for row in faction_win_rates(connection, Filters())] == [
        "buke",
        "kuge",
        "sohei",
    ]
    # Battle size and minimum games.
    small = faction_win_rates(connection, Filters(battle_size=250, min_games=2))
    assert [(row.faction, row.games) for row in small] == [("buke", 4), ("kuge", 3)]


def test_filters_by_system_event_and_dates(connection: Connection) -> None:
    load(
        connection,
        game("buke", "kuge", "win", tournament_id=CUP, round=1),
        game("buke", "kuge", "loss", played_on=date(2026, 6, 2)),
        game("buke", "kuge", "loss", system="other"),
    )

    def buke(filters: Filters) -> tuple[int, int]:
        row = next(r for r in faction_win_rates(connection, filters) if r.faction == "buke")
        return (row.games, row.wins)

    assert buke(Filters(system="kensei")) == (2, 1)
    assert buke(Filters(event=CUP)) == (1, 1)
    assert buke(Filters(date_from=date(2026, 6, 1))) == (1, 0)
    assert buke(Filters(date_to=date(2026, 5, 31))) == (2, 1)


def test_matchups_give_each_pair_from_both_sides(connection: Connection) -> None:
    load(
        connection,
        game("buke", "kuge", "win"),
        game("kuge", "buke", "draw"),
        game("buke", "sohei", "loss"),
        game("buke", "buke", "win"),
    )
    rows = {(row.faction, row.opponent): row for row in matchups(connection, Filters())}
    assert sorted(rows) == [
        ("buke", "kuge"),
        ("buke", "sohei"),
        ("kuge", "buke"),
        ("sohei", "buke"),
    ]
    assert (rows[("buke", "kuge")].games, rows[("buke", "kuge")].rate) == (2, Fraction(3, 4))
    assert rows[("kuge", "buke")].rate == Fraction(1, 4)
    assert rows[("sohei", "buke")].wins == 1
    assert [(m.faction, m.opponent) for m in matchups(connection, Filters(min_games=2))] == [
        ("buke", "kuge"),
        ("kuge", "buke"),
    ]


def test_first_player_advantage_tests_decisive_games_against_a_fair_coin(
    connection: Connection,
) -> None:
    # Side A wins the strategy roll in each game; B the turn-1 initiative.
    load(
        connection,
        *[game("buke", "kuge", "win") for _ in range(7)],
        *[game("buke", "kuge", "loss") for _ in range(2)],
        game("buke", "kuge", "draw"),
        game("kuge", "kuge", "win"),  # a mirror counts here
    )
    rows = {row.measure: row for row in first_player_advantage(connection, Filters())}
    strategy = rows["won the strategy roll"]
    assert (strategy.games, strategy.wins, strategy.draws, strategy.losses) == (11, 8, 1, 2)
    assert strategy.p_value == pytest.approx(binomtest(8, 10, 0.5).pvalue, rel=1e-12)
    initiative = rows["won the turn-1 initiative"]
    assert (initiative.wins, initiative.losses) == (2, 8)
    assert initiative.p_value == pytest.approx(strategy.p_value)


def test_all_data_has_every_dashboards_rows(connection: Connection) -> None:
    load(connection, game("buke", "kuge", "win"))
    data = all_data(connection, Filters())
    assert set(data) == {"faction-win-rates", "matchups", "first-player", "game-length"}
    assert [row.faction for row in data["faction-win-rates"]] == ["buke", "kuge"]
    assert all_data(connection, Filters(system="none")) == {name: [] for name in data}


def test_game_lengths_count_each_game_once_by_turns_steps_and_ending(
    connection: Connection,
) -> None:
    load(
        connection,
        game("buke", "kuge", "win", steps=449),
        game("buke", "kuge", "loss", steps=400),
        game("buke", "buke", "draw", steps=450),
        game("sohei", "kuge", "win", turns=3, steps=120, ending="annihilation"),
        game("sohei", "kuge", "win", turns=3, steps=99, ending="annihilation", army_points=400),
    )
    assert game_lengths(connection, Filters()) == [
        GameLength(turns=3, steps_from=50, ending="annihilation", games=1),
        GameLength(turns=3, steps_from=100, ending="annihilation", games=1),
        GameLength(turns=5, steps_from=400, ending="last_turn", games=2),
        GameLength(turns=5, steps_from=450, ending="last_turn", games=1),
    ]
    assert [row.games for row in game_lengths(connection, Filters(battle_size=400))] == [1]

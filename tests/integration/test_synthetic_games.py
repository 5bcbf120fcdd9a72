"""The seeded synthetic loader of the dashboards benchmark: the same seed gives the same
rows, and the rows fit the analysis read models and their rollups (migrated SQLite and
PostgreSQL)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sqlalchemy import create_engine, func, select

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from replays.rollups import rebuild
from replays.schema import game_sides, game_units
from shiai.schema import game_seats
from tests.support.synthetic_games import (
    BATTLE_SIZES,
    FACTIONS,
    SCENARIO_WEIGHTS,
    SyntheticGames,
    army_units,
    load,
)

GAMES = 300


def _all_rows(
    seed: str, games: int, per_batch: int
) -> tuple[list[Any], list[Any], list[Any], list[Any]]:
    sides: list[Any] = []
    units: list[Any] = []
    seats: list[Any] = []
    dice: list[Any] = []
    for batch in SyntheticGames(seed, games).batches(per_batch):
        sides += batch.sides
        units += batch.units
        seats += batch.seats
        dice += batch.dice
    return sides, units, seats, dice


def test_same_seed_same_rows_whatever_the_batches() -> None:
    assert _all_rows("repro", GAMES, 7) == _all_rows("repro", GAMES, 1_000)
    assert _all_rows("repro", GAMES, 50) != _all_rows("another seed", GAMES, 50)


def test_rows_are_consistent_games() -> None:
    sides, units, seats, dice = _all_rows("consistent", GAMES, 100)
    rolled = {(row["game_id"], row["side"]): row for row in dice}
    assert len(sides) == 2 * GAMES
    assert [(row["game_id"], row["side"]) for row in seats] == [
        (row["game_id"], row["side"]) for row in sides
    ]
    assert all((row["account_id"] is None) != (row["bot"] is None) for row in seats)
    units_of = Counter((row["game_id"], row["side"]) for row in units)
    cost_of: Counter[tuple[Any, str]] = Counter()
    for row in units:
        cost_of[row["game_id"], row["side"]] += row["cost"]
    by_game: dict[Any, list[dict[str, Any]]] = {}
    for row in sides:
        by_game.setdefault(row["game_id"], []).append(row)
    assert len(by_game) == GAMES
    for game_id, (a, b) in by_game.items():
        assert (a["side"], b["side"]) == ("A", "B")
        assert a["opponent_faction"] == b["faction"]
        assert b["opponent_faction"] == a["faction"]
        assert a["score"] + b["score"] == 1
        assert {a["result"], b["result"]} in ({"win", "loss"}, {"draw"})
        assert a["source"] == b["source"]
        for key in ("army_points", "scenario", "played_on", "tournament_id", "event_size"):
            assert a[key] == b[key]
        if a["source"] == "reported":  # a result reported at a tournament's table
            assert a["tournament_id"] is not None
            assert a["event_size"] >= 8
            assert (game_id, "A") not in units_of
            assert (game_id, "A") not in rolled
            continue
        assert a["first"] != b["first"]
        assert a["first"] == a["extra"]["won_strategy_roll"]
        assert a["extra"]["activated_first"] != b["extra"]["activated_first"]
        for key in ("army_points", "scenario", "played_on", "turns", "steps", "ending"):
            assert a[key] == b[key]
        for row in (a, b):
            assert row["faction"] in FACTIONS
            assert row["army_points"] in BATTLE_SIZES
            assert row["scenario"] in SCENARIO_WEIGHTS
            assert units_of[game_id, row["side"]] == row["extra"]["units_fielded"] >= 1
            assert cost_of[game_id, row["side"]] == row["extra"]["army_cost"]
            assert row["extra"]["army_cost"] <= row["army_points"]
            d6 = rolled[game_id, row["side"]]
            assert d6["faces"] == 6
            assert 0 <= d6["observed"] <= d6["dice"]
        winner = [row for row in (a, b) if row["result"] == "win"]
        if winner:
            loser = a if winner[0] is b else b
            assert winner[0]["victory_points"] > loser["victory_points"]
    names = {
        (unit.name, unit.type) for f in FACTIONS for s in BATTLE_SIZES for unit in army_units(f, s)
    }
    assert {(row["name"], row["type"]) for row in units} <= names


def test_rows_fit_the_read_models(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        with engine.begin() as connection:
            load(connection, "schema", GAMES, games_per_batch=64)
            rebuild(connection)
        with engine.connect() as connection:
            assert connection.scalar(select(func.count()).select_from(game_sides)) == 2 * GAMES
            stored_units = connection.scalar(select(func.count()).select_from(game_units))
            assert stored_units == sum(
                row.extra.get("units_fielded", 0)  # a reported result fields none
                for row in connection.execute(select(game_sides))
            )
            assert connection.scalar(select(func.count()).select_from(game_seats)) == 2 * GAMES
            mirrors = connection.scalar(
                select(func.count())
                .select_from(game_sides)
                .where(game_sides.c.faction == game_sides.c.opponent_faction)
            )
            data = all_data(connection, Filters(system="kensei", min_games=0))
        factions = {row.faction: row.games for row in data["faction-win-rates"]}
        assert set(factions) <= set(FACTIONS)
        assert sum(factions.values()) == 2 * GAMES - mirrors  # mirror matches left out
        assert sum(row.games for row in data["matchups"]) == 2 * GAMES - mirrors
    finally:
        engine.dispose()

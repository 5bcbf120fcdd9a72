"""The meta dashboards' queries on SQLite and PostgreSQL, over rows inserted
into the analysis read models and rolled up (``replays.rollups.rebuild``)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from fractions import Fraction
from typing import Any
from uuid import uuid4

import pytest
from scipy.stats import binomtest  # type: ignore[import-untyped]
from sqlalchemy import Connection, insert

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from dashboards.meta_queries import (
    FactionSpread,
    GameLength,
    LuckBin,
    StandingStep,
    dice_luck_by_faction,
    dice_luck_by_player,
    dice_luck_distribution,
    faction_spread,
    faction_win_rates,
    factions_over_time,
    first_player_advantage,
    game_lengths,
    matchups,
    results_by_round,
    scenarios_over_time,
    standings_progression,
    unit_performance,
)
from replays import rollups
from replays.schema import game_units
from shiai.schema import accounts, game_seats
from tests.support.meta_base_queries import base_data
from tests.support.meta_rows import CUP, game, load, load_event


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
    # Side A holds the first-player mark in each game; another system's marks apart.
    load(
        connection,
        *[game("buke", "kuge", "win") for _ in range(7)],
        *[game("buke", "kuge", "loss") for _ in range(2)],
        game("buke", "kuge", "draw"),
        game("kuge", "kuge", "win"),  # a mirror counts here
        *[game("Side A", "Side B", "loss", system="dice-race") for _ in range(3)],
        game("Side A", "Side B", "win", system="dice-race", first=None),  # no mark
    )
    race, kensei = first_player_advantage(connection, Filters())
    assert (kensei.system, kensei.measure) == ("kensei", "first")
    assert (kensei.games, kensei.wins, kensei.draws, kensei.losses) == (11, 8, 1, 2)
    assert kensei.p_value == pytest.approx(binomtest(8, 10, 0.5).pvalue, rel=1e-12)
    assert (race.system, race.games, race.wins, race.losses) == ("dice-race", 3, 0, 3)
    assert race.p_value == pytest.approx(binomtest(0, 3, 0.5).pvalue)
    (only,) = first_player_advantage(connection, Filters(system="dice-race"))
    assert only == race


def test_all_data_has_every_dashboards_rows(connection: Connection) -> None:
    load(connection, game("buke", "kuge", "win"))
    data = all_data(connection, Filters())
    assert set(data) == {
        "faction-win-rates",
        "matchups",
        "first-player",
        "game-length",
        "dice-luck",
        "dice-luck-factions",
        "dice-luck-players",
        "factions-over-time",
        "scenarios-over-time",
        "units",
        "cards",
        "list-units",
        "common-lists",
        "top-finishes",
        "standings-progression",
        "faction-spread",
        "results-by-round",
    }
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


def _lucky(a: str, b: str, luck_a: tuple[int, float], luck_b: tuple[int, float]) -> list[Any]:
    """A game whose sides observed and expected the given successes (of 12 d6s)."""
    rows = game(a, b, "win")
    for row, (observed, expected) in zip(rows, (luck_a, luck_b), strict=True):
        row.update(dice=12, observed=observed, expected_parts=round(expected * 6))
    return rows


def test_dice_luck_bins_sides_by_whole_successes_and_sums_by_faction(
    connection: Connection,
) -> None:
    load(
        connection,
        _lucky("buke", "kuge", (6, 4.0), (3, 14 / 3)),  # +2 and -1 2/3
        _lucky("buke", "kuge", (5, 5.5), (6, 6.0)),  # -1/2 and 0
    )
    assert dice_luck_distribution(connection, Filters()) == [
        LuckBin(luck_from=-2, sides=1, faces=6),
        LuckBin(luck_from=-1, sides=1),
        LuckBin(luck_from=0, sides=1),
        LuckBin(luck_from=2, sides=1),
    ]
    buke, kuge = dice_luck_by_faction(connection, Filters())
    assert (buke.key, buke.sides, buke.dice, buke.observed) == ("buke", 2, 24, 11)
    assert (buke.expected, buke.luck, buke.per_game) == (
        Fraction(19, 2),
        Fraction(3, 2),
        Fraction(3, 4),
    )
    # The variance bound: the sum over sides of E(1 - E/dice).
    assert buke.variance == pytest.approx(4 * (1 - 4 / 12) + 5.5 * (1 - 5.5 / 12))
    assert buke.z == pytest.approx(1.5 / buke.variance**0.5)
    assert (kuge.key, kuge.luck) == ("kuge", Fraction(-5, 3))
    assert dice_luck_by_faction(connection, Filters(min_games=3)) == []


def test_dice_luck_counts_each_kind_of_die_in_its_own_fractions(connection: Connection) -> None:
    """A d10 system's luck is in tenths, a d6 system's in sixths; a side's dice of
    each kind are a row of their own, and the rollups read what the base tables say."""
    tens = {"system": "d10-system", "faces": 10, "dice": 10}
    load(
        connection,
        _lucky("buke", "kuge", (6, 4.0), (3, 14 / 3)),  # d6s: +2 and -1 2/3
        [  # d10s at 3/10 and 7/10: 3 and 7 expected; +1 1/2 (15 tenths) and -7/10
            side | {"observed": observed, "expected_parts": parts}
            for side, observed, parts in zip(
                game("crane", "lion", "win", **tens), (4, 6), (25, 67), strict=True
            )
        ],
    )
    assert dice_luck_distribution(connection, Filters()) == [
        LuckBin(luck_from=-2, sides=1, faces=6),
        LuckBin(luck_from=2, sides=1, faces=6),
        LuckBin(luck_from=-1, sides=1, faces=10),
        LuckBin(luck_from=1, sides=1, faces=10),
    ]
    crane = next(row for row in dice_luck_by_faction(connection, Filters()) if row.key == "crane")
    assert (crane.faces, crane.dice, crane.observed) == (10, 10, 4)
    assert (crane.expected, crane.luck) == (Fraction(5, 2), Fraction(3, 2))
    assert crane.variance == pytest.approx(2.5 * (1 - 2.5 / 10))
    (lion,) = [row for row in dice_luck_by_faction(connection, Filters()) if row.key == "lion"]
    assert lion.expected == Fraction(67, 10)
    assert [row.faces for row in dice_luck_by_faction(connection, Filters(system="kensei"))] == [
        6,
        6,
    ]
    assert all_data(connection, Filters()) == base_data(connection, Filters())


def test_dice_luck_by_player_names_accounts_and_bots_of_seated_games(
    connection: Connection,
) -> None:
    seated, imported = _lucky("buke", "kuge", (6, 4.0), (3, 5.0)), game("buke", "kuge", "win")
    load(connection, seated, imported)
    aki, now = uuid4(), datetime(2026, 5, 1, tzinfo=UTC)
    connection.execute(
        insert(accounts),
        [{"id": aki, "username": "aki", "display_name": "Aki", "password_hash": "x",
          "role": "player", "created_at": now}],
    )  # fmt: skip
    connection.execute(
        insert(game_seats),
        [
            {"game_id": seated[0]["game_id"], "side": "A", "account_id": aki, "bot": None,
             "invitation": None, "host_id": aki, "created_at": now},
            {"game_id": seated[0]["game_id"], "side": "B", "account_id": None, "bot": "random",
             "invitation": None, "host_id": aki, "created_at": now},
        ],
    )  # fmt: skip
    rollups.rebuild(connection)
    connection.commit()
    rows = dice_luck_by_player(connection, Filters())
    assert [(row.key, row.sides, row.luck) for row in rows] == [
        ("Aki", 1, Fraction(2)),
        ("bot random", 1, Fraction(-2)),
    ]


def test_factions_and_scenarios_over_time_month_by_month(connection: Connection) -> None:
    may, june = date(2026, 5, 3), date(2026, 6, 30)
    load(
        connection,
        game("buke", "kuge", "win", played_on=may),
        game("buke", "buke", "draw", played_on=may),
        game("kuge", "sohei", "draw", played_on=june, scenario="ambush"),
    )
    rows = factions_over_time(connection, Filters(min_games=2))
    assert [(r.year, r.month, r.faction, r.sides, r.month_sides) for r in rows] == [
        (2026, 5, "buke", 3, 4),
        (2026, 5, "kuge", 1, 4),
        (2026, 6, "kuge", 1, 2),
        (2026, 6, "sohei", 1, 2),
    ]
    buke_may = rows[0]
    assert (buke_may.games, buke_may.wins, buke_may.share) == (1, 1, Fraction(3, 4))
    assert not buke_may.rated  # one non-mirror game, fewer than the minimum
    assert [(r.month, r.scenario, r.games, r.month_games) for r in scenarios_over_time(
        connection, Filters())] == [(5, "pitched-battle", 2, 2), (6, "ambush", 1, 1)]  # fmt: skip


def _units(rows: list[dict[str, Any]], side: str, *units: tuple[str, int, int]) -> list[Any]:
    """Unit rows for one side of a game: (name, cost, casualties caused) each."""
    gid = rows[0]["game_id"]
    return [
        {"game_id": gid, "unit": f"{side}.u{index}", "side": side, "name": name,
         "type": "infantry", "cost": cost, "casualties_caused": caused,
         "casualties_suffered": 0, "survived": True, "extra": {"troop_class": "A"}}
        for index, (name, cost, caused) in enumerate(units, start=1)
    ]  # fmt: skip


def test_unit_performance_compares_armies_with_and_without_a_unit(
    connection: Connection,
) -> None:
    first, second = game("buke", "kuge", "win"), game("buke", "kuge", "loss")
    third, mirror = game("buke", "sohei", "draw"), game("buke", "buke", "win")
    load(connection, first, second, third, mirror)
    connection.execute(
        insert(game_units),
        [
            *_units(first, "A", ("Teppo", 90, 4), ("Teppo", 90, 2), ("Yari", 40, 1)),
            *_units(second, "A", ("Yari", 40, 0)),
            *_units(third, "A", ("Teppo", 90, 3)),
            *_units(mirror, "A", ("Teppo", 90, 9)),
        ],
    )
    rollups.rebuild(connection)
    connection.commit()
    rows = {(r.faction, r.name): r for r in unit_performance(connection, Filters())}
    teppo = rows[("buke", "Teppo")]
    # Fielded in the first (twice) and third games; not in the second; the mirror left out.
    assert (teppo.games, teppo.wins, teppo.draws, teppo.losses) == (2, 1, 1, 0)
    assert (teppo.without.games, teppo.without.losses) == (1, 1)
    assert (teppo.copies, teppo.caused, teppo.cost) == (3, 9, 270)
    assert teppo.caused_per_100_points == Fraction(10, 3)
    yari = rows[("buke", "Yari")]
    assert (yari.games, yari.rate, yari.without.games, yari.without.rate) == (
        2,
        Fraction(1, 2),
        1,
        Fraction(1, 2),
    )
    assert set(rows) == {("buke", "Teppo"), ("buke", "Yari")}
    assert [r.name for r in unit_performance(connection, Filters(min_games=2))] == [
        "Teppo",
        "Yari",
    ]
    assert unit_performance(connection, Filters(min_games=3)) == []


def test_an_events_standings_progression_faction_spread_and_results_by_round(
    connection: Connection,
) -> None:
    load_event(connection, CUP)
    load(
        connection,
        game("buke", "kuge", "win", tournament_id=CUP, round=1),
        game("buke", "buke", "draw", tournament_id=CUP, round=2),
        game("buke", "kuge", "loss"),  # not the event's
    )
    event = Filters(event=CUP)
    assert standings_progression(connection, event) == [
        StandingStep("p1", "Aki", 1, "win", Fraction(1)),
        StandingStep("p1", "Aki", 2, "draw", Fraction(3, 2)),
        StandingStep("p2", "Ben", 1, "loss", Fraction(0)),
        StandingStep("p3", "Cho", 2, "draw", Fraction(1, 2)),
    ]
    assert faction_spread(connection, event) == [
        FactionSpread("buke", 1, 1),
        FactionSpread("kuge", 1, 2),
        FactionSpread("unknown", 1, 3),
    ]
    rounds = [(r.round, r.faction, r.games, r.wins, r.draws) for r in results_by_round(
        connection, event)]  # fmt: skip
    assert rounds == [(1, "buke", 1, 1, 0), (1, "kuge", 1, 0, 0), (2, "buke", 2, 0, 2)]
    assert standings_progression(connection, Filters()) == []
    assert results_by_round(connection, Filters()) == []

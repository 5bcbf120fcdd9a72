"""The meta dashboards' queries as they were before the rollups: SQLAlchemy Core
straight over the analysis read models (``game_sides``, ``game_dice``, ``game_units``, with
``game_seats`` and ``accounts``). The rollup tests compare every dashboard's rows
from ``dashboards.meta_queries`` (over the rollups) with these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    Connection,
    Float,
    and_,
    case,
    cast,
    distinct,
    extract,
    func,
    literal,
    select,
    true,
)

from dashboards.data import EVENT_QUERIES, QUERIES
from dashboards.meta_cards import CardPlay
from dashboards.meta_filters import Filters

# The army-list dashboards are checked against a reference in plain Python instead
# (tests/support/list_rows.py, tests/integration/test_meta_lists.py): the same queries.
from dashboards.meta_lists import common_lists, top_finishes, unit_inclusion  # noqa: F401
from dashboards.meta_queries import (
    CARD,
    FIRST,
    STEP_BIN,
    Advantage,
    FactionMonth,
    FactionRate,
    GameLength,
    Luck,
    LuckBin,
    Matchup,
    ScenarioMonth,
    UnitPerformance,
    _counts,
    _luck,
    faction_months,
    scenario_months,
    unit_rows,
)
from dashboards.meta_stats import binomial_p_value
from dashboards.meta_tables import accounts, game_dice, game_seats, game_sides, game_units
from replays import rollups
from replays.schema import ROLLUPS


def _record(row: Any) -> dict[str, int]:
    return {
        "games": int(row.games),
        "wins": int(row.wins or 0),
        "draws": int(row.draws or 0),
        "losses": int(row.losses or 0),
    }


def faction_win_rates(connection: Connection, filters: Filters) -> list[FactionRate]:
    """Every faction with at least ``min_games`` non-mirror games, most games first
    (then by name)."""
    c = game_sides.c
    query = (
        select(c.faction, *_counts())
        .where(filters.where(game_sides), c.faction != c.opponent_faction)
        .group_by(c.faction)
        .having(func.count() >= filters.min_games)
    )
    rows = [FactionRate(faction=row.faction, **_record(row)) for row in connection.execute(query)]
    return sorted(rows, key=lambda row: (-row.games, row.faction))


def matchups(connection: Connection, filters: Filters) -> list[Matchup]:
    """Every pair of different factions that met at least ``min_games`` times, each
    from both sides (A against B and B against A), by faction then opponent."""
    c = game_sides.c
    query = (
        select(c.faction, c.opponent_faction, *_counts())
        .where(filters.where(game_sides), c.faction != c.opponent_faction)
        .group_by(c.faction, c.opponent_faction)
        .having(func.count() >= filters.min_games)
    )
    rows = [
        Matchup(faction=row.faction, opponent=row.opponent_faction, **_record(row))
        for row in connection.execute(query)
    ]
    return sorted(rows, key=lambda row: (row.faction, row.opponent))


def first_player_advantage(connection: Connection, filters: Filters) -> list[Advantage]:
    """For each system, the record of the sides that held its first-player mark
    (each game once: the side with the mark), with the exact binomial test of its
    wins among decisive games against a fair coin. Mirror matches count."""
    c = game_sides.c
    query = (
        select(c.system, *_counts())
        .where(filters.where(game_sides), c.first.is_(True))
        .group_by(c.system)
    )
    rows = []
    for row in connection.execute(query):
        found = _record(row)
        if found["games"] < filters.min_games or found["games"] == 0:
            continue
        decisive = found["wins"] + found["losses"]
        p_value = binomial_p_value(found["wins"], decisive)
        rows.append(Advantage(measure=FIRST, p_value=p_value, system=row.system, **found))
    return sorted(rows, key=lambda row: row.system)


def game_lengths(connection: Connection, filters: Filters) -> list[GameLength]:
    """Games (each once, however many of its sides match the filters) by turns,
    bin of steps and ending; by turns, steps and ending. The minimum games does
    not apply to a distribution."""
    c = game_sides.c
    steps_from = ((c.steps // STEP_BIN) * STEP_BIN).label("steps_from")
    query = (
        select(c.turns, steps_from, c.ending, func.count(distinct(c.game_id)).label("games"))
        .where(filters.where(game_sides), c.source == "recorded")
        .group_by(c.turns, steps_from, c.ending)
    )
    rows = [
        GameLength(turns=row.turns, steps_from=int(row.steps_from), ending=row.ending,
                   games=int(row.games))
        for row in connection.execute(query)
    ]  # fmt: skip
    return sorted(rows, key=lambda row: (row.turns, row.steps_from, row.ending))


# Dice luck, per kind of die: a side's luck with its d``faces`` in 1/faces is its
# observed successes times faces minus its expected ones (``expected_parts``).
_OFFSET = 1000  # a shift, in whole successes, that makes luck positive before division


def _rolled() -> Any:
    c, d = game_sides.c, game_dice.c
    return game_sides.join(game_dice, and_(d.game_id == c.game_id, d.side == c.side))


def dice_luck_distribution(connection: Connection, filters: Filters) -> list[LuckBin]:
    """Game sides that rolled dice, by kind of die and luck in whole successes
    (floored)."""
    d = game_dice.c
    parts = d.observed * d.faces - d.expected_parts
    bin_from = ((parts + _OFFSET * d.faces) // d.faces - _OFFSET).label("luck_from")
    query = (
        select(d.faces, bin_from, func.count().label("sides"))
        .select_from(_rolled())
        .where(filters.where(game_sides))
        .group_by(d.faces, bin_from)
        .order_by(d.faces, bin_from)
    )
    return [
        LuckBin(int(row.luck_from), int(row.sides), int(row.faces))
        for row in connection.execute(query)
    ]


def _luck_columns() -> list[Any]:
    d = game_dice.c
    expected = cast(d.expected_parts, Float) / d.faces
    return [
        func.count().label("sides"),
        func.sum(d.dice).label("dice"),
        func.sum(d.observed).label("observed"),
        func.sum(d.expected_parts).label("expected_parts"),
        func.sum(expected - expected * expected / d.dice).label("variance"),
    ]


def dice_luck_by_faction(connection: Connection, filters: Filters) -> list[Luck]:
    """Each faction's dice of each kind over its game sides that rolled them
    (mirrors count), with at least ``min_games`` sides; luckiest per game first."""
    c, d = game_sides.c, game_dice.c
    query = (
        select(c.faction, d.faces, *_luck_columns())
        .select_from(_rolled())
        .where(filters.where(game_sides))
        .group_by(c.faction, d.faces)
        .having(func.count() >= filters.min_games)
    )
    rows = [_luck(row.faction, row) for row in connection.execute(query)]
    return sorted(rows, key=lambda row: (-row.per_game, row.key, row.faces))


def dice_luck_by_player(connection: Connection, filters: Filters) -> list[Luck]:
    """Each player's dice of each kind over the game sides they played on the
    platform (an account, by its public name; a bot as ``bot <name>``), with at
    least ``min_games`` sides; luckiest per game first. Imported games have no
    player."""
    c, d = game_sides.c, game_dice.c
    player = func.coalesce(accounts.c.display_name, literal("bot ") + game_seats.c.bot)
    joined = (
        _rolled()
        .join(game_seats, and_(game_seats.c.game_id == c.game_id, game_seats.c.side == c.side))
        .outerjoin(accounts, accounts.c.id == game_seats.c.account_id)
    )
    query = (
        select(player.label("player"), d.faces, *_luck_columns())
        .select_from(joined)
        .where(filters.where(game_sides), player.is_not(None))
        .group_by(player, d.faces)
        .having(func.count() >= filters.min_games)
    )
    rows = [_luck(row.player, row) for row in connection.execute(query)]
    return sorted(rows, key=lambda row: (-row.per_game, row.key, row.faces))


def _months() -> tuple[Any, Any]:
    played = game_sides.c.played_on
    return extract("year", played).label("year"), extract("month", played).label("month")


def factions_over_time(connection: Connection, filters: Filters) -> list[FactionMonth]:
    """Each faction's representation and non-mirror record, month by month, by
    month then faction. The minimum games applies to the record: a month with
    fewer non-mirror games keeps its share and shows no rate."""
    c = game_sides.c
    year, month = _months()
    other = c.faction != c.opponent_faction

    def counted(condition: Any) -> Any:
        return func.sum(case((and_(other, condition), 1), else_=0))

    query = (
        select(
            year,
            month,
            c.faction,
            func.count().label("sides"),
            counted(true()).label("games"),
            counted(c.result == "win").label("wins"),
            counted(c.result == "draw").label("draws"),
            counted(c.result == "loss").label("losses"),
        )
        .where(filters.where(game_sides))
        .group_by(year, month, c.faction)
    )
    return faction_months(connection.execute(query).all(), filters)


def scenarios_over_time(connection: Connection, filters: Filters) -> list[ScenarioMonth]:
    """Each scenario's share of the games that name one (each game once), month by
    month."""
    c = game_sides.c
    year, month = _months()
    query = (
        select(year, month, c.scenario, func.count(distinct(c.game_id)).label("games"))
        .where(filters.where(game_sides), c.scenario != "")
        .group_by(year, month, c.scenario)
    )
    return scenario_months(connection.execute(query).all())


def unit_performance(connection: Connection, filters: Filters) -> list[UnitPerformance]:
    """Each unit of each faction fielded by at least ``min_games`` sides (in
    non-mirror games), with and without it; by faction, then most fielded."""
    return _units(connection, filters, cards=False)


def card_play(connection: Connection, filters: Filters) -> list[CardPlay]:
    """Each card of each character played in at least ``min_games`` non-mirror
    games, with and without it."""
    return [
        CardPlay(
            games=row.games, wins=row.wins, draws=row.draws, losses=row.losses,
            faction=row.faction, name=row.name,
            without_games=row.without_games, without_wins=row.without_wins,
            without_draws=row.without_draws, without_losses=row.without_losses,
            wounds=row.caused,
        )
        for row in _units(connection, filters, cards=True)
    ]  # fmt: skip


def _units(connection: Connection, filters: Filters, *, cards: bool) -> list[UnitPerformance]:
    c, u = game_sides.c, game_units.c
    per_side = (
        select(
            u.game_id,
            u.side,
            u.name,
            func.max(u.type).label("unit_type"),
            func.count().label("copies"),
            func.sum(u.casualties_caused).label("caused"),
            func.sum(u.cost).label("cost"),
        )
        .group_by(u.game_id, u.side, u.name)
        .subquery()
    )
    s = per_side.c
    mirror_free = and_(filters.where(game_sides), c.faction != c.opponent_faction)
    query = (
        select(
            c.faction,
            s.name,
            func.max(s.unit_type).label("unit_type"),
            *_counts(),
            func.sum(s.copies).label("copies"),
            func.sum(s.caused).label("caused"),
            func.sum(s.cost).label("cost"),
        )
        .select_from(game_sides.join(per_side, and_(s.game_id == c.game_id, s.side == c.side)))
        .where(mirror_free, (s.unit_type == CARD) if cards else (s.unit_type != CARD))
        .group_by(c.faction, s.name)
        .having(func.count() >= filters.min_games)
    )
    fielded = connection.execute(query).all()
    totals = {
        row.faction: _record(row)
        for row in connection.execute(
            select(c.faction, *_counts()).where(mirror_free).group_by(c.faction)
        )
    }
    return unit_rows(fielded, totals)


# Table name -> query, as dashboards.data.QUERIES (the same function names).
BASE_QUERIES: dict[str, Callable[[Connection, Filters], list[Any]]] = {
    name: globals()[query.__name__] for name, query in QUERIES.items()
}


def base_data(connection: Connection, filters: Filters) -> dict[str, list[Any]]:
    """``dashboards.data.all_data``'s tables from the base read models."""
    found = {name: query(connection, filters) for name, query in BASE_QUERIES.items()}
    return found | {name: query(connection, filters) for name, query in EVENT_QUERIES.items()}


def rollup_rows(connection: Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Every rollup table's rows, sorted, floats rounded to 6 decimals (sums of
    the same floats in another order may differ in the last bits)."""
    found = {}
    for rollup in ROLLUPS:
        rows = [
            tuple(round(value, 6) if isinstance(value, float) else value for value in row)
            for row in connection.execute(select(rollup))
        ]
        found[rollup.name] = sorted(rows, key=repr)
    return found


def rollups_equal_a_rebuild(connection: Connection) -> bool:
    """Whether the rollups as they are equal a full rebuild's (rolled back after)."""
    kept = rollup_rows(connection)
    rollups.rebuild(connection)
    rebuilt = rollup_rows(connection)
    connection.rollback()
    return kept == rebuilt and any(kept.values())

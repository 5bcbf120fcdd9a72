"""The meta dashboards' rollups: the analysis read models summed per partition.

Each rollup table (``replays.schema.ROLLUPS``) holds, per partition (system,
tournament, day played, battle size: the columns the dashboards' filters read,
at the grain they read them) and per the grouping columns of its dashboards,
the whole counts and sums the dashboards need, so that they sum a few thousand
rows instead of scanning every game side and unit (``dashboards.meta_queries``).

:func:`rebuild` computes every rollup from ``game_sides``, ``game_dice``,
``game_units`` and ``game_seats``; :func:`refresh` recomputes the rows of some days, each a
``(system, played_on)`` pair: a game lies in one day (its system, date and
tournament are the same on every side; only its battle size may differ by
side), so the writers of the read models refresh the days of the games they
wrote, in the same transaction (``GameAnalysis``, the tournament links, a
seat claimed). Both delete then insert, so running them again changes
nothing. On PostgreSQL both first take a transaction-level advisory lock:
a second refresh of the same day waits for the first to commit and then
reads its rows, instead of adding its sums to them. SQLite's write lock
already serialises writers. The caller commits.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any
from uuid import UUID

from sqlalchemy import (
    ColumnElement,
    Connection,
    Float,
    Select,
    String,
    Table,
    Uuid,
    and_,
    case,
    cast,
    column,
    delete,
    distinct,
    func,
    insert,
    literal,
    select,
    table,
    text,
    true,
)

from replays.schema import (
    RECORDED,
    ROLLUPS,
    game_dice,
    game_sides,
    game_units,
    rollup_advantages,
    rollup_game_lengths,
    rollup_list_units,
    rollup_lists,
    rollup_luck_bins,
    rollup_luck_factions,
    rollup_luck_players,
    rollup_matchups,
    rollup_scenarios,
    rollup_units,
    side_list_entries,
    side_lists,
)

# A partition of the refreshes: a system's games of one day.
Day = tuple[str, date]

# The width of the game-length histogram's bins of steps (engine events).
STEP_BIN = 50
# The advantages game_sides records, by column: a rollup_advantages measure each
# (the first-player mark, whose name is the system's RulesetInfo.first_player).
ADVANTAGES = ("first",)
# A shift, in whole successes, that makes luck positive before integer division
# (floors it): luck in 1/faces plus LUCK_OFFSET * faces.
LUCK_OFFSET = 1000
# The most game ids a refresh lists in its queries (more: it selects them by day).
IDS_LISTED = 5_000
# The key of the PostgreSQL advisory lock every rollup write takes ("shiairol").
LOCK_KEY = 0x73686961_69726F6C

# Who played each side of a game created on the platform: the platform's table,
# read (never written) here; replays does not import the platform's schema.
game_seats = table(
    "game_seats",
    column("game_id", Uuid),
    column("side", String),
    column("account_id", Uuid),
    column("bot", String),
)

_sides = game_sides.c
PARTITION = (
    _sides.system,
    _sides.tournament_id,
    _sides.played_on,
    _sides.army_points,
    _sides.source,
    _sides.event_size,
)


def rebuild(connection: Connection) -> None:
    """Every rollup computed again from the read models (the caller commits)."""
    lock(connection)
    for rollup in ROLLUPS:
        connection.execute(delete(rollup))
    _insert(connection, None)


def refresh(connection: Connection, days: Iterable[Day], *, source: str | None = None) -> None:
    """The rollups' rows of ``days`` computed again (the caller commits); with
    ``source``, only the rows of that source's data points (every rollup row is of
    one source, and every row of a game too): a writer of reported results changes
    no recorded game's rows, and need not compute them again."""
    by_system: dict[str, set[date]] = defaultdict(set)
    for system, played_on in days:
        by_system[system].add(played_on)
    if not by_system:
        return
    lock(connection)
    for system, dates in sorted(by_system.items()):
        chosen = sorted(dates)
        for rollup in ROLLUPS:
            mine = and_(rollup.c.system == system, rollup.c.played_on.in_(chosen))
            if source is not None:
                mine = and_(mine, rollup.c.source == source)
            connection.execute(delete(rollup).where(mine))
        only = and_(_sides.system == system, _sides.played_on.in_(chosen))
        if source is not None:
            only = and_(only, _sides.source == source)
        # The days' games by id: their dice and units are then read through the
        # tables' keys (PostgreSQL otherwise scans every unit to find a day's).
        ids = connection.execute(select(_sides.game_id).where(only).distinct()).scalars().all()
        _insert(connection, only, ids if len(ids) <= IDS_LISTED else None)


def days_of(
    connection: Connection, game_ids: Iterable[UUID], *, source: str | None = None
) -> set[Day]:
    """The days of the games' rows in ``game_sides`` (none for a game without rows),
    of one ``source``'s rows when given."""
    ids = list(dict.fromkeys(game_ids))
    if not ids:
        return set()
    which: ColumnElement[bool] = _sides.game_id.in_(ids)
    if source is not None:
        which = and_(which, _sides.source == source)
    query = select(_sides.system, _sides.played_on).where(which).distinct()
    return {(row.system, row.played_on) for row in connection.execute(query)}


def lock(connection: Connection) -> None:
    """Take the rollups' lock (PostgreSQL; SQLite's write lock already serialises
    writers): a writer whose rows decide other rows, as a faction mapping, takes it
    before it reads them."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})


def _insert(
    connection: Connection,
    chosen: ColumnElement[bool] | None,
    game_ids: Sequence[UUID] | None = None,
) -> None:
    """Insert the rollups of the game sides ``chosen`` selects (whole games; all
    of them when ``None``); ``game_ids``, when given, are those games' ids."""
    for rollup, query in _queries(chosen, game_ids):
        connection.execute(insert(rollup).from_select(list(query.selected_columns.keys()), query))


def _queries(
    only: ColumnElement[bool] | None, game_ids: Sequence[UUID] | None = None
) -> list[tuple[Table, Select[Any]]]:
    c, d = _sides, game_dice.c
    chosen = true() if only is None else only
    rolled_chosen = chosen if game_ids is None else and_(chosen, d.game_id.in_(game_ids))
    # A side's luck with one kind of die, in 1/faces, floored to whole successes.
    luck_parts = d.observed * d.faces - d.expected_parts
    luck_from = (luck_parts + LUCK_OFFSET * d.faces) // d.faces - LUCK_OFFSET
    rolled = game_sides.join(game_dice, and_(d.game_id == c.game_id, d.side == c.side))
    seated = rolled.join(
        game_seats, and_(game_seats.c.game_id == c.game_id, game_seats.c.side == c.side)
    )
    steps_from = (c.steps // STEP_BIN) * STEP_BIN
    return [
        (
            rollup_matchups,
            _grouped(chosen, c.faction, c.opponent_faction).add_columns(*_record()),
        ),
        *(
            (
                rollup_advantages,
                _grouped(
                    and_(chosen, c[measure].is_(True)), literal(measure).label("measure")
                ).add_columns(*_record()),
            )
            for measure in ADVANTAGES
        ),
        (
            # A reported or imported result has no turns, steps or ending to count.
            rollup_game_lengths,
            _games_once(
                and_(chosen, c.source == RECORDED),
                turns=c.turns,
                steps_from=steps_from,
                ending=c.ending,
            ),
        ),
        # A result reported or imported names no scenario: it is no share of one.
        (rollup_scenarios, _games_once(and_(chosen, c.scenario != ""), scenario=c.scenario)),
        (
            rollup_luck_bins,
            _grouped(rolled_chosen, d.faces, luck_from.label("luck_from"))
            .select_from(rolled)
            .add_columns(func.count().label("sides")),
        ),
        (
            rollup_luck_factions,
            _grouped(rolled_chosen, c.faction, d.faces).select_from(rolled).add_columns(*_luck()),
        ),
        (
            rollup_luck_players,
            _grouped(rolled_chosen, game_seats.c.account_id, game_seats.c.bot, d.faces)
            .select_from(seated)
            .add_columns(*_luck()),
        ),
        (rollup_units, _units(only, game_ids)),
        (rollup_list_units, _list_units(only, game_ids)),
        (rollup_lists, _lists(chosen)),
    ]


def _grouped(chosen: ColumnElement[bool], *keys: Any) -> Select[Any]:
    return select(*PARTITION, *keys).where(chosen).group_by(*PARTITION, *keys)


def _record(counted: ColumnElement[bool] | None = None) -> list[Any]:
    """The record of the grouped sides (of those ``counted`` selects, when given)."""
    result = _sides.result

    def only(condition: ColumnElement[bool]) -> ColumnElement[bool]:
        return condition if counted is None else and_(counted, condition)

    games = func.count() if counted is None else func.sum(case((counted, 1), else_=0))
    return [
        games.label("games"),
        func.sum(case((only(result == "win"), 1), else_=0)).label("wins"),
        func.sum(case((only(result == "draw"), 1), else_=0)).label("draws"),
        func.sum(case((only(result == "loss"), 1), else_=0)).label("losses"),
    ]


def _luck() -> list[Any]:
    """The sums of the dice of one kind (``game_dice``) of the grouped sides; the
    variance bound in floats (nothing reads it back into a game)."""
    d = game_dice.c
    expected = cast(d.expected_parts, Float) / d.faces
    return [
        func.count().label("sides"),
        func.sum(d.dice).label("dice"),
        func.sum(d.observed).label("observed"),
        func.sum(d.expected_parts).label("expected_parts"),
        func.sum(expected - expected * expected / d.dice).label("variance"),
    ]


def _games_once(chosen: ColumnElement[bool], **keys: Any) -> Select[Any]:
    """Games (each once) by ``keys`` (name: expression) per partition, and the
    same counting a game only at the smallest battle size of its sides with
    those keys."""
    c = _sides
    lowest = func.min(c.army_points).over(partition_by=[c.game_id, *keys.values()])
    labelled = [value.label(name) for name, value in keys.items()]
    sides = select(*PARTITION, c.game_id, *labelled, lowest.label("lowest")).where(chosen)
    s = sides.subquery().c
    partition = [s[column.name] for column in PARTITION]
    grouping = [s[name] for name in keys]
    at_lowest = case((s.army_points == s.lowest, s.game_id))
    return select(
        *partition,
        *grouping,
        func.count(distinct(s.game_id)).label("games"),
        func.count(distinct(at_lowest)).label("games_at_lowest_size"),
    ).group_by(*partition, *grouping)


def _of_games(
    game_id: ColumnElement[Any],
    only: ColumnElement[bool] | None,
    game_ids: Sequence[UUID] | None,
) -> ColumnElement[bool]:
    """The rows of a per-unit table (``game_id`` its game column) that belong to the
    games asked for: those of ``game_ids`` when given, else those whose sides match
    ``only`` (every row when ``only`` is None)."""
    if game_ids is not None:
        return game_id.in_(game_ids)
    if only is None:
        return true()
    return game_id.in_(select(_sides.game_id).where(only).correlate(None))


def _units(only: ColumnElement[bool] | None, game_ids: Sequence[UUID] | None = None) -> Select[Any]:
    """Non-mirror sides by faction and unit profile fielded: their record, and the
    copies, casualties caused and cost of the profile's units."""
    c, u = _sides, game_units.c
    chosen = true() if only is None else only
    games = _of_games(u.game_id, only, game_ids)
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
        .where(games)
        .group_by(u.game_id, u.side, u.name)
        .subquery()
    )
    s = per_side.c
    return (
        _grouped(and_(chosen, c.faction != c.opponent_faction), c.faction, s.name)
        .select_from(game_sides.join(per_side, and_(s.game_id == c.game_id, s.side == c.side)))
        .add_columns(
            func.max(s.unit_type).label("unit_type"),
            *_record(),
            func.sum(s.copies).label("copies"),
            func.sum(s.caused).label("caused"),
            func.sum(s.cost).label("cost"),
        )
    )


def _list_units(
    only: ColumnElement[bool] | None, game_ids: Sequence[UUID] | None = None
) -> Select[Any]:
    """Non-mirror sides with a list, by faction and unit in the list: their record,
    and the miniatures, entries and cost of the unit in their lists (a unit twice
    in a list counts the side once)."""
    c, e = _sides, side_list_entries.c
    chosen = true() if only is None else only
    games = _of_games(e.game_id, only, game_ids)
    per_list = (
        select(
            e.game_id,
            e.side,
            e.unit,
            func.max(e.name).label("name"),
            func.max(e.unit_type).label("unit_type"),
            func.sum(e.count).label("models"),
            func.count().label("entries"),
            func.sum(e.cost).label("cost"),
        )
        .where(games)
        .group_by(e.game_id, e.side, e.unit)
        .subquery()
    )
    s = per_list.c
    return (
        _grouped(and_(chosen, c.faction != c.opponent_faction), c.faction, s.unit)
        .select_from(game_sides.join(per_list, and_(s.game_id == c.game_id, s.side == c.side)))
        .add_columns(
            func.max(s.name).label("name"),
            func.max(s.unit_type).label("unit_type"),
            *_record(),
            func.sum(s.models).label("models"),
            func.sum(s.entries).label("entries"),
            func.sum(s.cost).label("cost"),
        )
    )


def _lists(chosen: ColumnElement[bool]) -> Select[Any]:
    """Sides with a list, by its signature (and the sides' faction): how many
    (mirrors included), the record of the non-mirror ones, and the list's name
    (the first by alphabet), points and commander level."""
    c, lists = _sides, side_lists.c
    with_list = game_sides.join(side_lists, and_(lists.game_id == c.game_id, lists.side == c.side))
    return (
        _grouped(chosen, lists.signature, c.faction)
        .select_from(with_list)
        .add_columns(
            func.min(lists.name).label("name"),
            func.max(lists.points).label("points"),
            func.max(lists.commander_level).label("commander_level"),
            func.count().label("sides"),
            *_record(c.faction != c.opponent_faction),
        )
    )


def missing(connection: Connection) -> bool:
    """Whether game sides are analysed but not rolled up (the rollups never built)."""
    analysed = connection.execute(select(_sides.game_id).limit(1)).first() is not None
    rolled = connection.execute(select(rollup_matchups.c.system).limit(1)).first() is not None
    return analysed and not rolled


def counts(connection: Connection) -> dict[str, int]:
    """Rows per rollup table, by name (for the command line's report)."""
    return {
        rollup.name: int(connection.scalar(select(func.count()).select_from(rollup)) or 0)
        for rollup in ROLLUPS
    }

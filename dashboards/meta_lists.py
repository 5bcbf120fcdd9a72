"""The army-list dashboards: what players bring, and how it does.

They read the data points' lists (``side_lists``, ``side_list_entries``: a row per
data point side whose player's list its system's catalogue could read, and a row
per entry of it; written by the platform's ``shiai.list_facts``), joined to
``game_sides``, whose columns every filter reads. Nothing here names a system:
any system whose plug-in reads lists has rows.

- :func:`unit_inclusion`: for each faction's units (by catalogue id), the share of
  the faction's lists that include the unit, and the record of those lists
  against that of the faction's other lists (non-mirror games), with Wilson
  intervals;
- :func:`common_lists`: the most fielded lists (by signature: the same faction,
  commander level and entries, whatever the list's name) and their results;
- :func:`top_finishes`: the list of each top-four finish of each event: the
  event's own ranking (``tournament_standings``: its position, with its
  tie-breaks) where it has one, else the players ranked by their score in the
  event's data points (win 1, draw 1/2), then victory points, then name.

The first two sum the list rollups (``rollup_list_units``, ``rollup_lists``:
``replays.rollups``); the top finishes read the list tables (an event's rows are
few). See docs/dashboards.md "Army lists in the meta" for the measured figures.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any
from uuid import UUID

from sqlalchemy import (
    Connection,
    and_,
    func,
    literal,
    select,
    union_all,
)

from dashboards.meta_filters import Filters
from dashboards.meta_queries import RECORD, Record, WithAndWithout, with_and_without
from dashboards.meta_rollups import rollup_list_units, rollup_lists, rollup_matchups
from dashboards.meta_stats import wilson_interval
from dashboards.meta_tables import (
    game_sides,
    imported_events,
    side_list_entries,
    side_lists,
    tournament_standings,
    tournaments,
)

# The lists the common-lists table keeps: the most fielded, each at least twice.
COMMON_LISTS = 50
COMMON_AT_LEAST = 2
# The finishes per event the top-finishes table keeps.
TOP_PLACES = 4
# The latest events the meta page reads the top finishes of (its CSV reads every one):
# every event's lists and units took seconds at 100,000 results in a thousand events.
TOP_EVENTS_SHOWN = 10
# The most ids in one ``IN (...)`` (SQLite allows 32,766 parameters).
ID_BATCH = 1_000

_g, _l, _e = game_sides.c, side_lists.c, side_list_entries.c
_WITH_LIST = game_sides.join(side_lists, and_(_l.game_id == _g.game_id, _l.side == _g.side))


def _record(row: Any) -> dict[str, int]:
    return {key: int(getattr(row, key) or 0) for key in RECORD}


@dataclass(frozen=True)
class UnitInclusion(WithAndWithout):
    """A unit (``unit``: the catalogue's id; ``name``) in ``faction``'s lists, over
    its non-mirror games: the record of the lists that include it (the base
    counts: ``games`` lists), that of the faction's lists that do not
    (``without_*``), the miniatures and entries of it they hold and their cost."""

    unit: str = ""
    unit_type: str = ""
    models: int = 0
    entries: int = 0
    cost: int = 0

    @property
    def lists(self) -> int:
        """The faction's lists (non-mirror games) with or without the unit."""
        return self.games + self.without_games

    @property
    def inclusion(self) -> Fraction:
        """The share of the faction's lists that include the unit."""
        return Fraction(self.games, self.lists) if self.lists else Fraction(0)

    @property
    def inclusion_interval(self) -> tuple[float, float]:
        return wilson_interval(self.inclusion, self.lists)

    @property
    def models_per_list(self) -> Fraction:
        return Fraction(self.models, self.games) if self.games else Fraction(0)


def unit_inclusion(connection: Connection, filters: Filters) -> list[UnitInclusion]:
    """Each unit of each faction included in at least ``min_games`` of its lists
    (non-mirror games), with and without it; by faction, then most included,
    then name."""
    u, r = rollup_list_units.c, rollup_lists.c
    query = (
        select(
            u.faction,
            u.unit,
            func.max(u.name).label("name"),
            func.max(u.unit_type).label("unit_type"),
            *_sums(rollup_list_units, *RECORD, "models", "entries", "cost"),
        )
        .where(filters.where(rollup_list_units))
        .group_by(u.faction, u.unit)
        .having(func.sum(u.games) >= filters.min_games)
    )
    included = connection.execute(query).all()
    if not included:
        return []
    totals = {
        row.faction: _record(row)
        for row in connection.execute(
            select(r.faction, *_sums(rollup_lists, *RECORD))
            .where(filters.where(rollup_lists))
            .group_by(r.faction)
        )
    }
    return inclusion_rows(included, totals)


def _sums(rollup: Any, *names: str) -> list[Any]:
    return [func.sum(rollup.c[name]).label(name) for name in names]


def inclusion_rows(
    included: Sequence[Any], totals: dict[str, dict[str, int]]
) -> list[UnitInclusion]:
    """The rows of :func:`unit_inclusion` from its query's (faction, unit, name,
    type, record, models, entries, cost) and each faction's lists' record."""
    rows = []
    for row in included:
        rows.append(
            UnitInclusion(
                faction=row.faction,
                name=row.name,
                unit=row.unit,
                unit_type=row.unit_type,
                **with_and_without(row, totals),
                models=int(row.models or 0),
                entries=int(row.entries or 0),
                cost=int(row.cost or 0),
            )
        )
    return sorted(rows, key=lambda row: (row.faction, -row.games, row.name, row.unit))


@dataclass(frozen=True)
class ListEntryText:
    """One entry of a list as the tables show it."""

    count: int
    name: str
    options: str = ""

    def __str__(self) -> str:
        return f"{self.count} {self.name}" + (f" ({self.options})" if self.options else "")


def units_text(entries: Sequence[ListEntryText]) -> str:
    """A list's entries in one line: ``4 Mounted samurai (led by Daimyo); 5 Samurai``."""
    return "; ".join(str(entry) for entry in entries)


@dataclass(frozen=True)
class CommonList(Record):
    """A list (``signature``) fielded by ``sides`` data point sides (mirror matches
    included): its faction, name (the first by alphabet of the names its players
    gave it), points, commander level and entries, and the record of its
    non-mirror games (the base counts)."""

    signature: str = ""
    faction: str = ""
    name: str = ""
    points: int = 0
    commander_level: int | None = None
    sides: int = 0
    units: str = ""


def common_lists(connection: Connection, filters: Filters) -> list[CommonList]:
    """The :data:`COMMON_LISTS` most fielded lists (each fielded at least
    :data:`COMMON_AT_LEAST` times), most fielded first, then by signature. The
    minimum games applies to a list's non-mirror games."""
    r = rollup_lists.c
    sides = func.sum(r.sides).label("sides")
    query = (
        select(
            r.signature,
            func.max(r.faction).label("faction"),
            func.min(r.name).label("name"),
            func.max(r.points).label("points"),
            func.max(r.commander_level).label("commander_level"),
            sides,
            *_sums(rollup_lists, *RECORD),
        )
        .where(filters.where(rollup_lists))
        .group_by(r.signature)
        .having(func.sum(r.sides) >= COMMON_AT_LEAST)
        .having(func.sum(r.games) >= filters.min_games)
        .order_by(sides.desc(), r.signature)
        .limit(COMMON_LISTS)
    )
    found = connection.execute(query).all()
    entries = _entries_of_signatures(connection, [row.signature for row in found])
    rows = [
        CommonList(
            signature=row.signature,
            faction=row.faction,
            name=row.name,
            points=int(row.points),
            commander_level=None if row.commander_level is None else int(row.commander_level),
            sides=int(row.sides),
            units=units_text(entries.get(row.signature, ())),
            **_record(row),
        )
        for row in found
    ]
    return sorted(rows, key=lambda row: (-row.sides, row.signature))


def _entries_of_signatures(
    connection: Connection, signatures: Sequence[str]
) -> dict[str, list[ListEntryText]]:
    """The entries of each signature's first list (by game and side: an index
    seek each; the lists of a signature field the same entries)."""
    found: dict[str, list[ListEntryText]] = {}
    for signature in signatures:
        first = connection.execute(
            select(_l.game_id, _l.side)
            .where(_l.signature == signature)
            .order_by(_l.game_id, _l.side)
            .limit(1)
        ).first()
        if first is None:
            continue
        query = (
            select(_e.count.label("miniatures"), _e.name, _e.options)
            .where(_e.game_id == first.game_id, _e.side == first.side)
            .order_by(_e.entry)
        )
        found[signature] = [
            ListEntryText(int(row.miniatures), row.name, row.options)
            for row in connection.execute(query)
        ]
    return found


@dataclass(frozen=True)
class TopFinish:
    """A top-four finish at an event: the player at ``position`` (by the event's
    standings, ``ranked_by = "standings"``, or by score in the event's data points,
    ``"score"``), and the list they played there (empty when none was read)."""

    event: UUID
    event_name: str
    last_played: date
    position: int
    player: str
    ranked_by: str
    faction: str = ""
    list_name: str = ""
    points: int | None = None
    signature: str = ""
    units: str = ""


def top_finishes(
    connection: Connection, filters: Filters, *, latest: int | None = TOP_EVENTS_SHOWN
) -> list[TopFinish]:
    """For each event with data points under the filters (the ``latest`` by their
    last day, then id; every one with ``None``), its first :data:`TOP_PLACES`
    players and the list each played there (that of their last round with a
    list); the latest events first, then by position. The minimum games does not
    apply (a finish is not a rate)."""
    # The events and their last days from a rollup (a row per partition with data
    # points: the same answer as game_sides, from far fewer rows).
    m = rollup_matchups.c
    events = {
        row.tournament_id: row.last_played
        for row in connection.execute(
            select(m.tournament_id, func.max(m.played_on).label("last_played"))
            .where(filters.where(rollup_matchups), m.tournament_id.is_not(None))
            .group_by(m.tournament_id)
        )
    }
    if latest is not None:
        newest = sorted(events.items(), key=lambda item: (item[1], str(item[0])), reverse=True)
        events = dict(newest[:latest])
    if not events:
        return []
    ids = sorted(events)
    ranked: list[Any] = []
    listed: list[Any] = []
    names: dict[UUID, str] = {}
    for start in range(0, len(ids), ID_BATCH):
        batch = ids[start : start + ID_BATCH]
        places = _places(batch).subquery()
        ranked += connection.execute(select(places)).all()
        listed += connection.execute(_lists_of(batch, places)).all()
        for events_table in (tournaments, imported_events):  # run here, or imported
            found = select(events_table.c.id, events_table.c.name).where(
                events_table.c.id.in_(batch)
            )
            names.update((row.id, row.name) for row in connection.execute(found))
    return finish_rows(
        ranked, listed, _entries_of_sides(connection, listed), names=names, events=events
    )


def every_top_finish(connection: Connection, filters: Filters) -> list[TopFinish]:
    """:func:`top_finishes` of every event under the filters (the CSV's)."""
    return top_finishes(connection, filters, latest=None)


def _places(batch: Sequence[UUID]) -> Any:
    """The top places of these events: their standings' where they have them, else
    by score, victory points and name over their data points."""
    s = tournament_standings.c
    by_standings = select(
        s.tournament_id, s.name.label("player"), s.position, literal("standings").label("ranked_by")
    ).where(s.tournament_id.in_(batch), s.position <= TOP_PLACES)
    has_standings = select(s.tournament_id).where(s.tournament_id.in_(batch))
    position = func.row_number().over(
        partition_by=_g.tournament_id,
        order_by=(func.sum(_g.score).desc(), func.sum(_g.victory_points).desc(), _g.player),
    )
    scored = (
        select(_g.tournament_id, _g.player, position.label("position"))
        .where(
            _g.tournament_id.in_(batch),
            _g.tournament_id.not_in(has_standings),
            _g.player.is_not(None),
        )
        .group_by(_g.tournament_id, _g.player)
        .subquery()
    )
    by_score = select(
        scored.c.tournament_id,
        scored.c.player,
        scored.c.position,
        literal("score").label("ranked_by"),
    ).where(scored.c.position <= TOP_PLACES)
    return union_all(by_standings, by_score)


def _lists_of(batch: Sequence[UUID], places: Any) -> Any:
    """The lists the top players of these events played, a row per data point."""
    p = places.c
    player = func.coalesce(_l.player, _g.player)
    return (
        select(
            _g.tournament_id,
            player.label("player"),
            _g.round,
            _g.played_on,
            _l.game_id,
            _l.side,
            _g.faction,
            _l.name,
            _l.points,
            _l.signature,
        )
        .select_from(
            _WITH_LIST.join(places, and_(p.tournament_id == _g.tournament_id, p.player == player))
        )
        .where(_g.tournament_id.in_(batch))
    )


def _entries_of_sides(
    connection: Connection, listed: Sequence[Any]
) -> dict[tuple[UUID, str], list[ListEntryText]]:
    keys = {(row.game_id, row.side) for row in listed}
    by_game = sorted({game for game, _ in keys})
    found: dict[tuple[UUID, str], list[ListEntryText]] = defaultdict(list)
    for start in range(0, len(by_game), ID_BATCH):
        batch = by_game[start : start + ID_BATCH]
        query = (
            select(_e.game_id, _e.side, _e.count.label("miniatures"), _e.name, _e.options)
            .where(_e.game_id.in_(batch))
            .order_by(_e.game_id, _e.side, _e.entry)
        )
        for row in connection.execute(query):
            if (row.game_id, row.side) in keys:
                found[row.game_id, row.side].append(
                    ListEntryText(int(row.miniatures), row.name, row.options)
                )
    return found


def finish_rows(
    ranked: Sequence[Any],
    listed: Sequence[Any],
    entries: dict[tuple[UUID, str], list[ListEntryText]],
    *,
    names: dict[UUID, str],
    events: dict[UUID, date],
) -> list[TopFinish]:
    """The rows of :func:`top_finishes` from its queries' (the places, the lists of
    the players placed, their entries and the events' names and last days)."""
    latest: dict[tuple[UUID, str], Any] = {}
    for row in listed:
        key = (row.tournament_id, row.player)
        order = (row.round or 0, row.played_on, str(row.game_id), row.side)
        if key not in latest or order > latest[key][0]:
            latest[key] = (order, row)
    rows = []
    for place in ranked:
        found = latest.get((place.tournament_id, place.player))
        chosen = found[1] if found else None
        rows.append(
            TopFinish(
                event=place.tournament_id,
                event_name=names.get(place.tournament_id, str(place.tournament_id)),
                last_played=events[place.tournament_id],
                position=int(place.position),
                player=place.player,
                ranked_by=place.ranked_by,
                faction="" if chosen is None else chosen.faction,
                list_name="" if chosen is None else chosen.name,
                points=None if chosen is None else int(chosen.points),
                signature="" if chosen is None else chosen.signature,
                units=""
                if chosen is None
                else units_text(entries.get((chosen.game_id, chosen.side), ())),
            )
        )
    return sorted(rows, key=lambda row: (-row.last_played.toordinal(), str(row.event),
                                         row.position, row.player))  # fmt: skip


__all__ = [
    "COMMON_LISTS",
    "TOP_EVENTS_SHOWN",
    "TOP_PLACES",
    "CommonList",
    "TopFinish",
    "UnitInclusion",
    "common_lists",
    "every_top_finish",
    "top_finishes",
    "unit_inclusion",
]

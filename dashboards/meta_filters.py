"""The filter state every meta dashboard shares, read from and written to the
page's address (GET parameters), and applied to the analysis read models.

Parameters: ``system`` (ruleset id), ``event`` (a tournament id), ``from`` and
``to`` (ISO dates, inclusive, on ``played_on``), ``size`` (battle size: the army
points), ``source`` (where the data points come from: ``recorded`` games,
``reported`` tournament results or ``imported`` past events), ``players`` (events
of at least this many players; games outside events are left out) and
``min_games`` (rows with fewer games are left out). Empty means
"any"; a malformed value raises :class:`FilterError` with a message for the
reader.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, TableClause, and_, true

DEFAULT_MIN_GAMES = 1
# The largest values the filters take (army points are a 32-bit column).
MAX_BATTLE_SIZE = 100_000
MAX_MIN_GAMES = 1_000_000_000
PARAMETERS = ("system", "event", "from", "to", "size", "source", "players", "min_games")
# The sources of the data points (replays.schema.SOURCES; the dashboards do not
# import the event store's schema module).
SOURCES = ("recorded", "reported", "imported")
MAX_EVENT_SIZE = 100_000


class FilterError(ValueError):
    """A filter parameter that cannot be read; the message names it."""


@dataclass(frozen=True)
class Filters:
    system: str | None = None
    event: UUID | None = None
    date_from: date | None = None
    date_to: date | None = None
    battle_size: int | None = None
    source: str | None = None
    min_players: int | None = None
    min_games: int = DEFAULT_MIN_GAMES

    def query(self) -> dict[str, str]:
        """The filters as GET parameters (only those set), for links."""
        found = {
            "system": self.system,
            "event": None if self.event is None else str(self.event),
            "from": None if self.date_from is None else self.date_from.isoformat(),
            "to": None if self.date_to is None else self.date_to.isoformat(),
            "size": None if self.battle_size is None else str(self.battle_size),
            "source": self.source,
            "players": None if self.min_players is None else str(self.min_players),
            "min_games": None if self.min_games == DEFAULT_MIN_GAMES else str(self.min_games),
        }
        return {name: value for name, value in found.items() if value is not None}

    def form(self) -> dict[str, str]:
        """Every parameter's value as the form shows it (empty when unset)."""
        return dict.fromkeys(PARAMETERS, "") | self.query() | {"min_games": str(self.min_games)}

    def where(self, table: TableClause) -> ColumnElement[bool]:
        """The condition on a ``game_sides``-shaped table."""
        c = table.c
        conditions: list[ColumnElement[bool]] = []
        if self.system is not None:
            conditions.append(c.system == self.system)
        if self.event is not None:
            conditions.append(c.tournament_id == self.event)
        if self.date_from is not None:
            conditions.append(c.played_on >= self.date_from)
        if self.date_to is not None:
            conditions.append(c.played_on <= self.date_to)
        if self.battle_size is not None:
            conditions.append(c.army_points == self.battle_size)
        if self.source is not None:
            conditions.append(c.source == self.source)
        if self.min_players is not None:
            conditions.append(c.event_size >= self.min_players)
        return and_(true(), *conditions)


def read_filters(args: Mapping[str, Any]) -> Filters:
    """The filters of a page's address (a mapping of GET parameters)."""

    def given(name: str) -> str | None:
        value = str(args.get(name, "") or "").strip()
        return value or None

    def number(name: str, label: str, minimum: int, maximum: int) -> int | None:
        # Bounded before it reaches a query: a 64-bit overflow is a database error.
        text = given(name)
        if text is None:
            return None
        if not re.fullmatch(r"-?[0-9]{1,12}", text):
            raise FilterError(f"{label} must be a whole number, not {text!r}")
        value = int(text)
        if value < minimum:
            raise FilterError(f"{label} must be at least {minimum}, not {value}")
        if value > maximum:
            raise FilterError(f"{label} must be at most {maximum}, not {value}")
        return value

    def day(name: str, label: str) -> date | None:
        text = given(name)
        if text is None:
            return None
        try:
            return date.fromisoformat(text)
        except ValueError:
            raise FilterError(f"{label} must be a date (YYYY-MM-DD), not {text!r}") from None

    event_text = given("event")
    try:
        event = None if event_text is None else UUID(event_text)
    except ValueError:
        raise FilterError(f"event must be an event's id, not {event_text!r}") from None
    date_from, date_to = day("from", "from"), day("to", "to")
    if date_from is not None and date_to is not None and date_to < date_from:
        raise FilterError(f"the date range ends ({date_to}) before it starts ({date_from})")
    min_games = number("min_games", "minimum games", 1, MAX_MIN_GAMES)
    source = given("source")
    if source is not None and source not in SOURCES:
        raise FilterError(f"source must be one of {', '.join(SOURCES)}, not {source[:40]!r}")
    return Filters(
        system=given("system"),
        event=event,
        date_from=date_from,
        date_to=date_to,
        battle_size=number("size", "battle size", 1, MAX_BATTLE_SIZE),
        source=source,
        min_players=number("players", "event size", 2, MAX_EVENT_SIZE),
        min_games=DEFAULT_MIN_GAMES if min_games is None else min_games,
    )

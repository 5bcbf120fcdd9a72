"""The ImportedEvents application and its read models.

:meth:`ImportedEvents.import_events` stores the events of a checked file
(``parsing.read_import``) at once: one ``ImportedEvent`` each, new or imported
again (replaced). :class:`ImportedEventRows` follows it: each imported game
becomes two ``game_sides`` rows with ``source = "imported"``, under the event's id
as ``tournament_id`` (the meta's event filter), and the ``imported_events``
table lists the events (the meta's event selector, the import page). The rollups
of the days it changes are refreshed in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, NamedTuple
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError
from sqlalchemy import Connection, Engine, delete, insert, select

from replays import rollups
from replays.errors import Conflict
from replays.listeners import NotifiesListeners, originators
from replays.projection import Follower
from replays.schema import IMPORTED, game_sides
from shiai import list_facts
from shiai.imported_events.aggregate import ImportedEvent, imported_event_id, recorded_fields
from shiai.imported_events.cells import key
from shiai.imported_events.parsing import EventFile
from shiai.imported_events.tables import EVENT_LIMIT, imported_events

ENDING = "imported"
SCORES = {"win": 1.0, "draw": 0.5, "loss": 0.0}
LISTED = 200
"""The most imported events a listing shows."""


@dataclass(frozen=True)
class ImportedEventRow:
    id: UUID
    name: str
    held_on: date
    system: str
    battle_size: int
    players: int
    games: int
    importer_id: str
    imports: int
    imported_at: datetime


class ImportedEvents(NotifiesListeners, Application[UUID]):
    name = "ImportedEvents"

    def get(self, event_id: UUID) -> ImportedEvent | None:
        try:
            found: Aggregate = self.repository.get(event_id)
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, ImportedEvent) else None

    def import_events(
        self, importer: str, events: Sequence[EventFile], file_name: str = ""
    ) -> list[tuple[UUID, bool]]:
        """Store a checked file's events, all in one save: each event's id and
        whether it replaced an earlier import of the same event by ``importer``."""
        saved: list[ImportedEvent] = []
        outcome: list[tuple[UUID, bool]] = []
        for found in events:
            record = recorded_fields(found, importer, file_name[:EVENT_LIMIT])
            event_id = imported_event_id(importer, found.name, record["held_on"])
            existing = self.get(event_id)
            if existing is None:
                saved.append(ImportedEvent.imported(record))
            else:
                existing.reimport(record)
                saved.append(existing)
            outcome.append((event_id, existing is not None))
        try:
            self.save(*saved)
        except IntegrityError:
            raise Conflict(
                "another import of the same event was saved meanwhile: try again"
            ) from None
        return outcome

    @staticmethod
    def touched(events: Sequence[tuple[int, Any]]) -> list[UUID]:
        return originators(events, ImportedEvent.Event)


def imported_game_id(event_id: UUID, game: dict[str, Any]) -> UUID:
    """The id of an imported game's rows: its event, round and players."""
    players = f"{key(game['a']['player'])}/{key(game['b']['player'])}"
    return uuid5(NAMESPACE_URL, f"/shiai/imported-events/{event_id}/{game['round']}/{players}")


class ImportedEventRows(Follower):
    """``game_sides`` rows of the imported games and the ``imported_events`` listing."""

    name = "imported_events"

    def __init__(self, application: ImportedEvents, db_engine: Engine) -> None:
        super().__init__(application, db_engine)
        self.imports = application

    def reset(self, conn: Connection) -> None:
        conn.execute(delete(imported_events))
        conn.execute(delete(game_sides).where(game_sides.c.source == IMPORTED))
        list_facts.delete_written_by(conn, list_facts.IMPORTED)
        rollups.rebuild(conn)

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        days: set[rollups.Day] = set()
        for event_id in ImportedEvents.touched(events):
            found = self.imports.get(event_id)
            if found is not None:
                days |= self._write(conn, found)
        rollups.refresh(conn, days)

    def _write(self, conn: Connection, found: ImportedEvent) -> set[rollups.Day]:
        """Write one event's rows again; the days they and the rows before touch."""
        c = game_sides.c
        mine = (c.tournament_id == found.id) & (c.source == IMPORTED)
        days = {
            (row.system, row.played_on)
            for row in conn.execute(select(c.system, c.played_on).where(mine).distinct())
        }
        conn.execute(delete(game_sides).where(mine))
        list_facts.delete_written_by(conn, list_facts.IMPORTED, found.id)
        rows = [row for game in found.games for row in _rows(found, game)]
        if rows:
            conn.execute(insert(game_sides), rows)
        # Each side's list, read through the system's catalogue (shiai.list_facts),
        # before the rollups of its day are refreshed.
        for game in found.games:
            for side in ("a", "b"):
                list_facts.write_list(
                    conn,
                    found.system,
                    imported_game_id(found.id, game),
                    side,
                    game[side].get("list") or None,
                    player=game[side]["player"],
                    tournament_id=found.id,
                )
        conn.execute(delete(imported_events).where(imported_events.c.id == found.id))
        record = found.record
        conn.execute(
            insert(imported_events).values(
                id=found.id,
                name=found.name,
                held_on=date.fromisoformat(found.held_on),
                system=found.system,
                battle_size=record["battle_size"],
                players=len(record["players"]),
                games=len(found.games),
                importer_id=record["importer"],
                imports=found.imports,
                imported_at=found.modified_on,
            )
        )
        return days | {(row["system"], row["played_on"]) for row in rows}

    # -- queries -----------------------------------------------------------------------

    def listed(self, ids: Sequence[UUID] | None = None) -> list[ImportedEventRow]:
        """The imported events (those of ``ids``), the latest day first."""
        t = imported_events.c
        query = select(imported_events).order_by(t.held_on.desc(), t.name)
        if ids is not None:
            query = query.where(t.id.in_(list(ids)))
        with self.db_engine.connect() as conn:
            return [ImportedEventRow(**row._mapping) for row in conn.execute(query.limit(LISTED))]


class EventChoice(NamedTuple):
    id: UUID
    name: str


def event_choices(conn: Connection) -> list[EventChoice]:
    """Every imported event's id and its name with its day, for the meta's selector."""
    t = imported_events.c
    query = select(t.id, t.name, t.held_on).order_by(t.name, t.held_on)
    return [
        EventChoice(row.id, f"{row.name} ({row.held_on.isoformat()}, imported)")
        for row in conn.execute(query)
    ]


def _rows(found: ImportedEvent, game: dict[str, Any]) -> list[dict[str, Any]]:
    record = found.record
    game_id = imported_game_id(found.id, game)
    played_on = date.fromisoformat(game["played_on"])
    rows = []
    for side, other in (("a", "b"), ("b", "a")):
        mine, theirs = game[side], game[other]
        rows.append(
            {
                "game_id": game_id,
                "side": side,
                "system": found.system,
                "ruleset_version": "",
                "faction": mine["faction"],
                "army_points": record["battle_size"],
                "scenario": "",
                "tournament_id": found.id,
                "round": game["round"],
                "played_on": played_on,
                "first": None,
                "result": mine["result"],
                "score": SCORES[mine["result"]],
                "victory_points": mine["victory_points"],
                "opponent_faction": theirs["faction"],
                "turns": 0,
                "steps": 0,
                "ending": ENDING,
                "extra": {},
                "source": IMPORTED,
                "event_size": len(record["players"]),
                "player": mine["player"],
                "account_id": None,
            }
        )
    return rows

"""Read models that follow an application's notification log, with tracking.

A :class:`Follower` reads the notifications after its tracked position,
applies a batch and moves the position in one transaction. The position
update is conditional, so followers can run in several processes (the loser
of a race rolls back and reads again), stop and resume anywhere, and be
rebuilt from scratch; nothing is ever applied twice. ``GamesProjection``
keeps the ``games`` table of GameRecords this way; the platform's tournament
read models are followers too.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from eventsourcing.application import Application
from sqlalchemy import Connection, Engine, delete, insert, select, update

from replays.game import Game
from replays.records import GameRecords
from replays.schema import games, projection_tracking

BATCH = 500


class _LostRace(Exception):
    """Raised inside the transaction so that it rolls back."""


class Follower(ABC):
    """Applies an application's events, a batch per transaction, from a tracked position."""

    name = ""

    def __init__(self, application: Application[Any], db_engine: Engine) -> None:
        self.application = application
        self.db_engine = db_engine

    @abstractmethod
    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        """Apply ``(notification id, domain event)`` pairs, oldest first."""

    @abstractmethod
    def reset(self, conn: Connection) -> None:
        """Empty what this follower writes (before a rebuild)."""

    def catch_up(self) -> int:
        """Apply every notification not yet applied; returns how many."""
        total = 0
        while True:
            try:
                done = self._batch()
            except _LostRace:
                continue
            if done == 0:
                return total
            total += done

    def rebuild(self) -> int:
        """Empty the read model and apply every event again."""
        with self.db_engine.begin() as conn:
            self.reset(conn)
            conn.execute(delete(projection_tracking).where(projection_tracking.c.name == self.name))
        return self.catch_up()

    def _batch(self) -> int:
        tracking = projection_tracking.c
        with self.db_engine.begin() as conn:
            row = conn.execute(select(tracking.position).where(tracking.name == self.name)).first()
            position = row[0] if row else 0
            notifications = self.application.recorder.select_notifications(
                start=position, limit=BATCH, inclusive_of_start=False
            )
            if not notifications:
                return 0
            mapper = self.application.mapper
            self.apply(conn, [(n.id, mapper.to_domain_event(n)) for n in notifications])
            new_position = notifications[-1].id
            if row is None:
                conn.execute(
                    insert(projection_tracking).values(name=self.name, position=new_position)
                )
            else:
                moved = conn.execute(
                    update(projection_tracking)
                    .where(tracking.name == self.name, tracking.position == position)
                    .values(position=new_position)
                )
                if moved.rowcount != 1:
                    raise _LostRace  # another process applied this batch first
            return len(notifications)


class GamesProjection(Follower):
    """The ``games`` table: one row per game, from GameRecords' events."""

    name = "games"

    def __init__(self, records: GameRecords, db_engine: Engine) -> None:
        super().__init__(records, db_engine)
        self.records = records

    def reset(self, conn: Connection) -> None:
        conn.execute(delete(games))

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        for _notification_id, domain_event in events:
            self._apply(conn, domain_event)

    def _apply(self, conn: Any, domain_event: Any) -> None:
        row = games.c
        if isinstance(domain_event, Game.Started):  # type: ignore[attr-defined]
            conn.execute(
                insert(games).values(
                    id=domain_event.originator_id,
                    system=domain_event.ruleset,
                    title=domain_event.title,
                    sides=domain_event.sides,
                    status="running",
                    created_at=domain_event.timestamp,
                    updated_at=domain_event.timestamp,
                    winner=None,
                    steps=0,
                    commands=0,
                )
            )
        elif isinstance(domain_event, Game.Stepped):
            conn.execute(
                update(games)
                .where(row.id == domain_event.originator_id)
                .values(
                    steps=domain_event.originator_version - 1,
                    commands=domain_event.command_index,
                    updated_at=domain_event.timestamp,
                )
            )
        elif isinstance(domain_event, Game.Ended):  # type: ignore[attr-defined]
            conn.execute(
                update(games)
                .where(row.id == domain_event.originator_id)
                .values(
                    status="ended",
                    winner=domain_event.outcome.get("winner"),
                    updated_at=domain_event.timestamp,
                )
            )

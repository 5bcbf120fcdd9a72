"""Followers of an application's notification log, with tracking.

A follower reads the notifications after its tracked position, applies a
batch and moves the position in one transaction (conditionally: the loser
of a race between processes rolls back and reads again). So it can stop and
resume anywhere, and what it writes is never done twice. This is the shape
of ``replays.projection.GamesProjection``, for followers that want a whole
batch at once (a tournament's standings are recomputed once per batch, not
once per event).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.application import Application
from sqlalchemy import Connection, Engine, delete, insert, select, update

from replays.schema import projection_tracking

BATCH = 500


class _LostRace(Exception):
    """Raised inside the transaction so that it rolls back."""


class Follower:
    name = ""

    def __init__(self, application: Application[Any], db_engine: Engine) -> None:
        self.application = application
        self.db_engine = db_engine

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        """Apply ``(notification id, domain event)`` pairs, oldest first."""
        raise NotImplementedError

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

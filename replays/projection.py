"""The ``games`` read model: a projection of GameRecords' events.

It follows the application's notification log from a tracked position and
writes rows and position in one transaction, so it can stop and resume at any
point, run in several processes (the position update is conditional: the
loser of a race rolls back and reads again), and be rebuilt from scratch.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, delete, insert, select, update

from replays.game import Game
from replays.records import GameRecords
from replays.schema import games, projection_tracking

BATCH = 500


class _LostRace(Exception):
    """Raised inside the transaction so that it rolls back."""


class GamesProjection:
    name = "games"

    def __init__(self, records: GameRecords, db_engine: Engine) -> None:
        self.records = records
        self.db_engine = db_engine

    def catch_up(self) -> int:
        """Project every event not yet projected; returns how many."""
        total = 0
        while True:
            try:
                done = self._project_batch()
            except _LostRace:
                continue
            if done == 0:
                return total
            total += done

    def rebuild(self) -> int:
        """Empty the read model and project every event again."""
        with self.db_engine.begin() as conn:
            conn.execute(delete(games))
            conn.execute(delete(projection_tracking).where(projection_tracking.c.name == self.name))
        return self.catch_up()

    def _project_batch(self) -> int:
        with self.db_engine.begin() as conn:
            row = conn.execute(
                select(projection_tracking.c.position).where(
                    projection_tracking.c.name == self.name
                )
            ).first()
            position = row[0] if row else 0
            notifications = self.records.recorder.select_notifications(
                start=position, limit=BATCH, inclusive_of_start=False
            )
            if not notifications:
                return 0
            for notification in notifications:
                self._apply(conn, self.records.mapper.to_domain_event(notification))
            new_position = notifications[-1].id
            if row is None:
                conn.execute(
                    insert(projection_tracking).values(name=self.name, position=new_position)
                )
            else:
                moved = conn.execute(
                    update(projection_tracking)
                    .where(projection_tracking.c.name == self.name)
                    .where(projection_tracking.c.position == position)
                    .values(position=new_position)
                )
                if moved.rowcount != 1:
                    # Another process projected this batch first: undo ours, read again.
                    raise _LostRace
            return len(notifications)

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
        elif isinstance(domain_event, Game.Stepped):  # type: ignore[attr-defined]
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

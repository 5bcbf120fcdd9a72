"""Read models that follow an application's notification log, with tracking.

A :class:`Follower` reads the notifications after its tracked position
(``projection_tracking``), applies them and moves the position. Followers run
in every process that writes (each web worker, the CLI), stop and resume
anywhere, and can be rebuilt; nothing is ever applied twice.

Catching up is race-free because the batch is *claimed before anything is
read or written*. The first statement of each batch's transaction is
``UPDATE projection_tracking SET position = position WHERE name = :follower``:

* on PostgreSQL it takes the tracking row's lock: a second process catching up
  the same follower blocks on that statement until the first commits or rolls
  back. Its next statement (``SELECT position``, a new snapshot under READ
  COMMITTED) then reads the position the first one committed, so it reads the
  notifications after it and never inserts a row the first one inserted;
* on SQLite the first write of a transaction takes the database's write lock
  (``busy_timeout`` in ``shiai.services.make_db_engine`` makes the second
  process wait for it instead of failing). Because the claim is the
  transaction's first statement, no read snapshot is open yet, so SQLite's
  busy handler waits and retries (a transaction that read first would get
  ``SQLITE_BUSY`` at once); once it holds the lock, nothing else can commit, and
  its ``SELECT position`` reads the latest position.

Notification ids are committed in the order they are given (PostgreSQL: the
recorder's table lock; SQLite: one writer), so a follower that reads up to id
``n`` never skips an id below ``n`` committed later. The tracking row is
created once, by an insert in its own transaction; a process that loses that
race gets an ``IntegrityError`` (after waiting for the winner's commit on either
database) and simply goes on with the row the winner created.

``GameResults`` is the one follower whose effect is not rows in this database
but commands on another application (a pairing's result); on SQLite it could
not write them while holding the write lock. It is *idempotent* (taking a
result twice does nothing), so it applies first, outside any transaction of
ours, then moves the position with a conditional update (``WHERE position =
:read``, again the first statement of its transaction): the loser of a race
rolls back and reads again, and applying the batch twice changes nothing
(``external_effects = True``).

A projection failure is isolated. A batch is applied in a savepoint; if it
raises, its events are applied one by one, each in a savepoint. An event that
fails is recorded in ``projection_failures`` (follower, notification id,
originator, error, first and last seen, attempts) and logged, and so is every
later event of the same originator (one game's or tournament's rows stay
consistent: nothing of it is applied past its first failure); the other
originators' events are applied, and the position moves on. At the start of
every catch-up the recorded failures are retried in order (an originator's
first failure first; its later events only once that one applies), and each is
removed when it applies. The request whose save caused the failure answers its
real status (the events are stored); listeners never raise into it
(``GameRecords._notify``). ``shiai check`` reports the failures.

A rebuild is atomic: the reset, the replay of every event and the new position
are one transaction, so a failure leaves the old rows and position untouched
(readers keep seeing the old rows until the commit). A rebuild is strict: the
first event that fails stops it (``RebuildFailed``), so the operator sees it.
``GamesProjection`` keeps the ``games`` table of GameRecords; the platform's
tournament and analysis read models are followers too.
"""

from __future__ import annotations

import contextlib
import logging
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import Notification
from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from engine.core.position import is_position_setup
from replays.game import Game
from replays.records import GameRecords
from replays.schema import games, projection_failures, projection_tracking

BATCH = 500
# An error's text as recorded (the whole of it goes to the log).
ERROR_TEXT = 2000

logger = logging.getLogger(__name__)


class _LostRace(Exception):
    """Raised inside the transaction so that it rolls back."""


class _NoTracking(Exception):
    """The follower's tracking row is not there yet."""


class RebuildFailed(Exception):
    """A rebuild stopped at an event that failed; the read model is unchanged."""

    def __init__(self, follower: str, notification_id: int, originator_id: UUID, error: str):
        self.follower = follower
        self.notification_id = notification_id
        self.originator_id = originator_id
        self.error = error
        super().__init__(
            f"rebuilding {follower} failed at notification {notification_id} "
            f"(originator {originator_id}): {error}; the read model is unchanged"
        )


@dataclass(frozen=True)
class FollowerStatus:
    """Where a follower stands against its application's notification log."""

    name: str
    position: int
    head: int
    failures: int

    @property
    def behind(self) -> int:
        return max(self.head - self.position, 0)

    @property
    def current(self) -> bool:
        return self.behind == 0 and self.failures == 0


@dataclass
class _Outcome:
    """What applying some events did to the recorded failures."""

    resolved: list[int] = field(default_factory=list)  # retried and applied
    still_failing: list[tuple[int, str]] = field(default_factory=list)  # retried, failed again
    new: list[tuple[int, UUID, str]] = field(default_factory=list)  # failed or skipped


def _error_text(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:ERROR_TEXT]


def _uuid(value: Any) -> UUID:
    return value if isinstance(value, UUID) else UUID(str(value))


class Follower(ABC):
    """Applies an application's events from a tracked position, isolating failures."""

    name = ""
    # True for a follower whose effects are idempotent commands on another
    # application rather than rows written on the connection it is given.
    external_effects = False

    def __init__(self, application: Application[Any], db_engine: Engine) -> None:
        self.application = application
        self.db_engine = db_engine

    @abstractmethod
    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        """Apply ``(notification id, domain event)`` pairs, oldest first."""

    @abstractmethod
    def reset(self, conn: Connection) -> None:
        """Empty what this follower writes (before a rebuild)."""

    # -- catching up ------------------------------------------------------------

    def catch_up(self) -> int:
        """Retry the recorded failures, then apply every notification not yet
        applied; returns how many notifications the position moved over."""
        # The event store's first use in a process may set SQLite's journal mode,
        # which it cannot do while a batch holds the write lock: use it first.
        head = self.application.recorder.max_notification_id() or 0
        if self._current(head):
            return 0  # no claim (a write): another process applied everything up to head
        total = 0
        retry = True
        while True:
            try:
                done = self._external_batch(retry) if self.external_effects else self._batch(retry)
            except _LostRace:
                continue
            except _NoTracking:
                self._create_tracking()
                continue
            retry = False
            if done == 0:
                return total
            total += done

    def _current(self, head: int) -> bool:
        """Whether the position is at ``head`` or past it, with no failure to retry."""
        with self.db_engine.connect() as conn:
            position = self._position(conn)
            failing = conn.execute(
                select(projection_failures.c.notification_id)
                .where(projection_failures.c.follower == self.name)
                .limit(1)
            ).first()
        return position is not None and position >= head and failing is None

    def _batch(self, retry: bool) -> int:
        outcome = _Outcome()
        with self.db_engine.begin() as conn:
            position = self._claim(conn)  # first: waits for any other process's batch
            blocked = self._retry(conn, outcome) if retry else self._blocked(conn)
            notifications = self._notifications(position)
            if notifications:
                self._apply_isolated(conn, notifications, blocked, outcome)
                conn.execute(
                    update(projection_tracking)
                    .where(projection_tracking.c.name == self.name)
                    .values(position=notifications[-1].id)
                )
            self._record(conn, outcome)
            return len(notifications)

    def _external_batch(self, retry: bool) -> int:
        outcome = _Outcome()
        tracking = projection_tracking.c
        with self.db_engine.connect() as conn:
            position = self._position(conn)
            if position is None:
                raise _NoTracking
            blocked = self._retry(conn, outcome) if retry else self._blocked(conn)
            notifications = self._notifications(position)
            if notifications:
                self._apply_isolated(conn, notifications, blocked, outcome)
        if not notifications and not (outcome.resolved or outcome.still_failing):
            return 0
        with self.db_engine.begin() as conn:
            new_position = notifications[-1].id if notifications else position
            moved = conn.execute(
                update(projection_tracking)
                .where(tracking.name == self.name, tracking.position == position)
                .values(position=new_position)
            )
            if moved.rowcount != 1:
                raise _LostRace  # another process applied this batch first
            self._record(conn, outcome)
        return len(notifications)

    def _position(self, conn: Connection) -> int | None:
        """The tracked position (``None``: no tracking row yet)."""
        tracking = projection_tracking.c
        position: int | None = conn.execute(
            select(tracking.position).where(tracking.name == self.name)
        ).scalar()
        return position

    def _claim(self, conn: Connection) -> int:
        """Lock the tracking row (the transaction's first statement); the position."""
        tracking = projection_tracking.c
        claimed = conn.execute(
            update(projection_tracking)
            .where(tracking.name == self.name)
            .values(position=tracking.position)
        )
        if claimed.rowcount != 1:
            raise _NoTracking
        position: int = conn.execute(
            select(tracking.position).where(tracking.name == self.name)
        ).scalar_one()
        return position

    def _create_tracking(self) -> None:
        try:
            with self.db_engine.begin() as conn:
                conn.execute(insert(projection_tracking).values(name=self.name, position=0))
        except IntegrityError:
            pass  # another process created it first: the row is there

    def _notifications(self, position: int) -> Sequence[Notification]:
        return self.application.recorder.select_notifications(
            start=position, limit=BATCH, inclusive_of_start=False
        )

    @contextlib.contextmanager
    def _savepoint(self, conn: Connection) -> Iterator[None]:
        if self.external_effects:
            yield
        else:
            with conn.begin_nested():
                yield

    def _apply_one(self, conn: Connection, notification: Notification) -> None:
        domain_event = self.application.mapper.to_domain_event(notification)
        with self._savepoint(conn):
            self.apply(conn, [(notification.id, domain_event)])

    def _apply_isolated(
        self,
        conn: Connection,
        notifications: Sequence[Notification],
        blocked: set[UUID],
        outcome: _Outcome,
    ) -> None:
        """Apply the batch; if it fails, each event alone, recording failures."""
        if not any(_uuid(n.originator_id) in blocked for n in notifications):
            try:
                mapper = self.application.mapper
                pairs = [(n.id, mapper.to_domain_event(n)) for n in notifications]
                with self._savepoint(conn):
                    self.apply(conn, pairs)
                return
            except Exception:  # found again below, event by event
                pass
        for notification in notifications:
            originator = _uuid(notification.originator_id)
            if originator in blocked:
                waiting = "waiting for an earlier event of the same originator that failed"
                outcome.new.append((notification.id, originator, waiting))
                continue
            try:
                self._apply_one(conn, notification)
            except Exception as error:  # recorded, logged, retried
                blocked.add(originator)
                outcome.new.append((notification.id, originator, _error_text(error)))
                logger.error(
                    "read model %s could not apply notification %s (originator %s); "
                    "recorded in projection_failures, retried at every catch-up",
                    self.name,
                    notification.id,
                    originator,
                    exc_info=error,
                )

    def _retry(self, conn: Connection, outcome: _Outcome) -> set[UUID]:
        """Retry the recorded failures in order; the originators still blocked."""
        failures = projection_failures.c
        rows = conn.execute(
            select(failures.notification_id, failures.originator_id)
            .where(failures.follower == self.name)
            .order_by(failures.notification_id)
        ).all()
        blocked: set[UUID] = set()
        for notification_id, originator in rows:
            if originator in blocked:
                continue
            found = self.application.recorder.select_notifications(start=notification_id, limit=1)
            if not found or found[0].id != notification_id:
                outcome.resolved.append(notification_id)  # nothing left to apply
                continue
            try:
                self._apply_one(conn, found[0])
            except Exception as error:  # recorded again, retried later
                blocked.add(originator)
                outcome.still_failing.append((notification_id, _error_text(error)))
                logger.warning(
                    "read model %s: notification %s still fails: %s",
                    self.name,
                    notification_id,
                    _error_text(error),
                )
            else:
                outcome.resolved.append(notification_id)
        return blocked

    def _blocked(self, conn: Connection) -> set[UUID]:
        failures = projection_failures.c
        query = select(failures.originator_id).where(failures.follower == self.name).distinct()
        return set(conn.execute(query).scalars())

    def _record(self, conn: Connection, outcome: _Outcome) -> None:
        failures = projection_failures.c
        mine = failures.follower == self.name
        now = datetime.now(UTC)
        if outcome.resolved:
            conn.execute(
                delete(projection_failures).where(
                    mine, failures.notification_id.in_(outcome.resolved)
                )
            )
        for notification_id, error in outcome.still_failing:
            conn.execute(
                update(projection_failures)
                .where(mine, failures.notification_id == notification_id)
                .values(error=error, last_seen=now, attempts=failures.attempts + 1)
            )
        if outcome.new:
            conn.execute(
                insert(projection_failures),
                [
                    {
                        "follower": self.name,
                        "notification_id": notification_id,
                        "originator_id": originator,
                        "error": error,
                        "first_seen": now,
                        "last_seen": now,
                        "attempts": 1,
                    }
                    for notification_id, originator, error in outcome.new
                ],
            )

    # -- rebuilding and reporting ---------------------------------------------------

    def rebuild(self) -> int:
        """Empty the read model and apply every event again, in one transaction:
        if an event fails (``RebuildFailed``), the read model is unchanged."""
        self._create_tracking()
        self.application.recorder.max_notification_id()  # as in catch_up
        if self.external_effects:
            return self._rebuild_external()
        with self.db_engine.begin() as conn:
            self._claim(conn)
            self.reset(conn)
            conn.execute(
                delete(projection_failures).where(projection_failures.c.follower == self.name)
            )
            position = total = 0
            while notifications := self._notifications(position):
                self._apply_strictly(conn, notifications)
                position, total = notifications[-1].id, total + len(notifications)
            conn.execute(
                update(projection_tracking)
                .where(projection_tracking.c.name == self.name)
                .values(position=position)
            )
        return total

    def _rebuild_external(self) -> int:
        """Apply every event again (idempotent effects), then move the position past them."""
        position = total = 0
        with self.db_engine.connect() as conn:
            while notifications := self._notifications(position):
                self._apply_strictly(conn, notifications)
                position, total = notifications[-1].id, total + len(notifications)
        with self.db_engine.begin() as conn:
            current = self._claim(conn)
            conn.execute(
                update(projection_tracking)
                .where(projection_tracking.c.name == self.name)
                .values(position=max(current, position))
            )
            failures = projection_failures.c
            conn.execute(
                delete(projection_failures).where(
                    failures.follower == self.name, failures.notification_id <= position
                )
            )
        return total

    def _apply_strictly(self, conn: Connection, notifications: Sequence[Notification]) -> None:
        outcome = _Outcome()
        self._apply_isolated(conn, notifications, set(), outcome)
        if outcome.new:
            notification_id, originator, error = outcome.new[0]
            raise RebuildFailed(self.name, notification_id, originator, error)

    def failures(self) -> list[Any]:
        """The recorded failures, oldest first (rows of ``projection_failures``)."""
        failures = projection_failures.c
        with self.db_engine.connect() as conn:
            return list(
                conn.execute(
                    select(projection_failures)
                    .where(failures.follower == self.name)
                    .order_by(failures.notification_id)
                ).all()
            )

    def status(self) -> FollowerStatus:
        """The follower's position, its application's last notification, its failures."""
        with self.db_engine.connect() as conn:
            position = self._position(conn)
            failures = conn.execute(
                select(func.count()).where(projection_failures.c.follower == self.name)
            ).scalar_one()
        head = self.application.recorder.max_notification_id() or 0
        return FollowerStatus(self.name, position or 0, head, failures)


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
            if is_position_setup(domain_event.setup):
                return  # an analysis board is no game of the lists (its updates match no row)
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

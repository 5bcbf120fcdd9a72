"""The Studies application and its read model (the ``studies`` table).

Each method is get -> one aggregate command -> save, in primitives (study and
game ids as UUIDs, account ids as strings); the aggregate's refusals pass
through as :class:`replays.studies.StudyRefused`, library errors become ours.
The ``studies`` table lists them (an owner's studies, the public studies of a
game); it is a projection of the events, rebuilt from them at any time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError
from sqlalchemy import (
    Column,
    Connection,
    DateTime,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    Uuid,
    delete,
    insert,
    select,
)

from replays.errors import Conflict
from replays.listeners import NotifiesListeners, originators
from replays.projection import Follower
from replays.studies import TITLE_LIMIT, Study

study_tables = MetaData()

studies = Table(
    "studies",
    study_tables,
    Column("id", Uuid, primary_key=True),
    Column("game_id", Uuid, nullable=False, index=True),
    Column("owner_id", String(64), nullable=False, index=True),
    Column("title", String(TITLE_LIMIT), nullable=False),
    Column("visibility", String(16), nullable=False),
    Column("annotations", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

SNAPSHOT_INTERVAL = 50
LISTED = 50
"""The most studies a listing shows."""


class StudyNotFound(Exception):
    def __init__(self, study_id: UUID | str) -> None:
        super().__init__(f"no study {study_id}")
        self.study_id = study_id


@dataclass(frozen=True)
class StudyRow:
    id: UUID
    game_id: UUID
    owner_id: str
    title: str
    visibility: str
    annotations: int
    created_at: datetime
    updated_at: datetime


class Studies(NotifiesListeners, Application[UUID]):
    name = "Studies"
    # Every save of an annotation is an event: a snapshot now and then keeps a much
    # edited study quick to load.
    snapshotting_intervals = {Study: SNAPSHOT_INTERVAL}

    def get(self, study_id: UUID) -> Study:
        try:
            study: Aggregate = self.repository.get(study_id)
        except AggregateNotFoundError:
            raise StudyNotFound(study_id) from None
        if not isinstance(study, Study):
            raise StudyNotFound(study_id)
        return study

    def _change(self, study_id: UUID, action: Callable[[Study], None]) -> Study:
        study = self.get(study_id)
        action(study)
        try:
            self.save(study)
        except IntegrityError:
            raise Conflict("the study changed while you edited it: reload and try again") from None
        return study

    # -- commands ------------------------------------------------------------------

    def start(self, game_id: UUID, owner_id: str, title: object, visibility: object) -> UUID:
        study = Study.start(game_id, owner_id, title, visibility)
        self.save(study)
        study_id: UUID = study.id
        return study_id

    def import_study(
        self, game_id: UUID, owner_id: str, title: object, annotations: object, last_step: int
    ) -> UUID:
        """A new study of ``owner_id`` with an exported study's annotations, all
        checked first and saved at once (:meth:`Study.imported`)."""
        study = Study.imported(game_id, owner_id, title, annotations, last_step)
        self.save(study)
        study_id: UUID = study.id
        return study_id

    def annotate(
        self,
        study_id: UUID,
        author: str,
        *,
        step: object,
        comment: object,
        shapes: object,
        last_step: int,
    ) -> Study:
        return self._change(
            study_id, lambda study: study.annotate(author, step, comment, shapes, last_step)
        )

    def remove_annotation(self, study_id: UUID, author: str, step: object) -> Study:
        return self._change(study_id, lambda study: study.remove(author, step))

    def update(
        self, study_id: UUID, author: str, title: object = None, visibility: object = None
    ) -> Study:
        def action(study: Study) -> None:
            if title is not None:
                study.retitle(author, title)
            if visibility is not None:
                study.change_visibility(author, visibility)

        return self._change(study_id, action)

    @staticmethod
    def touched(events: Sequence[tuple[int, Any]]) -> list[UUID]:
        return originators(events, Study.Event)


class StudyListings(Follower):
    """The ``studies`` table: one row per study, written again when it changes."""

    name = "studies"

    def __init__(self, application: Studies, db_engine: Engine) -> None:
        super().__init__(application, db_engine)
        self.studies = application

    def reset(self, conn: Connection) -> None:
        conn.execute(delete(studies))

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        for study_id in Studies.touched(events):
            study = self.studies.get(study_id)
            conn.execute(delete(studies).where(studies.c.id == study_id))
            conn.execute(
                insert(studies).values(
                    id=study_id,
                    game_id=study.game_id,
                    owner_id=study.owner_id,
                    title=study.title,
                    visibility=study.visibility,
                    annotations=len(study.annotations),
                    created_at=study.created_on,
                    updated_at=study.modified_on,
                )
            )

    # -- queries -----------------------------------------------------------------------

    def _rows(self, *conditions: Any) -> list[StudyRow]:
        query = select(studies).where(*conditions).order_by(studies.c.updated_at.desc())
        with self.db_engine.connect() as conn:
            return [StudyRow(**row._mapping) for row in conn.execute(query.limit(LISTED))]

    def own(self, owner_id: str, game_id: UUID | None = None) -> list[StudyRow]:
        """An account's studies (of one game), the newest change first."""
        conditions = [studies.c.owner_id == owner_id]
        if game_id is not None:
            conditions.append(studies.c.game_id == game_id)
        return self._rows(*conditions)

    def public(self, game_id: UUID | None = None) -> list[StudyRow]:
        """The public studies (of one game): unlisted ones are reached only by their link."""
        conditions = [studies.c.visibility == "public"]
        if game_id is not None:
            conditions.append(studies.c.game_id == game_id)
        return self._rows(*conditions)

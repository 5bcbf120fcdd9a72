"""Faction names are the catalogue's: an organiser maps each free-text faction once.

Registration and import take a system's catalogue factions, but older
registrations (and systems whose catalogue came later) hold free text: "Buke
clan", "the Buke". Counted as it is, such a text is a faction of its own beside
Buke. A ``FactionMap`` (one aggregate per system) records the organisers'
mappings of these texts to the catalogue's factions (``RulesetInfo.factions``):
``Mapped`` and ``Unmapped`` events, each with its author and time, so a mapping
can be changed or removed and who mapped what and when is kept.

The ``FactionMappings`` follower keeps the ``faction_mappings`` table (the
mappings as they stand) and rewrites the data points: in ``game_sides`` a text
that is not a catalogue id is kept in ``faction_given`` (and
``opponent_faction_given``), and ``faction`` (``opponent_faction``) holds what it
is mapped to, or the text itself while it is not mapped. The rollups of the days
it rewrites are refreshed in the same transaction. Writers of data points apply
the mappings as they write (:func:`given_faction`, ``shiai.reported_results``), so
a rebuild gives the same rows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError
from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    and_,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)

from engine.core import Ruleset
from replays import registry, rollups
from replays.errors import Conflict, UnknownRuleset
from replays.listeners import NotifiesListeners
from replays.projection import Follower
from replays.schema import game_sides
from shiai.schema import faction_mappings

# The longest faction text (game_sides.faction's width).
TEXT_LIMIT = 120
# The longest system id (game_sides.system's width).
SYSTEM_LIMIT = 64


class MappingRefused(Exception):
    """A mapping the system's map refuses; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def catalogue(system: str) -> Ruleset:
    """The installed system ``system``, if it has catalogue factions."""
    try:
        ruleset = registry.get(system)
    except UnknownRuleset:
        raise MappingRefused(f"no game system {system[:SYSTEM_LIMIT]!r} is installed") from None
    if not ruleset.info.factions:
        raise MappingRefused(f"{ruleset.info.name} has no catalogue of factions to map to")
    return ruleset


def mapped_systems() -> list[Ruleset]:
    """The installed systems with catalogue factions, by name."""
    found = [ruleset for ruleset in registry.installed() if ruleset.info.factions]
    return sorted(found, key=lambda ruleset: ruleset.info.name)


class FactionMap(Aggregate):
    """One system's mappings of free-text factions to its catalogue's factions."""

    @staticmethod
    def create_id(system: str) -> UUID:
        return map_id(system)

    @event("Started")
    def __init__(self, system: str) -> None:
        self.system = system
        self.mappings: dict[str, str] = {}

    def map(self, author: str, text: str, faction: str, factions: Sequence[str]) -> None:
        """Map ``text`` to the catalogue faction ``faction`` (one of ``factions``)."""
        if text in factions:
            raise MappingRefused(f"{text!r} is already a faction of the catalogue")
        if faction not in factions:
            raise MappingRefused(
                f"{faction[:TEXT_LIMIT]!r} is not a faction of the catalogue: choose one of "
                + ", ".join(factions)
            )
        if self.mappings.get(text) == faction:
            raise MappingRefused(f"{text!r} is already mapped to {faction}")
        self._mapped(author=author, text=text, faction=faction)

    @event("Mapped")
    def _mapped(self, author: str, text: str, faction: str) -> None:
        self.mappings[text] = faction

    def unmap(self, author: str, text: str) -> None:
        if text not in self.mappings:
            raise MappingRefused(f"{text!r} is not mapped")
        self._unmapped(author=author, text=text)

    @event("Unmapped")
    def _unmapped(self, author: str, text: str) -> None:
        del self.mappings[text]


def map_id(system: str) -> UUID:
    """The id of a system's map (one per system)."""
    return uuid5(NAMESPACE_URL, f"/shiai/faction-maps/{system}")


def checked_text(text: object) -> str:
    """A faction text as the data points hold it (stripped), or a refusal."""
    if not isinstance(text, str) or not text.strip():
        raise MappingRefused("choose a faction text to map")
    text = text.strip()
    if len(text) > TEXT_LIMIT:
        raise MappingRefused(f"a faction text is at most {TEXT_LIMIT} characters")
    return text


@dataclass(frozen=True)
class MappingChange:
    """One change of a system's map: who mapped what to what (``None``: removed), when."""

    at: datetime
    author: str
    text: str
    faction: str | None


class FactionMaps(NotifiesListeners, Application[UUID]):
    name = "FactionMaps"

    def _map_of(self, system: str) -> FactionMap:
        try:
            found: Aggregate = self.repository.get(map_id(system))
        except AggregateNotFoundError:
            return FactionMap(system)
        assert isinstance(found, FactionMap)
        return found

    def _change(self, system: str, action: Callable[[FactionMap], None]) -> None:
        faction_map = self._map_of(system)
        action(faction_map)
        try:
            self.save(faction_map)
        except IntegrityError:
            raise Conflict(
                "the mapping changed while you edited it: reload and try again"
            ) from None

    # -- commands ------------------------------------------------------------------

    def map_faction(self, system: str, author: str, text: object, faction: object) -> None:
        """Map a free-text faction of ``system`` to one of its catalogue factions."""
        ruleset = catalogue(system)
        chosen = checked_text(text)
        target = faction.strip() if isinstance(faction, str) else ""
        factions = [choice.id for choice in ruleset.info.factions]
        self._change(ruleset.id, lambda m: m.map(author, chosen, target, factions))

    def unmap_faction(self, system: str, author: str, text: object) -> None:
        """Count a text as itself again."""
        ruleset = catalogue(system)
        chosen = checked_text(text)
        self._change(ruleset.id, lambda m: m.unmap(author, chosen))

    # -- queries -------------------------------------------------------------------

    def mappings(self, system: str) -> dict[str, str]:
        return dict(self._map_of(system).mappings)

    def history(self, system: str) -> list[MappingChange]:
        """Every change of the system's map, the newest first."""
        changes = []
        for domain_event in self.events.get(map_id(system)):
            if isinstance(domain_event, FactionMap.Mapped | FactionMap.Unmapped):  # type: ignore[attr-defined]
                changes.append(
                    MappingChange(
                        at=domain_event.timestamp,
                        author=domain_event.author,
                        text=domain_event.text,
                        faction=getattr(domain_event, "faction", None),
                    )
                )
        return changes[::-1]

    @staticmethod
    def touched(events: Sequence[tuple[int, Any]]) -> list[Any]:
        return [
            domain_event
            for _, domain_event in events
            if isinstance(domain_event, FactionMap.Mapped | FactionMap.Unmapped)  # type: ignore[attr-defined]
        ]


def read_mappings(conn: Connection, system: str) -> dict[str, str]:
    """A system's mappings as they stand (text -> catalogue faction id)."""
    c = faction_mappings.c
    rows = conn.execute(select(c.text, c.faction).where(c.system == system))
    return {row.text: row.faction for row in rows}


def given_faction(
    ruleset: Ruleset | None, text: str, mappings: Mapping[str, str]
) -> tuple[str, str | None]:
    """What a writer of data points stores for a faction ``text`` (a catalogue id, or
    free text): ``(faction, faction_given)``. A catalogue id is itself with nothing
    given; free text is its mapping (or itself) with the text given. A system without
    catalogue factions, and an empty text, keep the text as it is."""
    if ruleset is None or not ruleset.info.factions or not text:
        return text, None
    if any(choice.id == text for choice in ruleset.info.factions):
        return text, None
    return mappings.get(text, text), text


class FactionMappings(Follower):
    """The ``faction_mappings`` table and the data points' factions, rewritten as
    the mappings change (with their days' rollups)."""

    name = "faction_mappings"

    def __init__(self, application: FactionMaps, db_engine: Engine) -> None:
        super().__init__(application, db_engine)
        self.maps = application

    def reset(self, conn: Connection) -> None:
        """Every data point's faction as given (no mapping), the table empty."""
        rollups.lock(conn)
        c = game_sides.c
        days = _days(conn, or_(c.faction_given.is_not(None), c.opponent_faction_given.is_not(None)))
        conn.execute(
            update(game_sides).where(c.faction_given.is_not(None)).values(faction=c.faction_given)
        )
        conn.execute(
            update(game_sides)
            .where(c.opponent_faction_given.is_not(None))
            .values(opponent_faction=c.opponent_faction_given)
        )
        conn.execute(delete(faction_mappings))
        rollups.refresh(conn, days)

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        rollups.lock(conn)  # before reading rows a reported result may be writing
        days: set[rollups.Day] = set()
        for domain_event in FactionMaps.touched(events):
            system = self._system(domain_event.originator_id)
            key = (faction_mappings.c.system == system) & (
                faction_mappings.c.text == domain_event.text
            )
            conn.execute(delete(faction_mappings).where(key))
            target = getattr(domain_event, "faction", None)
            if target is not None:
                conn.execute(
                    insert(faction_mappings).values(
                        system=system,
                        text=domain_event.text,
                        faction=target,
                        mapped_by=domain_event.author,
                        mapped_at=domain_event.timestamp,
                    )
                )
            days |= rewrite(conn, system, domain_event.text, target)
        rollups.refresh(conn, days)

    def _system(self, map_uuid: UUID) -> str:
        found: Aggregate = self.maps.repository.get(map_uuid)
        assert isinstance(found, FactionMap)
        return found.system


def rewrite(conn: Connection, system: str, text: str, target: str | None) -> set[rollups.Day]:
    """Count the data points of ``system`` whose faction was given as ``text`` as
    ``target`` (``None``: as the text itself); the days they lie in. A row written
    without its given text (an id the writer took for free text) gets it now."""
    c = game_sides.c
    for column, given in (
        (c.faction, c.faction_given),
        (c.opponent_faction, c.opponent_faction_given),
    ):
        unrecorded = and_(given.is_(None), column == text)
        conn.execute(
            update(game_sides).where(c.system == system, unrecorded).values({given.name: text})
        )
        conn.execute(
            update(game_sides)
            .where(c.system == system, given == text)
            .values({column.name: text if target is None else target})
        )
    mine = or_(c.faction_given == text, c.opponent_faction_given == text)
    return _days(conn, and_(c.system == system, mine))


def _days(conn: Connection, condition: ColumnElement[bool]) -> set[rollups.Day]:
    c = game_sides.c
    query = select(c.system, c.played_on).where(condition).distinct()
    return {(row.system, row.played_on) for row in conn.execute(query)}


@dataclass(frozen=True)
class GivenFaction:
    """A free-text faction found in a system's data points: how many sides carry
    it, and what it is mapped to (``None``: counted as itself)."""

    text: str
    sides: int
    mapped_to: str | None
    mapped_by: str | None
    mapped_at: datetime | None


def given_factions(conn: Connection, ruleset: Ruleset) -> list[GivenFaction]:
    """Every faction text of the system's data points that is not a catalogue id
    (empty texts left out), mapped or not, with its count of sides; then the
    mappings whose texts no data point carries any more. By count, then text."""
    c = game_sides.c
    ids = [choice.id for choice in ruleset.info.factions]
    text = func.coalesce(c.faction_given, c.faction)
    counted = conn.execute(
        select(text.label("text"), func.count().label("sides"))
        .where(c.system == ruleset.id, text.not_in(ids), text != "")
        .group_by(text)
    ).all()
    m = faction_mappings.c
    mapped = {
        row.text: row
        for row in conn.execute(select(faction_mappings).where(m.system == ruleset.id))
    }
    sides = {row.text: int(row.sides) for row in counted}
    found = [
        GivenFaction(
            text=name,
            sides=sides.get(name, 0),
            mapped_to=mapped[name].faction if name in mapped else None,
            mapped_by=mapped[name].mapped_by if name in mapped else None,
            mapped_at=mapped[name].mapped_at if name in mapped else None,
        )
        for name in {*sides, *mapped}
    ]
    return sorted(found, key=lambda row: (-row.sides, row.text.casefold(), row.text))

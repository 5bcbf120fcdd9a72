"""What a system's army lists are to an event: the factions a player chooses from,
a submitted list checked by the system's own rules, and the catalogue the browser's
list builder reads. A system that has lists gives an ``ArmyListBook`` through its
plug-in (``SystemPlugin.army_lists``); ``shiai.army_lists`` finds it by system."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

MAX_LIST_BYTES = 20_000  # the tournament aggregate's ARMY_LIST_LIMIT is the same figure


@dataclass(frozen=True)
class FactionChoice:
    id: str
    name: str


@dataclass(frozen=True)
class ListCheck:
    """The engine's verdict on one list: its faction and points, and every violation
    (``"rule id: message"``). ``document`` is the list re-serialised, normalised."""

    faction: str | None
    points: int | None
    violations: tuple[str, ...] = field(default_factory=tuple)
    document: str | None = None

    @property
    def ok(self) -> bool:
        return not self.violations


@dataclass(frozen=True)
class ListEntry:
    """One entry of a list as the meta reads it, in any system's words: a unit (or
    a leader deployed alone, a character...) by its catalogue id and name, its
    type and class, how many miniatures, what it takes besides (``options``:
    stable ids, such as its unit leader's troop id; ``details``: the same for a
    reader), and what the entry costs in all."""

    unit: str
    name: str
    unit_type: str
    unit_class: str
    count: int
    cost: int
    options: tuple[str, ...] = ()
    details: str = ""


@dataclass(frozen=True)
class ListSummary:
    """A list read through its system's catalogue: its faction (the catalogue's
    id), its name, its points, its commander level or the system's equivalent
    (``None`` where the system has none) and its entries, in the list's order."""

    faction: str
    name: str
    points: int
    commander_level: int | None
    entries: tuple[ListEntry, ...]

    @property
    def signature(self) -> str:
        """A stable hash of what the list fields: its faction, commander level and
        sorted entries (unit, count, options); not its name nor its entries'
        order, so identical lists group together whatever their players call them.

        >>> a = ListSummary("buke", "A", 10, 1, (ListEntry("x", "X", "", "", 2, 10),))
        >>> b = ListSummary("buke", "B", 10, 1, (ListEntry("x", "X", "", "", 2, 10),))
        >>> a.signature == b.signature, len(a.signature)
        (True, 64)
        """
        entries = sorted([entry.unit, entry.count, sorted(entry.options)] for entry in self.entries)
        canonical = json.dumps(
            [self.faction, self.commander_level, entries], separators=(",", ":"), sort_keys=True
        )
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ArmyListBook(Protocol):
    """One system's army lists."""

    def factions(self) -> tuple[FactionChoice, ...]:
        """The catalogue's factions, sorted by name."""
        ...

    def check(self, document: Mapping[str, Any], battle_size: int | None) -> ListCheck:
        """A list (a JSON object, already parsed) checked by the system's rules;
        ``battle_size``: the event's, when it has one. ``points`` is ``None`` when the
        list cannot be read at all (it is then kept as it was sent)."""
        ...

    def catalogue_document(self) -> dict[str, Any]:
        """What the list builder reads of the catalogue, as JSON data."""
        ...

    def summary(self, document: Mapping[str, Any]) -> ListSummary | None:
        """A list (a JSON object, already parsed) read through the catalogue for
        the meta: ``None`` when the system's engine cannot read it (not its
        schema, or a faction the catalogue does not have). A list that breaks the
        army-creation rules is still read: it is what was played. Entries whose
        troop the catalogue does not know are named by their id, at no cost."""
        ...

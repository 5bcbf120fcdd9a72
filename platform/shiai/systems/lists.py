"""What a system's army lists are to an event: the factions a player chooses from,
a submitted list checked by the system's own rules, and the catalogue the browser's
list builder reads. A system that has lists gives an ``ArmyListBook`` through its
plug-in (``SystemPlugin.army_lists``); ``shiai.army_lists`` finds it by system."""

from __future__ import annotations

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

"""The event-sourced ``ImportedEvent``: the results of one past event, imported
from a file by an organiser (``shiai.imported_events.parsing``).

Its id is derived from the importer, the event's name (any case) and first day,
so importing the same event again reaches the same aggregate: its ``Reimported``
event replaces the games (nothing is counted twice). The games are stored as
plain JSON data, each row's list text included, as the file gave them; the
follower (``read_model``) makes them the meta's data points. The ``@event``
methods only apply: the file was checked before (STYLE.md 3).
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from shiai.imported_events.cells import key
from shiai.imported_events.parsing import EventFile, Game, Side


def imported_event_id(importer: str, name: str, held_on: str) -> UUID:
    """The id of an importer's event of this name (any case) and first day."""
    return uuid5(NAMESPACE_URL, f"/shiai/imported-events/{importer}/{key(name)}/{held_on}")


def _side(side: Side) -> dict[str, Any]:
    return {
        "row": side.row,
        "player": side.player,
        "faction": side.faction,
        "result": side.result,
        "victory_points": side.victory_points,
        "list": side.army_list,
        "list_points": side.list_points,
        "list_problems": list(side.list_problems),
    }


def _game(game: Game) -> dict[str, Any]:
    return {
        "round": game.round,
        "played_on": game.played_on.isoformat(),
        "a": _side(game.a),
        "b": _side(game.b),
    }


def recorded_fields(found: EventFile, importer: str, file_name: str) -> dict[str, Any]:
    """What an import records of one event of a file, as plain JSON data."""
    return {
        "importer": importer,
        "file_name": file_name,
        "name": found.name,
        "held_on": found.held_on.isoformat(),
        "system": found.system,
        "battle_size": found.battle_size,
        "players": list(found.players),
        "games": [_game(game) for game in found.games],
        "byes": [[round_, player] for round_, player in found.byes],
    }


class ImportedEvent(Aggregate):
    """One imported past event; ``record`` is what its latest import recorded
    (``recorded_fields``)."""

    @event("Imported")
    def __init__(self, *, record: dict[str, Any]) -> None:
        self.record = record
        self.imports = 1

    @staticmethod
    def create_id(record: dict[str, Any]) -> UUID:
        """The id of the importer's event of this name and first day (``Imported``)."""
        return imported_event_id(record["importer"], record["name"], record["held_on"])

    @classmethod
    def imported(cls, record: dict[str, Any]) -> ImportedEvent:
        return cls(record=record)

    def reimport(self, record: dict[str, Any]) -> None:
        """The same event imported again: its games replace the ones before."""
        self._reimported(record=record)

    @event("Reimported")
    def _reimported(self, *, record: dict[str, Any]) -> None:
        self.record = record
        self.imports += 1

    @property
    def name(self) -> str:
        return str(self.record["name"])

    @property
    def held_on(self) -> str:
        return str(self.record["held_on"])

    @property
    def system(self) -> str:
        return str(self.record["system"])

    @property
    def games(self) -> list[dict[str, Any]]:
        games: list[dict[str, Any]] = self.record["games"]
        return games

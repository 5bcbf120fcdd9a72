"""The army lists of the meta's data points: a player's list read through the game
system's catalogue (``ArmyListBook.summary``) and written to the read models
``side_lists`` (a row per data point side: the list's signature, faction, name,
points and commander level) and ``side_list_entries`` (a row per entry: unit,
name, type, class, miniatures, cost, options).

The rows hang on a data point's ``(game_id, side)``: the dashboards join them to
``game_sides``, whose columns every filter reads. They are kept apart from
``game_units`` (what a recorded game fielded, with its casualties): a list is
what a player brought, whatever happened to it.

Who writes them:

- the ``reported_results`` follower, for the results reported at a tournament's
  tables and for the recorded games linked to its pairings (each side's
  registered list), with ``origin = "registration"``, once the event's lists are
  public (published now, or after the event and the event finished: until then
  no page shows a list, and neither does the meta);
- the imported events' follower, through :func:`write_list`, with
  ``origin = "imported"``.

A system without a catalogue (no ``ArmyListBook``) has no list facts; a list its
engine cannot read gives no rows. A list that breaks the army-creation rules is
still read: it is the list that was played.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, delete, insert, select

from replays.schema import side_list_entries, side_lists
from shiai import army_lists
from shiai.systems.lists import MAX_LIST_BYTES, ListSummary

# Who wrote a list's rows (``side_lists.origin``).
REGISTRATION, IMPORTED = "registration", "imported"
# The widths of the columns (replays.schema.side_lists, side_list_entries).
TEXT_LIMITS = {"faction": 120, "name": 120, "player": 120, "unit": 64, "unit_type": 32,
               "unit_class": 32, "options": 200}  # fmt: skip
# The most ids in one ``IN (...)`` (SQLite allows 32,766 parameters).
ID_BATCH = 1_000


def read_list(system: str, list_text: str | None) -> ListSummary | None:
    """A list (its JSON text) read through ``system``'s catalogue; ``None`` when the
    system has none, or the text is empty, too long, not a JSON object or a list
    the engine cannot read. The same text is read once (a tournament's lists are
    read again at each of its events)."""
    text = (list_text or "").strip()
    if not text or len(text.encode("utf-8")) > MAX_LIST_BYTES:
        return None
    return _read(system, text)


@lru_cache(maxsize=4_096)
def _read(system: str, text: str) -> ListSummary | None:
    found = army_lists.book(system)
    if found is None:
        return None
    try:
        document = json.loads(text)
    except ValueError:
        return None
    if not isinstance(document, dict):
        return None
    return found.summary(document)


@dataclass(frozen=True)
class SideList:
    """The list of one data point side, and who wrote it."""

    game_id: UUID
    side: str
    system: str
    summary: ListSummary
    origin: str = IMPORTED
    tournament_id: UUID | None = None
    player: str | None = None

    def list_row(self) -> dict[str, Any]:
        summary = self.summary
        return {
            "game_id": self.game_id,
            "side": self.side,
            "system": self.system,
            "origin": self.origin,
            "tournament_id": self.tournament_id,
            "player": _cut(self.player, "player") if self.player is not None else None,
            "signature": summary.signature,
            "faction": _cut(summary.faction, "faction"),
            "name": _cut(summary.name, "name"),
            "points": summary.points,
            "commander_level": summary.commander_level,
        }

    def entry_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "game_id": self.game_id,
                "side": self.side,
                "entry": number,
                "unit": _cut(entry.unit, "unit"),
                "name": _cut(entry.name, "name"),
                "unit_type": _cut(entry.unit_type, "unit_type"),
                "unit_class": _cut(entry.unit_class, "unit_class"),
                "count": entry.count,
                "cost": entry.cost,
                "options": _cut(entry.details, "options"),
            }
            for number, entry in enumerate(self.summary.entries)
        ]


def _cut(text: str, column: str) -> str:
    return text[: TEXT_LIMITS[column]]


def insert_lists(conn: Connection, found: Sequence[SideList]) -> None:
    """Insert the rows of these lists (two statements, whatever their number)."""
    if not found:
        return
    conn.execute(insert(side_lists), [item.list_row() for item in found])
    entries = [row for item in found for row in item.entry_rows()]
    if entries:
        conn.execute(insert(side_list_entries), entries)


def delete_lists(conn: Connection, keys: Iterable[tuple[UUID, str]]) -> None:
    """Delete the list rows of these data point sides (``(game_id, side)``): a few
    statements per side name and batch of games."""
    by_side: dict[str, set[UUID]] = {}
    for game_id, side in keys:
        by_side.setdefault(side, set()).add(game_id)
    for side, games in sorted(by_side.items()):
        ids = sorted(games)
        for start in range(0, len(ids), ID_BATCH):
            batch = ids[start : start + ID_BATCH]
            for table in (side_list_entries, side_lists):
                conn.execute(delete(table).where(table.c.side == side, table.c.game_id.in_(batch)))


def delete_written_by(conn: Connection, origin: str, tournament_id: UUID | None = None) -> None:
    """Delete the list rows ``origin`` wrote (of one tournament, when given)."""
    mine = side_lists.c.origin == origin
    if tournament_id is not None:
        mine = mine & (side_lists.c.tournament_id == tournament_id)
    games = select(side_lists.c.game_id).where(mine)
    conn.execute(delete(side_list_entries).where(side_list_entries.c.game_id.in_(games)))
    conn.execute(delete(side_lists).where(mine))


def games_written_by(conn: Connection, origin: str, tournament_id: UUID) -> set[UUID]:
    """The games of the list rows ``origin`` wrote for one tournament."""
    c = side_lists.c
    query = select(c.game_id).where(c.origin == origin, c.tournament_id == tournament_id)
    return set(conn.execute(query.distinct()).scalars())


def write_list(
    conn: Connection,
    system: str,
    game_id: UUID,
    side: str,
    list_text: str | None,
    *,
    player: str | None = None,
    tournament_id: UUID | None = None,
    origin: str = IMPORTED,
) -> ListSummary | None:
    """Write the list rows of one data point side (an imported event's game, say):
    the list ``list_text`` (its JSON text, as submitted) read through ``system``'s
    catalogue. Call it in the same transaction that writes the side's
    ``game_sides`` row, with the same ``game_id`` and ``side``; the dashboards
    only count lists whose side has a ``game_sides`` row (they filter on it).

    It replaces the side's list rows (none when the list cannot be read), so it
    may be called again with the same side. It refreshes no rollup: call it
    before ``replays.rollups.refresh`` of the side's day in the same transaction
    (the list dashboards sum ``rollup_list_units`` and ``rollup_lists``, computed
    from ``game_sides`` joined to these rows), as a writer of ``game_sides`` does
    anyway. To take an import back, delete the sides' rows with
    :func:`delete_lists`, or every imported list with
    ``delete_written_by(conn, IMPORTED)`` (a follower's ``reset``, which then
    rebuilds the rollups), and refresh their days likewise.

    Returns the list as read, or ``None`` when there is nothing to write: a system
    without a catalogue, an empty or unreadable list.
    """
    delete_lists(conn, [(game_id, side)])
    summary = read_list(system, list_text)
    if summary is not None:
        found = SideList(game_id, side, system, summary, origin, tournament_id, player)
        insert_lists(conn, [found])
    return summary


__all__ = [
    "IMPORTED",
    "REGISTRATION",
    "SideList",
    "delete_lists",
    "delete_written_by",
    "games_written_by",
    "insert_lists",
    "read_list",
    "write_list",
]

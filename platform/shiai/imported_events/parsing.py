"""Reading an import file of past events' results (``docs/imports.md``).

A file is CSV (UTF-8, a header row naming the columns), one row per player's
game: a game is two rows, one per player, which must agree (the same event and
round, each naming the other as opponent, results that complement each other).
:func:`read_import` checks every row and every pair and returns the events of
the file, or raises :class:`ImportRefused` listing every problem by its row
number (the header is row 1, as a spreadsheet numbers them) and column, so that
nothing of a file with a problem is stored.

An event is the rows of one event name (any case); its date is its earliest row's,
and its rows lie within ``EVENT_DAYS`` days of it. A row whose opponent is ``bye``
is a player's bye: no game, but the player counts among the event's players.
A list is the JSON document the system's engine reads: one it cannot read is an
error; one that breaks the army rules is kept with its problems.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta

from shiai.imported_events.cells import (
    ALIASES,
    COLUMNS,
    EVENT_DAYS,
    KNOWN,
    MAX_FILE_BYTES,
    MAX_ROWS,
    OPPOSITE,
    OPTIONAL,
    Catalogue,
    Cells,
    ImportRefused,
    Row,
    RowError,
    key,
    partial_key,
)


@dataclass(frozen=True)
class Side:
    """One player's half of a game: the row it came from, as stored."""

    row: int
    player: str
    faction: str
    result: str
    victory_points: int
    army_list: str = ""
    list_points: int | None = None
    list_problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    round: int
    played_on: date
    a: Side
    b: Side


@dataclass(frozen=True)
class EventFile:
    """One event of a file: its name (as first written), first day, system, battle
    size (0: none given), its players (as first written) and games."""

    name: str
    held_on: date
    system: str
    battle_size: int
    players: tuple[str, ...]
    games: tuple[Game, ...]
    byes: tuple[tuple[int, str], ...] = field(default_factory=tuple)


def read_import(
    raw: bytes, default_system: str | None, catalogues: Mapping[str, Catalogue]
) -> list[EventFile]:
    """The events of an import file, every row checked; :class:`ImportRefused`
    lists every problem. ``catalogues``: the installed systems by id;
    ``default_system``: the form's system, for rows without a ``system`` cell."""
    header, records = _records(raw)
    errors: list[RowError] = []
    rows: list[Row] = []
    readable: set[tuple[str, int, str]] = set()
    default = catalogues.get(default_system or "")
    for number, cells in records:
        cell_errors: list[RowError] = []
        if len(cells) > len(header):
            cell_errors.append(
                RowError(
                    number, None, f"{len(cells)} cells, but the header names {len(header)} columns"
                )
            )
        values = {name: (cells[i] if i < len(cells) else "") for i, name in enumerate(header)}
        row = Cells(number, values, cell_errors).row(default, catalogues)
        errors += cell_errors
        if row is not None and not cell_errors:
            rows.append(row)
        elif (partial := partial_key(values)) is not None:
            readable.add(partial)
    errors += _check_events(rows, readable)
    if errors:
        raise ImportRefused(errors)
    return _events(rows)


def _records(raw: bytes) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The header (column names) and the non-blank rows with their numbers."""
    if len(raw) > MAX_FILE_BYTES:
        raise ImportRefused(
            [RowError(None, None, f"the file is over {MAX_FILE_BYTES:,} bytes: split it")]
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportRefused(
            [RowError(None, None, "the file is not UTF-8 text: save it as CSV UTF-8")]
        ) from None
    if "\x00" in text:
        raise ImportRefused(
            [RowError(None, None, "the file contains a NUL character: is it a CSV file?")]
        )
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    records: list[tuple[int, list[str]]] = []
    number = 1
    try:
        cells = next(reader, None)
        if cells is None:
            raise ImportRefused(
                [RowError(None, None, "the file is empty: its first row names the columns")]
            )
        header = _header(cells)
        for number, cells in enumerate(reader, start=2):
            if not any(cell.strip() for cell in cells):
                continue
            records.append((number, cells))
            if len(records) > MAX_ROWS:
                raise ImportRefused(
                    [RowError(number, None, f"the file has over {MAX_ROWS:,} rows: split it")]
                )
    except csv.Error as error:
        raise ImportRefused([RowError(number + 1, None, f"not valid CSV: {error}")]) from None
    if not records:
        raise ImportRefused([RowError(None, None, "the file has a header but no rows")])
    return header, records


def _header(cells: list[str]) -> list[str]:
    names = [ALIASES.get(key(cell), key(cell)) for cell in cells]
    errors = [
        RowError(
            1, None, f"unknown column {cell.strip()[:40]!r}: the columns are {', '.join(KNOWN)}"
        )
        for cell, name in zip(cells, names, strict=True)
        if name not in KNOWN
    ]
    errors += [
        RowError(1, name, "this column is named twice") for name in KNOWN if names.count(name) > 1
    ]
    errors += [
        RowError(1, name, "this column is missing (the header row names every column)")
        for name in COLUMNS
        if name not in OPTIONAL and name not in names
    ]
    if errors:
        raise ImportRefused(errors)
    return names


def _check_events(rows: Sequence[Row], readable: set[tuple[str, int, str]]) -> list[RowError]:
    """The problems between rows: an event's system, size and days; a player twice
    in a round; a game whose two rows do not agree or whose other row is missing."""
    errors: list[RowError] = []
    for event_rows in _by_event(rows).values():
        first = event_rows[0]
        held_on = min(row.played_on for row in event_rows)
        sizes = sorted({row.size for row in event_rows if row.size is not None})
        for row in event_rows:
            name = f"{row.event!r}"
            if row.system.id != first.system.id:
                message = f"{name} is a {first.system.name} event (row {first.number}): one system"
                errors.append(RowError(row.number, "system", message))
            if row.size is not None and row.size != sizes[0]:
                message = f"{name} has battle sizes {', '.join(map(str, sizes))}: one size"
                errors.append(RowError(row.number, "size", message))
            if row.played_on - held_on > timedelta(days=EVENT_DAYS):
                message = (
                    f"{row.played_on} is over {EVENT_DAYS} days after {name} began"
                    f" ({held_on}): name another event another way"
                )
                errors.append(RowError(row.number, "date", message))
    return errors + _check_pairs(rows, readable)


def _check_pairs(rows: Sequence[Row], readable: set[tuple[str, int, str]]) -> list[RowError]:
    errors: list[RowError] = []
    seats: dict[tuple[str, int, str], Row] = {}
    for row in rows:
        seat = (key(row.event), row.round, key(row.player))
        if seat in seats:
            message = (
                f"{row.player} already has a game in round {row.round} of {row.event!r}"
                f" (row {seats[seat].number})"
            )
            errors.append(RowError(row.number, "player", message))
        else:
            seats[seat] = row
    for row in rows:
        if row.bye:
            continue
        partner_key = (key(row.event), row.round, key(row.opponent))
        partner = seats.get(partner_key)
        if partner is None:
            if partner_key not in readable:
                message = (
                    f"no row of {row.opponent}'s side of this game (round {row.round} of"
                    f" {row.event!r}): each game is two rows, one per player"
                )
                errors.append(RowError(row.number, "opponent", message))
        elif key(partner.opponent) != key(row.player):
            message = (
                f"row {partner.number} gives {partner.opponent}, not {row.player},"
                f" as {row.opponent}'s opponent in round {row.round}"
            )
            errors.append(RowError(row.number, "opponent", message))
        elif partner.number > row.number:
            errors += _disagreements(row, partner)
    return errors


def _disagreements(row: Row, partner: Row) -> list[RowError]:
    """What the second row of a game (``partner``) says against the first."""
    errors = []
    if OPPOSITE[row.result] != partner.result:
        message = (
            f"{partner.result} does not answer row {row.number}'s {row.result}:"
            " a win's other row is a loss, a draw's a draw"
        )
        errors.append(RowError(partner.number, "result", message))
    if partner.played_on != row.played_on:
        message = f"row {row.number} gives {row.played_on} as this game's day: one game, one day"
        errors.append(RowError(partner.number, "date", message))
    return errors


def _by_event(rows: Sequence[Row]) -> dict[str, list[Row]]:
    by_event: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by_event[key(row.event)].append(row)
    return by_event


def _events(rows: Sequence[Row]) -> list[EventFile]:
    return [_event(event_rows) for event_rows in _by_event(rows).values()]


def _event(rows: Sequence[Row]) -> EventFile:
    players: dict[str, str] = {}
    for row in rows:
        players.setdefault(key(row.player), row.player)
    seats = {(row.round, key(row.player)): row for row in rows}
    games: list[Game] = []
    paired: set[int] = set()
    for row in rows:
        if row.bye or row.number in paired:
            continue
        other = seats[(row.round, key(row.opponent))]
        paired |= {row.number, other.number}
        games.append(Game(row.round, row.played_on, _side(row), _side(other)))
    sizes = [row.size for row in rows if row.size is not None]
    return EventFile(
        name=rows[0].event,
        held_on=min(row.played_on for row in rows),
        system=rows[0].system.id,
        battle_size=sizes[0] if sizes else 0,
        players=tuple(players.values()),
        games=tuple(games),
        byes=tuple((row.round, row.player) for row in rows if row.bye),
    )


def _side(row: Row) -> Side:
    return Side(row.number, row.player, row.faction, row.result, row.victory_points,
                row.army_list, row.list_points, row.list_problems)  # fmt: skip

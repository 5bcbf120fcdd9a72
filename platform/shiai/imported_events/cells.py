"""One row of an import file checked cell by cell (``parsing`` checks the rows
together): the columns, their limits, and every problem as a :class:`RowError`
with its row number (the header is row 1, as a spreadsheet numbers them) and
column."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from shiai import army_lists
from shiai.imported_events.tables import EVENT_LIMIT

# The documented columns, in the order the example file gives them.
COLUMNS = ("event", "date", "player", "faction", "list", "round", "opponent", "result", "vp")
OPTIONAL = ("list", "system", "size")
KNOWN = (*COLUMNS, "system", "size")
ALIASES = {
    "victory points": "vp",
    "battle size": "size",
    "army list": "list",
    "game system": "system",
}

MAX_FILE_BYTES = 1_000_000
MAX_ROWS = 5_000
PLAYER_LIMIT = 120  # game_sides.player
FACTION_LIMIT = 120  # game_sides.faction
SYSTEM_LIMIT = 64
LIST_LIMIT = army_lists.MAX_LIST_BYTES
ROUND_LIMIT = 99
VP_LIMIT = 100_000
SIZE_LIMIT = 100_000
# The most days an event's rows may lie after its first day (a long weekend's event).
EVENT_DAYS = 6
BYE = "bye"
RESULTS = {"win": "win", "w": "win", "loss": "loss", "l": "loss", "draw": "draw", "d": "draw"}
OPPOSITE = {"win": "loss", "loss": "win", "draw": "draw"}
_WHOLE = re.compile(r"[0-9]{1,9}")
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class RowError:
    """One problem: its row (1 is the header; ``None``: the file itself) and column."""

    row: int | None
    column: str | None
    message: str

    def text(self) -> str:
        where = "the file" if self.row is None else f"row {self.row}"
        return f"{where}{f', {self.column}' if self.column else ''}: {self.message}"


class ImportRefused(Exception):
    """A file with problems: every one of them, nothing stored."""

    def __init__(self, errors: Sequence[RowError]) -> None:
        self.errors = sorted(
            errors, key=lambda e: (e.row or 0, KNOWN.index(e.column) if e.column in KNOWN else -1)
        )
        count = len(self.errors)
        super().__init__(f"the file was not imported: {count} problem{'' if count == 1 else 's'}")


@dataclass(frozen=True)
class Catalogue:
    """What the import knows of one installed game system: its id, name and factions
    (``(id, name)`` pairs; none: a system without a catalogue takes any faction text)."""

    id: str
    name: str
    factions: tuple[tuple[str, str], ...]


@dataclass
class Row:
    number: int
    event: str
    played_on: date
    system: Catalogue
    size: int | None
    player: str
    faction: str
    army_list: str
    list_points: int | None
    list_problems: tuple[str, ...]
    round: int
    opponent: str
    result: str
    victory_points: int

    @property
    def bye(self) -> bool:
        return self.opponent.casefold() == BYE


def key(text: str) -> str:
    """Names compared as a person reads them: any case, spaces collapsed."""
    return " ".join(text.split()).casefold()


def partial_key(values: Mapping[str, str]) -> tuple[str, int, str] | None:
    """A row's event, round and player when they can be read (its other cells may
    not): its opponent's row is then not told that this row is missing."""
    round_text = values.get("round", "").strip()
    if not _WHOLE.fullmatch(round_text):
        return None
    return key(values.get("event", "")), int(round_text), key(values.get("player", ""))


@dataclass
class Cells:
    """One row's cells checked one by one, every problem added to ``errors``."""

    number: int
    values: Mapping[str, str]
    errors: list[RowError]

    def fail(self, column: str, message: str) -> None:
        self.errors.append(RowError(self.number, column, message))

    def text(self, column: str, limit: int, *, required: bool = True) -> str:
        value = (
            " ".join(self.values.get(column, "").split())
            if column != "list"
            else self.values.get(column, "").strip()
        )
        if required and not value:
            self.fail(column, "this cell is empty")
        elif len(value) > limit:
            self.fail(column, f"{len(value):,} characters: at most {limit:,} are allowed")
            return ""
        elif column != "list" and any(ord(c) < 32 or ord(c) == 127 for c in value):
            self.fail(column, "control characters are not allowed")
        return value

    def whole(self, column: str, low: int, high: int, what: str) -> int:
        value = self.values.get(column, "").strip()
        if not _WHOLE.fullmatch(value) or not low <= int(value) <= high:
            shown = f"{value[:20]!r}" if value else "an empty cell"
            self.fail(column, f"{what} must be a whole number from {low} to {high:,}, not {shown}")
            return 0
        return int(value)

    def row(self, default: Catalogue | None, catalogues: Mapping[str, Catalogue]) -> Row | None:
        event = self.text("event", EVENT_LIMIT)
        played_on = self._date()
        system = self._system(default, catalogues)
        size_text = self.values.get("size", "").strip()
        size = self.whole("size", 0, SIZE_LIMIT, "the battle size") if size_text else None
        player = self.text("player", PLAYER_LIMIT)
        faction = self._faction(system)
        round_ = self.whole("round", 1, ROUND_LIMIT, "the round")
        opponent = self.text("opponent", PLAYER_LIMIT)
        is_bye = opponent.casefold() == BYE
        result = self._result() if not is_bye else ""
        vp = (
            self.whole("vp", 0, VP_LIMIT, "VP")
            if not is_bye or self.values.get("vp", "").strip()
            else 0
        )
        army_list, points, problems = self._list(system, size)
        if player and key(player) == key(opponent):
            self.fail("opponent", "a player cannot be their own opponent")
        if self.errors or played_on is None or system is None:
            return None
        return Row(self.number, event, played_on, system, size, player, faction, army_list,
                    points, problems, round_, opponent, result, vp)  # fmt: skip

    def _date(self) -> date | None:
        value = self.values.get("date", "").strip()
        try:
            if _ISO_DAY.fullmatch(value):
                return date.fromisoformat(value)
        except ValueError:
            pass
        shown = f"{value[:20]!r}" if value else "an empty cell"
        self.fail("date", f"the date must be a day written YYYY-MM-DD (2025-06-14), not {shown}")
        return None

    def _system(
        self, default: Catalogue | None, catalogues: Mapping[str, Catalogue]
    ) -> Catalogue | None:
        given = self.text("system", SYSTEM_LIMIT, required=False)
        if not given:
            if default is None:
                self.fail("system", "no game system: choose one on the form or give this column")
            return default
        for catalogue in catalogues.values():
            if key(given) in (key(catalogue.id), key(catalogue.name)):
                return catalogue
        self.fail(
            "system", f"unknown game system {given!r}: one of {', '.join(sorted(catalogues))}"
        )
        return None

    def _faction(self, system: Catalogue | None) -> str:
        given = self.text("faction", FACTION_LIMIT)
        if not given or system is None or not system.factions:
            return given
        for faction_id, name in system.factions:
            if key(given) in (key(faction_id), key(name)):
                return faction_id
        names = ", ".join(name for _, name in system.factions)
        self.fail("faction", f"{given!r} is not a {system.name} faction: one of {names}")
        return given

    def _result(self) -> str:
        given = self.values.get("result", "").strip()
        found = RESULTS.get(given.casefold())
        if found is None:
            shown = f"{given[:20]!r}" if given else "an empty cell"
            self.fail("result", f"the result must be win, loss or draw (W, L or D), not {shown}")
            return ""
        return found

    def _list(
        self, system: Catalogue | None, size: int | None
    ) -> tuple[str, int | None, tuple[str, ...]]:
        text = self.values.get("list", "").strip()
        if not text or system is None:
            return "", None, ()
        if len(text.encode("utf-8")) > LIST_LIMIT:
            self.fail("list", f"the list is over {LIST_LIMIT:,} bytes")
            return "", None, ()
        if not army_lists.knows_lists(system.id):
            self.fail("list", f"Shiai cannot read {system.name} lists: leave this cell empty")
            return "", None, ()
        check = army_lists.check_army_list(system.id, text, battle_size=size or None)
        if check.points is None:
            reason = "; ".join(check.violations) or "it is not a list"
            self.fail("list", f"the {system.name} engine cannot read this list: {reason[:300]}")
            return "", None, ()
        return text, check.points, check.violations

"""Reading a command's fields: shape checks that raise ``InvalidCommand`` before any
rule is asked, and the small values commands are made of (a miniature's placement,
a miniature's path)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from engine.core import Command, InvalidCommand

COORDINATE_LIMIT = 1_000_000  # 100 m in tenths of a millimetre: far beyond any table
SIDES = ("A", "B")
MAX_PATH = 50  # waypoints of one miniature's path
MAX_ITEMS = 500  # entries of a list field


class Value:
    """A parsed command: a frozen dataclass whose fields are the command's, by name
    (``None``: absent). ``kind`` is the command's ``type``; :meth:`to_json` gives the
    command back as JSON (what :func:`parse` of its kind reads)."""

    @property
    def kind(self) -> str:
        return ""

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"type": self.kind}
        found.update(fields_json(self))
        return found


def fields_json(value: Any) -> dict[str, Any]:
    """A dataclass's fields as JSON, by name; ``None`` fields left out."""
    return {
        f.name: plain(getattr(value, f.name))
        for f in fields(value)
        if getattr(value, f.name) is not None
    }


def plain(value: Any) -> Any:
    """A command value as JSON: tuples as lists, parts as objects."""
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, (Placement, MiniPath)):
        return value.to_json()
    return value


@dataclass(frozen=True)
class Placement:
    """Where a miniature is put (deployment): ``{"id", "x", "y", "facing"}``."""

    id: str
    x: int
    y: int
    facing: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "x": self.x, "y": self.y, "facing": self.facing}


@dataclass(frozen=True)
class MiniPath:
    """A miniature's waypoints (the last one is where it ends) and final facing:
    ``{"id", "path": [[x, y], ...], "facing"}``."""

    id: str
    path: tuple[tuple[int, int], ...]
    facing: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "path": [[x, y] for x, y in self.path], "facing": self.facing}


def unexpected(kind: str, names: Sequence[str]) -> InvalidCommand:
    """The refusal of fields a command of ``kind`` may not carry here."""
    return InvalidCommand(f"unexpected field(s) {', '.join(sorted(names))} in a {kind!r} command")


def integer(
    value: Any, what: str, *, low: int = -COORDINATE_LIMIT, high: int = COORDINATE_LIMIT
) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCommand(f"{what} must be a whole number")
    if not low <= value <= high:
        raise InvalidCommand(f"{what} must be from {low} to {high}, not {value}")
    return value


def text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidCommand(f"{what} must be a non-empty string")
    return value


def optional_text(value: Any, what: str) -> str | None:
    return None if value is None else text(value, what)


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidCommand(f"{what} must be true or false")
    return value


def side(value: Any, what: str) -> str:
    if value not in SIDES:
        raise InvalidCommand(f"{what} must be A or B")
    return str(value)


def head(command: Command, allowed: frozenset[str]) -> str:
    """The side of a command with no fields beyond ``type``, ``side`` and ``allowed``."""
    extra = sorted(set(command) - allowed - _HEAD)
    if extra:
        raise unexpected(command["type"], extra)
    who = command.get("side")
    if who not in SIDES:
        raise InvalidCommand(f"side must be one of {', '.join(SIDES)}")
    return str(who)


_HEAD = frozenset({"type", "side"})


def facing(value: Any, what: str) -> int:
    return integer(value, what, low=0, high=3599)


def point(value: Any, what: str) -> tuple[int, int]:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
        raise InvalidCommand(f"{what} must be a pair [x, y]")
    return integer(value[0], f"{what} x"), integer(value[1], f"{what} y")


def objects(value: Any, what: str, *, max_items: int = MAX_ITEMS) -> list[Mapping[str, Any]]:
    if not isinstance(value, list):
        raise InvalidCommand(f"{what} must be a list")
    if len(value) > max_items:
        raise InvalidCommand(f"{what} has more than {max_items} entries")
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise InvalidCommand(f"{what}[{i}] must be an object")
    return value


def ids(value: Any, message: str, *, max_items: int = MAX_ITEMS) -> tuple[str, ...]:
    """A list of ids (strings), or ``InvalidCommand(message)``."""
    if (
        not isinstance(value, list)
        or len(value) > max_items
        or not all(isinstance(item, str) for item in value)
    ):
        raise InvalidCommand(message)
    return tuple(value)


def card_values(raw: Any, field: str, what: str) -> tuple[int, ...]:
    """A command's list of command card values (0 to 3), or ``InvalidCommand``."""
    if not isinstance(raw, list) or len(raw) > MAX_ITEMS:
        raise InvalidCommand(f"{field} must be a list of card values")
    return tuple(integer(value, what, low=0, high=3) for value in raw)


def _per_miniature(
    value: Any, what: str, allowed: frozenset[str]
) -> list[tuple[int, str, Mapping[str, Any]]]:
    """A list of objects with no field beyond ``allowed``, each naming a different
    miniature (``id``): their index, miniature and object."""
    found = []
    seen: set[str] = set()
    for i, item in enumerate(objects(value, what)):
        extra = sorted(set(item) - allowed)
        if extra:
            raise InvalidCommand(f"{what}[{i}] has unexpected field(s) {', '.join(extra)}")
        mid = text(item.get("id"), f"{what}[{i}].id")
        if mid in seen:
            raise InvalidCommand(f"{what} lists miniature {mid} twice")
        seen.add(mid)
        found.append((i, mid, item))
    return found


_PLACEMENT_FIELDS = frozenset({"id", "x", "y", "facing"})


def placements(value: Any, what: str) -> tuple[Placement, ...]:
    """``[{"id", "x", "y", "facing"}]``: where miniatures are put (deployment)."""
    found = []
    for i, mid, item in _per_miniature(value, what, _PLACEMENT_FIELDS):
        found.append(
            Placement(
                mid,
                integer(item.get("x"), f"{what}[{i}].x"),
                integer(item.get("y"), f"{what}[{i}].y"),
                facing(item.get("facing"), f"{what}[{i}].facing"),
            )
        )
    return tuple(found)


_PATH_FIELDS = frozenset({"id", "path", "facing"})


def paths(value: Any, what: str) -> tuple[MiniPath, ...]:
    """``[{"id", "path": [[x, y], ...], "facing"}]``: each miniature's waypoints
    (the last one is where it ends) and its final facing."""
    found = _plain_paths(value)
    if found is not None:
        return found
    return _paths(value, what)


def _plain_paths(value: Any) -> tuple[MiniPath, ...] | None:
    """:func:`_paths` for well-formed plain data (exact lists, dicts and ints, as
    JSON gives them): the same result, or ``None`` to let :func:`_paths` look
    (and name what is wrong)."""
    if type(value) is not list or len(value) > MAX_ITEMS:
        return None
    low, high = -COORDINATE_LIMIT, COORDINATE_LIMIT
    found = []
    seen: set[str] = set()
    for item in value:
        if type(item) is not dict or not _PATH_FIELDS.issuperset(item):
            return None
        mid = item.get("id")
        raw_path = item.get("path", [])
        turn = item.get("facing")
        if type(mid) is not str or not mid or mid in seen or type(turn) is not int:
            return None
        if not 0 <= turn <= 3599 or type(raw_path) is not list or len(raw_path) > MAX_PATH:
            return None
        waypoints = []
        for p in raw_path:
            if type(p) is not list or len(p) != 2:
                return None
            x, y = p
            if type(x) is not int or type(y) is not int:
                return None
            if not (low <= x <= high and low <= y <= high):
                return None
            waypoints.append((x, y))
        seen.add(mid)
        found.append(MiniPath(mid, tuple(waypoints), turn))
    return tuple(found)


def _paths(value: Any, what: str) -> tuple[MiniPath, ...]:
    found = []
    for i, mid, item in _per_miniature(value, what, _PATH_FIELDS):
        raw_path = item.get("path", [])
        if not isinstance(raw_path, list) or len(raw_path) > MAX_PATH:
            raise InvalidCommand(f"{what}[{i}].path must be a list of at most {MAX_PATH} waypoints")
        waypoints = tuple(point(p, f"{what}[{i}].path[{j}]") for j, p in enumerate(raw_path))
        found.append(MiniPath(mid, waypoints, facing(item.get("facing"), f"{what}[{i}].facing")))
    return tuple(found)

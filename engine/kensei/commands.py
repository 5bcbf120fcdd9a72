"""Reading commands: shape checks that raise ``InvalidCommand`` before any rule is asked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Command, InvalidCommand

COORDINATE_LIMIT = 1_000_000  # 100 m in tenths of a millimetre: far beyond any table


def only_fields(command: Command, allowed: set[str]) -> None:
    extra = sorted(set(command) - allowed)
    if extra:
        raise InvalidCommand(
            f"unexpected field(s) {', '.join(extra)} in a {command['type']!r} command"
        )


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


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidCommand(f"{what} must be true or false")
    return value


def facing(value: Any, what: str) -> int:
    return integer(value, what, low=0, high=3599)


def point(value: Any, what: str) -> tuple[int, int]:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
        raise InvalidCommand(f"{what} must be a pair [x, y]")
    return integer(value[0], f"{what} x"), integer(value[1], f"{what} y")


def objects(value: Any, what: str, *, max_items: int = 500) -> list[Mapping[str, Any]]:
    if not isinstance(value, list):
        raise InvalidCommand(f"{what} must be a list")
    if len(value) > max_items:
        raise InvalidCommand(f"{what} has more than {max_items} entries")
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise InvalidCommand(f"{what}[{i}] must be an object")
    return value


def placements(value: Any, what: str) -> list[dict[str, Any]]:
    """``[{"id", "x", "y", "facing"}]``: where miniatures are put (deployment)."""
    found = []
    seen: set[str] = set()
    for i, item in enumerate(objects(value, what)):
        extra = sorted(set(item) - {"id", "x", "y", "facing"})
        if extra:
            raise InvalidCommand(f"{what}[{i}] has unexpected field(s) {', '.join(extra)}")
        mid = text(item.get("id"), f"{what}[{i}].id")
        if mid in seen:
            raise InvalidCommand(f"{what} lists miniature {mid} twice")
        seen.add(mid)
        found.append(
            {
                "id": mid,
                "x": integer(item.get("x"), f"{what}[{i}].x"),
                "y": integer(item.get("y"), f"{what}[{i}].y"),
                "facing": facing(item.get("facing"), f"{what}[{i}].facing"),
            }
        )
    return found


_PATH_FIELDS = frozenset({"id", "path", "facing"})


def paths(value: Any, what: str) -> list[dict[str, Any]]:
    """``[{"id", "path": [[x, y], ...], "facing"}]``: each miniature's waypoints
    (the last one is where it ends) and its final facing."""
    found = _plain_paths(value)
    if found is not None:
        return found
    return _paths(value, what)


def _plain_paths(value: Any) -> list[dict[str, Any]] | None:
    """:func:`_paths` for well-formed plain data (exact lists, dicts and ints, as
    JSON gives them): the same result, or ``None`` to let :func:`_paths` look
    (and name what is wrong)."""
    if type(value) is not list or len(value) > 500:
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
        if not 0 <= turn <= 3599 or type(raw_path) is not list or len(raw_path) > 50:
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
            waypoints.append([x, y])
        seen.add(mid)
        found.append({"id": mid, "path": waypoints, "facing": turn})
    return found


def _paths(value: Any, what: str) -> list[dict[str, Any]]:
    found = []
    seen: set[str] = set()
    for i, item in enumerate(objects(value, what)):
        extra = sorted(set(item) - {"id", "path", "facing"})
        if extra:
            raise InvalidCommand(f"{what}[{i}] has unexpected field(s) {', '.join(extra)}")
        mid = text(item.get("id"), f"{what}[{i}].id")
        if mid in seen:
            raise InvalidCommand(f"{what} lists miniature {mid} twice")
        seen.add(mid)
        raw_path = item.get("path", [])
        if not isinstance(raw_path, list) or len(raw_path) > 50:
            raise InvalidCommand(f"{what}[{i}].path must be a list of at most 50 waypoints")
        waypoints = [point(p, f"{what}[{i}].path[{j}]") for j, p in enumerate(raw_path)]
        found.append(
            {
                "id": mid,
                "path": [list(p) for p in waypoints],
                "facing": facing(item.get("facing"), f"{what}[{i}].facing"),
            }
        )
    return found

"""Parsing the effects' commands (contract section 7): a malformed one is an
InvalidCommand naming the field; the parsed form is the canonical dict the Ask's
options are compared with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Command, InvalidCommand


def _hex(value: Any) -> Any:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ValueError("a hex is [q, r], two whole numbers")
    return list(value)


def _int(value: Any) -> Any:
    if type(value) is not int:
        raise ValueError("a whole number")
    return value


def _facing(value: Any) -> Any:
    if type(value) is not int or not 0 <= value <= 5:
        raise ValueError("a facing 0-5")
    return value


def _text(value: Any) -> Any:
    if not isinstance(value, str) or not value:
        raise ValueError("a non-empty string")
    return value


def _maybe_text(value: Any) -> Any:
    return None if value is None else _text(value)


def _flag(value: Any) -> Any:
    if not isinstance(value, bool):
        raise ValueError("true or false")
    return value


def _direction(value: Any) -> Any:
    if type(value) is not int or value not in (1, -1):
        raise ValueError("1 (clockwise) or -1 (anticlockwise)")
    return value


def _path(value: Any) -> Any:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValueError("a list of Kamae position ids")
    return list(value)


FIELDS: dict[str, dict[str, Callable[[Any], Any]]] = {
    "move": {"hex": _hex, "facing": _facing, "collision": _maybe_text},
    "target": {"side": _text},
    "push": {"hex": _hex},
    "discard": {"card": _text},
    "counter": {"card": _maybe_text},
    "instant": {"card": _maybe_text},
    "kamae": {"path": _path},
    "search": {"card": _maybe_text},
    "rotate": {"direction": _direction},
    "or": {"option": _int},
    "pay": {"pay": _flag},
    "trap": {"hex": _hex},
}
KINDS = frozenset(FIELDS)
_OPTIONAL_NULL = {("move", "collision")}


def parse(command: Any) -> Command:
    """The canonical form of an effects command, or InvalidCommand naming the field."""
    if not isinstance(command, dict):
        raise InvalidCommand("a command is a JSON object")
    kind = command.get("kind")
    if kind not in FIELDS:
        raise InvalidCommand(f"kind: {kind!r} is not a command the card effects answer")
    parsed: Command = {"kind": kind}
    for name, check in FIELDS[kind].items():
        if name not in command and (kind, name) not in _OPTIONAL_NULL:
            raise InvalidCommand(f"{name}: missing from the {kind} command")
        try:
            parsed[name] = check(command.get(name))
        except ValueError as error:
            raise InvalidCommand(f"{name}: {command.get(name)!r} is not {error}") from None
    return parsed

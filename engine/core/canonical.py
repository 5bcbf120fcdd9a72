"""Canonical JSON encoding and state hashing.

States, commands and events are plain JSON data: dicts with string keys,
lists, strings, whole numbers, booleans and ``None``. Floats are refused
because their text form is not stable across platforms and versions, and a
stored float would make a replay's hash depend on the machine.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

JSONValue = Any  # JSON-able data; checked by ``canonical_json``


class NotCanonical(TypeError):
    """A value that has no canonical JSON form (a float, a tuple key, a set...)."""


_LEAVES = frozenset({str, int, bool, type(None)})


def _plain(value: object) -> bool:
    """Whether ``value`` is built only of the exact JSON types (the fast check;
    :func:`_check` finds and names what is wrong, or accepts subclasses)."""
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            if any(type(key) is not str for key in item):
                return False
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind not in _LEAVES:
            return False
    return True


def _check(value: object, path: str) -> None:
    if value is None or isinstance(value, bool | str):
        return
    if isinstance(value, int):
        return
    if isinstance(value, float):
        raise NotCanonical(f"{path}: floats are not allowed in stored data ({value!r})")
    if isinstance(value, list):
        for index, item in enumerate(value):
            _check(item, f"{path}[{index}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise NotCanonical(f"{path}: dict key {key!r} is not a string")
            _check(item, f"{path}.{key}")
        return
    raise NotCanonical(f"{path}: {type(value).__name__} is not plain JSON data")


def canonical_json(value: JSONValue) -> str:
    """Encode ``value`` as canonical JSON: sorted keys, no spaces, UTF-8 text.

    >>> canonical_json({"b": [1, 2], "a": None})
    '{"a":null,"b":[1,2]}'
    """
    if not _plain(value):
        _check(value, "$")
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: JSONValue) -> str:
    """SHA-256 (hex) of the canonical encoding of ``state``.

    Live play, snapshot restore and full replay must give equal hashes.

    >>> state_hash({"turn": 1})[:16]
    '7ee019d8ac6085c1'
    """
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()

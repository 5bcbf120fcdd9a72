"""Compact differences between two JSON states, for stepping a replay.

A patch is a list of operations applied in order, each a JSON array:

- ``[path, value]`` sets: the member named by ``path``'s last part, in the
  object or array its other parts lead to, becomes ``value`` (an array's index
  may equal its length: the value is appended);
- ``[path]`` removes: an object's key, or, for an array index ``i``, every item
  from ``i`` on (the array is cut to length ``i``).

A path is a list of object keys (strings) and array indices (whole numbers);
``[[], value]`` replaces the whole state. At each object or array the patch of
its members is given only when it is shorter than the new value itself, so a
patch is never much longer than the state it leads to. RFC 6902 (JSON Patch)
says the same with an object and a ``/``-joined string per operation, about
twice as long for a step's few changed numbers.

Both sides of a difference are what one viewer may see (``Ruleset.view``), so a
patch holds nothing the whole state it leads to would not show. Nothing here
changes its arguments; ``apply`` shares what it does not change.
"""

from __future__ import annotations

import json
from typing import Any

Path = list[str | int]
Operation = list[Any]


def _size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False))


def diff(before: Any, after: Any) -> list[Operation]:
    """The operations that make ``after`` of ``before`` (``[]`` when equal)."""
    operations: list[Operation] = []
    _diff(before, after, [], operations)
    return operations


def _diff(before: Any, after: Any, path: Path, out: list[Operation]) -> None:
    if before is after:
        return
    kind = type(after)
    if type(before) is not kind:
        out.append([path, after])
        return
    if kind is dict:
        members: list[Operation] = [[[*path, key]] for key in before if key not in after]
        for key, value in after.items():
            if key in before:
                _diff(before[key], value, [*path, key], members)
            else:
                members.append([[*path, key], value])
    elif kind is list:
        members = []
        common = min(len(before), len(after))
        for index in range(common):
            _diff(before[index], after[index], [*path, index], members)
        if len(after) > common:
            members.extend([[*path, index], after[index]] for index in range(common, len(after)))
        elif len(before) > common:
            members.append([[*path, common]])
    else:
        if before != after:
            out.append([path, after])
        return
    if len(members) > 1 and _size(members) >= _size([path, after]):
        out.append([path, after])
    else:
        out.extend(members)


class BadPatch(ValueError):
    """A patch that does not fit the state it is applied to."""


def apply(state: Any, patch: list[Operation]) -> Any:
    """``state`` with ``patch`` applied, as a new value (``state`` is not changed)."""
    for operation in patch:
        if not isinstance(operation, list) or len(operation) not in (1, 2):
            raise BadPatch(f"an operation is [path] or [path, value], not {operation!r}")
        path = operation[0]
        if not isinstance(path, list):
            raise BadPatch(f"a path is a list, not {path!r}")
        state = _apply_at(state, path, operation[1:])
    return state


def _apply_at(value: Any, path: Path, setting: list[Any]) -> Any:
    if not path:
        if not setting:
            raise BadPatch("the whole state cannot be removed")
        return setting[0]
    key, rest = path[0], path[1:]
    if isinstance(value, dict) and isinstance(key, str):
        copy = dict(value)
        if rest:
            if key not in copy:
                raise BadPatch(f"no member {key!r} to change")
            copy[key] = _apply_at(copy[key], rest, setting)
        elif setting:
            copy[key] = setting[0]
        elif copy.pop(key, _MISSING) is _MISSING:
            raise BadPatch(f"no member {key!r} to remove")
        return copy
    if isinstance(value, list) and type(key) is int and 0 <= key <= len(value):
        items = list(value)
        if rest:
            if key == len(items):
                raise BadPatch(f"no item {key} to change")
            items[key] = _apply_at(items[key], rest, setting)
        elif not setting:
            del items[key:]
        elif key == len(items):
            items.append(setting[0])
        else:
            items[key] = setting[0]
        return items
    raise BadPatch(f"{key!r} leads nowhere in {type(value).__name__}")


_MISSING = object()

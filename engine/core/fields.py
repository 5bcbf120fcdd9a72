"""Reading one field of a record that comes either as its JSON form or as a model value.

A system's mechanics often take what a data file says in two shapes: the JSON object
itself (a mapping, straight from a state or an event) or the frozen dataclass a
catalogue parsed from it. :func:`field_or` reads a field from either with the
data's default, so that the code reading it is written once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def field_or(record: Mapping[str, Any] | object, name: str, default: Any) -> Any:
    """``record``'s field ``name``, or ``default`` when it has none.

    From a JSON object (any mapping) that is its value when the key is present (even
    ``None``: JSON says so), else ``default``. From any other object it is the attribute
    of that name, else ``default``; an attribute that is ``None`` also reads as
    ``default`` (a parsed model leaves a field it does not use at ``None``).

    >>> field_or({"n": 2}, "n", 1), field_or({}, "n", 1), field_or({"n": None}, "n", 1)
    (2, 1, None)
    >>> from types import SimpleNamespace
    >>> field_or(SimpleNamespace(n=None), "n", 1), field_or(object(), "n", 1)
    (1, 1)
    """
    if isinstance(record, Mapping):
        return record.get(name, default)
    value = getattr(record, name, default)
    return default if value is None else value


__all__ = ["field_or"]

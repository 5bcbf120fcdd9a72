"""What every position editor shares (``Ruleset.edit_position``): the edits are a list
applied in order, and the first wrong one refuses them all, its refusal naming the edit
by its number (and the rule, for an ``IllegalCommand``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.errors import IllegalCommand, InvalidCommand

MAX_EDITS = 100

State = dict[str, Any]


def apply_edits(state: State, edits: Sequence[Any], apply: Callable[[State, Any], State]) -> State:
    """``state`` with each of ``edits`` applied by ``apply(state, edit)`` in turn; the
    refusal of the first wrong one, prefixed ``edit <number>: ``."""
    if not isinstance(edits, list) or not edits:
        raise InvalidCommand("edits: a list of one edit or more")
    if len(edits) > MAX_EDITS:
        raise InvalidCommand(f"edits: at most {MAX_EDITS} at once, not {len(edits)}")
    for number, edit in enumerate(edits, start=1):
        try:
            state = apply(state, edit)
        except IllegalCommand as error:
            raise IllegalCommand(f"edit {number}: {error.message}", rule=error.rule) from None
        except InvalidCommand as error:
            raise InvalidCommand(f"edit {number}: {error.message}") from None
    return state


def only_fields(edit: dict[str, Any], allowed: set[str]) -> None:
    """``InvalidCommand`` naming the fields of ``edit`` not in ``allowed``."""
    extra = sorted(set(edit) - allowed)
    if extra:
        raise InvalidCommand(f"unknown field(s) {', '.join(str(e)[:20] for e in extra)}")


def subject(edit: Any, field: str, among: Mapping[str, Any], noun: str) -> tuple[Any, str]:
    """The kind of ``edit`` (its ``"edit"`` field) and the id it names in ``field``, one of
    ``among``; ``InvalidCommand`` if ``edit`` is not a JSON object or names no ``noun``
    of ``among``."""
    if not isinstance(edit, dict):
        raise InvalidCommand("an edit is a JSON object")
    named = edit.get(field)
    if not isinstance(named, str) or named not in among:
        raise InvalidCommand(f"no {noun} {str(named)[:40]!r} in this position")
    return edit.get("edit"), named

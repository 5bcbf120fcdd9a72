"""Quick listings of a side's units on the table, in the state's own order (the units
dict keeps the set-up order, a1, a2, ..., b1, ...: deterministic), without sorting: the
movement prompt asks for them many times per decision."""

from __future__ import annotations

from typing import Any

from engine.core import State


def on_table(state: State, record: dict[str, Any]) -> bool:
    models = state["models"]
    return any(models[m]["status"] == "ok" for m in record["models"])


def units_of(state: State, side: str | None = None, *, hero: bool | None = None) -> list[str]:
    """The ids of ``side``'s units (both sides for ``None``) with a model on the table;
    only heroes (``hero=True``) or only groups (``hero=False``) when asked."""
    return [
        unit_id
        for unit_id, record in state["units"].items()
        if (side is None or record["side"] == side)
        and (hero is None or bool(record["hero"]) == hero)
        and on_table(state, record)
    ]

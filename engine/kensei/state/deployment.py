"""Deployment: the units each side has still to place, and who places next."""

from __future__ import annotations

from engine.core import State
from engine.kensei.state.queries import (
    live_units,
    other,
)


def starting_units(state: State, side: str) -> list[str]:
    """Units of ``side`` with no miniature on the table yet (lone leaders come later)."""
    return [
        uid
        for uid, unit in live_units(state, side)
        if not unit["single"] and not any(state["minis"][m]["placed"] for m in unit["minis"])
    ]


def units_to_complete(state: State, side: str) -> list[str]:
    return [
        uid
        for uid, unit in live_units(state, side)
        if not all(state["minis"][m]["placed"] for m in unit["minis"])
    ]


def deployment_candidates(state: State, side: str) -> list[str]:
    if state["deployment"]["stage"] == "starting":
        return starting_units(state, side)
    return units_to_complete(state, side)


def next_deployer(state: State, side: str) -> str:
    """Alternate (one you, one me), the side with nothing left to place waiting."""
    following = other(side)
    return following if deployment_candidates(state, following) else side

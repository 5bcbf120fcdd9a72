"""Copying helpers of the evolve handlers, and the handler tables.

States are shared between steps, so nothing mutates its input: every helper copies
the parts it changes (the top level, the touched units and miniatures) and shares
the rest. Each module of handlers keeps its own table (``engine.core.handlers``); the
package merges them (:mod:`engine.kensei.state.evolve`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import State


def with_units(state: State, changes: Mapping[str, Mapping[str, Any]]) -> State:
    units = dict(state["units"])
    for uid, change in changes.items():
        units[uid] = {**units[uid], **change}
    return {**state, "units": units}


def with_markers(state: State, uid: str, **markers: Any) -> State:
    unit = state["units"][uid]
    return with_units(state, {uid: {"markers": {**unit["markers"], **markers}}})


def with_minis(state: State, changes: Mapping[str, Mapping[str, Any]]) -> State:
    minis = dict(state["minis"])
    for mid, change in changes.items():
        minis[mid] = {**minis[mid], **change}
    return {**state, "minis": minis}


def with_side(state: State, side: str, **change: Any) -> State:
    return {**state, "sides": {**state["sides"], side: {**state["sides"][side], **change}}}


def spend_orders(state: State, side: str, count: int) -> State:
    """Take ``count`` orders from ``side`` and pass the turn to the other side
    if it has orders left ("Alternately, starting with the Active side")."""
    activation = state["activation"]
    orders = {**activation["orders"], side: activation["orders"][side] - count}
    other = "B" if side == "A" else "A"
    following = other if orders[other] > 0 else side
    return {**state, "activation": {**activation, "orders": orders, "next": following}}


def after_casualties(state: State, side: str, casualties: list[str]) -> State:
    general = state["sides"][side]["general"]
    if general in casualties and not state["sides"][side]["general_dead"]:
        state = with_side(state, side, general_dead=True)
    return state

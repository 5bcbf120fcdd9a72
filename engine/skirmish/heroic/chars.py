"""Reading a skirmish state's models and units (the contract's JSON shape), with plain
circle arithmetic: every base is round, 25 mm on foot and 50 mm mounted, and every
distance is edge to edge (Interpretation > Base contact: a gap of at most 0.05")."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from engine.core import State
from engine.skirmish.geometry.measure import CONTACT, FOOT_SIZE, MOUNTED_SIZE

__all__ = ["CONTACT", "OK", "Circle"]
from engine.skirmish.state.access import model_ids

OK = "ok"

Circle = tuple[float, float, float]
_CACHE: dict[str, tuple[Any, Any]] = {}


def model(state: State, model_id: str) -> Mapping[str, Any]:
    found: Mapping[str, Any] = state["models"][model_id]
    return found


def unit(state: State, unit_id: str) -> Mapping[str, Any]:
    found: Mapping[str, Any] = state["units"][unit_id]
    return found


def unit_of(state: State, model_id: str) -> Mapping[str, Any]:
    return unit(state, state["models"][model_id]["unit"])


def side_of(state: State, model_id: str) -> str:
    return str(state["models"][model_id]["side"])


def other_side(state: State, side: str) -> str:
    return str(next(s for s in state["sides"] if s != side))


def alive(state: State, model_id: str) -> bool:
    """Whether the model is still on the table (not dead, not fled)."""
    return bool(state["models"][model_id]["status"] == OK)


def living(state: State, unit_id: str) -> list[str]:
    """The unit's models still on the table, in id order."""
    models = state["models"]
    return [m for m in state["units"][unit_id]["models"] if models[m]["status"] == OK]


def living_models(state: State, side: str | None = None) -> list[str]:
    """Every model on the table (of ``side``), in id order (``a2.1`` before ``a10.1``)."""
    everyone = _cached(state, "living", lambda: list(model_ids(state)))
    if side is None:
        return list(everyone)
    models = state["models"]
    return [m for m in everyone if models[m]["side"] == side]


def _cached(state: State, kind: str, build: Callable[[], Any]) -> Any:
    """A value computed from ``state["models"]`` alone, kept while that very dict is the
    one asked about (evolve replaces it whenever a model changes; it is never changed in
    place), so the bots' many questions about one position cost one computation."""
    models = state["models"]
    found = _CACHE.get(kind)
    if found is not None and found[0] is models:
        return found[1]
    value = build()
    _CACHE[kind] = (models, value)
    return value


def circle(state: State, model_id: str) -> Circle:
    record = state["models"][model_id]
    size = MOUNTED_SIZE if record["mounted"] else FOOT_SIZE
    return (float(record["x"]), float(record["y"]), size / 2)


def gap(a: Circle, b: Circle) -> float:
    """Edge-to-edge distance of two bases (negative when they overlap)."""
    return math.hypot(a[0] - b[0], a[1] - b[1]) - a[2] - b[2]


def distance(state: State, first: str, second: str) -> float:
    return max(0.0, gap(circle(state, first), circle(state, second)))


def touching(state: State, first: str, second: str) -> bool:
    return gap(circle(state, first), circle(state, second)) <= CONTACT


def _contact_map(state: State) -> dict[str, list[str]]:
    living = living_models(state)
    circles = {m: circle(state, m) for m in living}
    sides = {m: state["models"][m]["side"] for m in living}
    found: dict[str, list[str]] = {m: [] for m in living}
    for i, first in enumerate(living):
        a = circles[first]
        for second in living[i + 1 :]:
            if sides[first] != sides[second] and gap(a, circles[second]) <= CONTACT:
                found[first].append(second)
                found[second].append(first)
    return found


def contacts(state: State, model_id: str) -> list[str]:
    """The enemy models on the table in base contact with ``model_id``, in id order."""
    found: dict[str, list[str]] = _cached(state, "contacts", lambda: _contact_map(state))
    return list(found.get(model_id, ()))


def engaged(state: State, model_id: str) -> bool:
    """Whether the model is in base contact with an enemy (in a close combat)."""
    found: dict[str, list[str]] = _cached(state, "contacts", lambda: _contact_map(state))
    return bool(found.get(model_id))


def is_hero(state: State, model_id: str) -> bool:
    return bool(unit_of(state, model_id)["hero"])


def mounted(state: State, model_id: str) -> bool:
    return bool(state["models"][model_id]["mounted"])

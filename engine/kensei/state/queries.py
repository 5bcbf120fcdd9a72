"""Read-only questions about a Kensei state, shared by decide, the flow and the bots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import State
from engine.kensei.commands.fields import SIDES
from engine.kensei.geometry import Base
from engine.kensei.geometry.board import base_from, board, scenery_of
from engine.kensei.state import abilities

__all__ = ["SIDES", "scenery_of"]


def other(side: str) -> str:
    return "B" if side == "A" else "A"


def _on_table(unit: dict[str, Any], side: str | None) -> bool:
    """Whether the unit is still on the table (and of ``side``, if given)."""
    return not unit["removed"] and bool(unit["minis"]) and (side is None or unit["side"] == side)


def _unused(unit: dict[str, Any], side: str) -> bool:
    """Whether the unit may still be activated this turn (no Used Unit marker)."""
    return not unit["markers"]["used"] and _on_table(unit, side)


def live_units(state: State, side: str | None = None) -> list[tuple[str, dict[str, Any]]]:
    """Units still on the table, in army-list order (a list, not a generator: asked
    for many times a command, and a compiled generator costs more than the list)."""
    return [(uid, unit) for uid, unit in state["units"].items() if _on_table(unit, side)]


def has_live_units(state: State, side: str) -> bool:
    """Whether ``side`` has a unit still on the table."""
    return any(_on_table(unit, side) for unit in state["units"].values())


def unused_units(state: State, side: str) -> list[str]:
    """Units that may still be activated this turn (no Used Unit marker)."""
    return [uid for uid, unit in state["units"].items() if _unused(unit, side)]


def has_unused_units(state: State, side: str) -> bool:
    """Whether :func:`unused_units` of ``side`` has any (stops at the first)."""
    return any(_unused(unit, side) for unit in state["units"].values())


def base_of(state: State, mid: str) -> Base:
    found = board(state).bases.get(mid)
    if found is not None:
        return found
    return base_from(state["minis"][mid])


def placed_bases(state: State) -> dict[str, Base]:
    """Every miniature on the table, by id, in a stable order (shared: do not modify)."""
    return board(state).bases


def initiative_of(state: State, uid: str) -> int:
    """INI of a unit: its leader's if it has one (Unit leader), -1 once the
    general is dead (Death of the general)."""
    unit = state["units"][uid]
    value: int = unit["ini"]
    leader = unit["leader"]
    if leader is not None and not unit["single"]:
        value = state["minis"][leader]["profile"]["ini"]
    value = abilities.attribute(state, uid, "ini", value)  # Troop Abilities (PA, ki)
    if state["sides"][unit["side"]]["general_dead"]:
        value -= 1
    if dishonoured(state, uid):
        value -= 1
    return value


def honour_of(state: State, uid: str) -> int:
    """HO (or PR) of a unit: its leader's if it has one, -1 once the general is dead."""
    unit = state["units"][uid]
    value: int = unit["ho"]
    leader = unit["leader"]
    if leader is not None and not unit["single"]:
        value = state["minis"][leader]["profile"]["ho"]
    value = abilities.attribute(state, uid, "ho", value)  # Troop Abilities (PA, ki)
    if state["sides"][unit["side"]]["general_dead"]:
        value -= 1
    if dishonoured(state, uid):
        value -= 1
    return value


def dishonoured(state: State, uid: str) -> bool:
    """The unit's leader refused a duel (Challenge to a duel > The duel is not
    accepted: -1 HO and INI for the rest of the game; the marker is his)."""
    leader = state["units"][uid]["leader"]
    return leader is not None and bool(state["minis"][leader].get("dishonoured"))


def duelled(state: State, uid: str) -> bool:
    """The unit took part in an accepted duel this turn: no combat action involves it."""
    return bool(state["units"][uid].get("duelled"))


def general_unit(state: State, side: str) -> str | None:
    """The unit the general is in (alone or leading), or ``None`` once he is dead."""
    mid = state["sides"][side]["general"]
    mini = state["minis"].get(mid)
    if mini is None or mini["removed"]:
        return None
    unit: str = mini["unit"]
    return unit


def battle_points(state: State, side: str) -> int:
    """End-of-battle check: 1 point per leader still in the game, 2 for the general."""
    points = 0
    general = state["sides"][side]["general"]
    for mid, mini in state["minis"].items():
        if mini["side"] != side or mini["removed"] or not mini["is_leader"]:
            continue
        points += 2 if mid == general else 1
    return points


def unit_name(unit: Mapping[str, Any]) -> str:
    """How a refusal or a log names a unit: its name and id."""
    return f"{unit['name']} ({unit['id']})"

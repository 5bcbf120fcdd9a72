"""Unit Activation > 1-2: the side that won the initiative says which side activates
first, and the active side chooses the unit it activates."""

from __future__ import annotations

from engine.core import Event, IllegalCommand, State
from engine.kensei import rules
from engine.kensei.commands.setup import ChooseActiveSide, ChooseUnit


def decide_active_side(state: State, side: str, command: ChooseActiveSide) -> list[Event]:
    return [{"type": "active_side_chosen", "by": side, "active": command.active}]


def decide_choose_unit(state: State, side: str, command: ChooseUnit) -> list[Event]:
    """A unit of the side on the table, without a Used Unit marker."""
    uid = command.unit
    unit = state["units"].get(uid)
    if unit is None or unit["side"] != side or unit["removed"]:
        raise IllegalCommand(
            f"side {side} has no unit {uid} on the table", rule=rules.CHOOSING_UNITS
        )
    if unit["markers"]["used"]:
        raise IllegalCommand(
            f"{unit['name']} ({uid}) has a Used Unit marker", rule=rules.CHOOSING_UNITS
        )
    return [{"type": "unit_chosen", "side": side, "unit": uid}]

"""Movement (owner: H2): the movement phase's acting step for the turn flow
(:data:`COMMANDS`, :func:`begin`, :func:`prompt`, :func:`decide`), moves and charges,
heroic moves with Mastery of Command, mounting and dismounting, pavises, changing
weapons, Mountain-Sea Change and the fleeing units' moves."""

from __future__ import annotations

from engine.skirmish.movement.charge import charge_vector, reach_of
from engine.skirmish.movement.legal import legal
from engine.skirmish.movement.phase import (
    COMMANDS,
    actions,
    begin,
    charge_targets,
    close,
    decide,
    heroic_movers,
    prompt,
)
from engine.skirmish.movement.reach import allowance_left, engaged, engaged_units, immobile

__all__ = [
    "COMMANDS",
    "actions",
    "allowance_left",
    "begin",
    "charge_targets",
    "charge_vector",
    "close",
    "decide",
    "engaged",
    "engaged_units",
    "heroic_movers",
    "immobile",
    "legal",
    "prompt",
    "reach_of",
]

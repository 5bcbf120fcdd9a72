"""The turn's commands parsed once, at the ruleset's edge (python-chess's
``Move.from_uci``): :func:`parse` turns the JSON a player sends into a frozen value or
refuses it with ``InvalidCommand`` naming the field at fault. Every command names the
``side`` that gives it and its ``kind`` (contract section 7); the effects' kinds
(``engine.senjutsu.effects.KINDS``) are parsed by the effects themselves.
"""

from __future__ import annotations

from engine.senjutsu.commands.turn import (
    TURN_KINDS,
    Alternative,
    Choose,
    Concede,
    Order,
    Place,
    PlaceTerrain,
    Replace,
    Speed,
    TerrainRoll,
    Trim,
    TurnCommand,
    parse,
    side_of,
)

__all__ = [
    "TURN_KINDS",
    "Alternative",
    "Choose",
    "Concede",
    "Order",
    "Place",
    "PlaceTerrain",
    "Replace",
    "Speed",
    "TerrainRoll",
    "Trim",
    "TurnCommand",
    "parse",
    "side_of",
]

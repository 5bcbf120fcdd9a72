"""The ``order`` command: one value per order (``"order": "move"``, ``"attack"``...).

In a Lead the activated units give the common order in turn: their orders may name
the ``unit`` giving it, and ``"order": "pass"`` lets a unit give none; the rules
refuse ``unit`` outside a Lead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Command, InvalidCommand
from engine.kensei.commands.fields import (
    MiniPath,
    Value,
    fields_json,
    flag,
    head,
    ids,
    optional_text,
    paths,
    text,
)

ORDERS = ("move", "disengage", "reload", "shelter", "attack", "shoot", "charge", "duel", "lead")


class OrderValue(Value):
    """An order; ``order`` is its ``order`` field, ``unit`` the activated unit giving
    it in a Lead (``None``: the first one waiting, or no Lead)."""

    @property
    def kind(self) -> str:
        return "order"

    @property
    def order(self) -> str:
        return ""

    def to_json(self) -> dict[str, Any]:
        found = fields_json(self)
        return {"type": self.kind, "side": found.pop("side"), "order": self.order, **found}


@dataclass(frozen=True)
class Move(OrderValue):
    """Move; ``minis`` ``None`` when the command gives no paths (a boosted move's
    declaration), ``join`` the unit a leader alone joins, ``leave`` a leader leaving."""

    @property
    def order(self) -> str:
        return "move"

    side: str
    boost: bool = False
    minis: tuple[MiniPath, ...] | None = None
    join: str | None = None
    swap_with: str | None = None
    leave: bool = False
    unit: str | None = None


@dataclass(frozen=True)
class Disengage(OrderValue):
    @property
    def order(self) -> str:
        return "disengage"

    side: str
    minis: tuple[MiniPath, ...] = ()
    casualties: tuple[str, ...] | None = None
    boost: bool = False
    unit: str | None = None


@dataclass(frozen=True)
class Reload(OrderValue):
    @property
    def order(self) -> str:
        return "reload"

    side: str
    boost: bool = False
    unit: str | None = None


@dataclass(frozen=True)
class Shelter(OrderValue):
    @property
    def order(self) -> str:
        return "shelter"

    side: str
    boost: bool = False
    unit: str | None = None


@dataclass(frozen=True)
class Attack(OrderValue):
    """Attack; ``target`` ``None``: the one enemy unit in melee combat."""

    @property
    def order(self) -> str:
        return "attack"

    side: str
    target: str | None = None
    boost: bool = False
    unit: str | None = None


@dataclass(frozen=True)
class Shoot(OrderValue):
    @property
    def order(self) -> str:
        return "shoot"

    side: str
    target: str
    boost: bool = False
    unit: str | None = None


@dataclass(frozen=True)
class Charge(OrderValue):
    """Charge ``target`` (and ``also`` these units: a multiple miniature unit)."""

    @property
    def order(self) -> str:
        return "charge"

    side: str
    target: str
    also: tuple[str, ...] = ()
    boost: bool = False
    unit: str | None = None


@dataclass(frozen=True)
class Duel(OrderValue):
    @property
    def order(self) -> str:
        return "duel"

    side: str
    target: str
    boost: bool = False
    swap_with: str | None = None
    unit: str | None = None


@dataclass(frozen=True)
class Lead(OrderValue):
    @property
    def order(self) -> str:
        return "lead"

    side: str
    units: tuple[str, ...]
    common_order: str
    boost: bool = False
    unit: str | None = None


@dataclass(frozen=True)
class Pass(OrderValue):
    """An activated unit of a Lead gives no order."""

    @property
    def order(self) -> str:
        return "pass"

    side: str
    unit: str | None = None


Order = Move | Disengage | Reload | Shelter | Attack | Shoot | Charge | Duel | Lead | Pass


def _boost(command: Command) -> bool:
    return flag(command.get("boost", False), "boost")


def _unit(command: Command) -> str | None:
    return optional_text(command.get("unit"), "unit")


def _target(command: Command) -> str:
    return text(command.get("target"), "target")


def _move(by: str, command: Command) -> Order:
    minis = paths(command["minis"], "minis") if "minis" in command else None
    join = text(command["join"], "join") if "join" in command else None
    swap = optional_text(command.get("swap_with"), "swap_with")
    leave = flag(command.get("leave", False), "leave")
    return Move(by, _boost(command), minis, join, swap, leave, _unit(command))


def _disengage(by: str, command: Command) -> Order:
    raw = command.get("casualties")
    chosen = None if raw is None else ids(raw, "casualties must be a list of miniature ids")
    minis = paths(command.get("minis", []), "minis")
    return Disengage(by, minis, chosen, _boost(command), _unit(command))


def _also(command: Command) -> tuple[str, ...]:
    also = command.get("also", [])
    if not isinstance(also, list) or not all(isinstance(u, str) and u for u in also):
        raise InvalidCommand("also must be a list of unit ids")
    return tuple(also)


def _lead(by: str, command: Command) -> Order:
    units = ids(command.get("units"), "units must be a list of unit ids")
    common = text(command.get("common_order"), "common_order")
    return Lead(by, units, common, _boost(command), _unit(command))


_FIELDS = {
    "move": frozenset({"boost", "minis", "join", "swap_with", "leave"}),
    "disengage": frozenset({"minis", "casualties", "boost"}),
    "reload": frozenset({"boost"}),
    "shelter": frozenset({"boost"}),
    "attack": frozenset({"target", "boost"}),
    "shoot": frozenset({"target", "boost"}),
    "charge": frozenset({"target", "also", "boost"}),
    "duel": frozenset({"target", "boost", "swap_with"}),
    "lead": frozenset({"units", "common_order", "boost"}),
    "pass": frozenset(),
}


def parse_order(command: Command) -> Order:
    """``{"type": "order", "side", "order", ...}``: the order's value, or
    ``InvalidCommand`` naming the field at fault."""
    order = text(command.get("order"), "order")
    allowed = _FIELDS.get(order)
    if allowed is None:
        raise InvalidCommand(f"unknown order {order!r}; orders are {', '.join(ORDERS)}")
    by = head(command, allowed | {"order", "unit"})
    if order == "move":
        return _move(by, command)
    if order == "disengage":
        return _disengage(by, command)
    if order == "reload":
        return Reload(by, _boost(command), _unit(command))
    if order == "shelter":
        return Shelter(by, _boost(command), _unit(command))
    if order == "attack":
        target = optional_text(command.get("target"), "target")
        return Attack(by, target, _boost(command), _unit(command))
    if order == "shoot":
        return Shoot(by, _target(command), _boost(command), _unit(command))
    if order == "charge":
        target = _target(command)
        also = _also(command)
        if len({target, *also}) != 1 + len(also):
            raise InvalidCommand("a charge names each target unit once")
        return Charge(by, target, also, _boost(command), _unit(command))
    if order == "duel":
        swap = optional_text(command.get("swap_with"), "swap_with")
        return Duel(by, _target(command), _boost(command), swap, _unit(command))
    if order == "lead":
        return _lead(by, command)
    return Pass(by, _unit(command))

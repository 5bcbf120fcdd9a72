"""The answers asked during a combat or a charge: reactive attacks, casualties, chases,
charge reactions, duels, multiple combats, falling back, melee movements, opportunity
charges and the side attacked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Command, InvalidCommand
from engine.kensei.commands.fields import (
    MiniPath,
    Value,
    flag,
    head,
    ids,
    integer,
    optional_text,
    paths,
    text,
)


@dataclass(frozen=True)
class React(Value):
    @property
    def kind(self) -> str:
        return "react"

    side: str
    boost: bool = False


def parse_react(command: Command) -> React:
    by = head(command, frozenset({"boost"}))
    return React(by, flag(command.get("boost", False), "boost"))


@dataclass(frozen=True)
class Casualties(Value):
    """Wounds diverted from the unit's leader (``protect``) and the miniatures to
    remove first (``order``)."""

    @property
    def kind(self) -> str:
        return "casualties"

    side: str
    protect: int = 0
    order: tuple[str, ...] = ()


def parse_casualties(command: Command) -> Casualties:
    by = head(command, frozenset({"protect", "order"}))
    protect = integer(command.get("protect", 0), "protect", low=0, high=100)
    order = ids(command.get("order", []), "order must be a list of miniature ids")
    if len(set(order)) != len(order):
        raise InvalidCommand("order lists a miniature twice")
    return Casualties(by, protect, order)


@dataclass(frozen=True)
class Chase(Value):
    @property
    def kind(self) -> str:
        return "chase"

    side: str
    chase: bool


def parse_chase(command: Command) -> Chase:
    by = head(command, frozenset({"chase"}))
    return Chase(by, flag(command.get("chase"), "chase"))


@dataclass(frozen=True)
class ChargeReaction(Value):
    @property
    def kind(self) -> str:
        return "charge_reaction"

    side: str
    reaction: str = "none"
    boost: bool = False


def parse_charge_reaction(command: Command) -> ChargeReaction:
    by = head(command, frozenset({"reaction", "boost"}))
    reaction = text(command.get("reaction", "none"), "reaction")
    return ChargeReaction(by, reaction, flag(command.get("boost", False), "boost"))


@dataclass(frozen=True)
class CloseIn(Value):
    @property
    def kind(self) -> str:
        return "close_in"

    side: str
    close: bool = False


def parse_close_in(command: Command) -> CloseIn:
    by = head(command, frozenset({"close"}))
    return CloseIn(by, flag(command.get("close", False), "close"))


@dataclass(frozen=True)
class DuelAnswer(Value):
    @property
    def kind(self) -> str:
        return "duel_answer"

    side: str
    accept: bool
    boost: bool = False


def parse_duel_answer(command: Command) -> DuelAnswer:
    by = head(command, frozenset({"accept", "boost"}))
    accept = flag(command.get("accept"), "accept")
    return DuelAnswer(by, accept, flag(command.get("boost", False), "boost"))


@dataclass(frozen=True)
class AssignFighters(Value):
    """Which enemy unit each miniature in contact with two fights: ``(mini, unit)``
    pairs in the command's order (``{"assign": {mini: unit}}``)."""

    @property
    def kind(self) -> str:
        return "assign_fighters"

    side: str
    assign: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "side": self.side, "assign": dict(self.assign)}


def parse_assign_fighters(command: Command) -> AssignFighters:
    by = head(command, frozenset({"assign"}))
    raw = command.get("assign", {})
    if not isinstance(raw, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in raw.items()
    ):
        raise InvalidCommand("assign must map miniature ids to unit ids")
    return AssignFighters(by, tuple((str(k), str(v)) for k, v in raw.items()))


@dataclass(frozen=True)
class CombatOrder(Value):
    @property
    def kind(self) -> str:
        return "combat_order"

    side: str
    order: tuple[tuple[str, str], ...]


def parse_combat_order(command: Command) -> CombatOrder:
    by = head(command, frozenset({"order"}))
    raw = command.get("order")
    if not isinstance(raw, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(u, str) for u in pair)
        for pair in raw
    ):
        raise InvalidCommand("order must be a list of [unit, unit] pairs")
    return CombatOrder(by, tuple((str(a), str(b)) for a, b in raw))


@dataclass(frozen=True)
class ResolutionOrder(Value):
    @property
    def kind(self) -> str:
        return "resolution_order"

    side: str
    order: tuple[str, ...]


def parse_resolution_order(command: Command) -> ResolutionOrder:
    by = head(command, frozenset({"order"}))
    return ResolutionOrder(by, ids(command.get("order"), "order must be a list of unit ids"))


@dataclass(frozen=True)
class WithdrawFacing(Value):
    @property
    def kind(self) -> str:
        return "withdraw_facing"

    side: str
    facing: str


def parse_withdraw_facing(command: Command) -> WithdrawFacing:
    by = head(command, frozenset({"facing"}))
    return WithdrawFacing(by, text(command.get("facing"), "facing"))


@dataclass(frozen=True)
class MeleeMove(Value):
    """The winner's free miniatures' paths (none: they stay)."""

    @property
    def kind(self) -> str:
        return "melee_move"

    side: str
    minis: tuple[MiniPath, ...] = ()


def parse_melee_move(command: Command) -> MeleeMove:
    by = head(command, frozenset({"minis"}))
    raw = command.get("minis")
    return MeleeMove(by, paths(raw, "minis") if raw else ())


@dataclass(frozen=True)
class OpportunityCharge(Value):
    """``unit`` ``None``: the move goes on; else that unit charges the mover at ``point``."""

    @property
    def kind(self) -> str:
        return "opportunity_charge"

    side: str
    unit: str | None = None
    point: str = "start"
    boost: bool = False


def parse_opportunity_charge(command: Command) -> OpportunityCharge:
    by = head(command, frozenset({"unit", "point", "boost"}))
    boost = flag(command.get("boost", False), "boost")
    uid = optional_text(command.get("unit"), "unit")
    if boost and uid is None:
        raise InvalidCommand("only an opportunity charge may be boosted: name its unit")
    point = text(command.get("point", "start"), "point")
    return OpportunityCharge(by, uid, point, boost)


@dataclass(frozen=True)
class AttackedSide(Value):
    @property
    def kind(self) -> str:
        return "attacked_side"

    side: str
    attacked: str


def parse_attacked_side(command: Command) -> AttackedSide:
    by = head(command, frozenset({"attacked"}))
    return AttackedSide(by, text(command.get("attacked"), "attacked"))

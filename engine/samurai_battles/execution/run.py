"""The working copy of one Execution Phase: the state as the events so far left it, the
events in order, and what the steps remember between them (engagements of this turn,
units shaken by a failed Fortitude test, Kill Zones already used).

Every event goes through :meth:`Execution.emit`, which applies it with the execution
handlers, so each decision sees every outcome before it (no event is checked twice)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Dice, Event, State
from engine.hexgrid import Hex
from engine.samurai_battles.army.catalogue import Catalogue, Tables, UnitType
from engine.samurai_battles.geometry.terrain import Battlefield
from engine.samurai_battles.state.access import board
from engine.samurai_battles.state.execution_events import HANDLERS

REST: dict[str, Any] = {"order": "rest"}


@dataclass(frozen=True)
class Engagement:
    """An engagement made this turn: who attacked whom, on which side, how."""

    attacker: str
    defender: str
    side: str
    assault: bool
    ambushed: bool = False  # the attacker walked into a hidden unit's Defense Zone


@dataclass
class Execution:
    """One Execution Phase in progress."""

    state: State
    dice: Dice
    catalogue: Catalogue
    events: list[Event] = field(default_factory=list)
    engagements: list[Engagement] = field(default_factory=list)
    shaken: set[str] = field(default_factory=set)
    zones_used: set[str] = field(default_factory=set)
    battlefield: Battlefield = field(init=False)
    _on_table: list[str] | None = field(default=None, init=False, repr=False)
    _occupants: dict[Hex, str] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.battlefield = Battlefield(board(self.state), self.catalogue)

    @property
    def tables(self) -> Tables:
        return self.catalogue.tables

    def emit(self, *events: Event) -> None:
        """Record ``events`` and apply each to the working state."""
        for event in events:
            self.state = HANDLERS[event["type"]](self.state, event)
            self.events.append(event)
        self._on_table = self._occupants = None

    # -- reading the working state -----------------------------------------------------

    def unit(self, unit_id: str) -> dict[str, Any]:
        found: dict[str, Any] = self.state["units"][unit_id]
        return found

    def profile(self, unit_id: str) -> UnitType:
        return self.catalogue.unit_type(self.unit(unit_id)["type"])

    def on_table(self, unit_id: str) -> bool:
        return bool(self.unit(unit_id)["status"] == "ready")

    def units(self) -> list[str]:
        """Every unit still on the table, by id."""
        if self._on_table is None:
            self._on_table = [u for u in sorted(self.state["units"]) if self.on_table(u)]
        return list(self._on_table)

    def hex(self, unit_id: str) -> Hex:
        return Hex.from_json(self.unit(unit_id)["hex"])

    def side(self, unit_id: str) -> str:
        return str(self.unit(unit_id)["side"])

    def enemies(self, unit_id: str) -> list[str]:
        """The other side's units still on the table, by id."""
        return [u for u in self.units() if self.side(u) != self.side(unit_id)]

    def order(self, unit_id: str) -> dict[str, Any]:
        """The revealed order of a unit (Special Orders > Rest: none written is Rest)."""
        side_orders = self.state.get("orders", {}).get(self.side(unit_id)) or {}
        found: dict[str, Any] = side_orders.get(unit_id) or REST
        return found

    def kind(self, unit_id: str) -> str:
        return str(self.order(unit_id)["order"])

    def occupant(self, hex_: Hex) -> str | None:
        """The unit on ``hex_``, hidden or not, if any."""
        if self._occupants is None:
            self._occupants = {self.hex(unit_id): unit_id for unit_id in self.units()}
        return self._occupants.get(hex_)

    def number(self, unit_id: str) -> int:
        return int(self.unit(unit_id)["number"])

    def attacked_this_turn(self, unit_id: str) -> list[Engagement]:
        return [e for e in self.engagements if e.defender == unit_id]

    def rest(self, unit_id: str, reason: str) -> None:
        """Special Orders > Rest: an order the unit cannot execute becomes Rest."""
        self.emit(
            {"type": "rested", "unit": unit_id, "order": self.kind(unit_id), "reason": reason}
        )

"""The Execution Phase: the revealed orders of both sides carried out step by step, in
the seed's order (Orders: "All orders are resolved during the Resolution Phase"):

1. defensive orders, 2. ranged combat, 3. movement (one hex per tick for every unit at
once), 4. melee, 5. special orders, 6. retreats.

:func:`execute` returns every event of the phase; it applies each to a working copy as
it goes (the execution handlers), so each decision sees the outcomes before it. Dice
come only from the ``Dice`` given, and every face is in an event.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Dice, Event, State
from engine.samurai_battles.army.catalogue import Catalogue, catalogue_of
from engine.samurai_battles.execution.defensive import defensive_step
from engine.samurai_battles.execution.describe import EXECUTION_EVENT_KINDS, describe_execution
from engine.samurai_battles.execution.melee import melee_step
from engine.samurai_battles.execution.movement import movement_step
from engine.samurai_battles.execution.ranged import ranged_step
from engine.samurai_battles.execution.retreat import retreat_step
from engine.samurai_battles.execution.run import Execution
from engine.samurai_battles.execution.special import special_step

STEPS: tuple[Callable[[Execution], None], ...] = (
    defensive_step,
    ranged_step,
    movement_step,
    melee_step,
    special_step,
    retreat_step,
)


def execute(state: State, dice: Dice, catalogue: Catalogue | None = None) -> list[Event]:
    """Every event of the Execution Phase of ``state``, whose ``orders`` hold both
    sides' revealed orders. ``catalogue`` defaults to the one the game was started with.
    """
    run = Execution(state, dice, catalogue or catalogue_of(state))
    for step in STEPS:
        step(run)
    return run.events


__all__ = ["EXECUTION_EVENT_KINDS", "STEPS", "describe_execution", "execute"]

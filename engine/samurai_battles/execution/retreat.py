"""Step 6, Retreat Orders: units ordered to leave melee move after all melee combat
(Retreat Orders > Retreat), by id, hex by hex along the written path; a unit stops
before a hex another unit holds. A unit destroyed or Put to Flight does not retreat."""

from __future__ import annotations

from engine.hexgrid import Hex
from engine.samurai_battles.execution.run import Execution


def retreat_step(ex: Execution) -> None:
    ex.emit({"type": "step_began", "step": "retreat"})
    for unit_id in ex.units():
        order = ex.order(unit_id)
        if order["order"] != "retreat":
            continue
        reached: list[list[int]] = []
        for step in order.get("path", []):
            hex_ = Hex.from_json(step)
            if not ex.battlefield.passable(hex_) or ex.occupant(hex_) not in (None, unit_id):
                break
            reached.append(hex_.to_json())
        ex.emit({"type": "retreated", "unit": unit_id, "path": reached})

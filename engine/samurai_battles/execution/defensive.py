"""Step 1, Defensive Orders: All-Around Defense, Defend and Fire and Retreat are set up.

A unit on Defend or Fire and Retreat turns to the hex written down (its Defense Zone and
Kill Zone face that way for the rest of the turn); All-Around Defense has no facing to
set (it has no flank or rear). The zones themselves act during movement."""

from __future__ import annotations

from engine.hexgrid import Facing, Hex
from engine.samurai_battles.execution.run import Execution

FACING_ORDERS = ("defend", "fire_and_retreat")


def defensive_step(ex: Execution) -> None:
    ex.emit({"type": "step_began", "step": "defensive"})
    for unit_id in ex.units():
        order = ex.order(unit_id)
        if order["order"] not in FACING_ORDERS:
            continue
        face = Hex.from_json(order["face"])
        if ex.hex(unit_id).distance(face) != 1:
            # The unit fell back or was pushed since the order was written.
            ex.rest(unit_id, "face_not_adjacent")
            continue
        facing = int(Facing.towards(ex.hex(unit_id), face))
        if facing == ex.unit(unit_id)["facing"]:
            continue
        if ex.unit(unit_id)["hidden"]:
            # A hidden unit's facing is its side's secret (Special Orders > Ambush).
            sealed = {"sealed_for": ex.side(unit_id), "sealed": {"facing": facing}}
            ex.emit({"type": "faced", "unit": unit_id, **sealed})
        else:
            ex.emit({"type": "faced", "unit": unit_id, "facing": facing})

"""Step 2, Ranged Combat Orders: every Fire Ranged Weapons order is fired.

The shots of the step are simultaneous (Interpretation > Ranged Combat): each is aimed
and rolled with the models the firers have at the start of the step, then the
casualties are removed and the units hit test their Fortitude. A unit that fails is
shaken: its movement order is not executed this turn. An order that cannot be fired now
(target gone or hidden, out of range or sight, no ammunition, engaged in melee) is Rest.
"""

from __future__ import annotations

from engine.samurai_battles.combat import roll_shot
from engine.samurai_battles.execution.run import Execution
from engine.samurai_battles.execution.shooting import aim, cannot_fire, reveal, take_fire


def ranged_step(ex: Execution) -> None:
    ex.emit({"type": "step_began", "step": "ranged"})
    shots = []
    for unit_id in ex.units():
        order = ex.order(unit_id)
        if order["order"] != "fire":
            continue
        reason = cannot_fire(ex, unit_id, order["target"])
        if reason is not None:
            ex.rest(unit_id, reason)
            continue
        shots.append(aim(ex, unit_id, order["target"]))
    hits: dict[str, int] = {}
    for shot in shots:
        reveal(ex, shot.firer, "fired")
        fired = roll_shot(shot, ex.dice)
        ex.emit(fired)
        hits[shot.target] = hits.get(shot.target, 0) + fired["hits"]
    for target in sorted(hits):
        if ex.on_table(target):
            take_fire(ex, target, hits[target])

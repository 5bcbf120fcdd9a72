"""Step 3, Movement Orders: Assault, March, Move and Fire and Run, all at once, one hex
per tick (Movement Orders > Assault: "resolve all movement 1 hex at a time"); one
``moved`` event per tick with every unit that moved in it.

A unit engaged in melee does not move (Retreat Orders > Retreat: "the only order that
allows a unit to voluntarily leave melee combat"), nor does one shaken by a failed
Fortitude test in the ranged step; both Rest. A hidden unit that moves is revealed. An
assault whose unit ends its path without reaching its target fails.
"""

from __future__ import annotations

from engine.hexgrid import Facing, Hex
from engine.samurai_battles.execution.encounters import resolve_tick
from engine.samurai_battles.execution.interrupts import after_tick
from engine.samurai_battles.execution.movers import MOVEMENT_ORDERS, Mover
from engine.samurai_battles.execution.run import Execution
from engine.samurai_battles.execution.shooting import reveal


def _movers(ex: Execution) -> list[Mover]:
    found = []
    for unit_id in ex.units():
        order = ex.order(unit_id)
        if order["order"] not in MOVEMENT_ORDERS:
            continue
        if ex.unit(unit_id)["engaged"]:
            ex.rest(unit_id, "engaged")
            continue
        if unit_id in ex.shaken:
            ex.rest(unit_id, "fortitude")
            continue
        reveal(ex, unit_id, "moved")
        found.append(
            Mover(
                unit=unit_id,
                kind=order["order"],
                path=[Hex.from_json(h) for h in order.get("path", [])],
                target=order.get("target"),
                fire_at=order.get("fire_at"),
            )
        )
    return found


def _move(ex: Execution, tick: int, moves: list[tuple[Mover, Hex]]) -> set[str]:
    entries = []
    for mover, to in moves:
        start = ex.hex(mover.unit)
        entries.append(
            {
                "unit": mover.unit,
                "from": start.to_json(),
                "to": to.to_json(),
                "facing": int(Facing.towards(start, to)),
            }
        )
        mover.moved += 1
    ex.emit({"type": "moved", "tick": tick, "moves": entries})
    return {mover.unit for mover, _ in moves}


def _finish(ex: Execution, movers: list[Mover]) -> None:
    for mover in movers:
        if not mover.active or not ex.on_table(mover.unit):
            continue
        mover.active = False
        mover.engaged = mover.engaged or bool(ex.unit(mover.unit)["engaged"])
        reason = None
        if mover.engaged:
            continue
        if mover.assaulting:
            reason = "assault_failed"
        elif mover.moved < len(mover.path):
            reason = "blocked"
        if reason is not None:
            ex.emit(
                {
                    "type": "stopped",
                    "unit": mover.unit,
                    "hex": ex.hex(mover.unit).to_json(),
                    "reason": reason,
                }
            )


def movement_step(ex: Execution) -> None:
    ex.emit({"type": "step_began", "step": "movement"})
    movers = _movers(ex)
    assaulting = {m.unit for m in movers if m.assaulting}
    starting = {m.unit for m in movers if m.path}
    after_tick(ex, movers, starting, assaulting, starting=True)
    ticks = max((len(m.path) for m in movers), default=0)
    for tick in range(1, ticks + 1):
        for mover in movers:
            if mover.active and not ex.on_table(mover.unit):
                mover.active = False
            elif mover.active and ex.unit(mover.unit)["engaged"]:
                # Engaged by an enemy's move: it fights where it stands.
                mover.active = False
                mover.engaged = True
        moves = resolve_tick(ex, movers)
        entering = _move(ex, tick, moves) if moves else set()
        after_tick(ex, movers, entering, assaulting, starting=False)
    _finish(ex, movers)

"""Ranged attacks during the Execution Phase: whether a unit can fire at a target now,
and the shot with its consequences (Ranged Combat Orders; Special Orders > Ambush: a
hidden unit that fires is revealed)."""

from __future__ import annotations

from engine.samurai_battles.combat import Shot, fortitude_test, losses, roll_shot
from engine.samurai_battles.execution.run import Execution
from engine.samurai_battles.geometry.sight import sees


def cannot_fire(ex: Execution, firer: str, target: str, reach: int | None = None) -> str | None:
    """Why ``firer`` cannot fire at ``target`` now (``None``: it can). ``reach`` is a
    shorter range than the weapon's (a Kill Zone's)."""
    ranged = ex.profile(firer).ranged
    if ranged is None:
        return "no_ranged_weapons"
    if ex.unit(firer)["ammo"] <= 0:
        return "no_ammunition"
    if ex.unit(firer)["engaged"]:
        return "engaged"
    if target not in ex.state["units"] or not ex.on_table(target):
        return "target_gone"
    if ex.unit(target)["hidden"]:
        return "target_hidden"
    limit = ranged.range if reach is None else min(reach, ranged.range)
    if ex.hex(firer).distance(ex.hex(target)) > limit:
        return "out_of_range"
    if not sees(ex.battlefield, ex.hex(firer), ex.hex(target)):
        return "out_of_sight"
    return None


def aim(ex: Execution, firer: str, target: str, kill_zone: bool = False) -> Shot:
    """The shot ``firer`` would make at ``target`` with the models it has now."""
    profile = ex.profile(firer)
    ranged = profile.ranged
    assert ranged is not None  # cannot_fire said it has ranged weapons
    unit = ex.unit(firer)
    pool = ex.tables.attack_dice(ranged.dice, unit["models"], profile.models)
    return Shot(firer, target, pool, ranged.hit, unit["ammo"], kill_zone)


def reveal(ex: Execution, unit_id: str, why: str) -> None:
    """Special Orders > Ambush: a hidden unit returns to the board where it was written."""
    if ex.unit(unit_id)["hidden"]:
        unit = ex.unit(unit_id)
        ex.emit(
            {
                "type": "revealed",
                "unit": unit_id,
                "hex": list(unit["hex"]),
                "facing": unit["facing"],
                "why": why,
            }
        )


def take_fire(ex: Execution, target: str, hits: int) -> bool:
    """Casualties of ``hits`` on ``target`` and its Fortitude test; True when the target
    is shaken (failed the test), destroyed or Put to Flight: its move ends."""
    ex.emit(*losses(target, hits, ex.unit(target)["models"]))
    if not ex.on_table(target):
        return True
    if hits <= 0:
        return False
    test = fortitude_test(target, ex.unit(target)["fortitude"], "fired_on", ex.dice, ex.tables)
    ex.emit(*test)
    if not test[0]["passed"]:
        ex.shaken.add(target)
        return True
    return False


def shoot(ex: Execution, shot: Shot) -> bool:
    """Fire ``shot`` now (revealing a hidden firer) and apply its casualties and test;
    True when the target's move ends (shaken, destroyed or Put to Flight)."""
    reveal(ex, shot.firer, "fired")
    fired = roll_shot(shot, ex.dice)
    ex.emit(fired)
    return take_fire(ex, shot.target, fired["hits"])

"""Engaging in melee during movement: the side the attack comes from, the attacker
turning to its foe, a hidden defender revealed (Movement Orders > Assault, March;
Special Orders > Ambush)."""

from __future__ import annotations

from engine.hexgrid import Facing
from engine.samurai_battles.execution.run import Engagement, Execution
from engine.samurai_battles.execution.shooting import reveal
from engine.samurai_battles.geometry.zones import attack_side


def engage(
    ex: Execution, attacker: str, defender: str, assault: bool, ambushed: bool = False
) -> None:
    """``attacker`` engages ``defender`` in melee now.

    The side is the defender's: front for All-Around Defense (it has no flank or rear)
    and for a hidden defender (Special Orders > Ambush: an approach from outside its
    Defense Zone "does not count as a Flank or Rear attack"). Flank and rear bonuses are
    only for an Assault; that is the melee's business, the side is recorded always.
    """
    defender_unit = ex.unit(defender)
    frontal_only = ex.kind(defender) == "all_around" or bool(defender_unit["hidden"])
    side = attack_side(
        ex.hex(defender),
        Facing(defender_unit["facing"]),
        ex.hex(attacker),
        all_around=frontal_only,
    )
    reveal(ex, defender, "engaged")
    ex.emit(
        {
            "type": "engaged",
            "attacker": attacker,
            "defender": defender,
            "side": side,
            "hex": ex.hex(attacker).to_json(),
            "assault": assault,
            "ambushed": ambushed,
        }
    )
    ex.engagements.append(Engagement(attacker, defender, side, assault, ambushed))
    facing = int(Facing.towards(ex.hex(attacker), ex.hex(defender)))
    if facing != ex.unit(attacker)["facing"]:
        ex.emit({"type": "faced", "unit": attacker, "facing": facing})

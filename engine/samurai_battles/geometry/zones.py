"""A unit's zones: Zone of Control, Defense Zone, Kill Zone, and the side of a unit an
attack comes from.

The seed names these zones but refers to sections it does not contain for their shapes;
the contract's choices (data in ``tables.json`` where a number is involved):

- Zone of Control: the three hexes in front of the unit (``control_radius`` 1). A unit
  moving under Assault orders has none (Movement Orders > Assault).
- Defense Zone: the front arc out to ``defense_radius`` (1: the same three hexes), in the
  direction of the hex written in the order (Defensive Orders > Defend).
- Kill Zone: the front arc out to the written range (Defend), 2 for Fire and Retreat and
  for a hidden ranged unit, only the hexes in line of sight.
- Sides: the three hexsides ahead are the front, the next two the flanks, the last the
  rear (``engine.hexgrid.arcs.THREE_FRONT``); a unit on All-Around Defense has no flank
  or rear ("no attacker receives those bonuses"), and an attack on a hidden unit from
  outside its Defense Zone "does not count as a Flank or Rear attack".

>>> from engine.hexgrid import Facing
>>> sorted(zone_of_control(Hex(0, 0), Facing.EAST))
[Hex(q=0, r=1), Hex(q=1, r=-1), Hex(q=1, r=0)]
>>> attack_side(Hex(0, 0), Facing.EAST, Hex(-1, 0))
'rear'
>>> attack_side(Hex(0, 0), Facing.EAST, Hex(-1, 0), all_around=True)
'front'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, Literal

from engine.hexgrid import THREE_FRONT, Facing, Hex, Side, SideRule, arc, relative_side
from engine.samurai_battles.geometry.sight import sees
from engine.samurai_battles.geometry.terrain import Battlefield

AttackSide = Literal["front", "flank", "rear"]

ALL_FRONT: Final[SideRule] = (Side.FRONT,) * 6
"""All-Around Defense: every hexside is front."""

_NAMES: Final[dict[Side, AttackSide]] = {
    Side.FRONT: "front",
    Side.FLANK: "flank",
    Side.REAR: "rear",
}


@lru_cache(maxsize=1 << 14)
def front_arc(origin: Hex, facing: Facing, radius: int) -> frozenset[Hex]:
    """The hexes from 1 to ``radius`` away in front of a unit (remembered: a unit's
    zones are asked at every hex of every move)."""
    return arc(origin, facing, Side.FRONT, radius)


def zone_of_control(origin: Hex, facing: Facing, radius: int = 1) -> frozenset[Hex]:
    """The hexes a unit controls: its front arc out to ``radius`` (off-board hexes
    included; no unit can stand there)."""
    return front_arc(origin, facing, radius)


def defense_zone(origin: Hex, facing: Facing, radius: int = 1) -> frozenset[Hex]:
    """The Defense Zone of a unit facing ``facing`` (Defensive Orders > Defend)."""
    return front_arc(origin, facing, radius)


def kill_zone(field: Battlefield, origin: Hex, facing: Facing, reach: int) -> frozenset[Hex]:
    """The Kill Zone: the front arc out to ``reach``, on the board and in line of sight
    (Defensive Orders > Defend: "the highlighted hexes are in the Kill Zone")."""
    return _kill_zone(field, origin, facing, reach)


@lru_cache(maxsize=1 << 12)
def _kill_zone(field: Battlefield, origin: Hex, facing: Facing, reach: int) -> frozenset[Hex]:
    return frozenset(
        hex_
        for hex_ in front_arc(origin, facing, reach)
        if field.on_board(hex_) and sees(field, origin, hex_)
    )


def facing_towards(origin: Hex, neighbour: Hex) -> Facing:
    """The facing of a unit at ``origin`` that faces the adjacent hex ``neighbour``
    (the hex written in a Defend, Fire and Retreat or Ambush order)."""
    return Facing.towards(origin, neighbour)


def attack_side(
    defender: Hex,
    facing: Facing,
    attacker: Hex,
    *,
    all_around: bool = False,
    rule: SideRule = THREE_FRONT,
) -> AttackSide:
    """The side of the defender the attacker at ``attacker`` comes from: ``front``,
    ``flank`` or ``rear`` (All-Around Defense: always ``front``)."""
    return _NAMES[relative_side(defender, facing, attacker, ALL_FRONT if all_around else rule)]

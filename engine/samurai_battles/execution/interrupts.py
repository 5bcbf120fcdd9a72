"""What happens after each tick of movement, in this order (Interpretation > Movement
interruptions):

1. Kill Zones (Defensive Orders > Defend, Fire and Retreat; Special Orders > Ambush):
   each unit with a Kill Zone fires once a turn, at the first enemy that moves into it
   (Defend: or that begins its movement inside it), choosing among several the nearest,
   then the lowest number. The mover tests Fortitude if hit and stops if it fails. A
   unit on Fire and Retreat then steps directly back 1 hex.
2. Hidden units: an enemy that comes next to a hidden unit is engaged and stops; the
   hidden unit is revealed. If it came into the Defense Zone it cannot strike back this
   turn (Special Orders > Ambush).
3. Assault: a unit next to its target engages it; the assault succeeds.
4. March: a unit that entered an enemy Zone of Control or Defense Zone stops and engages
   that enemy (units moving under Assault orders have no Zone of Control).
5. Move and Fire: a unit in its written ("underlined") hex fires at its target.
"""

from __future__ import annotations

from engine.hexgrid import Facing, Hex
from engine.samurai_battles.execution.engagement import engage
from engine.samurai_battles.execution.movers import Mover
from engine.samurai_battles.execution.run import Execution
from engine.samurai_battles.execution.shooting import aim, cannot_fire, shoot
from engine.samurai_battles.geometry.zones import defense_zone, kill_zone, zone_of_control

DEFENSE_ZONE_ORDERS = ("defend", "fire_and_retreat")


def kill_zone_reach(ex: Execution, unit_id: str) -> int | None:
    """How far the unit's Kill Zone reaches this turn (``None``: it has none)."""
    unit = ex.unit(unit_id)
    order = ex.order(unit_id)
    if ex.profile(unit_id).ranged is None or order["order"] == "all_around":
        # Defensive Orders > All-Around Defense: "Ranged units may not shoot".
        return None
    tables = ex.tables
    if unit["hidden"]:
        return tables.ambush_fire_range
    if order["order"] == "defend" and order.get("kill_range"):
        return int(order["kill_range"])
    if order["order"] == "fire_and_retreat":
        return tables.fire_and_retreat_range
    return None


def _stop(ex: Execution, mover: Mover, reason: str) -> None:
    mover.active = False
    if ex.on_table(mover.unit):
        ex.emit(
            {
                "type": "stopped",
                "unit": mover.unit,
                "hex": ex.hex(mover.unit).to_json(),
                "reason": reason,
            }
        )


def _fall_back(ex: Execution, unit_id: str) -> None:
    """Fire and Retreat: the unit moves directly backwards 1 hex, if that hex is free."""
    unit = ex.unit(unit_id)
    back = ex.hex(unit_id).neighbour((unit["facing"] + 3) % 6)
    if ex.battlefield.passable(back) and ex.occupant(back) is None:
        ex.emit({"type": "fell_back", "unit": unit_id, "to": back.to_json()})
    else:
        ex.emit(
            {
                "type": "stopped",
                "unit": unit_id,
                "hex": ex.hex(unit_id).to_json(),
                "reason": "no_room_to_fall_back",
            }
        )


def kill_zone_target(ex: Execution, holder: str, reach: int, candidates: list[str]) -> str | None:
    """The enemy among ``candidates`` (movers that just moved) that ``holder`` fires at:
    in its Kill Zone and fireable; of several, the nearest, then the lowest number
    (Defensive Orders > Defend: "the defender chooses which 1 enemy unit to shoot at")."""
    at = ex.hex(holder)
    near = [
        e for e in candidates if ex.side(e) != ex.side(holder) and at.distance(ex.hex(e)) <= reach
    ]
    if not near:
        return None
    zone = kill_zone(ex.battlefield, at, Facing(ex.unit(holder)["facing"]), reach)
    found = [e for e in near if ex.hex(e) in zone and cannot_fire(ex, holder, e, reach) is None]
    if not found:
        return None
    return min(found, key=lambda e: (at.distance(ex.hex(e)), ex.number(e), e))


def kill_zones(ex: Execution, movers: list[Mover], entering: set[str], starting: bool) -> None:
    """Step 1 of the checks; ``starting``: the movers have not moved yet (tick 0), when
    only a Defend Kill Zone fires ("or that begins its movement inside the Kill Zone")."""
    by_unit = {m.unit: m for m in movers}
    for holder in ex.units():
        reach = kill_zone_reach(ex, holder)
        if reach is None or holder in ex.zones_used or ex.unit(holder)["engaged"]:
            continue
        if starting and ex.kind(holder) != "defend":
            continue
        candidates = [u for u in sorted(entering) if by_unit[u].active]
        target = kill_zone_target(ex, holder, reach, candidates)
        if target is None:
            continue
        ex.zones_used.add(holder)
        falls_back = ex.kind(holder) == "fire_and_retreat" and not ex.unit(holder)["hidden"]
        if shoot(ex, aim(ex, holder, target, kill_zone=True)):
            _stop(ex, by_unit[target], "fortitude")
        if falls_back and ex.on_table(holder):
            _fall_back(ex, holder)


def hidden_contacts(ex: Execution, movers: list[Mover]) -> None:
    """Step 2: enemies next to a hidden unit are engaged by it."""
    for mover in movers:
        if not mover.active:
            continue
        for hidden in ex.enemies(mover.unit):
            unit = ex.unit(hidden)
            if not unit["hidden"] or ex.hex(hidden).distance(ex.hex(mover.unit)) != 1:
                continue
            zone = defense_zone(ex.hex(hidden), Facing(unit["facing"]), ex.tables.defense_radius)
            ambushed = ex.hex(mover.unit) in zone
            engage(ex, mover.unit, hidden, assault=mover.assaulting, ambushed=ambushed)
            mover.engaged = True
            _stop(ex, mover, "ambush")
            break


def assaults(ex: Execution, movers: list[Mover]) -> None:
    """Step 3: an assaulting unit next to its target engages it."""
    for mover in movers:
        if not (mover.active and mover.assaulting and mover.target):
            continue
        target = mover.target
        if not ex.on_table(target) or ex.unit(target)["hidden"]:
            continue
        if ex.hex(target).distance(ex.hex(mover.unit)) == 1:
            if target not in ex.unit(mover.unit)["engaged"]:
                engage(ex, mover.unit, target, assault=True)
            mover.engaged = True
            mover.active = False


def zones_of(
    ex: Execution, unit_id: str, assaulting: set[str]
) -> tuple[frozenset[Hex], str] | None:
    """The zone a unit projects on marching enemies, and its name; ``None``: none
    (hidden units act by contact; units moving under Assault orders have none)."""
    unit = ex.unit(unit_id)
    if unit["hidden"] or unit_id in assaulting:
        return None
    at, facing = ex.hex(unit_id), Facing(unit["facing"])
    if ex.kind(unit_id) in DEFENSE_ZONE_ORDERS:
        return defense_zone(at, facing, ex.tables.defense_radius), "defense_zone"
    return zone_of_control(at, facing, ex.tables.control_radius), "zone_of_control"


def marches(ex: Execution, movers: list[Mover], entering: set[str], assaulting: set[str]) -> None:
    """Step 4: a marching unit stops in an enemy Zone of Control or Defense Zone."""
    for mover in movers:
        if not (mover.active and mover.kind == "march" and mover.unit in entering):
            continue
        here = ex.hex(mover.unit)
        met = []
        for enemy in ex.enemies(mover.unit):
            if ex.hex(enemy).distance(here) > max(
                ex.tables.control_radius, ex.tables.defense_radius
            ):
                continue
            zone = zones_of(ex, enemy, assaulting)
            if zone is not None and here in zone[0]:
                met.append((enemy, zone[1]))
        if not met:
            continue
        _stop(ex, mover, met[0][1])
        for enemy, _name in met:
            engage(ex, mover.unit, enemy, assault=False)
        mover.engaged = True


def moving_fire(ex: Execution, movers: list[Mover]) -> None:
    """Step 5: Move and Fire fires from its written hex."""
    for mover in movers:
        if not (mover.active and mover.kind == "move_and_fire") or mover.fired:
            continue
        if mover.fire_at != mover.moved or mover.target is None:
            continue
        mover.fired = True
        reason = cannot_fire(ex, mover.unit, mover.target)
        if reason is not None:
            ex.emit(
                {"type": "held_fire", "unit": mover.unit, "target": mover.target, "reason": reason}
            )
            continue
        if shoot(ex, aim(ex, mover.unit, mover.target)):
            for other in movers:
                if other.unit == mover.target and other.active:
                    _stop(ex, other, "fortitude")


def after_tick(
    ex: Execution, movers: list[Mover], entering: set[str], assaulting: set[str], starting: bool
) -> None:
    """Every check of one tick, in order."""
    kill_zones(ex, movers, entering, starting)
    hidden_contacts(ex, movers)
    assaults(ex, movers)
    if not starting:
        marches(ex, movers, entering, assaulting)
    moving_fire(ex, movers)

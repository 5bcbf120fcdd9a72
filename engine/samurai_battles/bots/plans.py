"""The general's plans: for each unit, the orders it would write, best first.

A plan is an ORDER of the contract (a plain dict). The general tries each unit's plans
in turn and keeps the first the rules accept, so a plan may be refused (a target out of
sight, a path through a hex the rules forbid) without harm. What a player of the
physical game would do, in rough order:

- a unit engaged in melee that is worn down retreats away from the enemy (Retreat);
  one still strong stands in All-Around Defense (no flank or rear to offer), else rests
  and fights;
- a unit hidden in ambush stays hidden (Ambush again) while no enemy is within 2 hexes;
  one that may Ambush, in terrain that allows it, hides when the enemy is near but not
  yet within 2 hexes and it has nothing to shoot at;
- a ranged unit with ammunition fires at the weakest enemy it may reach (fewest models,
  then lowest Fortitude): Fire Ranged Weapons, or Move and Fire for mounted archers
  that must close in first;
- a worn unit (half its models or fewer) marches to another worn unit of its type that
  it could join up with; a ranged unit low on ammunition marches to a Peasant Transport
  with supplies left; the transport itself follows the nearest ranged unit short of
  ammunition and otherwise rests (it never advances on the enemy);
- a unit assaults an enemy it out-numbers (more attack dice) that it can reach adjacent
  this turn, along the shortest path (Assault);
- a ninja looks for hidden enemies (Reconnaissance) when the enemy has some;
- a unit on an objective holds it with Defend facing the nearest enemy (a ranged one
  with its Kill Zone at its full range), as does a ranged unit the enemy is closing on;
- otherwise it marches (or runs, when no enemy is near) towards the nearest objective
  it does not hold, or the nearest enemy;
- Rest, which every unit may take, last.

Join Up and Receive Supplies pair two units; the general plans them for both at once
(:func:`pairs`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.hexgrid import Hex, path
from engine.samurai_battles.bots.picture import Picture, Piece
from engine.samurai_battles.orders import MOVE_LIMITS

Order = dict[str, Any]

# An enemy this close (in hexes) makes running unwise: the unit marches instead.
RUN_CLEAR = 5
# A ranged unit defends with its Kill Zone once an enemy is this much beyond its range.
KILL_ZONE_WATCH = 2
# No enemy may be this close for a unit to Ambush (Special Orders > Ambush).
AMBUSH_CLEAR = 2
# A unit in cover hides once the nearest enemy is this close.
AMBUSH_WATCH = 6
# A ranged unit with this much ammunition or less asks a Peasant Transport for more.
LOW_AMMO = 2
REST: Order = {"order": "rest"}


def limit(unit: Piece, order: str) -> int:
    """The most hexes ``order``'s path may hold for the unit's category (Movement Orders;
    Retreat Orders), 0 when it may not move so."""
    return MOVE_LIMITS.get(order, {}).get(unit.kind.category, 0)


def plans(seen: Picture, unit: Piece, claimed: frozenset[Hex]) -> Iterator[Order]:
    """The orders ``unit`` would write, best first (Rest last); ``claimed`` are hexes
    other units of its side already plan to move into."""
    if unit.engaged:
        yield from _in_melee(seen, unit)
        yield REST
        return
    if unit.kind.supplies:
        yield from _follow(seen, unit, claimed)
        yield REST
        return
    yield from _ambush(seen, unit)
    yield from _fire(seen, unit, claimed)
    yield from _regroup(seen, unit, claimed)
    yield from _resupply(seen, unit, claimed)
    yield from _assault(seen, unit, claimed)
    if seen.enemies_hidden and seen.allows(unit, "reconnaissance"):
        yield {"order": "reconnaissance"}
    yield from _hold(seen, unit)
    yield from _advance(seen, unit, claimed)
    yield REST


def _in_melee(seen: Picture, unit: Piece) -> Iterator[Order]:
    if unit.broken and seen.allows(unit, "retreat"):
        for way in _away(seen, unit, limit(unit, "retreat")):
            yield {"order": "retreat", "path": way}
    if seen.allows(unit, "all_around"):
        yield {"order": "all_around"}


def _away(seen: Picture, unit: Piece, steps: int) -> Iterator[list[list[int]]]:
    """Paths of up to ``steps`` hexes that take ``unit`` furthest from the enemy."""
    here, walked = unit.hex, []
    for _ in range(steps):
        options = [h for h in here.neighbours() if seen.passable(h) and h not in walked]
        if not options:
            break
        here = max(options, key=lambda h: (seen.enemy_distance(h), -h.q, -h.r))
        walked.append(here)
    if walked:
        yield [h.to_json() for h in walked]


def _worn(unit: Piece) -> bool:
    return 2 * unit.models <= unit.kind.models


def _beside(seen: Picture, unit: Piece, friend: Piece, claimed: frozenset[Hex]) -> Iterator[Order]:
    """March (by the shortest path) to end beside ``friend``, if not there already."""
    if unit.hex.distance(friend.hex) <= 1 or not seen.allows(unit, "march"):
        return
    way = _towards(seen, unit, friend.hex, limit(unit, "march"), claimed)
    if way:
        yield {"order": "march", "path": way}


def _regroup(seen: Picture, unit: Piece, claimed: frozenset[Hex]) -> Iterator[Order]:
    if not _worn(unit) or not seen.allows(unit, "join_up"):
        return
    partners = [
        p
        for p in seen.mine
        if p.id != unit.id
        and p.kind.id == unit.kind.id
        and not p.engaged
        and p.models + unit.models <= unit.kind.models
    ]
    for friend in sorted(partners, key=lambda p: (unit.hex.distance(p.hex), p.number))[:1]:
        yield from _beside(seen, unit, friend, claimed)


def _resupply(seen: Picture, unit: Piece, claimed: frozenset[Hex]) -> Iterator[Order]:
    if unit.kind.ranged is None or unit.ammo > LOW_AMMO:
        return
    stores = [p for p in seen.mine if p.supplies > 0]
    for store in sorted(stores, key=lambda p: (unit.hex.distance(p.hex), p.number))[:1]:
        yield from _beside(seen, unit, store, claimed)


def _follow(seen: Picture, unit: Piece, claimed: frozenset[Hex]) -> Iterator[Order]:
    """A Peasant Transport keeps beside the nearest ranged unit short of ammunition."""
    if unit.supplies <= 0:
        return
    short = [
        p
        for p in seen.mine
        if p.kind.ranged is not None and p.ammo < p.kind.ranged.ammunition and not p.engaged
    ]
    for friend in sorted(short, key=lambda p: (p.ammo, unit.hex.distance(p.hex), p.number))[:1]:
        yield from _beside(seen, unit, friend, claimed)


def _ambush(seen: Picture, unit: Piece) -> Iterator[Order]:
    enemy = seen.nearest_enemy(unit)
    if enemy is None or not seen.allows(unit, "ambush") or not seen.cover(unit):
        return
    gap = unit.hex.distance(enemy.hex)
    if gap <= AMBUSH_CLEAR:
        return
    shooting = unit.kind.ranged is not None and unit.ammo > 0 and gap <= unit.reach
    if unit.hidden or (gap <= AMBUSH_WATCH and not shooting):
        yield {"order": "ambush", "face": _facing_towards(seen, unit, enemy.hex)}


def _weakest_first(seen: Picture) -> list[Piece]:
    return sorted(seen.enemies, key=lambda e: (e.models, e.fortitude, e.number))


def _fire(seen: Picture, unit: Piece, claimed: frozenset[Hex]) -> Iterator[Order]:
    if unit.kind.ranged is None or unit.ammo <= 0:
        return
    targets = _weakest_first(seen)
    if seen.allows(unit, "fire"):
        for enemy in targets:
            if unit.hex.distance(enemy.hex) <= unit.reach:
                yield {"order": "fire", "target": enemy.id}
    if seen.allows(unit, "move_and_fire"):
        for enemy in targets:
            way = _towards(seen, unit, enemy.hex, limit(unit, "move_and_fire"), claimed)
            for index, stop in enumerate(way, start=1):
                if Hex(*stop).distance(enemy.hex) <= unit.reach:
                    yield {
                        "order": "move_and_fire",
                        "path": way[:index],
                        "fire_at": index,
                        "target": enemy.id,
                    }
                    break


def _assault(seen: Picture, unit: Piece, claimed: frozenset[Hex]) -> Iterator[Order]:
    if not seen.allows(unit, "assault") or (unit.kind.ranged is not None and unit.ammo > 0):
        return
    reach = limit(unit, "assault")
    for enemy in sorted(seen.enemies, key=lambda e: (unit.hex.distance(e.hex), e.number)):
        if unit.attack_dice < enemy.attack_dice or unit.hex.distance(enemy.hex) > reach + 1:
            continue
        if unit.hex.distance(enemy.hex) == 1:
            # Adjacent already: it attacks where it stands (an empty path).
            yield {"order": "assault", "path": [], "target": enemy.id}
            continue
        sides = list(enemy.hex.neighbours())
        for goal in sorted(sides, key=lambda h: (h.distance(unit.hex), h.q, h.r)):
            if goal in claimed or not seen.passable(goal):
                continue
            found = path(unit.hex, goal, passable=seen.passable, max_cost=reach)
            if found is not None and 1 < len(found) <= reach + 1:
                yield {
                    "order": "assault",
                    "path": [h.to_json() for h in found[1:]],
                    "target": enemy.id,
                }
                break


def _facing_towards(seen: Picture, unit: Piece, goal: Hex) -> list[int]:
    around = [h for h in unit.hex.neighbours() if h in seen.board] or list(unit.hex.neighbours())
    return min(around, key=lambda h: (h.distance(goal), h.q, h.r)).to_json()


def _hold(seen: Picture, unit: Piece) -> Iterator[Order]:
    enemy = seen.nearest_enemy(unit)
    if enemy is None or not seen.allows(unit, "defend"):
        return
    gap = unit.hex.distance(enemy.hex)
    watching = unit.kind.ranged is not None and gap <= unit.reach + KILL_ZONE_WATCH
    if unit.hex in seen.objectives or watching:
        order: Order = {"order": "defend", "face": _facing_towards(seen, unit, enemy.hex)}
        if unit.kind.ranged is not None:
            order["kill_range"] = unit.reach
        yield order


def _goal(seen: Picture, unit: Piece) -> Hex | None:
    """The nearest objective no unit of the side stands on, else the nearest enemy."""
    held = {p.hex for p in seen.mine}
    open_objectives = [o for o in seen.objectives if o not in held]
    if open_objectives:
        return min(open_objectives, key=lambda o: (unit.hex.distance(o), o.q, o.r))
    enemy = seen.nearest_enemy(unit)
    return None if enemy is None else enemy.hex


def _towards(
    seen: Picture, unit: Piece, goal: Hex, steps: int, claimed: frozenset[Hex]
) -> list[list[int]]:
    """Up to ``steps`` hexes of a shortest path towards ``goal`` (not into it when a
    unit stands there), never ending on a hex another unit of the side has claimed."""

    def enterable(h: Hex) -> bool:
        return h == goal or seen.passable(h)

    found = path(unit.hex, goal, passable=enterable, max_cost=4 * len(seen.board))
    if found is None:
        return []
    walked = [h for h in found[1 : steps + 1] if seen.passable(h)]
    while walked and walked[-1] in claimed:
        walked.pop()
    return [h.to_json() for h in walked]


def _advance(seen: Picture, unit: Piece, claimed: frozenset[Hex]) -> Iterator[Order]:
    goal = _goal(seen, unit)
    if goal is None or goal == unit.hex:
        return
    far = seen.enemy_distance(unit.hex) > RUN_CLEAR
    for order in ("run", "march") if far else ("march", "run"):
        if seen.allows(unit, order):
            way = _towards(seen, unit, goal, limit(unit, order), claimed)
            if way:
                yield {"order": order, "path": way}


def pairs(seen: Picture) -> Iterator[dict[str, Order]]:
    """Orders for two units at once, best first: two worn units of one type joining up
    (in the larger's hex), a ranged unit low on ammunition and a Peasant Transport beside
    it receiving supplies."""
    for a in seen.mine:
        for b in seen.mine:
            if a.number >= b.number or a.kind.id != b.kind.id or a.hex.distance(b.hex) != 1:
                continue
            if a.engaged or b.engaged or a.models + b.models > a.kind.models:
                continue
            if not (seen.allows(a, "join_up") and seen.allows(b, "join_up")):
                continue
            larger = a if a.models >= b.models else b
            where = larger.hex.to_json()
            yield {
                a.id: {"order": "join_up", "with": b.id, "hex": where},
                b.id: {"order": "join_up", "with": a.id, "hex": where},
            }
    for transport in seen.mine:
        if transport.supplies <= 0 or not seen.allows(transport, "receive_supplies"):
            continue
        for unit in seen.mine:
            low = unit.kind.ranged is not None and unit.ammo <= LOW_AMMO
            if low and unit.hex.distance(transport.hex) == 1 and not unit.engaged:
                yield {
                    unit.id: {"order": "receive_supplies", "from": transport.id},
                    transport.id: {"order": "receive_supplies"},
                }

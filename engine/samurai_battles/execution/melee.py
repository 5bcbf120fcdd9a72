"""Step 4, melee: every melee on the table is fought (Interpretation > Melee).

A melee is a group of units joined by engagements (made this turn or carried over). A
melee whose every unit has Retreat orders is abandoned without dice (Retreat Orders >
Retreat). In the others:

* a unit on Defend assaulted from its front turns to face the attacker with the
  highest total Attack Value, and strikes the two strongest front attackers
  (Defensive Orders > Defend: "it can engage 2 enemy units at once");
* every other unit strikes one foe: the unit it attacked this turn, else the strongest
  enemy it is engaged with (most dice, then the lowest number);
* a unit that walked into a hidden unit's Defense Zone does not strike this turn
  (Special Orders > Ambush);
* the flank or rear bonus dice go to a unit that assaulted that side this turn
  (Movement Orders > Assault, Note); the defence dice of its terrain to a unit attacked
  this turn;
* casualties are removed together; every unit of the losing side still on the table
  tests Fortitude for losing a melee, and one that fails is Put to Flight.
"""

from __future__ import annotations

from engine.hexgrid import Facing
from engine.samurai_battles.combat import Blow, fight, fortitude_test, losses
from engine.samurai_battles.execution.run import Execution


def melees(ex: Execution) -> list[list[str]]:
    """The groups of units joined by engagements, each sorted, by their first unit."""
    seen: set[str] = set()
    groups = []
    for unit_id in ex.units():
        if unit_id in seen or not ex.unit(unit_id)["engaged"]:
            continue
        group, frontier = {unit_id}, [unit_id]
        while frontier:
            for other in ex.unit(frontier.pop())["engaged"]:
                if other not in group and ex.on_table(other):
                    group.add(other)
                    frontier.append(other)
        seen |= group
        groups.append(sorted(group))
    return groups


def _pool(ex: Execution, unit_id: str) -> int:
    profile = ex.profile(unit_id)
    models = ex.unit(unit_id)["models"]
    return ex.tables.attack_dice(profile.attack, models, profile.models)


def _strongest(ex: Execution, candidates: list[str]) -> list[str]:
    return sorted(candidates, key=lambda u: (-_pool(ex, u), ex.number(u), u))


def _front_attackers(ex: Execution, unit_id: str) -> list[str]:
    return [
        e.attacker
        for e in ex.attacked_this_turn(unit_id)
        if e.side == "front" and ex.on_table(e.attacker)
    ]


def _turn_to_strongest(ex: Execution, group: list[str]) -> None:
    for unit_id in group:
        attackers = _front_attackers(ex, unit_id)
        if ex.kind(unit_id) != "defend" or not attackers:
            continue
        strongest = _strongest(ex, attackers)[0]
        facing = int(Facing.towards(ex.hex(unit_id), ex.hex(strongest)))
        if facing != ex.unit(unit_id)["facing"]:
            ex.emit({"type": "faced", "unit": unit_id, "facing": facing})


def _foes(ex: Execution, unit_id: str) -> list[str]:
    made = [e for e in ex.engagements if e.attacker == unit_id and ex.on_table(e.defender)]
    if made:
        return [] if made[0].ambushed else [made[0].defender]
    engaged = [u for u in ex.unit(unit_id)["engaged"] if ex.on_table(u)]
    if ex.kind(unit_id) == "defend" and len(_front_attackers(ex, unit_id)) >= 2:
        return _strongest(ex, _front_attackers(ex, unit_id))[:2]
    return _strongest(ex, engaged)[:1]


def _blow(ex: Execution, unit_id: str, foe: str) -> Blow:
    pool = _pool(ex, unit_id)
    bonus = {"flank": ex.tables.flank_dice, "rear": ex.tables.rear_dice}
    for e in ex.engagements:
        if e.attacker == unit_id and e.defender == foe and e.assault:
            pool += bonus.get(e.side, 0)
    if ex.attacked_this_turn(unit_id):
        pool += ex.battlefield.defence_dice(ex.hex(unit_id))
    return Blow(unit_id, foe, pool, ex.profile(unit_id).hit)


def fight_melee(ex: Execution, group: list[str]) -> None:
    """Fight one melee: dice, casualties, the losers' Fortitude tests."""
    _turn_to_strongest(ex, group)
    blows = [_blow(ex, u, foe) for u in group for foe in _foes(ex, u)]
    before = {u: ex.unit(u)["models"] for u in group}
    fought = fight(blows, group, {u: ex.side(u) for u in group}, ex.dice)
    ex.emit(fought)
    for unit_id in group:
        ex.emit(*losses(unit_id, fought["taken"][unit_id], before[unit_id]))
    if fought["winner"] is None:
        return
    for unit_id in group:
        if ex.side(unit_id) != fought["winner"] and ex.on_table(unit_id):
            fortitude = ex.unit(unit_id)["fortitude"]
            ex.emit(*fortitude_test(unit_id, fortitude, "lost_melee", ex.dice, ex.tables))


def melee_step(ex: Execution) -> None:
    ex.emit({"type": "step_began", "step": "melee"})
    for group in melees(ex):
        if all(ex.kind(u) == "retreat" for u in group):
            ex.emit({"type": "melee_abandoned", "units": group})
            continue
        fight_melee(ex, group)

"""The Charge order (Orders and Actions > Combat Orders > Charge); the reactions are
in :mod:`engine.kensei.charge.reactions`.

A Charge names its target unit, and a multiple miniature unit may name more
(``also``: a charge against several units, leading into a multiple combat); the
engine traces the charge movement itself: the whole unit, keeping formation, goes
straight at the targets' miniature nearest to it, without turns, and stops when a
miniature touches an enemy (or at the end of its charge distance); the miniatures
that end in contact face the centre of the enemy they touch. Before the charge roll
each charged unit's side may react (``charge_reaction``: ``flee`` or ``hold``); then
:func:`charge_step` rolls the charge (1D6 + MOV, twice MOV boosted), a Hold and
shoot at the fixed range, the movement (``charge_moved``; a failed charge moves MOV)
and the automatic attack (``attack_declared`` with ``charge``: no new order for the
charging side, the charged unit reacts as to any attack).
"""

from __future__ import annotations

__all__ = [
    "charge_bonus",
    "charge_prompt",
    "charge_step",
    "check_can_charge",
    "check_charge_target",
    "check_charge_target_but_sight",
    "decide_charge",
    "decide_close_in",
    "decide_reaction",
]

from collections.abc import Mapping
from typing import Any

from engine.core import Dice, Event, IllegalCommand, State
from engine.kensei import geometry, rules
from engine.kensei.charge.opportunity import charge_question, resumed
from engine.kensei.charge.reactions import (
    charge_prompt,
    decide_close_in,
    decide_reaction,
    reacting,
    reactions,
)
from engine.kensei.charge.trace import aim, closing_in, targets_of, trace
from engine.kensei.combat.melee import check_no_combat_order_yet, in_formation
from engine.kensei.combat.multiple import attack_event
from engine.kensei.commands.orders import Charge
from engine.kensei.geometry.board import board
from engine.kensei.shooting.shoot import band_reach, sights
from engine.kensei.shooting.shoot import shot_event as _shot_event
from engine.kensei.state import abilities
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.offering_dice import offered
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import unit_name
from engine.kensei.state.rolls import reroll

CM = 100


# -- the order ----------------------------------------------------------------------


def decide_charge(state: State, side: str, uid: str, command: Charge) -> list[Event]:
    """Charge: the active unit, not in melee combat and in formation, charges an enemy
    unit one of its miniatures sees."""
    unit = state["units"][uid]
    boost = command.boost
    check_can_charge(state, side, uid)
    target = command.target
    also = command.also
    targets = [target, *also]
    if also and len(unit["minis"]) < 2:
        raise IllegalCommand(
            f"{unit_name(unit)} is not a multiple miniature unit: it charges one unit",
            rule=rules.CHARGE_TARGET,
        )
    for each in targets:
        check_charge_target(state, side, uid, each)
    declared: Event = {
        "type": "charge_declared",
        "side": side,
        "unit": uid,
        "target": target,
        "boost": boost,
        "orders_spent": 2 if boost else 1,
    }
    if also:  # a multiple miniature unit charges several units (multiple combat)
        declared["targets"] = targets
    return [declared]


def check_can_charge(state: State, side: str, uid: str) -> None:
    """What refuses a Charge order to the unit whatever its target: a combat order
    already given, melee combat, being out of formation (``IllegalCommand``)."""
    unit = state["units"][uid]
    check_no_combat_order_yet(state, side, uid)
    if engaged_units(state, uid):
        raise IllegalCommand(
            f"{unit_name(unit)} is engaged in melee combat: it cannot charge", rule=rules.CHARGE
        )
    if not in_formation(state, uid):
        raise IllegalCommand(
            f"{unit_name(unit)} is out of formation: it cannot charge", rule=rules.CHARGE
        )


def check_charge_target(state: State, side: str, uid: str, target: str) -> None:
    """A target of the charge: an enemy unit on the table, seen by a charging miniature
    before it moves, not one the charger disengaged from this turn."""
    check_charge_target_but_sight(state, side, uid, target)
    unit, foe = state["units"][uid], state["units"][target]
    here = board(state)
    if not any(m in here.bases for m in foe["minis"]) or not any(
        sights(state, uid, target).values()
    ):
        raise IllegalCommand(
            f"no miniature of {unit_name(unit)} has line of sight to {unit_name(foe)}",
            rule=rules.CHARGE_TARGET,
        )


def check_charge_target_but_sight(state: State, side: str, uid: str, target: str) -> None:
    """:func:`check_charge_target` but the table and line of sight (the costly part, left
    to the decision: the order prompt asks the rest of every enemy unit)."""
    unit = state["units"][uid]
    foe = state["units"].get(target)
    if foe is None or foe["side"] == side or foe["removed"]:
        raise IllegalCommand(f"there is no enemy unit {target} to charge", rule=rules.CHARGE)
    if target in unit["no_charge_from"]:
        raise IllegalCommand(
            f"{unit_name(foe)} disengaged from {unit_name(unit)} this turn: "
            f"{unit_name(unit)} may engage it, not charge it",
            rule=rules.DISENGAGE,
        )


# -- rolling the charge on --------------------------------------------------------------


def charge_step(progress: Progress, dice: Dice) -> bool:
    """One automatic step of the pending charge; False when a player must decide."""
    state = progress.state
    pending = state["activation"]["pending"]
    stage = pending["stage"]
    if stage == "reaction":
        if charge_question(state) or reactions(state, pending) != ["none"]:
            return False  # an opportunity charge on the charger, or the target's reaction
        progress.emit(
            {
                "type": "charge_reacted",
                "side": state["units"][reacting(pending)]["side"],
                "unit": reacting(pending),
                "reaction": "none",
                "orders_spent": 0,
            }
        )
        return True
    if stage == "roll":
        progress.emit(_charge_roll(state, pending, dice))
        return True
    if stage == "hold":
        reach = band_reach("short" if pending["reached"] else "intermediate")
        target, charger = (pending.get("holders") or [pending["target"]])[0], pending["unit"]
        event = _shot_event(
            state,
            state["units"][target]["side"],
            target,
            charger,
            dice,
            boosted=target in pending.get("boosted_holds", ()),
            reach=reach,
            hold=True,
        )
        if not event["lost"]:
            event["damage"]["nearest"] = _nearest_first(state, charger, target)
        progress.emit(event)
        return True
    if stage == "close":
        return False  # the charging side says whether the others close in
    if stage == "move":
        moved = _charge_move(state, pending)
        progress.emit(moved)
        offer = _close_in_offer(progress.state, pending, moved)
        if offer is not None:
            progress.emit(offer)
            return True
    _after_move(progress, pending)
    return True


def _close_in_offer(state: State, pending: Mapping[str, Any], moved: Event) -> Event | None:
    """After a charge that made contact: the miniatures that could close in, offered to
    the charging side (``close_in``), if any."""
    uid = pending["unit"]
    if not moved["reached"] or state["units"][uid]["removed"] or not engaged_units(state, uid):
        return None
    closing = closing_in(state, uid, moved["heading"], pending["allowance"] - moved["distance"])
    if not closing:
        return None
    charge = {**pending, "stage": "close", "closing": closing}
    return {"type": "close_in_offered", "side": moved["side"], "unit": uid, "charge": charge}


def _after_move(progress: Progress, pending: Mapping[str, Any]) -> None:
    """5. Attack Order after a charge in contact; an opportunity charge without contact
    lets the mover (or charger) go on."""
    state = progress.state
    uid, targets = pending["unit"], targets_of(pending)
    fighting = [] if state["units"][uid]["removed"] else engaged_units(state, uid)
    if fighting and pending["reached"]:
        enemy = next((t for t in targets if t in fighting), fighting[0])
        declared: Event = {
            "type": "attack_declared",
            "side": pending["side"],
            "unit": uid,
            "target": enemy,
            "boost": pending["boost"],
            "orders_spent": 0,
            "charge": True,
        }
        if "targets" in pending:
            declared["charged"] = targets
        if pending.get("opportunity"):
            declared["opportunity"] = True
        progress.emit(attack_event(state, declared))
    elif pending.get("opportunity"):  # no contact: the mover goes on with its move
        for rest in resumed(state, pending):
            progress.emit(rest)


def _charge_roll(state: State, pending: Mapping[str, Any], dice: Dice) -> Event:
    """3. Charge Movement roll: 1D6 + MOV (MOV doubled when boosted); the charge reaches
    when a charging miniature sees a target miniature within that distance."""
    uid, targets = pending["unit"], targets_of(pending)
    movement, lines, bonus = charge_bonus(state, uid, pending["boost"])
    count = abilities.rerolls(state, uid, "charge_roll", {"charging": True})
    gone = pending.get("travelled", 0)  # met by an opportunity charge on the way
    faces, rerolled = reroll(
        dice,
        dice.roll(1),
        lambda f: not _reaches(state, uid, targets, (bonus + f) * CM - gone),
        count,
    )
    unit = state["units"][uid]
    needed = next(
        (v for v in range(1, 10) if _reaches(state, uid, targets, (bonus + v) * CM - gone)), None
    )
    final = offered(
        dice,
        faces,
        unit["side"],
        f"Charge Movement roll of {unit['name']} ({uid})",
        {"kind": "at_least", "target": needed} if needed is not None else {"kind": "total"},
    )
    allowance = (bonus + final.values[0]) * CM - gone
    return {
        "type": "charge_rolled",
        "unit": uid,
        "die": final.faces[0],
        **final.record(),
        "movement": movement,
        **({"ability_lines": lines} if lines else {}),
        **({"rerolled": rerolled} if rerolled else {}),
        "allowance": allowance,
        "reached": _reaches(state, uid, targets, allowance),
    }


def charge_bonus(state: State, uid: str, boost: bool) -> tuple[int, list[list[Any]], int]:
    """What the Charge Movement roll adds to its die: MOV (with Troop Abilities; doubled
    when boosted), the abilities' +X lines, and their total."""
    movement: int = abilities.attribute(state, uid, "mov", state["units"][uid]["mov"])
    movement *= 2 if boost else 1
    lines = abilities.lines(state, uid, "charge_roll", {"charging": True})
    return movement, lines, movement + sum(value for _label, value in lines)


def _reaches(state: State, uid: str, targets: list[str], allowance: int) -> bool:
    bases = board(state).bases
    for target in targets:
        for mid, seen in sights(state, uid, target).items():
            if any(geometry.edge_distance(bases[mid], bases[t]) <= allowance + 1 for t in seen):
                return True
    return False


def _nearest_first(state: State, shooter: str, target: str) -> list[str]:
    """Hold and shoot: casualties from the ranks closest to the shooting troops."""
    bases = board(state).bases
    shooters = [bases[m] for m in state["units"][shooter]["minis"] if m in bases]
    mine = [m for m in state["units"][target]["minis"] if m in bases]
    return sorted(
        mine, key=lambda m: (min(geometry.edge_distance(bases[m], s) for s in shooters), m)
    )


def _charge_move(state: State, pending: Mapping[str, Any]) -> Event:
    """4. Charge movement (failed: MOV cm the same way, no further consequences)."""
    uid, target, targets = pending["unit"], pending["target"], targets_of(pending)
    unit = state["units"][uid]
    reached = pending["reached"] and _reaches(state, uid, targets, pending["allowance"])
    distance = pending["allowance"] if reached else pending["movement"] * CM
    distance = max(0, distance - (0 if reached else pending.get("travelled", 0)))
    here = board(state)
    mine = [m for m in unit["minis"] if m in here.bases]
    theirs = [m for t in targets for m in state["units"][t]["minis"] if m in here.bases]
    event: Event = {
        "type": "charge_moved",
        "side": unit["side"],
        "unit": uid,
        "target": target,
        "reached": reached,
        "distance": 0,
        "heading": None,
        "minis": [],
    }
    if not mine or not theirs or unit["markers"]["used"]:
        return {**event, "reached": False}  # destroyed, or fell back from Hold and shoot
    heading = aim(state, uid, targets)
    travelled, finals = trace(state, mine, heading, distance)
    return {
        **event,
        "reached": reached,
        "distance": travelled,
        "heading": heading,
        "minis": [{"id": m, "x": b.x, "y": b.y, "facing": b.facing} for m, b in finals.items()],
    }

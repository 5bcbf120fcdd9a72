"""Orders of part I: Move (with engaging, boosting, joining and leaving a
unit), Disengage, Reload and Shelter.

``decide_order`` checks a command against the rules and returns its events;
a refusal names the rule and the offending miniature. Movement commands carry
each miniature's path (waypoints, the last being where it ends) and its final
facing; miniatures the command does not list stay where they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Dice, Event, IllegalCommand, InvalidCommand, State
from engine.kensei import geometry, rules
from engine.kensei.charge.charging import decide_charge
from engine.kensei.combat.duel import decide_duel
from engine.kensei.combat.melee import decide_attack
from engine.kensei.commands.fields import unexpected
from engine.kensei.commands.orders import (
    ORDERS,
    Attack,
    Charge,
    Disengage,
    Duel,
    Lead,
    Move,
    Order,
    Pass,
    Reload,
    Shoot,
)
from engine.kensei.geometry import spatial
from engine.kensei.movement.move import CM, engaged_minis, move_event
from engine.kensei.orders.lead import decide_lead, decide_led_order, leading
from engine.kensei.shooting.shoot import decide_shoot
from engine.kensei.state import abilities
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.offering_dice import offered
from engine.kensei.state.queries import base_of, duelled, live_units, other, unit_name
from engine.kensei.state.remember import Remembered

JOIN_REACH = 254  # "an inch or less"
LEAVE_REACH = 500  # "Place the leader at 5 cm of any miniature of the unit"


def decide_order(state: State, side: str, command: Order, dice: Dice) -> list[Event]:
    """The events of an order (see the module's text). A bot checks the command it
    plays just before: the answer to that check is reused if it rolled no die."""
    return _REMEMBERED.decide(
        state, command, dice, lambda watched: _decide_order(state, side, command, watched)
    )


_REMEMBERED = Remembered()

_BOOSTING = {
    "attack": rules.BOOSTING_ATTACK,
    "shoot": rules.BOOSTING_SHOOT,
    "charge": rules.BOOSTING_CHARGE,
    "duel": rules.BOOSTING_DUEL,
}


def _decide_order(
    state: State, side: str, command: Order, dice: Dice, *, led: bool = False
) -> list[Event]:
    order = command.order
    if not led and leading(state):
        # Lead: an activated unit gives the common order as the active unit.
        return decide_led_order(
            state,
            side,
            command,
            lambda acting, rest: _decide_order(acting, side, rest, dice, led=True),
        )
    if command.unit is not None:
        raise unexpected("order", ["unit"])
    if isinstance(command, Pass):
        raise InvalidCommand(f"unknown order {order!r}; orders are {', '.join(ORDERS)}")
    activation = state["activation"]
    uid: str = activation["units"][side]
    unit = state["units"][uid]
    check_not_removed(state, uid)
    boost = command.boost
    pending = activation["pending"]
    if pending is not None:
        if not isinstance(command, Move) or command.minis is None:
            raise IllegalCommand(
                f"{unit_name(unit)} is running: give the paths of its boosted move",
                rule=rules.BOOST_MOVEMENT,
            )
        extra = [
            name
            for name, given in (
                ("join", command.join is not None),
                ("leave", command.leave),
                ("swap_with", command.swap_with is not None),
            )
            if given
        ]
        if extra:
            raise unexpected("order", extra)
        return [
            move_event(
                state, side, uid, command.minis, allowance=pending["allowance"], boosted=True
            )
        ]
    if isinstance(command, (Attack, Shoot, Charge, Duel)):
        check_order_cost(state, side, uid, order, boost)
        check_target_not_duelled(state, command.target)
        if isinstance(command, Duel):
            return decide_duel(state, side, uid, command)
        if isinstance(command, Shoot):
            return decide_shoot(state, side, uid, command, dice)
        if isinstance(command, Charge):
            return decide_charge(state, side, uid, command)
        return decide_attack(state, side, uid, command)
    if isinstance(command, Lead):
        return decide_lead(state, side, uid, command, dice)
    check_order_cost(state, side, uid, order, boost)
    if isinstance(command, Move):
        if boost:
            return [_boost(state, side, uid, command, dice)]
        return _move_events(state, side, uid, command)
    if isinstance(command, Disengage):
        return _disengage(state, side, uid, command)
    if isinstance(command, Reload):
        return [_reload(state, side, uid, boost)]
    return [_shelter(state, side, uid)]


# -- the checks every order makes (the play page's refusals ask them too) ---------------


def check_not_removed(state: State, uid: str) -> None:
    """Performing actions: a unit removed from play performs no more orders."""
    unit = state["units"][uid]
    if unit["removed"]:
        raise IllegalCommand(
            f"{unit_name(unit)} has been removed from play: it performs no more orders and its "
            "remaining activation orders are lost",
            rule=rules.PERFORMING_ACTIONS,
        )


def check_order_cost(state: State, side: str, uid: str, order: str, boost: bool) -> None:
    """Using orders and Boosting: an order spends one activation order, a boosted one or
    a Disengage two; Disengage and Shelter cannot be boosted (Lead checks its own)."""
    unit = state["units"][uid]
    have = state["activation"]["orders"][side]
    if order in _BOOSTING:
        cost = 2 if boost else 1
        if have < cost:
            raise IllegalCommand(
                f"{unit_name(unit)} has {have} activation order(s) left; this needs {cost}",
                rule=_BOOSTING[order] if boost else rules.USING_ORDERS,
            )
        return
    if boost and order in ("disengage", "shelter"):
        raise IllegalCommand(
            f"{order.capitalize()} cannot be boosted",
            rule=rules.DISENGAGE if order == "disengage" else rules.SHELTER,
        )
    cost = 2 if boost or order == "disengage" else 1
    if have < cost:
        rule = rules.BOOSTING if boost else rules.USING_ORDERS
        raise IllegalCommand(
            f"{unit_name(unit)} has {have} activation order(s) left; this needs {cost}", rule=rule
        )


def check_target_not_duelled(state: State, target: str | None) -> None:
    """The Duel is accepted: no combat action may involve a unit that fought a duel."""
    if target is not None and target in state["units"] and duelled(state, target):
        raise IllegalCommand(
            f"{unit_name(state['units'][target])} fought a duel this turn: no combat action "
            "may involve it until the end of the turn",
            rule=rules.DUEL_ACCEPTED,
        )


# -- Move ---------------------------------------------------------------------


def _boost(state: State, side: str, uid: str, command: Move, dice: Dice) -> Event:
    """Boost a movement: twice MOV + 1D6 cm, rolled before the paths are given."""
    unit = state["units"][uid]
    if command.minis is not None or command.join is not None or command.leave:
        raise InvalidCommand(
            "a boosted move is declared first ({'order': 'move', 'boost': true}); the paths "
            "follow once the 1D6 is rolled"
        )
    check_can_boost_move(state, uid)
    final = offered(
        dice, dice.roll(1), side, f"Boosted move of {unit_name(unit)}", {"kind": "total"}
    )
    die = final.faces[0]
    allowance = (2 * abilities.attribute(state, uid, "mov", unit["mov"]) + final.values[0]) * CM
    return {
        "type": "boost_rolled",
        "side": side,
        "unit": uid,
        "die": die,
        **final.record(),
        "allowance": allowance,
        "orders_spent": 2,
    }


def check_can_boost_move(state: State, uid: str) -> None:
    """Boosting a movement: a unit engaged in melee may only rotate its miniatures."""
    if any(engaged_minis(state, uid).values()):
        raise IllegalCommand(
            f"{unit_name(state['units'][uid])} is engaged in melee: its miniatures may only rotate",
            rule=rules.MOVE,
        )


def _move_events(state: State, side: str, uid: str, command: Move) -> list[Event]:
    minis = command.minis or ()
    moved = move_event(state, side, uid, minis, allowance=None, boosted=False, leave=command.leave)
    events = [moved]
    if command.join is not None:
        events.append(_join(state, uid, command, moved))
    elif command.leave:
        events.append(_leave(state, uid, moved))
    return events


# -- Joining and leaving a unit -------------------------------------------------


def can_lead(leader: Mapping[str, Any], unit: Mapping[str, Any]) -> str | None:
    """Why ``leader`` (a miniature's profile) cannot lead ``unit``, or None."""
    profile = leader["profile"]
    if not profile["can_lead"]:
        return f"a {profile['class_name']} can never be a unit leader"
    if profile["class_rank"] > unit["class_rank"]:
        return "the leader's class is lower than the unit's"
    if profile["type"] != unit["type"]:
        return f"the leader is {profile['type']} and the unit is {unit['type']}"
    if unit["ranged"] and not set(unit["ranged"]) & set(profile["ranged"]):
        return "a unit with missile weapons needs a leader carrying one of the same type"
    return None


def _join(state: State, uid: str, command: Move, moved: Event) -> Event:
    unit = state["units"][uid]
    target_id = str(command.join)
    target = state["units"].get(target_id)
    if not unit["single"] or unit["leader"] is None:
        raise IllegalCommand(
            f"only an army leader acting alone can join a unit; {unit_name(unit)} cannot",
            rule=rules.JOINING_A_UNIT,
        )
    if target is None or target["side"] != unit["side"] or target["removed"] or target_id == uid:
        raise IllegalCommand(
            f"there is no allied unit {target_id} to join", rule=rules.JOINING_A_UNIT
        )
    if not target["markers"]["used"]:
        raise IllegalCommand(
            f"{unit_name(target)} has no Used Unit marker: a leader may only join a used unit",
            rule=rules.JOINING_A_UNIT,
        )
    if target["leader"] is not None:
        raise IllegalCommand(f"{unit_name(target)} already has a leader", rule=rules.UNIT_LEADER)
    leader_id = unit["minis"][0]
    why = can_lead(state["minis"][leader_id], target)
    if why is not None:
        raise IllegalCommand(
            f"{leader_id} cannot lead {unit_name(target)}: {why}", rule=rules.UNIT_LEADER
        )
    final = next(
        (
            spatial.placed(base_of(state, leader_id), m["x"], m["y"], m["facing"])
            for m in moved["minis"]
            if m["id"] == leader_id
        ),
        base_of(state, leader_id),
    )
    if not any(geometry.within(final, base_of(state, mid), JOIN_REACH) for mid in target["minis"]):
        raise IllegalCommand(
            f"{leader_id} must end its move an inch or less from {unit_name(target)} to join it",
            rule=rules.JOINING_A_UNIT,
        )
    swap = command.swap_with
    if swap is not None and swap not in target["minis"]:
        raise IllegalCommand(
            f"{swap} is not a miniature of {unit_name(target)}", rule=rules.JOINING_A_UNIT
        )
    return {"type": "leader_joined", "leader_unit": uid, "unit": target_id, "swap_with": swap}


def _leave(state: State, uid: str, moved: Event) -> Event:
    unit = state["units"][uid]
    leader = unit["leader"]
    if leader is None or unit["single"]:
        raise IllegalCommand(
            f"{unit_name(unit)} has no unit leader to leave it", rule=rules.LEAVING_A_UNIT
        )
    if moved["engaging"]:
        raise IllegalCommand(
            "a leader cannot leave a unit that engages in melee combat", rule=rules.LEAVING_A_UNIT
        )
    finals = {m["id"]: (m["x"], m["y"], m["facing"]) for m in moved["minis"]}
    bases = {
        mid: (
            spatial.placed(base_of(state, mid), *finals[mid])
            if mid in finals
            else base_of(state, mid)
        )
        for mid in unit["minis"]
    }
    others = [bases[mid] for mid in unit["minis"] if mid != leader]
    if not any(geometry.within(bases[leader], base, LEAVE_REACH) for base in others):
        raise IllegalCommand(
            f"{leader} must end 5 cm or less from a miniature of {unit_name(unit)} when leaving it",
            rule=rules.LEAVING_A_UNIT,
        )
    enemies = [
        base_of(state, mid)
        for _e, enemy in live_units(state, other(unit["side"]))
        for mid in enemy["minis"]
    ]
    if any(geometry.engaged(bases[leader], enemy) for enemy in enemies):
        raise IllegalCommand(
            f"{leader} cannot be engaged in melee combat when leaving a unit",
            rule=rules.LEAVING_A_UNIT,
        )
    new_uid = f"{uid}-{leader.rsplit('.', 1)[-1]}"
    profile = leader_unit_profile(state, leader, new_uid)
    return {
        "type": "leader_left",
        "unit": uid,
        "leader": leader,
        "new_unit": new_uid,
        "profile": profile,
    }


def leader_unit_profile(state: State, leader: str, uid: str) -> dict[str, Any]:
    """The single-miniature unit a leader forms on leaving: a used, reactive unit."""
    mini = state["minis"][leader]
    profile = mini["profile"]
    return {
        "id": uid,
        "side": mini["side"],
        "name": profile["name"],
        "troop": profile["troop"],
        "type": profile["type"],
        "class": profile["class"],
        "class_rank": profile["class_rank"],
        "skirmish": profile["type"] == "skirmisher",
        "mov": profile["mov"],
        "at": list(profile["at"]),
        "ini": profile["ini"],
        "ho": profile["ho"],
        "wo": profile["wo"],
        "ranged": list(profile["ranged"]),
        "abilities": {k: list(v) for k, v in profile["abilities"].items()},
        "minis": [leader],
        "leader": leader,
        "single": True,
        "initial": 1,
        "removed": False,
        "markers": {
            "used": True,
            "stunned": 0,
            "wounded": 0,
            "sheltered": False,
            "fleeing": False,
            "unloaded": 0,
        },
        "casualty_this_turn": False,
        "ki": None,
        "no_charge_from": [],
        "moves": 1,
        "duelled": False,
    }


# -- Disengage, Reload, Shelter ---------------------------------------------------


def check_can_disengage(state: State, uid: str) -> list[str]:
    """Disengage: the units the unit is engaged with, or ``IllegalCommand`` when none."""
    fighting = engaged_units(state, uid)
    if not fighting:
        raise IllegalCommand(
            f"{unit_name(state['units'][uid])} is not engaged in melee combat",
            rule=rules.DISENGAGE,
        )
    return fighting


def _disengage(state: State, side: str, uid: str, command: Disengage) -> list[Event]:
    unit = state["units"][uid]
    engaged = engaged_minis(state, uid)
    fighting = check_can_disengage(state, uid)
    moved = move_event(
        state, side, uid, command.minis, allowance=None, boosted=False, order="disengage"
    )
    finals = {m["id"]: m for m in moved["minis"]}
    enemy_minis = [mid for eid in fighting for mid in state["units"][eid]["minis"]]
    for mid in unit["minis"]:
        end = finals.get(mid)
        base = (
            spatial.placed(base_of(state, mid), end["x"], end["y"], end["facing"])
            if end
            else base_of(state, mid)
        )
        for enemy in enemy_minis:
            if geometry.engaged(base, base_of(state, enemy)):
                raise IllegalCommand(
                    f"miniature {mid} would still be engaged with {enemy}: disengaging moves the "
                    "unit away from the units it is fighting",
                    rule=rules.DISENGAGE,
                )
        if end is not None and any(
            geometry.edge_distance(base, base_of(state, enemy))
            < geometry.edge_distance(base_of(state, mid), base_of(state, enemy)) - geometry.EPSILON
            for enemy in enemy_minis
        ):
            raise IllegalCommand(
                f"miniature {mid} would move towards the enemy it is disengaging from",
                rule=rules.DISENGAGE,
            )
    events: list[Event] = [moved]
    if unit["skirmish"]:
        return events
    wounds = sum(1 for mid in unit["minis"] if engaged[mid])
    events.append(wounds_event(state, uid, wounds, command.casualties, engaged))
    return events


def wounds_event(
    state: State,
    uid: str,
    wounds: int,
    chosen: tuple[str, ...] | None,
    in_melee: Mapping[str, bool],
) -> Event:
    """Wounds on a unit: casualties = wounds / WO (with the wounded marker);
    the owner picks them, those in melee first (Removing casualties)."""
    unit = state["units"][uid]
    total = unit["markers"]["wounded"] + wounds
    if unit["single"]:
        mid = unit["minis"][0]
        taken = state["minis"][mid]["wounds"] + wounds
        dead = taken >= unit["wo"]
        return {
            "type": "wounds_taken",
            "unit": uid,
            "wounds": wounds,
            "casualties": [mid] if dead else [],
            "wounded_marker": 0,
            "leader_wounds": {mid: taken},
        }
    full = total // unit["wo"]
    candidates = [mid for mid in unit["minis"] if mid != unit["leader"]]
    count = min(full, len(candidates))
    melee_first = [m for m in candidates if in_melee.get(m)] + [
        m for m in candidates if not in_melee.get(m)
    ]
    if chosen is None:
        casualties = melee_first[:count]
    else:
        casualties = list(chosen)
        if len(set(casualties)) != count or len(casualties) != count:
            raise IllegalCommand(
                f"{unit_name(unit)} loses {count} miniature(s); choose exactly {count}",
                rule="Combat Resolution > 2. Removing casualties",
            )
        for mid in casualties:
            if mid not in candidates:
                raise IllegalCommand(
                    f"{mid} cannot be removed as a casualty of {unit_name(unit)}",
                    rule="Combat Resolution > 2. Removing casualties",
                )
        in_melee_count = sum(1 for m in candidates if in_melee.get(m))
        chosen_in_melee = sum(1 for m in casualties if in_melee.get(m))
        if chosen_in_melee < min(count, in_melee_count):
            raise IllegalCommand(
                "casualties are removed from the miniatures in melee combat first",
                rule="Combat Resolution > Removing casualties in melee combats",
            )
    return {
        "type": "wounds_taken",
        "unit": uid,
        "wounds": wounds,
        "casualties": casualties,
        # Excess wounds beyond the miniatures that can fall are lost.
        "wounded_marker": total % unit["wo"] if count == full else 0,
        "leader_wounds": {},
    }


def _reload(state: State, side: str, uid: str, boost: bool) -> Event:
    unloaded = check_can_reload(state, uid, boost)
    return {
        "type": "reloaded",
        "side": side,
        "unit": uid,
        "removed": unloaded if boost else 1,
        "orders_spent": 2 if boost else 1,
    }


def check_can_reload(state: State, uid: str, boost: bool) -> int:
    """Reload: the unit's unloaded weapon markers, or ``IllegalCommand`` when it has
    none (or, boosted, only one)."""
    unit = state["units"][uid]
    unloaded: int = unit["markers"]["unloaded"]
    if unloaded == 0:
        raise IllegalCommand(f"{unit_name(unit)} has no unloaded weapon marker", rule=rules.RELOAD)
    if boost and unloaded < 2:
        raise IllegalCommand(
            f"{unit_name(unit)} has one unloaded weapon marker: a boosted reload needs more",
            rule=rules.RELOAD,
        )
    return unloaded


def _shelter(state: State, side: str, uid: str) -> Event:
    check_can_shelter(state, uid)
    return {"type": "sheltered", "side": side, "unit": uid, "orders_spent": 1}


def check_can_shelter(state: State, uid: str) -> None:
    """Shelter: refused to a sheltered, mounted, skirmisher or engaged unit."""
    unit = state["units"][uid]
    if unit["markers"]["sheltered"]:
        raise IllegalCommand(f"{unit_name(unit)} is already sheltered", rule=rules.SHELTER)
    if unit["type"] == "mounted" or unit["skirmish"]:
        raise IllegalCommand(
            f"{unit_name(unit)} is a {unit['type']} unit: mounted and skirmisher units cannot "
            "shelter",
            rule=rules.SHELTER,
        )
    if engaged_units(state, uid):
        raise IllegalCommand(
            f"{unit_name(unit)} is engaged in melee combat and cannot shelter", rule=rules.SHELTER
        )

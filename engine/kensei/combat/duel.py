"""Challenge to a duel (Orders and Actions > Combat Orders > Challenge to a duel).

The active unit's leader (a unit leader, or a leader alone) challenges the leader
of an enemy unit his own miniature is in melee combat with (``duel_declared``: an
order, two boosted). The challenged side answers (``duel_answer``: accept or not,
boosted or not); it spends an activation order if it has one, else it fights with
the penalty of a reactive unit without orders (``duel_answered``). Then:

- accepted: an Attack exclusively between the two leaders, each a one-miniature
  unit with his own attributes and weapons (:func:`duel_table`); the wounds go to
  the leaders only; the loser's unit withdraws or retreats with him; there is no
  chase; both units get a Used Unit marker and no combat action involves them
  until the end of the turn (``duelled``);
- refused: a normal Attack between the units without the refusing leader's attack
  attribute, and the refusing leader is Dishonoured (-1 HO and INI for the rest
  of the game, a marker on his miniature).

The combat itself runs in :mod:`engine.kensei.combat.resolution`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Dice, Event, IllegalCommand, Prompt, State
from engine.kensei import rules
from engine.kensei.combat.melee import (
    SIDE_BONUS,
    applying_weapons,
    check_boost_orders,
    check_no_combat_order_yet,
    engaged_pairs,
    melee_roll_table,
    mini_attack_side,
)
from engine.kensei.commands.combat import DuelAnswer
from engine.kensei.commands.orders import Duel
from engine.kensei.geometry.board import board
from engine.kensei.state.queries import duelled, unit_name


def _leader_on_table(state: State, uid: str) -> str | None:
    leader = state["units"][uid]["leader"]
    if leader is None or leader not in board(state).bases:
        return None
    return str(leader)


# -- the order -------------------------------------------------------------------------


def decide_duel(state: State, side: str, uid: str, command: Duel) -> list[Event]:
    """Challenge to a duel: the active unit's leader challenges the leader of an enemy
    unit he is in melee combat with."""
    boost = command.boost
    leader = check_can_duel(state, side, uid)
    target = command.target
    enemy_leader, pairs = check_duel_target(state, side, uid, leader, target)
    swap = _placing(state, leader, enemy_leader, pairs[leader], command.swap_with)
    return [
        {
            "type": "duel_declared",
            "side": side,
            "unit": uid,
            "leader": leader,
            "target": target,
            "target_leader": enemy_leader,
            "boost": boost,
            "orders_spent": 2 if boost else 1,
            "swap_with": swap,
        }
    ]


def check_can_duel(state: State, side: str, uid: str) -> str:
    """The leader who challenges, or ``IllegalCommand`` when a Challenge to a duel is
    refused to the unit whatever its target (a combat order given, no leader)."""
    check_no_combat_order_yet(state, side, uid)
    leader = _leader_on_table(state, uid)
    if leader is None:
        raise IllegalCommand(
            f"{unit_name(state['units'][uid])} has no leader to challenge a duel",
            rule=rules.DUEL,
        )
    return leader


def check_duel_target(
    state: State, side: str, uid: str, leader: str, target: str
) -> tuple[str, dict[str, list[str]]]:
    """The challenged leader and who is in melee with whom, or ``IllegalCommand`` when
    ``target``'s leader cannot be challenged by ``leader``."""
    foe = state["units"].get(target)
    if foe is None or foe["side"] == side or foe["removed"]:
        raise IllegalCommand(f"there is no enemy unit {target} to challenge", rule=rules.DUEL)
    enemy_leader = _leader_on_table(state, target)
    if enemy_leader is None:
        raise IllegalCommand(f"{unit_name(foe)} has no leader to challenge", rule=rules.DUEL)
    for involved in (uid, target):
        if duelled(state, involved):
            raise IllegalCommand(
                f"{unit_name(state['units'][involved])} fought a duel this turn: no combat "
                "action may involve it until the end of the turn",
                rule=rules.DUEL_ACCEPTED,
            )
    pairs = engaged_pairs(state, uid, target)
    if leader not in pairs:
        raise IllegalCommand(
            f"the leader {leader} is not in melee combat with {unit_name(foe)}", rule=rules.DUEL
        )
    return enemy_leader, pairs


def _placing(
    state: State, leader: str, enemy_leader: str, foes: list[str], chosen: str | None
) -> str | None:
    """The Duel is accepted, 1.: leaders not in close combat are placed in contact by the
    challenger without losing their units' formation. The challenger is in melee with
    the challenged unit, so the challenged leader exchanges places (and facing) with a
    miniature of his unit in melee with the challenger, on the same base: his unit keeps
    the very same spots, so its formation. The challenger names that miniature
    (``swap_with``), by default the first in unit order; with none on the same base the
    leaders fight where they stand. None when no exchange is made."""
    if enemy_leader in foes:
        if chosen is not None:
            raise IllegalCommand(
                f"{leader} and {enemy_leader} are already in melee combat: no one is moved",
                rule=rules.DUEL_ACCEPTED,
            )
        return None
    base = state["minis"][enemy_leader]["base"]
    unit = state["units"][state["minis"][enemy_leader]["unit"]]
    options = [m for m in unit["minis"] if m in foes and state["minis"][m]["base"] == base]
    if chosen is None:
        return options[0] if options else None
    if chosen not in options:
        raise IllegalCommand(
            f"{enemy_leader} can only exchange places with a miniature of his unit in melee "
            f"combat with {leader} on the same base: {', '.join(options) or 'there is none'}",
            rule=rules.DUEL_ACCEPTED,
        )
    return str(chosen)


# -- the answer ------------------------------------------------------------------------


def duel_prompt(state: State) -> Prompt:
    pending = state["activation"]["pending"]
    uid = pending["defender"]
    side = state["units"][uid]["side"]
    return Prompt(
        (side,),
        "duel_answer",
        options={
            "unit": uid,
            "leader": pending["leaders"][uid],
            "challenger": pending["attacker"],
            "challenger_leader": pending["leaders"][pending["attacker"]],
            "orders": state["activation"]["orders"][side],
        },
    )


def decide_duel_answer(state: State, side: str, command: DuelAnswer, dice: Dice) -> list[Event]:
    """Accept or refuse the duel; an activation order is spent either way if the side
    has one (two to boost)."""
    accept = command.accept
    boost = command.boost
    pending = state["activation"]["pending"]
    uid = pending["defender"]
    orders = state["activation"]["orders"][side]
    if boost:
        check_boost_orders(state, side, "answer", rules.BOOSTING_DUEL)
    return [
        {
            "type": "duel_answered",
            "side": side,
            "unit": uid,
            "accept": accept,
            "boost": boost,
            "orders_spent": 2 if boost else min(orders, 1),
            "without_order": orders == 0,
            "dishonoured": None if accept else pending["leaders"][uid],
            "placed": _placed(state, pending["leaders"][uid], pending.get("swap"))
            if accept
            else [],
        }
    ]


def _placed(state: State, leader: str, swap: str | None) -> list[dict[str, Any]]:
    """The exchange of places of an accepted duel (see :func:`_placing`)."""
    if swap is None:
        return []
    here = board(state).bases
    a, b = here[leader], here[swap]
    return [
        {"id": leader, "x": b.x, "y": b.y, "facing": b.facing},
        {"id": swap, "x": a.x, "y": a.y, "facing": a.facing},
    ]


# -- the leaders' Combat Roll -------------------------------------------------------------


def duel_table(
    state: State,
    uid: str,
    enemy: str,
    leaders: Mapping[str, str],
    *,
    boosted: bool,
    without_order: bool,
) -> dict[str, Any]:
    """A leader's Combat Roll in a duel, as a one-miniature unit with his own attack
    attribute and weapons; the markers and penalties of his unit still count. Same
    shape as :func:`engine.kensei.combat.melee.combat_table`."""
    unit = state["units"][uid]
    mid, eid = leaders[uid], leaders[enemy]
    here = board(state)
    mine, theirs = here.bases[mid], here.bases[eid]
    profile = state["minis"][mid]["profile"]
    foe_profile = state["minis"][eid]["profile"]
    attacks = mini_attack_side(mine, theirs)
    attacked_from = mini_attack_side(theirs, mine)
    markers = unit["markers"]
    dice: list[list[Any]] = [["leader's attack attribute", profile["at"][0]]]
    if boosted:
        dice.append(["boosted attack", 1])
    if unit["casualty_this_turn"]:
        dice.append(["casualty this turn", -1])
    if markers["used"]:
        dice.append(["Used Unit marker", -1])
    if without_order:
        dice.append(["reactive without an activation order", -1])
    if markers["sheltered"]:
        dice.append(["sheltered", -2])
    modifiers: list[list[Any]] = []
    if state["units"][enemy]["markers"]["sheltered"]:
        modifiers.append(["enemy sheltered", -1])
    elif here.scene.in_cover(eid, mid):
        modifiers.append(["enemy behind cover", -1])
    if markers["fleeing"]:
        modifiers.append(["fleeing", -2])
    if SIDE_BONUS[attacks]:
        modifiers.append(
            [f"attacks the {'rearguard' if attacks == 'rear' else attacks}", SIDE_BONUS[attacks]]
        )
    conditions = {
        "against_mounted": foe_profile["type"] == "mounted",
        "engaged_on_flank_or_rear": attacked_from != "front",
        "mounted": profile["type"] == "mounted",
    }
    context = {"melee": True, "against_creature": bool(state["units"][enemy]["presence"])}
    weapons = applying_weapons({"troop": profile["troop"]}, conditions, attacked_from)
    table = melee_roll_table(
        state, uid, enemy, attacks, dice=dice, modifiers=modifiers, weapons=weapons, context=context
    )
    return {**table, "leader": mid}


def duel_damage(state: State, uid: str, wounds: int, stuns: int) -> dict[str, Any]:
    """Every wound of a duel goes to the leader (two stuns make one more); the unit's
    miniatures, expectant, take none."""
    unit = state["units"][uid]
    extra, stunned = divmod(unit["markers"]["stunned"] + stuns, 2)
    return {"wounds": 0, "leader_wounds": wounds + extra, "stunned": stunned, "in_melee": []}

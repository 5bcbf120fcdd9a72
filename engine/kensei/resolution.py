"""A melee combat from the reactive attack to the chase (Attack; Combat Resolution).

An Attack order leaves a combat pending on the activation (``attack_declared``).
:func:`combat_step` then rolls it on, as :func:`engine.kensei.flow.advance` does
for the rest of the game, stopping where a player decides:

1. the attacked unit's reactive attack (``react``: it spends an activation order
   of its side if there is one, and may boost with two; without one it fights
   with -1D6);
2. both Combat Rolls and Wound Rolls at once (``combat_rolled``: every line of
   the Combat Roll Table and every face);
3. each unit's casualties, chosen by its owner (``casualties``: protecting the
   leader, which miniatures fall, those in melee first), or taken by default
   when there is nothing to choose (``wounds_taken``);
4. victory and defeat, isolated miniatures, the defeated unit's Honour Roll, its
   withdraw or retreat (``fell_back``) and the winner's chase (``chase``).

Wounds and casualties are in :mod:`engine.kensei.casualties`, the withdraw, retreat
and chase movements in :mod:`engine.kensei.falling_back`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Command, Dice, Event, IllegalCommand, Prompt, State
from engine.kensei import rules
from engine.kensei.casualties import (
    candidates_of,
    casualty_event,
    damage_of,
    needs_choice,
    preference_of,
    remove_isolated,
    score,
)
from engine.kensei.combat import combat_table, unit_name
from engine.kensei.commands import flag, integer, only_fields
from engine.kensei.duel import duel_damage, duel_table
from engine.kensei.falling_back import chase, fall_back
from engine.kensei.flow import Progress, engaged_units, honour_dice
from engine.kensei.queries import honour_of
from engine.kensei.rolls import success_roll, wound_roll

# -- the prompts ----------------------------------------------------------------


def combat_prompt(state: State) -> Prompt:
    """Who decides next in the pending combat."""
    pending = state["activation"]["pending"]
    stage = pending["stage"]
    if stage == "react":
        uid = pending["defender"]
        side = state["units"][uid]["side"]
        return Prompt(
            (side,),
            "react",
            options={
                "unit": uid,
                "attacker": pending["attacker"],
                "orders": state["activation"]["orders"][side],
            },
        )
    if stage == "casualties":
        uid = _awaiting(pending)
        damage = pending["damage"][uid]
        unit = state["units"][uid]
        return Prompt(
            (unit["side"],),
            "casualties",
            options={
                "unit": uid,
                "wounds": damage["wounds"],
                "leader_wounds": damage["leader_wounds"],
                "in_melee": list(damage["in_melee"]),
                "candidates": candidates_of(unit, damage),
            },
        )
    chase = pending["chase"]
    return Prompt(
        (state["units"][chase["unit"]]["side"],),
        "chase",
        options={"unit": chase["unit"], "fleeing": chase["fleeing"]},
    )


def _awaiting(pending: Mapping[str, Any]) -> str:
    return next(uid for uid in _fighters(pending) if uid not in pending["taken"])


def _fighters(pending: Mapping[str, Any]) -> list[str]:
    """The units that take wounds: both in a melee, the target of a shoot."""
    if pending.get("mode") == "shoot":
        return [pending["defender"]]
    return [pending["attacker"], pending["defender"]]


# -- the answers ----------------------------------------------------------------


def decide_answer(state: State, side: str, kind: str, command: Command, dice: Dice) -> list[Event]:
    pending = state["activation"]["pending"]
    if kind == "react":
        only_fields(command, {"type", "side", "boost"})
        boost = flag(command.get("boost", False), "boost")
        orders = state["activation"]["orders"][side]
        if boost and orders < 2:
            raise IllegalCommand(
                f"side {side} has {orders} activation order(s) left; a boosted reactive attack "
                "needs 2",
                rule=rules.BOOSTING_ATTACK,
            )
        return [_reaction(state, pending, boost)]
    if kind == "casualties":
        only_fields(command, {"type", "side", "protect", "order"})
        uid = _awaiting(pending)
        damage = pending["damage"][uid]
        protect = integer(command.get("protect", 0), "protect", low=0, high=100)
        if protect > damage["leader_wounds"]:
            raise IllegalCommand(
                f"the leader of {unit_name(state['units'][uid])} took "
                f"{damage['leader_wounds']} wound(s); {protect} cannot be diverted",
                rule=rules.PROTECTING_THE_LEADER,
            )
        preference = preference_of(state, uid, damage, command.get("order", []))
        return [
            casualty_event(state, uid, damage, protect=protect, preference=preference, dice=dice)
        ]
    only_fields(command, {"type", "side", "chase"})
    if not flag(command.get("chase"), "chase"):
        return [
            {"type": "chase_declined", "unit": pending["chase"]["unit"]},
            {"type": "combat_ended"},
        ]
    return [
        *chase(state, pending["chase"]["unit"], pending["chase"]["fleeing"], dice),
        {"type": "combat_ended"},
    ]


def _reaction(state: State, pending: Mapping[str, Any], boost: bool) -> Event:
    uid = pending["defender"]
    side = state["units"][uid]["side"]
    orders = state["activation"]["orders"][side]
    return {
        "type": "reactive_attack_declared",
        "side": side,
        "unit": uid,
        "boost": boost,
        "orders_spent": 2 if boost else min(orders, 1),
        "without_order": orders == 0,
    }


# -- rolling the combat on ---------------------------------------------------------


def combat_step(progress: Progress, dice: Dice) -> bool:
    """One automatic step of the pending combat; False when a player must decide."""
    state = progress.state
    pending = state["activation"]["pending"]
    stage = pending["stage"]
    if stage == "react":
        side = state["units"][pending["defender"]]["side"]
        if state["activation"]["orders"][side] >= 2:
            return False
        progress.emit(_reaction(state, pending, False))
        return True
    if stage == "roll":
        progress.emit(_rolls(state, pending, dice))
        return True
    if stage == "casualties":
        if all(uid in pending["taken"] for uid in _fighters(pending)):
            if pending.get("mode") == "shoot":
                _shot_outcome(progress, dice)
            else:
                _outcome(progress, dice)
            return True
        uid = _awaiting(pending)
        damage = pending["damage"][uid]
        nearest = damage.get("nearest")  # Hold and shoot: the ranks nearest the shooters
        if nearest is None and not pending.get("duel") and needs_choice(state, uid, damage):
            return False
        progress.emit(
            casualty_event(state, uid, damage, protect=0, preference=nearest or [], dice=dice)
        )
        return True
    return bool(stage != "chase")


def _rolls(state: State, pending: Mapping[str, Any], dice: Dice) -> Event:
    """Both Combat Rolls at once, then both Wound Rolls."""
    attacker, defender = _fighters(pending)
    duel = pending.get("duel")
    refused = pending.get("refused")
    tables = {
        uid: duel_table(
            state,
            uid,
            enemy,
            duel,
            boosted=pending["boost"].get(uid, False),
            without_order=pending["without_order"].get(uid, False),
        )
        if duel
        else combat_table(
            state,
            uid,
            enemy,
            boosted=pending["boost"].get(uid, False),
            without_order=pending["without_order"].get(uid, False),
            charging=pending.get("charging") == uid,
            charged=pending.get("charged") == uid,
            without_leader=refused is not None and state["units"][uid]["leader"] == refused,
        )
        for uid, enemy in ((attacker, defender), (defender, attacker))
    }
    rolls = []
    for uid, enemy in ((attacker, defender), (defender, attacker)):
        table = tables[uid]
        modifier = table["modifier"] + tables[enemy]["enemy_die_modifier"]
        roll = success_roll(dice, table["dice"], modifier)
        rolls.append({**table, "modifier": modifier, "combat_roll": roll.to_dict()})
    damage = {}
    for entry in rolls:
        wounds = wound_roll(
            dice, entry["combat_roll"]["successes"], entry["wound_modifier"], shooting=False
        )
        entry["wound_roll"] = wounds.to_dict()
        if duel:
            damage[entry["enemy"]] = duel_damage(state, entry["enemy"], wounds.wounds, wounds.stuns)
        else:
            damage[entry["enemy"]] = damage_of(
                state, entry["enemy"], wounds.wounds, wounds.criticals, wounds.stuns
            )
    return {
        "type": "combat_rolled",
        "attacker": attacker,
        "defender": defender,
        "rolls": rolls,
        "damage": damage,
    }


# -- the outcome --------------------------------------------------------------------


def _outcome(progress: Progress, dice: Dice) -> None:
    state = progress.state
    pending = state["activation"]["pending"]
    a, b = _fighters(pending)
    taken = pending["taken"]
    duel = pending.get("duel")
    gone = {uid: state["units"][uid]["removed"] for uid in (a, b)}
    if duel:  # the duel is lost by the leader who dies, else by the more wounded one
        gone = {uid: duel[uid] in taken[uid]["casualties"] for uid in (a, b)}
    scores = {uid: score(state, uid, taken[uid]) for uid in (a, b)}
    singles = bool(duel) or (state["units"][a]["single"] and state["units"][b]["single"])
    measure = {uid: taken[uid]["wounds"] for uid in (a, b)} if singles else scores
    winner = loser = None
    if gone[a] != gone[b]:
        loser = a if gone[a] else b
    elif measure[a] != measure[b]:
        loser = a if measure[a] > measure[b] else b
    if loser is not None:
        winner = b if loser == a else a
    progress.emit({"type": "combat_result", "winner": winner, "loser": loser, "casualties": scores})
    for uid in (a, b):
        remove_isolated(progress, uid)
    if loser is None or progress.state["units"][loser]["removed"]:
        progress.emit({"type": "combat_ended"})
        return
    fell = _honour(progress, dice, loser)
    state = progress.state
    chase_possible = (
        fell == "retreat"
        and not duel  # the men around respect the duel: no chase
        and winner is not None
        and not state["units"][winner]["removed"]
        and not state["units"][loser]["removed"]
        and all(uid == loser for uid in engaged_units(state, winner))
    )
    if chase_possible:
        progress.emit({"type": "chase_offered", "unit": winner, "fleeing": loser})
    else:
        progress.emit({"type": "combat_ended"})


def _shot_outcome(progress: Progress, dice: Dice) -> None:
    """After a shoot: isolated miniatures, then the target's Honour Roll when it lost
    half or more of the miniatures it had when shot (4. Honour Roll); no chase."""
    state = progress.state
    pending = state["activation"]["pending"]
    target, shooter = pending["defender"], pending["attacker"]
    lost = len(pending["taken"][target]["casualties"])
    before = pending["before"]
    progress.emit(
        {
            "type": "shoot_result",
            "unit": target,
            "casualties": lost,
            "before": before,
            "honour_roll": 2 * lost >= before and lost > 0,
        }
    )
    remove_isolated(progress, target)
    if 2 * lost >= before and lost > 0 and not progress.state["units"][target]["removed"]:
        _honour(progress, dice, target, reason="shot", away_from=shooter)
    progress.emit({"type": "combat_ended"})


def _honour(
    progress: Progress,
    dice: Dice,
    uid: str,
    *,
    reason: str = "defeated",
    away_from: str | None = None,
) -> str | None:
    """The defeated unit's Honour Roll; on a failure it withdraws or retreats (a
    creature takes an extra wound instead). Returns "withdraw", "retreat" or None."""
    state = progress.state
    unit = state["units"][uid]
    target = honour_of(state, uid)
    faces, best_of_two = honour_dice(state, uid, dice)
    success = min(faces) <= target
    progress.emit(
        {
            "type": "honour_rolled",
            "unit": uid,
            "reason": reason,
            "dice": faces,
            "best_of_two": best_of_two,
            "target": target,
            "modifiers": [],
            "success": success,
        }
    )
    if success:
        return None
    if unit.get("presence"):
        damage = damage_of(state, uid, 1, 0, 0)
        damage["stunned"] = unit["markers"]["stunned"]
        progress.emit(
            casualty_event(state, uid, damage, protect=0, preference=[], dice=dice, combat=False)
        )
        return None
    remaining = sum(1 for m in unit["minis"] if unit["single"] or m != unit["leader"])
    kind = "withdraw" if 2 * remaining >= unit["initial"] else "retreat"
    progress.emit(fall_back(state, uid, kind, dice, away_from=away_from))
    remove_isolated(progress, uid)
    return kind

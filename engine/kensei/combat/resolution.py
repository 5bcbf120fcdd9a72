"""A melee combat from the reactive attack to the chase (Attack; Combat Resolution).

An Attack order leaves a combat pending on the activation (``attack_declared``).
:func:`combat_step` then rolls it on, as :func:`engine.kensei.turn.sequence.advance` does
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

In a multiple combat (:mod:`engine.kensei.combat.multiple`) every unit of the group
but the attacker reacts in turn, the players say which unit each miniature in
contact with two fights and the order of the combats, then steps 2 and 3 run for
each combat of the chain (``next_combat``) before step 4 for the whole group.

Wounds and casualties are in :mod:`engine.kensei.combat.casualties`, the outcome in
:mod:`engine.kensei.combat.outcome`, the withdraw, retreat and chase movements in
:mod:`engine.kensei.combat.falling_back`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Dice, Event, IllegalCommand, Prompt, State
from engine.kensei import rules
from engine.kensei.combat.casualties import (
    candidates_of,
    casualty_event,
    damage_of,
    needs_choice,
    preference_of,
)
from engine.kensei.combat.closing import (
    close,
    decide_facing,
    decide_melee_move,
    facing_prompt,
    melee_move_prompt,
)
from engine.kensei.combat.duel import duel_damage, duel_table
from engine.kensei.combat.falling_back import chase
from engine.kensei.combat.melee import check_boost_orders, combat_table
from engine.kensei.combat.multiple import chain_question, next_combat
from engine.kensei.combat.outcome import (
    fighters,
    outcome,
    resolution_prompt,
    resolve_losers,
    shot_outcome,
)
from engine.kensei.combat.side_choice import decide_side, side_question
from engine.kensei.commands.combat import (
    AttackedSide,
    Casualties,
    Chase,
    MeleeMove,
    React,
    WithdrawFacing,
)
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import unit_name
from engine.kensei.state.rolls import success_roll, wound_roll

# -- the prompts ----------------------------------------------------------------


def combat_prompt(state: State) -> Prompt:
    """Who decides next in the pending combat."""
    pending = state["activation"]["pending"]
    stage = pending["stage"]
    if pending.get("facings"):
        return facing_prompt(state, pending["facings"][0])
    if pending.get("closing"):
        return melee_move_prompt(state, pending["melee_moves"][0])
    if stage == "react":
        uid = _reacting(pending)
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
    if stage == "roll":
        question = chain_question(state, pending)
        if question is None:
            tie = side_question(state, pending, fighters(pending))
            assert tie is not None  # combat_step rolls when nothing is left to decide
            return tie
        kind, side, options = question
        return Prompt((side,), kind, options=options)
    if stage == "result":
        return resolution_prompt(state)
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
    return next(uid for uid in fighters(pending) if uid not in pending["taken"])


def _reacting(pending: Mapping[str, Any]) -> str:
    """The unit whose reactive attack is awaited (in a multiple combat every unit of
    the group but the attacker reacts, the attacked one first)."""
    reacting = pending.get("reacting")
    return str(reacting[0]) if reacting else str(pending["defender"])


# -- the answers ----------------------------------------------------------------


def decide_attacked_side(state: State, side: str, command: AttackedSide) -> list[Event]:
    return [decide_side(state, side, command, combat_prompt(state))]


def decide_withdraw_facing(state: State, side: str, command: WithdrawFacing) -> list[Event]:
    pending = state["activation"]["pending"]
    return [decide_facing(state, side, command, pending["facings"][0])]


def decide_melee_moves(state: State, side: str, command: MeleeMove) -> list[Event]:
    pending = state["activation"]["pending"]
    return [decide_melee_move(state, side, command, pending["melee_moves"][0])]


def decide_react(state: State, side: str, command: React) -> list[Event]:
    """The reactive attack of the attacked unit (``boost``: two orders)."""
    pending = state["activation"]["pending"]
    if command.boost:
        check_boost_orders(state, side, "reactive attack", rules.BOOSTING_ATTACK)
    return [_reaction(state, pending, command.boost)]


def decide_casualties(state: State, side: str, command: Casualties, dice: Dice) -> list[Event]:
    """The owner removes the casualties (``order``: those to remove first) and may divert
    wounds from the unit's leader (``protect``)."""
    pending = state["activation"]["pending"]
    uid = _awaiting(pending)
    damage = pending["damage"][uid]
    protect = command.protect
    if protect > damage["leader_wounds"]:
        raise IllegalCommand(
            f"the leader of {unit_name(state['units'][uid])} took "
            f"{damage['leader_wounds']} wound(s); {protect} cannot be diverted",
            rule=rules.PROTECTING_THE_LEADER,
        )
    preference = preference_of(state, uid, damage, command.order)
    return [casualty_event(state, uid, damage, protect=protect, preference=preference, dice=dice)]


def decide_chase(state: State, side: str, command: Chase, dice: Dice) -> list[Event]:
    """A winner whose enemy retreated chases it, or not."""
    pending = state["activation"]["pending"]
    last: Event = {"type": "next_chase"}  # another winner may chase next (multiple combat)
    if not command.chase:
        return [{"type": "chase_declined", "unit": pending["chase"]["unit"]}, last]
    return [*chase(state, pending["chase"]["unit"], pending["chase"]["fleeing"], dice), last]


def _reaction(state: State, pending: Mapping[str, Any], boost: bool) -> Event:
    uid = _reacting(pending)
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
    if pending.get("facings"):
        return False
    if pending.get("closing"):
        if pending["melee_moves"]:
            return False
        progress.emit({"type": "combat_ended"})
        return True
    if stage == "chase" and pending["chase"] is None:  # every chase answered
        close(progress)
        return True
    if stage == "react":
        side = state["units"][_reacting(pending)]["side"]
        if state["activation"]["orders"][side] >= 2:
            return False
        progress.emit(_reaction(state, pending, False))
        return True
    if stage == "roll":
        if chain_question(state, pending) is not None:
            return False
        if side_question(state, pending, fighters(pending)) is not None:
            return False
        progress.emit(_rolls(state, pending, dice))
        return True
    if stage == "result":  # a multiple combat's defeated units, once ordered
        if not pending.get("losers_ordered"):
            return False
        resolve_losers(progress, dice, pending["losers"], pending["winners"])
        return True
    if stage == "casualties":
        if all(uid in pending["taken"] for uid in fighters(pending)):
            following = next_combat(state, pending)
            if pending.get("mode") == "shoot":
                shot_outcome(progress, dice)
            elif following is not None:
                progress.emit({"type": "next_combat", "fight": following})
            else:
                outcome(progress, dice)
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
    attacker, defender = fighters(pending)
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
            charged=_is_charged(pending, uid),
            without_leader=refused is not None and state["units"][uid]["leader"] == refused,
            assigned=pending.get("assign"),
            chosen=pending.get("sides_chosen"),
        )
        for uid, enemy in ((attacker, defender), (defender, attacker))
    }
    rolls = []
    units = state["units"]
    for uid, enemy in ((attacker, defender), (defender, attacker)):
        table = tables[uid]
        modifier = table["modifier"] + tables[enemy]["enemy_die_modifier"]
        roll = success_roll(
            dice,
            table["dice"],
            modifier,
            table["rerolls"]["attack_roll"],
            by=units[uid]["side"],
            what=f"Combat Roll of {units[uid]['name']} ({uid})",
        )
        rolls.append({**table, "modifier": modifier, "combat_roll": roll.to_dict()})
    damage = {}
    for (uid, _enemy), entry in zip(
        ((attacker, defender), (defender, attacker)), rolls, strict=True
    ):
        wounds = wound_roll(
            dice,
            entry["combat_roll"]["successes"],
            entry["wound_modifier"],
            shooting=False,
            rerolls=entry["rerolls"]["wound_roll"],
            by=units[uid]["side"],
            what=f"Wound Roll of {units[uid]['name']} ({uid})",
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


def _is_charged(pending: Mapping[str, Any], uid: str) -> bool:
    """Whether ``uid`` received the charge that led to this combat (a charge against
    several units names them all)."""
    charged = pending.get("charged")
    return uid == charged or (isinstance(charged, list) and uid in charged)

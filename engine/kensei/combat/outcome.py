"""The outcome of a melee combat or a shoot (Combat Resolution > 3. Victory and
Defeated unit, 4. Honour Roll, 5. Withdrawn or retreating movements, 6. Chasing
movements, 7. Removing isolated miniatures), for one combat or a chain of them
(Attack > Multiple combat: "when all combats are over, resolve the combat in the
normal way with each of the units involved").

In a multiple combat the *sides* win or lose: each side adds up the casualties
its units took in every combat of the chain (a leader counting two); the side
with more is defeated and every unit of it left on the table makes the Honour
Roll, in the order the winning side chooses (``resolution_order``). A side whose
units are all destroyed loses whatever the count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Dice, Event, IllegalCommand, Prompt, State
from engine.kensei import rules
from engine.kensei.combat.casualties import casualty_event, damage_of, remove_isolated, score
from engine.kensei.combat.closing import close, facing_question
from engine.kensei.combat.falling_back import fall_back
from engine.kensei.commands.combat import ResolutionOrder
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.honour import honour_roll_event
from engine.kensei.state.progress import Progress


def fighters(pending: Mapping[str, Any]) -> list[str]:
    """The units that take wounds now: the current combat of a melee (of the chain in
    a multiple combat), the target of a shoot."""
    if pending.get("mode") == "shoot":
        return [pending["defender"]]
    fight = pending.get("fight")
    return list(fight) if fight else [pending["attacker"], pending["defender"]]


def individual(unit: Mapping[str, Any]) -> bool:
    """An individual troop (3. Victory: "a combat between individual troops"): a unit
    fielded as one miniature, a leader alone or a single-miniature unique troop."""
    return bool(unit["single"]) or (unit["initial"] == 1 and unit["leader"] is None)


def outcome(progress: Progress, dice: Dice) -> None:
    """Victory and defeat once every combat is fought, isolated miniatures, then the
    defeated units' Honour Rolls (the winning side orders them when there are two)."""
    state = progress.state
    pending = state["activation"]["pending"]
    fights = [*pending.get("tally", []), {"fight": fighters(pending), "taken": pending["taken"]}]
    units = list(pending.get("group") or fighters(pending))
    scores = dict.fromkeys(units, 0)
    wounds = dict.fromkeys(units, 0)
    for fight in fights:
        for uid, taken in fight["taken"].items():
            scores[uid] += score(state, uid, taken)
            wounds[uid] += taken["wounds"]
    duel = pending.get("duel")
    if duel:  # the duel is lost by the leader who dies, else by the more wounded one
        gone = {uid: duel[uid] in pending["taken"][uid]["casualties"] for uid in units}
    else:
        gone = {uid: state["units"][uid]["removed"] for uid in units}
    singles = bool(duel) or all(individual(state["units"][uid]) for uid in units)
    measure = wounds if singles else scores
    sides = {s: [u for u in units if state["units"][u]["side"] == s] for s in ("A", "B")}
    lost = {s: all(gone[u] for u in sides[s]) for s in sides}
    total = {s: sum(measure[u] for u in sides[s]) for s in sides}
    losing = None
    if lost["A"] != lost["B"]:
        losing = "A" if lost["A"] else "B"
    elif total["A"] != total["B"]:
        losing = "A" if total["A"] > total["B"] else "B"
    winners = [u for u in units if losing and state["units"][u]["side"] != losing]
    losers = [u for u in units if losing and state["units"][u]["side"] == losing]
    event: Event = {"type": "combat_result"}
    if len(units) == 2:
        event.update(
            winner=winners[0] if winners else None,
            loser=losers[0] if losers else None,
            casualties=scores,
        )
    else:
        event.update(
            winning_side=None if losing is None else ("B" if losing == "A" else "A"),
            winners=winners,
            losers=losers,
            casualties=scores,
        )
    progress.emit(event)
    for uid in units:
        remove_isolated(progress, uid)
    standing = [u for u in losers if not progress.state["units"][u]["removed"]]
    if len(standing) > 1:
        return  # the winning side orders the defeated units' resolutions
    resolve_losers(progress, dice, standing, winners)


def resolution_prompt(state: State) -> Prompt:
    pending = state["activation"]["pending"]
    standing = [u for u in pending["losers"] if not state["units"][u]["removed"]]
    return Prompt(
        (state["units"][pending["winners"][0]]["side"],),
        "resolution_order",
        options={"units": standing},
    )


def decide_resolution_order(state: State, side: str, command: ResolutionOrder) -> list[Event]:
    standing = resolution_prompt(state).options["units"]
    order = command.order
    if sorted(order) != sorted(standing) or len(order) != len(standing):
        raise IllegalCommand(
            "order must list every defeated unit once: " + ", ".join(standing),
            rule=rules.MULTIPLE_COMBAT,
        )
    return [{"type": "resolution_ordered", "side": side, "units": list(order)}]


def resolve_losers(progress: Progress, dice: Dice, losers: list[str], winners: list[str]) -> None:
    """Each defeated unit's Honour Roll and fall back, in order; a winner that fought
    a retreating unit and fights no other may chase it (one chase per winner)."""
    pending = progress.state["activation"]["pending"]
    duel = pending.get("duel")
    fought = [
        pair
        for fight in [*pending.get("tally", []), {"fight": fighters(pending)}]
        for pair in (fight["fight"],)
    ]
    offered: list[str] = []
    for loser in losers:
        if progress.state["units"][loser]["removed"]:
            continue
        fell = honour(progress, dice, loser)
        state = progress.state
        if fell != "retreat" or duel or state["units"][loser]["removed"]:
            continue  # the men around respect a duel: no chase
        for winner in winners:
            chaser_ok = (
                winner not in offered
                and not state["units"][winner]["removed"]
                and any(loser in pair and winner in pair for pair in fought)
                and all(uid == loser for uid in engaged_units(state, winner))
            )
            if chaser_ok:
                offered.append(winner)
                progress.emit({"type": "chase_offered", "unit": winner, "fleeing": loser})
                break
    if not offered:
        close(progress)


def shot_outcome(progress: Progress, dice: Dice) -> None:
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
        honour(progress, dice, target, reason="shot", away_from=shooter)
    close(progress)


def honour(
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
    event = honour_roll_event(state, uid, dice, reason=reason)
    progress.emit(event)
    if event["success"]:
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
    fell = fall_back(state, uid, kind, dice, away_from=away_from)
    progress.emit(fell)
    remove_isolated(progress, uid)
    if kind == "withdraw" and not progress.state["units"][uid]["removed"]:
        asked = facing_question(progress.state, uid, fell["heading"])
        if asked is not None:  # "miniatures can be faced anywhere": the owner's choice
            progress.emit(asked)
    return kind

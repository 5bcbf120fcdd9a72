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
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.kensei import geometry, rules
from engine.kensei.board import board
from engine.kensei.combat import combat_table, engaged_pairs, unit_name
from engine.kensei.commands import flag, integer, only_fields
from engine.kensei.flow import Progress, engaged_units, honour_dice
from engine.kensei.geometry import Base
from engine.kensei.queries import honour_of
from engine.kensei.rolls import success_roll, wound_roll

STEP = 20  # withdraw, retreat and chase moves are traced in 2 mm steps
SKIRMISHER_PASS = 500  # "no more than 5 cm away" beyond the allied unit passed


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


def candidates_of(unit: Mapping[str, Any], damage: Mapping[str, Any]) -> list[str]:
    """The miniatures that may fall (not the unit leader, who has his own track; in a
    shoot only those the shooters see)."""
    found = [m for m in unit["minis"] if m != unit["leader"]]
    if "eligible" in damage:
        eligible = set(damage["eligible"])
        found = [m for m in found if m in eligible]
    return found


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
        preference = _preference(state, uid, damage, command.get("order", []))
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
        *_chase(state, pending["chase"]["unit"], pending["chase"]["fleeing"], dice),
        {"type": "combat_ended"},
    ]


def _preference(state: State, uid: str, damage: Mapping[str, Any], raw: Any) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(m, str) for m in raw):
        raise InvalidCommand("order must be a list of miniature ids")
    unit = state["units"][uid]
    candidates = candidates_of(unit, damage)
    if len(set(raw)) != len(raw):
        raise InvalidCommand("order lists a miniature twice")
    for mid in raw:
        if mid not in candidates:
            raise IllegalCommand(
                f"{mid} cannot be removed as a casualty of {unit_name(unit)}",
                rule=rules.REMOVING_CASUALTIES,
            )
    return list(raw)


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
        if nearest is None and needs_choice(state, uid, damage):
            return False
        progress.emit(
            casualty_event(state, uid, damage, protect=0, preference=nearest or [], dice=dice)
        )
        return True
    return bool(stage != "chase")


def _rolls(state: State, pending: Mapping[str, Any], dice: Dice) -> Event:
    """Both Combat Rolls at once, then both Wound Rolls."""
    attacker, defender = _fighters(pending)
    tables = {
        uid: combat_table(
            state,
            uid,
            enemy,
            boosted=pending["boost"].get(uid, False),
            without_order=pending["without_order"].get(uid, False),
            charging=pending.get("charging") == uid,
            charged=pending.get("charged") == uid,
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
        damage[entry["enemy"]] = _damage(
            state, entry["enemy"], wounds.wounds, wounds.criticals, wounds.stuns
        )
    return {
        "type": "combat_rolled",
        "attacker": attacker,
        "defender": defender,
        "rolls": rolls,
        "damage": damage,
    }


def _damage(state: State, uid: str, wounds: int, criticals: int, stuns: int) -> dict[str, Any]:
    """What a Wound Roll does to a unit: criticals to a unit leader (a leader in a unit is
    wounded only by criticals), two stunned markers swapped for an extra wound."""
    unit = state["units"][uid]
    extra, stunned = divmod(unit["markers"]["stunned"] + stuns, 2)
    leader_in_unit = unit["leader"] is not None and not unit["single"]
    here = board(state)
    placed = [m for m in unit["minis"] if m in here.bases]
    engaged = here.engaged_minis(placed, unit["side"])
    return {
        "wounds": wounds - (criticals if leader_in_unit else 0) + extra,
        "leader_wounds": criticals if leader_in_unit else 0,
        "stunned": stunned,
        "in_melee": [m for m in placed if engaged[m]],
    }


def needs_choice(state: State, uid: str, damage: Mapping[str, Any]) -> bool:
    """Whether the owner has anything to choose: diverting a leader's wounds, or which
    of several miniatures fall."""
    unit = state["units"][uid]
    if unit["single"]:
        return False
    if damage["leader_wounds"] and unit["leader"] is not None:
        return True
    candidates = candidates_of(unit, damage)
    count = min((unit["markers"]["wounded"] + damage["wounds"]) // unit["wo"], len(candidates))
    return bool(0 < count < len(candidates))


def casualty_event(
    state: State,
    uid: str,
    damage: Mapping[str, Any],
    *,
    protect: int,
    preference: Sequence[str],
    dice: Dice,
    combat: bool = True,
) -> Event:
    """Wounds and casualties of a unit (Removing casualties): a casualty per WO wounds
    with the wounded marker, those in melee first in the owner's order; a leader's
    wounds on his own track, ``protect`` of them diverted to the unit on a 4+ each."""
    unit = state["units"][uid]
    wounds, leader_hits = damage["wounds"], damage["leader_wounds"]
    protection = None
    if protect:
        faces = dice.roll(protect)
        diverted = sum(1 for face in faces if face >= 4)
        wounds += diverted
        leader_hits -= diverted
        protection = {"faces": faces, "diverted": diverted}
    casualties: list[str] = []
    leader_wounds: dict[str, int] = {}
    marker = 0
    if unit["single"]:
        mid = unit["minis"][0]
        taken = state["minis"][mid]["wounds"] + wounds + leader_hits
        leader_wounds[mid] = taken
        if taken >= unit["wo"]:
            casualties.append(mid)
    else:
        leader = unit["leader"]
        candidates = candidates_of(unit, damage)
        if not [m for m in unit["minis"] if m != leader] and leader is not None:
            leader_hits += wounds  # a leader left alone is wounded as an individual troop
            wounds = 0
        total = unit["markers"]["wounded"] + wounds
        full = total // unit["wo"]
        count = min(full, len(candidates))
        in_melee = set(damage["in_melee"])
        ranked = [m for m in preference if m in candidates]
        ranked += [m for m in candidates if m not in ranked]
        ranked = [m for m in ranked if m in in_melee] + [m for m in ranked if m not in in_melee]
        casualties = ranked[:count]
        marker = total % unit["wo"] if count == full else 0
        if leader is not None and leader_hits > 0:
            taken = state["minis"][leader]["wounds"] + leader_hits
            leader_wounds[leader] = taken
            if taken >= state["minis"][leader]["profile"]["wo"]:
                casualties.append(leader)
    return {
        "type": "wounds_taken",
        "unit": uid,
        "wounds": damage["wounds"] + damage["leader_wounds"],
        "casualties": casualties,
        "wounded_marker": marker,
        "leader_wounds": leader_wounds,
        "stunned_marker": damage["stunned"],
        "protect": protection,
        "combat": combat,
    }


# -- the outcome --------------------------------------------------------------------


def _score(state: State, uid: str, taken: Mapping[str, Any]) -> int:
    """Casualties for victory and defeat: a leader counts two."""
    return sum(2 if state["minis"][m]["is_leader"] else 1 for m in taken["casualties"])


def _outcome(progress: Progress, dice: Dice) -> None:
    state = progress.state
    pending = state["activation"]["pending"]
    a, b = _fighters(pending)
    taken = pending["taken"]
    gone = {uid: state["units"][uid]["removed"] for uid in (a, b)}
    scores = {uid: _score(state, uid, taken[uid]) for uid in (a, b)}
    singles = state["units"][a]["single"] and state["units"][b]["single"]
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
        _remove_isolated(progress, uid)
    if loser is None or progress.state["units"][loser]["removed"]:
        progress.emit({"type": "combat_ended"})
        return
    fell = _honour(progress, dice, loser)
    state = progress.state
    chase_possible = (
        fell == "retreat"
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
    _remove_isolated(progress, target)
    if 2 * lost >= before and lost > 0 and not progress.state["units"][target]["removed"]:
        _honour(progress, dice, target, reason="shot", away_from=shooter)
    progress.emit({"type": "combat_ended"})


def _remove_isolated(progress: Progress, uid: str) -> None:
    """Removing isolated miniatures: none of its unit within the cohesive distance
    (2.5 cm; 5 cm for skirmishers); an army leader is never isolated."""
    state = progress.state
    unit = state["units"][uid]
    if unit["removed"] or len(unit["minis"]) < 2:
        return
    bases = board(state).bases
    reach = geometry.SKIRMISH_DISTANCE if unit["skirmish"] else geometry.MELEE_DISTANCE
    lost = [
        mid
        for mid in unit["minis"]
        if not state["minis"][mid]["is_leader"]
        and not any(geometry.within(bases[mid], bases[o], reach) for o in unit["minis"] if o != mid)
    ]
    if lost:
        progress.emit({"type": "miniatures_lost", "unit": uid, "minis": lost, "reason": "isolated"})


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
        damage = _damage(state, uid, 1, 0, 0)
        damage["stunned"] = unit["markers"]["stunned"]
        progress.emit(
            casualty_event(state, uid, damage, protect=0, preference=[], dice=dice, combat=False)
        )
        return None
    remaining = sum(1 for m in unit["minis"] if unit["single"] or m != unit["leader"])
    kind = "withdraw" if 2 * remaining >= unit["initial"] else "retreat"
    progress.emit(_fall_back(state, uid, kind, dice, away_from=away_from))
    _remove_isolated(progress, uid)
    return kind


def _centre(bases: Sequence[Base]) -> tuple[int, int]:
    return (sum(b.x for b in bases) // len(bases), sum(b.y for b in bases) // len(bases))


def _fall_back(
    state: State, uid: str, kind: str, dice: Dice, *, away_from: str | None = None
) -> Event:
    """Withdraw or retreat: 2D6 cm (3D6 mounted) away from the units it fights (or
    from the unit that shot it)."""
    unit = state["units"][uid]
    bases = board(state).bases
    faces = dice.roll(3 if unit["type"] == "mounted" else 2)
    distance = sum(faces) * 100
    foes = [
        e
        for enemy in engaged_units(state, uid)
        for pairs in (engaged_pairs(state, enemy, uid),)
        for e in pairs
    ]
    if away_from is not None and not foes:
        foes = [m for m in state["units"][away_from]["minis"] if m in bases]
    own = [bases[m] for m in unit["minis"] if m in bases]
    start = _centre(own)
    if foes:
        origin = _centre([bases[m] for m in foes])
        heading = (
            geometry.heading(origin, start) if origin != start else (own[0].facing + 1800) % 3600
        )
    else:
        heading = (own[0].facing + 1800) % 3600
    finals, lost, _caught = _slide(
        state,
        uid,
        heading,
        distance,
        facing=heading if kind == "retreat" else None,
        chasing=frozenset(),
    )
    return {
        "type": "fell_back",
        "side": unit["side"],
        "unit": uid,
        "kind": kind,
        "dice": faces,
        "distance": distance,
        "heading": heading,
        "minis": finals,
        "lost": lost,
    }


def _chase(state: State, uid: str, fleeing: str, dice: Dice) -> list[Event]:
    """Chasing movements: an Honour Roll, then 2D6 cm (3D6 mounted) towards the fleeing
    miniatures; a chaser touching one stops and that miniature is a casualty."""
    unit = state["units"][uid]
    target = honour_of(state, uid)
    faces, best_of_two = honour_dice(state, uid, dice)
    success = min(faces) <= target
    events: list[Event] = [
        {
            "type": "honour_rolled",
            "unit": uid,
            "reason": "chase",
            "dice": faces,
            "best_of_two": best_of_two,
            "target": target,
            "modifiers": [],
            "success": success,
        }
    ]
    if not success:
        return events
    bases = board(state).bases
    move = dice.roll(3 if unit["type"] == "mounted" else 2)
    distance = sum(move) * 100
    start = _centre([bases[m] for m in unit["minis"] if m in bases])
    goal = _centre([bases[m] for m in state["units"][fleeing]["minis"] if m in bases])
    heading = geometry.heading(start, goal) if goal != start else bases[unit["minis"][0]].facing
    chasing = frozenset(state["units"][fleeing]["minis"])
    finals, _lost, caught = _slide(state, uid, heading, distance, facing=heading, chasing=chasing)
    events.append(
        {
            "type": "chased",
            "side": unit["side"],
            "unit": uid,
            "fleeing": fleeing,
            "dice": move,
            "distance": distance,
            "heading": heading,
            "minis": finals,
            "caught": caught,
        }
    )
    return events


class _Slide:
    """What a straight move of a unit needs to know, looked up once."""

    def __init__(self, state: State, uid: str, heading: int, chasing: frozenset[str]) -> None:
        here = board(state)
        self.unit = state["units"][uid]
        self.here = here
        self.table = state["table"]
        self.ux = math.cos(math.radians(heading / 10))
        self.uy = math.sin(math.radians(heading / 10))
        self.positions = dict(here.bases)
        self.sides = {mid: state["minis"][mid]["side"] for mid in self.positions}
        self.chasing = chasing
        self.lost: list[str] = []
        self.caught: list[str] = []
        self.halt = False

    def order(self) -> list[str]:
        """The unit's miniatures, the leading ones first."""
        mine = [m for m in self.unit["minis"] if m in self.positions]
        mine.sort(key=lambda m: -(self.positions[m].x * self.ux + self.positions[m].y * self.uy))
        return mine

    def move(self, mid: str, mine: list[str], distance: int, facing: int | None) -> Base | None:
        """Where one miniature ends (None: lost against an enemy)."""
        start = self.positions[mid]
        turn = start.facing if facing is None else facing
        skirmish = self.unit["skirmish"] and not self.chasing
        reach = distance + (SKIRMISHER_PASS if skirmish else 0)
        r = start.bound + reach + 1
        own = set(mine)
        near = [
            o
            for o in self.here.in_box(start.x - r, start.y - r, start.x + r, start.y + r)
            if o not in own
        ]
        near += [o for o in mine if o != mid]
        last_clear = spatial_base(start, start.x, start.y, turn)
        travelled = 0
        while travelled < reach:
            travelled = min(travelled + STEP, reach)
            x = start.x + round(self.ux * travelled)
            y = start.y + round(self.uy * travelled)
            spot = spatial_base(start, x, y, turn)
            if not geometry.on_table(spot, self.table["width"], self.table["height"]):
                break
            if self.here.scene.over_impassable(spot) is not None:
                break
            hits = [
                o
                for o in near
                if o in self.positions and geometry.overlaps(spot, self.positions[o])
            ]
            enemies = [o for o in hits if self.sides[o] != self.unit["side"]]
            if enemies:
                if not self.chasing and not self.halt:
                    return None
                for o in enemies:
                    if o in self.chasing and o not in self.caught:
                        self.caught.append(o)
                        del self.positions[o]  # caught: off the table at once
                break
            if hits:
                if skirmish:
                    continue  # a skirmisher passes through allies
                break
            last_clear = spot
            if travelled >= distance:
                break
        return last_clear


def _slide(
    state: State,
    uid: str,
    heading: int,
    distance: int,
    *,
    facing: int | None,
    chasing: frozenset[str],
    halt: bool = False,
) -> tuple[list[dict[str, int | str]], list[str], list[str]]:
    """Move every miniature of the unit straight along ``heading``, the leading ones
    first, traced in 2 mm steps: it stops at the table's edge, at impassable scenery
    and against an allied miniature (a skirmisher passes through allies, ending clear
    of them, at most 5 cm further); touching an enemy makes it a casualty, unless it
    is chasing: then it stops, and a miniature of ``chasing`` it touches is caught.
    ``halt``: an enemy stops it as an ally does (a flight, not a fall back).
    Returns the final spots, the miniatures lost and those caught."""
    slide = _Slide(state, uid, heading, chasing)
    slide.halt = halt
    finals: list[dict[str, int | str]] = []
    mine = slide.order()
    for mid in mine:
        end = slide.move(mid, mine, distance, facing)
        if end is None:
            slide.lost.append(mid)
            del slide.positions[mid]
            continue
        slide.positions[mid] = end
        finals.append({"id": mid, "x": end.x, "y": end.y, "facing": end.facing})
    return finals, slide.lost, slide.caught


def spatial_base(base: Base, x: int, y: int, facing: int) -> Base:
    return Base(x, y, facing, base.shape, base.size, base.height)

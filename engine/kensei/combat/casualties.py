"""Wounds and casualties of a unit (Combat Resolution > 1. Wound Roll, 2. Removing
casualties, 3. a leader counting two, 7. Removing isolated miniatures).

Shared by melee combats (:mod:`engine.kensei.combat.resolution`), shoots and disengaging.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Dice, Event, IllegalCommand, State
from engine.kensei import geometry, rules
from engine.kensei.geometry.board import board
from engine.kensei.state.offering_dice import offered
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import unit_name


def candidates_of(unit: Mapping[str, Any], damage: Mapping[str, Any]) -> list[str]:
    """The miniatures that may fall (not the unit leader, who has his own track; in a
    shoot only those the shooters see)."""
    found = [m for m in unit["minis"] if m != unit["leader"]]
    if "eligible" in damage:
        eligible = set(damage["eligible"])
        found = [m for m in found if m in eligible]
    return found


def preference_of(
    state: State, uid: str, damage: Mapping[str, Any], raw: tuple[str, ...]
) -> list[str]:
    """The casualties the owner removes first (checked against those that may fall)."""
    unit = state["units"][uid]
    candidates = candidates_of(unit, damage)
    for mid in raw:
        if mid not in candidates:
            raise IllegalCommand(
                f"{mid} cannot be removed as a casualty of {unit_name(unit)}",
                rule=rules.REMOVING_CASUALTIES,
            )
    return list(raw)


def damage_of(state: State, uid: str, wounds: int, criticals: int, stuns: int) -> dict[str, Any]:
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
        final = offered(
            dice,
            dice.roll(protect),
            unit["side"],
            f"{unit['name']} ({uid}) protecting its leader",
            {"kind": "at_least", "target": 4},
        )
        diverted = sum(1 for value in final.values if value >= 4)
        wounds += diverted
        leader_hits -= diverted
        protection = {"faces": list(final.faces), **final.record(), "diverted": diverted}
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


def score(state: State, uid: str, taken: Mapping[str, Any]) -> int:
    """Casualties for victory and defeat: a leader counts two."""
    return sum(2 if state["minis"][m]["is_leader"] else 1 for m in taken["casualties"])


def remove_isolated(progress: Progress, uid: str) -> None:
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

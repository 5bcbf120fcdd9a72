"""Turning validated army lists into the units and miniatures of a game state.

Units are numbered in army-list order (``A.u1``, ``A.u2``...; army leaders
acting alone come after the units), miniatures within them (``A.u1.m1``...),
a unit leader last. Everything is plain JSON data with integer values.
"""

from __future__ import annotations

from typing import Any

from engine.kensei.army.catalogue import ArmyList, Catalogue, TroopProfile

MARKERS: dict[str, Any] = {
    "used": False,
    "stunned": 0,
    "wounded": 0,
    "sheltered": False,
    "fleeing": False,
    "unloaded": 0,
}


def leader_profile(profile: TroopProfile) -> dict[str, Any]:
    """What a leader keeps of his own profile inside a unit (INI, HO, AT, wounds, lead rules)."""
    return {
        "troop": profile.id,
        "name": profile.name,
        "class": profile.troop_class,
        "class_name": profile.troop_class,
        "class_rank": profile.class_rank,
        "type": profile.type,
        "mov": profile.mov,
        "at": [profile.at_melee, profile.at_ranged],
        "ini": profile.ini,
        "ho": profile.ho,
        "wo": profile.wo,
        "ranged": list(profile.ranged_bands),
        "can_lead": profile.can_lead_units,
        "abilities": {
            "permanent": list(profile.permanent_abilities),
            "ki": list(profile.ki_abilities),
        },
    }


def _unit(uid: str, side: str, profile: TroopProfile, count: int, single: bool) -> dict[str, Any]:
    return {
        "id": uid,
        "side": side,
        "name": profile.name,
        "troop": profile.id,
        "type": profile.type,
        "class": profile.troop_class,
        "class_rank": profile.class_rank,
        "skirmish": profile.type == "skirmisher",
        "mov": profile.mov,
        "at": [profile.at_melee, profile.at_ranged],
        "ini": profile.ini,
        "ho": profile.ho,
        "presence": profile.presence,
        "wo": profile.wo,
        "ranged": list(profile.ranged_bands),
        "abilities": {
            "permanent": list(profile.permanent_abilities),
            "ki": list(profile.ki_abilities),
        },
        "cost": profile.cost * count,
        "minis": [],
        "leader": None,
        "single": single,
        "initial": count,
        "removed": False,
        "markers": dict(MARKERS),
        "casualty_this_turn": False,
        "ki": None,
        "no_charge_from": [],
        "moves": 0,
        "duelled": False,
    }


def _mini(mid: str, side: str, uid: str, profile: TroopProfile, *, leader: bool) -> dict[str, Any]:
    return {
        "id": mid,
        "side": side,
        "unit": uid,
        "troop": profile.id,
        "x": 0,
        "y": 0,
        "facing": 0,
        "placed": False,
        "removed": False,
        "is_leader": leader,
        "dishonoured": False,
        "wounds": 0,
        "base": {"shape": profile.base.shape, "size": profile.base.size_mm * 10},
        "height": profile.volume,
        "profile": leader_profile(profile) if leader else None,
    }


def forces(
    army: ArmyList, catalogue: Catalogue, side: str
) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """``(side record, units, miniatures)`` for one army."""
    units: dict[str, dict[str, Any]] = {}
    minis: dict[str, dict[str, Any]] = {}
    general: str | None = None
    number = 0
    for entry in army.units:
        number += 1
        uid = f"{side}.u{number}"
        profile = catalogue.troop(entry.troop)
        unit = _unit(uid, side, profile, entry.count, single=False)
        for k in range(1, entry.count + 1):
            mid = f"{uid}.m{k}"
            minis[mid] = _mini(mid, side, uid, profile, leader=False)
            unit["minis"].append(mid)
        for leader_troop in entry.leaders[:1]:
            mid = f"{uid}.m{entry.count + 1}"
            leader = catalogue.troop(leader_troop)
            minis[mid] = _mini(mid, side, uid, leader, leader=True)
            unit["minis"].append(mid)
            unit["leader"] = mid
            unit["cost"] += leader.cost
            if leader_troop == army.general and general is None:
                general = mid
        units[uid] = unit
    for alone in army.leaders:
        number += 1
        uid = f"{side}.u{number}"
        profile = catalogue.troop(alone.troop)
        unit = _unit(uid, side, profile, 1, single=True)
        mid = f"{uid}.m1"
        minis[mid] = _mini(mid, side, uid, profile, leader=True)
        unit["minis"].append(mid)
        unit["leader"] = mid
        units[uid] = unit
        if alone.troop == army.general and general is None:
            general = mid
    record = {
        "army": army.name,
        "faction": army.faction,
        "battle_size": army.battle_size,
        "commander_level": army.commander_level,
        "hand_size": catalogue.rules.hand_size(army.battle_size),
        "general": general,
        "general_dead": False,
        "cost": sum(unit["cost"] for unit in units.values()),
    }
    return record, units, minis

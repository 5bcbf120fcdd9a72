"""The Shoot order and the Shoot Roll Table (Orders and Actions > Combat Orders > Shoot).

``decide_shoot`` checks a Shoot order and rolls it: the Shoot Roll (every line of
the table, each die's face) and the Wound Roll, in one ``shot`` event. The
target's casualties (among the miniatures the shooters see) and its Honour Roll
when it loses half of its miniatures or more are then rolled on by
:mod:`engine.kensei.combat.resolution`, as for a melee combat. Hold and shoot (a
reaction to a charge) uses the same roll with a fixed range, halved wounds and
casualties from the ranks nearest the shooters (``shot_event``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core import Dice, Event, IllegalCommand, State
from engine.kensei import geometry, rules
from engine.kensei.army.catalogue import load_catalogue
from engine.kensei.army.profiles import Modifier
from engine.kensei.combat.melee import check_no_combat_order_yet, file_weapon_line, in_formation
from engine.kensei.commands.orders import Shoot
from engine.kensei.geometry.board import board
from engine.kensei.state import abilities
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.queries import unit_name
from engine.kensei.state.rolls import success_roll, wound_roll

BANDS = ("short", "intermediate", "long")


def band_reach(band: str) -> int:
    """The greatest distance of a range band, in tenths of a millimetre (Shooting
    distances: short 0-20 cm, intermediate 20-40 cm, long 40-60 cm; from the data)."""
    reach = 0
    for weapon in load_catalogue().weapons.values():
        if weapon.kind == "ranged" and weapon.band == band and weapon.range_mm is not None:
            reach = max(reach, weapon.range_mm * 10)
    return reach


def reach_of(bands: list[str]) -> int:
    """How far a troop with these range bands shoots (its longest weapon)."""
    return max((band_reach(band) for band in bands), default=0)


def ranged_weapons(unit: Mapping[str, Any]) -> Iterator[tuple[str, bool, tuple[Modifier, ...]]]:
    """The unit's troop's ranged weapons: name, firearm, modifiers (from the data)."""
    catalogue = load_catalogue()
    profile = catalogue.troops.get(unit["troop"])
    if profile is None:
        return
    for wid in profile.equipment.ranged:
        weapon = catalogue.weapons.get(wid)
        if weapon is not None and weapon.kind == "ranged":
            yield weapon.name, weapon.firearm, weapon.modifiers


def unloads(unit: Mapping[str, Any]) -> bool:
    """Unloaded weapons: a unit shooting firearms takes an unloaded weapons marker."""
    return any(firearm for _name, firearm, _m in ranged_weapons(unit))


# -- the target -------------------------------------------------------------------


def check_target(state: State, uid: str, target: str) -> None:
    """1. Choose a target unit: one enemy unit, on the table, not in melee combat with a
    unit of the shooter's side, and in sight of a miniature of the shooting unit."""
    check_target_but_sight(state, uid, target)
    unit, foe = state["units"][uid], state["units"][target]
    if not sees_any(state, uid, target):
        raise IllegalCommand(
            f"no miniature of {unit_name(unit)} has line of sight to {unit_name(foe)}",
            rule=rules.SHOOT_TARGET,
        )


def check_target_but_sight(state: State, uid: str, target: str) -> None:
    """:func:`check_target` but line of sight (the costly part, left to the decision:
    the order prompt asks the rest of every enemy unit)."""
    unit = state["units"][uid]
    foe = state["units"].get(target)
    if foe is None or foe["side"] == unit["side"] or foe["removed"]:
        raise IllegalCommand(f"there is no enemy unit {target} to shoot at", rule=rules.SHOOT)
    here = board(state)
    if not any(mid in here.bases for mid in foe["minis"]):
        raise IllegalCommand(f"{unit_name(foe)} is not on the table", rule=rules.SHOOT)
    engaged_with = [
        enemy for enemy in engaged_units(state, target) if not state["units"][enemy]["removed"]
    ]
    if engaged_with:
        raise IllegalCommand(
            f"{unit_name(foe)} is in melee combat with {', '.join(engaged_with)} of your army: "
            "it cannot be a target of a shoot",
            rule=rules.SHOOT_TARGET,
        )


def sights(state: State, uid: str, target: str) -> dict[str, list[str]]:
    """For each placed miniature of ``uid``, the target's miniatures it sees (partial or
    total line of sight), in unit order."""
    here = board(state)
    mine = [m for m in state["units"][uid]["minis"] if m in here.bases]
    theirs = [m for m in state["units"][target]["minis"] if m in here.bases]
    return here.scene.seen_by(mine, theirs)


def sees_any(state: State, uid: str, target: str) -> bool:
    """Whether a placed miniature of ``uid`` sees one of the target's (``any`` of
    :func:`sights`, stopping at the first sight)."""
    here = board(state)
    mine = [m for m in state["units"][uid]["minis"] if m in here.bases]
    theirs = [m for m in state["units"][target]["minis"] if m in here.bases]
    return here.scene.sees_any(mine, theirs)


def in_range(state: State, uid: str, target: str, reach: int | None) -> dict[str, list[str]]:
    """The target's miniatures each shooter sees within its weapon's range (``reach``
    forces one range for every miniature that has a weapon reaching that far, as Hold
    and shoot does: None measures each miniature's distances)."""
    unit = state["units"][uid]
    bases = board(state).bases
    found: dict[str, list[str]] = {}
    for mid, seen in sights(state, uid, target).items():
        bands = (
            state["minis"][mid]["profile"]["ranged"]
            if mid == unit["leader"] and not unit["single"]
            else unit["ranged"]
        )
        longest = reach_of(bands)
        if reach is not None:
            found[mid] = list(seen) if longest >= reach else []
            continue
        found[mid] = [
            t for t in seen if geometry.edge_distance(bases[mid], bases[t]) <= longest + 1
        ]
    return found


# -- the Shoot Roll Table -----------------------------------------------------------


def shoot_table(
    state: State, uid: str, target: str, *, boosted: bool, reach: int | None = None
) -> dict[str, Any]:
    """The unit's Shoot Roll at ``target``, line by line as the table reads."""
    unit = state["units"][uid]
    foe = state["units"][target]
    shooting = in_range(state, uid, target, reach)
    leader = unit["leader"] if not unit["single"] else None
    dice: list[list[Any]] = [["ranged attack attribute", unit["at"][1]]]
    count = sum(1 for mid, seen in shooting.items() if seen and mid != leader)
    if count and len(unit["minis"]) > 1:
        dice.append(["miniatures in sight and range", count])
    if leader is not None and shooting.get(leader):
        value = state["minis"][leader]["profile"]["at"][1]
        if value:
            dice.append(["unit leader", value])
    if boosted:
        dice.append(["boosted shoot", 1])
    if unit["casualty_this_turn"]:
        dice.append(["casualty this turn", -1])
    if unit["markers"]["sheltered"]:
        dice.append(["sheltered", -2])
    modifiers: list[list[Any]] = []
    if not in_formation(state, uid):
        modifiers.append(["out of formation", -1])
    if foe["markers"]["sheltered"]:
        modifiers.append(["enemy sheltered", -1])
    elif _behind_cover(state, shooting):
        modifiers.append(["enemy behind cover", -1])
    if foe["skirmish"] or len(foe["minis"]) == 1:
        modifiers.append(["single miniature or skirmisher target", -1])
    wound_lines: list[list[Any]] = []
    for name, _firearm, weapon_modifiers in ranged_weapons(unit):
        for modifier in weapon_modifiers:
            if modifier.conditions:
                continue  # conditions of abilities (part III) do not hold yet
            file_weapon_line(name, modifier, dice=dice, modifiers=modifiers, wounds=wound_lines)
    ability_context = {"shooting": True, "against_creature": bool(foe["presence"])}
    dice += abilities.lines(state, uid, "at_ranged", ability_context)  # Troop Abilities
    wound_lines += abilities.lines(state, uid, "wound_roll", ability_context)
    shooters = [mid for mid, seen in shooting.items() if seen]
    seen_by_shooters = sorted(
        {t for mid, seen in sights(state, uid, target).items() for t in seen if mid in shooters}
    )
    return {
        "unit": uid,
        "enemy": target,
        "dice_lines": dice,
        "modifier_lines": modifiers,
        "wound_lines": wound_lines,
        "dice": max(0, sum(value for _label, value in dice)),
        "modifier": sum(value for _label, value in modifiers),
        "wound_modifier": sum(value for _label, value in wound_lines),
        "shooters": shooters,
        "rerolls": {
            r: abilities.rerolls(state, uid, r, ability_context)
            for r in ("shoot_roll", "wound_roll")
        },
        "seen": [m for m in foe["minis"] if m in seen_by_shooters],
    }


def _behind_cover(state: State, shooting: Mapping[str, list[str]]) -> bool:
    """The target is behind cover when most of the miniatures the shooters aim at are
    in cover from a shooter that sees them (Covers; miniatures are obstacles too, so a
    rear rank is in cover behind its front rank: half is not enough)."""
    scene = board(state).scene
    covered: dict[str, bool] = {}
    for mid, seen in shooting.items():
        for t in seen:
            covered[t] = covered.get(t, False) or scene.in_cover(t, mid)
    return bool(covered) and sum(covered.values()) * 2 > len(covered)


# -- the order -------------------------------------------------------------------------


def decide_shoot(state: State, side: str, uid: str, command: Shoot, dice: Dice) -> list[Event]:
    """Shoot: the active unit, not in melee combat and with ranged weapons loaded,
    shoots an enemy unit it sees."""
    check_can_shoot(state, side, uid)
    target = command.target
    check_target(state, uid, target)
    return [shot_event(state, side, uid, target, dice, boosted=command.boost)]


def check_can_shoot(state: State, side: str, uid: str) -> None:
    """What refuses a Shoot order to the unit whatever its target (``IllegalCommand``)."""
    unit = state["units"][uid]
    check_no_combat_order_yet(state, side, uid)
    if not unit["ranged"]:
        raise IllegalCommand(f"{unit_name(unit)} has no ranged weapons", rule=rules.SHOOT)
    if engaged_units(state, uid):
        raise IllegalCommand(
            f"{unit_name(unit)} has miniatures in melee combat: it cannot shoot", rule=rules.SHOOT
        )
    if unit["markers"]["unloaded"]:
        raise IllegalCommand(
            f"{unit_name(unit)} has an unloaded weapons marker: it must Reload before it "
            "shoots again",
            rule=rules.UNLOADED_WEAPONS,
        )


def shot_event(
    state: State,
    side: str,
    uid: str,
    target: str,
    dice: Dice,
    *,
    boosted: bool,
    reach: int | None = None,
    hold: bool = False,
) -> Event:
    """The Shoot Roll and the Wound Roll (shooting: no stuns). Lost when no shooter
    reaches the target. ``hold``: Hold and shoot, wounds halved, a reaction."""
    table = shoot_table(state, uid, target, boosted=boosted, reach=reach)
    event: Event = {
        "type": "shot",
        "side": side,
        "unit": uid,
        "target": target,
        "boost": boosted,
        "hold": hold,
        "orders_spent": (2 if boosted else 1) if not hold else 0,
        "lost": not table["shooters"],
        "unloaded": 1 if unloads(state["units"][uid]) else 0,
        "before": len(state["units"][target]["minis"]),
    }
    if event["lost"]:
        event["unloaded"] = 0  # "the shoot is lost and has no extra effect"
        return event
    name = f"{state['units'][uid]['name']} ({uid})"
    roll = success_roll(
        dice,
        table["dice"],
        table["modifier"],
        table["rerolls"]["shoot_roll"],
        by=side,
        what=f"Shoot Roll of {name}",
    )
    wounds = wound_roll(
        dice,
        roll.successes,
        table["wound_modifier"],
        shooting=True,
        rerolls=table["rerolls"]["wound_roll"],
        by=side,
        what=f"Wound Roll of {name}'s shoot",
    )
    total, criticals = wounds.wounds, wounds.criticals
    if hold:
        total, criticals = total // 2, min(criticals, total // 2)
    event.update(
        {
            "roll": {**table, "shoot_roll": roll.to_dict(), "wound_roll": wounds.to_dict()},
            "damage": shot_damage(state, target, table["seen"], total, criticals),
        }
    )
    return event


def shot_damage(
    state: State, target: str, seen: list[str], wounds: int, criticals: int
) -> dict[str, Any]:
    """What the wounds of a shoot do: criticals to a unit leader the shooters see (else
    they wound the unit), casualties only among the miniatures seen (Removing
    casualties in shoots); no stuns."""
    unit = state["units"][target]
    leader = unit["leader"] if unit["leader"] is not None and not unit["single"] else None
    to_leader = criticals if leader is not None and leader in seen else 0
    return {
        "wounds": wounds - to_leader,
        "leader_wounds": to_leader,
        "stunned": unit["markers"]["stunned"],
        "in_melee": [],
        "eligible": [m for m in seen if m != leader],
    }

"""The Attack order and the Combat Roll Table (Orders and Actions > Combat Orders).

``decide_attack`` checks an Attack order between engaged units; the rest of the
combat (the attacked unit's reactive attack, the rolls, the resolution) is run
by :mod:`engine.kensei.combat.resolution`. ``combat_table`` gives one unit's Combat
Roll as the table reads, line by line, so the event that records the roll shows
where every die and modifier came from.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core import Event, IllegalCommand, State
from engine.kensei import geometry, rules
from engine.kensei.army.catalogue import load_catalogue
from engine.kensei.army.profiles import Modifier
from engine.kensei.combat.multiple import attack_event
from engine.kensei.commands.orders import Attack
from engine.kensei.geometry.board import board
from engine.kensei.state import abilities
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.queries import unit_name

SIDE_RANK = {"front": 0, "flank": 1, "rear": 2}
SIDE_BONUS = {"front": 0, "flank": 1, "rear": 2}


# -- the order ----------------------------------------------------------------


def check_no_combat_order_yet(state: State, side: str, uid: str) -> None:
    """Combat orders: one per activation (Attack, Shoot, Charge, Challenge, Lead)."""
    if state["activation"]["combat_done"][side]:
        raise IllegalCommand(
            f"{unit_name(state['units'][uid])} has already performed a combat order in this "
            "activation",
            rule=rules.COMBAT_ORDERS,
        )


def check_boost_orders(state: State, side: str, what: str, rule: str) -> None:
    """Boosting an order: a boosted ``what`` spends two of ``side``'s activation orders
    at once; with fewer it is refused under ``rule``."""
    orders = state["activation"]["orders"][side]
    if orders < 2:
        raise IllegalCommand(
            f"side {side} has {orders} activation order(s) left; a boosted {what} needs 2",
            rule=rule,
        )


def check_can_attack(state: State, side: str, uid: str) -> list[str]:
    """The enemy units the unit may attack, or ``IllegalCommand`` when an Attack order
    is refused to it whatever its target."""
    check_no_combat_order_yet(state, side, uid)
    # Units in a duel this turn are not fought (Challenge to a duel > Multiple Combats).
    fighting = [u for u in engaged_units(state, uid) if not state["units"][u].get("duelled")]
    if not fighting:
        raise IllegalCommand(
            f"{unit_name(state['units'][uid])} has no miniature in melee combat (2.5 cm or "
            "less, facing) with an enemy miniature",
            rule=rules.ATTACK,
        )
    return fighting


def check_attack_target(state: State, uid: str, fighting: list[str], target: str | None) -> str:
    """The unit attacked: ``target``, one of the units ``fighting`` (None: the only one),
    or ``IllegalCommand``."""
    unit = state["units"][uid]
    if target is None:
        if len(fighting) > 1:
            raise IllegalCommand(
                f"{unit_name(unit)} fights {', '.join(fighting)}: name the target unit",
                rule=rules.ATTACK,
            )
        return fighting[0]
    if target not in fighting:
        raise IllegalCommand(
            f"{unit_name(unit)} is not in melee combat with {target}; it fights "
            f"{', '.join(fighting)}",
            rule=rules.ATTACK,
        )
    return target


def decide_attack(state: State, side: str, uid: str, command: Attack) -> list[Event]:
    """Attack: the active unit fights an enemy unit it is in melee combat with."""
    boost = command.boost
    fighting = check_can_attack(state, side, uid)
    target = check_attack_target(state, uid, fighting, command.target)
    declared: Event = {
        "type": "attack_declared",
        "side": side,
        "unit": uid,
        "target": target,
        "boost": boost,
        "orders_spent": 2 if boost else 1,
    }
    return [attack_event(state, declared)]


# -- who attacks which side -------------------------------------------------------


def engaged_pairs(
    state: State, uid: str, enemy: str, assigned: Mapping[str, str] | None = None
) -> dict[str, list[str]]:
    """Miniatures of ``uid`` in melee combat with miniatures of ``enemy`` (in unit order);
    in a multiple combat, not those whose player made them fight another unit
    (``assigned``: miniature -> the enemy unit it fights)."""
    unit = state["units"][uid]
    theirs = set(state["units"][enemy]["minis"])
    here = board(state)
    placed = [mid for mid in unit["minis"] if mid in here.bases]
    found = here.engaged_minis(placed, unit["side"])
    pairs = {}
    for mid in placed:
        foes = [e for e in found[mid] if e in theirs]
        if foes and (assigned is None or assigned.get(mid, enemy) == enemy):
            pairs[mid] = foes
    return pairs


def unit_attack_side(
    state: State, uid: str, enemy: str, assigned: Mapping[str, str] | None = None
) -> str:
    """The side of ``enemy`` that ``uid`` attacks (Attacking by front, flank and
    rearguard): each miniature's side, front when it is itself attacked on its
    flank or rear; the unit's is the side of half or more of its miniatures. A
    tie between sides is the attacked player's choice (``attacked_side``); without
    it, the one that hurts least (front before flank before rear)."""
    return attack_sides(state, uid, enemy, assigned)[0]


def attack_sides(
    state: State, uid: str, enemy: str, assigned: Mapping[str, str] | None = None
) -> list[str]:
    """The sides of ``enemy`` that ``uid`` may be attacking: one, or those tied (the
    same number of its miniatures attacking each), front first."""
    bases = board(state).bases
    sides = []
    for mid, foes in engaged_pairs(state, uid, enemy, assigned).items():
        mine = bases[mid]
        best = "rear"
        for eid in foes:
            side = mini_attack_side(mine, bases[eid])
            if SIDE_RANK[side] < SIDE_RANK[best]:
                best = side
        sides.append(best)
    if not sides:
        return ["front"]
    counts = {side: sides.count(side) for side in SIDE_RANK}
    half = [side for side in SIDE_RANK if counts[side] * 2 >= len(sides)]
    if half:
        return half
    most = max(counts.values())
    return [side for side in SIDE_RANK if counts[side] == most]


def mini_attack_side(mine: geometry.Base, theirs: geometry.Base) -> str:
    """The side of ``theirs`` that ``mine`` attacks: front when ``mine`` is itself
    attacked on its flank or rear."""
    side = geometry.attack_side(mine, theirs)
    if side != "front" and geometry.attack_side(theirs, mine) != "front":
        side = "front"
    return side


# -- the Combat Roll Table ----------------------------------------------------------

REROLLED = ("attack_roll", "wound_roll")  # the rolls of a combat a troop ability re-rolls


def weapon_modifiers(unit: Mapping[str, Any]) -> Iterator[tuple[str, Modifier]]:
    """The melee weapon modifiers of a unit's troop (from the weapons data), each
    weapon category once."""
    catalogue = load_catalogue()
    profile = catalogue.troops.get(unit["troop"])
    if profile is None:
        return
    seen: set[int] = set()
    for wid in profile.equipment.melee:
        weapon = catalogue.weapons.get(wid)
        if weapon is None or weapon.kind != "melee" or weapon.category in seen:
            continue
        if weapon.category is not None:
            seen.add(weapon.category)
        for modifier in weapon.modifiers:
            yield weapon.name, modifier


def weapon_applies(modifier: Modifier, conditions: Mapping[str, bool], attacked_from: str) -> bool:
    """A weapon modifier counts only when the unit is attacked only from the front,
    unless the weapon says otherwise (Equipment > Melee weapons); unknown conditions
    (abilities of part III) do not hold."""
    if modifier.front_only and attacked_from != "front":
        return False
    return all(conditions.get(name, False) for name in modifier.conditions)


def in_formation(state: State, uid: str) -> bool:
    unit = state["units"][uid]
    bases = board(state).bases
    placed = [bases[mid] for mid in unit["minis"] if mid in bases]
    if len(placed) < 2:
        return True
    return not geometry.formation_problems(placed, skirmishers=unit["skirmish"])


def behind_cover(
    state: State, uid: str, enemy: str, assigned: Mapping[str, str] | None = None
) -> bool:
    """The enemy is behind cover when half or more of its miniatures in melee with the
    unit are in cover from a miniature fighting them (Covers)."""
    scene = board(state).scene
    covered: dict[str, bool] = {}
    for mid, foes in engaged_pairs(state, uid, enemy, assigned).items():
        for eid in foes:
            covered[eid] = covered.get(eid, False) or scene.in_cover(eid, mid)
    return bool(covered) and sum(covered.values()) * 2 >= len(covered)


def combat_table(
    state: State,
    uid: str,
    enemy: str,
    *,
    boosted: bool,
    without_order: bool,
    charging: bool = False,
    charged: bool = False,
    without_leader: bool = False,
    assigned: Mapping[str, str] | None = None,
    chosen: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """One unit's Combat Roll against ``enemy``: ``dice`` and ``modifiers`` as
    ``[label, value]`` lines, their totals, the modifier it puts on the enemy's
    dice, the modifier on its own wound dice and the side it attacks (``assigned``:
    in a multiple combat, the enemy unit each miniature in contact with two fights;
    ``chosen``: the sides the attacked players chose on a tie, by ``"unit>enemy"``)."""
    unit = state["units"][uid]
    foe = state["units"][enemy]
    pairs = engaged_pairs(state, uid, enemy, assigned)
    chosen = chosen or {}
    attacks = chosen.get(f"{uid}>{enemy}") or unit_attack_side(state, uid, enemy, assigned)
    attacked_from = chosen.get(f"{enemy}>{uid}") or unit_attack_side(state, enemy, uid, assigned)
    dice = _dice_lines(
        state,
        uid,
        pairs,
        boosted=boosted,
        without_order=without_order,
        charging=charging,
        without_leader=without_leader,
    )
    markers = unit["markers"]
    modifiers: list[list[Any]] = []
    if not in_formation(state, uid):
        modifiers.append(["out of formation", -1])
    if foe["markers"]["sheltered"]:
        modifiers.append(["enemy sheltered", -1])
    elif behind_cover(state, uid, enemy, assigned):
        modifiers.append(["enemy behind cover", -1])
    if charged and unit["ranged"]:
        modifiers.append(["shooting troop receiving a charge", -1])
    if markers["fleeing"]:
        modifiers.append(["fleeing", -2])
    if SIDE_BONUS[attacks]:
        modifiers.append(
            [f"attacks the {'rearguard' if attacks == 'rear' else attacks}", SIDE_BONUS[attacks]]
        )
    conditions = {
        "charged": charged,
        "charging": charging,
        "against_mounted": foe["type"] == "mounted",
        "engaged_on_flank_or_rear": attacked_from != "front",
        "mounted": unit["type"] == "mounted",
    }
    ability_context = {**conditions, "melee": True, "against_creature": bool(foe["presence"])}
    return melee_roll_table(
        state,
        uid,
        enemy,
        attacks,
        dice=dice,
        modifiers=modifiers,
        weapons=[
            m for m in weapon_modifiers(unit) if weapon_applies(m[1], conditions, attacked_from)
        ],
        context=ability_context,
    )


def applying_weapons(
    unit: Mapping[str, Any], conditions: Mapping[str, bool], attacked_from: str
) -> list[tuple[str, Modifier]]:
    """The troop's weapon modifiers that apply to this attack (see ``weapon_applies``)."""
    return [
        (name, modifier)
        for name, modifier in weapon_modifiers(unit)
        if weapon_applies(modifier, conditions, attacked_from)
    ]


def melee_roll_table(
    state: State,
    uid: str,
    enemy: str,
    attacks: str,
    *,
    dice: list[list[Any]],
    modifiers: list[list[Any]],
    weapons: list[tuple[str, Modifier]],
    context: dict[str, Any],
) -> dict[str, Any]:
    """A Combat Roll Table from its dice and modifier lines so far: the unit's ability
    lines (Troop Abilities), the ``weapons`` that apply filed under the roll each
    changes, the totals and the re-rolls (an Attack's and a duel's)."""
    wounds: list[list[Any]] = []
    enemy_dice: list[list[Any]] = []
    dice = [*dice, *abilities.lines(state, uid, "at_melee", context)]
    wounds += abilities.lines(state, uid, "wound_roll", context)
    for name, modifier in weapons:
        file_weapon_line(
            name, modifier, dice=dice, modifiers=modifiers, wounds=wounds, enemy=enemy_dice
        )
    return {
        "unit": uid,
        "enemy": enemy,
        "side": attacks,
        "dice_lines": dice,
        "modifier_lines": modifiers,
        "wound_lines": wounds,
        "enemy_die_lines": enemy_dice,
        "dice": max(0, sum(value for _label, value in dice)),
        "modifier": sum(value for _label, value in modifiers),
        "wound_modifier": sum(value for _label, value in wounds),
        "enemy_die_modifier": sum(value for _label, value in enemy_dice),
        "rerolls": {r: abilities.rerolls(state, uid, r, context) for r in REROLLED},
    }


def _dice_lines(
    state: State,
    uid: str,
    pairs: Mapping[str, list[str]],
    *,
    boosted: bool,
    without_order: bool,
    charging: bool,
    without_leader: bool = False,
) -> list[list[Any]]:
    """The +XD6 and -XD6 lines of the Combat Roll Table (``without_leader``: the unit's
    leader refused a duel, his attack attribute is not counted)."""
    unit = state["units"][uid]
    leader = unit["leader"] if not unit["single"] else None
    if unit["single"] and without_leader:
        dice: list[list[Any]] = [["attack attribute (duel refused)", 0]]
    else:
        dice = [["attack attribute", unit["at"][0]]]
    if len(unit["minis"]) > 1:
        count = sum(1 for mid in pairs if mid != leader)
        if count:
            dice.append(["miniatures in melee", count])
    if leader is not None and leader in pairs and not without_leader:
        dice.append(["unit leader", state["minis"][leader]["profile"]["at"][0]])
    if boosted:
        dice.append(["boosted attack", 1])
    if charging and not unit["skirmish"]:
        dice.append(["charge", 2 if unit["type"] == "mounted" else 1])
    markers = unit["markers"]
    if unit["casualty_this_turn"]:
        dice.append(["casualty this turn", -1])
    if markers["used"]:
        dice.append(["Used Unit marker", -1])
    if without_order:
        dice.append(["reactive without an activation order", -1])
    if markers["sheltered"]:
        dice.append(["sheltered", -2])
    return dice


def file_weapon_line(
    name: str,
    modifier: Modifier,
    *,
    dice: list[list[Any]],
    modifiers: list[list[Any]],
    wounds: list[list[Any]],
    enemy: list[list[Any]] | None = None,
) -> None:
    """Add a weapon modifier as a ``[name, value]`` line of the roll it changes: the
    attack dice, each die's value, the wound roll, or the enemy's dice (``None``:
    that roll has no such line)."""
    lines = {
        "attack_dice": dice,
        "die_value": modifiers,
        "wound_roll": wounds,
        "enemy_die_value": enemy,
    }
    target = lines.get(modifier.target)
    if target is not None:
        target.append([name, modifier.value])

"""The Courage Test (Morale: "roll 2D6 and add the score to the character group's
Courage characteristic. If the total is 10 or more then the test is passed") and what
changes the Courage a group tests with: a leading hero's Courage within his command
radius (Mastery of Command), Become the Enemy (+1), Frighten (-1), the humming arrows
(-1, kept in ``unit["courage_mod"]``) and Body of a Rock (an automatic pass).
"""

from __future__ import annotations

from typing import Any

from engine.core import Dice, Event, State
from engine.skirmish.geometry.measure import edge_distance
from engine.skirmish.morale.roster import units_of
from engine.skirmish.state import access

PASS_MARK = 10
"""Morale: a total of 10 or more passes."""
BECOME_THE_ENEMY = "become_the_enemy"
FRIGHTEN = "frighten"
BODY_OF_A_ROCK = "body_of_a_rock"
MOUNTAIN_SEA_CHANGE = "mountain_sea_change"

REASONS = ("casualties", "band", "charge", "charged_by_hero", "mountain_sea_change")
"""The reasons of the tests morale itself consumes; other areas may test for their own
(Shout: ``"shout"``) and read the result."""


def unit_gap(state: State, first: str, second: str) -> float:
    """The distance between two units: between their nearest living models, edge to edge."""
    mine = [access.base_of(state, m) for m in access.living_models(state, first)]
    theirs = [access.base_of(state, m) for m in access.living_models(state, second)]
    if not mine or not theirs:
        return float("inf")
    return min(edge_distance(a, b) for a in mine for b in theirs)


def _leaders(state: State, unit_id: str) -> list[tuple[str, int]]:
    """The heroes of the unit's side (not fleeing) whose command reaches the unit, with
    their command radius: Mastery of Command, and a master over his warrior attendants
    (4 inches without Mastery of Command, Warrior Attendants)."""
    record = state["units"][unit_id]
    found = []
    for hero in units_of(state, record["side"], hero=True):
        if access.is_fleeing(state, hero):
            continue
        reach = access.command_radius(state, hero)
        if record.get("master") == hero:
            reach = access.attendants_radius(state, hero)
        if reach and unit_gap(state, hero, unit_id) <= reach:
            found.append((hero, reach))
    return found


def _side_has(state: State, side: str, strategy: str) -> bool:
    return any(
        access.has_strategy(state, hero, strategy) for hero in units_of(state, side, hero=True)
    )


def effective_courage(state: State, unit_id: str) -> tuple[int, dict[str, int], str | None]:
    """The Courage a unit tests with: its own, or the best Courage of a hero whose command
    radius it is in ("characters who are within command radius of the heroic character
    can use his Courage characteristic"); the modifiers (``humming``, ``become_the_enemy``,
    ``frighten``); and the hero it used (its leader, ``None`` when its own was as good).
    """
    own = access.profile_of(state, unit_id).courage
    value, leader = own, None
    for hero, _reach in _leaders(state, unit_id):
        theirs = access.profile_of(state, hero).courage
        if theirs > value:
            value, leader = theirs, hero
    record = state["units"][unit_id]
    side = record["side"]
    modifiers: dict[str, int] = {}
    humming = int(record.get("courage_mod", 0))
    if humming:
        modifiers["humming"] = humming
    if _side_has(state, side, BECOME_THE_ENEMY):
        modifiers[BECOME_THE_ENEMY] = 1
    if _side_has(state, access.enemy_of(side), FRIGHTEN):
        modifiers[FRIGHTEN] = -1
    return value, modifiers, leader


def rock(state: State, unit_id: str) -> str | None:
    """The hero whose Body of a Rock makes the group pass every Courage Test (it is within
    his command radius, 4 inches without Mastery of Command), or ``None``."""
    side = state["units"][unit_id]["side"]
    for hero in units_of(state, side, hero=True):
        if access.has_strategy(state, hero, BODY_OF_A_ROCK) and not access.is_fleeing(state, hero):
            reach = access.attendants_radius(state, hero)
            if unit_gap(state, hero, unit_id) <= reach:
                return hero
    return None


def courage_test(state: State, unit_id: str, reason: str, dice: Dice, **extra: Any) -> Event:
    """One Courage Test of a unit: the ``courage_tested`` event (its handler applies the
    consequences of morale's own reasons; see :data:`REASONS`).

    Body of a Rock passes without a roll (``"automatic"`` names the hero, no dice)."""
    value, modifiers, leader = effective_courage(state, unit_id)
    event: Event = {
        "type": "courage_tested",
        "unit": unit_id,
        "reason": reason,
        "courage": value,
        "modifiers": modifiers,
        "leader": leader,
    }
    holder = rock(state, unit_id)
    if holder is not None:
        event.update(dice=[], total=None, passed=True, automatic=holder)
    else:
        faces = dice.roll(2)
        total = faces[0] + faces[1] + value + sum(modifiers.values())
        event.update(dice=faces, total=total, passed=total >= PASS_MARK)
    event.update(extra)
    return event

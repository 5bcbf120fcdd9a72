"""The checks of a warband and of the catalogue's cross-references: every problem
names the rule it breaks.

A warband (Introduction): 5-20 characters; non-heroic characters in groups of 3 or
more with one stats line; heroes alone, and only heroes with strategies, masteries,
Zen tokens or the heroes' own weapons (two swords, improvised); warrior attendants
with basic or improvised weapons and no armour, attending a heroic master.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.skirmish import rules

if TYPE_CHECKING:
    from engine.skirmish.army.model import BandUnit, Catalogue, Scenario, Warband, Weapon

BAND_MIN = 5
BAND_MAX = 20
GROUP_MIN = 3
ATTENDANT_WEAPONS = ("basic", "improvised")
FOOT_RADIUS_IN = 250 / 2 / 254
"""A foot model's base radius in inches (25 mm across; army sits below geometry)."""
MOUNTED_RADIUS_IN = 500 / 2 / 254
COHERENCY_IN = 2.0


def warband_problems(catalogue: Catalogue, band: Warband, where: str = "") -> list[str]:
    """Every problem of ``band`` (empty when it is a legal warband), each ending with
    the rule, ``(rule: Section > Paragraph)``."""
    at = f"{where}{band.id}"
    problems: list[str] = []
    total = band.models
    if not BAND_MIN <= total <= BAND_MAX:
        problems.append(
            f"{at}: {total} characters: a band has {BAND_MIN}-{BAND_MAX} (rule: {rules.BAND_SIZE})"
        )
    for number, unit in enumerate(band.units, start=1):
        name = f"{at}: unit {number} ({unit.name})"
        found = _reference_problems(catalogue, unit)
        if not found:
            profile = catalogue.profiles[unit.profile]
            weapon = catalogue.weapons[unit.weapon]
            found = _hero_problems(unit, weapon) if profile.hero else _group_problems(unit, weapon)
        problems.extend(f"{name}: {message} (rule: {rule})" for message, rule in found)
        if not found and unit.attendants:
            problems.extend(_attendant_problems(catalogue, band, number, at))
    return problems


def _reference_problems(catalogue: Catalogue, unit: BandUnit) -> list[tuple[str, str]]:
    """What the unit names that the data does not have."""
    found: list[tuple[str, str]] = []
    if unit.profile not in catalogue.profiles:
        found.append((f"no stats line {unit.profile!r}", rules.STATS_LINE))
    for weapon_id in (unit.weapon, *unit.carried):
        if weapon_id not in catalogue.weapons:
            found.append((f"no weapon {weapon_id!r}", rules.WEAPONS))
    if unit.armour not in catalogue.armour:
        found.append((f"no armour {unit.armour!r}", rules.ARMOUR))
    for strategy in unit.strategies:
        if strategy not in catalogue.strategies:
            found.append((f"no strategy {strategy!r}", rules.HEROIC_CHARACTERS))
    for mastery_id in unit.masteries:
        if mastery_id not in catalogue.masteries:
            found.append((f"no Wind strategy {mastery_id!r}", rules.WIND_STRATEGIES))
    return found


def _hero_problems(unit: BandUnit, weapon: Weapon) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    if unit.count != 1:
        found.append((f"a heroic character is one model, not {unit.count}", rules.HEROIC_ABILITIES))
    if unit.command and "mastery_of_command" not in unit.strategies:
        found.append(("a command level needs Mastery of Command", rules.MASTERY_OF_COMMAND))
    if "mastery_of_command" in unit.strategies and not unit.command:
        found.append(("Mastery of Command needs a level (1-4)", rules.COMMAND_RADIUS))
    if unit.mounted and not weapon.mounted:
        found.append((f"{weapon.name} cannot be used mounted", rules.NO_TWO_SWORDS_MOUNTED))
    if unit.attendants or unit.master is not None:
        found.append(("warrior attendants are a character group", rules.WARRIOR_ATTENDANTS))
    if unit.samurai and not (unit.masteries.get("bow") and unit.masteries.get("horsemanship")):
        found.append(
            (
                "a Samurai heroic character has at least Mastery Level 1 with the Bow and "
                "Mastery of Horsemanship",
                rules.SAMURAI_TRAINING,
            )
        )
    return found


def _group_problems(unit: BandUnit, weapon: Weapon) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    least = max(GROUP_MIN, unit.minimum)
    if unit.count < least:
        found.append((f"{unit.count} models: groups have {least} or more", rules.GROUPS))
    if unit.strategies or unit.masteries or unit.zen or unit.command:
        found.append(
            (
                "only heroic characters have strategies, masteries and Zen tokens",
                rules.HEROIC_ABILITIES,
            )
        )
    if weapon.heroes_only:
        found.append((f"{weapon.name}: heroic characters only", rules.HEROES_ONLY_WEAPONS))
    if set(unit.carried) - {unit.weapon}:
        found.append(("only heroic characters change weapons", rules.CHANGE_WEAPONS))
    if unit.honourable or unit.samurai:
        found.append(("only heroic characters follow Bushido", rules.BUSHIDO))
    return found


def _attendant_problems(catalogue: Catalogue, band: Warband, number: int, at: str) -> list[str]:
    unit = band.units[number - 1]
    name = f"{at}: unit {number} ({unit.name})"
    problems: list[str] = []
    if unit.weapon not in ATTENDANT_WEAPONS or unit.armour != "none":
        problems.append(
            f"{name}: warrior attendants have only basic or improvised weapons and no armour "
            f"(rule: {rules.ATTENDANT_WEAPONS})"
        )
    master = unit.master
    if master is None or not 1 <= master <= len(band.units):
        problems.append(
            f"{name}: warrior attendants name their master (rule: {rules.WARRIOR_ATTENDANTS})"
        )
    else:
        master_unit = band.units[master - 1]
        master_profile = catalogue.profiles.get(master_unit.profile)
        if master_profile is None or not master_profile.hero or not master_unit.samurai:
            problems.append(
                f"{name}: the master of warrior attendants is a Samurai heroic character "
                f"(rule: {rules.WARRIOR_ATTENDANTS})"
            )
    return problems


def scenario_problems(catalogue: Catalogue, scenario: Scenario, where: str = "") -> list[str]:
    """Every problem of a scenario: unknown warbands, deployments not matching the
    warband, models off the table, beyond the side's zone, overlapping, or groups not
    coherent (Interpretation > Deployment; Introduction)."""
    at = f"{where}{scenario.id}"
    problems: list[str] = []
    width, height = scenario.width_in, scenario.height_in
    placed: list[tuple[float, float, float]] = []
    for side, entry in scenario.sides.items():
        band = catalogue.warbands.get(entry.warband)
        if band is None:
            problems.append(f"{at}/{side}: no warband {entry.warband!r} (rule: {rules.SCENARIO})")
            continue
        if len(entry.deployment) != len(band.units):
            problems.append(
                f"{at}/{side}: {len(entry.deployment)} units deployed, the warband has "
                f"{len(band.units)} (rule: {rules.DEPLOYMENT})"
            )
            continue
        for number, (unit, models) in enumerate(zip(band.units, entry.deployment, strict=True), 1):
            if len(models) != unit.count:
                problems.append(
                    f"{at}/{side}/unit {number}: {len(models)} models placed, the unit has "
                    f"{unit.count} (rule: {rules.DEPLOYMENT})"
                )
            radius = MOUNTED_RADIUS_IN if unit.mounted else FOOT_RADIUS_IN
            where_unit = f"{at}/{side}/unit {number}"
            for x, y, _facing in models:
                if not (radius <= x <= width - radius and radius <= y <= height - radius):
                    problems.append(
                        f"{where_unit}: a model at ({x}, {y}) is off the table "
                        f"(rule: {rules.DEPLOYMENT})"
                    )
                elif _from_edge(entry.edge, x, y, width, height) + radius > entry.zone_in:
                    problems.append(
                        f"{where_unit}: a model at ({x}, {y}) is beyond {entry.zone_in} inches "
                        f"of the {entry.edge} edge (rule: {rules.DEPLOYMENT})"
                    )
                placed.append((x, y, radius))
            if not _coherent([(x, y) for x, y, _ in models], radius):
                problems.append(
                    f"{where_unit}: its models are not within 2 inches of each other "
                    f"(rule: {rules.COHERENCY})"
                )
    for i, (x1, y1, r1) in enumerate(placed):
        for x2, y2, r2 in placed[i + 1 :]:
            if math.hypot(x1 - x2, y1 - y2) < r1 + r2 - 0.01:
                problems.append(
                    f"{at}: models at ({x1}, {y1}) and ({x2}, {y2}) overlap "
                    f"(rule: {rules.DEPLOYMENT})"
                )
    return problems


def _from_edge(edge: str, x: float, y: float, width: float, height: float) -> float:
    """How far a point is from a table edge (inches)."""
    return {"south": y, "north": height - y, "west": x, "east": width - x}[edge]


def _coherent(points: list[tuple[float, float]], radius: float) -> bool:
    """Group coherency on centres (inches): all connected by edge gaps of 2 inches."""
    if len(points) <= 1:
        return True
    reached = {0}
    frontier = [0]
    while frontier:
        x1, y1 = points[frontier.pop()]
        for index, (x2, y2) in enumerate(points):
            if index not in reached and math.hypot(x1 - x2, y1 - y2) - 2 * radius <= COHERENCY_IN:
                reached.add(index)
                frontier.append(index)
    return len(reached) == len(points)


def catalogue_problems(catalogue: Catalogue, warbands_name: str, scenarios_name: str) -> list[str]:
    """Every warband and scenario checked."""
    problems: list[str] = []
    for band in catalogue.warbands.values():
        problems.extend(warband_problems(catalogue, band, f"{warbands_name}: "))
    for scenario in catalogue.scenarios.values():
        problems.extend(scenario_problems(catalogue, scenario, f"{scenarios_name}: "))
    return problems

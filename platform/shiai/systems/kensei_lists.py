"""Kensei's army lists at an event: its catalogue's factions, a list checked by the
engine's army-creation rules, and the catalogue the list builder reads."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.kensei import (
    RULE_BATTLE_SIZE,
    ArmyListError,
    Catalogue,
    Kensei,
    load_army_list,
    load_catalogue,
    validate_army,
)
from shiai.systems.lists import MAX_LIST_BYTES, FactionChoice, ListCheck, ListEntry, ListSummary

SAMPLE_NOTICE = (
    "Sample data: Shiai's Kensei factions, troops and costs are invented in the rulebook's "
    "shape, not the official army lists."
)


@cache
def _catalogue() -> Catalogue:
    return load_catalogue()


class KenseiLists:
    """Kensei's ``ArmyListBook``."""

    def factions(self) -> tuple[FactionChoice, ...]:
        found = (FactionChoice(f.id, f.name) for f in _catalogue().factions.values())
        return tuple(sorted(found, key=lambda f: f.name.casefold()))

    def check(self, document: Mapping[str, Any], battle_size: int | None) -> ListCheck:
        try:
            army_list = load_army_list(document)
        except ArmyListError as error:
            raw_faction = document.get("faction")
            return ListCheck(
                raw_faction if isinstance(raw_faction, str) else None, None, error.problems
            )
        violations = [f"{v.rule}: {v.message}" for v in validate_army(army_list, _catalogue())]
        if battle_size is not None and army_list.battle_size != battle_size:
            violations.append(
                f"{RULE_BATTLE_SIZE}: the list is for {army_list.battle_size} points; "
                f"this event plays {battle_size}"
            )
        return ListCheck(army_list.faction, points(document), tuple(violations))

    def catalogue_document(self) -> dict[str, Any]:
        return _catalogue_document()

    def summary(self, document: Mapping[str, Any]) -> ListSummary | None:
        try:
            army_list = load_army_list(document)
        except ArmyListError:
            return None
        catalogue = _catalogue()
        if army_list.faction not in catalogue.factions:
            return None
        general = army_list.general
        entries = [
            _entry(unit.troop, unit.count, unit.leaders, general_here=general in unit.leaders)
            for unit in army_list.units
        ]
        entries += [
            _entry(leader.troop, 1, (), general_here=leader.troop == general, alone=True)
            for leader in army_list.leaders
        ]
        return ListSummary(
            faction=army_list.faction,
            name=army_list.name,
            points=points(document),
            commander_level=army_list.commander_level,
            entries=tuple(entries),
        )


def _entry(
    troop_id: str,
    count: int,
    leaders: tuple[str, ...],
    *,
    general_here: bool,
    alone: bool = False,
) -> ListEntry:
    """One unit of a list (or a leader deployed alone) as the meta reads it: its
    troop's catalogue name, type and class, and its cost with its unit leaders'."""
    catalogue = _catalogue()
    troop = catalogue.troops.get(troop_id)
    led_by = [catalogue.troops.get(leader) for leader in leaders]
    cost = (troop.cost * count if troop else 0) + sum(found.cost for found in led_by if found)
    options = [f"leader={leader}" for leader in leaders]
    details = [
        f"led by {found.name if found else leader}"
        for leader, found in zip(leaders, led_by, strict=True)
    ]
    if alone:
        options.append("alone")
        details.append("alone")
    if general_here:
        options.append("general")
        details.append("the general" if alone else "the general leads it")
    troop_class = catalogue.classes.get(troop.troop_class) if troop else None
    return ListEntry(
        unit=troop_id,
        name=troop.name if troop else troop_id,
        unit_type=troop.type if troop else "",
        unit_class=troop_class.name if troop_class else "",
        count=count,
        cost=cost,
        options=tuple(options),
        details=", ".join(details),
    )


def points(document: Mapping[str, Any]) -> int:
    """What a (schema-valid) Kensei list costs: troops, leaders and commander level."""
    catalogue = _catalogue()
    total = 0
    for unit in document.get("units", ()):
        troop = catalogue.troops.get(unit.get("troop"))
        leaders = unit.get("leader", ())
        for leader_id in (leaders,) if isinstance(leaders, str) else leaders:
            leader = catalogue.troops.get(leader_id)
            total += leader.cost if leader else 0
        total += troop.cost * max(int(unit.get("count", 0)), 0) if troop else 0
    for entry in document.get("leaders", ()):
        leader = catalogue.troops.get(entry.get("troop"))
        total += leader.cost if leader else 0
    level = catalogue.rules.commander_level(document.get("commander_level", 0))
    return total + (level.cost if level else 0)


@cache
def _catalogue_document() -> dict[str, Any]:
    catalogue = _catalogue()
    rules = catalogue.rules
    factions_found = sorted(catalogue.factions.values(), key=lambda f: f.name.casefold())
    return {
        "game_system": Kensei.id,
        "sample": any(faction.sample for faction in factions_found),
        "notice": SAMPLE_NOTICE if any(faction.sample for faction in factions_found) else None,
        "battle_size": {"min": rules.battle_size_min, "max": rules.battle_size_max},
        "min_unit_size": rules.min_unit_size,
        "max_list_bytes": MAX_LIST_BYTES,
        "commander_levels": [
            {"level": level.level, "cost": level.cost, "name": level.name}
            for level in rules.commander_levels
        ],
        "factions": [
            {
                "id": faction.id,
                "name": faction.name,
                "description": faction.description,
                "sample": faction.sample,
                "type_caps": {
                    cap.type: {
                        "max_percent": cap.max_percent,
                        "max_points": [list(step) for step in cap.max_points],
                    }
                    for cap in faction.type_caps.values()
                },
                "troops": [
                    {
                        "id": troop.id,
                        "name": troop.name,
                        "class": troop.troop_class,
                        "class_name": catalogue.classes[troop.troop_class].name,
                        "class_rank": troop.class_rank,
                        "type": troop.type,
                        "cost": troop.cost,
                        "leader": troop.leader,
                        "can_lead_units": troop.can_lead_units,
                        "unique": troop.unique,
                        "ranged_bands": list(troop.ranged_bands),
                    }
                    for troop in faction.troops
                ],
            }
            for faction in factions_found
        ],
    }

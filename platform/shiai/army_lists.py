"""Army lists at an event: the factions a game system offers, and a submitted list
checked by that system's engine.

A tournament never takes a faction as free text: it is one of the system's
catalogue factions. A list arrives as the JSON document the engine reads (built in
the browser from the catalogue, or uploaded), and is checked by the engine's own
army-creation rules, every violation listed with its rule.

Only the game systems listed in ``SYSTEMS`` know their catalogue; an event of any
other system takes no list and no faction check (its faction is still one word of
at most ``PLAYER_TEXT_LIMIT`` characters, checked by the tournament).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.kensei import (
    RULE_BATTLE_SIZE,
    ArmyListError,
    Catalogue,
    load_army_list,
    load_catalogue,
    validate_army,
)

KENSEI = "kensei"
MAX_LIST_BYTES = 20_000  # the aggregate's ARMY_LIST_LIMIT is the same figure


@dataclass(frozen=True)
class FactionChoice:
    id: str
    name: str


@dataclass(frozen=True)
class ListCheck:
    """The engine's verdict on one list: its faction and points, and every violation
    (``"rule id: message"``). ``document`` is the list re-serialised, normalised."""

    faction: str | None
    points: int | None
    violations: tuple[str, ...] = field(default_factory=tuple)
    document: str | None = None

    @property
    def ok(self) -> bool:
        return not self.violations


# A violation's rule id leads its text: "army-creation.total-cost: the army costs...".
_RULE_ID = re.compile(r"(?P<rule>[a-z][a-z0-9-]*\.[a-z0-9-]+): (?P<message>.*)", re.DOTALL)
SAMPLE_NOTICE = (
    "Sample data: Shiai's Kensei factions, troops and costs are invented in the rulebook's "
    "shape, not the official army lists."
)
# What a list that the engine cannot read at all breaks: the list's format.
RULE_FORMAT = "army-list.format"


@cache
def _catalogue() -> Catalogue:
    return load_catalogue()


def knows_lists(game_system: str) -> bool:
    """Whether Shiai has this system's catalogue (factions and list checking)."""
    return game_system.strip().casefold() == KENSEI


def factions(game_system: str) -> tuple[FactionChoice, ...]:
    """The system's catalogue factions, by name; empty for a system without one."""
    if not knows_lists(game_system):
        return ()
    found = (FactionChoice(f.id, f.name) for f in _catalogue().factions.values())
    return tuple(sorted(found, key=lambda f: f.name.casefold()))


def faction_name(game_system: str, faction_id: str | None) -> str | None:
    for choice in factions(game_system):
        if choice.id == faction_id:
            return choice.name
    return faction_id


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


def check_army_list(game_system: str, text: str, *, battle_size: int | None = None) -> ListCheck:
    """Check a submitted list (JSON text) with the system's engine.

    ``battle_size``: the event's battle size in points, when it has one; a list for
    another size is a violation.
    """
    if not knows_lists(game_system):
        return ListCheck(None, None, (f"Shiai has no army catalogue for {game_system!r}",))
    if len(text.encode("utf-8")) > MAX_LIST_BYTES:
        return ListCheck(None, None, (f"the list is over {MAX_LIST_BYTES:,} bytes",))
    try:
        document = json.loads(text)
    except ValueError as error:
        return ListCheck(None, None, (f"the list is not JSON: {error}",))
    if not isinstance(document, dict):
        return ListCheck(None, None, ("the list is a JSON object with faction, units...",))
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
    normalised = json.dumps(document, sort_keys=True, separators=(",", ":"))
    return ListCheck(army_list.faction, points(document), tuple(violations), normalised)


def violation_parts(violation: str) -> tuple[str, str]:
    """A violation's rule id and message; a list the engine cannot read breaks
    ``army-list.format``.

    >>> violation_parts("army-creation.general: the general is missing")
    ('army-creation.general', 'the general is missing')
    """
    found = _RULE_ID.fullmatch(violation)
    if found is None:
        return RULE_FORMAT, violation
    return found["rule"], found["message"]


def check_to_dict(game_system: str, check: ListCheck) -> dict[str, Any]:
    """The verdict as the list builder reads it (``POST /army-lists/check``)."""
    violations = [violation_parts(text) for text in check.violations]
    return {
        "faction": check.faction,
        "faction_name": faction_name(game_system, check.faction) if check.faction else None,
        "points": check.points,
        "ok": check.ok,
        "violations": [{"rule": rule, "message": message} for rule, message in violations],
    }


def catalogue_document(game_system: str) -> dict[str, Any] | None:
    """What the list builder needs of a system's catalogue, as JSON data: the
    battle sizes, commander levels, minimum unit size, and each faction's troops
    (cost, class, type, whether it is an army leader, may lead a unit, is unique)
    and type caps. ``None`` for a system Shiai has no catalogue of."""
    if not knows_lists(game_system):
        return None
    return _kensei_catalogue_document()


@cache
def _kensei_catalogue_document() -> dict[str, Any]:
    catalogue = _catalogue()
    rules = catalogue.rules
    factions_found = sorted(catalogue.factions.values(), key=lambda f: f.name.casefold())
    return {
        "game_system": KENSEI,
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


__all__ = [
    "KENSEI",
    "MAX_LIST_BYTES",
    "RULE_FORMAT",
    "FactionChoice",
    "ListCheck",
    "catalogue_document",
    "check_army_list",
    "check_to_dict",
    "faction_name",
    "factions",
    "knows_lists",
    "points",
    "violation_parts",
]

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
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.kensei.armies import RULE_BATTLE_SIZE, validate_army
from engine.kensei.catalogue import load_army_list, load_catalogue
from engine.kensei.profiles import ArmyListError, Catalogue

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


__all__ = [
    "KENSEI",
    "FactionChoice",
    "ListCheck",
    "check_army_list",
    "faction_name",
    "factions",
    "knows_lists",
    "points",
]

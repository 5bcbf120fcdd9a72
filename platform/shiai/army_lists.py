"""Army lists at an event: the factions a game system offers, and a submitted list
checked by that system's engine.

A tournament never takes a faction as free text: it is one of the system's
catalogue factions. A list arrives as the JSON document the engine reads (built in
the browser from the catalogue, or uploaded), and is checked by the engine's own
army-creation rules, every violation listed with its rule.

Each system's lists come from its plug-in (``SystemPlugin.army_lists``, an
``ArmyListBook``); an event of a system without one takes no list and no faction
check (its faction is still one word of at most ``PLAYER_TEXT_LIMIT`` characters,
checked by the tournament). The built-in systems' books are known without an app;
``install`` adds those of the systems an app installs (``SHIAI_RULESETS``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from engine.core import Faction
from shiai.systems import BUILTIN_SYSTEMS, SystemPlugin, load_system
from shiai.systems.lists import MAX_LIST_BYTES, ArmyListBook, FactionChoice, ListCheck

# A violation's rule id leads its text: "army-creation.total-cost: the army costs...".
_RULE_ID = re.compile(r"(?P<rule>[a-z][a-z0-9-]*\.[a-z0-9-]+): (?P<message>.*)", re.DOTALL)
# What a list that the engine cannot read at all breaks: the list's format.
RULE_FORMAT = "army-list.format"

_installed: dict[str, ArmyListBook] = {}
# The factions each system's ruleset names (RulesetInfo.factions), for systems without
# a list book.
_named_installed: dict[str, tuple[Faction, ...]] = {}


def _books_of(plugins: Iterable[SystemPlugin]) -> dict[str, ArmyListBook]:
    return {plugin.id: book for plugin in plugins if (book := plugin.army_lists()) is not None}


@cache
def _builtin() -> dict[str, ArmyListBook]:
    return _books_of(load_system(spec) for spec in BUILTIN_SYSTEMS)


@cache
def _named_builtin() -> dict[str, tuple[Faction, ...]]:
    return {plugin.id: plugin.info.factions for plugin in map(load_system, BUILTIN_SYSTEMS)}


def install(plugins: Iterable[SystemPlugin]) -> None:
    """Know the army lists (and named factions) of these systems too (an app's
    installed systems)."""
    plugins = list(plugins)
    _installed.update(_books_of(plugins))
    _named_installed.update((plugin.id, plugin.info.factions) for plugin in plugins)


def book(game_system: str) -> ArmyListBook | None:
    """The army lists of ``game_system`` (its id, any case), if it has them."""
    key = game_system.strip().casefold()
    return _installed.get(key) or _builtin().get(key)


def systems_with_lists() -> list[str]:
    """The ids of the systems whose lists Shiai knows, sorted."""
    return sorted({*_builtin(), *_installed})


def knows_lists(game_system: str) -> bool:
    """Whether Shiai has this system's catalogue (factions and list checking)."""
    return book(game_system) is not None


def factions(game_system: str) -> tuple[FactionChoice, ...]:
    """The system's catalogue factions, by name: its list book's, else those its
    ruleset names (``RulesetInfo.factions``: Senjutsu's characters); empty for a
    system with neither."""
    found = book(game_system)
    if found is not None:
        return found.factions()
    key = game_system.strip().casefold()
    named = _named_installed.get(key) or _named_builtin().get(key, ())
    return tuple(FactionChoice(choice.id, choice.name) for choice in named)


def faction_name(game_system: str, faction_id: str | None) -> str | None:
    for choice in factions(game_system):
        if choice.id == faction_id:
            return choice.name
    return faction_id


def check_army_list(game_system: str, text: str, *, battle_size: int | None = None) -> ListCheck:
    """Check a submitted list (JSON text) with the system's engine.

    ``battle_size``: the event's battle size in points, when it has one; a list for
    another size is a violation.
    """
    found = book(game_system)
    if found is None:
        return ListCheck(None, None, (f"Shiai has no army catalogue for {game_system!r}",))
    if len(text.encode("utf-8")) > MAX_LIST_BYTES:
        return ListCheck(None, None, (f"the list is over {MAX_LIST_BYTES:,} bytes",))
    try:
        document = json.loads(text)
    except ValueError as error:
        return ListCheck(None, None, (f"the list is not JSON: {error}",))
    if not isinstance(document, dict):
        return ListCheck(None, None, ("the list is a JSON object with faction, units...",))
    check = found.check(document, battle_size)
    if check.points is None:  # the engine could not read it: kept as sent
        return check
    normalised = json.dumps(document, sort_keys=True, separators=(",", ":"))
    return ListCheck(check.faction, check.points, check.violations, normalised)


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
    """What the list builder needs of a system's catalogue, as JSON data (Kensei's:
    the battle sizes, commander levels, minimum unit size, and each faction's troops
    and type caps). ``None`` for a system Shiai has no catalogue of."""
    found = book(game_system)
    return found.catalogue_document() if found is not None else None


__all__ = [
    "MAX_LIST_BYTES",
    "RULE_FORMAT",
    "ArmyListBook",
    "FactionChoice",
    "ListCheck",
    "book",
    "catalogue_document",
    "check_army_list",
    "check_to_dict",
    "faction_name",
    "factions",
    "install",
    "knows_lists",
    "systems_with_lists",
    "violation_parts",
]

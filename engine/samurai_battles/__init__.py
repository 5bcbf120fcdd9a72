"""Samurai Battles (Zvezda): secret written orders for every unit, revealed together and
executed step by step on a hex battlefield, as a Shiai ruleset (id ``samurai-battles``).

Rulebook: ``../shared/rules/samurai-battles-orders.txt`` (the orders and their
execution); the rules map is ``docs/rules/samurai-battles.md``. The package is laid out
by rule area: ``army`` (the data: unit types, terrain, tables, scenarios), ``geometry``
(line of sight, zones, sides, terrain effects), ``state`` (accessors and evolve),
``orders`` (order values and their issue-time checks), ``combat`` and ``execution``
(the Execution Phase), ``turn`` (the orders phase, the reveal, victory) and the facade
``ruleset``.

The public names are imported on first use, so that each layer can be imported and
tested without the layers above it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.samurai_battles.army.catalogue import Catalogue, CatalogueError, load_catalogue
    from engine.samurai_battles.orders.model import MOVE_LIMITS
    from engine.samurai_battles.ruleset import SamuraiBattles
    from engine.samurai_battles.turn.views import catalogue_view

_PUBLIC = {
    "Catalogue": "engine.samurai_battles.army.catalogue",
    "CatalogueError": "engine.samurai_battles.army.catalogue",
    "load_catalogue": "engine.samurai_battles.army.catalogue",
    "MOVE_LIMITS": "engine.samurai_battles.orders.model",
    "SamuraiBattles": "engine.samurai_battles.ruleset",
    "catalogue_view": "engine.samurai_battles.turn.views",
}

__all__ = [
    "MOVE_LIMITS",
    "Catalogue",
    "CatalogueError",
    "SamuraiBattles",
    "catalogue_view",
    "load_catalogue",
]


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        return getattr(import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'engine.samurai_battles' has no attribute {name!r}")

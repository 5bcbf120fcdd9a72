"""The samurai skirmish rules (Mike Adams, 2002) as a Shiai ruleset (id ``skirmish``):
bands of 5-20 characters, heroes and groups, moving, shooting and fighting on a
tabletop measured in inches.

Rulebook: ``../shared/rules/samurai-skirmish-rules.txt``; the rules map is
``docs/rules/skirmish.md``. The package is laid out by rule area: ``army`` (the data),
``geometry`` (measuring, sight, paths), ``state`` (accessors and evolve), ``morale`` and
``heroic``, ``movement``, ``shooting`` and ``combat``, ``turn`` (initiative, phases,
heroic declarations, victory, views), ``describe``, ``bots``, ``analysis`` and the facade
``ruleset``.

The public names are imported on first use, so that each layer can be imported and
tested without the layers above it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.skirmish.army.catalogue import Catalogue, CatalogueError, load_catalogue
    from engine.skirmish.ruleset import Skirmish
    from engine.skirmish.turn.views import catalogue_view

_PUBLIC = {
    "Catalogue": "engine.skirmish.army.catalogue",
    "CatalogueError": "engine.skirmish.army.catalogue",
    "load_catalogue": "engine.skirmish.army.catalogue",
    "Skirmish": "engine.skirmish.ruleset",
    "catalogue_view": "engine.skirmish.turn.views",
}

__all__ = ["Catalogue", "CatalogueError", "Skirmish", "catalogue_view", "load_catalogue"]


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        return getattr(import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'engine.skirmish' has no attribute {name!r}")

"""The army data: unit types, terrain kinds, tables, scenarios and clans (the catalogue)."""

from __future__ import annotations

from engine.samurai_battles.army.catalogue import (
    Catalogue,
    CatalogueError,
    Scenario,
    UnitType,
    catalogue_of,
    load_catalogue,
)

__all__ = ["Catalogue", "CatalogueError", "Scenario", "UnitType", "catalogue_of", "load_catalogue"]

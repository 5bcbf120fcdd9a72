"""Senjutsu 1.5 (Stone Sword Games): the hex duel card game, its multiplayer rules and
its solo opponents, as a Shiai ruleset (id ``senjutsu``).

Rulebook: ``../shared/rules/senjutsu-rulebook-1.5.txt``; the rules map is
``docs/rules/senjutsu.md``. The package is laid out by rule area: ``cards`` (the data
model, the catalogue and the deck rules), ``grid`` (the geometry of moves, attacks, blocks
and sight), ``effects`` (resolving a card), ``solo`` (the solo opponents' rules),
``turn`` (draw, choose, reveal, resolve, discard) and the facade ``ruleset``.

The public names are imported on first use, so that each layer (``grid``, ``cards``...)
can be imported and tested without the layers above it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.senjutsu.cards.catalogue import Catalogue, CatalogueError, load_catalogue
    from engine.senjutsu.cards.decks import validate_deck
    from engine.senjutsu.ruleset import Senjutsu

_PUBLIC = {
    "Catalogue": "engine.senjutsu.cards.catalogue",
    "CatalogueError": "engine.senjutsu.cards.catalogue",
    "load_catalogue": "engine.senjutsu.cards.catalogue",
    "validate_deck": "engine.senjutsu.cards.decks",
    "Senjutsu": "engine.senjutsu.ruleset",
}

__all__ = ["Catalogue", "CatalogueError", "Senjutsu", "load_catalogue", "validate_deck"]


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        return getattr(import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'engine.senjutsu' has no attribute {name!r}")

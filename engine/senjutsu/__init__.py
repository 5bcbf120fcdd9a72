"""Senjutsu 1.5 (Stone Sword Games): the hex duel card game, its multiplayer rules and
its solo opponents, as a Shiai ruleset (id ``senjutsu``).

Rulebook: ``../shared/rules/senjutsu-rulebook-1.5.txt``; the rules map is
``docs/rules/senjutsu.md``. The package is laid out by rule area: ``cards`` (the data
model, the catalogue and the deck rules), ``grid`` (the geometry of moves, attacks, blocks
and sight), ``effects`` (resolving a card), ``solo`` (the solo opponents' rules),
``turn`` (draw, choose, reveal, resolve, discard) and the facade ``ruleset``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.senjutsu.cards.catalogue import Catalogue, load_catalogue
from engine.senjutsu.cards.decks import validate_deck

if TYPE_CHECKING:
    from engine.senjutsu.ruleset import Senjutsu

__all__ = ["Catalogue", "Senjutsu", "load_catalogue", "validate_deck"]


def __getattr__(name: str) -> Any:
    # The facade is imported on first use, so that the data and grid layers can be
    # imported (and tested) without the whole engine.
    if name == "Senjutsu":
        from engine.senjutsu.ruleset import Senjutsu

        return Senjutsu
    raise AttributeError(f"module 'engine.senjutsu' has no attribute {name!r}")

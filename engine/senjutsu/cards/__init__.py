"""Senjutsu cards: the data model (:mod:`.model`), the catalogue of the JSON data
(:mod:`.catalogue`) and the deck rules (:mod:`.decks`)."""

from engine.senjutsu.cards.catalogue import Catalogue, CatalogueError, School, load_catalogue
from engine.senjutsu.cards.decks import Violation, shuffle, validate_deck, validate_prepared

__all__ = [
    "Catalogue",
    "CatalogueError",
    "School",
    "Violation",
    "load_catalogue",
    "shuffle",
    "validate_deck",
    "validate_prepared",
]

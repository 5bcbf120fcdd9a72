"""The names and rules texts of Kensei's titles and troop abilities, from the data
files, for a page that shows a unit: the unit's state names its abilities and its troop
by id only (the texts are the catalogue's, the same for every game)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.kensei.army.catalogue import load_catalogue


@cache
def data_texts() -> dict[str, Any]:
    """``abilities`` (name, ``permanent`` or ``ki``, text), ``titles`` (name, text, the
    abilities granted) by id, and ``troop_titles``: each troop's titles."""
    catalogue = load_catalogue()
    return {
        "abilities": {
            aid: {"name": ability.name, "kind": ability.kind, "text": ability.text}
            for aid, ability in catalogue.abilities.items()
        },
        "titles": {
            tid: {"name": title.name, "text": title.text, "abilities": list(title.abilities)}
            for tid, title in catalogue.titles.items()
        },
        "troop_titles": {
            troop_id: list(troop.titles) for troop_id, troop in catalogue.troops.items()
        },
    }

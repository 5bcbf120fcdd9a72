"""Looking up what the rulebook does not print (terrain pieces, Kamae trees): the
state's own embedded table first (``<table>_data``: a game that carries its own
data, or a test's hand-built pieces), then the catalogue."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.senjutsu.cards import load_catalogue
from engine.senjutsu.effects.cards import effect, plain

Json = dict[str, Any]


def terrain_piece(state: State, kind: str) -> Json:
    """The terrain data of ``kind`` (its ``collision`` effects and ``special``)."""
    embedded = state.get("terrain_data") or {}
    if kind in embedded:
        data: Json = plain(embedded[kind])
    else:
        data = plain(load_catalogue().terrain(kind))
    return {**data, "collision": [effect(e) for e in data.get("collision") or []]}

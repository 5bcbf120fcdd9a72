"""Reading a character's Kamae tree: the type of its current position."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.senjutsu.cards import load_catalogue
from engine.senjutsu.effects.cards import plain

Json = dict[str, Any]


def tree(state: State, side: str) -> Any:
    """The Kamae tree model of ``side``'s character (the state's ``tree_data``
    first, for a game that embeds its own, then the catalogue)."""
    tree_id = state["characters"][side]["tree"]
    embedded = state.get("tree_data") or {}
    if tree_id in embedded:
        return embedded[tree_id]
    return load_catalogue().tree(tree_id)


def tree_json(state: State, side: str) -> Json:
    data: Json = plain(tree(state, side))
    return data


def position_type(state: State, side: str, position_id: str) -> str:
    for spot in tree_json(state, side)["positions"]:
        if spot["id"] == position_id:
            return str(spot["kamae"])
    raise KeyError(f"no Kamae position {position_id!r} on {side}'s tree")


def kamae_type(state: State, side: str) -> str:
    """The Kamae type (neutral, aggression, balance, determination) ``side`` is in."""
    return position_type(state, side, state["characters"][side]["kamae"])

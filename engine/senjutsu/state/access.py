"""Reading and copying a Senjutsu state without mutating it.

States are shared between steps (a replay keeps every one), so every helper here copies
what it changes (the top level and the touched character) and shares the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import State
from engine.hexgrid import Hex
from engine.senjutsu.cards.catalogue import Catalogue


def character(state: State, side: str) -> dict[str, Any]:
    """The character of ``side`` (KeyError for an unknown side)."""
    found: dict[str, Any] = state["characters"][side]
    return found


def with_character(state: State, side: str, changes: Mapping[str, Any]) -> State:
    """``state`` with the character of ``side`` changed by ``changes``."""
    characters = dict(state["characters"])
    characters[side] = {**characters[side], **changes}
    return {**state, "characters": characters}


def living(state: State) -> tuple[str, ...]:
    """The sides whose characters are not defeated, in seating order."""
    return tuple(s for s in state["sides"] if not state["characters"][s]["defeated"])


def track_bottom_up(state: State) -> tuple[str, ...]:
    """The living sides from the bottom of the advantage track to its top."""
    alive = set(living(state))
    return tuple(s for s in reversed(state["advantage"]) if s in alive)


def track_top_down(state: State) -> tuple[str, ...]:
    """The living sides from the top of the advantage track down."""
    return tuple(reversed(track_bottom_up(state)))


def hex_of(state: State, side: str) -> Hex | None:
    """Where the character of ``side`` stands (``None``: not placed, or removed)."""
    found = character(state, side)["hex"]
    return None if found is None else Hex(found[0], found[1])


def occupied(state: State) -> dict[Hex, str]:
    """The hexes holding a character, with the side there."""
    found: dict[Hex, str] = {}
    for side in state["sides"]:
        where = hex_of(state, side)
        if where is not None:
            found[where] = side
    return found


def board_hexes(state: State) -> frozenset[Hex]:
    """The battlefield's hexes."""
    return frozenset(Hex(q, r) for q, r in state["board"]["hexes"])


def terrain_hexes(state: State) -> frozenset[Hex]:
    """Every hex covered by a terrain piece (a torii gate's middle hex too)."""
    return frozenset(Hex(q, r) for piece in state["terrain"] for q, r in piece["hexes"])


def solid_hexes(state: State) -> frozenset[Hex]:
    """The hexes that count as terrain (Terrain > Torii Gate: not the middle hex)."""
    return frozenset(Hex(q, r) for piece in state["terrain"] for q, r in piece["solid"])


def hand_size(state: State, side: str, catalogue: Catalogue) -> int:
    """The cards that count towards the hand limit: non-core cards and stuns
    (Turn Structure In Detail > Discard; Other Ability Card Icons > Stun)."""
    mine = character(state, side)
    stuns: int = mine["stuns"]
    return sum(1 for card in mine["hand"] if not catalogue.card(card).core) + stuns

"""How good a position is for one side: the bots' judgement, on plain states.

A duel is won by defeating the other characters (Winning The Game: wounds up to
the wound limit, stuns up to the hand size, or an execution), so the judgement
counts, for every other side less for the side itself: defeat, wounds (a bleeding
wound is a wound, Attacks > Bleeding), stuns held, and a little focus. The
position term (used between cards, when nothing is dealt yet) prefers having an
enemy in the three hexes in front (where most attack grids reach) and not
standing in the front of one, and being close. Whole numbers only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import State
from engine.hexgrid import Facing, Hex, front_hexes

DEFEAT = 1000
WOUND = 10
STUN = 6
FOCUS = 1
IN_FRONT = 3


def _hurt(character: Mapping[str, Any]) -> int:
    """How badly one character is hurt, in the judgement's units."""
    if character.get("defeated"):
        return DEFEAT
    wounds = int(character.get("wounds", 0)) + int(character.get("bleeding", 0))
    return (
        WOUND * wounds
        + STUN * int(character.get("stuns", 0))
        - FOCUS * int(character.get("focus", 0))
    )


def material(state: State, side: str) -> int:
    """What the other sides have suffered minus what ``side`` has."""
    characters = state["characters"]
    mine = _hurt(characters[side])
    theirs = sum(_hurt(c) for other, c in sorted(characters.items()) if other != side)
    return theirs - mine


def _place(character: Mapping[str, Any]) -> tuple[Hex, Facing] | None:
    hex_ = character.get("hex")
    if hex_ is None or character.get("defeated"):
        return None
    return Hex(int(hex_[0]), int(hex_[1])), Facing(int(character.get("facing", 0)) % 6)


def position(state: State, side: str) -> int:
    """Enemies in ``side``'s front three hexes, less the enemies that have
    ``side`` in theirs, less the distance to the nearest enemy."""
    characters = state["characters"]
    mine = _place(characters[side])
    if mine is None:
        return 0
    score, nearest = 0, None
    for other, character in sorted(characters.items()):
        theirs = _place(character) if other != side else None
        if theirs is None:
            continue
        if theirs[0] in front_hexes(*mine):
            score += IN_FRONT
        if mine[0] in front_hexes(*theirs):
            score -= IN_FRONT
        distance = mine[0].distance(theirs[0])
        nearest = distance if nearest is None else min(nearest, distance)
    return score - (nearest or 0)


def judge(state: State, side: str) -> int:
    """The whole judgement: material first, position to break near-ties."""
    return 4 * material(state, side) + position(state, side)

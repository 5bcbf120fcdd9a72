"""Bushido (Heroic Characters > Bushido): an honourable heroic character cannot assault
non-heroic character groups in preference to other heroic characters, and may not join
a close combat between two heroic characters until one of them is killed.

Movement's charges and the free move of Heroic Combat both ask these."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import State
from engine.skirmish.heroic import chars


def honourable(state: State, unit_id: str) -> bool:
    unit = state["units"][unit_id]
    return bool(unit["hero"] and unit.get("honourable"))


def in_duel(state: State, model_id: str) -> bool:
    """Whether ``model_id`` is in a close combat between two heroic characters: a hero
    in base contact with exactly one enemy, a hero, who touches no other enemy."""
    if not chars.is_hero(state, model_id):
        return False
    foes = chars.contacts(state, model_id)
    if len(foes) != 1 or not chars.is_hero(state, foes[0]):
        return False
    return chars.contacts(state, foes[0]) == [model_id]


def preferred_targets(state: State, unit_id: str, candidates: Sequence[str]) -> list[str]:
    """The enemy models of ``candidates`` an honourable hero may assault: the heroes
    among them when there is one, and none in a duel of two heroes; every candidate for
    anyone else."""
    found = list(candidates)
    if not honourable(state, unit_id):
        return found
    found = [m for m in found if not in_duel(state, m)]
    heroes = [m for m in found if chars.is_hero(state, m)]
    return heroes if heroes else found


def refusal(state: State, unit_id: str, target: str, candidates: Sequence[str]) -> str | None:
    """Why Bushido forbids ``unit_id`` to assault ``target`` when it could assault any of
    ``candidates`` (``None``: it may)."""
    if not honourable(state, unit_id):
        return None
    if in_duel(state, target):
        return "an honourable hero may not join a close combat between two heroic characters"
    if target not in preferred_targets(state, unit_id, candidates):
        return "an honourable hero cannot assault a character group in preference to a hero"
    return None

"""Units in contact: the enemy units engaged with a unit (Melee combat)."""

from __future__ import annotations

from engine.core import State
from engine.kensei.geometry.board import board


def engaged_units(state: State, uid: str) -> list[str]:
    """Enemy units in melee combat with ``uid`` (Melee combat: 2.5 cm, facing). A unit
    that did not duel is not in melee combat with units that duelled this turn: it "may
    act normally" (Challenge to a duel > Multiple Combats)."""
    found = touching_units(state, uid)
    units = state["units"]
    if not found or units[uid].get("duelled"):
        return found
    return [enemy for enemy in found if not units[enemy].get("duelled")]


def touching_units(state: State, uid: str) -> list[str]:
    """Enemy units with a miniature engaged with one of ``uid``'s, duels or not."""
    unit = state["units"][uid]
    here = board(state)
    found: set[str] = set()
    for mid in unit["minis"]:
        if mid in here.bases:
            found.update(
                state["minis"][e]["unit"] for e in here.engaged_with(here.bases[mid], unit["side"])
            )
    return sorted(found)

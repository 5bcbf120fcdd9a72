"""Which orders the rules refuse the active unit whatever its target, and why: shown
by the play page before a player picks them (the order prompt's ``refused``)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import IllegalCommand, State
from engine.kensei.combat.melee import check_can_attack
from engine.kensei.shooting.shoot import check_can_shoot

# Each order kind with a check that refuses it to a unit whatever its target.
_CHECKS: dict[str, Callable[[State, str, str], object]] = {
    "attack": check_can_attack,
    "shoot": check_can_shoot,
}


def order_refusals(state: State, side: str, uid: str) -> dict[str, str]:
    """Each order kind the rules refuse ``uid`` now, with the engine's words and rule
    (the ``IllegalCommand`` its order would raise)."""
    refused: dict[str, str] = {}
    for kind, check in _CHECKS.items():
        try:
            check(state, side, uid)
        except IllegalCommand as refusal:
            refused[kind] = str(refusal)
    return refused

"""The Order Roll: its die with the unit's abilities, and the order roll table."""

from __future__ import annotations

from typing import Any

from engine.core import Dice, State
from engine.kensei.state import abilities
from engine.kensei.state.offering_dice import offered
from engine.kensei.state.rolls import reroll


def order_roll(
    state: State, uid: str, dice: Dice, ini: int, *, only_ki: bool = False
) -> dict[str, Any]:
    """The Order Roll's die with the unit's abilities: ``order_roll`` modifiers (as table
    lines), a re-roll of a die giving a single order (``only_ki``, a led unit's roll: a
    die not activating the ki), which cannot turn out worse, and the ``extra_order``
    effects."""
    lines = abilities.lines(state, uid, "order_roll")
    modifier = sum(value for _label, value in lines)
    count = abilities.rerolls(state, uid, "order_roll")

    def failed(face: int) -> bool:
        orders, ki = orders_for(face, ini + modifier)
        return not ki if only_ki else orders < 2

    faces, rerolled = reroll(dice, dice.roll(1), failed, count)
    unit = state["units"][uid]
    final = offered(
        dice,
        faces,
        unit["side"],
        f"Order Roll of {unit['name']} ({uid})",
        {"kind": "order", "bonus": ini + modifier},
    )
    return {
        "die": final.faces[0],
        "boost": final.boosts[0],
        "ability_lines": lines,
        "modifier": modifier,
        "rerolled": rerolled,
        "extra_orders": abilities.extra_orders(state, uid),
    }


def orders_for(die: int, ini: int) -> tuple[int, bool]:
    """Order roll table: natural 1 one order; 2-3 one; 4-5 two; 6+ two and ki.

    A total below 2 that is not a natural 1 (INI lowered by the death of the
    general) still gives one order: the table has no row without orders.
    """
    if die == 1:
        return 1, False
    total = die + ini
    if total >= 6:
        return 2, True
    if total >= 4:
        return 2, False
    return 1, False

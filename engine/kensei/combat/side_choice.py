"""The side attacked on a tie (Attack > Attacking by front, flank and rearguard: "in the
event that a unit is attacking several sides with same number of miniatures, the owner
of the attacked unit decides which side is receiving the attack from among the affected
sides"): asked before the rolls of each combat (``attacked_side``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event, IllegalCommand, Prompt, State
from engine.kensei import rules
from engine.kensei.combat.melee import attack_sides
from engine.kensei.commands.combat import AttackedSide
from engine.kensei.state.queries import unit_name


def side_question(state: State, pending: Mapping[str, Any], fight: list[str]) -> Prompt | None:
    """The attacked player's choice still to make in the current combat, if any."""
    if pending.get("duel"):
        return None
    chosen = pending.get("sides_chosen", {})
    assigned = pending.get("assign")
    for uid, enemy in ((fight[0], fight[1]), (fight[1], fight[0])):
        if f"{uid}>{enemy}" in chosen:
            continue
        sides = attack_sides(state, uid, enemy, assigned)
        if len(sides) > 1:
            return Prompt(
                (state["units"][enemy]["side"],),
                "attacked_side",
                options={"attacker": uid, "unit": enemy, "sides": sides},
            )
    return None


def decide_side(state: State, side: str, command: AttackedSide, prompt: Prompt) -> Event:
    options = prompt.options
    choice = command.attacked
    if choice not in options["sides"]:
        raise IllegalCommand(
            f"{unit_name(state['units'][options['attacker']])} attacks "
            f"{unit_name(state['units'][options['unit']])} on its "
            f"{' or '.join(options['sides'])}, not its {choice}",
            rule=rules.ATTACK_SIDES,
        )
    return {
        "type": "attacked_side_chosen",
        "side": side,
        "attacker": options["attacker"],
        "unit": options["unit"],
        "attacked": choice,
    }

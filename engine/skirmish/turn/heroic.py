"""The heroic declarations at the start of each phase (Heroic Characters > Heroic
Actions: "Heroic actions must be declared at the start of their respective phases ...
First the player with Initiative may declare a single Heroic Action for one of his
heroic characters, then the other player, and then the first player may declare a
heroic action for a different heroic character, and so on").

A declaration spends a Zen token at once (Zen Tokens > To perform a Heroic Action).
A hero may declare the phase's action when he is on the table, not fleeing, has a
token left and has not declared one this phase, and the action can be made: Heroic
Movement when he is not in base contact with an enemy (he may not move out of contact),
Heroic Shooting with a missile weapon out of contact (Shooting: not while engaged),
Heroic Combat in base contact with an enemy (Interpretation). A side with no such hero
passes at once; a side that passes declares no more this phase.
"""

from __future__ import annotations

from engine.core import Command, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.skirmish import rules
from engine.skirmish.geometry.measure import in_contact
from engine.skirmish.state.access import (
    base_of,
    enemies,
    heroes,
    is_fleeing,
    living_models,
    weapon_of,
    zen,
)
from engine.skirmish.state.handlers_turn import HEROIC_DECLARED, HEROIC_PASSED
from engine.skirmish.turn.common import checked_side, not_your_turn

HEROIC = "heroic"
ACTION_OF_PHASE = {"move": "move", "shoot": "shoot", "combat": "combat"}
RULE_OF_ACTION = {
    "move": rules.HEROIC_MOVEMENT,
    "shoot": rules.HEROIC_SHOOTING,
    "combat": rules.HEROIC_COMBAT,
}


def in_enemy_contact(state: State, unit_id: str) -> bool:
    """Whether a model of the unit is in base contact with an enemy model."""
    side = state["units"][unit_id]["side"]
    foes = [base_of(state, m) for m in enemies(state, side)]
    return any(
        in_contact(base_of(state, m), foe) for m in living_models(state, unit_id) for foe in foes
    )


def refusal(state: State, unit_id: str, action: str) -> tuple[str, str] | None:
    """Why the hero may not declare ``action`` now, as ``(reason, rule)``; ``None``
    when he may."""
    record = state["units"][unit_id]
    if not record["hero"]:
        return ("only heroic characters make heroic actions", rules.HEROIC_ACTIONS)
    if not living_models(state, unit_id):
        return (f"{unit_id} is no longer on the table", rules.HEROIC_ACTIONS)
    if is_fleeing(state, unit_id):
        return (f"{unit_id} is fleeing", rules.FLEEING)
    if zen(state, unit_id) < 1:
        return (f"{unit_id} has no Zen token left", rules.ZEN_HEROIC)
    if record["heroic"] and state["phase"] in record["heroic"]:
        return (
            f"{unit_id} has already declared a heroic action this phase",
            rules.HEROIC_DECLARATION,
        )
    engaged = in_enemy_contact(state, unit_id)
    if action == "move" and engaged:
        return (f"{unit_id} is in base contact with the enemy", rules.LEAVING_CONTACT)
    if action == "shoot":
        if not weapon_of(state, unit_id).missile:
            return (f"{unit_id} has no missile weapon", rules.HEROIC_SHOOTING)
        if engaged:
            return (f"{unit_id} is engaged in close combat", rules.SHOOT_ENGAGED)
    if action == "combat" and not engaged:
        return (f"{unit_id} is not in base contact with the enemy", rules.HEROIC_COMBAT)
    return None


def declarable(state: State, side: str) -> list[str]:
    """The heroes of ``side`` who may declare this phase's heroic action now."""
    action = ACTION_OF_PHASE.get(state["phase"])
    if action is None:
        return []
    return [hero for hero in heroes(state, side) if refusal(state, hero, action) is None]


def any_declarable(state: State) -> bool:
    """Whether some hero of either side could declare this phase's heroic action (the
    declarations step is skipped otherwise)."""
    return any(declarable(state, side) for side in ("a", "b"))


def declaring(state: State) -> str | None:
    """The side to declare (or pass) now, ``None`` when the declarations are over."""
    window = state.get("declaring")
    if state.get("step") != HEROIC or not window:
        return None
    if len(window["passed"]) >= 2:
        return None
    side: str = window["next"]
    return side


def auto_passes(state: State) -> list[Event]:
    """The pass of the side to declare when it has no hero able to."""
    side = declaring(state)
    if side is not None and not declarable(state, side):
        return [{"type": HEROIC_PASSED, "side": side, "auto": True}]
    return []


def heroic_prompt(state: State) -> Prompt | None:
    """The declaring side's prompt: the heroes who may declare this phase's action."""
    side = declaring(state)
    if side is None:
        return None
    units = declarable(state, side)
    return Prompt(
        sides=(side,),
        kind=HEROIC,
        options={
            "phase": state["phase"],
            "action": ACTION_OF_PHASE[state["phase"]],
            "units": units,
            "zen": {unit_id: zen(state, unit_id) for unit_id in units},
        },
    )


def decide_heroic(state: State, command: Command) -> list[Event]:
    """``{"type": "heroic", "side", "unit": hero id or null, "action"}``: declare the
    phase's heroic action for a hero (a Zen token spent), or pass (``unit`` null)."""
    side = checked_side(command, ("unit", "action"))
    waiting = declaring(state)
    if side != waiting:
        raise not_your_turn(side, "declare a heroic action", () if waiting is None else (waiting,))
    unit_id = command.get("unit")
    action = command.get("action", ACTION_OF_PHASE[state["phase"]])
    if unit_id is None:
        return [{"type": HEROIC_PASSED, "side": side}]
    if action not in RULE_OF_ACTION:
        raise InvalidCommand(f"action is move, shoot or combat, not {action!r}")
    if action != ACTION_OF_PHASE[state["phase"]]:
        raise IllegalCommand(
            f"a heroic {action} is declared at the start of its own phase, not in {state['phase']}",
            rule=rules.HEROIC_DECLARATION,
        )
    if not isinstance(unit_id, str) or unit_id not in state["units"]:
        raise InvalidCommand(f"no unit {unit_id!r}")
    if state["units"][unit_id]["side"] != side:
        raise IllegalCommand(f"{unit_id} is not a unit of side {side}", rule=rules.HEROIC_ACTIONS)
    refused = refusal(state, unit_id, action)
    if refused is not None:
        raise IllegalCommand(refused[0], rule=refused[1])
    return [
        {
            "type": HEROIC_DECLARED,
            "side": side,
            "unit": unit_id,
            "action": action,
            "zen": zen(state, unit_id) - 1,
        }
    ]

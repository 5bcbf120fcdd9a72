"""The Close Combat phase (Turn Sequence > Close Combat: "conducted simultaneously for all
opposing models in contact"; the contract's fight step).

The turn calls :func:`begin` when the fight step starts, then while :func:`prompt` is
``None`` and :func:`pending`, applies :func:`resolve_next`. A ``fight`` prompt goes to the
sides whose heroes have a choice; when both have one it is sealed, and :func:`decide`
records each answer (``fight_chosen``, sealed) and, with the last, reveals them
(``fight_revealed``) and fights that combat; one side alone answers openly.
"""

from __future__ import annotations

from typing import Any

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.skirmish import rules
from engine.skirmish.combat.fights import Combat, combats, hero_choices, next_combat
from engine.skirmish.combat.resolve import fight_combat
from engine.skirmish.heroic.work import Work
from engine.skirmish.heroic.wounding import WOUND_TABLE, wound_need
from engine.skirmish.state.evolve import evolve
from engine.skirmish.state.handlers_combat import fights

FIGHT = "fight"
COMMANDS = frozenset({FIGHT})
PROMPT = "fight"
STRIKES = ("rider", "horse")


def begin(state: State, dice: Dice) -> list[Event]:
    """Nothing happens when the fight step starts: combats are found from base contact
    each time one is fought."""
    return []


def pending(state: State) -> bool:
    """Whether a combat is left to fight this phase."""
    return next_combat(state) is not None


def _waiting(state: State, combat: Combat) -> tuple[list[str], dict[str, Any]]:
    options = hero_choices(state, combat)
    chosen = fights(state)["chosen"]
    sides = [s for s in state["sides"] if s in options and s not in chosen]
    return sides, options


def prompt(state: State) -> Prompt | None:
    """The ``fight`` prompt of the next combat when its heroes have a choice: sealed
    when both sides have one (each answers without seeing the other's)."""
    combat = next_combat(state)
    if combat is None:
        return None
    sides, options = _waiting(state, combat)
    if not sides:
        return None
    units = {hero: option for side in sides for hero, option in sorted(options[side].items())}
    return Prompt(
        tuple(sides),
        PROMPT,
        sealed=len(options) > 1,
        options={"combat": combat.number, "units": units, "models": combat.models},
    )


def resolve_next(state: State, dice: Dice) -> list[Event]:
    """Fight the next combat, no hero having a choice to make."""
    combat = next_combat(state)
    if combat is None:
        return []
    work = Work(state, dice)
    fight_combat(work, combat, {})
    return work.events


def _checked(side: str, given: Any, options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    if not isinstance(given, dict):
        raise InvalidCommand("choices: an object of hero unit ids")
    found: dict[str, dict[str, Any]] = {}
    for hero in sorted(given):
        choice = given[hero]
        if hero not in options:
            raise IllegalCommand(f"{hero} has no choice in this combat", rule=rules.CLOSE_COMBAT)
        if not isinstance(choice, dict):
            raise InvalidCommand(f"the choice of {hero} is an object")
        allowed = options[hero]
        strategies = choice.get("strategies", [])
        if not isinstance(strategies, list) or any(
            s not in allowed["strategies"] for s in strategies
        ):
            raise IllegalCommand(
                f"{hero} may choose only {', '.join(allowed['strategies']) or 'no strategy'}",
                rule=rules.WATER_STRATEGIES,
            )
        strike = choice.get("strike", "rider")
        if strike not in STRIKES:
            raise InvalidCommand("strike is rider or horse")
        if strike == "horse" and not allowed["may_strike_horse"]:
            raise IllegalCommand(f"{hero} faces no mounted opponent", rule=rules.WOUND_THE_HORSE)
        wants_zen, disengage = choice.get("zen", False), choice.get("disengage", False)
        if not isinstance(wants_zen, bool) or not isinstance(disengage, bool):
            raise InvalidCommand("zen and disengage are true or false")
        if wants_zen and not allowed["zen"]:
            raise IllegalCommand(f"{hero} has no Zen token left", rule=rules.ZEN_TOKENS)
        if disengage and not allowed["disengage"]:
            raise IllegalCommand(
                f"{hero} does not know Choose the Place", rule=rules.CHOOSE_THE_PLACE
            )
        found[hero] = {
            "strategies": sorted(strategies),
            "strike": strike,
            "zen": wants_zen,
            "disengage": disengage,
        }
    return found


def decide(state: State, command: Command, dice: Dice) -> list[Event]:
    """A side's sealed ``fight`` choices; with the last side's, the combat is fought."""
    if command.get("type") != FIGHT:
        raise InvalidCommand(f"a close combat command is fight, not {command.get('type')!r}")
    combat = next_combat(state)
    side = command.get("side")
    if combat is None:
        raise IllegalCommand("no combat is waiting for choices", rule=rules.CLOSE_COMBAT)
    sides, options = _waiting(state, combat)
    if side not in sides:
        raise IllegalCommand(f"side {side!r} has no choice to make now", rule=rules.CLOSE_COMBAT)
    if command.get("combat") != combat.number:
        raise IllegalCommand(
            f"the combat waiting is number {combat.number}", rule=rules.CLOSE_COMBAT
        )
    choices = _checked(str(side), command.get("choices", {}), options[str(side)])
    if len(options) == 1:
        # Only this side has a choice: nothing waits for another, nothing is sealed.
        alone: Event = {"type": "fight_revealed", "combat": combat.number, "choices": choices}
        work = Work(evolve(state, alone), dice)
        fight_combat(work, combat, choices)
        return [alone, *work.events]
    chosen: Event = {
        "type": "fight_chosen",
        "side": side,
        "combat": combat.number,
        "sealed_for": side,
        "sealed": {"choices": choices},
    }
    after = evolve(state, chosen)
    if len(sides) > 1:
        return [chosen]
    every: dict[str, Any] = {}
    for given in fights(after)["chosen"].values():
        every.update(given)
    revealed: Event = {"type": "fight_revealed", "combat": combat.number, "choices": every}
    work = Work(evolve(after, revealed), dice)
    fight_combat(work, combat, every)
    return [chosen, revealed, *work.events]


def legal(state: State, side: str) -> list[Command]:
    """The ``fight`` commands ``decide`` accepts now from ``side``: no choice, and for each
    hero of the side each single choice he has (a strategy, the horse, a Zen die,
    disengaging), in a fixed order."""
    combat = next_combat(state)
    if combat is None:
        return []
    sides, options = _waiting(state, combat)
    if side not in sides:
        return []
    base: Command = {"type": FIGHT, "side": side, "combat": combat.number, "choices": {}}
    commands: list[Command] = [base]
    for hero, option in sorted(options[side].items()):
        singles: list[dict[str, Any]] = [{"strategies": [s]} for s in option["strategies"]]
        if option["may_strike_horse"]:
            singles.append({"strike": "horse"})
        if option["zen"]:
            singles.append({"zen": True})
        if option["disengage"]:
            singles.append({"disengage": True})
        commands.extend({**base, "choices": {hero: single}} for single in singles)
    return commands


__all__ = [
    "COMMANDS",
    "WOUND_TABLE",
    "begin",
    "combats",
    "decide",
    "legal",
    "pending",
    "prompt",
    "resolve_next",
    "wound_need",
]

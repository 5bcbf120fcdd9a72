"""The movement phase's acting step (Turn Sequence > Movement: "Both sides move, in order
of Initiative"): first every fleeing unit runs on (automatic), then the declared heroic
moves (initiative side first), then the initiative side moves its units one command at a
time, then the other side. A side whose units have nothing left to do ends its moves
automatically (``moves_ended``).
"""

from __future__ import annotations

import math
from typing import Any

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.core.memo import last_state
from engine.skirmish import rules
from engine.skirmish.geometry.paths import radius
from engine.skirmish.morale import fleeing_move, is_mounted
from engine.skirmish.morale.roster import units_of
from engine.skirmish.movement.actions import (
    decide_change_weapon,
    decide_mountain_sea_change,
    decide_mounting,
    decide_pavise,
    mountain_sea_heroes,
)
from engine.skirmish.movement.charge import check_charge, decide_charge, reach_of
from engine.skirmish.movement.moves import barred, decide_hold, decide_move
from engine.skirmish.movement.reach import MOUNTED_RADIUS, allowance_left, engaged, immobile
from engine.skirmish.state import access
from engine.skirmish.state.evolve import evolve_all


class _Sixes(Dice):
    """Dice that always show 6: enough to try a command for legality."""

    def roll(self, count: int, sides: int = 6) -> list[int]:
        return [sides] * count


_SIXES = _Sixes()

COMMANDS = frozenset(
    {
        "move",
        "charge",
        "hold",
        "mount",
        "dismount",
        "pavise",
        "change_weapon",
        "mountain_sea_change",
        "end_moves",
    }
)


def heroic_movers(state: State) -> list[str]:
    """The heroes whose declared heroic move is still to be made, in order (initiative
    side first, then by id)."""
    if not any("move" in record.get("heroic", ()) for record in state["units"].values()):
        return []
    found = []
    for side in access.initiative_order(state):
        for hero in units_of(state, side, hero=True):
            record = state["units"][hero]
            if "move" in record.get("heroic", []) and not record.get("fleeing"):
                found.append(hero)
    return found


def actions(state: State, unit_id: str, *, heroic: bool = False) -> list[str]:
    """What the unit may still do in this movement phase (``hold`` aside)."""
    record = state["units"][unit_id]
    found: list[str] = []
    if record.get("fleeing") or (record.get("done") and not heroic):
        return found
    free = immobile(state, unit_id) is None
    if free and allowance_left(state, unit_id, heroic=heroic) > 0:
        found += ["move", "charge"]
    if heroic:
        return found
    if free:
        if is_mounted(state, unit_id):
            found.append("dismount")
        elif record.get("horse_held"):
            found.append("mount")
    pavise = record.get("pavise")
    if isinstance(pavise, dict) and not int(record.get("moved", 0)) and not engaged(state, unit_id):
        found.append("pavise")
    if (
        record["hero"]
        and record.get("weapon_changed") != state["turn"]
        and any(
            state["units"][g].get("master") == unit_id
            for g in units_of(state, record["side"], hero=False)
        )
    ):
        found.append("change_weapon")
    return found


_TARGETS: dict[tuple[int, str, bool, int], tuple[Any, Any, list[str]]] = {}


def charge_targets(state: State, unit_id: str, *, heroic: bool = False) -> list[str]:
    """Enemy models within the unit's farthest charge, straight (the terrain may still make
    a charge fall short: the command checks the path), in model order. Remembered while
    the models and the unit's own record are the same objects (read-only answer)."""
    models = state["models"]
    record = state["units"][unit_id]
    key = (id(models), unit_id, heroic, int(state["turn"]))
    found = _TARGETS.get(key)
    if found is not None and found[0] is models and found[1] is record:
        targets: list[str] = found[2]
        return targets
    targets = _charge_targets(state, unit_id, heroic=heroic)
    if len(_TARGETS) >= 512:
        _TARGETS.clear()
    _TARGETS[key] = (models, record, targets)
    return targets


def _charge_targets(state: State, unit_id: str, *, heroic: bool) -> list[str]:
    reach = reach_of(state, unit_id, heroic=heroic)
    side = state["units"][unit_id]["side"]
    models = state["models"]
    mine = [
        (models[m]["x"], models[m]["y"], radius(bool(models[m]["mounted"])))
        for m in access.living_models(state, unit_id)
    ]
    if not mine:
        return []
    refused = barred(state, unit_id)
    margin = reach + 2 * MOUNTED_RADIUS
    x0 = min(x for x, _y, _r in mine) - margin
    x1 = max(x for x, _y, _r in mine) + margin
    y0 = min(y for _x, y, _r in mine) - margin
    y1 = max(y for _x, y, _r in mine) + margin
    found = []
    for model_id, other in models.items():
        ox, oy = other["x"], other["y"]
        if not (x0 <= ox <= x1 and y0 <= oy <= y1):
            continue
        if other["side"] == side or other["status"] != "ok" or other["unit"] in refused:
            continue
        orad = radius(bool(other["mounted"]))
        for x, y, r in mine:
            gap = math.hypot(x - ox, y - oy) - r - orad
            if 0 < gap <= reach:
                found.append(model_id)
                break
    return found


def _unit_options(
    state: State, unit_id: str, *, heroic: bool, doing: list[str] | None = None
) -> dict[str, Any]:
    if doing is None:
        doing = actions(state, unit_id, heroic=heroic)
    return {
        "allowance": allowance_left(state, unit_id, heroic=heroic),
        "charge": charge_targets(state, unit_id, heroic=heroic) if "charge" in doing else [],
        "actions": doing,
    }


def _offered(state: State, side: str) -> list[str]:
    return [u for u in units_of(state, side) if actions(state, u)]


@last_state
def prompt(state: State) -> Prompt | None:
    """The ``move`` prompt: a declared heroic move first, else the active side's units.
    ``None`` when the phase's moves are over (remembered for the last state asked)."""
    return _prompt(state)


def _prompt(state: State) -> Prompt | None:
    heroes = heroic_movers(state)
    if heroes:
        hero = heroes[0]
        side = state["units"][hero]["side"]
        return Prompt(
            sides=(side,),
            kind="move",
            options={"units": {hero: _unit_options(state, hero, heroic=True)}, "heroic": True},
        )
    side = state.get("active")
    if side is None:
        return None
    units = {}
    for unit_id in units_of(state, side):
        doing = actions(state, unit_id)
        if doing:
            units[unit_id] = _unit_options(state, unit_id, heroic=False, doing=doing)
    return Prompt(
        sides=(side,),
        kind="move",
        options={
            "units": units,
            "heroic": False,
            "mountain_sea_change": mountain_sea_heroes(state, side),
        },
    )


def close(state: State) -> list[Event]:
    """``moves_ended`` for each side in turn that has nothing left to do (no heroic move
    pending)."""
    events: list[Event] = []
    while not heroic_movers(state) and state.get("active") is not None:
        side = state["active"]
        if _offered(state, side) or mountain_sea_heroes(state, side):
            break
        ended: Event = {"type": "moves_ended", "side": side}
        events.append(ended)
        state = evolve_all(state, [ended])
    return events


def begin(state: State, dice: Dice) -> list[Event]:
    """The automatic start of the acting step: fleeing units run on (initiative side
    first), heroes who fled with the group they led leave it."""
    del dice  # the flight rolls nothing
    events: list[Event] = []
    for side in access.initiative_order(state):
        for unit_id in units_of(state, side):
            record = state["units"][unit_id]
            if not record.get("fleeing"):
                continue
            if record["hero"]:
                more: list[Event] = [{"type": "rallied", "unit": unit_id}]
            else:
                more = fleeing_move(state, unit_id)
            state = evolve_all(state, more)
            events += more
    return events + close(state)


def _checked_unit(state: State, command: Command) -> tuple[str, bool]:
    """The commanded unit and whether this is its heroic move."""
    unit_id = command.get("unit")
    if not isinstance(unit_id, str) or unit_id not in state["units"]:
        raise InvalidCommand("unit must be the id of one of your units")
    record = state["units"][unit_id]
    if record["side"] != command["side"]:
        raise IllegalCommand(f"{unit_id} is not yours", rule=rules.SEQUENCE_MOVEMENT)
    if not access.is_on_table(state, unit_id):
        raise IllegalCommand(f"{unit_id} is no longer on the table", rule=rules.SEQUENCE_MOVEMENT)
    heroes = heroic_movers(state)
    if heroes:
        if unit_id != heroes[0]:
            raise IllegalCommand(
                f"the heroic move of {heroes[0]} comes first", rule=rules.HEROIC_DECLARATION
            )
        return unit_id, True
    if state.get("active") != command["side"]:
        raise IllegalCommand("it is not your turn to move", rule=rules.SEQUENCE_MOVEMENT)
    if record.get("fleeing"):
        raise IllegalCommand(f"{unit_id} is fleeing", rule=rules.FLEEING)
    if record.get("done"):
        raise IllegalCommand(f"{unit_id} has already moved this phase", rule=rules.MOVEMENT)
    return unit_id, False


def decide(state: State, command: Command, dice: Dice) -> list[Event]:
    """One command of :data:`COMMANDS` in the movement phase's acting step (and then
    ``moves_ended`` for a side left with nothing to do)."""
    events = command_events(state, command, dice)
    return events + close(evolve_all(state, events))


def command_checked(state: State, command: Command) -> None:
    """Whether ``command`` would be accepted now, as cheaply as can be told: a charge is
    checked up to its dice, anything else decided on dice that always show 6 (no die
    makes a movement command illegal). Raises what :func:`decide` would raise."""
    if command.get("type") == "charge":
        _unit_id, heroic = _checked_unit(state, command)
        check_charge(state, command, heroic=heroic)
        return
    command_events(state, command, _SIXES)


def command_events(state: State, command: Command, dice: Dice) -> list[Event]:
    """The events of one movement command, checked (without the phase's sequencing)."""
    kind = command.get("type")
    if kind not in COMMANDS:
        raise InvalidCommand(f"{kind!r} is not a movement command")
    side = command.get("side")
    if kind == "end_moves":
        if heroic_movers(state) or state.get("active") != side:
            raise IllegalCommand("it is not your turn to move", rule=rules.SEQUENCE_MOVEMENT)
        events: list[Event] = [{"type": "moves_ended", "side": side}]
    elif kind == "mountain_sea_change":
        if heroic_movers(state) or state.get("active") != side:
            raise IllegalCommand("it is not your turn to move", rule=rules.SEQUENCE_MOVEMENT)
        events = decide_mountain_sea_change(state, command, dice)
    else:
        _unit_id, heroic = _checked_unit(state, command)
        if heroic and kind not in ("move", "charge", "hold"):
            raise IllegalCommand(
                "a heroic move is a move: move, charge or hold", rule=rules.HEROIC_MOVEMENT
            )
        if kind == "move":
            events = decide_move(state, command, dice, heroic=heroic)
        elif kind == "charge":
            events = decide_charge(state, command, dice, heroic=heroic)
        elif kind == "hold":
            events = decide_hold(state, command, heroic=heroic)
        elif kind in ("mount", "dismount"):
            events = decide_mounting(state, command)
        elif kind == "pavise":
            events = decide_pavise(state, command)
        else:
            events = decide_change_weapon(state, command)
    return events

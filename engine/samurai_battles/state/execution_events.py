"""Evolve handlers of the Execution Phase's events (steps, movement tick by tick, fire,
melee, Fortitude, the special orders, retreats). Total and pure: each event already
carries its outcome (hexes reached, dice faces, casualties, Fortitude after a test), a
handler only writes it into the state. The turn's own events have H1's table; the
state's evolve merges both.

Units are read and copied here directly (``state["units"][id]``) so this table needs
nothing but the state's JSON shape (``docs/rules/samurai-battles.md``, State).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def _with_units(state: State, changes: Mapping[str, Mapping[str, Any]]) -> State:
    """``state`` with each unit named in ``changes`` updated by its changes."""
    units = dict(state["units"])
    for unit_id, change in changes.items():
        units[unit_id] = {**units[unit_id], **change}
    return {**state, "units": units}


def _with_unit(state: State, unit_id: str, **changes: Any) -> State:
    return _with_units(state, {unit_id: changes})


def _disengaged(state: State, unit_ids: Iterable[str]) -> State:
    """``state`` with the units of ``unit_ids`` out of every melee they were in."""
    leaving = set(unit_ids)
    changes: dict[str, dict[str, Any]] = {}
    for unit_id in sorted(state["units"]):
        unit = state["units"][unit_id]
        if unit_id in leaving:
            if unit["engaged"]:
                changes[unit_id] = {"engaged": []}
        elif any(other in leaving for other in unit["engaged"]):
            changes[unit_id] = {"engaged": [u for u in unit["engaged"] if u not in leaving]}
    return _with_units(state, changes)


def _removed_by_enemy(state: State, unit_id: str) -> State:
    """``state`` with ``unit_id`` counted as removed by the other side."""
    own = state["units"][unit_id]["side"]
    others = [side for side in state["sides"] if side != own]
    removed = dict(state.get("removed", {}))
    for side in others:
        removed[side] = sorted({*removed.get(side, []), unit_id})
    return {**state, "removed": removed}


@handles(
    "step_began", "stopped", "encounter", "melee_fought", "melee_abandoned", "rested", "held_fire"
)
def _recorded_only(state: State, event: Event) -> State:
    # The step, a stop, an encounter's roll-off and a melee's dice change no unit by
    # themselves: the moves, casualties and tests that follow carry the outcome.
    return state


@handles("moved")
def _moved(state: State, event: Event) -> State:
    return _with_units(
        state,
        {
            move["unit"]: {"hex": list(move["to"]), "facing": move["facing"]}
            for move in event["moves"]
        },
    )


@handles("faced")
def _faced(state: State, event: Event) -> State:
    # A hidden unit turns in secret: its facing is under "sealed" for its own side.
    facing = event["facing"] if "facing" in event else (event.get("sealed") or {}).get("facing")
    if facing is None:
        return state
    return _with_unit(state, event["unit"], facing=facing)


@handles("fired")
def _fired(state: State, event: Event) -> State:
    return _with_unit(state, event["unit"], ammo=event["ammo"])


@handles("casualties")
def _casualties(state: State, event: Event) -> State:
    return _with_unit(state, event["unit"], models=event["left"])


@handles("fortitude_tested")
def _fortitude_tested(state: State, event: Event) -> State:
    return _with_unit(state, event["unit"], fortitude=event["fortitude"])


@handles("engaged")
def _engaged(state: State, event: Event) -> State:
    attacker, defender = event["attacker"], event["defender"]
    units = state["units"]
    return _with_units(
        state,
        {
            attacker: {"engaged": sorted({*units[attacker]["engaged"], defender})},
            defender: {"engaged": sorted({*units[defender]["engaged"], attacker})},
        },
    )


@handles("put_to_flight")
def _put_to_flight(state: State, event: Event) -> State:
    unit_id = event["unit"]
    state = _disengaged(state, [unit_id])
    state = _with_unit(state, unit_id, status="fled", hidden=False)
    return _removed_by_enemy(state, unit_id)


@handles("destroyed")
def _destroyed(state: State, event: Event) -> State:
    unit_id = event["unit"]
    state = _disengaged(state, [unit_id])
    state = _with_unit(state, unit_id, status="destroyed", models=0, hidden=False)
    return _removed_by_enemy(state, unit_id)


@handles("retreated")
def _retreated(state: State, event: Event) -> State:
    state = _disengaged(state, [event["unit"]])
    if not event["path"]:
        return state
    return _with_unit(state, event["unit"], hex=list(event["path"][-1]))


@handles("fell_back")
def _fell_back(state: State, event: Event) -> State:
    return _with_unit(state, event["unit"], hex=list(event["to"]))


@handles("hidden")
def _hidden(state: State, event: Event) -> State:
    # The written hex and facing are sealed for the hiding side; the unit stays where
    # it is (Special Orders > Ambush: "the hex number where the unit is located").
    sealed = event.get("sealed") or {}
    changes: dict[str, Any] = {"hidden": True}
    if "facing" in sealed:
        changes["facing"] = sealed["facing"]
    return _with_unit(state, event["unit"], **changes)


@handles("revealed")
def _revealed(state: State, event: Event) -> State:
    return _with_unit(
        state, event["unit"], hidden=False, hex=list(event["hex"]), facing=event["facing"]
    )


@handles("joined")
def _joined(state: State, event: Event) -> State:
    absorbed, into = event["unit"], event["into"]
    engaged = list(event["engaged"])
    state = _disengaged(state, [absorbed, into])
    state = _with_unit(state, absorbed, status="joined", models=0, engaged=[])
    state = _with_unit(
        state,
        into,
        hex=list(event["hex"]),
        models=event["models"],
        ammo=event["ammo"],
        engaged=engaged,
    )
    # The joined unit fights on with the enemies of either unit next to its hex.
    changes = {
        other: {"engaged": sorted({*state["units"][other]["engaged"], into})} for other in engaged
    }
    return _with_units(state, changes)


@handles("supplied")
def _supplied(state: State, event: Event) -> State:
    return _with_units(
        state,
        {event["unit"]: {"ammo": event["ammo"]}, event["from"]: {"supplies": event["supplies"]}},
    )

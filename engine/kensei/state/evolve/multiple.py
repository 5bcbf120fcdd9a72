"""Applying the events of a multiple combat (see :mod:`engine.kensei.combat.multiple`):
which enemy unit each shared miniature fights, the order of the combats, moving on
to the next combat of the chain, the order of the defeated units and of the chases;
and the end of any combat: a withdrawing unit's facing, the winners' melee movements."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.handlers import Handler, handler_table
from engine.kensei.state.evolve.changes import with_minis, with_units

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)


def placed(state: State, minis: list[dict[str, Any]]) -> State:
    return with_minis(
        state, {m["id"]: {"x": m["x"], "y": m["y"], "facing": m["facing"]} for m in minis}
    )


def _pending(state: State, **change: object) -> State:
    activation = state["activation"]
    return {**state, "activation": {**activation, "pending": {**activation["pending"], **change}}}


@handles("fighters_assigned")
def _fighters_assigned(state: State, event: Event) -> State:
    pending = state["activation"]["pending"]
    return _pending(
        state,
        assign={**pending["assign"], **event["assign"]},
        assigned=[*pending["assigned"], event["side"]],
    )


@handles("combats_ordered")
def _combats_ordered(state: State, event: Event) -> State:
    combats = [list(pair) for pair in event["combats"]]
    return _pending(state, combats=combats, fight=combats[0], ordered=True)


@handles("next_combat")
def _next_combat(state: State, event: Event) -> State:
    pending = state["activation"]["pending"]
    done = {"fight": pending["fight"], "taken": pending["taken"]}
    return _pending(
        state,
        tally=[*pending["tally"], done],
        fight=list(event["fight"]),
        stage="roll",
        damage={},
        taken={},
    )


@handles("attacked_side_chosen")
def _attacked_side_chosen(state: State, event: Event) -> State:
    chosen = dict(state["activation"]["pending"].get("sides_chosen", {}))
    chosen[f"{event['attacker']}>{event['unit']}"] = event["attacked"]
    return _pending(state, sides_chosen=chosen)


@handles("resolution_ordered")
def _resolution_ordered(state: State, event: Event) -> State:
    return _pending(state, losers=list(event["units"]), losers_ordered=True)


@handles("next_chase")
def _next_chase(state: State, _event: Event) -> State:
    chases = state["activation"]["pending"].get("chases", [])
    return _pending(state, chase=chases[0] if chases else None, chases=chases[1:])


# -- closing a combat (see engine.kensei.combat.closing) ------------------------------


@handles("facing_asked")
def _facing_asked(state: State, event: Event) -> State:
    asked = {"unit": event["unit"], "heading": event["heading"]}
    return _pending(state, facings=[*state["activation"]["pending"].get("facings", []), asked])


@handles("withdraw_faced")
def _withdraw_faced(state: State, event: Event) -> State:
    state = placed(state, event["minis"])
    return _pending(state, facings=state["activation"]["pending"]["facings"][1:])


@handles("combat_closing")
def _combat_closing(state: State, event: Event) -> State:
    return _pending(state, closing=True, melee_moves=list(event["melee_moves"]))


@handles("melee_moved")
def _melee_moved(state: State, event: Event) -> State:
    uid = event["unit"]
    state = placed(state, event["minis"])
    if event["displaced"]:
        unit = state["units"][uid]
        markers = {**unit["markers"], "sheltered": False}
        state = with_units(state, {uid: {"moves": unit["moves"] + 1, "markers": markers}})
    return _pending(state, melee_moves=state["activation"]["pending"]["melee_moves"][1:])

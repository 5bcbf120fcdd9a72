"""Applying the events of a multiple combat (see :mod:`engine.kensei.multiple_combat`):
which enemy unit each shared miniature fights, the order of the combats, moving on
to the next combat of the chain, the order of the defeated units and of the chases."""

from __future__ import annotations

from engine.core import Event, State
from engine.kensei.evolve import handles


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


@handles("resolution_ordered")
def _resolution_ordered(state: State, event: Event) -> State:
    return _pending(state, losers=list(event["units"]), losers_ordered=True)


@handles("next_chase")
def _next_chase(state: State, _event: Event) -> State:
    chases = state["activation"]["pending"]["chases"]
    return _pending(state, chase=chases[0], chases=chases[1:])

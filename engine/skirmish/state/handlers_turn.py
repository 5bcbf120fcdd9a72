"""Evolve handlers of the turn's own events: deployment, initiative, the phases and
their steps, the heroic declarations, the Zen policy, the end of a turn and of the
game, concession. Total and pure, no checks: each event carries what it sets."""

from __future__ import annotations

from typing import Any

from engine.core import Event, State
from engine.core.concession import CONCEDED, with_concession
from engine.core.handlers import Handler, handler_table
from engine.skirmish.state.access import enemy_of, with_positions

HANDLERS: dict[str, Handler] = {}
handles = handler_table(HANDLERS)

DEPLOYED = "deployed"
INITIATIVE_ROLLED = "initiative_rolled"
INITIATIVE_CHOSEN = "initiative_chosen"
PHASE_BEGAN = "phase_began"
STEP_BEGAN = "step_began"
HEROIC_DECLARED = "heroic_declared"
HEROIC_PASSED = "heroic_passed"
ZEN_POLICY_SET = "zen_policy_set"
TURN_ENDED = "turn_ended"
GAME_OVER = "game_over"
TURN_EVENT_KINDS = frozenset(
    {
        DEPLOYED,
        INITIATIVE_ROLLED,
        INITIATIVE_CHOSEN,
        PHASE_BEGAN,
        STEP_BEGAN,
        HEROIC_DECLARED,
        HEROIC_PASSED,
        ZEN_POLICY_SET,
        TURN_ENDED,
        GAME_OVER,
        CONCEDED,
    }
)
PER_TURN: dict[str, Any] = {"moved": 0, "shot": False, "heroic": [], "done": False}
"""The unit fields every turn starts afresh (H1 resets them at ``turn_ended``)."""


@handles(DEPLOYED)
def _deployed(state: State, event: Event) -> State:
    """A side's models where it set them up; the side is done deploying."""
    moved = with_positions(state, event["models"])
    return {**moved, "deployed": [*state["deployed"], event["side"]]}


@handles(INITIATIVE_ROLLED)
def _initiative_rolled(state: State, event: Event) -> State:
    """The turn's initiative: the winner, or a side left to choose (Rat's Head, Ox's
    Neck on a draw: ``winner`` is ``None`` and ``chooser`` names the side)."""
    return {
        **state,
        "phase": "initiative",
        "step": "rolled" if event["winner"] is not None else "choice",
        "active": None,
        "previous_initiative": state["initiative"],
        "initiative": event["winner"],
        "choosing": event.get("chooser"),
    }


@handles(INITIATIVE_CHOSEN)
def _initiative_chosen(state: State, event: Event) -> State:
    """The side that could choose took the initiative or passed it."""
    side = event["side"]
    return {
        **state,
        "initiative": side if event["take"] else enemy_of(side),
        "choosing": None,
        "step": "rolled",
    }


@handles(PHASE_BEGAN)
def _phase_began(state: State, event: Event) -> State:
    """A phase begins, with its heroic declarations (``step`` heroic, the initiative
    side declaring first) or straight with its acting (``act``/``fight``); no unit has
    acted in it yet (``done`` false)."""
    step = event["step"]
    units = {unit_id: {**record, "done": False} for unit_id, record in state["units"].items()}
    return {
        **state,
        "units": units,
        "phase": event["phase"],
        "step": step,
        "active": event.get("active"),
        "declaring": {"next": state["initiative"], "passed": []} if step == "heroic" else None,
    }


@handles(STEP_BEGAN)
def _step_began(state: State, event: Event) -> State:
    """The heroic declarations are over: the acting (or the combats) begin."""
    return {**state, "step": event["step"], "active": event.get("active"), "declaring": None}


def _next_declaring(declaring: dict[str, Any], side: str) -> dict[str, Any]:
    other = enemy_of(side)
    following = other if other not in declaring["passed"] else side
    return {**declaring, "next": following}


@handles(HEROIC_DECLARED)
def _heroic_declared(state: State, event: Event) -> State:
    """A hero spends a Zen token on a heroic action of this phase."""
    unit_id = event["unit"]
    record = state["units"][unit_id]
    units = dict(state["units"])
    units[unit_id] = {**record, "heroic": [*record["heroic"], event["action"]], "zen": event["zen"]}
    return {
        **state,
        "units": units,
        "declaring": _next_declaring(state["declaring"], record["side"]),
    }


@handles(HEROIC_PASSED)
def _heroic_passed(state: State, event: Event) -> State:
    """A side declares no more heroic actions this phase."""
    side = event["side"]
    declaring = state["declaring"]
    passed = sorted({*declaring["passed"], side})
    return {**state, "declaring": {"next": enemy_of(side), "passed": passed}}


@handles(ZEN_POLICY_SET)
def _zen_policy_set(state: State, event: Event) -> State:
    units = dict(state["units"])
    units[event["unit"]] = {**units[event["unit"]], "zen_policy": event["policy"]}
    return {**state, "units": units}


@handles(TURN_ENDED)
def _turn_ended(state: State, event: Event) -> State:
    """The next turn, initiative to roll: every unit's moves, shots and heroic actions
    of the turn are forgotten."""
    units = {unit_id: {**record, **PER_TURN} for unit_id, record in state["units"].items()}
    return {
        **state,
        "units": units,
        "turn": event["turn"] + 1,
        "phase": "initiative",
        "step": None,
        "active": None,
        "declaring": None,
        "queue": [],
        "score": event.get("score", state["score"]),
    }


@handles(GAME_OVER)
def _game_over(state: State, event: Event) -> State:
    return {
        **state,
        "phase": "over",
        "step": None,
        "active": None,
        "declaring": None,
        "outcome": event["outcome"],
        "score": event["score"],
    }


@handles(CONCEDED)
def _conceded(state: State, event: Event) -> State:
    conceded = with_concession(state, event)
    if event["outcome"] is None:
        return conceded
    return {**conceded, "phase": "over", "step": None, "active": None, "outcome": event["outcome"]}

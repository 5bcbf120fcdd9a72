"""Which shoot and charge targets line of sight refuses the active unit, and why: asked
by a person's play page once the order prompt is shown, never by the prompt itself.

The order prompt (:mod:`engine.kensei.orders.refusals`) leaves line of sight out: asked
of every enemy unit at every prompt it made bot games 4 to 14 times slower, and bots
ask every prompt. A person picks one order at a time, so the page asks this once a
step, when a shoot or a charge is picked. Each reason is the ``IllegalCommand`` of the
decision's own target check (``check_target`` for a shoot, ``check_charge_target``
for a charge), asked only of the targets the prompt accepts: nothing here restates
a rule.
"""

from __future__ import annotations

from engine.core import IllegalCommand, Prompt, State
from engine.kensei.charge.charging import check_charge_target
from engine.kensei.orders.refusals import TargetCheck, order_options
from engine.kensei.shooting.shoot import check_target

SIGHTED = ("shoot", "charge")

# The decision's whole check of one target, line of sight included.
_SIGHT_CHECKS: dict[str, TargetCheck] = {
    "shoot": lambda s, _side, u, t: check_target(s, u, t),
    "charge": check_charge_target,
}


def _sight_refusal(state: State, side: str, uid: str, kind: str, target: str) -> str | None:
    try:
        _SIGHT_CHECKS[kind](state, side, uid, target)
    except IllegalCommand as refusal:
        return str(refusal)
    return None


def sight_refusals(state: State, side: str, uid: str) -> dict[str, dict[str, str | None]]:
    """For shoot and charge, each offered to ``uid`` by the order prompt: each target
    the prompt accepts, None when the decision accepts it too, else the reason (line
    of sight: the only check the prompt leaves out)."""
    offered = order_options(state, side, uid)["targets"]
    return {
        kind: {
            target: _sight_refusal(state, side, uid, kind, target)
            for target, why in offered[kind].items()
            if why is None
        }
        for kind in SIGHTED
        if kind in offered
    }


def prompt_sight(state: State, side: str, prompt: Prompt | None) -> dict[str, object]:
    """``{"sight": sight_refusals(...)}`` when ``prompt`` asks ``side`` for its active
    unit's order (with its refusals: not a boosted move's second part, not a led
    unit's common order), else nothing."""
    if prompt is None or prompt.kind != "order" or side not in prompt.sides:
        return {}
    uid = prompt.options.get("unit")
    if uid is None or "targets" not in prompt.options:
        return {}
    return {"sight": sight_refusals(state, side, uid)}

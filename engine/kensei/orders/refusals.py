"""Which orders and targets the rules refuse the active unit, and why: shown by the
play page before a player picks them (the order prompt's ``refused`` and ``targets``).

Every reason is the ``IllegalCommand`` the order's decision would raise, asked of the
very check functions the decision calls (:mod:`engine.kensei.orders.decide`, the
Charge, Shoot, Attack, Duel and Lead modules): nothing here restates a rule. Line of
sight is left out: asked of every enemy unit at every order prompt it made a bot game
4 to 14 times slower (every prompt is asked by the bots too), so a shoot or charge
target the prompt offers may still be refused for it; a person's page asks it apart,
once a step (:mod:`engine.kensei.orders.sight`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import IllegalCommand, State
from engine.kensei import rules
from engine.kensei.charge.charging import check_can_charge, check_charge_target_but_sight
from engine.kensei.combat.duel import check_can_duel, check_duel_target
from engine.kensei.combat.melee import check_attack_target, check_can_attack
from engine.kensei.geometry.board import board
from engine.kensei.orders.decide import (
    check_can_boost_move,
    check_can_disengage,
    check_can_reload,
    check_can_shelter,
    check_not_removed,
    check_order_cost,
    check_target_not_duelled,
)
from engine.kensei.orders.lead import check_can_lead, lead_refusal
from engine.kensei.shooting.shoot import check_can_shoot, check_target_but_sight
from engine.kensei.state.queries import live_units, other

Check = Callable[[State, str, str], object]
TargetCheck = Callable[[State, str, str, str], object]

# The order kinds the play page offers ("boost": a boosted move), each with what
# refuses it to the unit whatever its target.
ORDER_KINDS = (
    "move",
    "boost",
    "disengage",
    "reload",
    "shelter",
    "attack",
    "shoot",
    "charge",
    "duel",
    "lead",
)
TARGETED = ("attack", "shoot", "charge", "duel")
VERBS = {"attack": "attacked", "shoot": "shot at", "charge": "charged", "duel": "challenged"}
_SHOWN = 3  # reasons quoted when every target is refused


def _costs(order: str, boost: bool = False) -> Check:
    return lambda state, side, uid: check_order_cost(state, side, uid, order, boost)


def _lead(state: State, side: str, uid: str) -> None:
    check_can_lead(state, side, uid)
    reasons = [lead_refusal(state, uid, ally) for ally, _unit in live_units(state, side)]
    if all(reasons):
        why = next((r for r in reasons if r), "there is no allied unit on the table to lead")
        raise IllegalCommand(f"no allied unit may be led: {why}", rule=rules.LEAD)


_CHECKS: dict[str, tuple[Check, ...]] = {
    "move": (_costs("move"),),
    "boost": (_costs("move", True), lambda s, _side, u: check_can_boost_move(s, u)),
    "disengage": (_costs("disengage"), lambda s, _side, u: check_can_disengage(s, u)),
    "reload": (_costs("reload"), lambda s, _side, u: check_can_reload(s, u, False)),
    "shelter": (_costs("shelter"), lambda s, _side, u: check_can_shelter(s, u)),
    "attack": (_costs("attack"), check_can_attack),
    "shoot": (_costs("shoot"), check_can_shoot),
    "charge": (_costs("charge"), check_can_charge),
    "duel": (_costs("duel"), check_can_duel),
    "lead": (_lead,),
}

# Each targeted order's check of one target, after the unit's own checks passed (but
# line of sight: see the module's text).
_TARGET_CHECKS: dict[str, TargetCheck] = {
    "attack": lambda s, side, u, t: check_attack_target(s, u, check_can_attack(s, side, u), t),
    "shoot": lambda s, _side, u, t: check_target_but_sight(s, u, t),
    "charge": check_charge_target_but_sight,
    "duel": lambda s, side, u, t: check_duel_target(s, side, u, check_can_duel(s, side, u), t),
}


def _refusal(checks: tuple[Check, ...], state: State, side: str, uid: str) -> str | None:
    try:
        check_not_removed(state, uid)
        for check in checks:
            check(state, side, uid)
    except IllegalCommand as refusal:
        return str(refusal)
    return None


def order_refusals(state: State, side: str, uid: str) -> dict[str, str]:
    """Each order kind the rules refuse ``uid`` now whatever its target, with the
    engine's words and rule (the ``IllegalCommand`` its order would raise)."""
    refused: dict[str, str] = {}
    for kind in ORDER_KINDS:
        why = _refusal(_CHECKS[kind], state, side, uid)
        if why is not None:
            refused[kind] = why
    return refused


def enemy_targets(state: State, side: str) -> list[str]:
    """The enemy units with a miniature on the table, in army-list order."""
    here = board(state).bases
    return [
        eid
        for eid, enemy in live_units(state, other(side))
        if any(m in here for m in enemy["minis"])
    ]


def target_refusals(state: State, side: str, uid: str, kind: str, target: str) -> str | None:
    """Why the order ``kind`` at ``target`` is refused to ``uid`` (the unit's own checks
    having passed), or None when the rules accept it (but line of sight)."""
    try:
        check_target_not_duelled(state, target)
        _TARGET_CHECKS[kind](state, side, uid, target)
    except IllegalCommand as refusal:
        return str(refusal)
    return None


def order_options(state: State, side: str, uid: str) -> dict[str, Any]:
    """The order prompt's ``refused`` (order kinds refused whatever the target; a
    targeted kind with every target refused, with their reasons) and ``targets`` (for
    each targeted kind still offered: each enemy unit, None when accepted but for line
    of sight, else the reason)."""
    refused = order_refusals(state, side, uid)
    enemies = enemy_targets(state, side)
    targets: dict[str, dict[str, str | None]] = {}
    for kind in TARGETED:
        if kind in refused:
            continue
        each = {t: target_refusals(state, side, uid, kind, t) for t in enemies}
        reasons = [why for why in each.values() if why is not None]
        if len(reasons) == len(each):
            more = f"; and {len(reasons) - _SHOWN} more" if len(reasons) > _SHOWN else ""
            listed = "; ".join(reasons[:_SHOWN]) or "there is no enemy unit on the table"
            refused[kind] = f"no enemy unit may be {VERBS[kind]}: {listed}{more}"
            continue
        targets[kind] = each
    return {"refused": refused, "targets": targets}

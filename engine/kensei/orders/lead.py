"""Lead (Orders and Actions > Combat Orders > Lead).

A leader alone (a one-miniature unit, not in a unit), being his side's active unit,
spends two activation orders to activate up to two allied units within 10 cm of him
that have no Used Unit marker, no leader of their own and are not another leader
alone (``lead_declared``, with the common order they will all give). An Order Roll
is made for each led unit only to see whether it activates its ki (``rolls``; the
choice of ability is a ``choose_ki`` prompt, recorded on the unit as for an active
unit). Then each activated unit, the leader included, gives that same order in
turn, the player choosing which unit goes next and each unit its own parameters
(targets, paths), or passes: ``led_order`` makes the unit the side's active unit
with one order for it, and the order's own code resolves it (move, attack, shoot,
charge...). The two orders pay for the whole action. When every unit has acted,
``lead_ended`` marks them all Used. Applied in :mod:`engine.kensei.state.evolve.lead`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from engine.core import Command, Dice, Event, IllegalCommand, Prompt, State
from engine.kensei import geometry, rules
from engine.kensei.combat.melee import check_no_combat_order_yet
from engine.kensei.commands.orders import Lead, Order, Pass
from engine.kensei.commands.setup import ChooseKi
from engine.kensei.geometry.board import board
from engine.kensei.state.abilities import ki_extra_orders, ki_options
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.evolve import evolve
from engine.kensei.state.evolve.lead import still_waiting
from engine.kensei.state.order_roll import order_roll, orders_for
from engine.kensei.state.queries import initiative_of, live_units

LEAD_REACH = 1000  # "within 10 cm or less of the leader"
MAX_LED = 2  # "up to two Allied units"
COST = 2  # "This order requires the expenditure of two activation orders"
# The orders the activated units may give together: Disengage needs two orders of its
# own and Lead is the leader's, so neither can be the common order.
COMMON_ORDERS = ("move", "reload", "shelter", "attack", "shoot", "charge", "duel")


def _name(state: State, uid: str) -> str:
    unit = state["units"][uid]
    return f"{unit['name']} ({uid})"


def leading(state: State) -> bool:
    """A Lead is under way and waits for its next order (no combat or charge running)."""
    activation = state["activation"]
    return (
        activation is not None
        and activation.get("lead") is not None
        and activation["pending"] is None
    )


# -- the order -------------------------------------------------------------------------


def lead_refusal(state: State, leader_uid: str, uid: Any) -> str | None:
    """Why ``uid`` cannot be led by the leader alone ``leader_uid``, or None."""
    leader_unit = state["units"][leader_uid]
    unit = state["units"].get(uid) if isinstance(uid, str) else None
    if unit is None or unit["side"] != leader_unit["side"] or unit["removed"] or not unit["minis"]:
        return f"there is no allied unit {uid} on the table to lead"
    if uid == leader_uid:
        return "the leader activates other units, not himself"
    if unit["markers"]["used"]:
        return f"{_name(state, uid)} has a Used Unit marker"
    if unit["single"]:
        return f"{_name(state, uid)} is another leader alone"
    if unit["leader"] is not None:
        return f"{_name(state, uid)} is led by another leader of the army"
    here = board(state).bases
    leader = here.get(leader_unit["minis"][0])
    if leader is None or not any(
        mid in here and geometry.within(leader, here[mid], LEAD_REACH) for mid in unit["minis"]
    ):
        return f"{_name(state, uid)} is more than 10 cm from the leader"
    return None


def check_can_lead(state: State, side: str, uid: str) -> None:
    """What refuses a Lead to the unit whatever the units it names: not a leader alone,
    a combat order given, fewer than two activation orders (``IllegalCommand``)."""
    unit = state["units"][uid]
    if not unit["single"] or unit["leader"] is None:
        raise IllegalCommand(
            f"{_name(state, uid)} is not a leader outside a unit: only a leader alone can lead",
            rule=rules.LEAD,
        )
    check_no_combat_order_yet(state, side, uid)
    have = state["activation"]["orders"][side]
    if have < COST:
        raise IllegalCommand(
            f"{_name(state, uid)} has {have} activation order(s) left; Lead needs {COST}",
            rule=rules.LEAD,
        )


def decide_lead(state: State, side: str, uid: str, command: Lead, dice: Dice) -> list[Event]:
    """The leader alone activates up to two allied units (see the module's text)."""
    unit = state["units"][uid]
    if command.boost:
        raise IllegalCommand(
            "Lead needs two activation orders: only an action needing one may be boosted",
            rule=rules.BOOSTING,
        )
    check_can_lead(state, side, uid)
    led = command.units
    if not 1 <= len(led) <= MAX_LED or len(set(led)) != len(led):
        raise IllegalCommand(
            "the leader activates one or two different allied units", rule=rules.LEAD
        )
    for target in led:
        why = lead_refusal(state, uid, target)
        if why is not None:
            raise IllegalCommand(why, rule=rules.LEAD)
    common = command.common_order
    if common not in COMMON_ORDERS:
        raise IllegalCommand(
            f"the activated units may not give {common!r} together; the common order is one "
            f"of {', '.join(COMMON_ORDERS)}",
            rule=rules.LEAD,
        )
    rolls = []
    for target in led:
        ini = initiative_of(state, target)
        roll = order_roll(state, target, dice, ini, only_ki=True)  # with Troop Abilities
        _orders, ki = orders_for(roll["die"], ini + roll["modifier"] + roll["boost"])
        ki = ki and bool(state["units"][target]["abilities"]["ki"])
        rolls.append({"unit": target, "die": roll["die"], "ini": ini, "ki": ki})
        rolls[-1].update({k: roll[k] for k in ("ability_lines", "rerolled", "boost") if roll[k]})
    return [
        {
            "type": "lead_declared",
            "side": side,
            "unit": uid,
            "leader": unit["minis"][0],
            "units": list(led),
            "common_order": common,
            "rolls": rolls,
            "orders_spent": COST,
        }
    ]


# -- the orders of the activated units -------------------------------------------------------

Decide = Callable[[State, Order], list[Event]]


def decide_led_order(state: State, side: str, command: Order, decide: Decide) -> list[Event]:
    """One activated unit gives the common order (or passes): ``decide`` is the order
    code, asked with that unit as the side's active unit and one order to spend."""
    lead = state["activation"]["lead"]
    waiting = still_waiting(state)
    uid = command.unit or waiting[0]
    if uid not in waiting:
        raise IllegalCommand(
            f"{uid} is not an activated unit still to give the common order; waiting: "
            f"{', '.join(waiting)}",
            rule=rules.LEAD,
        )
    if isinstance(command, Pass):
        return [{"type": "lead_passed", "side": side, "unit": uid}]
    if lead["order"] != command.order:
        raise IllegalCommand(
            f"the units the leader activated all give the same order: {lead['order']} (or pass)",
            rule=rules.LEAD,
        )
    if command.boost:
        raise IllegalCommand(
            "the common order is paid by the Lead's two orders and cannot be boosted",
            rule=rules.LEAD,
        )
    acts: Event = {"type": "led_order", "side": side, "unit": uid}
    return [acts, *decide(evolve(state, acts), replace(command, unit=None))]


def ki_chooser(state: State, side: str) -> tuple[str, str]:
    """The unit whose ki ability ``side`` chooses now, and the event recording it: a led
    unit whose Order Roll activated its ki, else the side's active unit."""
    activation = state["activation"]
    lead = activation.get("lead")
    if lead is not None and lead["ki_pending"]:
        return lead["ki_pending"][0], "lead_ki_chosen"
    return activation["units"][side], "ki_chosen"


def decide_choose_ki(state: State, side: str, command: ChooseKi) -> list[Event]:
    """The ki ability the unit whose Order Roll activated its ki uses (:func:`ki_chooser`)."""
    uid, chosen = ki_chooser(state, side)
    ability = command.ability
    offered = state["units"][uid]["abilities"]["ki"]
    if ability is None:  # declined: no ki ability this turn
        return [{"type": chosen, "side": side, "unit": uid, "ability": None}]
    if ability not in offered:
        raise IllegalCommand(
            f"{ability} is not a ki ability of {state['units'][uid]['name']}; choose one "
            f"of {', '.join(offered)}",
            rule=rules.KI_ABILITIES,
        )
    event: Event = {"type": chosen, "side": side, "unit": uid, "ability": ability}
    if chosen == "ki_chosen" and ki_extra_orders(ability):  # Troop Abilities: extra_order
        event["extra_orders"] = ki_extra_orders(ability)
    return [event]


def lead_prompt(state: State) -> Prompt:
    lead = state["activation"]["lead"]
    side = lead["side"]
    if lead["ki_pending"]:
        uid = lead["ki_pending"][0]
        abilities = state["units"][uid]["abilities"]["ki"]
        return Prompt((side,), "choose_ki", options=ki_options(uid, abilities))
    waiting = still_waiting(state)
    return Prompt(
        (side,),
        "order",
        options={
            "unit": waiting[0],
            "orders": 1,
            "lead": {"leader": lead["leader"], "order": lead["order"], "units": waiting},
        },
    )


# -- for the bots ----------------------------------------------------------------------------


def lead_candidates(state: State, side: str, uid: str) -> Iterator[Command]:
    """Lead the (up to two) nearest units that may be led, with the common orders worth
    trying: a move, an attack when one of them is in melee combat, a shoot when one has
    loaded ranged weapons, a charge when one is free (``decide`` checks the rest)."""
    unit = state["units"][uid]
    if not unit["single"] or unit["leader"] is None:
        return
    leader = board(state).bases.get(unit["minis"][0])
    if leader is None:
        return
    here = board(state).bases
    near: list[tuple[float, str]] = []
    for other, ally in live_units(state, side):
        if lead_refusal(state, uid, other) is None:
            gap = min(geometry.edge_distance(leader, here[m]) for m in ally["minis"] if m in here)
            near.append((gap, other))
    if not near:
        return
    led = [other for _gap, other in sorted(near)[:MAX_LED]]
    activated = [uid, *led]
    engaged = [bool(engaged_units(state, u)) for u in activated]
    kinds = ["move"]
    if any(engaged):
        kinds.append("attack")
    units = state["units"]
    if any(
        units[u]["ranged"] and not units[u]["markers"]["unloaded"] and not e
        for u, e in zip(activated, engaged, strict=True)
    ):
        kinds.append("shoot")
    if not all(engaged):
        kinds.append("charge")
    for kind in kinds:
        yield {"type": "order", "side": side, "order": "lead", "units": led, "common_order": kind}


def led_candidates(
    state: State, side: str, orders_of: Callable[[State], Iterator[Command]]
) -> Iterator[Command]:
    """The next activated unit's sampled orders of the common kind (``orders_of`` gives
    a unit's candidates with it as the active unit), and passing."""
    lead = state["activation"]["lead"]
    uid = still_waiting(state)[0]
    acting = evolve(state, {"type": "led_order", "side": side, "unit": uid})
    for command in orders_of(acting):
        if command.get("order") == lead["order"] and not command.get("boost"):
            yield {**command, "unit": uid}
    yield {"type": "order", "side": side, "order": "pass", "unit": uid}

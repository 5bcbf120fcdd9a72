"""Who must decide now in a Kensei battle, and what."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core import Prompt, State
from engine.kensei.charge.charging import charge_prompt
from engine.kensei.charge.opportunity import opportunity_prompt
from engine.kensei.combat.duel import duel_prompt
from engine.kensei.combat.resolution import combat_prompt
from engine.kensei.command.cards import commander_prompt, keep_prompt, keeping
from engine.kensei.command.commander_orders import choose_prompt, keep_order_prompt
from engine.kensei.command.duel import command_duel_prompt
from engine.kensei.command.offerings import offering_prompt
from engine.kensei.command.order_cards import faction_orders, order_cards
from engine.kensei.orders.lead import lead_prompt, leading
from engine.kensei.orders.refusals import order_options
from engine.kensei.state.abilities import ki_options
from engine.kensei.state.deployment import deployment_candidates
from engine.kensei.state.queries import SIDES, unused_units
from engine.kensei.turn.sequence import choosers

_CACHE_SIZE = 4
_cache: list[tuple[State, Prompt | None]] = []


def prompt_for(state: State) -> Prompt | None:
    """The prompt of a state, remembered for the last few states (by identity: states
    are never mutated, and an entry keeps its state alive). A bot and ``decide`` both
    ask it of the same state. The prompt is shared: do not modify its options."""
    for known, prompt in _cache:
        if known is state:
            return prompt
    found = _prompt(state)
    _cache.insert(0, (state, found))
    del _cache[_CACHE_SIZE:]
    return found


def order_texts(state: State, sides: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Each commander's order the factions of ``sides`` may hold, by its name, its rules
    text and its cost from the data file (public: the cards are known, the hands not)."""
    cards = order_cards()
    wanted = {oid for side in sides for oid in faction_orders(state["sides"][side]["faction"])}
    return {
        oid: {"name": card.name, "text": card.text, "cards": card.cards, "plus_x": card.plus_x}
        for oid, card in cards.items()
        if oid in wanted
    }


def _with_order_texts(state: State, prompt: Prompt) -> Prompt:
    """The prompt with the texts of the commander's orders its sides may play (none
    when the battle is played without them: the prompt is unchanged)."""
    if state.get("commander_orders") is None and prompt.kind not in _CHOOSING_ORDERS:
        return prompt
    return replace(prompt, options={**prompt.options, "texts": order_texts(state, prompt.sides)})


_CHOOSING_ORDERS = ("choose_commander_orders", "keep_commander_order")


def _prompt(state: State) -> Prompt | None:
    phase = state["phase"]
    if phase == "over":
        return None
    if state.get("offering") is not None:
        return offering_prompt(state)  # Offering to the Gods, on a roll just made
    if phase == "scenery_order":
        chooser = state["setup"]["scenery_chooser"]
        return Prompt((chooser,), "scenery_order", options={"choices": list(SIDES)})
    if phase == "scenery" and not state["setup"]["scenery_queue"]:
        return _with_order_texts(state, choose_prompt(state))  # Game System > 6
    if phase == "scenery":
        side = state["setup"]["scenery_queue"][0]
        allowed = state["setup"]["extra_scenery"][side]["elements"]
        return Prompt((side,), "place_scenery", options={"elements": allowed})
    if phase == "deployment":
        side = state["deployment"]["next"]
        return Prompt(
            (side,),
            "deploy",
            options={
                "stage": state["deployment"]["stage"],
                "units": deployment_candidates(state, side),
                "zone": state["scenario"]["zones"][side],
            },
        )
    if phase == "maintenance":
        return (
            keep_prompt(state)
            if keeping(state)
            else _with_order_texts(state, keep_order_prompt(state))
        )
    if phase != "activation":  # pragma: no cover - advance() never rests elsewhere
        raise AssertionError(f"no prompt in phase {phase}")
    activation = state["activation"]
    if activation is None:
        offered = commander_prompt(state)
        if offered is not None:
            return offered
        duel = command_duel_prompt(state)
        if duel is not None:
            return duel
        holder = state["initiative"]
        return Prompt((holder,), "choose_active_side", options={"choices": list(SIDES)})
    if not activation["rolled"]:
        side = choosers(state)[0]
        chosen = Prompt((side,), "choose_unit", options={"units": unused_units(state, side)})
        return _with_order_texts(state, chosen)
    if activation["ki_pending"]:
        side = activation["ki_pending"][0]
        uid = activation["units"][side]
        abilities = state["units"][uid]["abilities"]["ki"]
        return Prompt((side,), "choose_ki", options=ki_options(uid, abilities))
    pending = activation["pending"]
    if pending is not None and pending["kind"] == "combat":
        return combat_prompt(state)
    if pending is not None and pending["kind"] == "charge":
        return charge_prompt(state)
    if pending is not None and pending["kind"] == "duel":
        return duel_prompt(state)
    if pending is not None and pending["kind"] == "opportunity":
        return opportunity_prompt(state)
    if leading(state):
        return lead_prompt(state)
    if pending is not None:
        return Prompt(
            (pending["side"],),
            "order",
            options={"unit": pending["unit"], "boosted_move": pending["allowance"]},
        )
    side = activation["next"]
    uid = activation["units"][side]
    # No unit yet (a lead's units chosen one by one): nothing to refuse it.
    refusals = (
        order_options(state, side, uid) if uid is not None else {"refused": {}, "targets": {}}
    )
    return _with_order_texts(
        state,
        Prompt(
            (side,),
            "order",
            options={"unit": uid, "orders": activation["orders"][side], **refusals},
        ),
    )

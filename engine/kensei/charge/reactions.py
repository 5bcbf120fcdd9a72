"""The reactions of charged units, Flee and Hold and shoot (Orders and Actions >
Reaction orders), and who reacts: every charged unit in turn (a multiple miniature
unit may charge several units). The charge itself is in :mod:`engine.kensei.charge.charging`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Dice, Event, IllegalCommand, Prompt, State
from engine.kensei import geometry, rules
from engine.kensei.charge.opportunity import charge_question, opportunity_prompt
from engine.kensei.charge.trace import centre_of
from engine.kensei.combat.falling_back import slide
from engine.kensei.combat.melee import check_boost_orders
from engine.kensei.commands.combat import ChargeReaction, CloseIn
from engine.kensei.geometry.board import board
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.offering_dice import offered
from engine.kensei.state.queries import unit_name

CM = 100


def reacting(pending: Mapping[str, Any]) -> str:
    """The charged unit whose reaction is awaited (each target in turn)."""
    waiting = pending.get("reacting")
    return str(waiting[0]) if waiting else str(pending["target"])


# -- the reaction ----------------------------------------------------------------------


def reactions(state: State, pending: Mapping[str, Any]) -> list[str]:
    """The reactions open to the charged unit: Flee (not Used, skirmishers even if
    Used; not in melee), Hold and shoot (ranged weapons loaded, not Used, not in melee);
    each spends an activation order of its side."""
    target = reacting(pending)
    foe = state["units"][target]
    if state["activation"]["orders"][foe["side"]] < 1 or engaged_units(state, target):
        return ["none"]
    found = ["none"]
    if not foe["markers"]["used"] or foe["skirmish"]:
        found.append("flee")
    if foe["ranged"] and not foe["markers"]["used"] and not foe["markers"]["unloaded"]:
        found.append("hold")
    return found


def charge_prompt(state: State) -> Prompt:
    if charge_question(state):  # first: another unit's opportunity charge on the charger
        return opportunity_prompt(state)
    pending = state["activation"]["pending"]
    if pending["stage"] == "close":
        return close_in_prompt(state)
    foe = state["units"][reacting(pending)]
    offered = reactions(state, pending)
    return Prompt(
        (foe["side"],),
        "charge_reaction",
        options={
            "unit": reacting(pending),
            "charging": pending["unit"],
            "reactions": offered,
            "boost": "hold" in offered and state["activation"]["orders"][foe["side"]] >= 2,
        },
    )


def decide_reaction(state: State, side: str, command: ChargeReaction, dice: Dice) -> list[Event]:
    """``{"type": "charge_reaction", "side", "reaction": "none" | "flee" | "hold"}``; a
    Hold and shoot may be ``"boost": true`` (Boosting an order: a boosted Shoot order, two
    activation orders)."""
    pending = state["activation"]["pending"]
    reaction = command.reaction
    boost = command.boost
    allowed = reactions(state, pending)
    name = unit_name(state["units"][reacting(pending)])
    if reaction not in allowed:
        rule = rules.FLEE if reaction == "flee" else rules.HOLD_AND_SHOOT
        raise IllegalCommand(
            f"{name} cannot react with {reaction!r}; it may: {', '.join(allowed)}", rule=rule
        )
    if boost and reaction != "hold":
        raise IllegalCommand(
            f"only a Hold and shoot reaction may be boosted, not {reaction!r}",
            rule=rules.BOOSTING,
        )
    if boost:
        check_boost_orders(state, side, "Hold and shoot", rules.BOOSTING)
    reacted: Event = {
        "type": "charge_reacted",
        "side": side,
        "unit": reacting(pending),
        "reaction": reaction,
        "orders_spent": 0 if reaction == "none" else 2 if boost else 1,
    }
    if boost:
        reacted["boost"] = True
    events: list[Event] = [reacted]
    if reaction == "flee":
        events.append(_flee(state, pending, dice))
    return events


def _flee(state: State, pending: Mapping[str, Any], dice: Dice) -> Event:
    """Flee: 2D6 cm straight away from the charging unit, ending with the rearguard to
    it (facing the way it fled); a Used Unit marker at once."""
    target, charger = reacting(pending), pending["unit"]
    bases = board(state).bases
    unit = state["units"][target]
    final = offered(
        dice,
        dice.roll(2),
        unit["side"],
        f"{unit['name']} ({target}) fleeing the charge (2D6 cm)",
        {"kind": "total"},
    )
    faces = final.values
    away = geometry.heading(centre_of(state, charger), centre_of(state, target))
    if centre_of(state, charger) == centre_of(state, target):
        away = bases[state["units"][target]["minis"][0]].facing
    finals, lost, _caught = slide(
        state, target, away, sum(faces) * CM, facing=away, chasing=frozenset(), halt=True
    )
    return {
        "type": "fled",
        "side": state["units"][target]["side"],
        "unit": target,
        "dice": list(final.faces),
        **final.record(),
        "distance": sum(faces) * CM,
        "heading": away,
        "minis": finals,
        "lost": lost,
    }


# -- 4. Charge movement: the miniatures not in contact close in -----------------------


def close_in_prompt(state: State) -> Prompt:
    pending = state["activation"]["pending"]
    return Prompt(
        (pending["side"],),
        "close_in",
        options={"unit": pending["unit"], "minis": [m["id"] for m in pending["closing"]]},
    )


def decide_close_in(state: State, side: str, command: CloseIn) -> list[Event]:
    """Charge > 4: the miniatures not in contact close in (all those offered) or stay."""
    pending = state["activation"]["pending"]
    close = command.close
    minis = [dict(m) for m in pending["closing"]] if close else []
    return [{"type": "closed_in", "side": side, "unit": pending["unit"], "minis": minis}]

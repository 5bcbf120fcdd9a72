"""The turn sequence: everything that happens without a player's decision.

After each command, :func:`advance` rolls on until someone must decide:
the strategy roll once the scenery is down, the change of deployment stage,
the maintenance phase (end-of-battle check, retreating troops, markers),
the initiative roll, the order rolls once both units are chosen, the Used
Unit markers when both sides have spent their orders, and the end of the
activation phase and of the battle.

Part III of the engine (command deck, commander's orders, command duel,
offerings, commander activation) hooks in here: its maintenance steps go
where :func:`_maintenance` says so, and its decisions become prompts.
"""

from __future__ import annotations

from typing import Any

from engine.core import Dice, Event, State
from engine.kensei.command.cards import draw_new_cards, keeping, offer_commander_activation
from engine.kensei.command.commander_orders import choosing, draw_commander_orders
from engine.kensei.command.duel import offer_command_duel
from engine.kensei.state.contact import touching_units
from engine.kensei.state.deployment import deployment_candidates
from engine.kensei.state.evolve.lead import still_waiting
from engine.kensei.state.honour import honour_roll_event
from engine.kensei.state.offering_dice import Offered, OfferingDice, RollPaused, offered
from engine.kensei.state.order_roll import order_roll, orders_for
from engine.kensei.state.progress import Progress, window_event
from engine.kensei.state.queries import (
    SIDES,
    has_live_units,
    has_unused_units,
    initiative_of,
    live_units,
    other,
)
from engine.kensei.turn.scoring import check_ends_battle, end_check, final_outcome


def advance(progress: Progress, dice: Dice) -> None:
    """Roll the game on until a player must decide (or the battle is over).

    Each step starts from a whole state. A roll the players may make an offering to
    the gods on stops the step: the step's events are dropped, an ``offering_window``
    is recorded instead, and once the players have answered the step is made again
    from its start with the same dice (:mod:`engine.kensei.state.offering_dice`)."""
    while True:
        state, count = progress.state, len(progress.events)
        if isinstance(dice, OfferingDice):
            dice.checkpoint()
        try:
            if not _step(progress, dice):
                return
        except RollPaused as paused:
            if _hands(progress.state) != _hands(state):  # pragma: no cover - see _start_turn
                raise AssertionError("cards changed hands before an offered roll") from None
            progress.rewind(state, count)
            progress.emit(window_event(paused, resume=None))
            return


def _hands(state: State) -> Any:
    cards = state.get("cards")
    return None if cards is None else [cards[side]["hand"] for side in SIDES]


def _step(progress: Progress, dice: Dice) -> bool:
    """One step of :func:`advance`; False when a player must decide."""
    state = progress.state
    phase = state["phase"]
    if phase == "scenery" and not state["setup"]["scenery_queue"]:
        if choosing(state):
            return False  # Game System > 6: the commander's orders are chosen first
        _strategy_roll(progress, dice)
    elif phase == "deployment" and _deployment_stage_done(state):
        if state["deployment"]["stage"] == "starting":
            winner = state["setup"]["strategy"]
            progress.emit({"type": "deployment_stage", "stage": "rest", "next": winner})
        else:
            _start_turn(progress, dice, 1)
    elif phase == "activation":
        return _activation_step(progress, dice)
    elif phase == "maintenance":
        if keeping(state) or draw_commander_orders(progress):
            return False
        _finish_maintenance(progress, dice)
    elif phase == "end_of_turn":
        if state["turn"] >= state["scenario"]["last_turn"]:
            progress.emit({"type": "battle_ended", "outcome": final_outcome(state)})
        else:
            _start_turn(progress, dice, state["turn"] + 1)
    else:
        return False
    return True


# -- setting up -----------------------------------------------------------------


def _strategy_roll(progress: Progress, dice: Dice) -> None:
    """Each player rolls 1D6 + commander level; ties are rolled again."""
    sides = progress.state["sides"]
    levels = {side: sides[side]["commander_level"] for side in SIDES}
    rolls: list[dict[str, Any]] = []
    while True:
        final = _opposed(dice, "Strategy roll (1D6 + commander level)", levels)
        totals = {side: final.values[i] + levels[side] for i, side in enumerate(SIDES)}
        rolls.append({"A": final.faces[0], "B": final.faces[1], **final.record()})
        if totals["A"] != totals["B"]:
            break
    winner = "A" if totals["A"] > totals["B"] else "B"
    progress.emit({"type": "strategy_rolled", "rolls": rolls, "totals": totals, "winner": winner})


def _opposed(dice: Dice, what: str, bonus: dict[str, int]) -> Offered:
    """1D6 for each side (A's die first), added to ``bonus``: the higher total wins.
    The side behind as rolled declares its offering first (a tie: the side without
    the initiative, or B before anyone holds it)."""
    faces = dice.roll(2)
    totals = [faces[i] + bonus[side] for i, side in enumerate(SIDES)]
    first = None if totals[0] == totals[1] else SIDES[0] if totals[0] < totals[1] else SIDES[1]
    judge = {"kind": "opposed", "bonus": dict(bonus)}
    return offered(dice, faces, list(SIDES), what, judge, first=first)


def _deployment_stage_done(state: State) -> bool:
    return not any(deployment_candidates(state, side) for side in SIDES)


# -- the turn -------------------------------------------------------------------


def _start_turn(progress: Progress, dice: Dice, turn: int) -> None:
    progress.emit({"type": "turn_started", "turn": turn})
    if _end_of_battle_check(progress):
        return
    if turn > 1:
        # The new cards are drawn; advance() goes on with the maintenance in its next
        # step, so that no roll of this step is made with the hand it discarded.
        draw_new_cards(progress, dice)
        return
    _finish_maintenance(progress, dice)


def _finish_maintenance(progress: Progress, dice: Dice) -> None:
    """The steps after the command cards are kept, then the initiative roll."""
    if _maintenance(progress, dice):
        return
    _initiative_roll(progress, dice)


def _end_of_battle_check(progress: Progress) -> bool:
    """Maintenance > 1. Check if it's the end of the battle; True when it ended."""
    state = progress.state
    points = end_check(state)
    if points is not None:
        ended = check_ends_battle(state, points)
        progress.emit(
            {"type": "battle_checked", "turn": state["turn"], "points": points, "ended": ended}
        )
        if ended:
            progress.emit(
                {"type": "battle_ended", "outcome": final_outcome(progress.state, checked=True)}
            )
            return True
    return False


def _maintenance(progress: Progress, dice: Dice) -> bool:
    """Maintenance steps 4 and 5 (step 2 is in :mod:`engine.kensei.command.cards`, step 3 in
    :mod:`engine.kensei.command.commander_orders`); True when the battle ended here."""
    for uid, unit in list(live_units(progress.state)):
        if unit["markers"]["fleeing"]:
            _retreat_honour_roll(progress, dice, uid)
    if _annihilated(progress):
        return True
    progress.emit({"type": "markers_cleared"})
    return False


def _retreat_honour_roll(progress: Progress, dice: Dice, uid: str) -> None:
    """Retreating troops: an Honour Roll, -1 if engaged; failure removes the unit."""
    engaged = bool(touching_units(progress.state, uid))
    event = honour_roll_event(
        progress.state, uid, dice, reason="fleeing", modifiers=[("engaged", -1)] if engaged else []
    )
    progress.emit(event)
    if not event["success"]:
        progress.emit({"type": "unit_removed", "unit": uid, "reason": "fled the battle"})


def _annihilated(progress: Progress) -> bool:
    state = progress.state
    if all(has_live_units(state, side) for side in SIDES):
        return False
    progress.emit({"type": "battle_ended", "outcome": final_outcome(state)})
    return True


def _initiative_roll(progress: Progress, dice: Dice) -> None:
    """Both players roll 1D6; the higher wins the initiative; ties are rolled again."""
    rolls = []
    while True:
        final = _opposed(dice, "Initiative roll (1D6)", dict.fromkeys(SIDES, 0))
        rolls.append({"A": final.faces[0], "B": final.faces[1], **final.record()})
        values = final.values
        if values[0] != values[1]:
            break
    winner = "A" if values[0] > values[1] else "B"
    progress.emit({"type": "initiative_rolled", "rolls": rolls, "winner": winner})


# -- activations ----------------------------------------------------------------


def _activation_step(progress: Progress, dice: Dice) -> bool:
    """One automatic step of the activation phase; False when a player must decide."""
    state = progress.state
    activation = state["activation"]
    if activation is None:
        return _next_activation(progress)
    chosen = activation["units"]
    if not activation["rolled"]:
        waiting = choosers(state)
        if waiting:
            return False
        _order_rolls(progress, dice)
        return True
    if activation["ki_pending"]:
        return False
    pending = activation["pending"]
    if pending is None and _removed_units_lose_orders(progress):
        return True
    if pending is None and activation.get("lead") is not None:
        # Lead: the activated units give the common order one after the other.
        if activation["lead"]["ki_pending"] or still_waiting(state):
            return False
        progress.emit(lead_ended(state))
        return True
    if pending is not None:
        # A combat or a charge rolls on in its own module, which builds on this one.
        if pending["kind"] == "charge":
            from engine.kensei.charge.charging import charge_step  # noqa: PLC0415

            return charge_step(progress, dice)
        if pending["kind"] != "combat":
            return False
        from engine.kensei.combat.resolution import combat_step  # noqa: PLC0415

        return combat_step(progress, dice)
    if any(activation["orders"][side] > 0 for side in SIDES):
        return False
    used = [uid for uid in (chosen["A"], chosen["B"]) if uid is not None]
    used += [uid for uid in activation["reactors"] if uid not in used]
    used = [uid for uid in used if not state["units"][uid]["removed"]]
    progress.emit({"type": "activation_ended", "used": used})
    return True


def _removed_units_lose_orders(progress: Progress) -> bool:
    """Unit Activation > 4. Performing actions: each side performs its orders "with his
    active unit". An active unit removed from play (its last miniature killed while it
    disengages, say) performs no more: its remaining activation orders are lost
    (``orders_lost``) and the activation goes on with the other side, or ends. True when
    some orders were lost."""
    state = progress.state
    activation = state["activation"]
    lost = False
    for side in SIDES:
        uid = activation["units"][side]
        left = activation["orders"][side]
        if uid is not None and left > 0 and state["units"][uid]["removed"]:
            progress.emit({"type": "orders_lost", "side": side, "unit": uid, "orders": left})
            lost = True
    return lost


def lead_ended(state: State) -> Event:
    """Lead: once the action is completed, the activated units receive the Used marker."""
    lead = state["activation"]["lead"]
    units = state["units"]
    used = [uid for uid in lead["units"] if not units[uid]["removed"] and units[uid]["minis"]]
    return {"type": "lead_ended", "side": lead["side"], "unit": lead["leader"], "used": used}


def _next_activation(progress: Progress) -> bool:
    """Start the next pair of activations, or end the activation phase."""
    state = progress.state
    unused = {side: has_unused_units(state, side) for side in SIDES}
    counts = state["activations"]
    if _annihilated(progress):
        return True
    lead = max(counts[s] - counts[other(s)] for s in SIDES)
    if (not unused["A"] and not unused["B"]) or lead >= 1:
        if state["commander_activation"]["offer"] is not None or offer_commander_activation(
            progress
        ):
            return False
        progress.emit({"type": "turn_ended", "turn": state["turn"]})
        return True
    only = [side for side in SIDES if unused[side]]
    if len(only) == 1:
        # The extra solo activation: no choice of active side to make.
        progress.emit({"type": "active_side_chosen", "by": None, "active": only[0], "solo": True})
        return True
    # Two new units are about to be activated: the Command Duel may be declared first.
    offer_command_duel(progress)
    return False


def choosers(state: State) -> list[str]:
    """Sides that still have to choose their active unit, the active side first."""
    activation = state["activation"]
    active = activation["active_side"]
    order = [active, other(active)]
    waiting = []
    for side in order:
        if activation["units"][side] is None and has_unused_units(state, side):
            if activation.get("solo") and side != active:
                continue
            waiting.append(side)
    return waiting


def _order_rolls(progress: Progress, dice: Dice) -> None:
    """Both sides roll 1D6 + their active unit's INI at the same time."""
    state = progress.state
    rolls: dict[str, dict[str, Any]] = {}
    for side in SIDES:
        uid = state["activation"]["units"][side]
        if uid is None:
            continue
        ini = initiative_of(state, uid)
        roll = order_roll(state, uid, dice, ini)
        orders, ki = orders_for(roll["die"], ini + roll["modifier"] + roll["boost"])
        orders += roll["extra_orders"]
        ki = ki and bool(state["units"][uid]["abilities"]["ki"])
        rolls[side] = {"unit": uid, "die": roll.pop("die"), "ini": ini, "orders": orders, "ki": ki}
        rolls[side].update({k: v for k, v in roll.items() if v})
    progress.emit({"type": "orders_rolled", "rolls": rolls})

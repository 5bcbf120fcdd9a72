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

from collections.abc import Sequence
from typing import Any

from engine.core import Dice, Event, State
from engine.kensei import abilities, geometry
from engine.kensei.board import board
from engine.kensei.cards import draw_new_cards, keeping, offer_commander_activation
from engine.kensei.command_duel import offer_command_duel
from engine.kensei.commander_orders import choosing, draw_commander_orders
from engine.kensei.evolve import evolve
from engine.kensei.evolve_lead import still_waiting
from engine.kensei.offering_dice import Offered, OfferingDice, RollPaused, offered
from engine.kensei.queries import (
    SIDES,
    general_unit,
    has_live_units,
    has_unused_units,
    honour_of,
    initiative_of,
    live_units,
    other,
)
from engine.kensei.rolls import honour_rerolls, reroll
from engine.kensei.scoring import check_ends_battle, end_check, final_outcome

GENERAL_REACH = 1500  # 15 cm: Repeat honour roll


class Progress:
    """Events appended while the state is folded along, so each step sees the last."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def rewind(self, state: State, count: int) -> None:
        """Back to an earlier point of this progress: ``state`` after ``count`` events."""
        self.state = state
        del self.events[count:]


def advance(progress: Progress, dice: Dice) -> None:
    """Roll the game on until a player must decide (or the battle is over).

    Each step starts from a whole state. A roll the players may make an offering to
    the gods on stops the step: the step's events are dropped, an ``offering_window``
    is recorded instead, and once the players have answered the step is made again
    from its start with the same dice (:mod:`engine.kensei.offering_dice`)."""
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


def window_event(paused: RollPaused, resume: dict[str, Any] | None) -> Event:
    """The ``offering_window`` of a paused roll; ``resume``: the command to decide again
    (``{"side", "command"}``), or ``None`` for the turn sequence's step."""
    return {"type": "offering_window", **paused.window, "resume": resume}


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


def starting_units(state: State, side: str) -> list[str]:
    """Units of ``side`` with no miniature on the table yet (lone leaders come later)."""
    return [
        uid
        for uid, unit in live_units(state, side)
        if not unit["single"] and not any(state["minis"][m]["placed"] for m in unit["minis"])
    ]


def units_to_complete(state: State, side: str) -> list[str]:
    return [
        uid
        for uid, unit in live_units(state, side)
        if not all(state["minis"][m]["placed"] for m in unit["minis"])
    ]


def deployment_candidates(state: State, side: str) -> list[str]:
    if state["deployment"]["stage"] == "starting":
        return starting_units(state, side)
    return units_to_complete(state, side)


def _deployment_stage_done(state: State) -> bool:
    return not any(deployment_candidates(state, side) for side in SIDES)


def next_deployer(state: State, side: str) -> str:
    """Alternate (one you, one me), the side with nothing left to place waiting."""
    following = other(side)
    return following if deployment_candidates(state, following) else side


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
    """Maintenance steps 4 and 5 (step 2 is in :mod:`engine.kensei.cards`, step 3 in
    :mod:`engine.kensei.commander_orders`); True when the battle ended here."""
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


def honour_roll_event(
    state: State, uid: str, dice: Dice, *, reason: str, modifiers: Sequence[tuple[str, int]] = ()
) -> Event:
    """An Honour Roll of the unit (``honour_rolled``): its HO with ``modifiers``, 1D6 or
    2D6 keeping the better (:func:`honour_dice`), success when the kept die is at most it."""
    target = honour_of(state, uid) + sum(value for _label, value in modifiers)
    faces, best_of_two, rerolled = honour_dice(state, uid, dice, target)
    unit = state["units"][uid]
    final = offered(
        dice,
        faces,
        unit["side"],
        f"Honour Roll of {unit['name']} ({uid}): {reason}",
        {"kind": "honour", "target": target},
    )
    return {
        "type": "honour_rolled",
        "unit": uid,
        "reason": reason,
        "dice": list(final.faces),
        **final.record(),
        "rerolled": rerolled,
        "best_of_two": best_of_two,
        "target": target,
        "modifiers": [f"{label} {value}" for label, value in modifiers],
        "success": min(final.values) <= target,
    }


def honour_dice(
    state: State, uid: str, dice: Dice, target: int
) -> tuple[list[int], bool, list[dict[str, Any]]]:
    """1D6, or 2D6 keeping the better near the general (Repeat honour roll), against
    ``target``; then the re-rolls of troop abilities (an engaged enemy's forced re-roll
    of successful dice, the unit's own of failed dice), recorded die by die."""
    best_of_two = near_general(state, uid)
    faces, rerolled = honour_rerolls(
        dice,
        dice.roll(2 if best_of_two else 1),
        target,
        own=abilities.rerolls(state, uid, "honour_roll"),
        enemy=abilities.enemy_honour_rerolls(state, uid),
    )
    return faces, best_of_two, rerolled


def near_general(state: State, uid: str) -> bool:
    """The general, or a troop within 15 cm of him with line of sight to him. If the
    general leads a unit, any miniature of that unit carries the effect."""
    side = state["units"][uid]["side"]
    source = general_unit(state, side)
    if source is None:
        return False
    if source == uid:
        return True
    bases = board(state).bases
    scene = board(state).scene
    for mid in state["units"][uid]["minis"]:
        for gid in state["units"][source]["minis"]:
            if geometry.edge_distance(bases[mid], bases[gid]) > GENERAL_REACH + geometry.EPSILON:
                continue
            if scene.line_of_sight(mid, gid) != "none":
                return True
    return False


def engaged_units(state: State, uid: str) -> list[str]:
    """Enemy units in melee combat with ``uid`` (Melee combat: 2.5 cm, facing). A unit
    that did not duel is not in melee combat with units that duelled this turn: it "may
    act normally" (Challenge to a duel > Multiple Combats)."""
    found = touching_units(state, uid)
    units = state["units"]
    if not found or units[uid].get("duelled"):
        return found
    return [enemy for enemy in found if not units[enemy].get("duelled")]


def touching_units(state: State, uid: str) -> list[str]:
    """Enemy units with a miniature engaged with one of ``uid``'s, duels or not."""
    unit = state["units"][uid]
    here = board(state)
    found: set[str] = set()
    for mid in unit["minis"]:
        if mid in here.bases:
            found.update(
                state["minis"][e]["unit"] for e in here.engaged_with(here.bases[mid], unit["side"])
            )
    return sorted(found)


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
            from engine.kensei.charging import charge_step  # noqa: PLC0415

            return charge_step(progress, dice)
        if pending["kind"] != "combat":
            return False
        from engine.kensei.resolution import combat_step  # noqa: PLC0415

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


def order_roll(
    state: State, uid: str, dice: Dice, ini: int, *, only_ki: bool = False
) -> dict[str, Any]:
    """The Order Roll's die with the unit's abilities: ``order_roll`` modifiers (as table
    lines), a re-roll of a die giving a single order (``only_ki``, a led unit's roll: a
    die not activating the ki), which cannot turn out worse, and the ``extra_order``
    effects."""
    lines = abilities.lines(state, uid, "order_roll")
    modifier = sum(value for _label, value in lines)
    count = abilities.rerolls(state, uid, "order_roll")

    def failed(face: int) -> bool:
        orders, ki = orders_for(face, ini + modifier)
        return not ki if only_ki else orders < 2

    faces, rerolled = reroll(dice, dice.roll(1), failed, count)
    unit = state["units"][uid]
    final = offered(
        dice,
        faces,
        unit["side"],
        f"Order Roll of {unit['name']} ({uid})",
        {"kind": "order", "bonus": ini + modifier},
    )
    return {
        "die": final.faces[0],
        "boost": final.boosts[0],
        "ability_lines": lines,
        "modifier": modifier,
        "rerolled": rerolled,
        "extra_orders": abilities.extra_orders(state, uid),
    }


def orders_for(die: int, ini: int) -> tuple[int, bool]:
    """Order roll table: natural 1 one order; 2-3 one; 4-5 two; 6+ two and ki.

    A total below 2 that is not a natural 1 (INI lowered by the death of the
    general) still gives one order: the table has no row without orders.
    """
    if die == 1:
        return 1, False
    total = die + ini
    if total >= 6:
        return 2, True
    if total >= 4:
        return 2, False
    return 1, False

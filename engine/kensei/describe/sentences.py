"""One line in words for each Kensei event (the step list and the replay log)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, State
from engine.core.standing import STANDING_SET, describe_standing
from engine.kensei.describe.named import NAMED, with_names
from engine.kensei.turn.standing import CHOICES

CM = 100


def _cm(value: float) -> str:
    return f"{value / CM:g} cm"


def _moved(e: Event) -> str:
    what = {"boosted_move": "runs", "disengage": "disengages", "move": "moves"}[e["order"]]
    if not e["displaced"]:
        what = "turns in place" if e["minis"] else "stands still"
    extra = []
    if e["difficult"]:
        extra.append("through difficult terrain")
    if e["engaging"]:
        extra.append(f"engaging {', '.join(sorted({pair[1] for pair in e['engaging']}))}")
    tail = f" ({'; '.join(extra)})" if extra else ""
    return f"{e['unit']} {what}{tail}"


def _dice(roll: Event) -> str:
    """A roll's dice: each face, with its boost when it has one (``5+2``)."""
    boosts = roll.get("boosts") or [0] * len(roll["faces"])
    return (
        "["
        + ", ".join(f"{f}+{b}" if b else str(f) for f, b in zip(roll["faces"], boosts, strict=True))
        + "]"
    )


def _order_played(e: Event) -> str:
    cost = f"{e['paid']} command card(s)" + (f", X = {e['x']}" if e["x"] else "")
    extra = f"; +{e['extra_orders']} order(s) now" if e.get("extra_orders") else ""
    gone = (
        f"; removes the {', '.join(e['remove_markers'])} marker(s)" if e["remove_markers"] else ""
    )
    return (
        f"side {e['side']} plays the commander's order {e['name']} on "
        f"{', '.join(e['units'])} ({cost}){gone}{extra}"
    )


def _shot(e: Event) -> str:
    how = (" (boosted)" if e["boost"] else "") + (" (hold and shoot)" if e["hold"] else "")
    head = f"{e['unit']} shoots at {e['target']}{how}"
    if e["lost"]:
        return f"{head}: no shooter reaches it, the shoot is lost"
    roll = e["roll"]
    shoot, wound = roll["shoot_roll"], roll["wound_roll"]
    return (
        f"{head}: {shoot['faces']} ({roll['dice']}D6, {roll['modifier']:+d}), "
        f"{shoot['successes']} hit(s); wound roll {wound['faces']}, {wound['wounds']} wound(s)"
    )


def _charge_reacted(e: Event) -> str:
    reaction = e["reaction"]
    if reaction == "flee":
        return f"{e['unit']} flees the charge"
    if reaction == "hold":
        return f"{e['unit']} holds and shoots" + (" (boosted)" if e.get("boost") else "")
    return f"{e['unit']} does not react to the charge"


def _charge_moved(e: Event) -> str:
    if e.get("met"):
        return f"{e['unit']} stops after {_cm(e['distance'])}: an opportunity charge meets it"
    if e["reached"]:
        return f"{e['unit']} charges {_cm(e['distance'])} into contact with {e['target']}"
    return f"{e['unit']}'s charge falls short of {e['target']} after {_cm(e['distance'])}"


_TEXT: dict[str, Callable[[Event], str]] = {
    "scenery_order_chosen": lambda e: f"side {e['by']} lets side {e['first']} place scenery first",
    "scenery_placed": lambda e: (
        f"side {e['side']} places {len(e['pieces'])} extra scenery piece(s) "
        f"({e['elements']} element(s))"
    ),
    "strategy_rolled": lambda e: (
        "strategy roll "
        + ", then ".join(f"A {r['A']} / B {r['B']}" for r in e["rolls"])
        + f" (with commander level: A {e['totals']['A']}, B {e['totals']['B']}):"
        f" side {e['winner']} wins"
    ),
    "miniatures_deployed": lambda e: (
        f"side {e['side']} deploys {len(e['minis'])} miniature(s) of {e['unit']}"
    ),
    "deployment_stage": lambda e: (
        "every unit has its starting position: the rest of the armies deploy"
    ),
    "turn_started": lambda e: f"turn {e['turn']} begins",
    "battle_checked": lambda e: (
        f"end-of-battle check: A {e['points']['A']}, B {e['points']['B']}"
        + (" - the battle ends" if e["ended"] else "")
    ),
    "honour_rolled": lambda e: (
        f"{e['unit']} honour roll {e['dice']} against {e['target']}: "
        + ("holds" if e["success"] else "fails")
    ),
    "unit_removed": lambda e: f"{e['unit']} is removed ({e['reason']})",
    "markers_cleared": lambda e: "Used and Stunned markers removed",
    "hand_discarded": lambda e: (
        f"side {e['side']} discards its hand ({e['count']} card(s), face down; {e['reason']})"
    ),
    "cards_drawn": lambda e: f"side {e['side']} draws {e['count']} command card(s)",
    "deck_reshuffled": lambda e: (
        f"side {e['side']} shuffles its discard pile ({e['count']} cards) into a new deck"
    ),
    "cards_kept": lambda e: (
        f"side {e['side']} keeps {e['kept']} command card(s) and discards {e['discarded']}"
    ),
    "commander_activation_offered": lambda e: (
        f"side {e['side']} may discard its hand to activate one more troop"
    ),
    "commander_activation_declined": lambda e: f"side {e['side']} keeps its hand",
    "commander_activated": lambda e: (
        f"commander activation: side {e['side']} activates {e['unit']}"
    ),
    "command_duel_offered": lambda e: (
        f"side {e['side']} may declare a command duel for the initiative"
    ),
    "command_duel_declined": lambda e: f"side {e['side']} declares no command duel",
    "command_duel_declared": lambda e: (
        f"side {e['side']} declares a command duel: both sides bet command cards face down"
    ),
    "command_duel_bet": lambda e: f"side {e['side']} places its bet face down",
    "offering_window": lambda e: (
        f"{e['roll']['what']}: {_dice(e['roll'])}; side(s) {' then '.join(e['asked'])} may make "
        "an offering to the gods"
    ),
    "offering_passed": lambda e: f"side {e['side']} makes no offering",
    "offering_made": lambda e: (
        f"side {e['side']} offers a card face down: die {e['die'] + 1} re-rolled "
        f"{e['was']} -> {e['face']}"
        if e["action"] == "reroll"
        else f"side {e['side']} offers a {e['card']}: die {e['die'] + 1} boosted by {e['card']}"
    ),
    "offering_closed": lambda e: f"{e['what']} stands at {_dice(e)}",
    "command_duel_revealed": lambda e: (
        "command duel: "
        + ", ".join(
            f"side {side} bets {e['bets'][side] or 'nothing'} ({e['totals'][side]})"
            for side in ("A", "B")
        )
        + (
            f": side {e['initiative']} takes the initiative"
            if e["initiative"] != e["had_initiative"]
            else f": side {e['initiative']} keeps the initiative"
        )
    ),
    "commander_orders_chosen": lambda e: (
        f"side {e['side']} takes a commander's order in hand and {e['deck']} face down"
    ),
    "commander_order_drawn": lambda e: f"side {e['side']} draws a commander's order",
    "commander_order_kept": lambda e: (
        f"side {e['side']} keeps one commander's order"
        + (" and discards the other face down" if e["discarded"] else "")
    ),
    "commander_order_played": _order_played,
    "initiative_rolled": lambda e: (
        "initiative "
        + ", then ".join(f"A {r['A']} / B {r['B']}" for r in e["rolls"])
        + f": side {e['winner']} has the initiative"
    ),
    "active_side_chosen": lambda e: (
        f"side {e['active']} activates alone (extra solo activation)"
        if e.get("solo")
        else f"side {e['by']} makes side {e['active']} the active side"
    ),
    "unit_chosen": lambda e: f"side {e['side']} activates {e['unit']}",
    "orders_rolled": lambda e: (
        "order rolls: "
        + ", ".join(
            f"{r['unit']} {r['die']} + INI {r['ini']} = {r['orders']} order(s)"
            + (" and ki" if r["ki"] else "")
            for r in e["rolls"].values()
        )
    ),
    "ki_chosen": lambda e: (
        f"{e['unit']} calls on its ki: {e['ability']}"
        if e["ability"]
        else f"{e['unit']} lets its ki pass (no ki ability this turn)"
    ),
    "boost_rolled": lambda e: f"{e['unit']} runs: 2 x MOV + {e['die']} = {_cm(e['allowance'])}",
    "moved": _moved,
    "wounds_taken": lambda e: (
        f"{e['unit']} takes {e['wounds']} wound(s)"
        + (f", losing {', '.join(e['casualties'])}" if e["casualties"] else "")
    ),
    "attack_declared": lambda e: (
        f"{e['unit']} attacks {e['target']}"
        + (" (boosted)" if e["boost"] else "")
        + (f": a multiple combat of {', '.join(e['group'])}" if "group" in e else "")
    ),
    "reactive_attack_declared": lambda e: (
        f"{e['unit']} fights back"
        + (" (boosted)" if e["boost"] else "")
        + (" without an activation order (-1D6)" if e["without_order"] else "")
    ),
    "combat_rolled": lambda e: "; ".join(
        f"{r['unit']} rolls {r['combat_roll']['faces']} ({r['dice']}D6, {r['modifier']:+d}): "
        f"{r['combat_roll']['successes']} impact(s), wound roll {r['wound_roll']['faces']}"
        for r in e["rolls"]
    ),
    "combat_result": lambda e: (
        (
            f"side {e['winning_side']} wins the multiple combat: {', '.join(e['losers'])} defeated"
            if e["winning_side"]
            else "the multiple combat is a tie"
        )
        if "losers" in e
        else (
            f"{e['winner']} wins, {e['loser']} is defeated"
            if e["winner"]
            else "the combat is a tie"
        )
    ),
    "fighters_assigned": lambda e: "side {} assigns {}".format(
        e["side"], ", ".join(f"{m} to {u}" for m, u in e["assign"].items())
    ),
    "combats_ordered": lambda e: (
        "combats in the order " + ", ".join(f"{a} vs {b}" for a, b in e["combats"])
    ),
    "next_combat": lambda e: f"next combat: {e['fight'][0]} vs {e['fight'][1]}",
    "resolution_ordered": lambda e: f"defeated units resolve in order {', '.join(e['units'])}",
    "next_chase": lambda e: "the next winner may chase",
    "shot": _shot,
    "shoot_result": lambda e: (
        f"{e['unit']} loses {e['casualties']} of its {e['before']} miniature(s) to the shoot"
        + (" and takes an Honour Roll" if e["honour_roll"] else "")
    ),
    "charge_declared": lambda e: (
        f"{e['unit']} charges {', '.join(e.get('targets') or [e['target']])}"
        + (" (boosted)" if e["boost"] else "")
    ),
    "charge_reacted": _charge_reacted,
    "charge_rolled": lambda e: (
        f"{e['unit']} charge roll: rolled {e['die']}, reaches {_cm(e['allowance'])}, "
        + ("contact" if e["reached"] else "falls short of its target")
    ),
    "charge_moved": _charge_moved,
    "fled": lambda e: (
        f"{e['unit']} flees {_cm(e['distance'])} ({e['dice']})"
        + (f", losing {', '.join(e['lost'])}" if e["lost"] else "")
    ),
    "move_declared": lambda e: f"{e['unit']} indicates its move: the enemy may charge it",
    "opportunity_declared": lambda e: (
        f"{e['unit']} makes an opportunity charge on {e['target']} at the {e['point']} of its move"
    ),
    "move_resumed": lambda e: f"{e['unit']} completes its move",
    "opportunity_passed": lambda e: f"no opportunity charge on {e['unit']}",
    "charge_resumed": lambda e: f"{e['unit']} goes on with its charge",
    "close_in_offered": lambda e: f"{e['unit']}'s miniatures not in contact may close in",
    "closed_in": lambda e: (
        f"{e['unit']}: {len(e['minis'])} miniatures close in"
        if e["minis"]
        else f"{e['unit']}'s miniatures stay where the charge stopped"
    ),
    "attacked_side_chosen": lambda e: (
        f"side {e['side']} takes {e['attacker']}'s attack on the {e['attacked']} of {e['unit']}"
    ),
    "facing_asked": lambda e: f"{e['unit']} may choose its facing ({', '.join(e['choices'])})",
    "withdraw_faced": lambda e: f"{e['unit']} faces: {e['facing']}",
    "combat_closing": lambda e: (
        f"{', '.join(e['melee_moves'])} may make a 5 cm melee movement"
        if e["melee_moves"]
        else "the combat closes"
    ),
    "melee_moved": lambda e: (
        f"{e['unit']} makes a melee movement"
        if e["minis"]
        else f"{e['unit']} makes no melee movement"
    ),
    "miniatures_lost": lambda e: f"{e['unit']} loses {', '.join(e['minis'])} ({e['reason']})",
    "fell_back": lambda e: (
        f"{e['unit']} {'withdraws' if e['kind'] == 'withdraw' else 'retreats'} "
        f"{_cm(e['distance'])} ({e['dice']})"
        + (f", losing {', '.join(e['lost'])}" if e["lost"] else "")
    ),
    "chase_offered": lambda e: f"{e['unit']} may chase {e['fleeing']}",
    "chase_declined": lambda e: f"{e['unit']} does not chase",
    "chased": lambda e: (
        f"{e['unit']} chases {_cm(e['distance'])}"
        + (f", catching {', '.join(e['caught'])}" if e["caught"] else "")
    ),
    "combat_ended": lambda e: "the combat is over",
    "duel_declared": lambda e: (
        f"{e['leader']} ({e['unit']}) challenges {e['target_leader']} ({e['target']}) to a duel"
        + (" (boosted)" if e["boost"] else "")
    ),
    "duel_answered": lambda e: (
        f"{e['unit']} accepts the duel"
        + (
            f"; {e['placed'][0]['id']} takes the place of {e['placed'][1]['id']}"
            if e.get("placed")
            else ""
        )
        if e["accept"]
        else f"{e['unit']} refuses the duel: {e['dishonoured']} is dishonoured"
    ),
    "lead_declared": lambda e: (
        f"{e['leader']} ({e['unit']}) leads {', '.join(e['units'])}: all {e['common_order']}; "
        + ", ".join(
            f"{r['unit']} order roll {r['die']} + INI {r['ini']}" + (" and ki" if r["ki"] else "")
            for r in e["rolls"]
        )
    ),
    "lead_ki_chosen": lambda e: (
        f"{e['unit']} calls on its ki: {e['ability']}"
        if e["ability"]
        else f"{e['unit']} lets its ki pass (no ki ability this turn)"
    ),
    "led_order": lambda e: f"{e['unit']} gives the common order",
    "lead_passed": lambda e: f"{e['unit']} does not give the common order",
    "lead_ended": lambda e: f"the Lead is over: Used Unit markers on {', '.join(e['used'])}",
    "reloaded": lambda e: f"{e['unit']} reloads ({e['removed']} marker(s) removed)",
    "sheltered": lambda e: f"{e['unit']} takes shelter",
    "leader_joined": lambda e: f"{e['leader_unit']} joins {e['unit']} as its leader",
    "leader_left": lambda e: f"{e['leader']} leaves {e['unit']} and acts alone as {e['new_unit']}",
    "orders_lost": lambda e: (
        f"{e['unit']} is no longer on the table: its {e['orders']} remaining activation "
        "order(s) are lost"
    ),
    "activation_ended": lambda e: f"Used Unit markers on {', '.join(e['used']) or 'no unit'}",
    "turn_ended": lambda e: f"turn {e['turn']} ends",
    STANDING_SET: lambda e: describe_standing(e, CHOICES),
    "conceded": lambda e: (
        f"side {e['side']} concedes"
        + (
            f": side {e['outcome']['winner']} wins"
            if e["outcome"] and e["outcome"]["winner"]
            else ""
        )
    ),
    "battle_ended": lambda e: (
        f"the battle ends: {e['outcome']['detail']}; "
        + (f"side {e['outcome']['winner']} wins" if e["outcome"]["winner"] else "a draw")
    ),
}


def describe_event(event: Event, before: State | None = None) -> str:
    """One line in words for ``event``; given the state ``before`` it, units are named
    (``Buke samurai (A.u1)``) and some events say more (a charge's needed distance)."""
    kind = str(event.get("type", "event"))
    sentence = None
    if before is not None and kind in NAMED:
        sentence = NAMED[kind](event, before)
    if sentence is None:
        text = _TEXT.get(kind)
        sentence = text(event) if text else kind
    return with_names(sentence, before) if before is not None else sentence

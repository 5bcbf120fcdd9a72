"""Multiple combat (Orders and Actions > Combat Orders > Attack > Multiple combat).

When units of both sides fight each other at once (2 vs 1, 2 vs 2...), an Attack
resolves every combat of the group in a chain. The group is the set of units
linked by melee combat to the attacker and its target (units in a duel this turn
left out); a *combat* is a pair of enemy units of the group in melee combat with
each other. Before the rolls:

- each side whose miniatures are in contact with two enemy units of the group says
  which one each fights (``assign_fighters``): it adds its dice only there;
- the side that declared the attack orders the combats (``combat_order``) when
  there are two or more.

Each combat is then rolled and its casualties taken as any combat, one after the
other; the outcome of the whole group is in :mod:`engine.kensei.combat.outcome`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event, IllegalCommand, State
from engine.kensei import rules
from engine.kensei.commands.combat import AssignFighters, CombatOrder
from engine.kensei.geometry.board import board
from engine.kensei.state.contact import engaged_units


def _foes(state: State, uid: str) -> list[str]:
    """Enemy units in melee combat with ``uid``, those in a duel this turn left out
    (Challenge to a duel > Multiple Combats)."""
    return [u for u in engaged_units(state, uid) if not state["units"][u].get("duelled")]


def group_of(state: State, attacker: str, target: str) -> tuple[list[str], list[list[str]]]:
    """The units of the group (the attacker, its target, then the others in id order)
    and its combats, each ``[attacker's side unit, other side unit]``, the declared
    one first and the others in id order."""
    seen = {attacker, target}
    queue = [attacker, target]
    while queue:
        uid = queue.pop(0)
        for other in _foes(state, uid):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    units = [attacker, target, *sorted(seen - {attacker, target})]
    side = state["units"][attacker]["side"]
    combats = [[attacker, target]]
    for mine in sorted(u for u in seen if state["units"][u]["side"] == side):
        for theirs in _foes(state, mine):
            if theirs in seen and [mine, theirs] not in combats:
                combats.append([mine, theirs])
    return units, combats


def attack_event(state: State, event: Event) -> Event:
    """An ``attack_declared`` event with its group when it is a multiple combat."""
    units, combats = group_of(state, event["unit"], event["target"])
    if len(units) > 2:
        return {**event, "group": units, "combats": combats}
    return event


# -- the questions before the rolls ------------------------------------------------


def live_combats(state: State, pending: Mapping[str, Any]) -> list[list[str]]:
    """The combats of the group still to fight: both units on the table and still in
    melee combat with each other."""
    units = state["units"]
    return [
        [a, b]
        for a, b in pending["combats"]
        if not units[a]["removed"] and not units[b]["removed"] and b in _foes(state, a)
    ]


def shared_minis(state: State, side: str, pending: Mapping[str, Any]) -> dict[str, list[str]]:
    """The miniatures of ``side`` in the group in contact with two or more enemy units
    of the group, each with those units (in the order of the combats)."""
    here = board(state)
    group = pending["group"]
    order = [u for pair in pending["combats"] for u in pair]
    found: dict[str, list[str]] = {}
    for uid in group:
        unit = state["units"][uid]
        if unit["side"] != side or unit["removed"]:
            continue
        placed = [m for m in unit["minis"] if m in here.bases]
        engaged = here.engaged_minis(placed, side)
        for mid in placed:
            foes = {state["minis"][e]["unit"] for e in engaged[mid]}
            foes = {u for u in foes if u in group and not state["units"][u].get("duelled")}
            if len(foes) > 1:
                found[mid] = sorted(foes, key=order.index)
    return found


def chain_question(
    state: State, pending: Mapping[str, Any]
) -> tuple[str, str, dict[str, Any]] | None:
    """What a player must decide before the chain is rolled: the prompt kind, the side
    and its options; None when nothing is left to decide."""
    if "combats" not in pending:
        return None
    declaring = state["units"][pending["attacker"]]["side"]
    for side in (declaring, "B" if declaring == "A" else "A"):
        if side in pending["assigned"]:
            continue
        shared = shared_minis(state, side, pending)
        if shared:
            return "assign_fighters", side, {"minis": shared}
    combats = live_combats(state, pending)
    if not pending["ordered"] and len(combats) > 1:
        return "combat_order", declaring, {"combats": combats}
    return None


def decide_chain(state: State, side: str, command: AssignFighters | CombatOrder) -> list[Event]:
    """The answers to :func:`chain_question`."""
    pending = state["activation"]["pending"]
    question = chain_question(state, pending)
    assert question is not None  # the prompt asked for it
    assert question[0] == command.kind
    options = question[2]
    if isinstance(command, AssignFighters):
        raw = dict(command.assign)
        shared = options["minis"]
        for mid, uid in raw.items():
            if mid not in shared:
                raise IllegalCommand(
                    f"{mid} is not in melee combat with two enemy units of this combat",
                    rule=rules.MULTIPLE_COMBAT,
                )
            if uid not in shared[mid]:
                raise IllegalCommand(
                    f"{mid} is not in melee combat with {uid}; it fights {', '.join(shared[mid])}",
                    rule=rules.MULTIPLE_COMBAT,
                )
        assign = {mid: raw.get(mid, units[0]) for mid, units in shared.items()}
        return [{"type": "fighters_assigned", "side": side, "assign": assign}]
    raw_order = [list(pair) for pair in command.order]
    combats = options["combats"]
    if sorted(raw_order) != sorted(combats) or len(raw_order) != len(combats):
        raise IllegalCommand(
            "order must list every combat of the group once: "
            + ", ".join(f"{a} vs {b}" for a, b in combats),
            rule=rules.MULTIPLE_COMBAT,
        )
    return [{"type": "combats_ordered", "side": side, "combats": [list(p) for p in raw_order]}]


def next_combat(state: State, pending: Mapping[str, Any]) -> list[str] | None:
    """The next combat of the chain still to fight after the current one."""
    combats = pending.get("combats")
    if not combats:
        return None
    index = combats.index(pending["fight"])
    left = live_combats(state, pending)
    return next((pair for pair in combats[index + 1 :] if pair in left), None)

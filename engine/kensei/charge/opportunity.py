"""Opportunity charge (Orders and Actions > Reaction orders > Opportunity charge).

"A unit without a Used Unit marker may perform this order if an enemy troop performs
a movement of any kind. This order must be declared at the time the unit indicates
where it is going to move." When a Move (plain, boosted, or a disengage) is decided
and the other side has a unit that could charge the mover, the move waits
(``move_declared``) and that side is asked (``opportunity_charge``): decline, and
the move is made; or name the charging unit and the point of the move where it meets
the mover: its *start*, *middle* (every miniature halfway along its path) or *end*.
The mover stops at that point (``moved`` there) and the opportunity charge is run as
a Charge against it (``opportunity_declared``: an activation order of the reacting
side, as any reaction, and a Used Unit marker at the end of the activation). If the
charge makes no contact, the mover completes its move (``move_resumed``) unless its
end spots are taken by then.

A Charge is a movement too: before the charged units react (and before the roll),
the charged side is asked the same question about its *other* units, the mover being
the charging unit and its move the part of the charge path certain before the roll
(:func:`charge_path`). Declined (``opportunity_passed``), the charge goes on; declared,
the charger stops at the point chosen (``charge_moved`` there, ``met``) and is charged;
with contact the original charge is over (its targets never react and are not
attacked); without, it goes on from there (``charge_resumed``) with what is left of
its distance.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Event, IllegalCommand, Prompt, State
from engine.kensei import geometry, rules
from engine.kensei.charge.trace import aim, targets_of, trace
from engine.kensei.combat.falling_back import spatial_base
from engine.kensei.combat.melee import check_boost_orders, in_formation
from engine.kensei.commands.combat import OpportunityCharge
from engine.kensei.geometry.board import board
from engine.kensei.shooting.shoot import sees_any
from engine.kensei.state import abilities
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.queries import live_units, other, unit_name

CM = 100
POINTS = ("start", "middle", "end")
MOVES = ("move", "boosted_move", "disengage")
FOLLOWING = ("leader_joined", "leader_left")  # a Move that joins or leaves a unit


def intercept(state: State, side: str, events: list[Event]) -> list[Event]:
    """A Move that enemy units could charge waits for their side's answer (with the
    joining or leaving of a unit it carries, ``then``: done once the move is)."""
    if not events or events[0]["type"] != "moved" or state["activation"] is None:
        return events
    moved, then = events[0], events[1:]
    if any(e["type"] not in FOLLOWING for e in then):
        return events
    if moved["order"] not in MOVES or not moved["displaced"]:
        return events
    units = chargers(state, moved)
    if not units:
        return events
    declared: Event = {"type": "move_declared", "side": side, "unit": moved["unit"], "moved": moved}
    if then:
        declared["then"] = then
    return [declared]


def chargers(state: State, moved: Mapping[str, Any]) -> list[str]:
    """Units of the other side that could charge the mover: not Used, not in melee, in
    formation, an order left to their side, the mover within MOV + 6 cm of the unit's
    centre (a quick filter) and seen before it moves or where it ends."""
    mover = moved["unit"]
    if state["activation"]["orders"][other(moved["side"])] < 1:
        return []
    here = board(state)
    ends = [(m["x"], m["y"]) for m in moved["minis"]]
    spots = ends + [(b.x, b.y) for m in state["units"][mover]["minis"] if (b := here.bases.get(m))]
    ended = _with_minis(state, moved["minis"])
    found = []
    for uid in _within_reach(state, moved, spots, 0):
        if engaged_units(state, uid) or not in_formation(state, uid):
            continue
        if sees_any(state, uid, mover) or sees_any(ended, uid, mover):
            found.append(uid)
    return found


def _within_reach(
    state: State, moved: Mapping[str, Any], spots: list[tuple[int, int]], slack: int
) -> list[str]:
    """The other side's units not Used (nor duelled, nor charged by the mover, nor left
    by the mover's Disengage this turn) whose centre is within their MOV + 6 cm (and charge roll
    bonus) plus ``slack`` of one of the ``spots``."""
    mover = moved["unit"]
    here = board(state)
    found = []
    for uid, unit in live_units(state, other(moved["side"])):
        placed = [here.bases[m] for m in unit["minis"] if m in here.bases]
        if unit["markers"]["used"] or not placed or mover in unit["no_charge_from"]:
            continue
        if uid in moved.get("targets", ()) or unit.get("duelled"):
            continue  # a charged unit reacts to its charge itself
        cx = sum(b.x for b in placed) // len(placed)
        cy = sum(b.y for b in placed) // len(placed)
        most = abilities.attribute(state, uid, "mov", unit["mov"]) + 6  # the best Charge roll
        reach = (most + abilities.modifier(state, uid, "charge_roll", {"charging": True})) * CM
        if any(math.hypot(x - cx, y - cy) <= reach + slack for x, y in spots):
            found.append(uid)
    return found


def _with_minis(state: State, minis: Sequence[Mapping[str, Any]]) -> State:
    """The state with some miniatures moved (a hypothesis: nothing is recorded)."""
    changed = dict(state["minis"])
    for m in minis:
        changed[m["id"]] = {**changed[m["id"]], "x": m["x"], "y": m["y"], "facing": m["facing"]}
    return {**state, "minis": changed}


def at_point(state: State, moved: Mapping[str, Any], point: str) -> list[dict[str, Any]]:
    """Where the moving miniatures are at ``point`` of the move (``middle``: halfway
    along each path, facing where they will end)."""
    if point == "end":
        return [dict(m) for m in moved["minis"]]
    spots = []
    for m in moved["minis"]:
        start = state["minis"][m["id"]]
        x, y, facing = start["x"], start["y"], start["facing"]
        if point == "middle" and m["path"]:
            x, y = _halfway((x, y), m["path"])
            facing = m["facing"]
        spots.append({"id": m["id"], "path": [], "x": x, "y": y, "facing": facing})
    return spots


def _halfway(start: tuple[int, int], path: list[list[int]]) -> tuple[int, int]:
    left = geometry.path_length(start, path) / 2
    previous = start
    for point in path:
        leg = math.hypot(point[0] - previous[0], point[1] - previous[1])
        if leg >= left and leg > 0:
            t = left / leg
            return (
                round(previous[0] + (point[0] - previous[0]) * t),
                round(previous[1] + (point[1] - previous[1]) * t),
            )
        left -= leg
        previous = (point[0], point[1])
    return previous


def points(state: State, moved: Mapping[str, Any]) -> list[str]:
    """The points of the move where the mover may be met: its spots there overlap no
    other base (the start and the end always qualify; only the start when it does not
    move)."""
    if not moved["displaced"]:
        return ["start"]
    found = []
    here = board(state)
    mine = {m["id"] for m in moved["minis"]} | set(state["units"][moved["unit"]]["minis"])
    for point in POINTS:
        bases = [_base(here, s) for s in at_point(state, moved, point)]
        clear = point != "middle" or not _overlaps_other(here, bases, mine)
        clear = clear and not any(
            geometry.overlaps(a, b) for i, a in enumerate(bases) for b in bases[i + 1 :]
        )
        if clear:
            found.append(point)
    return found


def _overlaps_other(here: Any, bases: list[geometry.Base], mine: set[str]) -> bool:
    """Whether a base overlaps the base of a miniature not in ``mine``: only those whose
    bounding circles meet (bases farther apart cannot overlap) are compared exactly."""
    if not bases:
        return False
    widest = max(b.bound for b in bases)
    x0, x1 = min(b.x for b in bases) - widest, max(b.x for b in bases) + widest
    y0, y1 = min(b.y for b in bases) - widest, max(b.y for b in bases) + widest
    placed = here.bases
    for o in here.in_box(x0, y0, x1, y1):
        if o in mine:
            continue
        other_base = placed[o]
        for base in bases:
            reach = base.bound + other_base.bound
            dx, dy = other_base.x - base.x, other_base.y - base.y
            if dx * dx + dy * dy < reach * reach and geometry.overlaps(base, other_base):
                return True
    return False


def _base(here: Any, spot: Mapping[str, Any]) -> geometry.Base:
    return spatial_base(here.bases[spot["id"]], spot["x"], spot["y"], spot["facing"])


# -- the prompt and the answer --------------------------------------------------------


def declared_move(state: State) -> Mapping[str, Any]:
    """The movement the pending question is about: a Move waiting for the answer, or
    the pending charge's certain path."""
    pending = state["activation"]["pending"]
    return _charge_offer(state)[0] if pending["kind"] == "charge" else pending["moved"]


# The charge's path and the units that could charge it, for the last few states asked
# (the prompt, the bots and the decision ask again about the same state; states are
# never mutated and an entry keeps its state alive, so an identity is not reused).
_OFFERS: list[tuple[State, tuple[Mapping[str, Any], list[str]]]] = []


def _charge_offer(state: State) -> tuple[Mapping[str, Any], list[str]]:
    for kept, offer in _OFFERS:
        if kept is state:
            return offer
    path = charge_path(state, state["activation"]["pending"])
    offer = (path, chargers(state, path))
    _OFFERS.insert(0, (state, offer))
    del _OFFERS[4:]
    return offer


def charge_path(state: State, pending: Mapping[str, Any]) -> dict[str, Any]:
    """A Charge as the movement it indicates, before its roll: the block straight at its
    targets (:mod:`engine.kensei.charge.trace`) for MOV (twice MOV boosted, less what it
    already travelled), the distance it covers whatever the die, stopping at contact."""
    uid = pending["unit"]
    unit = state["units"][uid]
    here = board(state)
    mine = [m for m in unit["minis"] if m in here.bases]
    movement = abilities.attribute(state, uid, "mov", unit["mov"]) * (2 if pending["boost"] else 1)
    heading = aim(state, uid, targets_of(pending))
    distance = max(0, movement * CM - pending.get("travelled", 0))
    travelled, finals = trace(state, mine, heading, distance)
    return {
        "type": "moved",
        "side": pending["side"],
        "unit": uid,
        "order": "charge",
        "targets": targets_of(pending),
        "heading": heading,
        "distance": travelled,
        "displaced": travelled > 0,
        "minis": [
            {"id": m, "path": [[b.x, b.y]], "x": b.x, "y": b.y, "facing": b.facing}
            for m, b in finals.items()
        ],
    }


def charge_question(state: State) -> bool:
    """Whether a pending charge waits for the charged side's opportunity question: asked
    once, before the first charged unit reacts, when another unit could charge it."""
    pending = state["activation"]["pending"]
    if pending["stage"] != "reaction" or pending.get("asked") or pending.get("opportunity"):
        return False
    if state["activation"]["orders"][other(pending["side"])] < 1:
        return False
    # A quick filter first: a unit in reach of the charger wherever its path may go.
    uid = pending["unit"]
    here = board(state)
    spots = [(b.x, b.y) for m in state["units"][uid]["minis"] if (b := here.bases.get(m))]
    movement = abilities.attribute(state, uid, "mov", state["units"][uid]["mov"])
    slack = movement * CM * (2 if pending["boost"] else 1)
    seen = {"unit": uid, "side": pending["side"], "targets": targets_of(pending)}
    if not _within_reach(state, seen, spots, slack):
        return False
    return bool(_charge_offer(state)[1])


def opportunity_prompt(state: State) -> Prompt:
    moved = declared_move(state)
    charge = state["activation"]["pending"]["kind"] == "charge"
    return Prompt(
        (other(moved["side"]),),
        "opportunity_charge",
        options={
            "mover": moved["unit"],
            "units": list(_charge_offer(state)[1]) if charge else chargers(state, moved),
            "points": points(state, moved),
            "boost": state["activation"]["orders"][other(moved["side"])] >= 2,
        },
    )


def can_charge(state: State, uid: str, point: str) -> bool:
    """Whether ``uid`` sees the mover at ``point`` of its move."""
    moved = declared_move(state)
    spots = at_point(state, moved, point)
    return sees_any(_with_minis(state, spots), uid, moved["unit"])


def decide_opportunity(state: State, side: str, command: OpportunityCharge) -> list[Event]:
    """``{"type": "opportunity_charge", "side"}`` lets the move go; with ``unit`` and
    ``point`` (start, middle, end) that unit charges the mover there, ``"boost": true``
    a boosted charge for two orders (Boosting an order: "both in action and reaction")."""
    moved = declared_move(state)
    charge = moved["order"] == "charge"
    boost = command.boost
    uid = command.unit
    if uid is None:
        if charge:  # the charge goes on: its targets react
            return [{"type": "opportunity_passed", "side": side, "unit": moved["unit"]}]
        then = state["activation"]["pending"].get("then", [])
        return [dict(moved), *then]  # no opportunity charge: the move is made
    point = command.point
    options = opportunity_prompt(state).options
    if uid not in options["units"]:
        raise IllegalCommand(
            f"{uid} cannot make an opportunity charge on {moved['unit']}; "
            f"units that can: {', '.join(options['units'])}",
            rule=rules.OPPORTUNITY_CHARGE,
        )
    if point not in options["points"]:
        raise IllegalCommand(
            f"the mover cannot be met at {point!r}; points: {', '.join(options['points'])}",
            rule=rules.OPPORTUNITY_CHARGE,
        )
    spots = at_point(state, moved, point)
    if not can_charge(state, uid, point):
        raise IllegalCommand(
            f"no miniature of {unit_name(state['units'][uid])} sees {moved['unit']} at the "
            f"{point} of its move",
            rule=rules.CHARGE_TARGET,
        )
    if boost:
        check_boost_orders(state, side, "opportunity charge", rules.BOOSTING)
    declared: Event = {
        "type": "opportunity_declared",
        "side": side,
        "unit": uid,
        "target": moved["unit"],
        "point": point,
        "orders_spent": 2 if boost else 1,
        "resume": [] if point == "end" or charge else [dict(m) for m in moved["minis"]],
    }
    if boost:
        declared["boost"] = True  # the charge is boosted: MOV doubled, the attack boosted
    if not charge:
        then = state["activation"]["pending"].get("then")
        if then:  # joined or left once the move is completed
            declared["then"] = then
        return [{**moved, "minis": spots, "displaced": point != "start"}, declared]
    pending = state["activation"]["pending"]
    part = {"start": 0, "middle": moved["distance"] // 2, "end": moved["distance"]}[point]
    declared["charge"] = {**pending, "asked": True, "travelled": pending.get("travelled", 0) + part}
    if not part:
        return [declared]
    stop: Event = {
        "type": "charge_moved",
        "side": moved["side"],
        "unit": moved["unit"],
        "target": pending["target"],
        "reached": False,
        "met": True,  # stopped by the opportunity charge, not the end of the charge
        "distance": part,
        "heading": moved["heading"],
        "minis": [{k: m[k] for k in ("id", "x", "y", "facing")} for m in spots],
    }
    return [stop, declared]


def resumed(state: State, pending: Mapping[str, Any]) -> list[Event]:
    """After an opportunity charge without contact: the rest of the mover's move, if it
    is still on the table, not fled, and its end spots overlap no base, then the join
    or leave it carried; a charger's charge goes on (not when it fled)."""
    mover = pending["target"]
    unit = state["units"][mover]
    if unit["removed"] or unit["markers"]["used"]:
        return []
    if "charge" in pending:  # the charge goes on from where it was met, its targets react
        return [
            {
                "type": "charge_resumed",
                "side": unit["side"],
                "unit": mover,
                "charge": pending["charge"],
            }
        ]
    then = [dict(e) for e in pending.get("then", [])]
    if not pending.get("resume"):
        return then  # met at the end of its move: it is complete
    here = board(state)
    ends = [m for m in pending["resume"] if m["id"] in here.bases]
    own = set(unit["minis"])
    for m in ends:
        spot = _base(here, m)
        if any(geometry.overlaps(spot, b) for o, b in here.bases.items() if o not in own):
            return []
    return [{"type": "move_resumed", "unit": mover, "minis": ends}, *then]

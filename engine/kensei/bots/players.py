"""Legal commands for bots and UIs, the ``RandomBot`` and the ``GreedyBot``.

Movement is continuous, so ``candidates`` yields a *sample* of commands: the
unit moved as a block (every miniature translated by the same vector, so the
formation is kept) in a handful of directions and lengths, standing still, and
the static orders that apply. ``legal_commands`` keeps those ``decide``
accepts. The bots never check more than they need: they put the candidates in
their order of preference and take the first one ``decide`` accepts, so a bot
never submits an illegal command and a turn costs one or two checks instead of
one per candidate.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from engine.core import Command, CommandRefused, Dice, Prompt, Ruleset, State
from engine.kensei.bots.moves import (
    _bases,
    _centre,
    _disengages,
    _enemies,
    _moves,
    _nearest_enemy,
    shuffled,
)
from engine.kensei.bots.orders import order_commands, order_score
from engine.kensei.charge.opportunity import can_charge
from engine.kensei.command import duel as command_duel
from engine.kensei.command import offerings
from engine.kensei.command.cards import best_keep
from engine.kensei.commands.orders import parse_order
from engine.kensei.commands.setup import parse_deploy, parse_place_scenery
from engine.kensei.geometry import Base, Scene, spatial
from engine.kensei.geometry.board import Board, board
from engine.kensei.orders.decide import decide_order
from engine.kensei.orders.lead import lead_candidates, leading, led_candidates
from engine.kensei.shooting.shoot import reach_of
from engine.kensei.state.abilities import ignores_difficult_terrain
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.deployment import deployment_candidates
from engine.kensei.state.evolve.lead import still_waiting
from engine.kensei.state.queries import SIDES, base_of, live_units, other, unused_units
from engine.kensei.turn.prompts import prompt_for
from engine.kensei.turn.setup import decide_deploy, decide_scenery

CM = 100
PART_ONE_ORDERS = frozenset({"move", "disengage", "reload", "shelter"})
"""The orders of part I (movement and its companions): ``orders=`` of a bot that
leaves out the combat orders of part II (attack, shoot, charge, duel)."""
BLOCK_ROWS = 2
SPOT_STEP = 100  # deployment spots are tried on a 1 cm grid
_STARTING_OFFERED = 1  # units offered to start deploying: the first that fits


class _NoDice(Dice):
    """Dice for trying a command: none of the sampled commands roll before they are legal."""

    def roll(self, count: int, sides: int = 6) -> list[int]:
        return [1] * count


def legal_commands(
    state: State, side: str, orders: Collection[str] | None = None
) -> Iterator[Command]:
    """Every sampled command for ``side`` that ``decide`` accepts."""
    return (
        command for command in candidates(state, side, orders) if accepted(state, side, command)
    )


def accepted(state: State, side: str, command: Command) -> bool:
    """Whether a command from :func:`candidates` passes ``decide``. Only orders and
    deployments need the check (a deployment already checked is remembered): the
    other candidates are legal as they are built."""
    if command["type"] == "deploy":
        return _passes(decide_deploy, parse_deploy, state, side, command)
    if command["type"] != "order":
        return True
    if _surely_refused(state, side, command):
        return False
    return _passes(decide_order, parse_order, state, side, command, _NoDice())


def _surely_refused(state: State, side: str, command: Command) -> bool:
    """A quick look that spares ``decide`` the moves it would certainly refuse: a move
    (plain, or the paths of a boosted move) that displaces a miniature engaged in melee
    combat ("it may only rotate in place"), or whose path crosses impassable scenery,
    climbs scenery taller than the miniature, or, on a boosted move, crosses difficult
    terrain (Crossing obstacles; Boost a movement). ``decide`` refuses such a move, for
    that reason or for one it finds first; False says nothing."""
    if command.get("order") != "move" or command.get("boost"):
        return False
    minis = command.get("minis")
    activation = state["activation"]
    if type(minis) is not list or not minis or activation is None:
        return False
    uid = activation["units"].get(side)
    unit = state["units"].get(uid) if isinstance(uid, str) else None
    if unit is None:
        return False
    here = board(state)
    engaged = here.engaged_minis(unit["minis"], unit["side"])
    displaced = _displaced(here, minis)
    if displaced is None:
        return False  # malformed: refused, but for decide to say why
    if any(engaged.get(mid) for mid, _start, _waypoints in displaced):
        return True
    if not displaced or leading(state):  # a Lead's order: decide looks at another unit
        return False
    scene = here.scene
    if not _near_scenery(scene, displaced):
        return False
    boosted = activation["pending"] is not None
    ignores: bool | None = None  # whether the unit ignores difficult terrain, once asked
    for _mid, start, waypoints in displaced:
        for piece in scene.path_scenery(start, waypoints):
            if piece.kind == "impassable" or (
                piece.kind == "normal" and piece.height > start.height
            ):
                return True
            if boosted and piece.kind == "difficult":
                if ignores is None:
                    ignores = ignores_difficult_terrain(state, uid)
                if not ignores:
                    return True
    return False


def _displaced(
    here: Board, minis: list[Any]
) -> list[tuple[str, Base, list[tuple[int, int]]]] | None:
    """The miniatures a move's paths take somewhere, with their bases and waypoints
    (as ``decide`` reads them: a path of the one point where the miniature stands is
    a turn in place); None when a path is not a list of integer points."""
    found = []
    for move in minis:
        mid = move.get("id") if type(move) is dict else None
        if not isinstance(mid, str):
            continue
        path = move.get("path")
        start = here.bases.get(mid)
        if type(path) is not list or not path or start is None:
            continue
        waypoints = []
        for point in path:
            if type(point) not in (list, tuple) or len(point) != 2:
                return None
            x, y = point
            if type(x) is not int or type(y) is not int:
                return None
            waypoints.append((x, y))
        if waypoints != [(start.x, start.y)]:
            found.append((mid, start, waypoints))
    return found


def _near_scenery(scene: Scene, displaced: list[tuple[str, Base, list[tuple[int, int]]]]) -> bool:
    """Whether some scenery's box comes near the box of every path, grown by the
    bases' bounding circles (False: no path touches scenery; a cheap filter)."""
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for _mid, start, waypoints in displaced:
        r = start.bound
        for x, y in [(start.x, start.y), *waypoints]:
            x0, x1 = min(x0, x - r), max(x1, x + r)
            y0, y1 = min(y0, y - r), max(y1, y + r)
    return scene.scenery_near(x0, y0, x1, y1)


def candidates(state: State, side: str, orders: Collection[str] | None = None) -> Iterator[Command]:
    """Commands worth trying for ``side`` at this moment (see the module's text);
    ``orders``, when given, the only orders to give (e.g. :data:`PART_ONE_ORDERS`)."""
    prompt = prompt_for(state)
    if prompt is None or side not in prompt.sides:
        return
    yield from order_commands(state, side, prompt)  # commander's orders, their prompts
    kind = prompt.kind
    if kind == "scenery_order":
        for first in SIDES:
            yield {"type": "choose_scenery_order", "side": side, "first": first}
    elif kind == "place_scenery":
        yield from _scenery(state, side, prompt.options["elements"])
    elif kind == "deploy":
        yield from _deployments(state, side)
    elif kind == "choose_active_side":
        for active in SIDES:
            yield {"type": "choose_active_side", "side": side, "active": active}
    elif kind == "choose_unit":
        for uid in unused_units(state, side):
            yield {"type": "choose_unit", "side": side, "unit": uid}
    elif kind == "choose_ki":
        for ability in prompt.options["abilities"]:
            yield {"type": "choose_ki", "side": side, "ability": ability}
    elif kind == "order":
        yield from _orders(state, side, orders)
    elif kind == "react":
        if prompt.options["orders"] >= 2:
            yield {"type": "react", "side": side, "boost": True}
        yield {"type": "react", "side": side, "boost": False}
    elif kind == "casualties":
        # The default casualties (those in melee first, in unit order); the leader's
        # wounds diverted to the unit while he has few left to take.
        unit = state["units"][prompt.options["unit"]]
        leader = unit["leader"]
        protect = 0
        if leader is not None and prompt.options["leader_wounds"]:
            left = state["minis"][leader]["profile"]["wo"] - state["minis"][leader]["wounds"]
            if prompt.options["leader_wounds"] >= left:
                protect = prompt.options["leader_wounds"]
        yield {"type": "casualties", "side": side, "protect": protect}
    elif kind == "duel_answer":
        for accept in (True, False):
            if prompt.options["orders"] >= 2:
                yield {"type": "duel_answer", "side": side, "accept": accept, "boost": True}
            yield {"type": "duel_answer", "side": side, "accept": accept, "boost": False}
    elif kind == "charge_reaction":
        yield from _charge_reactions(side, prompt.options)
    elif kind == "chase":
        yield {"type": "chase", "side": side, "chase": True}
        yield {"type": "chase", "side": side, "chase": False}
    elif kind in _CARD_PROMPTS:
        yield from _card_choices(state, side, prompt)
    elif kind == "offering":
        # Offerings to the gods are part III: a bot held to some orders always passes.
        yield from offerings.candidates(state, side, offers=orders is None)
    elif kind == "opportunity_charge":
        charging = orders is None or "charge" in orders  # a charge is an order of part II
        yield from _opportunity_choices(state, side, prompt.options, charging=charging)
    else:
        yield from _combat_choices(side, kind, prompt.options)


def _charge_reactions(side: str, options: Mapping[str, Any]) -> Iterator[Command]:
    """The reactions on offer to a charge, and Hold and shoot boosted when it may be."""
    for reaction in options["reactions"]:
        yield {"type": "charge_reaction", "side": side, "reaction": reaction}
    if options.get("boost"):
        yield {"type": "charge_reaction", "side": side, "reaction": "hold", "boost": True}


_CARD_PROMPTS = ("keep_cards", "commander_activation", "command_duel", "command_duel_bet")


def _card_choices(state: State, side: str, prompt: Prompt) -> Iterator[Command]:
    """The command deck's prompts: the cards to keep (the highest), the commander
    activation (each unit, or declining), the command duel (declaring or not; every bet)."""
    kind = prompt.kind
    if kind == "keep_cards":
        yield {"type": "keep_cards", "side": side, "keep": best_keep(state, side)}
    elif kind == "commander_activation":
        for uid in prompt.options["units"]:
            yield {"type": "commander_activation", "side": side, "unit": uid}
        yield {"type": "commander_activation", "side": side, "unit": None}
    else:
        yield from command_duel.candidates(state, side, kind)


def _opportunity_choices(
    state: State, side: str, options: Mapping[str, Any], *, charging: bool = True
) -> Iterator[Command]:
    """Let the move go, or (``charging``) charge it with the first unit that sees the
    mover at a point of its move (the end first)."""
    yield {"type": "opportunity_charge", "side": side}
    if not charging:
        return
    for uid in options["units"]:
        for point in reversed(options["points"]):
            if can_charge(state, uid, point):
                charge = {"type": "opportunity_charge", "side": side, "unit": uid, "point": point}
                yield charge
                if options.get("boost"):
                    yield {**charge, "boost": True}
                return


def _combat_choices(side: str, kind: str, options: Mapping[str, Any]) -> Iterator[Command]:
    """Multiple combat: each shared miniature fights the first unit offered (then the
    second), the combats and the defeated units in the order offered (then reversed);
    a withdrawing unit faces any way offered; the winner makes no melee movement; a
    charge's miniatures close in (or not)."""
    if kind == "assign_fighters":
        for pick in (0, -1):
            assign = {mid: units[pick] for mid, units in options["minis"].items()}
            yield {"type": "assign_fighters", "side": side, "assign": assign}
    elif kind == "combat_order":
        for order in (options["combats"], options["combats"][::-1]):
            yield {"type": "combat_order", "side": side, "order": [list(p) for p in order]}
    elif kind == "resolution_order":
        for order in (options["units"], options["units"][::-1]):
            yield {"type": "resolution_order", "side": side, "order": list(order)}
    elif kind == "withdraw_facing":
        for choice in options["choices"]:
            yield {"type": "withdraw_facing", "side": side, "facing": choice}
    elif kind == "melee_move":
        yield {"type": "melee_move", "side": side}  # the bots stay where they are
    elif kind == "attacked_side":
        for attacked in options["sides"]:  # front first: the one that hurts least
            yield {"type": "attacked_side", "side": side, "attacked": attacked}
    elif kind == "close_in":  # after a charge: close in first, or stay
        for close in (True, False):
            yield {"type": "close_in", "side": side, "close": close}


# -- setting up -----------------------------------------------------------------


def _scenery(state: State, side: str, elements: int) -> Iterator[Command]:
    yield {"type": "place_scenery", "side": side, "pieces": []}
    if elements == 0:
        return
    table = state["table"]
    # A few single 5 x 5 cm pieces in no-man's land, each a different kind.
    for n, kind in enumerate(("difficult", "normal", "impassable")):
        x = (table["width"] // 4) * (1 + n) + (0 if side == "A" else 700)
        y = table["height"] // 2 - 250 + (600 if side == "B" else -600)
        pieces = [{"x": x, "y": y, "width": 500, "depth": 500, "kind": kind, "height": 1}]
        command = {"type": "place_scenery", "side": side, "pieces": pieces}
        if _passes(decide_scenery, parse_place_scenery, state, side, command):
            yield command


def block(anchor: Base, count: int, side: str) -> list[tuple[int, int]]:
    """Centres of a unit ``count`` strong in a block of two ranks behind ``anchor``.

    The spacing lets square bases turn on the spot without touching and keeps
    every miniature within 2.5 cm of two others (a closed formation)."""
    pitch = _pitch(anchor)
    back = -1 if side == "A" else 1
    columns = max(1, -(-count // BLOCK_ROWS))
    spots = []
    for i in range(count):
        column, row = i % columns, i // columns
        spots.append((anchor.x + column * pitch, anchor.y + back * row * pitch))
    return spots


def _pitch(base: Base) -> int:
    """Centre spacing in a block: each miniature stays within 2.5 cm of its
    neighbours, diagonals included, and never touches them (square bases only
    ever turn by quarter turns, see :func:`_facing_for`)."""
    if base.shape == "square":
        return base.size + 120
    return min(base.size + 60, (base.size + 250) * 1000 // 1415)


def _deployments(state: State, side: str) -> Iterator[Command]:
    stage = state["deployment"]["stage"]
    zone = state["scenario"]["zones"][side]
    facing = 900 if side == "A" else 2700
    found = 0
    for uid in deployment_candidates(state, side):
        unit = state["units"][uid]
        pending = [m for m in unit["minis"] if not state["minis"][m]["placed"]]
        if stage == "starting":
            mid = pending[0]
            for x, y in _anchor_spots(state, side, uid, zone):
                command = {
                    "type": "deploy",
                    "side": side,
                    "unit": uid,
                    "minis": [{"id": mid, "x": x, "y": y, "facing": facing}],
                }
                if _passes(decide_deploy, parse_deploy, state, side, command):
                    yield command
                    found += 1
                    break
        else:
            # Completing units: each unit's block (checked only when tried, so every
            # unit is offered) or a lone leader's first free spot (checked here).
            completed = _complete_unit(state, side, uid, pending, zone=zone, facing=facing)
            if completed is not None:
                yield completed
            continue
        if found >= _STARTING_OFFERED:
            return


def _anchor_spots(state: State, side: str, uid: str, zone: list[int]) -> Iterator[tuple[int, int]]:
    """Front-rank spots from the middle of the zone outwards where the whole block fits."""
    unit = state["units"][uid]
    first = base_of(state, unit["minis"][0])
    pitch = _pitch(first)
    count = len(unit["minis"])
    columns = max(1, -(-count // BLOCK_ROWS))
    width = columns * pitch
    margin = pitch
    rows_needed = -(-count // columns)
    lowest, highest = zone[1] + pitch // 2, zone[3] - pitch // 2
    # Spots 1 cm apart, front rank first: a 600-point army fills most of a 20 cm deep
    # zone, so the last blocks must fit into whatever gaps the first ones left.
    step = SPOT_STEP
    if side == "A":  # the block extends towards the bottom edge
        front, back = highest, lowest + (rows_needed - 1) * pitch
        rows = [*range(front, back - 1, -step), back] if back <= front else []
    else:
        front, back = lowest, highest - (rows_needed - 1) * pitch
        rows = [*range(front, back + 1, step), back] if back >= front else []
    taken = _reserved(state, side)
    centre = (zone[0] + zone[2]) // 2
    xs = _outwards(zone[0] + margin, zone[2] - width, step, centre)
    # A spot is free when it is at least (pitch + reach) / 2 + 1 cm from every promised
    # spot along one axis or the other. With the block's spots relative to its anchor
    # (see block), each row bans the anchors' x in open intervals: |tx - (x + dx)| < gap.
    offsets = block(spatial.placed(first, 0, 0, first.facing), count, side)
    gaps = [(tx, ty, (pitch + reach) // 2 + 100) for tx, ty, reach in taken]
    for y in rows:
        starts, ends = _merged(
            (tx - dx - gap + 1, tx - dx + gap - 1)
            for tx, ty, gap in gaps
            for dx, dy in offsets
            if abs(ty - (y + dy)) < gap
        )
        for x in xs:
            k = bisect_right(starts, x) - 1
            if k < 0 or x > ends[k]:
                yield x, y


@lru_cache(maxsize=64)
def _outwards(start: int, stop: int, step: int, centre: int) -> tuple[int, ...]:
    """``range(start, stop, step)`` from the centre outwards (nearest first, the lower on
    a tie); remembered: the zones and blocks are few."""
    return tuple(sorted(range(start, stop, step), key=lambda x: (abs(x - centre), x)))


def _merged(intervals: Iterable[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """Closed integer intervals merged into disjoint ones, as sorted starts and ends."""
    starts: list[int] = []
    ends: list[int] = []
    for low, high in sorted(intervals):
        if ends and low <= ends[-1] + 1:
            ends[-1] = max(ends[-1], high)
        elif low <= high:
            starts.append(low)
            ends.append(high)
    return starts, ends


_RESERVED: list[tuple[Any, Any, list[tuple[int, int, int]]]] = []


def _reserved(state: State, side: str) -> list[tuple[int, int, int]]:
    """Blocks already promised: every started unit's block, as (x, y, reach) circles
    (the same for both sides; remembered for the last state, by the identity of its
    units and miniatures, which this keeps alive)."""
    units, minis = state["units"], state["minis"]
    for known_units, known_minis, found in _RESERVED:
        if known_units is units and known_minis is minis:
            return found
    found = _promised(state)
    _RESERVED[:] = [(units, minis, found)]
    return found


def _promised(state: State) -> list[tuple[int, int, int]]:
    taken = []
    for _uid, unit in live_units(state):
        placed = [m for m in unit["minis"] if state["minis"][m]["placed"]]
        if not placed:
            continue
        anchor = base_of(state, placed[0])
        pitch = _pitch(anchor)
        for x, y in block(anchor, len(unit["minis"]), unit["side"]):
            taken.append((x, y, pitch))
    return taken


def _complete_unit(
    state: State, side: str, uid: str, pending: list[str], *, zone: list[int], facing: int
) -> Command | None:
    unit = state["units"][uid]
    placed = [m for m in unit["minis"] if state["minis"][m]["placed"]]
    if placed:
        anchor = base_of(state, placed[0])
        spots = block(anchor, len(unit["minis"]), side)[1:]
        minis = [
            {"id": m, "x": x, "y": y, "facing": facing}
            for m, (x, y) in zip(pending, spots, strict=True)
        ]
        # Checked by accepted() when the bot gets to it.
        return {"type": "deploy", "side": side, "unit": uid, "minis": minis}
    # A lone leader: the first free spot behind the lines.
    for x, y in _anchor_spots(state, side, uid, zone):
        minis = [{"id": pending[0], "x": x, "y": y, "facing": facing}]
        command = {"type": "deploy", "side": side, "unit": uid, "minis": minis}
        if _passes(decide_deploy, parse_deploy, state, side, command):
            return command
    return None


# -- orders ---------------------------------------------------------------------


def _orders(
    state: State,
    side: str,
    allowed: Collection[str] | None = None,
    *,
    led: bool = False,
    pick: random.Random | None = None,
) -> Iterator[Command]:
    """The orders worth trying (moves in one direction picked by ``pick`` if given)."""
    activation = state["activation"]
    if not led and leading(state):
        yield from led_candidates(
            state, side, lambda acting: _orders(acting, side, allowed, led=True, pick=pick)
        )
        return
    uid = activation["units"][side]
    unit = state["units"][uid]
    pending = activation["pending"]
    if pending is not None:
        yield from _moves(state, uid, pending["allowance"], boosted=True, pick=pick)
        return
    orders = activation["orders"][side]
    tried: list[Command] = []
    combat = allowed is None or not {"attack", "duel", "charge", "shoot"}.isdisjoint(allowed)
    if combat and not activation["combat_done"][side]:
        for target in engaged_units(state, uid):
            attack = {"type": "order", "side": side, "order": "attack", "target": target}
            if orders >= 2:
                tried.append({**attack, "boost": True})
            tried.append(attack)
            if unit["leader"] is not None and state["units"][target]["leader"] is not None:
                duel = {**attack, "order": "duel"}
                if orders >= 2:
                    tried.append({**duel, "boost": True})
                tried.append(duel)
        tried.extend(_charges(state, uid, orders))
        tried.extend(_shoots(state, uid, orders))
        if orders >= 2 and not led:
            tried.extend(c for c in lead_candidates(state, side, uid) if _worth_leading(state, c))
    tried.extend(_moves(state, uid, unit["mov"] * CM, boosted=False, pick=pick))
    if orders >= 2:
        tried.append({"type": "order", "side": side, "order": "move", "boost": True})
        tried.extend(_disengages(state, uid))
    if unit["markers"]["unloaded"]:
        tried.append({"type": "order", "side": side, "order": "reload"})
    tried.append({"type": "order", "side": side, "order": "shelter"})
    if allowed is None:
        yield from tried
    else:
        yield from (command for command in tried if command["order"] in allowed)


def _worth_leading(state: State, lead: Command) -> bool:
    """A Lead to charge or shoot when one of the led units could (the quick filters)."""
    find = {"charge": _charges, "shoot": _shoots}.get(lead["common_order"])
    return find is None or any(next(find(state, uid, 1), None) for uid in lead["units"])


def _charges(state: State, uid: str, orders: int) -> Iterator[Command]:
    """Charge each enemy unit within reach of a charge (MOV + 6 cm, twice MOV + 6
    boosted; centre to centre, a quick filter: ``decide`` checks sight)."""
    unit = state["units"][uid]
    if engaged_units(state, uid):
        return
    bases = _bases(state, unit["minis"])
    centre = _centre(list(bases.values()))
    here = board(state).bases
    reach: list[str] = []
    for enemy, foe in live_units(state, other(unit["side"])):
        placed = [here[m] for m in foe["minis"] if m in here]
        if not placed or enemy in unit["no_charge_from"]:
            continue
        gap = min(math.hypot(b.x - centre[0], b.y - centre[1]) for b in placed)
        charge = {"type": "order", "side": unit["side"], "order": "charge", "target": enemy}
        if gap <= (unit["mov"] + 6) * CM:
            reach.append(enemy)
            yield charge
        elif orders >= 2 and gap <= (2 * unit["mov"] + 6) * CM:
            yield {**charge, "boost": True}
    if len(reach) > 1 and len(unit["minis"]) > 1:  # a charge against several units
        several = {"type": "order", "side": unit["side"], "order": "charge", "target": reach[0]}
        yield {**several, "also": reach[1:2]}


def _shoots(state: State, uid: str, orders: int) -> Iterator[Command]:
    """Shoot at each enemy unit with a miniature within the unit's range (centre to
    centre, a quick filter: ``decide`` checks sight and range)."""
    unit = state["units"][uid]
    if not unit["ranged"] or unit["markers"]["unloaded"] or engaged_units(state, uid):
        return
    reach = reach_of(unit["ranged"]) + 600
    bases = _bases(state, unit["minis"])
    centre = _centre(list(bases.values()))
    here = board(state).bases
    for enemy, foe in live_units(state, other(unit["side"])):
        placed = [here[m] for m in foe["minis"] if m in here]
        if not any(math.hypot(b.x - centre[0], b.y - centre[1]) <= reach for b in placed):
            continue
        shoot = {"type": "order", "side": unit["side"], "order": "shoot", "target": enemy}
        if orders >= 2:
            yield {**shoot, "boost": True}
        yield shoot


def _passes(
    attempt: Callable[..., Any],
    parse: Callable[[Command], Any],
    state: State,
    side: str,
    command: Command,
    *more: Any,
) -> bool:
    """Whether ``attempt`` (a decide function) accepts the command, parsed by ``parse``."""
    try:
        attempt(state, side, parse(command), *more)
    except CommandRefused:
        return False
    return True


# -- the bots ------------------------------------------------------------------------


def _first_accepted(state: State, side: str, options: list[Command]) -> Command | None:
    return next((option for option in options if accepted(state, side, option)), None)


def _ordering(state: State, side: str) -> bool:
    """Whether ``side`` is to give an order (the prompt :func:`candidates` answers with
    :func:`_orders`)."""
    prompt = prompt_for(state)
    return prompt is not None and prompt.kind == "order" and side in prompt.sides


class RandomBot:
    """Picks uniformly among the legal sampled commands, from its own seeded
    generator: the candidates in a random order, the first legal one taken (the
    first legal element of a uniform shuffle is uniform among the legal ones). Its
    move candidates go in one direction, picked first (so a move is less likely than
    with every direction offered, and the other directions are never measured)."""

    def __init__(self, seed: int | str, *, orders: Collection[str] | None = None) -> None:
        self._random = random.Random(seed)
        self._orders = orders

    def choose(self, ruleset: Ruleset, state: State, side: str) -> Command | None:
        if _ordering(state, side):  # moves in one direction, picked at random
            options = list(_orders(state, side, self._orders, pick=self._random))
        else:
            options = list(candidates(state, side, self._orders))
        shuffled(self._random, options)
        return _first_accepted(state, side, options)


class GreedyBot:
    """Advances on the nearest enemy keeping formation: of the legal commands it
    takes the one that brings its active unit closest to the enemy, and activates
    first the unit nearest to the enemy. Ties are broken by its seeded generator
    (a shuffle before a stable sort by score)."""

    def __init__(self, seed: int | str, *, orders: Collection[str] | None = None) -> None:
        self._random = random.Random(seed)
        self._orders = orders

    def choose(self, ruleset: Ruleset, state: State, side: str) -> Command | None:
        options = list(candidates(state, side, self._orders))
        shuffled(self._random, options)
        scores = _Scores(state, side).of(options)
        ranked = sorted(range(len(options)), key=scores.__getitem__)  # stable, as list.sort
        return _first_accepted(state, side, [options[i] for i in ranked])

    @staticmethod
    def _score(state: State, side: str, command: Command) -> float:
        return _Scores(state, side).of([command])[0]


class _Scores:
    """GreedyBot's scores: lower is better. Moves score the distance from the centre
    of the unit's end positions to the nearest enemy; standing still that distance
    from where the unit is, plus one, other orders plus two; running -1; shooting
    -1.5 (boosted -2.5), charging -2.8, attacking -2 (boosted -3), challenging to a
    duel -3.5 when its leader is no weaker (AT, then wounds left), else never; it
    accepts a duel when its leader is no weaker, boosted when it can; against a charge
    it holds and shoots when it can (boosted when it can), else takes it (it never
    flees). It keeps its highest command cards and always takes the commander
    activation (the unit nearest the enemy): the hand is discarded in the next
    maintenance anyway. It declares a command duel when its bet (every card but the
    lowest) beats the other side's likely bet more often than not, and bets that way
    (``command_duel.greedy_score``); it makes offerings to the gods when the odds say
    they are worth their card (``offerings.greedy_score``)."""

    def __init__(self, state: State, side: str) -> None:
        self.state = state
        self.side = side
        self._here: float | None = None

    def here(self) -> float:
        if self._here is None:
            self._here = _here(self.state, self.side)
        return self._here

    def of(self, commands: list[Command]) -> list[float]:
        state, side = self.state, self.side
        scores: list[float] = []
        points: list[tuple[int, int]] = []
        waiting: list[int] = []  # the scores that are a distance from a point
        for command in commands:
            kind = command["type"]
            score = order_score(command, commands) if kind == "commander_order" else 0.0
            point: tuple[int, int] | None = None
            if kind in _PLAIN_SCORES:
                score = _PLAIN_SCORES[kind](state, side, command)
            elif kind in ("choose_unit", "commander_activation"):
                point = _unit_centre(state, command["unit"])
                score = math.inf if point is None else 0.0  # declining: last of all
            elif kind == "order" and command["order"] == "move":
                if command.get("boost"):
                    score = -1.0  # running is the fastest way forward
                else:
                    minis = command.get("minis", [])
                    ends = [m["path"][-1] for m in minis if m["path"]]
                    if not ends:
                        score = self.here() + 1.0
                    else:
                        count = len(ends)
                        point = (
                            sum(end[0] for end in ends) // count,
                            sum(end[1] for end in ends) // count,
                        )
            elif kind == "order" and command["order"] == "attack":
                score = -3.0 if command.get("boost") else -2.0  # fight whenever engaged
            elif kind == "order" and command["order"] == "charge":
                score = -2.8  # charge whenever in reach
            elif kind == "order" and command["order"] == "duel":
                # challenge when its leader is the stronger, boosted when it can
                edge = _leader_edge(state, state["activation"]["units"][side], command["target"])
                score = (-3.5 if edge >= 0 else 0.5) - (0.1 if command.get("boost") else 0.0)
            elif kind == "duel_answer":
                # accept when its leader is no weaker than the challenger's, boosted if it can
                pending = state["activation"]["pending"]
                edge = _leader_edge(state, pending["defender"], pending["attacker"])
                score = (0.0 if command["accept"] == (edge >= 0) else 1.0) - (
                    0.5 if command["boost"] else 0.0
                )
            elif kind == "order" and command["order"] == "lead":
                score = _LEAD_SCORES[command["common_order"]]
            elif kind == "order" and command["order"] == "shoot":
                score = -2.5 if command.get("boost") else -1.5  # shoot whenever in range
            elif kind == "order":
                score = self.here() + 2.0
            elif kind in ("react", "chase"):
                score = 0.0 if command.get("boost", command.get("chase")) else 1.0
            if point is not None:
                waiting.append(len(scores))
                points.append(point)
            scores.append(score)
        if points:
            for n, distance in zip(waiting, _distances_to_enemy(state, side, points), strict=True):
                scores[n] = distance
        return scores


# GreedyBot's scores that need no distance: its own side active first; the command duel's.
_PLAIN_SCORES: dict[str, Callable[[State, str, Command], float]] = {
    "choose_active_side": lambda _state, side, command: 0.0 if command["active"] == side else 1.0,
    "command_duel": command_duel.greedy_score,
    "command_duel_bet": command_duel.greedy_score,
    "offering": offerings.greedy_score,
    # against a charge: hold and shoot (boosted when it can), else take it; never flee
    "charge_reaction": lambda _state, _side, command: (
        {"hold": -1.0, "none": 0.0, "flee": 1.0}[command["reaction"]]
        - (0.5 if command.get("boost") else 0.0)
    ),
}

# GreedyBot leads when it may: several units fighting, shooting or charging at once
# rank just before one unit doing it; leading a move before running.
_LEAD_SCORES = {"attack": -3.2, "charge": -2.9, "shoot": -2.6, "move": -1.2}


def _leader_edge(state: State, uid: str, enemy: str) -> int:
    """How much stronger (AT, then WO) the leader of ``uid`` is than ``enemy``'s."""
    mine = state["units"][uid]["leader"]
    theirs = state["units"][enemy]["leader"]
    if mine is None or theirs is None:
        return -1
    a, b = state["minis"][mine]["profile"], state["minis"][theirs]["profile"]
    return int(
        (a["at"][0] - b["at"][0]) * 10
        + (a["wo"] - _wounds(state, mine))
        - (b["wo"] - _wounds(state, theirs))
    )


def _wounds(state: State, mid: str) -> int:
    wounds: int = state["minis"][mid]["wounds"]
    return wounds


def _unit_centre(state: State, uid: str | None) -> tuple[int, int] | None:
    """The centre of a unit to activate (``None``: declining the commander activation)."""
    if uid is None:
        return None
    return _centre(list(_bases(state, state["units"][uid]["minis"]).values()))


def _here(state: State, side: str) -> float:
    """How far the unit about to act is from the enemy (during a Lead, the next
    activated unit: the leader may have fallen in his own led attack)."""
    uid = still_waiting(state)[0] if leading(state) else state["activation"]["units"][side]
    bases = list(_bases(state, state["units"][uid]["minis"]).values())
    return _distance_to_enemy(state, side, _centre(bases))


def _distances_to_enemy(state: State, side: str, points: list[tuple[int, int]]) -> list[float]:
    """:func:`_distance_to_enemy` of several points, the enemies searched at once."""
    enemies = _enemies(state, side)
    if not enemies.points:
        return [0.0] * len(points)
    nearest = enemies.search_many(points)
    return [
        math.hypot(enemy[0] - point[0], enemy[1] - point[1])
        for point, enemy in zip(points, nearest, strict=True)
    ]


def _distance_to_enemy(state: State, side: str, point: tuple[int, int]) -> float:
    enemy = _nearest_enemy(state, side, point)
    if enemy is None:
        return 0.0
    return math.hypot(enemy[0] - point[0], enemy[1] - point[1])

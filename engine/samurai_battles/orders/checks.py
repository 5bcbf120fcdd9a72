"""The checks made when orders are written: what the rulebook says an order needs at the
moment it is issued. Each refusal is an ``IllegalCommand`` naming its rule.

A side writes one order for every unit it has on the table (Orders: "Each turn, you will
assign orders to all of your units"). Each order is checked against the unit's category
and Order Chart, its path hex by hex (adjacent, on the board, passable, no longer than
the order allows the category), the terrain it stands in or enters, its target (an
enemy on the table, not hidden, in range and line of sight now), its ammunition, and
the pairings that need two orders (Join Up, Receive Supplies). What can change before
the order executes (the target moving away, a unit blocking the path) is the Execution
Phase's business: an order that cannot be executed then is a Rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from engine.core import IllegalCommand, InvalidCommand, State
from engine.hexgrid import Hex, is_connected_path
from engine.samurai_battles import rules
from engine.samurai_battles.army.catalogue import UnitType
from engine.samurai_battles.geometry.sight import in_range_and_sight, sees
from engine.samurai_battles.geometry.terrain import Battlefield
from engine.samurai_battles.orders.model import (
    MOVE_LIMITS,
    Ambush,
    Assault,
    Defend,
    Fire,
    FireAndRetreat,
    JoinUp,
    March,
    MoveAndFire,
    Order,
    ReceiveSupplies,
    Retreat,
    Run,
    parse_order,
)
from engine.samurai_battles.state.access import (
    battlefield,
    catalogue,
    hex_of,
    is_on_table,
    label,
    side_of,
    type_of,
    unit,
    unit_ids,
)

ORDER_NAMES: Final = {
    "all_around": "All-Around Defense",
    "defend": "Defend",
    "fire_and_retreat": "Fire and Retreat",
    "fire": "Fire Ranged Weapons",
    "assault": "Assault",
    "march": "March",
    "move_and_fire": "Move and Fire",
    "run": "Run",
    "ambush": "Ambush",
    "join_up": "Join Up",
    "receive_supplies": "Receive Supplies",
    "rest": "Rest",
    "reconnaissance": "Reconnaissance",
    "retreat": "Retreat",
}
"""The rulebook's name of each order."""

_RULE_OF: Final = {
    "all_around": rules.ALL_AROUND,
    "defend": rules.DEFEND,
    "fire_and_retreat": rules.FIRE_AND_RETREAT,
    "fire": rules.FIRE,
    "assault": rules.ASSAULT,
    "march": rules.MARCH,
    "move_and_fire": rules.MOVE_AND_FIRE,
    "run": rules.RUN,
    "ambush": rules.AMBUSH,
    "join_up": rules.JOIN_UP,
    "receive_supplies": rules.RECEIVE_SUPPLIES,
    "rest": rules.REST,
    "reconnaissance": rules.RECONNAISSANCE,
    "retreat": rules.RETREAT,
}
"""The paragraph of each order (what its own refusals cite)."""

LEAVES_MELEE: Final = frozenset(
    {"assault", "march", "move_and_fire", "run", "fire_and_retreat", "ambush"}
)
"""Orders that would take an engaged unit out of melee: only Retreat may."""


@dataclass(frozen=True)
class Issued:
    """A unit and the order written for it, with what the checks read."""

    unit: str
    order: Order
    kind: UnitType
    at: Hex
    field: Battlefield

    @property
    def name(self) -> str:
        return ORDER_NAMES[self.order.id]


def parse_orders(state: State, side: str, written: object) -> dict[str, Order]:
    """The orders of an ``orders`` command, parsed (``InvalidCommand`` when one is
    malformed, naming its unit)."""
    if not isinstance(written, Mapping):
        raise InvalidCommand('orders are written {"<unit id>": {"order": ...}, ...}')
    parsed: dict[str, Order] = {}
    for unit_id in sorted(written):
        if not isinstance(unit_id, str):
            raise InvalidCommand(f"orders are keyed by unit id, not {unit_id!r}")
        try:
            parsed[unit_id] = parse_order(written[unit_id])
        except InvalidCommand as bad:
            raise InvalidCommand(f"{unit_id}: {bad.message}") from None
    return parsed


def check_orders(state: State, side: str, written: object) -> dict[str, Order]:
    """The orders ``side`` wrote, checked as ``decide`` checks an ``orders`` command:
    one order for every unit of the side on the table, each allowed now. Returns them
    parsed; raises ``InvalidCommand`` or ``IllegalCommand`` (naming the rule)."""
    orders = parse_orders(state, side, written)
    mine = unit_ids(state, side)
    for unit_id in orders:
        if unit_id not in mine:
            raise IllegalCommand(
                f"{unit_id} is not a unit of the {side} army on the table", rule=rules.ORDERS
            )
    for unit_id in mine:
        if unit_id not in orders:
            raise IllegalCommand(
                f"write an order for every unit: {unit_id} has none (Rest is an order)",
                rule=rules.ORDERS,
            )
    for unit_id in mine:
        check_order(state, unit_id, orders[unit_id], orders)
    return orders


def check_order(state: State, unit_id: str, order: Order, orders: Mapping[str, Order]) -> None:
    """Whether ``unit_id`` may be given ``order`` now, ``orders`` being every order its
    side writes this turn (for the orders that pair two units)."""
    at = hex_of(state, unit_id)
    assert at is not None, "a side always knows where its own units are"
    issued = Issued(unit_id, order, type_of(state, unit_id), at, battlefield(state))
    check_allowed(state, issued)
    _CHECKS.get(order.id, _nothing)(state, issued, orders)


def _refuse(issued: Issued, why: str, rule: str | None = None) -> IllegalCommand:
    return IllegalCommand(
        f"{issued.unit} cannot be given {issued.name}: {why}",
        rule=rule or _RULE_OF[issued.order.id],
    )


def check_allowed(state: State, issued: Issued) -> None:
    """The category, the Order Chart, melee and the terrain the unit stands in."""
    order, kind = issued.order.id, issued.kind
    if kind.is_cavalry and order in {"all_around", "defend"}:
        raise _refuse(issued, f"Cavalry units cannot be issued the {issued.name} order")
    if order == "move_and_fire" and not kind.is_cavalry:
        raise _refuse(issued, "Infantry units may not execute a Move and Fire order")
    if order in {"fire", "fire_and_retreat", "move_and_fire"} and kind.ranged is None:
        raise _refuse(issued, "it has no ranged attack")
    if order == "reconnaissance" and not kind.on_chart(order):
        raise _refuse(issued, "this order can only be given to a Ninja unit")
    if not kind.on_chart(order):
        raise _refuse(issued, f"it is not on the Order Chart of {kind.name}", rules.SPECIAL_ORDERS)
    engaged = bool(unit(state, issued.unit)["engaged"])
    if order == "retreat" and not engaged:
        raise _refuse(issued, "only a unit engaged in melee combat may Retreat")
    if engaged and order in LEAVES_MELEE:
        raise _refuse(
            issued, "it is engaged in melee, and only Retreat lets a unit leave it", rules.RETREAT
        )
    if (
        order in {"fire", "fire_and_retreat", "move_and_fire"}
        and unit(state, issued.unit)["ammo"] <= 0
    ):
        raise _refuse(issued, "it has no Ammunition points left", rules.AMMUNITION)
    if issued.field.forbids(issued.at, kind.category, order):
        terrain = issued.field.terrain(issued.at).name
        raise _refuse(issued, f"{kind.category} in {terrain} may not execute it", rules.TERRAIN)


def _nothing(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    """All-Around Defense, Rest and Reconnaissance need nothing written."""


def _check_face(issued: Issued, face: Hex) -> None:
    """The hex a unit will face is one of the six next to it."""
    if face.distance(issued.at) != 1:
        raise _refuse(issued, f"the hex it faces, {face.to_json()}, must be next to it")


def _check_defend(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    order = issued.order
    assert isinstance(order, Defend)
    _check_face(issued, order.face)
    ranged = issued.kind.ranged
    if ranged is None and order.kill_range is not None:
        raise _refuse(issued, "only a ranged unit writes a Kill Zone range", rules.KILL_ZONE)
    if ranged is not None and order.kill_range is None:
        raise _refuse(
            issued, "a ranged unit must write its Kill Zone's maximum range", rules.KILL_ZONE
        )
    if (
        ranged is not None
        and order.kill_range is not None
        and not 1 <= order.kill_range <= ranged.range
    ):
        raise _refuse(
            issued, f"its Kill Zone range must be 1 to {ranged.range} hexes", rules.KILL_ZONE
        )


def _check_fire_and_retreat(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    assert isinstance(issued.order, FireAndRetreat)
    _check_face(issued, issued.order.face)


def _target(state: State, issued: Issued, target: str) -> Hex:
    """The hex of an enemy target on the table and not hidden."""
    if not is_on_table(state, target) or side_of(state, target) == side_of(state, issued.unit):
        raise _refuse(issued, f"{target} is not an enemy unit on the table")
    if unit(state, target)["hidden"]:
        raise _refuse(
            issued, "a hidden unit cannot be the target of ranged attacks or Assault", rules.AMBUSH
        )
    at = hex_of(state, target)
    assert at is not None
    return at


def _check_fire(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    order = issued.order
    assert isinstance(order, Fire)
    target = _target(state, issued, order.target)
    reach = issued.kind.ranged.range if issued.kind.ranged else 0
    if not in_range_and_sight(issued.field, issued.at, target, reach):
        raise _refuse(
            issued, f"{label(state, order.target)} is not within {reach} hexes and in Line of Sight"
        )


def _check_path(issued: Issued, path: tuple[Hex, ...]) -> None:
    """A path written hex by hex: each next to the one before, on the board, passable,
    no longer than the order allows the unit's category, through no terrain that
    forbids the order."""
    order, category = issued.order.id, issued.kind.category
    limit = MOVE_LIMITS[order].get(category, 0)
    if len(path) > limit:
        raise _refuse(issued, f"{category} units may move up to {limit} hexes, not {len(path)}")
    if path and not is_connected_path((issued.at, *path)):
        raise _refuse(issued, "each hex of the path must be next to the one before")
    for step in path:
        if not issued.field.passable(step):
            raise _refuse(issued, f"the path cannot enter {step.to_json()}", rules.TERRAIN)
        if issued.field.forbids(step, category, order):
            terrain = issued.field.terrain(step).name
            raise _refuse(
                issued,
                f"{category} entering {terrain} at {step.to_json()} may not execute it",
                rules.TERRAIN,
            )


def _check_assault(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    order = issued.order
    assert isinstance(order, Assault)
    _check_path(issued, order.path)
    target = _target(state, issued, order.target)
    if not sees(issued.field, issued.at, target):
        raise _refuse(issued, f"{label(state, order.target)} is not in Line of Sight")


def _check_move(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    assert isinstance(issued.order, March | Run | Retreat)
    _check_path(issued, issued.order.path)


def _check_move_and_fire(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    order = issued.order
    assert isinstance(order, MoveAndFire)
    _check_path(issued, order.path)
    if not 0 <= order.fire_at <= len(order.path):
        raise _refuse(issued, f"the hex it fires from must be on its path (0 to {len(order.path)})")
    target = _target(state, issued, order.target)
    fires_from = order.fire_hex(issued.at)
    reach = issued.kind.ranged.range if issued.kind.ranged else 0
    if not in_range_and_sight(issued.field, fires_from, target, reach):
        raise _refuse(
            issued,
            f"{label(state, order.target)} is not within {reach} hexes and in Line of Sight "
            f"of {fires_from.to_json()}",
        )


def _check_ambush(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    order = issued.order
    assert isinstance(order, Ambush)
    _check_face(issued, order.face)
    if not issued.field.ambush_allowed(issued.at):
        raise _refuse(
            issued, f"it is not in terrain that hides it ({issued.field.terrain(issued.at).name})"
        )
    clear = catalogue(state).tables.ambush_clear_range
    side = side_of(state, issued.unit)
    for other in unit_ids(state):
        other_at = hex_of(state, other)
        if side_of(state, other) == side or unit(state, other)["hidden"] or other_at is None:
            continue
        if other_at.distance(issued.at) <= clear:
            raise _refuse(issued, f"{label(state, other)} is within {clear} hexes")


def _check_join_up(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    order = issued.order
    assert isinstance(order, JoinUp)
    partner = order.partner
    if partner == issued.unit or partner not in orders:
        raise _refuse(issued, f"{partner} is not another unit of its army on the table")
    if unit(state, partner)["type"] != unit(state, issued.unit)["type"]:
        raise _refuse(issued, "both units must be of the same type")
    partner_at = hex_of(state, partner)
    assert partner_at is not None
    if partner_at.distance(issued.at) != 1:
        raise _refuse(issued, f"{partner} is not in an adjacent hex")
    models = unit(state, partner)["models"] + unit(state, issued.unit)["models"]
    if models > issued.kind.models:
        raise _refuse(
            issued,
            f"together they have {models} models, more than a full {issued.kind.name} unit "
            f"({issued.kind.models})",
        )
    if order.hex not in {issued.at, partner_at}:
        raise _refuse(issued, "the joined unit must stand in one of the two units' hexes")
    answer = orders[partner]
    if not isinstance(answer, JoinUp) or answer.partner != issued.unit or answer.hex != order.hex:
        raise _refuse(issued, f"{partner} must be given Join Up with it, to the same hex")


def _check_receive_supplies(state: State, issued: Issued, orders: Mapping[str, Order]) -> None:
    order = issued.order
    assert isinstance(order, ReceiveSupplies)
    if issued.kind.supplies > 0:
        if order.source is not None:
            raise _refuse(issued, "a Peasant Transport gives supplies: it names no unit")
        return
    if issued.kind.ranged is None:
        raise _refuse(issued, "only a ranged unit refills its Ammunition points")
    source = order.source
    if source is None or source not in orders or type_of(state, source).supplies <= 0:
        raise _refuse(issued, "it must name a Peasant Transport of its army")
    source_at = hex_of(state, source)
    assert source_at is not None
    if source_at.distance(issued.at) != 1:
        raise _refuse(issued, f"{source} is not adjacent to it")
    if not isinstance(orders[source], ReceiveSupplies):
        raise _refuse(issued, f"{source} must also be given the Receive Supplies order")


_CHECKS: Final[Mapping[str, Callable[[State, Issued, Mapping[str, Order]], None]]] = {
    "defend": _check_defend,
    "fire_and_retreat": _check_fire_and_retreat,
    "fire": _check_fire,
    "assault": _check_assault,
    "march": _check_move,
    "move_and_fire": _check_move_and_fire,
    "run": _check_move,
    "ambush": _check_ambush,
    "join_up": _check_join_up,
    "receive_supplies": _check_receive_supplies,
    "retreat": _check_move,
}

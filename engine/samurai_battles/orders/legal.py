"""Legal orders: what each unit may be given now (the prompt's options), and a sample of
complete order sets for a side (``Ruleset.legal``: the random bot's choices).

Paths make the orders countless (a cavalry Run has over a thousand), so ``legal`` gives a
deterministic sample: a ``random.Random`` seeded by the state's hash and the side (never
the global generator), a few dozen sets, the first ones going round every order each
unit may take so every kind is offered. Each order of a set is checked as it is written
(:func:`engine.samurai_battles.orders.checks.check_order`, with the orders written before
it: the check ``decide`` makes), so every set offered is accepted.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.core import CommandRefused, State, state_hash
from engine.core.memo import last_state
from engine.hexgrid import Hex
from engine.samurai_battles.army.catalogue import ORDER_IDS
from engine.samurai_battles.geometry.sight import in_range_and_sight, sees
from engine.samurai_battles.orders.checks import LEAVES_MELEE, Issued, check_allowed, check_order
from engine.samurai_battles.orders.model import (
    MOVE_LIMITS,
    AllAround,
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
    Reconnaissance,
    Rest,
    Retreat,
    Run,
)
from engine.samurai_battles.state.access import (
    battlefield,
    enemy_of,
    hex_of,
    positions,
    side_of,
    type_of,
    unit,
    unit_ids,
)

_PROBES: Final[Mapping[str, Order]] = {
    "all_around": AllAround(),
    "defend": Defend(Hex(0, 0)),
    "fire_and_retreat": FireAndRetreat(Hex(0, 0)),
    "fire": Fire(""),
    "assault": Assault((), ""),
    "march": March(()),
    "move_and_fire": MoveAndFire((), 0, ""),
    "run": Run(()),
    "ambush": Ambush(Hex(0, 0)),
    "join_up": JoinUp("", Hex(0, 0)),
    "receive_supplies": ReceiveSupplies(),
    "rest": Rest(),
    "reconnaissance": Reconnaissance(),
    "retreat": Retreat(()),
}
"""An order of each kind, for the checks that read only its kind."""

FIRES: Final = frozenset({"fire", "fire_and_retreat", "move_and_fire"})
"""The orders that spend Ammunition points (refused with none left)."""

SAMPLES: Final = 8
"""How many order sets ``legal`` offers a side."""


def enemies_in_sight(state: State, side: str, at: Hex, reach: int | None = None) -> list[str]:
    """The enemy units of ``side`` not hidden that a unit at ``at`` sees (within
    ``reach`` hexes, when given), by id."""
    field = battlefield(state)
    found = []
    for enemy in unit_ids(state, enemy_of(side)):
        where = hex_of(state, enemy)
        if where is None or unit(state, enemy)["hidden"]:
            continue
        if (reach is None and sees(field, at, where)) or (
            reach is not None and in_range_and_sight(field, at, where, reach)
        ):
            found.append(enemy)
    return found


@dataclass
class _Writer:
    """Writes orders for the units of one side from one seeded generator."""

    state: State
    side: str
    rng: random.Random

    def enemies_in_sight(self, at: Hex, reach: int | None = None) -> list[str]:
        return enemies_in_sight(self.state, self.side, at, reach)

    def walk(self, unit_id: str, order: str, length: int) -> tuple[Hex, ...]:
        """A path of 1 to ``length`` hexes, each passable, open to ``order`` and free
        of the enemy, never going back on itself."""
        field = battlefield(self.state)
        category = type_of(self.state, unit_id).category
        enemy_hexes = set(positions(self.state, enemy_of(self.side)))
        here = hex_of(self.state, unit_id)
        assert here is not None
        seen, path = {here}, []
        for _ in range(self.rng.randint(1, length)):
            steps = [
                n
                for n in here.neighbours()
                if n not in seen
                and n not in enemy_hexes
                and field.passable(n)
                and not field.forbids(n, category, order)
            ]
            if not steps:
                break
            here = self.rng.choice(steps)
            seen.add(here)
            path.append(here)
        return tuple(path)

    def towards(self, unit_id: str, target: str, limit: int) -> tuple[Hex, ...]:
        """A path of at most ``limit`` hexes that closes on ``target`` greedily."""
        field = battlefield(self.state)
        category = type_of(self.state, unit_id).category
        occupied = set(positions(self.state))
        here, goal = hex_of(self.state, unit_id), hex_of(self.state, target)
        assert here is not None
        assert goal is not None
        path: list[Hex] = []
        while len(path) < limit and here.distance(goal) > 1:
            steps = [
                n
                for n in here.neighbours()
                if n not in occupied
                and n not in path
                and field.passable(n)
                and not field.forbids(n, category, "assault")
                and n.distance(goal) < here.distance(goal)
            ]
            if not steps:
                break
            here = self.rng.choice(steps)
            path.append(here)
        return tuple(path)

    def face(self, unit_id: str) -> Hex:
        at = hex_of(self.state, unit_id)
        assert at is not None
        field = battlefield(self.state)
        return self.rng.choice(
            [n for n in at.neighbours() if field.on_board(n)] or list(at.neighbours())
        )

    def order(self, unit_id: str, kind: str) -> Order | None:
        """An order of ``kind`` for ``unit_id`` that may be legal (the checks decide),
        or ``None`` when there is plainly none (no target, nowhere to go)."""
        unit_type = type_of(self.state, unit_id)
        at = hex_of(self.state, unit_id)
        assert at is not None
        reach = unit_type.ranged.range if unit_type.ranged else 0
        limit = MOVE_LIMITS.get(kind, {}).get(unit_type.category, 0)
        if kind == "all_around":
            return AllAround()
        if kind == "rest":
            return Rest()
        if kind == "reconnaissance":
            return Reconnaissance()
        if kind == "defend":
            return Defend(self.face(unit_id), self.rng.randint(1, reach) if reach else None)
        if kind == "fire_and_retreat":
            return FireAndRetreat(self.face(unit_id))
        if kind == "ambush":
            return Ambush(self.face(unit_id))
        if kind == "fire":
            targets = self.enemies_in_sight(at, reach)
            return Fire(self.rng.choice(targets)) if targets else None
        if kind == "assault":
            targets = self.enemies_in_sight(at)
            if not targets:
                return None
            target = self.rng.choice(targets)
            return Assault(self.towards(unit_id, target, limit), target)
        if kind in {"march", "run", "retreat"}:
            path = self.walk(unit_id, kind, limit)
            if not path:
                return None
            return {"march": March, "run": Run, "retreat": Retreat}[kind](path)
        if kind == "move_and_fire":
            return self.move_and_fire(unit_id, at, reach, limit)
        return None

    def move_and_fire(self, unit_id: str, at: Hex, reach: int, limit: int) -> Order | None:
        path = self.walk(unit_id, "move_and_fire", limit)
        spots = [(index, hex_) for index, hex_ in enumerate((at, *path))]
        self.rng.shuffle(spots)
        for index, hex_ in spots:
            targets = self.enemies_in_sight(hex_, reach)
            if targets:
                return MoveAndFire(path, index, self.rng.choice(targets)) if path else None
        return None


def _partner_orders(
    writer: _Writer, unit_id: str, kind: str, written: dict[str, Order]
) -> dict[str, Order]:
    """Join Up and Receive Supplies need a second unit's order too: both, or none."""
    state = writer.state
    at = hex_of(state, unit_id)
    assert at is not None
    mine = [u for u in unit_ids(state, writer.side) if u != unit_id]
    if kind == "join_up":
        partners = [
            u
            for u in mine
            if u not in written
            and unit(state, u)["type"] == unit(state, unit_id)["type"]
            and (hex_of(state, u) or at).distance(at) == 1
            and unit(state, u)["models"] + unit(state, unit_id)["models"]
            <= type_of(state, unit_id).models
        ]
        if not partners:
            return {}
        partner = writer.rng.choice(partners)
        where = writer.rng.choice([at, hex_of(state, partner) or at])
        return {unit_id: JoinUp(partner, where), partner: JoinUp(unit_id, where)}
    if type_of(state, unit_id).supplies > 0:
        return {unit_id: ReceiveSupplies()}
    transports = [
        u
        for u in mine
        if type_of(state, u).supplies > 0
        and (hex_of(state, u) or at).distance(at) == 1
        and isinstance(written.get(u, ReceiveSupplies()), ReceiveSupplies)
    ]
    if not transports:
        return {}
    source = writer.rng.choice(transports)
    return {unit_id: ReceiveSupplies(source), source: ReceiveSupplies()}


def _write_one(
    writer: _Writer, unit_id: str, kind: str, written: dict[str, Order]
) -> dict[str, Order]:
    """Orders of ``kind`` for ``unit_id`` (and its partner), checked; ``{}`` if none."""
    if kind in {"join_up", "receive_supplies"}:
        found = _partner_orders(writer, unit_id, kind, written)
    else:
        order = writer.order(unit_id, kind)
        found = {unit_id: order} if order is not None else {}
    together = {**written, **found}
    try:
        for unit_id_ in found:
            check_order(writer.state, unit_id_, together[unit_id_], together)
    except CommandRefused:
        return {}
    return found


def unit_kinds(state: State, unit_id: str) -> tuple[str, ...]:
    """The kinds of order on the unit's Order Chart, in the rulebook's order."""
    chart = type_of(state, unit_id).orders
    return tuple(kind for kind in ORDER_IDS if kind in chart)


def _allowed(state: State, unit_id: str, kind: str) -> bool:
    """Whether ``kind`` passes the checks every order of it meets (category, Order
    Chart, melee, ammunition, the terrain the unit stands in)."""
    at = hex_of(state, unit_id)
    assert at is not None
    issued = Issued(unit_id, _PROBES[kind], type_of(state, unit_id), at, battlefield(state))
    try:
        check_allowed(state, issued)
    except CommandRefused:
        return False
    return True


def _steps(state: State, unit_id: str, kind: str, start: Hex) -> list[Hex]:
    """The hexes next to ``start`` a path of ``kind`` may enter (enemy hexes excluded)."""
    field = battlefield(state)
    category = type_of(state, unit_id).category
    enemies = positions(state, enemy_of(side_of(state, unit_id)))
    return [
        n
        for n in start.neighbours()
        if n not in enemies and field.passable(n) and not field.forbids(n, category, kind)
    ]


def _reach(state: State, unit_id: str, kind: str, limit: int) -> set[Hex]:
    """Every hex a path of ``kind`` of at most ``limit`` hexes can end on (the start too)."""
    at = hex_of(state, unit_id)
    assert at is not None
    found, edge = {at}, [at]
    for _ in range(limit):
        edge = [n for here in edge for n in _steps(state, unit_id, kind, here) if n not in found]
        found.update(edge)
    return found


def _has_partner(state: State, unit_id: str, kind: str) -> bool:
    at = hex_of(state, unit_id)
    own = type_of(state, unit_id)
    for other in unit_ids(state, side_of(state, unit_id)):
        other_at = hex_of(state, other)
        if other == unit_id or other_at is None or other_at.distance(at or other_at) != 1:
            continue
        if not _allowed(state, other, kind):
            continue
        if kind == "join_up" and (
            unit(state, other)["type"] == unit(state, unit_id)["type"]
            and unit(state, other)["models"] + unit(state, unit_id)["models"] <= own.models
        ):
            return True
        if kind == "receive_supplies" and type_of(state, other).supplies > 0:
            return True
    return False


def available(state: State, unit_id: str, kind: str) -> bool:
    """Whether ``unit_id`` may be given some order of ``kind`` now (what the prompt
    offers): the checks of the kind, and something to write (a target in sight, a hex
    to move to, a partner)."""
    if not _allowed(state, unit_id, kind):
        return False
    side = side_of(state, unit_id)
    at = hex_of(state, unit_id)
    assert at is not None
    unit_type = type_of(state, unit_id)
    reach = unit_type.ranged.range if unit_type.ranged else 0
    limit = MOVE_LIMITS.get(kind, {}).get(unit_type.category, 0)
    if kind == "fire":
        return bool(enemies_in_sight(state, side, at, reach))
    if kind == "assault":
        return bool(enemies_in_sight(state, side, at))
    if kind in {"march", "run", "retreat"}:
        return bool(_steps(state, unit_id, kind, at))
    if kind == "move_and_fire":
        return bool(_steps(state, unit_id, kind, at)) and any(
            enemies_in_sight(state, side, hex_, reach)
            for hex_ in sorted(_reach(state, unit_id, kind, limit))
        )
    if kind == "ambush":
        writer = _Writer(state, side, random.Random(unit_id))
        return _write_one(writer, unit_id, kind, {}) != {}
    if kind == "join_up" or (kind == "receive_supplies" and unit_type.supplies == 0):
        return _has_partner(state, unit_id, kind)
    return True


def order_options(state: State, side: str) -> dict[str, list[str]]:
    """Per unit of ``side`` on the table, the orders it may be given now (the prompt's
    options), in the rulebook's order; Rest is always among them. A hidden unit's are
    what it may be given wherever it hides (:func:`_hidden_kinds`): some may find
    nothing to write where it is, and then ``legal`` does not offer them."""
    return {
        unit_id: kinds
        for unit_id, kinds in _every_option(state).items()
        if side_of(state, unit_id) == side
    }


@last_state
def _every_option(state: State) -> dict[str, list[str]]:
    """The options of every unit on the table, remembered for the state (the prompt
    asks them for both sides, then ``legal`` for one)."""
    return {
        unit_id: _hidden_kinds(state, unit_id)
        if unit(state, unit_id)["hidden"]
        else [kind for kind in unit_kinds(state, unit_id) if available(state, unit_id, kind)]
        for unit_id in unit_ids(state)
    }


def _hidden_kinds(state: State, unit_id: str) -> list[str]:
    """A hidden unit's options: what its Order Chart, melee and ammunition allow,
    wherever it hides. The prompt is shown to both armies, so its options must not tell
    the enemy what the hidden unit's hex allows (a target in sight, an enemy near)."""
    record = unit(state, unit_id)
    engaged = bool(record["engaged"])
    return [
        kind
        for kind in unit_kinds(state, unit_id)
        if not (engaged and kind in LEAVES_MELEE)
        and not (kind == "retreat" and not engaged)
        and not (kind in FIRES and record["ammo"] <= 0)
    ]


def _completed(state: State, side: str, written: Mapping[str, Order]) -> dict[str, Any]:
    """``written`` with Rest for every other unit, as plain JSON. Each order was checked
    as it was written, with the orders before it (:func:`_write_one`), so the set is
    one ``check_orders`` accepts."""
    every = {unit_id: written.get(unit_id, Rest()) for unit_id in unit_ids(state, side)}
    return {unit_id: every[unit_id].to_json() for unit_id in sorted(every)}


def _round(writer: _Writer, options: Mapping[str, list[str]], index: int) -> dict[str, Order]:
    """One set: each unit's kind by turns for the first sets, at random after."""
    written: dict[str, Order] = {}
    for number, unit_id in enumerate(unit_ids(writer.state, writer.side)):
        if unit_id in written:
            continue
        kinds = options[unit_id] or ["rest"]
        if index < len(kinds):
            kind = kinds[(index + number) % len(kinds)]
        else:
            kind = writer.rng.choice(kinds)
        written.update(_write_one(writer, unit_id, kind, written) or {unit_id: Rest()})
    return written


def _covering(writer: _Writer, missing: list[tuple[str, str]]) -> Iterator[dict[str, Order]]:
    """Sets that offer each (unit, kind) of ``missing`` (a partner's order taken first by
    another unit can leave one out of the rounds), several units a set."""
    while missing:
        written: dict[str, Order] = {}
        for unit_id, kind in missing:
            if unit_id not in written:
                written.update(_write_one(writer, unit_id, kind, written))
        covered = {(unit_id, order.id) for unit_id, order in written.items()}
        if not covered & set(missing):
            return
        missing = [pair for pair in missing if pair not in covered]
        yield written


def sample_orders(state: State, side: str, count: int = SAMPLES) -> list[dict[str, Any]]:
    """``count`` complete order sets for ``side`` (unit id -> written order), each of
    which ``check_orders`` accepts, then as many as it takes to offer every kind of
    order each unit may take (``order_options``)."""
    writer = _Writer(state, side, random.Random(f"{state_hash(state)}:{side}"))
    options = order_options(state, side)
    sets = [_completed(state, side, _round(writer, options, index)) for index in range(count)]
    offered = {(unit_id, order["order"]) for plain in sets for unit_id, order in plain.items()}
    missing = [
        (u, kind) for u, kinds in options.items() for kind in kinds if (u, kind) not in offered
    ]
    sets.extend(_completed(state, side, written) for written in _covering(writer, missing))
    return sets


def legal_commands(state: State, side: str, kind: str = "orders") -> Iterator[dict[str, Any]]:
    """The ``orders`` commands of :func:`sample_orders`, without repeats."""
    seen: list[Mapping[str, Any]] = []
    for orders in sample_orders(state, side):
        if orders not in seen:
            seen.append(orders)
            yield {"type": kind, "side": side, "orders": orders}

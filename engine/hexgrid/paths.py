"""Movement across the grid: reachable hexes, cheapest paths, zones of control.

A move is a sequence of steps between adjacent hexes. ``cost(from_hex, to_hex)``
prices one step (a whole number, 1 or more: terrain that slows a unit costs
more); ``passable(hex)`` says whether a step may enter a hex (the start hex,
where the piece already stands, need not be passable); ``stops(hex)`` marks hexes
a move may enter but not leave (an enemy's zone of control: Samurai Battles'
March "must stop moving and engage"). The start hex never stops a move.

Everything is deterministic: :func:`reachable` returns its hexes in canonical
order, and among several cheapest paths :func:`path` takes, at every step, the
first neighbour in facing order (EAST, then clockwise) that still leads to the
goal as cheaply as possible.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterable, Sequence

from engine.hexgrid.coords import Hex

StepCost = Callable[[Hex, Hex], int]
HexTest = Callable[[Hex], bool]


def unit_cost(_from: Hex, _to: Hex) -> int:
    """Every step costs 1 (Senjutsu's steps; clear ground)."""
    return 1


def _everywhere(_hex: Hex) -> bool:
    return True


def _nowhere(_hex: Hex) -> bool:
    return False


def _price(cost: StepCost, from_hex: Hex, to_hex: Hex) -> int:
    price = cost(from_hex, to_hex)
    if type(price) is not int or price < 1:
        raise ValueError(
            f"a step from {from_hex} to {to_hex} costs a whole number, 1 or more, not {price!r}"
        )
    return price


def reachable(
    start: Hex,
    budget: int,
    cost: StepCost = unit_cost,
    passable: HexTest | None = None,
    *,
    stops: HexTest | None = None,
) -> dict[Hex, int]:
    """Every hex a move from ``start`` can end in for at most ``budget``, with
    the cheapest price to get there (``start`` itself at 0), in canonical order.

    >>> sorted(reachable(Hex(0, 0), 1)) == sorted(Hex(0, 0).spiral(1))
    True
    """
    if budget < 0:
        raise ValueError(f"a movement budget is 0 or more, not {budget}")
    can_enter = passable or _everywhere
    must_stop = stops or _nowhere
    best: dict[Hex, int] = {start: 0}
    frontier: list[tuple[int, Hex]] = [(0, start)]
    while frontier:
        spent, here = heapq.heappop(frontier)
        if spent > best[here] or (here != start and must_stop(here)):
            continue
        for there in here.neighbours():
            if there == start or not can_enter(there):
                continue
            price = spent + _price(cost, here, there)
            if price <= budget and price < best.get(there, budget + 1):
                best[there] = price
                heapq.heappush(frontier, (price, there))
    return {hex_: best[hex_] for hex_ in sorted(best)}


def path(
    start: Hex,
    goal: Hex,
    cost: StepCost = unit_cost,
    passable: HexTest | None = None,
    *,
    stops: HexTest | None = None,
    max_cost: int | None = None,
) -> tuple[Hex, ...] | None:
    """A cheapest path from ``start`` to ``goal`` (both included), or None when
    there is none (within ``max_cost``, if given). ``passable`` must leave a
    finite area (a board's hexes) or ``max_cost`` be given, or an unreachable
    goal is searched for forever.

    >>> path(Hex(0, 0), Hex(2, 0))
    (Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0))
    """
    if start == goal:
        return (start,)
    can_enter = passable or _everywhere
    must_stop = stops or _nowhere
    if not can_enter(goal):
        return None
    to_goal = _costs_to_goal(
        start, goal, cost, can_enter=can_enter, must_stop=must_stop, max_cost=max_cost
    )
    if start not in to_goal:
        return None
    walked = [start]
    here = start
    while here != goal:
        for there in here.neighbours():
            left = to_goal.get(there)
            if left is not None and _price(cost, here, there) + left == to_goal[here]:
                here = there
                break
        else:  # pragma: no cover - the costs to the goal always lead on
            raise AssertionError(f"no cheapest step out of {here}")
        walked.append(here)
    return tuple(walked)


def _costs_to_goal(
    start: Hex,
    goal: Hex,
    cost: StepCost,
    *,
    can_enter: HexTest,
    must_stop: HexTest,
    max_cost: int | None,
) -> dict[Hex, int]:
    """Dijkstra backwards from the goal, until the start is settled: the cost
    from each hex to the goal (exact for the start and any hex on a cheapest
    path from it; others may be over-estimates, never under)."""
    to_goal: dict[Hex, int] = {goal: 0}
    frontier: list[tuple[int, Hex]] = [(0, goal)]
    settled: set[Hex] = set()
    while frontier:
        left, here = heapq.heappop(frontier)
        if here in settled:
            continue
        settled.add(here)
        if here == start:
            return to_goal
        for before in here.neighbours():
            # A step ``before -> here`` is a step of a move only if the move may
            # stand in ``before`` and go on from it.
            if before != start and (not can_enter(before) or must_stop(before)):
                continue
            price = left + _price(cost, before, here)
            if max_cost is not None and price > max_cost:
                continue
            if price < to_goal.get(before, price + 1):
                to_goal[before] = price
                heapq.heappush(frontier, (price, before))
    return {}


def path_cost(steps: Sequence[Hex], cost: StepCost = unit_cost) -> int:
    """The price of a written path (a unit's orders): the sum of its steps."""
    if not is_connected_path(steps):
        raise ValueError("a path goes hex by hex, each hex next to the one before")
    return sum(_price(cost, here, there) for here, there in itertools.pairwise(steps))


def is_connected_path(steps: Sequence[Hex]) -> bool:
    """Whether each hex of ``steps`` is next to the one before (a path written
    hex by hex, as Samurai Battles' movement orders are)."""
    return bool(steps) and all(
        here.distance(there) == 1 for here, there in itertools.pairwise(steps)
    )


def zone_of_control(hexes: Iterable[Hex]) -> frozenset[Hex]:
    """The hexes next to any of ``hexes`` (the pieces' own hexes excluded: no
    one moves into them). Pass only the pieces that exert a zone (in Samurai
    Battles, a unit moving under Assault orders has none).

    >>> sorted(zone_of_control([Hex(0, 0)])) == sorted(Hex(0, 0).ring(1))
    True
    """
    occupied = frozenset(hexes)
    return frozenset(n for hex_ in occupied for n in hex_.neighbours()) - occupied

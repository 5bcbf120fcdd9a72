"""Movement: reachable hexes, cheapest paths, zones of control, written paths."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import (
    Board,
    Hex,
    is_connected_path,
    path,
    path_cost,
    reachable,
    zone_of_control,
)
from tests.unit.hexgrid.strategies import exact

ORIGIN = Hex(0, 0)
FIELD = Board.hexagon(4)
field_hexes = st.sampled_from(sorted(FIELD.hexes))
walls = st.frozensets(field_hexes, max_size=25)


def bfs_steps(start: Hex, blocked: frozenset[Hex]) -> dict[Hex, int]:
    """Plain breadth-first search over the field: the reference for unit costs."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in FIELD.neighbours(here):
            if there not in blocked and there not in steps:
                steps[there] = steps[here] + 1
                queue.append(there)
    return steps


def bellman_ford(start: Hex, price: dict[Hex, int]) -> dict[Hex, int]:
    """Cheapest prices by relaxing every step until nothing changes (the slow
    reference for weighted costs: entering a hex costs ``price[hex]``)."""
    best = {start: 0}
    changed = True
    while changed:
        changed = False
        for here, spent in list(best.items()):
            for there in FIELD.neighbours(here):
                if there != start and spent + price[there] < best.get(there, 10**9):
                    best[there] = spent + price[there]
                    changed = True
    return best


@exact
@given(field_hexes, field_hexes, walls)
def test_path_cost_is_minimal_against_breadth_first_search(
    start: Hex, goal: Hex, blocked: frozenset[Hex]
) -> None:
    blocked = blocked - {start, goal}
    on_field = lambda h: h in FIELD and h not in blocked  # noqa: E731
    found = path(start, goal, passable=on_field)
    assert path(start, goal, passable=on_field) == found  # deterministic
    back = path(goal, start, passable=on_field)
    expected = bfs_steps(start, blocked).get(goal)
    if expected is None:
        assert found is None
        assert back is None
        return
    assert found is not None
    assert back is not None
    assert len(back) == len(found)
    assert found[0] == start
    assert found[-1] == goal
    assert is_connected_path(found)
    assert not set(found) & blocked
    assert len(found) - 1 == expected == path_cost(found)
    assert reachable(start, expected, passable=on_field)[goal] == expected


@exact
@given(field_hexes, field_hexes, st.lists(st.integers(1, 4), min_size=61, max_size=61))
def test_weighted_paths_and_reach_match_the_slow_reference(
    start: Hex, goal: Hex, prices: list[int]
) -> None:
    price = dict(zip(sorted(FIELD.hexes), prices, strict=True))
    entering = lambda _from, to: price[to]  # noqa: E731
    reference = bellman_ford(start, price)
    found = path(start, goal, entering, FIELD.__contains__)
    assert found is not None
    assert path_cost(found, entering) == reference[goal]
    budget = 5
    assert reachable(start, budget, entering, FIELD.__contains__) == {
        h: c for h, c in sorted(reference.items()) if c <= budget
    }


def test_ties_go_to_the_first_facing_clockwise_from_east() -> None:
    # Two cheapest paths to Hex(1, 1): via EAST (1, 0) or via SOUTH_EAST (0, 1).
    assert path(ORIGIN, Hex(1, 1)) == (ORIGIN, Hex(1, 0), Hex(1, 1))
    assert path(ORIGIN, Hex(1, 1), passable=lambda h: h != Hex(1, 0)) == (
        ORIGIN,
        Hex(0, 1),
        Hex(1, 1),
    )


def test_a_path_around_a_wall() -> None:
    wall = {Hex(1, -1), Hex(1, 0), Hex(0, 1)}
    found = path(ORIGIN, Hex(2, 0), passable=lambda h: h in FIELD and h not in wall)
    assert found is not None
    assert len(found) - 1 == 5  # out by the back, round the wall's end
    assert not set(found) & wall


def test_no_path_to_an_impassable_or_walled_in_goal() -> None:
    assert path(ORIGIN, Hex(2, 0), passable=lambda h: h != Hex(2, 0)) is None
    ring = set(Hex(3, 0).ring(1))
    assert path(ORIGIN, Hex(3, 0), passable=lambda h: h in FIELD and h not in ring) is None
    # Without a finite field, a cost ceiling ends the search.
    assert path(ORIGIN, Hex(3, 0), passable=lambda h: h not in ring, max_cost=20) is None
    assert path(ORIGIN, Hex(3, 0), max_cost=2) is None
    assert path(ORIGIN, ORIGIN) == (ORIGIN,)


def test_samurai_battles_assault_reach_for_infantry_and_cavalry() -> None:
    # Assault: "Infantry units may move up to 2 hexes ... Cavalry units may move up to 4".
    infantry = reachable(ORIGIN, 2)
    cavalry = reachable(ORIGIN, 4)
    assert set(infantry) == ORIGIN.within(2)
    assert set(cavalry) == ORIGIN.within(4)
    assert list(infantry) == sorted(infantry)  # canonical order
    assert infantry[ORIGIN] == 0
    assert infantry[Hex(2, 0)] == 2


def test_samurai_battles_march_stops_in_an_enemy_zone_of_control() -> None:
    # March: "If your unit moves into an enemy Zone of Control ... it must stop".
    enemy = Hex(3, 0)
    zone = zone_of_control([enemy])
    assert zone == frozenset(enemy.ring(1))
    not_enemy = lambda h: h != enemy  # noqa: E731
    reach = reachable(ORIGIN, 4, passable=not_enemy, stops=zone.__contains__)
    assert Hex(2, 0) in reach  # entering the zone is allowed...
    assert Hex(4, 0) not in reach  # ...going on through it is not
    # Going round the zone costs more than cutting through it would.
    around = path(ORIGIN, Hex(4, 0), passable=not_enemy, stops=zone.__contains__)
    through = path(ORIGIN, Hex(4, 0), passable=not_enemy)
    assert around is not None
    assert through is not None
    assert not set(around[1:-1]) & zone
    assert len(around) > len(through)
    # A unit already in the zone may leave it.
    assert Hex(1, 0) in reachable(Hex(2, 0), 1, passable=not_enemy, stops=zone.__contains__)


def test_zone_of_control_of_several_units_leaves_out_their_own_hexes() -> None:
    units = [ORIGIN, Hex(1, 0)]
    zone = zone_of_control(units)
    assert ORIGIN not in zone
    assert Hex(1, 0) not in zone
    assert len(zone) == 8  # two adjacent hexes have 8 neighbours between them
    assert zone_of_control([]) == frozenset()


def test_terrain_costs_slow_a_move() -> None:
    marsh = {Hex(1, 0): 3}
    cost = lambda _from, to: marsh.get(to, 1)  # noqa: E731
    assert reachable(ORIGIN, 2, cost).get(Hex(1, 0)) is None
    # Round the marsh, south of it or north: equal prices, and SOUTH_EAST comes
    # before NORTH_EAST in facing order.
    assert path(ORIGIN, Hex(2, 0), cost) == (ORIGIN, Hex(0, 1), Hex(1, 1), Hex(2, 0))


def test_a_written_path_goes_hex_by_hex() -> None:
    assert is_connected_path([ORIGIN, Hex(1, 0), Hex(1, 1)])
    assert not is_connected_path([ORIGIN, Hex(2, 0)])
    assert not is_connected_path([])
    with pytest.raises(ValueError, match="hex by hex"):
        path_cost([ORIGIN, Hex(2, 0)])


@pytest.mark.parametrize("price", [0, -1, 1.5, None])
def test_a_step_price_must_be_a_whole_number_of_one_or_more(price: object) -> None:
    with pytest.raises(ValueError, match="1 or more"):
        reachable(ORIGIN, 3, lambda _f, _t: price)  # type: ignore[arg-type,return-value]
    with pytest.raises(ValueError, match="0 or more"):
        reachable(ORIGIN, -1)

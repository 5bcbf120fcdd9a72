"""Order values: every order of the rulebook parses from its written JSON and writes back
the same; malformed orders are InvalidCommand naming what is wrong."""

from __future__ import annotations

import pytest

from engine.core import InvalidCommand
from engine.hexgrid import Hex
from engine.samurai_battles.army.catalogue import ORDER_IDS
from engine.samurai_battles.orders.model import MoveAndFire, parse_order

WRITTEN: list[dict[str, object]] = [
    {"order": "all_around"},
    {"order": "defend", "face": [1, 0]},
    {"order": "defend", "face": [1, 0], "kill_range": 3},
    {"order": "fire_and_retreat", "face": [1, 0]},
    {"order": "fire", "target": "w3"},
    {"order": "assault", "path": [[1, 0], [2, 0]], "target": "w3"},
    {"order": "march", "path": [[1, 0]]},
    {"order": "move_and_fire", "path": [[1, 0], [2, 0]], "fire_at": 1, "target": "w3"},
    {"order": "run", "path": [[1, 0], [2, 0]]},
    {"order": "ambush", "face": [1, 0]},
    {"order": "join_up", "with": "e2", "hex": [0, 0]},
    {"order": "receive_supplies", "from": "e9"},
    {"order": "receive_supplies"},
    {"order": "rest"},
    {"order": "reconnaissance"},
    {"order": "retreat", "path": [[-1, 0]]},
]


@pytest.mark.parametrize("written", WRITTEN, ids=lambda w: str(w["order"]))
def test_every_order_round_trips(written: dict[str, object]) -> None:
    assert parse_order(written).to_json() == written


def test_every_rulebook_order_has_a_written_form() -> None:
    assert {w["order"] for w in WRITTEN} == set(ORDER_IDS)


def test_move_and_fire_underlines_a_hex_of_start_and_path() -> None:
    order = parse_order(WRITTEN[7])
    assert isinstance(order, MoveAndFire)
    assert order.fire_hex(Hex(0, 0)) == Hex(1, 0)
    assert order.path_hexes == (Hex(1, 0), Hex(2, 0))


@pytest.mark.parametrize(
    ("written", "complaint"),
    [
        ("march", "an order is written"),
        ({"order": "charge"}, "order must be one of"),
        ({"order": "march"}, "path must be a list"),
        ({"order": "march", "path": [[1, 0, 2]]}, "each hex of the path"),
        ({"order": "fire"}, "target must name a unit"),
        ({"order": "rest", "path": [[1, 0]]}, "does not carry path"),
        ({"order": "defend", "face": [1, 0], "kill_range": "far"}, "kill_range must be a whole"),
        ({"order": "march", "path": [[True, 0]]}, "each hex of the path"),
    ],
)
def test_malformed_orders_are_invalid(written: object, complaint: str) -> None:
    with pytest.raises(InvalidCommand, match=complaint):
        parse_order(written)

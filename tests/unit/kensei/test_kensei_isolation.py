"""Nothing the engine remembers of one state carries over to an unrelated one (the
interleaved games of tests/integration/test_engine_isolation.py check whole games)."""

from __future__ import annotations

import copy

from engine.kensei.geometry.board import board
from tests.unit.kensei.support import KENSEI, edited, in_order


def test_a_battle_after_another_with_one_more_miniature_offers_its_own_legal_moves() -> None:
    state = in_order("A")
    unit = state["units"][state["activation"]["units"]["A"]]
    expected = list(KENSEI.legal(copy.deepcopy(state), "A"))
    # Another battle: the same miniatures and one more, of side B, in contact with the
    # front of the active unit's first miniature.
    larger = edited(state)
    front = larger["minis"][unit["minis"][0]]
    extra = copy.deepcopy(next(m for m in larger["minis"].values() if m["side"] == "B"))
    extra.update(x=front["x"], y=front["y"] + (front["base"]["size"] + extra["base"]["size"]) // 2)
    larger["minis"]["B.u99.m1"] = extra
    assert board(larger).engaged_minis(unit["minis"], "A")[unit["minis"][0]] == ["B.u99.m1"]

    again = copy.deepcopy(state)
    assert list(KENSEI.legal(again, "A")) == expected
    on_table = {m for m, mini in again["minis"].items() if mini["placed"] and not mini["removed"]}
    assert set(board(again).bases) == on_table

"""Wounding: the Wound Table as printed, wounds and deaths, Zen saves, warrior
attendants' kills (samurai-skirmish-rules.txt, Wounding; Zen Tokens; Warrior Attendants)."""

from __future__ import annotations

import math
from typing import Any

from engine.core import EnteredDice
from engine.skirmish.heroic import zen
from engine.skirmish.heroic.work import Work
from engine.skirmish.heroic.wounding import WOUND_TABLE, roll_wounds, suffer_wound, wound_need
from tests.unit.skirmish.builders import build_state, hero, unit, with_mods

CONTACT_IN = 250 / 254

PRINTED = """
1 4 5 6 6 - - - -
2 3 4 5 6 6 - - -
3 2 3 4 5 6 6 - -
4 2 2 3 4 5 6 6 -
5 2 2 2 3 4 5 6 6
6 2 2 2 2 3 4 5 6
7 2 2 2 2 2 3 4 5
8 2 2 2 2 2 2 3 4
"""


def _duel(**hero_fields: object) -> dict[str, Any]:
    return build_state(
        a=[hero("yamanaka_hideoshi", at=(10, 10), **hero_fields)],
        b=[unit("retainer", places=[(10, 10 + CONTACT_IN), (14, 14), (16, 14)], facing=270)],
        phase="combat",
        step="fight",
    )


def test_wound_table_is_the_rulebook_table_exactly() -> None:
    for line in PRINTED.strip().splitlines():
        strength, *cells = line.split()
        for defence, cell in enumerate(cells, start=1):
            expected = None if cell == "-" else int(cell)
            assert wound_need(int(strength), defence) == expected, (strength, defence)
    assert len(WOUND_TABLE) == 8
    assert all(len(row) == 8 for row in WOUND_TABLE)


def test_wound_table_dash_means_cannot_wound() -> None:
    assert wound_need(1, 5) is None
    assert wound_need(4, 8) is None
    assert wound_need(5, 8) == 6


def test_wound_table_beyond_eight_reads_the_nearest_row() -> None:
    assert wound_need(10, 3) == wound_need(8, 3)
    assert wound_need(0, 1) == wound_need(1, 1)
    assert wound_need(3, 11) == wound_need(3, 8)


def test_wounding_non_heroic_characters_die_of_one_wound() -> None:
    state = _duel()
    work = Work(state, EnteredDice([6]))
    roll_wounds(work, "a1.1", "b1.1", strength=3, defence=3, count=1, action=zen.Action())
    kinds = [e["type"] for e in work.events]
    assert kinds == ["wound_rolls", "killed"]
    assert work.state["models"]["b1.1"]["status"] == "dead"


def test_heroic_character_loses_one_wound_and_continues() -> None:
    state = _duel()
    work = Work(state, EnteredDice([]))
    assert not suffer_wound(work, "a1.1", "b1.1", action=zen.Action())
    assert work.events == [{"type": "wounded", "model": "a1.1", "wounds": 1, "by": "b1.1"}]
    assert suffer_wound(work, "a1.1", "b1.1", action=zen.Action())
    assert work.state["models"]["a1.1"]["status"] == "dead"


def test_zen_save_on_four_or_more_saves_a_fatal_wound() -> None:
    state = with_mods(_duel(), "a1", zen=2)
    state["models"] = {**state["models"], "a1.1": {**state["models"]["a1.1"], "wounds": 1}}
    work = Work(state, EnteredDice([4]))
    assert not suffer_wound(work, "a1.1", "b1.1", action=zen.Action())
    assert work.events[0]["type"] == "zen_used"
    assert work.events[0]["success"] is True
    assert work.state["units"]["a1"]["zen"] == 1
    assert work.state["models"]["a1.1"]["status"] == "ok"


def test_zen_only_one_token_for_a_particular_action() -> None:
    state = with_mods(_duel(), "a1", zen=3)
    state["models"] = {**state["models"], "a1.1": {**state["models"]["a1.1"], "wounds": 1}}
    action = zen.Action()
    work = Work(state, EnteredDice([3]))
    assert suffer_wound(work, "a1.1", "b1.1", action=action)
    assert [e["type"] for e in work.events] == ["zen_used", "killed"]
    assert work.state["units"]["a1"]["zen"] == 2


def test_zen_policy_fatal_keeps_tokens_for_wounds_that_kill() -> None:
    state = with_mods(_duel(), "a1", zen=2)
    work = Work(state, EnteredDice([]))
    suffer_wound(work, "a1.1", "b1.1", action=zen.Action())
    assert [e["type"] for e in work.events] == ["wounded"]


def test_zen_policy_always_and_never() -> None:
    always = with_mods(_duel(), "a1", zen=2, zen_policy="always")
    work = Work(always, EnteredDice([5]))
    suffer_wound(work, "a1.1", "b1.1", action=zen.Action())
    assert [e["type"] for e in work.events] == ["zen_used"]
    never = with_mods(_duel(), "a1", zen=2, zen_policy="never")
    never["models"] = {**never["models"], "a1.1": {**never["models"]["a1.1"], "wounds": 1}}
    work = Work(never, EnteredDice([]))
    suffer_wound(work, "a1.1", "b1.1", action=zen.Action())
    assert [e["type"] for e in work.events] == ["killed"]


def _attendants(distance_in: float) -> dict[str, Any]:
    return build_state(
        a=[
            hero("yamada_suzuki", at=(10, 10 - distance_in)),
            unit("genin", at=(10, 10), attendants=True, master=1),
        ],
        b=[unit("retainer", places=[(10, 10 + CONTACT_IN), (20, 20), (22, 20)])],
        phase="combat",
        step="fight",
    )


def test_warrior_attendants_kill_is_their_masters_within_command_radius() -> None:
    state = _attendants(2)
    assert state["units"]["a2"]["master"] == "a1"
    work = Work(state, EnteredDice([]))
    suffer_wound(work, "b1.1", "a2.1", action=zen.Action())
    assert work.events == [{"type": "killed", "model": "b1.1", "by": "a2.1", "credit": "a1"}]


def test_warrior_attendants_kill_outside_radius_drives_the_opponent_off() -> None:
    state = _attendants(12)
    work = Work(state, EnteredDice([]))
    suffer_wound(work, "b1.1", "a2.1", action=zen.Action())
    assert work.events == [{"type": "driven_off", "model": "b1.1", "by": "a2.1"}]
    assert work.state["models"]["b1.1"]["status"] == "fled"


def test_contact_distance_is_one_base() -> None:
    assert math.isclose(CONTACT_IN * 254, 250)

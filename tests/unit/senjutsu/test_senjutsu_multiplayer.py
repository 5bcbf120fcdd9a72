"""The resolution order and its ties (Turn Structure In Detail > Resolve; Multiplayer
Rules > Tied Initiative Speed And Advantage), each test named after its paragraph."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalCommand, SeededDice, State
from engine.senjutsu import rules
from engine.senjutsu.commands import Order
from engine.senjutsu.turn import order
from tests.unit.senjutsu.test_senjutsu_turn_helpers import (
    ATTACK,
    CATALOGUE,
    DEFENCE,
    MEDITATION,
    RULESET,
    placed,
)


def revealed(characters: tuple[str, ...], played: dict[str, tuple[str, int]]) -> State:
    """A game in the Reveal step, every card played at the given speed, queued."""
    state = placed(*characters)
    chars = dict(state["characters"])
    for side, (card, speed) in played.items():
        chars[side] = {
            **chars[side],
            "played": {
                "card": card,
                "speed": speed,
                "alternative": False,
                "replaced": None,
                "split_speed": None,
            },
        }
    state = {
        **state,
        "characters": chars,
        "phase": "reveal",
        "reveal": {"step": "speed", "done": []},
    }
    queue, ties = order.queue_and_ties(state, {s: p[1] for s, p in played.items()}, CATALOGUE)
    event = {"type": "queued", "queue": queue, "ties": ties}
    return RULESET.evolve(state, event)


def sides_in(state: State) -> list[str]:
    return [part["side"] for part in state["queue"]]


def apply(state: State, events: list[dict[str, Any]]) -> State:
    for event in events:
        state = RULESET.evolve(state, event)
    return state


def test_resolve_from_highest_speed_to_lowest_then_defence_attack_meditation() -> None:
    state = revealed(
        ("ronin", "student", "master"),
        {"A": (MEDITATION.id, 5), "B": (ATTACK.id, 5), "C": (DEFENCE.id, 2)},
    )
    assert sides_in(state) == ["B", "A", "C"]
    state = revealed(
        ("ronin", "student", "master"),
        {"A": (MEDITATION.id, 5), "B": (ATTACK.id, 5), "C": (DEFENCE.id, 5)},
    )
    assert sides_in(state) == ["C", "B", "A"]
    assert state["phase"] == "resolve"


def test_resolve_same_speed_and_type_the_highest_on_the_track_chooses_the_order() -> None:
    state = revealed(("ronin", "student"), {"A": (ATTACK.id, 4), "B": (ATTACK.id, 4)})
    top, bottom = state["advantage"]
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "order"
    assert prompt.sides == (top,)
    assert list(RULESET.legal(state, top)) == [
        {"kind": "order", "side": top, "first": top},
        {"kind": "order", "side": top, "first": bottom},
    ]
    with pytest.raises(IllegalCommand):
        RULESET.decide(
            state, {"kind": "order", "side": bottom, "first": bottom}, SeededDice("t", 1)
        )
    after = apply(state, order.order(state, Order(top, bottom, None)))
    assert sides_in(after) == [bottom, top]
    assert after["phase"] == "resolve"


def test_multiplayer_tied_initiative_the_highest_chooses_where_then_the_next_highest() -> None:
    # The rulebook's example: Suey (top) resolves last, Steve (second) first, George
    # is left with second.
    state = revealed(
        ("student", "ronin", "master"),
        {"A": (MEDITATION.id, 3), "B": (MEDITATION.id, 3), "C": (MEDITATION.id, 3)},
    )
    suey, steve, george = state["advantage"]
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.sides == (suey,)
    assert [c["slot"] for c in RULESET.legal(state, suey)] == [0, 1, 2]
    state = apply(state, order.order(state, Order(suey, None, 2)))
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.sides == (steve,)
    assert [c["slot"] for c in RULESET.legal(state, steve)] == [0, 1]
    with pytest.raises(IllegalCommand) as refused:
        order.order(state, Order(steve, None, 2))
    assert refused.value.rule == rules.MULTIPLAYER_TIES
    state = apply(state, order.order(state, Order(steve, None, 0)))
    assert sides_in(state) == [steve, george, suey]
    assert state["phase"] == "resolve"


def test_multiplayer_ties_are_ordered_one_group_at_a_time() -> None:
    state = revealed(
        ("student", "ronin", "master", "warrior"),
        {"A": (ATTACK.id, 5), "B": (ATTACK.id, 5), "C": (DEFENCE.id, 2), "D": (DEFENCE.id, 2)},
    )
    assert len(state["reveal"]["ties"]) == 2
    first = state["reveal"]["ties"][0]
    assert first["speed"] == 5
    chooser = order.chooser(state)
    state = apply(state, order.order(state, Order(chooser, first["sides"][1], None)))
    assert state["phase"] == "reveal"
    assert len(state["reveal"]["ties"]) == 1
    assert state["reveal"]["ties"][0]["speed"] == 2

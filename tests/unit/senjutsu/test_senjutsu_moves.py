"""Move Effects (Step X, Sequencing Of Movement, Optional Moves, Mandatory Moves,
Collisions) resolved by the card interpreter."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalCommand, SeededDice
from engine.senjutsu import effects
from tests.unit.senjutsu.builders import card
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    Run,
    character,
    play,
    resolve,
    table,
    until_ask,
)


def _card(lines: list[dict[str, Any]], kind: str = "meditation") -> dict[str, Any]:
    return card("x-move", *lines, kind=kind, initiative=4, name="Move")


def _step(n: int = 1, dirs: str = "front", mandatory: bool = False) -> dict[str, Any]:
    return {"do": "step", "n": n, "dirs": dirs, "mandatory": mandatory}


def _step_and_rotate_before_rocks() -> Run:
    """A's mandatory step 1 and rotate 1, rocks in the hex ahead: up to the first Ask."""
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((-3, 0), 0))},
        terrain=[("t1", "rocks", [(1, 0)])],
        cards=_card(
            [{"effects": [_step(1, mandatory=True), {"do": "rotate", "n": 1, "mandatory": True}]}]
        ),
    )
    return until_ask(play(state, "A", "x-move"), "A", "x-move")


def _step_into(terrain: str) -> Run:
    """A's mandatory step 1 into a piece of ``terrain`` in the hex ahead, resolved."""
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((-3, 0), 0))},
        terrain=[("t1", terrain, [(1, 0)])],
        cards=_card([{"effects": [_step(1, mandatory=True)]}]),
    )
    return resolve(play(state, "A", "x-move"), "A", "x-move")


def test_step_x_optional_step_goes_up_to_n_in_the_same_direction() -> None:
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((-3, 0), 0))},
        cards=_card([{"effects": [_step(2)]}]),
    )
    run = until_ask(play(state, "A", "x-move"), "A", "x-move")
    ask = effects.ask(run.state)
    assert ask is not None
    assert ask.kind == "move"
    assert ask.side == "A"
    assert [o["hex"] for o in ask.options] == [[0, 0], [1, 0], [2, 0]]


def test_optional_moves_cannot_be_used_to_deliberately_cause_a_collision() -> None:
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((1, 0), 3))},
        cards=_card([{"effects": [_step(1)]}]),
    )
    run = resolve(play(state, "A", "x-move"), "A", "x-move")
    assert run.asks == []
    assert run.of("collided") == []
    assert run.of("moved") == []


def test_mandatory_moves_must_take_the_option_that_avoids_a_collision() -> None:
    # Step 1 and rotate 1, both mandatory, rocks ahead: only rotating first then
    # stepping avoids the rocks (the rulebook's example).
    run = _step_and_rotate_before_rocks()
    ask = effects.ask(run.state)
    assert ask is not None
    assert all(o["collision"] is None for o in ask.options)
    assert sorted(o["hex"] for o in ask.options) == [[0, 1], [1, -1]]


def test_mandatory_moves_refuse_an_end_the_rules_do_not_offer() -> None:
    run = _step_and_rotate_before_rocks()
    with pytest.raises(IllegalCommand) as refused:
        effects.answer(
            run.state,
            "A",
            {"kind": "move", "hex": [0, 0], "facing": 0, "collision": "t1"},
            SeededDice("x", 1),
        )
    assert refused.value.rule == "Move Effects > Mandatory Moves"


def test_sequencing_of_movement_then_moves_each_line_in_order() -> None:
    # Seize The Moment (s-025): advantage, then step 1 forward.
    state = table({"B": character("master", ((-3, 0), 0)), "A": character("ronin", ((0, 0), 0))})
    run = resolve(
        play(state, "A", "s-025"),
        "A",
        "s-025",
        answers=[{"kind": "move", "hex": [1, 0], "facing": 0, "collision": None}],
    )
    assert run.state["advantage"] == ["A", "B"]
    assert run.state["characters"]["A"]["hex"] == [1, 0]


def test_collisions_moving_into_a_character_discards_and_stuns_both() -> None:
    state = table(
        {
            "A": character("ronin", ((0, 0), 0), hand=["crippling-poison", "s-002", "s-003"]),
            "B": character("master", ((1, 0), 3)),
        },
        cards=_card(
            [{"effects": [_step(1, mandatory=True)]}, {"effects": [{"do": "focus", "n": 1}]}]
        ),
    )
    run = resolve(
        play(state, "A", "x-move"), "A", "x-move", answers=[{"kind": "discard", "card": "s-002"}]
    )
    a, b = run.state["characters"]["A"], run.state["characters"]["B"]
    assert run.of("collided") == [
        {"type": "collided", "side": "A", "into": "B", "kind": "character", "stops": True}
    ]
    assert (a["stuns"], b["stuns"]) == (1, 1)
    assert a["hex"] == [0, 0]
    assert a["discard"] == [{"card": "s-002", "up": True}]  # face up
    assert a["focus"] == 0  # the rest of the card is not resolved
    assert a["played"]["cancelled"] is True  # nor a part below a split line
    assert [o["card"] for o in run.asks[0].options] == ["s-002", "s-003"]  # ability cards


def test_collisions_off_the_battlefield_add_a_stun_and_end_the_card() -> None:
    state = table(
        {"A": character("ronin", ((4, 0), 0)), "B": character("master", ((-3, 0), 0))},
        cards=_card(
            [{"effects": [_step(1, mandatory=True)]}, {"effects": [{"do": "focus", "n": 1}]}]
        ),
    )
    run = resolve(play(state, "A", "x-move"), "A", "x-move")
    assert run.of("collided")[0]["into"] == "edge"
    assert run.state["characters"]["A"]["stuns"] == 1
    assert run.state["characters"]["A"]["focus"] == 0


def test_collisions_into_terrain_resolve_the_terrains_collision_effect() -> None:
    # Burning carts: a stun and a wound (the sample data's reading of the icons).
    run = _step_into("burning-carts")
    a = run.state["characters"]["A"]
    assert (a["stuns"], a["wounds"], a["hex"]) == (1, 1, [0, 0])


def test_collisions_into_bamboo_remove_the_bamboo() -> None:
    run = _step_into("bamboo")
    a = run.state["characters"]["A"]
    assert (a["stuns"], a["hobbles"]) == (1, [0])
    assert run.state["terrain"] == []


def test_collisions_caused_by_an_opponents_card_let_the_pushers_card_go_on() -> None:
    # A pushes B into the rocks: B is stunned; A's card (then gain 1 focus) goes on.
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((1, 0), 3))},
        terrain=[("t1", "rocks", [(2, 0)])],
        cards=_card(
            [{"effects": [{"do": "push", "n": 1}]}, {"effects": [{"do": "focus", "n": 1}]}]
        ),
    )
    run = resolve(play(state, "A", "x-move"), "A", "x-move")
    assert run.state["characters"]["B"]["stuns"] == 1
    assert run.state["characters"]["B"]["hex"] == [1, 0]
    assert run.state["characters"]["A"]["focus"] == 1
    assert run.of("collided")[0]["stops"] is False


def test_step_x_each_step_of_a_multi_step_goes_the_same_direction_relative_to_facing() -> None:
    # Step 2 with the three front arrows: straight on, or twice to the front-left,
    # or twice to the front-right -- never a zig-zag.
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((-3, 0), 0))},
        cards=_card([{"effects": [_step(2, dirs="front3")]}]),
    )
    run = until_ask(play(state, "A", "x-move"), "A", "x-move")
    ask = effects.ask(run.state)
    assert ask is not None
    ends = sorted(o["hex"] for o in ask.options)
    assert [2, 0] in ends
    assert [2, -2] in ends
    assert [0, 2] in ends
    assert [2, -1] not in ends  # front then front-left

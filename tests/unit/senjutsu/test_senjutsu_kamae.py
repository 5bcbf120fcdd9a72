"""Kamae Positions (Changing, Switching, Ability Card Effects And Kamae), focus and
its limit, optional focus costs, and the FAQ's OR with a Kamae option."""

from __future__ import annotations

from typing import Any

from engine.core import State
from tests.unit.senjutsu.builders import card, line
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    character,
    play,
    resolve,
    table,
)


def _duel(kamae: str = "n", focus: int = 0, b_at: tuple[int, int] = (-3, 0)) -> dict:  # type: ignore[type-arg]
    return table(
        {
            "A": character("ronin", ((0, 0), 0), kamae=kamae, focus=focus),
            "B": character("master", (b_at, 3)),
        }
    )


def test_changing_kamae_up_to_x_follows_the_arrows_and_gains_focus_on_pink_branches() -> None:
    # Centred Breath (s-011): change Kamae up to 2, then gain 1 focus. Ronin tree:
    # n -> a1, n -> d1, a1 -> b1 (pink), d1 -> b1.
    run = resolve(
        play(_duel(), "A", "s-011"), "A", "s-011", answers=[{"kind": "kamae", "path": ["a1", "b1"]}]
    )
    assert sorted(o["path"] for o in run.asks[0].options) == [
        [],
        ["a1"],
        ["a1", "b1"],
        ["d1"],
        ["d1", "b1"],
    ]
    a = run.state["characters"]["A"]
    assert a["kamae"] == "b1"
    assert a["focus"] == 2  # one for the pink branch, one from the card
    assert run.of("kamae_changed")[0]["path"] == ["a1", "b1"]


def test_switching_kamae_to_any_excludes_the_starting_position_and_gives_no_focus() -> None:
    # Heaven's Edge (s-047): attack, then switch to any Kamae.
    state = play(_duel(kamae="a1", b_at=(1, 0)), "A", "s-047")
    run = resolve(state, "A", "s-047", answers=[{"kind": "kamae", "path": ["d2"]}])
    assert sorted(o["path"][0] for o in run.asks[0].options) == ["a1", "a2", "b1", "d1", "d2"]
    assert run.state["characters"]["A"]["kamae"] == "d2"
    assert run.state["characters"]["A"]["focus"] == 0


def test_ability_card_effects_and_kamae_a_kamae_line_applies_only_in_that_kamae() -> None:
    # Reckless Cut (s-026): attack; aggression: gain 1 focus, then mandatory step 1.
    out = resolve(play(_duel(b_at=(1, -1)), "A", "s-026"), "A", "s-026")
    assert out.state["characters"]["A"]["focus"] == 0
    assert out.state["characters"]["A"]["hex"] == [0, 0]
    inn = resolve(play(_duel(kamae="a1", b_at=(1, -1)), "A", "s-026"), "A", "s-026")
    assert inn.state["characters"]["A"]["focus"] == 1
    assert inn.state["characters"]["A"]["hex"] == [1, 0]


def test_faq_an_or_with_a_kamae_option_must_take_it_in_that_kamae() -> None:
    # Tide Of Heaven (s-043): gain 2 focus OR (balance) advantage and change Kamae up to 1.
    state = table(
        {"B": character("master", ((-3, 0), 3)), "A": character("ronin", ((0, 0), 0), kamae="b1")}
    )
    run = resolve(
        play(state, "A", "s-043"), "A", "s-043", answers=[{"kind": "kamae", "path": ["a2"]}]
    )
    assert run.state["advantage"] == ["A", "B"]
    assert run.state["characters"]["A"]["focus"] == 0
    assert run.state["characters"]["A"]["kamae"] == "a2"


def test_faq_an_or_kamae_option_is_not_offered_outside_that_kamae() -> None:
    run = resolve(play(_duel(), "A", "s-043"), "A", "s-043")
    assert run.asks == []
    assert run.state["characters"]["A"]["focus"] == 2


def test_changing_kamae_positions_focus_is_capped_at_three_and_the_excess_lost() -> None:
    # Eye Of The Storm (s-049): gain 3 focus, then advantage.
    run = resolve(play(_duel(focus=2), "A", "s-049"), "A", "s-049")
    assert run.state["characters"]["A"]["focus"] == 3
    assert run.of("focus_changed") == [
        {"type": "focus_changed", "side": "A", "focus": 3, "gained": 3}
    ]


def _optional(*lines: dict[str, Any]) -> State:
    """A (1 focus, second on the advantage track) with a meditation card of these lines."""
    cards = card("x-opt", *lines, kind="meditation", initiative=3, name="Optional")
    return table(
        {"B": character("master", ((-3, 0), 3)), "A": character("ronin", ((0, 0), 0), focus=1)},
        cards=cards,
    )


def test_optional_focus_cost_pay_to_resolve_the_line_or_skip_it() -> None:
    state = _optional(line({"do": "advantage"}, focus=1), line({"do": "focus", "n": 1}))
    paid = resolve(play(state, "A", "x-opt"), "A", "x-opt", answers=[{"kind": "pay", "pay": True}])
    assert paid.state["advantage"] == ["A", "B"]
    assert paid.state["characters"]["A"]["focus"] == 1  # paid 1, then gained 1
    skipped = resolve(
        play(state, "A", "x-opt"), "A", "x-opt", answers=[{"kind": "pay", "pay": False}]
    )
    assert skipped.state["advantage"] == ["B", "A"]
    assert skipped.state["characters"]["A"]["focus"] == 2


def test_optional_focus_cost_a_line_that_cannot_be_paid_is_skipped() -> None:
    state = _optional(line({"do": "advantage"}, focus=2))
    run = resolve(play(state, "A", "x-opt"), "A", "x-opt")
    assert run.asks == []
    assert run.state["advantage"] == ["B", "A"]

"""Instant Cards > Instant Additional Cards, and the Attack / Block Timing Sequences'
instant steps."""

from __future__ import annotations

from engine.senjutsu import effects
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    character,
    play,
    resolve,
    table,
    with_block,
)


def _duel(a_hand: list[str], b_hand: list[str] | None = None) -> dict:  # type: ignore[type-arg]
    return table(
        {
            "A": character("ronin", ((0, 0), 0), hand=a_hand),
            "B": character("master", ((2, 0), 3), hand=b_hand or []),
        }
    )


def test_instant_additional_cards_with_a_condition_are_played_when_it_is_met() -> None:
    # Advancing Thrust (s-004): mandatory step 1, then attack front and two ahead:
    # B, three hexes ahead of A, is hit two ahead. Follow Through (s-031, attack
    # successful): step 1 forward (Commit To Hit: it must), then attack front.
    state = table(
        {
            "A": character("ronin", ((0, 0), 0), hand=["s-031"]),
            "B": character("master", ((3, 0), 3)),
        }
    )
    run = resolve(
        play(state, "A", "s-004"),
        "A",
        "s-004",
        answers=[{"kind": "instant", "card": "s-031"}],
    )
    assert run.asks[0].kind == "instant"
    assert run.asks[0].side == "A"
    assert run.state["characters"]["B"]["wounds"] == 2
    assert run.state["characters"]["A"]["hex"] == [2, 0]
    assert run.state["characters"]["A"]["hand"] == []
    assert run.state["characters"]["A"]["discard"] == [{"card": "s-031", "up": True}]
    assert run.state["instants"] == [{"side": "A", "card": "s-031", "turn": 1}]
    assert [e["card"] for e in run.of("resolving")] == ["s-004", "s-031"]


def test_instant_additional_cards_block_successful_lets_the_blocker_play_one() -> None:
    # Riposte (s-030, block successful): attack front.
    state = table(
        {
            "A": character("ronin", ((0, 0), 0)),
            "B": character("master", ((1, 0), 3), hand=["s-030"]),
        }
    )
    state = with_block(play(state, "A", "s-002"), "B", [(0, 0)], speed=6)
    run = resolve(state, "A", "s-002", answers=[{"kind": "instant", "card": "s-030"}])
    assert run.asks[0].side == "B"
    assert run.state["characters"]["A"]["wounds"] == 1
    assert run.state["characters"]["B"]["wounds"] == 0


def test_instant_additional_cards_without_a_condition_follow_the_chosen_card() -> None:
    # Firm Mind (s-010), then Second Wind (s-032): gain 1 focus, then rotate 1.
    state = _duel(["s-032"])
    run = resolve(
        play(state, "A", "s-010"),
        "A",
        "s-010",
        answers=[
            {"kind": "instant", "card": "s-032"},
            {"kind": "move", "hex": [0, 0], "facing": 1, "collision": None},
        ],
    )
    assert run.state["characters"]["A"]["focus"] == 2
    assert run.state["characters"]["A"]["facing"] == 1


def test_instant_cards_one_instant_card_per_turn() -> None:
    state = {**_duel(["s-032"]), "instants": [{"side": "A", "card": "s-031", "turn": 1}]}
    run = resolve(play(state, "A", "s-010"), "A", "s-010")
    assert run.asks == []


def test_instant_cards_not_after_playing_a_core_card() -> None:
    state = _duel(["s-032", "core-ronin"])
    run = resolve(
        play(state, "A", "core-ronin"), "A", "core-ronin", otherwise=lambda ask: ask.options[0]
    )
    assert all(ask.kind != "instant" for ask in run.asks)


def test_instant_cards_an_instant_replacement_is_the_turns_instant() -> None:
    state = play(_duel(["s-032"]), "A", "s-010")
    state["characters"]["A"]["played"]["replaced"] = "s-002"
    run = resolve(state, "A", "s-010")
    assert run.asks == []


def test_instant_additional_cards_declining_goes_on_with_the_card() -> None:
    state = _duel(["s-032"])
    run = resolve(
        play(state, "A", "s-010"), "A", "s-010", answers=[{"kind": "instant", "card": None}]
    )
    assert run.state["characters"]["A"]["hand"] == ["s-032"]
    assert not effects.active(run.state)

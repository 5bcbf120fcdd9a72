"""Blocks (Resolving Blocks, Counters, If Successful, Targeted Character,
Multiplayer Rules > Blocking, the Block Timing Sequence)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import State
from tests.unit.senjutsu.builders import attack, card, line
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    Answer,
    Run,
    character,
    play,
    resolve,
    table,
    with_block,
)


def _duel(**hands: list[str]) -> dict:  # type: ignore[type-arg]
    # A attacks from (0, 0) facing east; B stands in front, facing A.
    return table(
        {
            "A": character("ronin", ((0, 0), 0), hand=hands.get("A", [])),
            "B": character("master", ((1, 0), 3), hand=hands.get("B", [])),
        }
    )


def _cut_into_block(
    state: State | None = None,
    blocker: str = "B",
    hexes: Sequence[tuple[int, int]] = ((0, 0),),
    answers: Sequence[Answer] = (),
    **block: Any,
) -> Run:
    """A's Straight Cut (s-002, speed 6) on ``state`` (a :func:`_duel` unless given) into
    ``blocker``'s block in ``hexes`` (A's hex unless given) at speed 6 (``block``: the
    block's card and effects, see ``with_block``), with these ``answers``."""
    start = play(state if state is not None else _duel(), "A", "s-002")
    blocked = with_block(start, blocker, hexes, speed=6, **block)
    return resolve(blocked, "A", "s-002", answers=answers)


def test_blocks_a_resolved_block_effect_adds_blocks_around_the_defender_at_its_speed() -> None:
    # Calm Defence (s-008) at 4: B faces west, so its front hexes are west of it.
    state = play(_duel(), "B", "s-008", speed=4)
    run = resolve(state, "B", "s-008")
    (block,) = run.state["blocks"]
    assert block["side"] == "B"
    assert block["speed"] == 4
    assert block["turn"] == 1
    assert block["hexes"] == [[0, 0], [0, 1], [1, -1]]


def test_resolving_blocks_an_attack_at_the_block_speed_does_not_affect_the_defender() -> None:
    # Condition 1: the block is in the attacker's hex.
    run = _cut_into_block()
    assert run.of("attacked")[0]["blocked"] == ["B"]
    assert run.state["characters"]["B"]["wounds"] == 0


def test_resolving_blocks_the_shortest_path_through_a_block_stops_the_attack() -> None:
    # Condition 2: Advancing Thrust style, B two ahead, the block between them.
    cards = card("x-far", line(attack((2, 0))), name="Far")
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((2, 0), 3))}, cards=cards
    )
    state = with_block(play(state, "A", "x-far"), "B", [(1, 0)], speed=5)
    run = resolve(state, "A", "x-far")
    assert run.of("attacked")[0]["blocked"] == ["B"]


def test_blocks_exist_for_their_initiative_speed_only() -> None:
    state = with_block(play(_duel(), "A", "s-002"), "B", [(0, 0)], speed=5)
    run = resolve(state, "A", "s-002")  # Straight Cut is speed 6
    assert run.of("attacked")[0]["blocked"] == []
    assert run.state["characters"]["B"]["wounds"] == 1


def test_blocks_only_stop_effects_of_attack_cards() -> None:
    cards = card(
        "x-med", line(attack((1, 0))), kind="meditation", initiative=6, name="Meditative Strike"
    )
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((1, 0), 3))}, cards=cards
    )
    state = with_block(play(state, "A", "x-med"), "B", [(0, 0)], speed=6)
    run = resolve(state, "A", "x-med")
    assert run.state["characters"]["B"]["wounds"] == 1


def test_resolving_blocks_terrain_always_adds_a_block() -> None:
    cards = card("x-far", line(attack((2, 0))), name="Far")
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((2, 0), 3))},
        terrain=[("t1", "rocks", [(1, 0)])],
        cards=cards,
    )
    run = resolve(play(state, "A", "x-far"), "A", "x-far")
    assert run.of("attacked")[0]["blocked"] == ["B"]
    assert run.state["characters"]["B"]["wounds"] == 0


def test_counters_the_blocker_may_discard_an_attack_card_to_wound_the_attacker() -> None:
    # Watchful Stance (s-021) counters speeds 4 and 5; Hamstring Cut (s-013) is speed 4.
    state = _duel(B=["s-002", "s-010"])
    state = with_block(
        play(state, "A", "s-013"), "B", [(0, 0)], speed=4, counter=[4, 5], card="s-021"
    )
    run = resolve(state, "A", "s-013", answers=[{"kind": "counter", "card": "s-002"}])
    counter_ask = run.asks[-1]
    assert counter_ask.side == "B"
    assert counter_ask.kind == "counter"
    assert [o["card"] for o in counter_ask.options] == ["s-002", None]  # attack cards only
    assert run.state["characters"]["A"]["wounds"] == 1
    assert run.state["characters"]["B"]["discard"] == [{"card": "s-002", "up": True}]


def test_counters_apply_only_at_the_counter_speeds() -> None:
    state = with_block(
        play(_duel(B=["s-002"]), "A", "s-002"), "B", [(0, 0)], speed=6, counter=[4, 5]
    )
    run = resolve(state, "A", "s-002")
    assert run.asks == []
    assert run.state["characters"]["A"]["wounds"] == 0


def test_if_successful_after_a_block_resolves_once_an_attack_was_blocked() -> None:
    # Ironwall Defence (s-033): If successful, gain 1 focus (for the blocker).
    run = _cut_into_block(card="s-033", if_successful=[{"do": "focus", "n": 1}])
    assert run.state["characters"]["B"]["focus"] == 1
    assert run.state["current"] is None  # the nested frame gave the attack back


def test_targeted_character_after_a_block_is_every_character_whose_attack_it_blocked() -> None:
    # Unyielding (s-057): targeted character, 1 wound.
    run = _cut_into_block(card="s-057", targeted=[{"do": "wound", "n": 1}])
    assert run.state["characters"]["A"]["wounds"] == 1
    assert run.state["characters"]["B"]["wounds"] == 0


def test_multiplayer_blocking_a_block_covers_other_characters_in_its_hexes() -> None:
    # C's block covers B's hex: A's attack on B is blocked, by C.
    state = table(
        {
            "A": character("ronin", ((0, 0), 0)),
            "B": character("master", ((1, 0), 3)),
            "C": character("student", ((2, 0), 3)),
        }
    )
    run = _cut_into_block(
        state, "C", [(1, 0)], card="s-033", if_successful=[{"do": "focus", "n": 1}]
    )
    assert run.of("attacked")[0]["blocked"] == ["B"]
    assert run.state["characters"]["B"]["wounds"] == 0
    assert run.state["characters"]["C"]["focus"] == 1


def test_block_timing_sequence_a_defence_card_places_its_block_then_resolves_its_other_lines() -> (
    None
):
    # Turning Guard (s-012): block front, then mandatory rotate 2 (same direction).
    state = play(_duel(), "B", "s-012")
    run = resolve(
        state,
        "B",
        "s-012",
        answers=[{"kind": "move", "hex": [1, 0], "facing": 1, "collision": None}],
    )
    assert run.state["blocks"][0]["hexes"] == [[0, 0]]
    assert run.state["characters"]["B"]["facing"] == 1
    assert sorted(o["facing"] for o in run.asks[0].options) == [1, 5]


def test_blocks_a_core_weapon_cards_attack_is_an_attack_card_and_can_be_blocked() -> None:
    # Wakizashi (w-wakizashi, speed 6): attack front.
    state = with_block(play(_duel(), "A", "w-wakizashi"), "B", [(0, 0)], speed=6)
    run = resolve(state, "A", "w-wakizashi")
    assert run.of("attacked")[0]["blocked"] == ["B"]


def test_faq_a_blocks_if_successful_needs_only_the_block_not_the_counter() -> None:
    # Void Stance (s-048) style: counter 5 and 6, If Successful: advantage. B declines
    # the counter; its If Successful still resolves.
    state = {**_duel(B=["s-002"]), "advantage": ["A", "B"]}
    run = _cut_into_block(
        state,
        answers=[{"kind": "counter", "card": None}],
        card="s-048",
        counter=[5, 6],
        if_successful=[{"do": "advantage"}],
    )
    assert run.state["characters"]["A"]["wounds"] == 0
    assert run.state["advantage"] == ["B", "A"]
    assert run.state["characters"]["B"]["discard"] == []

"""Senjutsu set-up: Battlefield Setup and Player Setup steps 5-13, each test named after
the paragraph it checks."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.core import IllegalCommand, InvalidCommand, SeededDice, state_hash
from engine.hexgrid import Hex
from engine.senjutsu import rules
from tests.unit.senjutsu.test_senjutsu_turn_helpers import (
    CATALOGUE,
    RULESET,
    kinds,
    placed,
    play,
    player,
    setup,
    started,
)


def test_start_is_deterministic_and_canonical() -> None:
    one = RULESET.start(setup("ronin", "student"), SeededDice("s", 0))
    two = RULESET.start(setup("ronin", "student"), SeededDice("s", 0))
    assert state_hash(one) == state_hash(two)
    other = RULESET.start(setup("ronin", "student"), SeededDice("other", 0))
    assert other["characters"]["A"]["deck"] != one["characters"]["A"]["deck"]


def _rocks_at(*hexes: tuple[int, int]) -> dict[str, Any]:
    """The Ronin against the Student with rocks (facing east) in ``hexes``."""
    rocks = [{"terrain": "rocks", "hex": list(h), "facing": 0} for h in hexes]
    return setup("ronin", "student", terrain=rocks)


def test_battlefield_setup_terrain_cannot_be_placed_within_2_hexes_of_other_terrain() -> None:
    near = _rocks_at((0, 4), (2, 4))
    with pytest.raises(InvalidCommand, match="within 2 hexes"):
        RULESET.start(near, SeededDice("s", 0))
    far = _rocks_at((0, 4), (3, 4))
    state = RULESET.start(far, SeededDice("s", 0))
    assert [piece["hexes"] for piece in state["terrain"]] == [[[0, 4]], [[3, 4]]]


def test_component_list_terrain_no_more_pieces_of_a_kind_than_the_box_holds() -> None:
    """Component List > Terrain: 3 rocks, 1 shrine... a fourth rock is refused, naming it."""
    rocks = [{"terrain": "rocks", "hex": [3 * i, 4], "facing": 0} for i in range(3)]
    state = RULESET.start(setup("ronin", "student", terrain=rocks), SeededDice("s", 0))
    assert len(state["terrain"]) == 3
    four = [*rocks, {"terrain": "rocks", "hex": [0, 8], "facing": 0}]
    with pytest.raises(InvalidCommand, match=r"terrain\[3\]\.terrain: the box holds 3 Rocks"):
        RULESET.start(setup("ronin", "student", terrain=four), SeededDice("s", 0))


def test_battlefield_setup_a_torii_gate_middle_hex_is_not_terrain() -> None:
    state = RULESET.start(
        setup("ronin", "student", terrain=[{"terrain": "torii-gate", "hex": [0, 4], "facing": 0}]),
        SeededDice("s", 0),
    )
    (gate,) = state["terrain"]
    assert gate["hexes"] == [[-1, 4], [0, 4], [1, 4]]
    assert gate["solid"] == [[-1, 4], [1, 4]]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"battlefield": "moon"}, "battlefield"),
        ({"mode": "campaign"}, "mode"),
        ({"mode": "solo"}, "players"),  # a solo duel has one player (and opponents)
        ({"players": [player("A", "ronin")]}, "players"),
        ({"players": [player("A", "ronin"), player("B", "ronin")]}, "players"),
        ({"players": [player("A", "ronin"), player("C", "student")]}, "players[1].side"),
        ({"players": [player("A", "ronin", weapon="w-bo"), player("B", "student")]}, "weapon"),
        ({"players": [player("A", "ronin", deck=["s-001"]), player("B", "student")]}, "deck"),
        (
            {"players": [{**player("A", "ronin"), "character": "nobody"}, player("B", "student")]},
            "character",
        ),
        ({"terrain": [{"terrain": "volcano", "hex": [0, 0], "facing": 0}]}, "terrain"),
        ({"extra": 1}, "extra"),
    ],
)
def test_setup_refuses_what_is_wrong_naming_the_field(
    change: dict[str, object], field: str
) -> None:
    wrong = {**setup("ronin", "student"), **change}
    with pytest.raises(InvalidCommand, match=field.replace("[", r"\[").replace("]", r"\]")):
        RULESET.start(wrong, SeededDice("s", 0))


def test_component_list_two_players_may_both_pick_the_noblewoman() -> None:
    state = started("noblewoman", "noblewoman")
    assert [state["characters"][s]["character"] for s in "AB"] == ["noblewoman", "noblewoman"]


def test_player_setup_5_6_core_ability_and_core_weapon_cards_start_in_hand() -> None:
    state = started("ronin", "student")
    ronin = CATALOGUE.character("ronin")
    assert sorted(state["characters"]["A"]["hand"]) == sorted([ronin.core_card, ronin.weapons[0]])


def test_player_setup_7_prepared_cards_at_most_one_copy_each_up_to_the_hand_limit() -> None:
    ronin = CATALOGUE.character("ronin")
    deck = list(ronin.deck)
    twice = next(c for c in deck if deck.count(c) > 1)
    good = setup("ronin", "student")
    good["players"][0]["prepared"] = [twice]
    state = RULESET.start(good, SeededDice("s", 0))
    mine = state["characters"]["A"]
    assert twice in mine["hand"]
    assert len(mine["deck"]) == len(deck) - 1
    bad = copy.deepcopy(good)
    bad["players"][0]["prepared"] = [twice, twice]
    with pytest.raises(InvalidCommand, match="prepared"):
        RULESET.start(bad, SeededDice("s", 0))
    many = copy.deepcopy(good)
    many["players"][0]["prepared"] = sorted(set(deck))[: ronin.hand_limit + 1]
    with pytest.raises(InvalidCommand, match="prepared"):
        RULESET.start(many, SeededDice("s", 0))


def test_player_setup_8_the_remaining_cards_are_shuffled_into_the_deck() -> None:
    state = started("ronin", "student")
    deck = state["characters"]["A"]["deck"]
    assert sorted(deck) == sorted(CATALOGUE.character("ronin").deck)
    assert deck != sorted(deck)


def test_player_setup_9_the_kamae_ring_starts_on_the_start_position() -> None:
    state = started("ronin", "student")
    assert state["characters"]["A"]["kamae"] == CATALOGUE.tree("ronin").start


def test_player_setup_10_the_advantage_track_orders_by_advantage_number() -> None:
    state = started("warrior", "student", "master")
    numbers = {s: CATALOGUE.character(state["characters"][s]["character"]).advantage for s in "ABC"}
    assert state["advantage"] == sorted("ABC", key=lambda s: -numbers[s])


def test_player_setup_11_the_lowest_on_the_track_places_first_on_any_empty_hex() -> None:
    state = started("ronin", "student")
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "place"
    assert prompt.sides == (state["advantage"][-1],)
    board = len(state["board"]["hexes"])
    assert len(list(RULESET.legal(state, prompt.sides[0]))) == board * 6
    other = state["advantage"][0]
    with pytest.raises(IllegalCommand, match="decision") as refused:
        RULESET.decide(
            state, {"kind": "place", "side": other, "hex": [0, 4], "facing": 0}, SeededDice("s", 1)
        )
    assert refused.value.rule == rules.TURN_TIMING


def test_player_setup_12_more_than_3_hexes_away_from_characters_already_placed() -> None:
    state = started("ronin", "student")
    first = state["advantage"][-1]
    state, _ = play(state, {"kind": "place", "side": first, "hex": [0, 4], "facing": 2})
    second = state["advantage"][0]
    hexes = {tuple(c["hex"]) for c in RULESET.legal(state, second)}
    assert hexes
    assert all(Hex(q, r).distance(Hex(0, 4)) > 3 for q, r in hexes)
    with pytest.raises(IllegalCommand) as refused:
        RULESET.decide(
            state, {"kind": "place", "side": second, "hex": [1, 4], "facing": 0}, SeededDice("s", 2)
        )
    assert refused.value.rule == rules.PLAYER_SETUP_PLACEMENT


def test_player_setup_12_if_not_possible_as_many_hexes_away_as_you_can() -> None:
    state = started("ronin", "student")
    # A small battlefield: every hex within 3 of the centre, the first character on it.
    small = [
        h for q in range(-3, 4) for r in range(-3, 4) if (h := Hex(q, r)).distance(Hex(0, 0)) <= 3
    ]
    state = {**state, "board": {"hexes": [h.to_json() for h in sorted(small)]}}
    first = state["advantage"][-1]
    state, _ = play(state, {"kind": "place", "side": first, "hex": [0, 0], "facing": 0})
    second = state["advantage"][0]
    legal = {Hex(*c["hex"]) for c in RULESET.legal(state, second)}
    assert legal == {h for h in small if h.distance(Hex(0, 0)) == 3}


def test_player_setup_13_draw_to_the_hand_limit_core_cards_never_count() -> None:
    state = placed("ronin", "student")
    for side in "AB":
        mine = state["characters"][side]
        non_core = [c for c in mine["hand"] if not CATALOGUE.card(c).core]
        # The hand limit at set-up, plus the first turn's draw.
        assert len(non_core) == mine["hand_limit"] + 1
        assert len(mine["hand"]) == mine["hand_limit"] + 3


def test_placing_the_last_character_starts_the_first_turn_with_its_draw() -> None:
    state = started("ronin", "student")
    state, _ = play(state, next(iter(RULESET.legal(state, state["advantage"][-1]))))
    state, events = play(state, next(iter(RULESET.legal(state, state["advantage"][0]))), 2)
    assert kinds(events)[0] == "placed"
    assert "turn_started" in kinds(events)
    assert events[-1]["type"] == "drew"
    assert state["turn"] == 1
    assert state["phase"] == "choose"

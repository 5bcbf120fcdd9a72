"""The analysis facts of finished Senjutsu duels: characters as factions, the top of
the advantage track as the first-player mark, the cards each side revealed (how
often, and the wounds they dealt), wounds, stuns and focus.

The first tests fold hand-written event streams in the contract's shapes (section
8) with a minimal evolve (focus, wounds and stuns: what the fold reads); the
last ones analyse real bot duels through the ruleset."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.core import Event, Outcome, State, Termination, canonical_json
from engine.senjutsu.analysis import (
    CARD,
    ENDING_LABELS,
    ENDINGS,
    catalogue_card_names,
    game_facts,
)


def _character(character: str, weapon: str) -> dict[str, Any]:
    return {
        "character": character, "weapon": weapon, "tree": character, "hex": None, "facing": 0,
        "kamae": "n", "focus": 0, "wounds": 0, "bleeding": 0, "wound_limit": 6, "hand_limit": 5,
        "hobbles": [], "hand": [], "stuns": 0, "deck": [], "discard": [], "played": None,
        "defeated": False, "solo": None,
    }  # fmt: skip


def _initial() -> State:
    return {
        "schema": 1, "mode": "duel", "turn": 0, "phase": "place",
        "sides": ["A", "B"], "advantage": ["B", "A"],
        "characters": {"A": _character("ronin", "w-katana"), "B": _character("master", "w-bo")},
        "winner": None,
    }  # fmt: skip


def _evolve(state: State, event: Event) -> State:
    """What the fold reads of a state: focus, wounds and stuns."""
    after = copy.deepcopy(state)
    if event["type"] in ("focus_changed", "focus_paid"):
        after["characters"][event["side"]]["focus"] = event["focus"]
    elif event["type"] == "wounded":
        after["characters"][event["side"]]["wounds"] += event["wounds"]
        after["characters"][event["side"]]["bleeding"] += event["bleeding"]
    elif event["type"] == "drew_wound":
        after["characters"][event["side"]]["wounds"] += event["wounds"]
    elif event["type"] == "stunned":
        after["characters"][event["side"]]["stuns"] += 1
    return after


def _names(card: str) -> tuple[str, str]:
    return card.upper(), "attack"


WON_BY_A = Outcome(Termination.ANNIHILATION, "A")

DUEL: list[Event] = [
    {"type": "turn_started", "turn": 1},
    {"type": "revealed", "cards": {"A": "s-001", "B": "s-002"}},
    {"type": "resolving", "side": "B", "card": "s-002", "part": "top", "speed": 6},
    {"type": "resolving", "side": "A", "card": "s-001", "part": "top", "speed": 5},
    {"type": "wounded", "side": "B", "wounds": 1, "bleeding": 1, "by": "A", "card": "s-001"},
    {"type": "focus_changed", "side": "B", "focus": 2},
    {"type": "turn_ended", "turn": 1},
    {"type": "turn_started", "turn": 2},
    {"type": "revealed", "cards": {"A": "s-001", "B": "stun"}},
    {"type": "focus_paid", "side": "B", "focus": 1},
    {"type": "resolving", "side": "A", "card": "s-001", "part": "top", "speed": 5},
    {"type": "resolving", "side": "A", "card": "s-001", "part": "split", "speed": 3},
    {"type": "wounded", "side": "B", "wounds": 2, "bleeding": 0, "by": "A", "card": "s-001"},
    {"type": "resolving", "side": "A", "card": "s-050", "part": "top", "speed": 5},
    {"type": "wounded", "side": "B", "wounds": 2, "bleeding": 0, "by": "A", "card": "s-050"},
    {"type": "stunned", "side": "B", "by": "A"},
    {"type": "wounded", "side": "A", "wounds": 1, "bleeding": 0, "by": None, "card": None},
    {"type": "defeated", "side": "B"},
    {"type": "game_over", "winner": "A"},
]


def _facts(events: list[Event] = DUEL, outcome: Outcome = WON_BY_A) -> Any:
    return game_facts(_initial(), events, outcome, _evolve, _names)


def test_winning_the_game_the_last_character_standing_scores_the_victory_point() -> None:
    a, b = _facts().sides
    assert (a.side, a.faction, a.victory_points) == ("A", "ronin", 1)
    assert (b.side, b.faction, b.victory_points) == ("B", "master", 0)
    assert a.ending == b.ending == "annihilation" == ENDINGS[Termination.ANNIHILATION]
    assert a.turns == b.turns == 2
    assert b.extra["defeated_on_turn"] == 2
    assert a.extra["defeated_on_turn"] is None


def test_player_setup_the_top_of_the_advantage_track_holds_the_first_player_mark() -> None:
    a, b = _facts().sides
    assert (a.first, b.first) == (False, True)


def test_reveal_each_card_a_side_revealed_is_a_card_fact_with_how_often_it_was_played() -> None:
    units = {(u.side, u.extra["card"]): u for u in _facts().units}
    assert set(units) == {("A", "s-001"), ("A", "s-050"), ("B", "s-002")}
    assert units["A", "s-001"].unit == "A.s-001"  # unique in the game: both may play it
    katana = units["A", "s-001"]
    assert (katana.type, katana.name, katana.cost) == (CARD, "S-001", 0)
    # Revealed twice, its top and split parts resolved: once per turn.
    assert katana.extra == {"card": "s-001", "times": 2, "card_type": "attack"}
    assert katana.casualties_caused == 4  # 1 wound + 1 bleeding, then 2 wounds
    assert katana.survived
    assert not units["B", "s-002"].survived
    assert units["A", "s-050"].casualties_caused == 2


def test_instant_additional_cards_resolved_from_hand_count_as_played() -> None:
    units = {(u.side, u.extra["card"]): u for u in _facts().units}
    assert units["A", "s-050"].extra["times"] == 1
    assert _facts().sides[0].extra["cards_played"] == 3  # s-001 twice, s-050 once


def test_instant_replacement_cards_the_replaced_card_and_its_replacement_were_both_revealed() -> (
    None
):
    events: list[Event] = [
        {"type": "turn_started", "turn": 1},
        {"type": "revealed", "cards": {"A": "s-001", "B": "s-002"}},
        {"type": "replaced", "side": "A", "card": "s-009", "replaced": "s-001"},
        {"type": "resolving", "side": "A", "card": "s-009", "part": "top", "speed": 4},
        {"type": "game_over", "winner": None},
    ]
    facts = _facts(events, Outcome(Termination.CONCESSION, "B"))
    assert sorted((u.side, u.unit, u.extra["times"]) for u in facts.units) == [
        ("A", "A.s-001", 1),
        ("A", "A.s-009", 1),
        ("B", "B.s-002", 1),
    ]
    assert [s.ending for s in facts.sides] == ["concession", "concession"]
    assert [s.victory_points for s in facts.sides] == [0, 1]


def test_stun_a_stun_played_instead_of_an_ability_card_is_no_card() -> None:
    b = _facts().sides[1]
    assert b.extra["stuns_played"] == 1
    assert b.extra["cards_played"] == 1
    assert all(u.extra["card"] != "stun" for u in _facts().units)


def test_attacks_bleeding_a_bleeding_wound_counts_as_a_wound_taken_and_dealt() -> None:
    a, b = _facts().sides
    assert b.extra["wounds_taken"] == 6
    assert b.extra["bleeding_taken"] == 1
    assert a.extra["wounds_dealt"] == 6
    # A's own wound (a collision: by nobody) is taken, not dealt by anyone.
    assert a.extra["wounds_taken"] == 1
    assert b.extra["wounds_dealt"] == 0


def test_winning_the_game_a_character_is_defeated_by_wounds_up_to_its_wound_limit() -> None:
    _, b = _facts().sides
    assert b.extra["defeated_by"] == "wounds"
    assert b.extra["defeated_on_turn"] == 2


def test_winning_the_game_a_character_is_defeated_by_stuns_up_to_its_hand_size() -> None:
    events: list[Event] = [{"type": "turn_started", "turn": 1}]
    events += [{"type": "stunned", "side": "A", "by": "B"}] * 5
    events += [{"type": "defeated", "side": "A"}, {"type": "game_over", "winner": "B"}]
    a, b = _facts(events, Outcome(Termination.ANNIHILATION, "B")).sides
    assert a.extra["defeated_by"] == "stuns"
    assert (a.extra["stuns_taken"], b.extra["stuns_dealt"]) == (5, 5)


def test_attacks_execution_defeats_regardless_of_wounds_and_concession_is_its_own() -> None:
    executed: list[Event] = [
        {"type": "turn_started", "turn": 3},
        {"type": "defeated", "side": "B", "by": "A", "cause": "execution"},
    ]
    assert _facts(executed).sides[1].extra["defeated_by"] == "execution"
    conceded: list[Event] = [{"type": "conceded", "side": "A"}, {"type": "defeated", "side": "A"}]
    facts = _facts(conceded, Outcome(Termination.CONCESSION, "B"))
    assert facts.sides[0].extra["defeated_by"] == "concession"
    assert facts.sides[0].turns == 0


def test_draw_drawing_from_an_empty_deck_is_a_wound_taken_and_dealt_by_nobody() -> None:
    events: list[Event] = [
        {"type": "turn_started", "turn": 40},
        {"type": "drew_wound", "side": "A", "wounds": 1},
        {"type": "drew_wound", "side": "B", "wounds": 1},
        {"type": "drew_wound", "side": "A", "wounds": 1},
    ]
    a, b = _facts(events).sides
    assert (a.extra["wounds_taken"], a.extra["empty_deck_wounds"]) == (2, 2)
    assert (b.extra["wounds_taken"], b.extra["empty_deck_wounds"]) == (1, 1)
    assert a.extra["wounds_dealt"] == b.extra["wounds_dealt"] == 0


def test_stun_stuns_taken_and_dealt() -> None:
    a, b = _facts().sides
    assert (b.extra["stuns_taken"], a.extra["stuns_dealt"]) == (1, 1)


def test_optional_focus_cost_focus_gained_and_spent() -> None:
    b = _facts().sides[1]
    assert (b.extra["focus_gained"], b.extra["focus_spent"]) == (2, 1)


def test_both_sides_may_play_the_same_card_and_each_has_its_own_fact() -> None:
    events: list[Event] = [
        {"type": "turn_started", "turn": 1},
        {"type": "revealed", "cards": {"A": "s-010", "B": "s-010"}},
    ]
    units = _facts(events, Outcome(Termination.CONCESSION, "A")).units
    assert [(u.side, u.unit, u.name) for u in units] == [
        ("A", "A.s-010", "S-010"),
        ("B", "B.s-010", "S-010"),
    ]


def test_the_facts_name_the_weapon_and_every_ending_has_a_label() -> None:
    a, _ = _facts().sides
    assert a.extra["weapon"] == "w-katana"
    assert set(ENDINGS.values()) == set(ENDING_LABELS)


def test_card_names_come_from_the_catalogue_and_an_unknown_card_keeps_its_id() -> None:
    assert catalogue_card_names("core-ronin") == ("Ronin's Wariness", "core")
    assert catalogue_card_names("no-such-card") == ("no-such-card", "unknown")


def test_the_facts_are_canonical_json_and_the_same_every_time() -> None:
    facts = _facts()
    assert facts == _facts()
    for side in facts.sides:
        canonical_json(dict(side.extra))
    for unit in facts.units:
        canonical_json(dict(unit.extra))


@pytest.mark.parametrize("termination", list(Termination))
def test_every_termination_has_an_ending(termination: Termination) -> None:
    assert ENDINGS[termination] in ENDING_LABELS

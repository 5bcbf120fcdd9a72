"""The single-elimination top cut."""

from __future__ import annotations

import pytest

from shiai.tournaments.model import InvalidHistory, Tiebreak
from shiai.tournaments.standings import compute_standings
from shiai.tournaments.topcut import bracket_order, build_bracket, round_name, top_cut_seeds
from tests.unit.tournaments.builders import field, game, history, played

EIGHT = tuple("ABCDEFGH")  # seeds 1..8


def test_bracket_order_is_the_standard_seeding() -> None:
    assert bracket_order(2) == (1, 2)
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert bracket_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


@pytest.mark.parametrize("size", [4, 8, 16, 32])
def test_first_round_pairs_seed_k_with_seed_n_plus_one_minus_k(size: int) -> None:
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    for i in range(0, size, 2):
        assert order[i] + order[i + 1] == size + 1


@pytest.mark.parametrize("size", [4, 8, 16])
def test_seeds_one_and_two_can_only_meet_in_the_final(size: int) -> None:
    order = bracket_order(size)
    half = size // 2
    assert 1 in order[:half]
    assert 2 in order[half:]
    # More generally the top 2^k seeds are in different 1/2^k of the bracket.
    quarter = size // 4
    quarters = [set(order[i : i + quarter]) for i in range(0, size, quarter)]
    assert all(len(q & {1, 2, 3, 4}) == 1 for q in quarters)


def test_bracket_order_refuses_a_size_that_is_not_a_power_of_two() -> None:
    with pytest.raises(InvalidHistory, match="power of two"):
        bracket_order(6)


def test_winners_advance_until_there_is_a_champion() -> None:
    bracket = build_bracket(EIGHT)
    first = bracket.rounds[0]
    assert [(m.a, m.b, m.seed_a, m.seed_b) for m in first] == [
        ("A", "H", 1, 8),
        ("D", "E", 4, 5),
        ("B", "G", 2, 7),
        ("C", "F", 3, 6),
    ]
    assert len(bracket.ready_matches()) == 4
    winners = {(1, 1): "A", (1, 2): "E", (1, 3): "G", (1, 4): "C"}
    bracket = build_bracket(EIGHT, winners)
    semis = bracket.rounds[1]
    assert [(m.a, m.b) for m in semis] == [("A", "E"), ("G", "C")]
    assert bracket.champion is None
    winners |= {(2, 1): "E", (2, 2): "G"}
    final_match = build_bracket(EIGHT, winners).match(3, 1)
    assert (final_match.a, final_match.b) == ("E", "G")
    winners[(3, 1)] = "G"
    final = build_bracket(EIGHT, winners)
    assert final.champion == "G"
    assert final.ready_matches() == ()


def test_a_winner_who_is_not_in_the_match_is_refused() -> None:
    with pytest.raises(InvalidHistory, match="cannot win"):
        build_bracket(EIGHT, {(1, 1): "B"})
    with pytest.raises(InvalidHistory, match="cannot win"):
        build_bracket(EIGHT, {(2, 1): "A"})  # the semi-final is not ready
    with pytest.raises(InvalidHistory, match="no top cut match"):
        build_bracket(EIGHT, {(4, 1): "A"})


def test_top_cut_takes_the_best_players_still_in_the_event() -> None:
    players = field(*"ABCDEF", A={"dropped_after_round": 1})
    after_one = history(
        players,
        played(1, game("A", "B", "A", 9, 0), game("C", "D", "C", 8, 0), game("E", "F", "E", 7, 0)),
        tiebreaks=(Tiebreak.VICTORY_POINTS,),
    )
    standings = compute_standings(after_one)
    assert top_cut_seeds(standings, 4) == ("C", "E", "B", "D")
    with pytest.raises(InvalidHistory, match="only 5 remain"):
        top_cut_seeds(standings, 8)


def test_rounds_are_named_from_the_final_backwards() -> None:
    assert [round_name(r, 4) for r in (1, 2, 3, 4)] == [
        "Round of 16",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]

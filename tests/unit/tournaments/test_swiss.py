"""The Swiss pairer, one rule per test, on small hand-made histories.

Ties in score are settled by victory points (the only tiebreak used here), so
the standings order, and hence the expected pairing, is exact.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from shiai.tournaments import matching, swiss
from shiai.tournaments.matching import Entrant, Horizon, Rules
from shiai.tournaments.model import (
    Bye,
    ClubAvoidance,
    InvalidHistory,
    NoValidPairing,
    Pairing,
    Round,
    Tiebreak,
)
from shiai.tournaments.swiss import pair_round
from tests.unit.tournaments.builders import as_pairs, field, game, history, pairs, played

VP = (Tiebreak.VICTORY_POINTS,)


def test_round_one_pairing_is_random_but_reproducible_from_the_seed() -> None:
    start = history(field(*"ABCDEFGHIJKLMNOP"))
    first = pair_round(start, seed=1)
    assert pair_round(start, seed=1) == first
    others = {frozenset(pairs(pair_round(start, seed=s))) for s in range(2, 8)}
    assert len(others | {frozenset(pairs(first))}) > 1
    assert all(len(p.players) == 2 for p in first.pairings)
    assert len(first.pairings) == 8
    assert first.byes == ()


@pytest.mark.parametrize("avoidance", [ClubAvoidance.HARD, ClubAvoidance.SOFT])
def test_round_one_never_pairs_club_mates_when_it_can_be_avoided(
    avoidance: ClubAvoidance,
) -> None:
    clubs = {pid: {"club": f"club-{i // 2}"} for i, pid in enumerate("ABCDEFGH")}
    start = history(field(*"ABCDEFGH", **clubs), club_avoidance=avoidance)
    for seed in range(20):
        proposal = pair_round(start, seed=seed)
        for pairing in proposal.pairings:
            assert clubs[pairing.a] != clubs[pairing.b]
        assert proposal.warnings == ()


def test_players_meet_opponents_on_the_same_score() -> None:
    after_one = history(
        field(*"ABCD"), played(1, game("A", "B", "A", 20, 0), game("C", "D", "C", 15, 5))
    )
    proposal = pair_round(after_one, seed=0)
    assert pairs(proposal) == as_pairs("AC", "BD")
    assert proposal.squared_score_difference == 0


def test_rematches_are_never_paired_even_when_it_costs_score_difference() -> None:
    # A 6, B 3, C 3, D 0: A v B or B v C would be closer, but both are rematches.
    after_two = history(
        field(*"ABCD"),
        played(1, game("A", "B", "A"), game("C", "D", "C")),
        played(2, game("A", "C", "A"), game("B", "D", "B")),
        tiebreaks=VP,
    )
    proposal = pair_round(after_two, seed=0)
    assert pairs(proposal) == as_pairs("AD", "BC")
    assert proposal.squared_score_difference == 36


def test_two_small_floats_are_preferred_to_one_big_one() -> None:
    # A 6; B, C, D, E 3; F 0. Squared differences: A v x and y v F cost 9 + 9,
    # A v F costs 36 (the absolute differences would tie at 6).
    after_two = history(
        field(*"ABCDEF"),
        played(
            1, game("A", "B", "A", 20, 15), game("C", "D", "C", 14, 2), game("E", "F", "E", 5, 1)
        ),
        played(2, game("A", "C", "A", 20, 0), game("B", "E", "B", 0, 0), game("D", "F", "D", 9, 0)),
        tiebreaks=VP,
    )
    # VP: A 40, B 15, C 14, D 11, E 5, F 1. A may float to D or E, F to B or C;
    # the lower floater (C) goes down, and A v E leaves B v D, not a rematch.
    proposal = pair_round(after_two, seed=0)
    assert pairs(proposal) == as_pairs("AE", "BD", "CF")
    assert proposal.squared_score_difference == 18


def test_odd_score_group_floats_its_lowest_ranked_player_to_the_top_of_the_next() -> None:
    # Winners A > B > C, losers D > E > F by victory points.
    after_one = history(
        field(*"ABCDEF"),
        played(
            1,
            game("A", "F", "A", 20, 2),
            game("B", "D", "B", 15, 8),
            game("C", "E", "C", 10, 5),
        ),
        tiebreaks=VP,
    )
    proposal = pair_round(after_one, seed=0)
    assert pairs(proposal) == as_pairs("AB", "CD", "EF")


def test_floats_happen_as_low_in_the_standings_as_possible() -> None:
    # A, B on 6; C, D on 3 (and have met); E, F on 0. Either the top pair floats
    # (A v C, B v D, E v F) or the middle pair does (A v B, C v E, D v F): both
    # cost 9 + 9, and the lower floats win.
    after_two = history(
        field(*"ABCDEF"),
        played(
            1, game("A", "E", "A", 20, 0), game("B", "F", "B", 19, 0), game("C", "D", "C", 9, 8)
        ),
        played(
            2, game("A", "F", "A", 20, 1), game("B", "C", "B", 19, 0), game("D", "E", "D", 8, 2)
        ),
        tiebreaks=VP,
    )
    proposal = pair_round(after_two, seed=0)
    assert pairs(proposal) == as_pairs("AB", "CE", "DF")
    assert proposal.squared_score_difference == 18


def test_bye_goes_to_lowest_ranked_player_without_one() -> None:
    # E had the round 1 bye (worth nothing here) and is last, so D, next from
    # the bottom, takes the round 2 bye.
    after_one = history(
        field(*"ABCDE"),
        played(1, game("A", "B", "A", 10, 4), game("C", "D", "C", 10, 2), byes=["E"]),
        tiebreaks=VP,
        bye_points=0,
    )
    proposal = pair_round(after_one, seed=0)
    assert proposal.byes == (Bye("D"),)
    assert pairs(proposal) == as_pairs("AC", "BE")


def test_bye_skips_the_lowest_ranked_player_if_the_rest_cannot_then_be_paired() -> None:
    # D is lowest without a bye, but without D, B (club-mate of C and E, and
    # A's round 1 opponent) would have nobody to play. So B takes the bye.
    players = field(*"ABCDE", B={"club": "Kai"}, C={"club": "Kai"}, E={"club": "Kai"})
    after_one = history(
        players,
        played(1, game("A", "B", "A", 10, 4), game("C", "D", "C", 9, 2), byes=["E"]),
        tiebreaks=VP,
        bye_points=0,
        club_avoidance=ClubAvoidance.HARD,
    )
    proposal = pair_round(after_one, seed=0)
    assert proposal.byes == (Bye("B"),)
    assert pairs(proposal) == as_pairs("AC", "DE")


def test_requested_bye_is_honoured_and_counts_as_the_players_bye() -> None:
    players = field(*"ABCDE", D={"requested_bye_rounds": frozenset({1})})
    first = pair_round(history(players, tiebreaks=VP), seed=0)
    assert first.byes == (Bye("D", requested=True),)
    assert len(first.pairings) == 2
    # Round 2: D (on 0 points, joint last) may not have a second bye; E,
    # the lowest-ranked of the others, takes it.
    after_one = history(
        players,
        played(1, game("A", "B", "A", 10, 1), game("C", "E", "C", 10, 0), requested=["D"]),
        tiebreaks=VP,
        bye_points=0,
        requested_bye_points=0,
    )
    second = pair_round(after_one, seed=0)
    assert second.byes == (Bye("E"),)
    assert pairs(second) == as_pairs("AC", "BD")


def test_player_with_a_later_requested_bye_is_not_given_the_odd_bye() -> None:
    start = history(field(*"ABC", C={"requested_bye_rounds": frozenset({3})}))
    byes = {pair_round(start, seed=seed).byes for seed in range(12)}
    assert byes == {(Bye("A"),), (Bye("B"),)}


def test_dropped_players_are_not_paired_after_their_drop_round() -> None:
    players = field(*"ABCDE", E={"dropped_after_round": 1})
    after_one = history(
        players,
        played(1, game("A", "B", "A", 10, 0), game("C", "D", "C", 10, 0), byes=["E"]),
        tiebreaks=VP,
    )
    proposal = pair_round(after_one, seed=0)
    assert pairs(proposal) == as_pairs("AC", "BD")
    assert proposal.byes == ()


def test_late_entries_join_in_their_entered_round_with_the_configured_points() -> None:
    players = field(*"ABCDE", E={"entered_round": 2})
    options = {"tiebreaks": VP, "late_entry_points_per_round": 3}
    first = pair_round(history(players, **options), seed=0)
    assert first.byes == ()
    assert "E" not in {p for pairing in first.pairings for p in pairing.players}
    # E joins on 3 points, level with the winners but last of them on VP, so
    # E floats down to D; B, the lowest, has the bye.
    after_one = history(
        players, played(1, game("A", "B", "A", 10, 0), game("C", "D", "C", 9, 1)), **options
    )
    second = pair_round(after_one, seed=0)
    assert second.byes == (Bye("B"),)
    assert pairs(second) == as_pairs("AC", "DE")


def test_hard_club_avoidance_never_pairs_club_mates() -> None:
    players = field(*"ABCD", A={"club": "Kai"}, B={"club": "Kai"})
    after_one = history(
        players,
        played(1, game("A", "C", "A", 10, 0), game("B", "D", "B", 9, 0)),
        tiebreaks=VP,
        club_avoidance=ClubAvoidance.HARD,
    )
    proposal = pair_round(after_one, seed=0)
    assert pairs(proposal) == as_pairs("AD", "BC")
    assert proposal.squared_score_difference == 18


def test_soft_club_avoidance_pairs_club_mates_when_avoiding_them_costs_more_than_the_penalty() -> (
    None
):
    players = field(*"ABCD", A={"club": "Kai"}, B={"club": "Kai"})
    rounds = played(1, game("A", "C", "A", 10, 0), game("B", "D", "B", 9, 0))
    # Avoiding A v B costs 9 + 9 = 18 points²: more than a penalty of 9...
    cheap = pair_round(history(players, rounds, tiebreaks=VP, soft_club_penalty=9), seed=0)
    assert pairs(cheap) == as_pairs("AB", "CD")
    assert len(cheap.warnings) == 1
    assert "Kai" in cheap.warnings[0]
    # ...but less than a penalty of 20.
    dear = pair_round(history(players, rounds, tiebreaks=VP, soft_club_penalty=20), seed=0)
    assert pairs(dear) == as_pairs("AD", "BC")
    assert dear.warnings == ()


def test_players_with_different_fixed_tables_are_not_paired_together_if_avoidable() -> None:
    players = field(*"ABCD", A={"fixed_table": 1}, B={"fixed_table": 2})
    after_one = history(
        players, played(1, game("A", "C", "A", 10, 0), game("B", "D", "B", 9, 0)), tiebreaks=VP
    )
    proposal = pair_round(after_one, seed=0)
    assert pairs(proposal) == as_pairs("AD", "BC")
    assert {(p.table, frozenset(p.players)) for p in proposal.pairings} == {
        (1, frozenset("AD")),
        (2, frozenset("BC")),
    }


def test_no_valid_pairing_names_the_players_who_cannot_be_paired() -> None:
    round_robin = history(
        field(*"ABCD"),
        played(1, game("A", "B", "A"), game("C", "D", "C")),
        played(2, game("A", "C", "A"), game("B", "D", "B")),
        played(3, game("A", "D", "A"), game("B", "C", "B")),
    )
    with pytest.raises(NoValidPairing, match="round 4") as raised:
        pair_round(round_robin, seed=0)
    assert set(raised.value.players) == set("ABCD")
    assert "A (A)" in raised.value.message


def test_no_valid_pairing_under_hard_club_avoidance_says_so() -> None:
    players = field(*"AB", A={"club": "Kai"}, B={"club": "Kai"})
    with pytest.raises(NoValidPairing, match="club-mates"):
        pair_round(history(players, club_avoidance=ClubAvoidance.HARD), seed=0)


def test_odd_field_where_everyone_has_had_a_bye_cannot_be_paired() -> None:
    players = field(*"ABC")
    rounds = (
        played(1, game("A", "B", "A"), byes=["C"]),
        played(2, game("A", "C", "A"), byes=["B"]),
        played(3, game("B", "C", "B"), byes=["A"]),
    )
    with pytest.raises(NoValidPairing, match="bye"):
        pair_round(history(players, *rounds), seed=0)


def test_pairing_requires_every_result_of_the_previous_rounds() -> None:
    pending = Round(1, (Pairing(1, "A", "B"),))
    with pytest.raises(InvalidHistory, match="without a result"):
        pair_round(history(field(*"AB"), pending), seed=0)


def test_pairing_is_a_pure_function_of_the_history_and_the_seed() -> None:
    after_one = history(
        field(*"ABCDEFG"),
        played(1, game("A", "B", "A"), game("C", "D", "="), game("E", "F", "F"), byes=["G"]),
    )
    assert pair_round(after_one, seed="x") == pair_round(after_one, seed="x")


@pytest.mark.parametrize("size", [60, 61])
def test_large_field_falls_back_to_the_exact_matching_when_the_windows_fail(
    size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = history(field(*(f"p{i:02d}" for i in range(size))))
    with monkeypatch.context() as exact_only:
        exact_only.setattr(matching, "EXACT_LIMIT", 10_000)
        exact_only.setattr(swiss, "EXACT_LIMIT", 10_000)
        exact = pair_round(start, seed=5)
    # Windows that join nobody can never pair the field...
    hopeless = Horizon(window=10, lookahead=4, reach=0)
    assert hopeless.pair(start_entrants(size), Rules(False, Fraction(0), size)) is None
    monkeypatch.setattr(matching, "HORIZONS", (hopeless,))
    # ...so the pairer falls back to the complete graph, and finds the same pairing.
    assert pair_round(start, seed=5) == exact
    assert len(exact.pairings) == size // 2
    assert len(exact.byes) == size % 2


def start_entrants(size: int) -> list[Entrant]:
    return [Entrant(f"p{i:02d}", i, Fraction(0), None, None, frozenset()) for i in range(size)]


def test_a_lone_player_gets_the_bye_and_an_empty_field_gets_nothing() -> None:
    lone = pair_round(history(field("A")), seed=0)
    assert (lone.pairings, lone.byes) == ((), (Bye("A"),))
    gone = pair_round(history(field("A", A={"dropped_after_round": 0})), seed=0)
    assert (gone.pairings, gone.byes) == ((), ())

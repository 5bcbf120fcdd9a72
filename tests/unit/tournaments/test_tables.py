"""Table assignment: best pairing first, no repeated table, fixed tables honoured."""

from __future__ import annotations

from shiai.tournaments.model import Pairing, Round, Tiebreak
from shiai.tournaments.tables import assign_tables
from tests.unit.tournaments.builders import field, game, history, played, tables_of

VP = (Tiebreak.VICTORY_POINTS,)


def test_best_pairing_is_at_table_one() -> None:
    # After round 1 (tables 5-8, so no repeats interfere): winners A > C > E > G.
    after_one = history(
        field(*"ABCDEFGH"),
        played(
            1,
            game("A", "B", "A", 20, 0),
            game("C", "D", "C", 15, 0),
            game("E", "F", "E", 10, 0),
            game("G", "H", "G", 5, 0),
            first_table=5,
        ),
        tiebreaks=VP,
    )
    assignment = assign_tables(after_one, [("B", "D"), ("E", "G"), ("F", "H"), ("A", "C")])
    assert tables_of(assignment.pairings) == {
        frozenset("AC"): 1,
        frozenset("EG"): 2,
        frozenset("BD"): 3,
        frozenset("FH"): 4,
    }
    assert assignment.warnings == ()


def test_players_avoid_a_table_they_have_already_played_at() -> None:
    # A and C played at tables 1 and 2 in round 1; their pairing is the best
    # one, but table 3 is the first they have not used.
    after_one = history(
        field(*"ABCDEF"),
        played(
            1,
            game("A", "B", "A", 20, 0),
            game("C", "D", "C", 15, 0),
            game("E", "F", "E", 10, 0),
        ),
        tiebreaks=VP,
    )
    assignment = assign_tables(after_one, [("A", "C"), ("E", "B"), ("D", "F")])
    tables = tables_of(assignment.pairings)
    assert tables[frozenset("AC")] == 3
    played_at = {"A": 1, "B": 1, "C": 2, "D": 2, "E": 3, "F": 3}
    for pairing in assignment.pairings:
        for player in pairing.players:
            assert played_at[player] != pairing.table


def test_player_with_a_fixed_table_always_gets_it() -> None:
    players = field(*"ABCDEF", F={"fixed_table": 1})
    after_one = history(
        players,
        played(
            1,
            game("A", "B", "A", 20, 0),
            game("C", "D", "C", 15, 0),
            game("F", "E", "F", 10, 0),
        ),
        tiebreaks=VP,
    )
    assignment = assign_tables(after_one, [("A", "C"), ("B", "D"), ("E", "F")])
    assert tables_of(assignment.pairings)[frozenset("EF")] == 1
    assert sorted(p.table for p in assignment.pairings) == [1, 2, 3]


def test_fixed_table_beyond_the_last_table_is_still_given() -> None:
    players = field(*"ABCD", D={"fixed_table": 12})
    assignment = assign_tables(history(players), [("A", "B"), ("C", "D")])
    assert tables_of(assignment.pairings) == {frozenset("AB"): 1, frozenset("CD"): 12}


def test_conflicting_fixed_tables_keep_the_higher_placed_players_and_warn() -> None:
    players = field(*"ABCD", A={"fixed_table": 2}, B={"fixed_table": 3})
    after_one = history(
        players,
        played(1, game("A", "C", "A", 20, 0), game("B", "D", "B", 10, 0)),
        tiebreaks=VP,
    )
    assignment = assign_tables(after_one, [("A", "B"), ("C", "D")])
    assert tables_of(assignment.pairings) == {frozenset("AB"): 2, frozenset("CD"): 1}
    assert len(assignment.warnings) == 1
    assert "fixed table 3" in assignment.warnings[0]


def test_a_pairing_that_must_move_swaps_with_its_neighbour() -> None:
    # A (in the best pairing) already played at table 1: the next pairing
    # takes table 1, A v C table 2, and nobody else moves.
    games = [
        game("A", "B", "A", 20, 0),
        game("C", "D", "C", 15, 0),
        game("E", "F", "E", 10, 0),
        game("G", "H", "G", 5, 0),
    ]
    round_one = Round(
        1, tuple(Pairing(t, a, b, r) for t, (a, b, r) in zip((1, 6, 7, 8), games, strict=True))
    )
    after_one = history(field(*"ABCDEFGH"), round_one, tiebreaks=VP)
    assignment = assign_tables(after_one, [("A", "C"), ("E", "G"), ("B", "D"), ("F", "H")])
    assert tables_of(assignment.pairings) == {
        frozenset("EG"): 1,
        frozenset("AC"): 2,
        frozenset("BD"): 3,
        frozenset("FH"): 4,
    }

"""Standings and every tiebreak, with exact values on hand-made histories.

The five-player history (3/1/0 points, a bye worth 3 points and 10 VP)::

    round 1: A beat B 15-5, C drew D 8-8, E bye
    round 2: A beat C 12-6, E beat B 14-9, D bye

    scores  A 6, E 6, D 4, C 1, B 0
    games   A: B, C   B: A, E   C: D, A   D: C   E: B   (byes add no opponent)
"""

from __future__ import annotations

import pytest

from shiai.tournaments.model import Tiebreak
from shiai.tournaments.standings import compute_standings
from tests.unit.tournaments.builders import field, game, history, played

ALL = tuple(Tiebreak)
FIVE = field(*"ABCDE")
ROUNDS = (
    played(1, game("A", "B", "A", 15, 5), game("C", "D", "=", 8, 8), byes=["E"]),
    played(2, game("A", "C", "A", 12, 6), game("E", "B", "E", 14, 9), byes=["D"]),
)


def values(tiebreak: Tiebreak) -> dict[str, float]:
    standings = compute_standings(
        history(FIVE, *ROUNDS, tiebreaks=(tiebreak,), bye_victory_points=10)
    )
    return {row.player_id: row.tiebreak(tiebreak) for row in standings.rows}


def test_score_counts_wins_draws_and_byes() -> None:
    standings = compute_standings(history(FIVE, *ROUNDS))
    assert {r.player_id: r.score for r in standings.rows} == {
        "A": 6,
        "E": 6,
        "D": 4,
        "C": 1,
        "B": 0,
    }
    d = standings.row("D")
    assert (d.games, d.wins, d.draws, d.losses, d.byes) == (1, 0, 1, 0, 1)


def test_strength_of_schedule_is_the_average_opponent_score_ignoring_byes() -> None:
    assert values(Tiebreak.SOS) == {"A": 0.5, "B": 6, "C": 5, "D": 1, "E": 0}


def test_extended_strength_of_schedule_is_the_average_opponent_sos() -> None:
    assert values(Tiebreak.ESOS) == {"A": 5.5, "B": 0.25, "C": 0.75, "D": 5, "E": 6}


def test_victory_points_include_the_bye_victory_points() -> None:
    assert values(Tiebreak.VICTORY_POINTS) == {"A": 27, "B": 14, "C": 14, "D": 18, "E": 24}


def test_victory_point_differential_counts_a_bye_as_conceding_nothing() -> None:
    assert values(Tiebreak.VP_DIFFERENTIAL) == {"A": 16, "B": -15, "C": -6, "D": 10, "E": 15}


def test_buchholz_is_the_sum_of_opponent_scores_and_a_bye_adds_nothing() -> None:
    assert values(Tiebreak.BUCHHOLZ) == {"A": 1, "B": 12, "C": 10, "D": 1, "E": 0}


def test_sonneborn_berger_adds_beaten_opponents_scores_and_half_of_drawn() -> None:
    assert values(Tiebreak.SONNEBORN_BERGER) == {"A": 1, "B": 0, "C": 2, "D": 0.5, "E": 0}


ROUND_ROBIN = (
    played(1, game("A", "B", "A"), game("C", "D", "C")),
    played(2, game("A", "C", "A"), game("B", "D", "=")),
    played(3, game("A", "D", "A"), game("B", "C", "B")),
)  # scores A 9, B 4, C 3, D 1


def test_median_buchholz_drops_the_best_and_worst_opponent() -> None:
    standings = compute_standings(
        history(
            field(*"ABCD"), *ROUND_ROBIN, tiebreaks=(Tiebreak.MEDIAN_BUCHHOLZ, Tiebreak.BUCHHOLZ)
        )
    )
    assert {r.player_id: r.tiebreaks for r in standings.rows} == {
        "A": ((Tiebreak.MEDIAN_BUCHHOLZ, 3), (Tiebreak.BUCHHOLZ, 8)),
        "B": ((Tiebreak.MEDIAN_BUCHHOLZ, 3), (Tiebreak.BUCHHOLZ, 13)),
        "C": ((Tiebreak.MEDIAN_BUCHHOLZ, 4), (Tiebreak.BUCHHOLZ, 14)),
        "D": ((Tiebreak.MEDIAN_BUCHHOLZ, 4), (Tiebreak.BUCHHOLZ, 16)),
    }


def test_median_buchholz_with_fewer_than_three_games_drops_nothing() -> None:
    assert values(Tiebreak.MEDIAN_BUCHHOLZ) == values(Tiebreak.BUCHHOLZ)


def test_standings_order_by_score_then_the_tiebreak_chain() -> None:
    standings = compute_standings(history(FIVE, *ROUNDS, tiebreaks=(Tiebreak.SOS,)))
    assert standings.order() == ("A", "E", "D", "C", "B")
    assert [r.rank for r in standings.rows] == [1, 2, 3, 4, 5]
    flipped = compute_standings(history(FIVE, *ROUNDS, tiebreaks=(Tiebreak.ESOS,)))
    assert flipped.order()[:2] == ("E", "A")


def test_head_to_head_ranks_the_winner_of_a_game_between_tied_players_first() -> None:
    # B and C both on 3 points; C has more victory points but B beat C.
    rounds = (
        played(1, game("A", "B", "A", 10, 0), game("C", "D", "C", 20, 0)),
        played(2, game("B", "C", "B", 5, 4), game("A", "D", "A", 10, 0)),
    )
    players = field(*"ABCD")
    by_vp = compute_standings(history(players, *rounds, tiebreaks=(Tiebreak.VICTORY_POINTS,)))
    assert by_vp.order() == ("A", "C", "B", "D")
    h2h = compute_standings(
        history(players, *rounds, tiebreaks=(Tiebreak.HEAD_TO_HEAD, Tiebreak.VICTORY_POINTS))
    )
    assert h2h.order() == ("A", "B", "C", "D")
    assert h2h.row("B").tiebreak(Tiebreak.HEAD_TO_HEAD) == 3
    assert h2h.row("C").tiebreak(Tiebreak.HEAD_TO_HEAD) == 0


def test_head_to_head_does_not_apply_unless_every_tied_player_has_met() -> None:
    # A and E are tied on 6 but never met: head-to-head is 0 and SoS decides.
    standings = compute_standings(
        history(FIVE, *ROUNDS, tiebreaks=(Tiebreak.HEAD_TO_HEAD, Tiebreak.SOS))
    )
    assert standings.order()[:2] == ("A", "E")
    assert standings.row("A").tiebreak(Tiebreak.HEAD_TO_HEAD) == 0


def test_players_tied_on_everything_share_a_rank() -> None:
    rounds = (played(1, game("A", "B", "A", 5, 5), game("C", "D", "C", 5, 5)),)
    standings = compute_standings(history(field(*"ABCD"), *rounds, tiebreaks=ALL))
    assert [(r.player_id, r.rank, r.position) for r in standings.rows] == [
        ("A", 1, 1),
        ("C", 1, 2),
        ("B", 3, 3),
        ("D", 3, 4),
    ]


def test_corrected_result_changes_the_standings_after_later_rounds() -> None:
    corrected = (
        played(1, game("A", "B", "B", 5, 15), game("C", "D", "=", 8, 8), byes=["E"]),
        ROUNDS[1],
    )
    standings = compute_standings(history(FIVE, *corrected, tiebreaks=(Tiebreak.SOS,)))
    assert standings.row("A").score == 3
    assert standings.row("B").score == 3
    assert standings.order()[0] == "E"


def test_standings_through_an_earlier_round_ignore_later_rounds() -> None:
    standings = compute_standings(history(FIVE, *ROUNDS), through_round=1)
    assert {r.player_id: r.score for r in standings.rows} == {
        "A": 3,
        "E": 3,
        "C": 1,
        "D": 1,
        "B": 0,
    }


def test_dropped_players_stay_in_the_standings_marked_dropped() -> None:
    players = field(*"ABCDE", B={"dropped_after_round": 2})
    standings = compute_standings(history(players, *ROUNDS))
    assert standings.row("B").dropped
    assert not standings.row("A").dropped
    assert len(standings.rows) == 5


@pytest.mark.parametrize("late_points", [0, 1])
def test_late_entry_points_count_once_per_missed_round(late_points: int) -> None:
    players = (*FIVE, *field("F", F={"entered_round": 3}))
    standings = compute_standings(
        history(players, *ROUNDS, late_entry_points_per_round=late_points)
    )
    assert standings.row("F").score == 2 * late_points
    assert standings.row("F").games == 0

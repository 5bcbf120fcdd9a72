"""Ratings: openskill Plackett-Luce, a pure function of the games in order."""

from __future__ import annotations

from shiai.tournaments.model import Outcome
from shiai.tournaments.ratings import RatedGame, compute_ratings

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def game(a: str, b: str, outcome_a: Outcome, outcome_b: Outcome) -> RatedGame:
    return RatedGame(a, b, a.upper(), b.upper(), outcome_a, outcome_b)


def test_the_winner_rises_and_the_loser_falls() -> None:
    ratings = {r.player: r for r in compute_ratings([game("a", "b", W, L)])}
    assert ratings["a"].mu > 25 > ratings["b"].mu
    assert (ratings["a"].wins, ratings["b"].losses) == (1, 1)
    assert compute_ratings([game("a", "b", W, L)])[0].player == "a"


def test_a_draw_between_equals_moves_no_mean_and_a_double_loss_is_not_rated() -> None:
    drawn = {r.player: r for r in compute_ratings([game("a", "b", D, D)])}
    assert drawn["a"].mu == drawn["b"].mu == 25
    assert drawn["a"].sigma < 25 / 3
    lost = {r.player: r for r in compute_ratings([game("a", "b", L, L)])}
    assert lost["a"].sigma == 25 / 3
    assert lost["a"].losses == 1


def test_the_same_games_in_the_same_order_give_the_same_ratings() -> None:
    games = [game("a", "b", W, L), game("b", "c", D, D), game("c", "a", W, L)]
    assert compute_ratings(games) == compute_ratings(list(games))
    assert compute_ratings(games) != compute_ratings(list(reversed(games)))

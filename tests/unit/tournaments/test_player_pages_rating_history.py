"""A player's rating over time (player pages): each step is the rating right after
one of their rated games, from the model and order of the leaderboard's ratings."""

from __future__ import annotations

from openskill.models import PlackettLuce

from shiai.tournaments.model import Outcome
from shiai.tournaments.ratings import RatedGame, compute_ratings, rating_history

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def game(a: str, b: str, outcome_a: Outcome, outcome_b: Outcome) -> RatedGame:
    return RatedGame(a, b, a.upper(), b.upper(), outcome_a, outcome_b)


SEASON = [
    game("a", "b", W, L),
    game("c", "d", D, D),
    game("a", "c", L, W),
    game("b", "d", W, L),
    game("d", "a", W, L),
    game("b", "c", D, D),
]


def test_the_last_step_of_every_player_is_their_rating_on_the_leaderboard() -> None:
    for rating in compute_ratings(SEASON):
        last = rating_history(SEASON, rating.player)[-1]
        assert (last.mu, last.sigma, last.ordinal) == (rating.mu, rating.sigma, rating.ordinal)


def test_a_step_follows_each_of_the_players_games_in_order() -> None:
    steps = rating_history(SEASON, "a")
    assert [step.game for step in steps] == [0, 2, 4]
    # The first step is one Plackett-Luce update of two new players, a winning.
    model = PlackettLuce()
    [[after], _] = model.rate([[model.rating()], [model.rating()]], ranks=[0, 1])
    assert (steps[0].mu, steps[0].sigma) == (after.mu, after.sigma)
    assert steps[0].ordinal == after.ordinal()
    # A loss lowers the mean, a win after it raises it again for "d".
    d = rating_history(SEASON, "d")
    assert [step.game for step in d] == [1, 3, 4]
    assert d[1].mu < d[0].mu
    assert d[2].mu > d[1].mu


def test_the_order_of_the_games_matters() -> None:
    reordered = [SEASON[2], SEASON[0], *SEASON[3:], SEASON[1]]
    assert rating_history(reordered, "a")[0] != rating_history(SEASON, "a")[0]


def test_a_double_loss_gives_no_step_and_changes_no_rating() -> None:
    games = [game("a", "b", W, L), game("a", "b", L, L), game("b", "a", W, L)]
    steps = rating_history(games, "a")
    assert [step.game for step in steps] == [0, 2]
    without = [games[0], games[2]]
    assert [(s.mu, s.sigma) for s in steps] == [
        (s.mu, s.sigma) for s in rating_history(without, "a")
    ]
    assert rating_history([game("a", "b", L, L)], "a") == []


def test_a_player_without_games_has_no_history() -> None:
    assert rating_history(SEASON, "nobody") == []

"""Ratings across events with openskill's Plackett-Luce model.

A pure function of the rated games in their order: the read model keeps every
final tournament game with the position at which its result first became
final, and recomputes all ratings from them whenever one changes, so a
correction (or an undo) gives the ratings the corrected history would have.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from shiai.tournaments.model import Outcome


@dataclass(frozen=True)
class RatedGame:
    """A finished game between two rated identities."""

    player_a: str
    player_b: str
    name_a: str
    name_b: str
    outcome_a: Outcome
    outcome_b: Outcome


@dataclass(frozen=True)
class Rating:
    player: str
    name: str
    mu: float
    sigma: float
    ordinal: float  # mu - 3 sigma: the conservative estimate the leaderboard sorts by
    games: int
    wins: int
    draws: int
    losses: int


_RANK = {Outcome.WIN: 0, Outcome.DRAW: 1, Outcome.LOSS: 2}


@dataclass(frozen=True)
class RatingStep:
    """A player's rating right after one of their rated games: ``game`` is the
    game's position in the games given (0 for the first)."""

    player: str
    game: int
    mu: float
    sigma: float
    ordinal: float


def _rated(games: Iterable[RatedGame]) -> Iterator[tuple[int, RatedGame, Any, Any]]:
    """Each game in order with both players' ratings after it (the model's rating
    objects), the same for every use; a double loss is skipped: it says nothing
    about who is stronger, so it is not rated."""
    model = PlackettLuce()
    current: dict[str, Any] = {}
    for index, game in enumerate(games):
        for player in (game.player_a, game.player_b):
            current.setdefault(player, model.rating(name=player))
        if game.outcome_a is game.outcome_b is Outcome.LOSS:
            yield index, game, None, None
            continue
        [[rated_a], [rated_b]] = model.rate(
            [[current[game.player_a]], [current[game.player_b]]],
            ranks=[_RANK[game.outcome_a], _RANK[game.outcome_b]],
        )
        current[game.player_a], current[game.player_b] = rated_a, rated_b
        yield index, game, rated_a, rated_b


def compute_ratings(games: Iterable[RatedGame]) -> list[Rating]:
    """Ratings after ``games`` in order, best (highest ordinal) first.

    A double loss says nothing about who is stronger: it is not rated."""
    model = PlackettLuce()
    current: dict[str, Any] = {}
    names: dict[str, str] = {}
    tally: dict[str, list[int]] = {}
    for _, game, rated_a, rated_b in _rated(games):
        names[game.player_a], names[game.player_b] = game.name_a, game.name_b
        for player, outcome in ((game.player_a, game.outcome_a), (game.player_b, game.outcome_b)):
            counts = tally.setdefault(player, [0, 0, 0])
            counts[_RANK[outcome]] += 1
            current.setdefault(player, model.rating(name=player))
        if rated_a is not None:
            current[game.player_a], current[game.player_b] = rated_a, rated_b
    rows = []
    for player, rating in current.items():
        wins, draws, losses = tally[player]
        rows.append(
            Rating(
                player=player,
                name=names[player],
                mu=rating.mu,
                sigma=rating.sigma,
                ordinal=rating.ordinal(),
                games=wins + draws + losses,
                wins=wins,
                draws=draws,
                losses=losses,
            )
        )
    rows.sort(key=lambda r: (-r.ordinal, r.name, r.player))
    return rows


def rating_histories(games: Iterable[RatedGame]) -> dict[str, list[RatingStep]]:
    """Every player's rating after each of their rated games, in the order and with
    the model of :func:`compute_ratings` (so each player's last step is their rating
    on the leaderboard). A double loss is not rated: it gives no step."""
    steps: dict[str, list[RatingStep]] = {}
    for index, game, rated_a, rated_b in _rated(games):
        if rated_a is None:
            continue
        for player, rating in ((game.player_a, rated_a), (game.player_b, rated_b)):
            steps.setdefault(player, []).append(
                RatingStep(
                    player=player,
                    game=index,
                    mu=rating.mu,
                    sigma=rating.sigma,
                    ordinal=rating.ordinal(),
                )
            )
    return steps


def rating_history(games: Iterable[RatedGame], player: str) -> list[RatingStep]:
    """``player``'s steps of :func:`rating_histories`."""
    return rating_histories(games).get(player, [])

"""Ratings across events with openskill's Plackett-Luce model.

A pure function of the rated games in their order: the read model keeps every
final tournament game with the position at which its result first became
final, and recomputes all ratings from them whenever one changes, so a
correction (or an undo) gives the ratings the corrected history would have.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

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


def compute_ratings(games: Iterable[RatedGame]) -> list[Rating]:
    """Ratings after ``games`` in order, best (highest ordinal) first.

    A double loss says nothing about who is stronger: it is not rated."""
    model = PlackettLuce()
    current: dict[str, object] = {}
    names: dict[str, str] = {}
    tally: dict[str, list[int]] = {}
    for game in games:
        names[game.player_a], names[game.player_b] = game.name_a, game.name_b
        for player, outcome in ((game.player_a, game.outcome_a), (game.player_b, game.outcome_b)):
            counts = tally.setdefault(player, [0, 0, 0])
            counts[_RANK[outcome]] += 1
            current.setdefault(player, model.rating(name=player))
        if game.outcome_a is game.outcome_b is Outcome.LOSS:
            continue
        [[rated_a], [rated_b]] = model.rate(
            [[current[game.player_a]], [current[game.player_b]]],  # type: ignore[list-item]
            ranks=[_RANK[game.outcome_a], _RANK[game.outcome_b]],
        )
        current[game.player_a], current[game.player_b] = rated_a, rated_b
    rows = []
    for player, rating in current.items():
        wins, draws, losses = tally[player]
        rows.append(
            Rating(
                player=player,
                name=names[player],
                mu=rating.mu,  # type: ignore[attr-defined]
                sigma=rating.sigma,  # type: ignore[attr-defined]
                ordinal=rating.ordinal(),  # type: ignore[attr-defined]
                games=wins + draws + losses,
                wins=wins,
                draws=draws,
                losses=losses,
            )
        )
    rows.sort(key=lambda r: (-r.ordinal, r.name, r.player))
    return rows

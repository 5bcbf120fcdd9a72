"""Seeded random Swiss tournaments for property tests and benchmarks.

A :class:`GeneratedTournament` is a field of players (clubs, drops, late
entries, requested byes, the odd fixed table) and random options. Rounds are
then paired by the real pairer and given random results (wins, draws, the
odd double loss), with the occasional correction of an earlier result.
Everything comes from ``random.Random(seed)``: the same seed gives the same
tournament.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from shiai.tournaments.model import (
    ClubAvoidance,
    Pairing,
    Player,
    Result,
    Round,
    Tiebreak,
    TournamentHistory,
    TournamentOptions,
)
from shiai.tournaments.swiss import ProposedRound, pair_round

_SCORINGS = ((3.0, 1.0, 0.0), (1.0, 0.5, 0.0), (2.0, 1.0, 0.0))


@dataclass(frozen=True)
class GeneratedTournament:
    """A random field and options, and how many rounds to play."""

    seed: int
    players: tuple[Player, ...]
    options: TournamentOptions
    rounds: int

    def empty_history(self) -> TournamentHistory:
        """The history before round 1."""
        return TournamentHistory(players=self.players, options=self.options)


def generate_tournament(
    seed: int,
    *,
    players: int | None = None,
    rounds: int | None = None,
    min_players: int = 2,
    max_players: int = 300,
) -> GeneratedTournament:
    """A random tournament; ``players`` and ``rounds`` are drawn unless given."""
    rng = random.Random(seed)
    size = players if players is not None else rng.randint(min_players, max_players)
    if rounds is None:
        rounds = rng.randint(1, max(1, min(7, size - 1 if size % 2 == 0 else size)))
    club_count = max(1, size // 6)
    free_tables = list(range(1, size // 2 + 3))
    rng.shuffle(free_tables)
    field: list[Player] = []
    for index in range(size):
        entered = 1
        if rounds >= 2 and rng.random() < 0.06:
            entered = rng.randint(2, rounds)
        dropped = None
        if rng.random() < 0.08:
            dropped = rng.randint(max(0, entered - 1), rounds)
        requested: frozenset[int] = frozenset()
        if rng.random() < 0.05:
            requested = frozenset({rng.randint(entered, rounds)})
        fixed = free_tables.pop() if free_tables and rng.random() < 0.02 else None
        field.append(
            Player(
                id=f"p{index:04d}",
                name=f"Player {index}",
                club=f"club-{rng.randrange(club_count)}" if rng.random() < 0.6 else None,
                faction=rng.choice(("Oda", "Takeda", "Uesugi", "Mori", "Shimazu")),
                rating=round(rng.gauss(1500, 200)),
                entered_round=entered,
                dropped_after_round=dropped,
                requested_bye_rounds=requested,
                fixed_table=fixed,
            )
        )
    return GeneratedTournament(seed, tuple(field), random_options(rng), rounds)


def random_options(rng: random.Random) -> TournamentOptions:
    """Random but sensible scoring, club avoidance and tiebreak chain."""
    win, draw, loss = rng.choice(_SCORINGS)
    chain = rng.sample(list(Tiebreak), rng.randint(1, 4))
    return TournamentOptions(
        win_points=win,
        draw_points=draw,
        loss_points=loss,
        bye_points=rng.choice((win, draw)),
        bye_victory_points=rng.choice((0, 10)),
        requested_bye_points=rng.choice((None, loss)),
        late_entry_points_per_round=rng.choice((loss, loss, draw)),
        club_avoidance=rng.choice(
            (ClubAvoidance.HARD, ClubAvoidance.SOFT, ClubAvoidance.SOFT, ClubAvoidance.OFF)
        ),
        soft_club_penalty=rng.choice((None, 0.0, 100.0)),
        tiebreaks=tuple(chain),
    )


def random_result(rng: random.Random) -> Result:
    """A random result: mostly decisive, some draws, rarely a double loss."""
    roll = rng.random()
    high, low = sorted((rng.randint(0, 20), rng.randint(0, 20)), reverse=True)
    if roll < 0.15:
        return Result.draw(high, high)
    if roll < 0.17:
        return Result.double_loss(low, low)
    if roll < 0.585:
        return Result.a_wins(high, low)
    return Result.b_wins(low, high)


def with_results(proposal: ProposedRound, rng: random.Random) -> Round:
    """The proposed round with a random result for every pairing."""
    return Round(
        proposal.number,
        tuple(p.with_result(random_result(rng)) for p in proposal.pairings),
        proposal.byes,
    )


def correct_a_result(history: TournamentHistory, rng: random.Random) -> TournamentHistory:
    """The history with one earlier result replaced, as an organiser's correction."""
    played = [r for r in history.rounds if r.pairings]
    if not played:
        return history
    round_ = rng.choice(played)
    index = rng.randrange(len(round_.pairings))
    pairings: list[Pairing] = list(round_.pairings)
    pairings[index] = pairings[index].with_result(random_result(rng))
    rounds = list(history.rounds)
    rounds[round_.number - 1] = replace(round_, pairings=tuple(pairings))
    return replace(history, rounds=tuple(rounds))


def play(generated: GeneratedTournament, rounds: int | None = None) -> TournamentHistory:
    """Pair and play ``rounds`` rounds (default: all planned) with random results."""
    rng = random.Random(generated.seed * 7919 + 1)
    history = generated.empty_history()
    for _ in range(generated.rounds if rounds is None else rounds):
        proposal = pair_round(history, seed=generated.seed)
        history = replace(history, rounds=(*history.rounds, with_results(proposal, rng)))
        if rng.random() < 0.1:
            history = correct_a_result(history, rng)
    return history

"""A brute-force pairing oracle, written independently of the pairer.

It reads only the plain history (no records, standings, weights or matching
from the package) and enumerates every pairing of a small field, so the
pairer's choices can be checked against the true optimum.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from shiai.tournaments.model import ClubAvoidance, Outcome, Player, TournamentHistory

Pair = tuple[str, str]


def points(value: float) -> Fraction:
    return Fraction(value).limit_denominator(1_000_000)


def scores(history: TournamentHistory, through_round: int) -> dict[str, Fraction]:
    """Each player's score after ``through_round`` rounds, straight from the rules."""
    options = history.options
    per_outcome = {
        Outcome.WIN: points(options.win_points),
        Outcome.DRAW: points(options.draw_points),
        Outcome.LOSS: points(options.loss_points),
    }
    total = {
        p.id: points(options.late_entry_points_per_round)
        * max(0, min(p.entered_round - 1, through_round))
        for p in history.players
    }
    for round_ in history.rounds[:through_round]:
        for pairing in round_.pairings:
            assert pairing.result is not None
            total[pairing.a] += per_outcome[pairing.result.a]
            total[pairing.b] += per_outcome[pairing.result.b]
        for bye in round_.byes:
            requested = options.requested_bye_points
            value = requested if bye.requested and requested is not None else options.bye_points
            total[bye.player] += points(value)
    return total


@dataclass(frozen=True)
class Oracle:
    """What is allowed and what things cost in the next round of ``history``."""

    history: TournamentHistory

    @property
    def number(self) -> int:
        return len(self.history.rounds) + 1

    @cached_property
    def scores(self) -> dict[str, Fraction]:
        return scores(self.history, self.number - 1)

    def met(self) -> set[frozenset[str]]:
        return {frozenset((p.a, p.b)) for round_ in self.history.rounds for p in round_.pairings}

    def to_pair(self) -> list[Player]:
        """Active players who did not request a bye this round."""
        n = self.number
        return [
            p for p in self.history.players if p.is_active(n) and n not in p.requested_bye_rounds
        ]

    def may_take_bye(self, player: Player) -> bool:
        had = any(b.player == player.id for r in self.history.rounds for b in r.byes)
        later = any(r > self.number and player.is_active(r) for r in player.requested_bye_rounds)
        return not had and not later

    def allowed(self, a: Player, b: Player, met: set[frozenset[str]]) -> bool:
        if frozenset((a.id, b.id)) in met:
            return False
        hard = self.history.options.club_avoidance is ClubAvoidance.HARD
        return not (hard and a.club is not None and a.club == b.club)

    def matchings(self, players: Sequence[Player]) -> Iterator[list[Pair]]:
        """Every valid perfect matching of ``players``."""
        met = self.met()

        def extend(rest: list[Player]) -> Iterator[list[Pair]]:
            if not rest:
                yield []
                return
            first, others = rest[0], rest[1:]
            for i, partner in enumerate(others):
                if self.allowed(first, partner, met):
                    for tail in extend(others[:i] + others[i + 1 :]):
                        yield [(first.id, partner.id), *tail]

        return extend(list(players))

    def cost(self, pairs: Sequence[Pair]) -> tuple[int, Fraction]:
        """(fixed-table conflicts, squared score difference + soft club penalties)."""
        options = self.history.options
        score = self.scores
        soft = options.club_avoidance is ClubAvoidance.SOFT
        penalty = points(options.club_penalty) if soft else Fraction(0)
        by_id = {p.id: p for p in self.history.players}
        conflicts = 0
        total = Fraction(0)
        for a_id, b_id in pairs:
            a, b = by_id[a_id], by_id[b_id]
            total += (score[a_id] - score[b_id]) ** 2
            if a.club is not None and a.club == b.club:
                total += penalty
            if a.fixed_table is not None and b.fixed_table is not None:
                conflicts += a.fixed_table != b.fixed_table
        return conflicts, total

    def best_cost(self, players: Sequence[Player]) -> tuple[int, Fraction] | None:
        """The least cost of any valid pairing of ``players``; ``None``: none exists."""
        return min((self.cost(m) for m in self.matchings(players)), default=None)

    def feasible_bye_takers(self) -> list[Player]:
        """Players who may take the bye and leave a pairable field (odd fields)."""
        field = self.to_pair()
        return [
            p
            for p in field
            if self.may_take_bye(p)
            and next(self.matchings([q for q in field if q.id != p.id]), None) is not None
        ]

    def pairable(self) -> bool:
        field = self.to_pair()
        if len(field) % 2:
            return bool(self.feasible_bye_takers())
        return next(self.matchings(field), None) is not None

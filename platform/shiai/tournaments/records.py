"""Per-player facts derived from the history: score, games, byes, opponents.

Everything is recomputed from the rounds each time, so a result corrected
after later rounds is simply picked up. Numbers are exact :class:`Fraction`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from shiai.tournaments.model import Outcome, Player, TournamentHistory

_MAX_DENOMINATOR = 1_000_000


@lru_cache(maxsize=4096)
def exact(value: float) -> Fraction:
    """``value`` as a fraction, so that decimal inputs such as 0.1 compare exactly."""
    return Fraction(value).limit_denominator(_MAX_DENOMINATOR)


@dataclass(frozen=True)
class Game:
    """One game from a player's point of view."""

    round: int
    table: int
    opponent: str
    outcome: Outcome
    points: Fraction
    vp_for: Fraction
    vp_against: Fraction


@dataclass(frozen=True)
class ByeRecord:
    """A bye a player received."""

    round: int
    requested: bool
    points: Fraction
    vp_for: Fraction
    vp_against: Fraction


@dataclass(frozen=True)
class PlayerRecord:
    """What a player did up to some round.

    ``games`` holds games with a result only; ``opponents`` everyone the player
    has been paired with, results or not (for rematch avoidance).
    """

    player: Player
    games: tuple[Game, ...]
    byes: tuple[ByeRecord, ...]
    opponents: frozenset[str]
    tables: frozenset[int]
    late_entry_points: Fraction

    @property
    def score(self) -> Fraction:
        """Game points from games, byes and late entry."""
        return (
            sum((g.points for g in self.games), Fraction(0))
            + sum((b.points for b in self.byes), Fraction(0))
            + self.late_entry_points
        )

    @property
    def victory_points(self) -> Fraction:
        """Victory points scored, byes included."""
        return sum((g.vp_for for g in self.games), Fraction(0)) + sum(
            (b.vp_for for b in self.byes), Fraction(0)
        )

    @property
    def vp_differential(self) -> Fraction:
        """Victory points scored minus conceded, byes included."""
        return (
            self.victory_points
            - sum((g.vp_against for g in self.games), Fraction(0))
            - sum((b.vp_against for b in self.byes), Fraction(0))
        )

    def count(self, outcome: Outcome) -> int:
        """How many games ended with ``outcome`` for this player."""
        return sum(1 for g in self.games if g.outcome is outcome)


def build_records(history: TournamentHistory, through_round: int) -> dict[str, PlayerRecord]:
    """Every registered player's record over rounds ``1..through_round``."""
    options = history.options
    games: dict[str, list[Game]] = {p.id: [] for p in history.players}
    byes: dict[str, list[ByeRecord]] = {p.id: [] for p in history.players}
    opponents: dict[str, set[str]] = {p.id: set() for p in history.players}
    tables: dict[str, set[int]] = {p.id: set() for p in history.players}
    for round_ in history.rounds[:through_round]:
        for pairing in round_.pairings:
            opponents[pairing.a].add(pairing.b)
            opponents[pairing.b].add(pairing.a)
            tables[pairing.a].add(pairing.table)
            tables[pairing.b].add(pairing.table)
            result = pairing.result
            if result is None:
                continue
            a_vp, b_vp = exact(result.a_vp), exact(result.b_vp)
            games[pairing.a].append(
                Game(
                    round_.number,
                    pairing.table,
                    pairing.b,
                    result.a,
                    exact(options.points_for(result.a)),
                    a_vp,
                    b_vp,
                )
            )
            games[pairing.b].append(
                Game(
                    round_.number,
                    pairing.table,
                    pairing.a,
                    result.b,
                    exact(options.points_for(result.b)),
                    b_vp,
                    a_vp,
                )
            )
        for bye in round_.byes:
            byes[bye.player].append(
                ByeRecord(
                    round_.number,
                    bye.requested,
                    exact(options.bye_score(bye.requested)),
                    exact(options.bye_vp(bye.requested)),
                    exact(options.bye_victory_points_against),
                )
            )
    late_points = exact(options.late_entry_points_per_round)
    return {
        p.id: PlayerRecord(
            player=p,
            games=tuple(games[p.id]),
            byes=tuple(byes[p.id]),
            opponents=frozenset(opponents[p.id]),
            tables=frozenset(tables[p.id]),
            late_entry_points=late_points * max(0, min(p.entered_round - 1, through_round)),
        )
        for p in history.players
    }

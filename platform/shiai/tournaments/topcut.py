"""Optional single-elimination top cut after the Swiss rounds.

The top N players (N a power of two: 4, 8, 16...) are seeded from the final
standings, dropped players skipped. The bracket uses the standard order
(1 v N, then the 1 v N winner meets the 4 v N-3 winner...), so seeds 1 and 2
can only meet in the final. Winners are recorded per match and advance.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shiai.tournaments.model import InvalidHistory
from shiai.tournaments.standings import Standings

MatchKey = tuple[int, int]  # (round, match), both counted from 1


def bracket_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket order: ``bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)``;
    consecutive seeds meet in the first round."""
    if size < 2 or size & (size - 1):
        raise InvalidHistory(f"a top cut needs a power of two players, not {size}")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return tuple(order)


def round_name(round_number: int, rounds: int) -> str:
    """``"Final"``, ``"Semi-finals"``, ``"Quarter-finals"``, ``"Round of 16"``..."""
    remaining = 2 ** (rounds - round_number + 1)
    return {2: "Final", 4: "Semi-finals", 8: "Quarter-finals"}.get(
        remaining, f"Round of {remaining}"
    )


@dataclass(frozen=True)
class BracketMatch:
    """One match of the bracket; players are ``None`` until known."""

    round: int
    match: int
    a: str | None
    b: str | None
    seed_a: int | None
    seed_b: int | None
    winner: str | None

    @property
    def key(self) -> MatchKey:
        """``(round, match)``, the key under which its winner is recorded."""
        return (self.round, self.match)

    @property
    def is_ready(self) -> bool:
        """Both players known and no winner yet."""
        return self.a is not None and self.b is not None and self.winner is None


@dataclass(frozen=True)
class Bracket:
    """The whole bracket, first round first."""

    seeds: tuple[str, ...]
    rounds: tuple[tuple[BracketMatch, ...], ...]

    @property
    def champion(self) -> str | None:
        """The winner of the final, once recorded."""
        return self.rounds[-1][0].winner

    def match(self, round_number: int, match_number: int) -> BracketMatch:
        """The match at ``(round_number, match_number)``."""
        return self.rounds[round_number - 1][match_number - 1]

    def ready_matches(self) -> tuple[BracketMatch, ...]:
        """Matches whose players are known and whose winner is not."""
        return tuple(m for round_ in self.rounds for m in round_ if m.is_ready)


def top_cut_seeds(standings: Standings, size: int) -> tuple[str, ...]:
    """The ``size`` best players still in the event, best first."""
    bracket_order(size)
    seeds = tuple(row.player_id for row in standings.rows if not row.dropped)[:size]
    if len(seeds) < size:
        raise InvalidHistory(f"a top {size} needs {size} players, only {len(seeds)} remain")
    return seeds


def build_bracket(seeds: Sequence[str], winners: Mapping[MatchKey, str] | None = None) -> Bracket:
    """The bracket for ``seeds`` (best first) with ``winners`` advanced.

    Raises :class:`InvalidHistory` for a winner recorded against a match that
    does not exist, is not ready yet, or that the player is not in.
    """
    order = bracket_order(len(seeds))
    if len(set(seeds)) != len(seeds):
        raise InvalidHistory("a player is seeded twice in the top cut")
    recorded = dict(winners or {})
    seed_of = {player: number for number, player in enumerate(seeds, start=1)}
    entrants: list[str | None] = [seeds[s - 1] for s in order]
    rounds: list[tuple[BracketMatch, ...]] = []
    round_number = 0
    while len(entrants) > 1:
        round_number += 1
        matches: list[BracketMatch] = []
        for index in range(len(entrants) // 2):
            a, b = entrants[2 * index], entrants[2 * index + 1]
            key = (round_number, index + 1)
            winner = recorded.pop(key, None)
            if winner is not None and (a is None or b is None or winner not in (a, b)):
                raise InvalidHistory(f"{winner} cannot win top cut match {key}")
            matches.append(
                BracketMatch(
                    round=round_number,
                    match=index + 1,
                    a=a,
                    b=b,
                    seed_a=seed_of.get(a) if a is not None else None,
                    seed_b=seed_of.get(b) if b is not None else None,
                    winner=winner,
                )
            )
        rounds.append(tuple(matches))
        entrants = [m.winner for m in matches]
    if recorded:
        raise InvalidHistory(f"no top cut match {sorted(recorded)[0]}")
    return Bracket(seeds=tuple(seeds), rounds=tuple(rounds))

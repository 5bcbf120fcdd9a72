"""Standings: score first, then the tournament's tiebreak chain.

Every value is recomputed from the history, so corrected results just work.
All comparisons use exact fractions; the rows expose floats for display.
How each tiebreak is defined, and how byes count in it, is documented in
docs/tournaments.md and summarised on each function below.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType

from shiai.tournaments.model import InvalidHistory, Outcome, Tiebreak, TournamentHistory
from shiai.tournaments.records import PlayerRecord, build_records

Scores = dict[str, Fraction]
_SB_FACTOR = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


@dataclass(frozen=True)
class StandingsRow:
    """One line of the standings.

    ``position`` is unique (1, 2, 3...); ``rank`` is shared by players tied on
    the score and every tiebreak (1, 2, 2, 4...).
    """

    position: int
    rank: int
    player_id: str
    name: str
    score: float
    tiebreaks: tuple[tuple[Tiebreak, float], ...]
    games: int
    wins: int
    draws: int
    losses: int
    byes: int
    victory_points: float
    vp_differential: float
    dropped: bool

    def tiebreak(self, tiebreak: Tiebreak) -> float:
        """The value of one tiebreak of the chain."""
        for name, value in self.tiebreaks:
            if name is tiebreak:
                return value
        raise KeyError(tiebreak)


@dataclass(frozen=True)
class Standings:
    """The standings after ``through_round`` rounds, best first."""

    through_round: int
    tiebreak_chain: tuple[Tiebreak, ...]
    rows: tuple[StandingsRow, ...]
    exact_scores: Mapping[str, Fraction]

    def order(self) -> tuple[str, ...]:
        """Player ids, best first."""
        return tuple(row.player_id for row in self.rows)

    @cached_property
    def rows_by_id(self) -> dict[str, StandingsRow]:
        """Rows keyed by player id."""
        return {row.player_id: row for row in self.rows}

    def row(self, player_id: str) -> StandingsRow:
        """The row of one player (``KeyError`` if unknown)."""
        return self.rows_by_id[player_id]

    def score_of(self, player_id: str) -> Fraction:
        """A player's exact score."""
        return self.exact_scores[player_id]


def strength_of_schedule(record: PlayerRecord, scores: Scores) -> Fraction:
    """Average score of the opponents met in games with a result.

    A bye is not a game: it adds no opponent and does not count in the average.
    A player without games has 0.
    """
    if not record.games:
        return Fraction(0)
    return buchholz(record, scores) / len(record.games)


def extended_strength_of_schedule(record: PlayerRecord, sos: Scores) -> Fraction:
    """Average strength of schedule of the opponents (byes ignored as for SoS)."""
    if not record.games:
        return Fraction(0)
    return sum((sos[g.opponent] for g in record.games), Fraction(0)) / len(record.games)


def buchholz(record: PlayerRecord, scores: Scores) -> Fraction:
    """Sum of the opponents' scores; a bye contributes nothing."""
    return sum((scores[g.opponent] for g in record.games), Fraction(0))


def median_buchholz(record: PlayerRecord, scores: Scores) -> Fraction:
    """Buchholz without the highest and the lowest opponent score.

    With fewer than three games nothing is dropped (it equals Buchholz).
    """
    opponent_scores = sorted(scores[g.opponent] for g in record.games)
    if len(opponent_scores) >= 3:
        opponent_scores = opponent_scores[1:-1]
    return sum(opponent_scores, Fraction(0))


def sonneborn_berger(record: PlayerRecord, scores: Scores) -> Fraction:
    """Sum of the scores of the opponents beaten plus half those drawn with.

    Losses add nothing, whatever the point values; byes add nothing.
    """
    return sum((scores[g.opponent] * _SB_FACTOR[g.outcome] for g in record.games), Fraction(0))


def head_to_head(group: Sequence[str], records: Mapping[str, PlayerRecord]) -> dict[str, Fraction]:
    """Game points each member of a tied group scored against the others.

    Applies only when every pair of the group has met in a game with a result;
    otherwise every member gets 0 and the tie passes to the next tiebreak.
    """
    members = set(group)
    met: set[frozenset[str]] = set()
    values = {player: Fraction(0) for player in group}
    for player in group:
        for game in records[player].games:
            if game.opponent in members:
                met.add(frozenset((player, game.opponent)))
                values[player] += game.points
    needed = len(members) * (len(members) - 1) // 2
    if len(met) < needed:
        return {player: Fraction(0) for player in group}
    return values


def _tie_key(seed: int | str | None, name: str, player_id: str) -> tuple[str, str]:
    if seed is None:
        return (name, player_id)
    digest = hashlib.sha256(f"{seed}\x00{player_id}".encode()).hexdigest()
    return (digest, player_id)


def compute_standings(
    history: TournamentHistory,
    *,
    through_round: int | None = None,
    seed: int | str | None = None,
    records: Mapping[str, PlayerRecord] | None = None,
) -> Standings:
    """The standings of every registered player after ``through_round`` rounds.

    ``through_round`` defaults to every round in the history; results not yet
    entered are ignored. Players tied on everything are ordered by name, or by
    a hash of ``seed`` and their id when a seed is given (the pairer does this
    so that round 1 and ties are random yet reproducible). ``records`` may pass
    in the :func:`build_records` of the same rounds to save recomputing them.
    """
    last = len(history.rounds) if through_round is None else through_round
    if not 0 <= last <= len(history.rounds):
        raise InvalidHistory(f"cannot compute standings through round {last}")
    if records is None:
        records = build_records(history, last)
    scores: Scores = {pid: record.score for pid, record in records.items()}
    sos = {pid: strength_of_schedule(r, scores) for pid, r in records.items()}
    single: dict[Tiebreak, Callable[[PlayerRecord], Fraction]] = {
        Tiebreak.SOS: lambda r: sos[r.player.id],
        Tiebreak.ESOS: lambda r: extended_strength_of_schedule(r, sos),
        Tiebreak.VICTORY_POINTS: lambda r: r.victory_points,
        Tiebreak.VP_DIFFERENTIAL: lambda r: r.vp_differential,
        Tiebreak.BUCHHOLZ: lambda r: buchholz(r, scores),
        Tiebreak.MEDIAN_BUCHHOLZ: lambda r: median_buchholz(r, scores),
        Tiebreak.SONNEBORN_BERGER: lambda r: sonneborn_berger(r, scores),
    }
    chain = history.options.tiebreaks
    values: dict[str, dict[Tiebreak, Fraction]] = {pid: {} for pid in records}
    groups = _split(list(records), scores)
    for tiebreak in chain:
        refined: list[list[str]] = []
        for group in groups:
            if tiebreak is Tiebreak.HEAD_TO_HEAD:
                group_values = head_to_head(group, records)
            else:
                group_values = {pid: single[tiebreak](records[pid]) for pid in group}
            for pid, value in group_values.items():
                values[pid][tiebreak] = value
            refined.extend(_split(group, group_values) if len(group) > 1 else [group])
        groups = refined
    rows: list[StandingsRow] = []
    for group in groups:
        rank = len(rows) + 1
        players = [history.player(pid) for pid in group]
        for player in sorted(players, key=lambda p: _tie_key(seed, p.name, p.id)):
            record = records[player.id]
            rows.append(
                StandingsRow(
                    position=len(rows) + 1,
                    rank=rank,
                    player_id=player.id,
                    name=player.name,
                    score=float(scores[player.id]),
                    tiebreaks=tuple((t, float(values[player.id][t])) for t in chain),
                    games=len(record.games),
                    wins=record.count(Outcome.WIN),
                    draws=record.count(Outcome.DRAW),
                    losses=record.count(Outcome.LOSS),
                    byes=len(record.byes),
                    victory_points=float(record.victory_points),
                    vp_differential=float(record.vp_differential),
                    dropped=player.dropped_after_round is not None
                    and player.dropped_after_round <= last,
                )
            )
    return Standings(
        through_round=last,
        tiebreak_chain=chain,
        rows=tuple(rows),
        exact_scores=MappingProxyType(scores),
    )


def _split(group: Sequence[str], values: dict[str, Fraction]) -> list[list[str]]:
    """``group`` sorted by ``values`` (highest first) and cut where the value changes."""
    ordered = sorted(group, key=lambda pid: values[pid], reverse=True)
    parts: list[list[str]] = []
    for pid in ordered:
        if parts and values[parts[-1][0]] == values[pid]:
            parts[-1].append(pid)
        else:
            parts.append([pid])
    return parts

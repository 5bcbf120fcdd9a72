"""Table numbers for a round's pairings.

1. A player with a fixed table (accessibility) always gets it. If both players
   of a pairing have one, or two pairings claim the same table, the
   higher-placed player keeps theirs and a warning says who did not.
2. The other pairings take the remaining tables 1, 2, 3... best pairing first:
   by the higher score in the pairing, then the total score, then the better
   standings position.
3. No pairing sits more than :data:`TABLE_SLACK` places from that order (a
   hard cap). Within it, tables are chosen as an assignment problem
   (``scipy.optimize.linear_sum_assignment``): the best pairing keeps the
   first free table unless one of its players has already played there; then
   as few players as possible sit at a table they have already played at;
   then pairings move as little as possible (squared, so many short moves
   beat one long one), the better pairings least.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from scipy.optimize import linear_sum_assignment  # type: ignore[import-untyped]

from shiai.tournaments.model import InvalidHistory, Pairing, TournamentHistory
from shiai.tournaments.standings import Standings, compute_standings

Pair = tuple[str, str]

#: How many places a pairing may move from best-first order to avoid a repeat (a hard cap).
TABLE_SLACK = 8


@dataclass(frozen=True)
class TableAssignment:
    """Pairings with their tables (in table order) and any fixed-table warnings."""

    pairings: tuple[Pairing, ...]
    warnings: tuple[str, ...]


def assign_tables(
    history: TournamentHistory,
    pairs: Sequence[Pair],
    *,
    round_number: int | None = None,
    standings: Standings | None = None,
) -> TableAssignment:
    """Give each pair of ``pairs`` a table for round ``round_number``.

    ``round_number`` defaults to the next round; ``standings`` (after the
    previous round) is computed when not given. Works on any pairs, so an
    organiser's manual pairing can be given tables too.
    """
    number = history.next_round_number if round_number is None else round_number
    if standings is None:
        standings = compute_standings(history, through_round=number - 1)
    position = {row.player_id: row.position for row in standings.rows}
    for pair in pairs:
        for player_id in pair:
            if player_id not in position:
                raise InvalidHistory(f"unknown player {player_id!r}")
    score = standings.exact_scores
    past: dict[str, set[int]] = {pid: set() for pid in position}
    for round_ in history.rounds[: number - 1]:
        for pairing in round_.pairings:
            past[pairing.a].add(pairing.table)
            past[pairing.b].add(pairing.table)

    def quality(pair: Pair) -> tuple[Fraction, Fraction, int]:
        a, b = pair
        return (-max(score[a], score[b]), -(score[a] + score[b]), min(position[a], position[b]))

    ordered = sorted(pairs, key=quality)
    claimed, normal, warnings = _claim_fixed_tables(history, ordered, position)
    free: list[int] = []
    table = 0
    while len(free) < len(normal):
        table += 1
        if table not in claimed:
            free.append(table)
    repeats = {
        (i, k): count
        for i, pair in enumerate(normal)
        for k in range(max(0, i - TABLE_SLACK), min(len(free), i + TABLE_SLACK + 1))
        if (count := _repeats(past, pair, free[k]))
    }
    slots = [(free[k], normal[i]) for i, k in enumerate(_place(len(normal), repeats))]
    assigned = [*slots, *claimed.items()]
    return TableAssignment(
        pairings=tuple(Pairing(t, a, b) for t, (a, b) in sorted(assigned)),
        warnings=tuple(warnings),
    )


def _repeats(past: dict[str, set[int]], pair: Pair, table: int) -> int:
    """How many of the pair's players have already played at ``table`` (0-2)."""
    return (table in past[pair[0]]) + (table in past[pair[1]])


def _place(n: int, repeats: Mapping[tuple[int, int], int]) -> list[int]:
    """The slot of each of ``n`` pairings (best first), given their repeats.

    ``repeats[i, k]`` (absent: 0) counts the players of pairing ``i`` who have
    already played at the table of slot ``k``. Pairing ``i`` may only take slots
    ``i - TABLE_SLACK`` to ``i + TABLE_SLACK``. The best pairing keeps slot 0
    when neither of its players played there. Then, in order: fewest repeated
    players, then the least displacement, squared so that many one-place moves
    beat one long one, and weighted so that better pairings move least.
    """
    if n == 0:
        return []
    pin_first = repeats.get((0, 0), 0) == 0
    rank = np.arange(n)
    displacement = np.abs(rank[:, None] - rank[None, :])
    # Pairing i's move costs d^2 * (2n - i): at most 2n * SLACK^2 * n in all,
    # so one repeated player (costing more than every move together) always
    # outweighs any set of moves.
    moves = displacement.astype(float) ** 2 * (2 * n - rank)[:, None]
    repeat_cost = 2.0 * n * n * TABLE_SLACK**2 + 1
    cost = moves
    for (i, k), count in repeats.items():
        cost[i, k] += repeat_cost * count
    cost[displacement > TABLE_SLACK] = np.inf
    if pin_first:
        cost[0, :] = np.inf
        cost[:, 0] = np.inf
        cost[0, 0] = 0.0
    rows, columns = linear_sum_assignment(cost)
    slot = [0] * n
    for row, column in zip(rows.tolist(), columns.tolist(), strict=True):
        slot[row] = column
    return slot


def _claim_fixed_tables(
    history: TournamentHistory, ordered: Sequence[Pair], position: dict[str, int]
) -> tuple[dict[int, Pair], list[Pair], list[str]]:
    """Give fixed tables first; return them, the remaining pairs and warnings."""
    claimed: dict[int, Pair] = {}
    normal: list[Pair] = []
    warnings: list[str] = []
    for pair in ordered:
        wanting = [
            history.player(pid)
            for pid in sorted(pair, key=lambda pid: position[pid])
            if history.player(pid).fixed_table is not None
        ]
        got: int | None = None
        for player in wanting:
            table = player.fixed_table
            if got is None and table is not None and table not in claimed:
                claimed[table] = pair
                got = table
            elif table != got:
                warnings.append(
                    f"{player.name} ({player.id}) has fixed table {table} but cannot have it "
                    f"this round (pairing {pair[0]} v {pair[1]})"
                )
        if got is None:
            normal.append(pair)
    return claimed, normal, warnings

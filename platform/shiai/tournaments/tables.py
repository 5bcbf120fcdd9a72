"""Table numbers for a round's pairings.

1. A player with a fixed table (accessibility) always gets it. If both players
   of a pairing have one, or two pairings claim the same table, the
   higher-placed player keeps theirs and a warning says who did not.
2. The other pairings take the remaining tables 1, 2, 3... best pairing first:
   by the higher score in the pairing, then the total score, then the better
   standings position.
3. A pairing may move up to :data:`TABLE_SLACK` places from that order so that
   neither player sits at a table they have already played at; when that is
   impossible within the slack, the repeat is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from shiai.tournaments.model import InvalidHistory, Pairing, TournamentHistory
from shiai.tournaments.standings import Standings, compute_standings

Pair = tuple[str, str]

#: How many places a pairing may move from its natural table to avoid a repeat.
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

    def repeats(pair: Pair, table: int) -> bool:
        return table in past[pair[0]] or table in past[pair[1]]

    ordered = sorted(pairs, key=quality)
    claimed, normal, warnings = _claim_fixed_tables(history, ordered, position)
    free: list[int] = []
    table = 0
    while len(free) < len(normal):
        table += 1
        if table not in claimed:
            free.append(table)
    queue = list(normal)
    slots: list[tuple[int, Pair]] = []
    for table in free:
        window = queue[: TABLE_SLACK + 1]
        choice = next((k for k, pair in enumerate(window) if not repeats(pair, table)), 0)
        slots.append((table, queue.pop(choice)))
    for i, (table, pair) in enumerate(slots):
        if not repeats(pair, table):
            continue
        for j in range(max(0, i - TABLE_SLACK), min(len(slots), i + TABLE_SLACK + 1)):
            other_table, other = slots[j]
            if j != i and not repeats(pair, other_table) and not repeats(other, table):
                slots[i], slots[j] = (table, other), (other_table, pair)
                break
    assigned = [*slots, *claimed.items()]
    return TableAssignment(
        pairings=tuple(Pairing(t, a, b) for t, (a, b) in sorted(assigned)),
        warnings=tuple(warnings),
    )


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

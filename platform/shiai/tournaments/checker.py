"""Check a round's pairing against the rules, without refusing it.

Used for an organiser's manual override, and by the tests as an independent
check of the pairer: this module reads only the plain history (never the
pairer's records, weights or matching), so a bug in one is not hidden by
the same bug in the other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from shiai.tournaments.model import Bye, Pairing, Player, TournamentHistory


class WarningKind(StrEnum):
    """What a pairing warning is about."""

    UNKNOWN_PLAYER = "unknown_player"
    SELF_PAIRING = "self_pairing"
    NOT_ACTIVE = "not_active"  # not entered yet, or dropped
    PAIRED_TWICE = "paired_twice"
    MISSING = "missing"
    REMATCH = "rematch"
    SAME_CLUB = "same_club"
    SECOND_BYE = "second_bye"
    EXTRA_BYE = "extra_bye"  # more unrequested byes than an odd field needs
    REQUESTED_BYE_IGNORED = "requested_bye_ignored"
    DUPLICATE_TABLE = "duplicate_table"
    FIXED_TABLE_IGNORED = "fixed_table_ignored"


@dataclass(frozen=True)
class PairingWarning:
    """One broken rule: its kind, the players concerned and a readable message."""

    kind: WarningKind
    players: tuple[str, ...]
    message: str


def _name(registered: dict[str, Player], player_id: str) -> str:
    """The player's name, which the organiser reads better than an id."""
    player = registered.get(player_id)
    return player.name if player is not None else player_id


def check_pairing(
    history: TournamentHistory,
    pairings: Sequence[Pairing],
    byes: Sequence[Bye] = (),
    *,
    round_number: int | None = None,
) -> tuple[PairingWarning, ...]:
    """Every rule the proposed round breaks, given the rounds before it.

    ``round_number`` defaults to the next round of ``history``; only rounds
    before it count as earlier games. Nothing is refused: an empty result means
    the pairing is clean.
    """
    number = history.next_round_number if round_number is None else round_number
    registered = {p.id: p for p in history.players}
    met: set[frozenset[str]] = set()
    earlier_byes: Counter[str] = Counter()
    for round_ in history.rounds:
        if round_.number >= number:
            continue
        met.update(frozenset((p.a, p.b)) for p in round_.pairings)
        earlier_byes.update(b.player for b in round_.byes)

    warnings: list[PairingWarning] = []

    def warn(kind: WarningKind, players: Sequence[str], message: str) -> None:
        warnings.append(PairingWarning(kind, tuple(players), message))

    seen: Counter[str] = Counter()
    for pairing in pairings:
        seen.update((pairing.a, pairing.b))
    seen.update(bye.player for bye in byes)
    for player_id in sorted(seen):
        player = registered.get(player_id)
        if player is None:
            warn(WarningKind.UNKNOWN_PLAYER, [player_id], f"{player_id} is not registered")
        elif not player.is_active(number):
            warn(WarningKind.NOT_ACTIVE, [player_id], f"{player.name} does not play round {number}")
        if seen[player_id] > 1:
            warn(
                WarningKind.PAIRED_TWICE,
                [player_id],
                f"{_name(registered, player_id)} appears {seen[player_id]} times in round {number}",
            )
    active = [p for p in history.players if p.is_active(number)]
    for player in active:
        if player.id not in seen:
            warn(WarningKind.MISSING, [player.id], f"{player.name} is neither paired nor on a bye")

    tables: Counter[int] = Counter(p.table for p in pairings)
    for table, count in sorted(tables.items()):
        if count > 1:
            warn(WarningKind.DUPLICATE_TABLE, [], f"table {table} is used by {count} pairings")

    for pairing in pairings:
        pair = [pairing.a, pairing.b]
        if pairing.a == pairing.b:
            warn(
                WarningKind.SELF_PAIRING,
                pair,
                f"{_name(registered, pairing.a)} is paired with themself",
            )
            continue
        if frozenset(pair) in met:
            warn(
                WarningKind.REMATCH,
                pair,
                f"{_name(registered, pairing.a)} and "
                f"{_name(registered, pairing.b)} have already met",
            )
        a, b = registered.get(pairing.a), registered.get(pairing.b)
        if a is not None and b is not None and a.club is not None and a.club == b.club:
            warn(WarningKind.SAME_CLUB, pair, f"{a.name} and {b.name} are both of {a.club}")
        for player in (a, b):
            if player is None:
                continue
            if number in player.requested_bye_rounds:
                warn(
                    WarningKind.REQUESTED_BYE_IGNORED,
                    [player.id],
                    f"{player.name} requested a bye in round {number} but is paired",
                )
            if player.fixed_table is not None and player.fixed_table != pairing.table:
                warn(
                    WarningKind.FIXED_TABLE_IGNORED,
                    [player.id],
                    f"{player.name} has fixed table {player.fixed_table} "
                    f"but plays at table {pairing.table}",
                )

    for bye in byes:
        if earlier_byes[bye.player]:
            warn(
                WarningKind.SECOND_BYE,
                [bye.player],
                f"{_name(registered, bye.player)} has already had a bye",
            )
    requested = {p.id for p in active if number in p.requested_bye_rounds}
    unrequested = [b.player for b in byes if b.player not in requested]
    to_pair = len([p for p in active if p.id not in requested])
    if len(unrequested) > to_pair % 2:
        warn(
            WarningKind.EXTRA_BYE,
            unrequested,
            f"{len(unrequested)} unrequested byes where {to_pair % 2} is needed",
        )
    return tuple(warnings)

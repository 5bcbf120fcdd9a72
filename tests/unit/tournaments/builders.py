"""Terse builders for hand-made tournament histories in tests.

``game("A", "B", "A", 15, 5)`` is a game A won 15-5 (winner ``"="`` for a
draw); ``played(1, game(...), byes=["E"])`` a finished round with its table
numbers given in order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from shiai.tournaments.model import (
    Bye,
    Pairing,
    Player,
    Result,
    Round,
    TournamentHistory,
    TournamentOptions,
)
from shiai.tournaments.swiss import ProposedRound

Game = tuple[str, str, Result]


def game(a: str, b: str, winner: str, a_vp: float = 0, b_vp: float = 0) -> Game:
    """A finished game; ``winner`` is ``a``, ``b`` or ``"="``."""
    if winner == a:
        return (a, b, Result.a_wins(a_vp, b_vp))
    if winner == b:
        return (a, b, Result.b_wins(a_vp, b_vp))
    assert winner == "="
    return (a, b, Result.draw(a_vp, b_vp))


def played(
    number: int,
    *games: Game,
    byes: Iterable[str] = (),
    requested: Iterable[str] = (),
    first_table: int = 1,
) -> Round:
    """A finished round; tables ``first_table``, then up by one, in the order given."""
    return Round(
        number,
        tuple(Pairing(t, a, b, r) for t, (a, b, r) in enumerate(games, start=first_table)),
        tuple(Bye(p) for p in byes) + tuple(Bye(p, requested=True) for p in requested),
    )


def field(*ids: str, **overrides: dict[str, Any]) -> tuple[Player, ...]:
    """Players named after their ids; ``A={"club": "X"}`` sets fields of one."""
    return tuple(Player(id=i, name=i, **overrides.get(i, {})) for i in ids)


def history(players: Sequence[Player], *rounds: Round, **options: Any) -> TournamentHistory:
    """A history with ``options`` passed to :class:`TournamentOptions`."""
    return TournamentHistory(tuple(players), tuple(rounds), TournamentOptions(**options))


def tables_of(pairings: Iterable[Pairing]) -> dict[frozenset[str], int]:
    """Each unordered pair's table."""
    return {frozenset(p.players): p.table for p in pairings}


def pairs(proposal: ProposedRound) -> set[frozenset[str]]:
    """The pairings of a proposal as a set of unordered pairs."""
    return {frozenset(p.players) for p in proposal.pairings}


def as_pairs(*spec: str) -> set[frozenset[str]]:
    """``as_pairs("AB", "CD")`` for single-letter ids."""
    return {frozenset(s) for s in spec}

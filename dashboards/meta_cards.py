"""The card dashboard of card-driven systems: each character's cards, how often
its sides played each one, and their win rate in the games they played it
against the games they did not (17lands' "game in hand" win rate).

A system's analysis facts make a card a unit of type ``CARD`` (``"card"``)(the card a
side revealed in a game, by its name, once per side however often it was
played; its ``casualties_caused`` the wounds it dealt) and a side's faction its
character. Nothing here names a system: any system whose facts record cards
gets this table, and the unit table (:func:`dashboards.meta_queries.unit_performance`)
leaves cards out. Mirror matches are left out, as in the unit table (the
rollup's rows), so the rates compare characters against other characters.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, TableClause, func, select

from dashboards.meta_filters import Filters
from dashboards.meta_queries import CARD, RECORD, Record, unit_rows
from dashboards.meta_rollups import rollup_matchups, rollup_units


@dataclass(frozen=True)
class CardPlay(Record):
    """A card in ``faction``'s (a character's) games: the record of the sides that
    played it (the base counts), that of the character's sides that did not
    (``without_*``), and the wounds it dealt in all."""

    faction: str = ""
    name: str = ""
    without_games: int = 0
    without_wins: int = 0
    without_draws: int = 0
    without_losses: int = 0
    wounds: int = 0

    @property
    def without(self) -> Record:
        return Record(self.without_games, self.without_wins, self.without_draws,
                      self.without_losses)  # fmt: skip

    @property
    def play_rate(self) -> Fraction:
        """The share of the character's games in which its side played the card."""
        total = self.games + self.without_games
        return Fraction(self.games, total) if total else Fraction(0)

    @property
    def wounds_per_game(self) -> Fraction:
        """Wounds the card dealt per game it was played in."""
        return Fraction(self.wounds, self.games) if self.games else Fraction(0)


def _sums(rollup: TableClause, *names: str) -> list[Any]:
    return [func.sum(rollup.c[name]).label(name) for name in names]


def card_play(connection: Connection, filters: Filters) -> list[CardPlay]:
    """Each card of each character played in at least ``min_games`` non-mirror
    games, with and without it; by character, then most played, then name."""
    c, m = rollup_units.c, rollup_matchups.c
    query = (
        select(
            c.faction,
            c.name,
            func.max(c.unit_type).label("unit_type"),
            *_sums(rollup_units, *RECORD, "copies", "caused", "cost"),
        )
        .where(filters.where(rollup_units), c.unit_type == CARD)
        .group_by(c.faction, c.name)
        .having(func.sum(c.games) >= filters.min_games)
    )
    played = connection.execute(query).all()
    if not played:
        return []
    totals = {
        row.faction: {key: int(getattr(row, key) or 0) for key in RECORD}
        for row in connection.execute(
            select(m.faction, *_sums(rollup_matchups, *RECORD))
            .where(filters.where(rollup_matchups), m.faction != m.opponent_faction)
            .group_by(m.faction)
        )
    }
    return [
        CardPlay(
            games=row.games, wins=row.wins, draws=row.draws, losses=row.losses,
            faction=row.faction, name=row.name,
            without_games=row.without_games, without_wins=row.without_wins,
            without_draws=row.without_draws, without_losses=row.without_losses,
            wounds=row.caused,
        )
        for row in unit_rows(played, totals)
    ]  # fmt: skip


__all__ = ["CARD", "CardPlay", "card_play"]

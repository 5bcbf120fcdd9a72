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

from dataclasses import dataclass, fields
from fractions import Fraction

from sqlalchemy import Connection

from dashboards.meta_filters import Filters
from dashboards.meta_queries import CARD, UnitPerformance, WithAndWithout, card_units


@dataclass(frozen=True)
class CardPlay(WithAndWithout):
    """A card in ``faction``'s (a character's) games: the record of the sides that
    played it (the base counts), that of the character's sides that did not
    (``without_*``), and the wounds it dealt in all."""

    wounds: int = 0

    @classmethod
    def of(cls, unit: UnitPerformance) -> CardPlay:
        """The card's row from its unit row (:func:`dashboards.meta_queries.card_units`):
        the wounds it dealt are the casualties it caused."""
        shared = {f.name: getattr(unit, f.name) for f in fields(WithAndWithout)}
        return cls(**shared, wounds=unit.caused)

    @property
    def play_rate(self) -> Fraction:
        """The share of the character's games in which its side played the card."""
        total = self.games + self.without_games
        return Fraction(self.games, total) if total else Fraction(0)

    @property
    def wounds_per_game(self) -> Fraction:
        """Wounds the card dealt per game it was played in."""
        return Fraction(self.wounds, self.games) if self.games else Fraction(0)


def card_play(connection: Connection, filters: Filters) -> list[CardPlay]:
    """Each card of each character played in at least ``min_games`` non-mirror
    games, with and without it; by character, then most played, then name."""
    return [CardPlay.of(unit) for unit in card_units(connection, filters)]


__all__ = ["CARD", "CardPlay", "card_play"]

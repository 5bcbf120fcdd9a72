"""The tournament and round of the analysis rows of games linked to a pairing.

A game that ends after it was linked finds its pairing through
:func:`linked_event` (``GameAnalysis``'s ``event_of``); a game linked after it
ended, or linked again elsewhere, is stamped by ``AnalysisTournamentLinks``,
which follows the Tournaments application: for each tournament touched, its
games' rows lose their old stamp and take the tournament's current links, and
the dashboards' rollups of those games' days are refreshed in the same
transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, Engine, select, update

from replays import rollups
from replays.projection import Follower
from replays.schema import RECORDED, game_sides
from shiai.schema import tournament_game_links, tournaments
from shiai.tournaments.application import Tournaments


def linked_event(conn: Connection, game_id: UUID) -> tuple[UUID, int, int] | None:
    """The tournament, round and event size (players) of the pairing ``game_id`` is
    linked to, if any."""
    links = tournament_game_links.c
    row = conn.execute(
        select(links.tournament_id, links.round, tournaments.c.players)
        .join_from(tournament_game_links, tournaments, tournaments.c.id == links.tournament_id)
        .where(links.game_id == str(game_id))
    ).first()
    return None if row is None else (row.tournament_id, row.round, row.players)


# Only recorded games are stamped here: the other rows carry their own event.
RECORDED_ROWS = game_sides.c.source == RECORDED


class AnalysisTournamentLinks(Follower):
    name = "game_analysis_links"

    def __init__(self, tournaments: Tournaments, db_engine: Engine) -> None:
        super().__init__(tournaments, db_engine)
        self.tournaments = tournaments

    def reset(self, conn: Connection) -> None:
        conn.execute(
            update(game_sides)
            .where(RECORDED_ROWS)
            .values(tournament_id=None, round=None, event_size=None)
        )
        rollups.rebuild(conn)

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        days: set[rollups.Day] = set()
        for tournament_id in Tournaments.touched(events):
            tournament = self.tournaments.get(tournament_id)
            days |= _days_stamped(conn, tournament_id)
            conn.execute(
                update(game_sides)
                .where(game_sides.c.tournament_id == tournament_id, RECORDED_ROWS)
                .values(tournament_id=None, round=None, event_size=None)
            )
            for round_ in tournament.rounds:
                for table in round_.tables:
                    if table.game_id is not None:
                        conn.execute(
                            update(game_sides)
                            .where(game_sides.c.game_id == UUID(table.game_id), RECORDED_ROWS)
                            .values(
                                tournament_id=tournament_id,
                                round=round_.number,
                                event_size=len(tournament.players),
                            )
                        )
            days |= _days_stamped(conn, tournament_id)
        rollups.refresh(conn, days)


def _days_stamped(conn: Connection, tournament_id: UUID) -> set[rollups.Day]:
    """The days of the games whose rows carry the tournament."""
    c = game_sides.c
    query = select(c.system, c.played_on).where(c.tournament_id == tournament_id).distinct()
    return {(row.system, row.played_on) for row in conn.execute(query)}

"""Tournament read models: the events of ``Tournaments`` projected into tables.

Once per batch of events (one event when following live saves), each
tournament touched is loaded and its listing row, standings, game links and
rated games are written again; then the ratings are recomputed from every
rated game. Pages read these rows; nothing is computed on a page view.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, Engine, delete, insert, select

from replays.projection import Follower
from shiai.schema import (
    rated_games,
    ratings,
    tournament_game_links,
    tournament_standings,
    tournaments,
)
from shiai.tournaments.aggregate import Tournament, result_from_dict
from shiai.tournaments.application import Tournaments
from shiai.tournaments.model import Outcome
from shiai.tournaments.ratings import RatedGame, compute_ratings

# The width of rated_games.player_a/player_b and ratings.player.
IDENTITY_LIMIT = 80


def rated_identity(tournament: Tournament, player_id: str) -> str:
    """Who a rating belongs to: the linked account, else the player's name (a
    name too long for the column, up to 120 characters, by its SHA-256)."""
    entry = tournament.players[player_id]
    if entry.account_id is not None:
        return f"account:{entry.account_id}"
    return name_identity(entry.name)


def name_identity(name: str) -> str:
    """The identity of a player known by name only (no account): ``name:`` and the
    name casefolded, or a name too long for the column by its SHA-256."""
    identity = f"name:{name.casefold()}"
    if len(identity) <= IDENTITY_LIMIT:
        return identity
    return f"name-sha256:{hashlib.sha256(name.casefold().encode()).hexdigest()}"


class TournamentReadModels(Follower):
    name = "tournaments"

    def __init__(self, application: Tournaments, db_engine: Engine) -> None:
        super().__init__(application, db_engine)
        self.tournaments = application

    def reset(self, conn: Connection) -> None:
        for table in (tournaments, tournament_standings, tournament_game_links, rated_games):
            conn.execute(delete(table))
        conn.execute(delete(ratings))

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        rated_changed = False
        for tournament_id in Tournaments.touched(events):
            rated_changed |= self._write(conn, self.tournaments.get(tournament_id))
        if rated_changed:
            self._rate(conn)

    def _write(self, conn: Connection, tournament: Tournament) -> bool:
        """Write one tournament's rows; whether its rated games changed (then the
        site's ratings are computed again: a report awaiting confirmation, a
        check-in or a timer changes none, and a hall makes many of those)."""
        tid: UUID = tournament.id
        for table in (tournaments, tournament_standings, tournament_game_links):
            key = table.c.id if table is tournaments else table.c.tournament_id
            conn.execute(delete(table).where(key == tid))
        conn.execute(
            insert(tournaments).values(
                id=tid,
                name=tournament.name,
                game_system=tournament.game_system,
                battle_size=tournament.battle_size,
                status=tournament.status,
                planned_rounds=tournament.planned_rounds,
                rounds_paired=len(tournament.rounds),
                players=len(tournament.players),
                organisers=list(tournament.organisers),
                lists_public=int(tournament.lists_public),
                version=tournament.version,
                created_at=tournament.created_on,
                updated_at=tournament.modified_on,
            )
        )
        standings = tournament.standings()
        rows = [
            {
                "tournament_id": tid,
                "player_id": row.player_id,
                "position": row.position,
                "rank": row.rank,
                "name": row.name,
                "club": tournament.players[row.player_id].club,
                "faction": tournament.players[row.player_id].faction,
                "score": row.score,
                "tiebreaks": {name.value: value for name, value in row.tiebreaks},
                "games": row.games,
                "wins": row.wins,
                "draws": row.draws,
                "losses": row.losses,
                "byes": row.byes,
                "victory_points": row.victory_points,
                "vp_differential": row.vp_differential,
                "dropped": int(row.dropped),
                "through_round": standings.through_round,
                # Player pages (shiai.players): whose row it is, and their list's facts.
                "identity": rated_identity(tournament, row.player_id),
                "has_list": int(bool(tournament.players[row.player_id].army_list)),
                "list_points": tournament.players[row.player_id].list_points,
            }
            for row in standings.rows
        ]
        if rows:
            conn.execute(insert(tournament_standings), rows)
        links = []
        games = []
        for round_ in tournament.rounds:
            for seat in round_.tables:
                if seat.game_id is not None:
                    links.append(
                        {
                            "game_id": seat.game_id,
                            "tournament_id": tid,
                            "round": round_.number,
                            "table_number": seat.table,
                        }
                    )
                if seat.result is not None and round_.published:
                    games.append(
                        {
                            "tournament_id": tid,
                            "round": round_.number,
                            "table_number": seat.table,
                            "tournament_created_at": tournament.created_on,
                            "player_a": rated_identity(tournament, seat.a),
                            "player_b": rated_identity(tournament, seat.b),
                            "name_a": tournament.players[seat.a].name,
                            "name_b": tournament.players[seat.b].name,
                            "outcome_a": seat.result["a"],
                            "outcome_b": seat.result["b"],
                        }
                    )
        if links:
            conn.execute(insert(tournament_game_links), links)
        if _rated_keys(conn, tid) == sorted(_rated_key(game) for game in games):
            return False
        conn.execute(delete(rated_games).where(rated_games.c.tournament_id == tid))
        if games:
            conn.execute(insert(rated_games), games)
        return True

    def _rate(self, conn: Connection) -> None:
        computed = compute_ratings(game for _, game in rated_in_order(conn))
        conn.execute(delete(ratings))
        if computed:
            conn.execute(insert(ratings), [rating.__dict__ for rating in computed])


def rated_in_order(conn: Connection) -> list[tuple[Any, RatedGame]]:
    """Every rated game (its row, and the game as the ratings take it) in the order
    the ratings are computed: by tournament created, tournament, round and table."""
    c = rated_games.c
    played = conn.execute(
        select(rated_games).order_by(
            c.tournament_created_at, c.tournament_id, c.round, c.table_number
        )
    )
    return [
        (
            row,
            RatedGame(
                player_a=row.player_a,
                player_b=row.player_b,
                name_a=row.name_a,
                name_b=row.name_b,
                outcome_a=Outcome(row.outcome_a),
                outcome_b=Outcome(row.outcome_b),
            ),
        )
        for row in played
    ]


def _rated_key(game: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(game[column] for column in RATED_COLUMNS)


def _rated_keys(conn: Connection, tid: UUID) -> list[tuple[Any, ...]]:
    c = rated_games.c
    query = select(*(c[column] for column in RATED_COLUMNS)).where(c.tournament_id == tid)
    return sorted(tuple(row) for row in conn.execute(query))


# What the ratings are computed from (the tournament's date only orders events).
RATED_COLUMNS = (
    "round",
    "table_number",
    "player_a",
    "player_b",
    "name_a",
    "name_b",
    "outcome_a",
    "outcome_b",
)

__all__ = [
    "TournamentReadModels",
    "name_identity",
    "rated_identity",
    "rated_in_order",
    "result_from_dict",
]

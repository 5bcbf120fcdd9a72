"""Results from recorded games: a linked game's outcome becomes the pairing's result.

``GameResults`` follows GameRecords' notification log (with tracking, like
every follower); when a game ends and a pairing is linked to it, the result
is taken from the game's outcome: the winner side, and victory points when
the outcome has scores. Taking a result twice is a no-op, so replaying the
log after a crash is safe. A game linked after it ended gives its result at
once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, Engine, select

from engine.core.position import is_position_setup
from replays.game import Game
from replays.projection import Follower
from replays.records import GameRecords
from shiai.schema import game_seats, tournament_game_links
from shiai.tournaments.aggregate import Entry, TournamentRefused
from shiai.tournaments.application import Tournaments
from shiai.tournaments.model import Result


def result_from_outcome(outcome: Mapping[str, Any], side_a: str, side_b: str) -> Result:
    """The pairing's result from a game outcome (``Outcome.to_dict()``)."""
    scores = outcome.get("scores") or {}
    a_vp, b_vp = scores.get(side_a, 0), scores.get(side_b, 0)
    winner = outcome.get("winner")
    if winner is None:
        return Result.draw(a_vp, b_vp)
    if winner == side_a:
        return Result.a_wins(a_vp, b_vp)
    if winner == side_b:
        return Result.b_wins(a_vp, b_vp)
    raise TournamentRefused(f"the game's winner {winner!r} is neither linked side")


class GameResults(Follower):
    name = "tournament_game_results"
    # Its effect is a command on Tournaments (idempotent), not rows on its connection.
    external_effects = True

    def __init__(self, records: GameRecords, tournaments: Tournaments, db_engine: Engine) -> None:
        super().__init__(records, db_engine)
        self.records = records
        self.tournaments = tournaments

    def link(
        self,
        tournament_id: UUID,
        author: str,
        *,
        number: int,
        table: int,
        game_id: UUID,
        side_a: str | None = None,
    ) -> bool:
        """Link a recorded game to a pairing (or, for a player, propose it: see
        ``Tournament.link_game``); ``True`` if its result was taken now."""
        summary = self.records.summary(game_id)  # GameNotFound for an unknown game
        if is_position_setup(self.records.current(game_id).setup):
            raise TournamentRefused("an analysis board cannot decide a pairing")
        if len(summary.sides) != 2:
            raise TournamentRefused("only a two-sided game can decide a pairing")
        linked = self.tournaments.link_game(
            tournament_id,
            author,
            number=number,
            table=table,
            game_id=str(game_id),
            side_a=side_a or summary.sides[0],
            sides=tuple(summary.sides),
            seats=self.seats(game_id),
        )
        if not linked or summary.outcome is None:
            return False
        return self._take(tournament_id, str(game_id), summary.outcome)

    def confirm_link(self, tournament_id: UUID, author: str, *, number: int, table: int) -> bool:
        """Confirm the game proposed for a pairing; ``True`` if its result was taken now."""
        game_id = self.tournaments.confirm_link(tournament_id, author, number, table)
        outcome = self.records.summary(UUID(game_id)).outcome
        if outcome is None:
            return False
        return self._take(tournament_id, game_id, outcome)

    def seats(self, game_id: UUID) -> dict[str, str | None]:
        """The account seated at each side of a game created on the platform
        (``None`` for a bot or an open seat); empty for a game recorded elsewhere."""
        with self.db_engine.connect() as conn:
            rows = conn.execute(
                select(game_seats.c.side, game_seats.c.account_id).where(
                    game_seats.c.game_id == game_id
                )
            ).all()
        return {row.side: None if row.account_id is None else str(row.account_id) for row in rows}

    def pairing_players(self, game_id: UUID) -> dict[str, Entry]:
        """The players of the pairing ``game_id`` is linked to, by the game's
        side they play; empty if the game is linked to none."""
        with self.db_engine.connect() as conn:
            link = conn.execute(
                select(tournament_game_links.c.tournament_id).where(
                    tournament_game_links.c.game_id == str(game_id)
                )
            ).first()
        if link is None:
            return {}
        tournament = self.tournaments.get(link.tournament_id)
        for round_ in tournament.rounds:
            for table in round_.tables:
                if table.game_id != str(game_id) or table.game_side_a is None:
                    continue
                sides = self.records.current(game_id).sides
                side_b = next(s for s in sides if s != table.game_side_a)
                players = tournament.players
                return {table.game_side_a: players[table.a], side_b: players[table.b]}
        return {}

    def player_side(self, game_id: UUID, account_id: str) -> str | None:
        """The side of ``game_id`` that ``account_id`` plays, through the pairing
        the game is linked to; ``None`` if the game is unlinked or the account
        is not one of that pairing's players."""
        for side, entry in self.pairing_players(game_id).items():
            if entry.account_id == account_id:
                return side
        return None

    def _take(self, tournament_id: UUID, game_id: str, outcome: Mapping[str, Any]) -> bool:
        tournament = self.tournaments.get(tournament_id)
        for round_ in tournament.rounds:
            for table in round_.tables:
                if table.game_id == game_id and table.game_side_a is not None:
                    sides = self.records.summary(UUID(game_id)).sides
                    side_b = next(s for s in sides if s != table.game_side_a)
                    result = result_from_outcome(outcome, table.game_side_a, side_b)
                    return self.tournaments.take_game_result(tournament_id, game_id, result)
        return False

    def reset(self, conn: Connection) -> None:
        """Nothing to empty: results live in the tournaments, and taking one twice
        does nothing, so a rebuild only reads the games again."""

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        for _, domain_event in events:
            if not isinstance(domain_event, Game.Ended):  # type: ignore[attr-defined]
                continue
            game_id = str(domain_event.originator_id)
            link = conn.execute(
                select(tournament_game_links.c.tournament_id).where(
                    tournament_game_links.c.game_id == game_id
                )
            ).first()
            if link is not None:
                self._take(link.tournament_id, game_id, domain_event.outcome)

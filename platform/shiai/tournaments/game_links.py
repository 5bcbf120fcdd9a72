"""One recorded game decides at most one pairing, across every tournament.

A tournament checks its own tables itself (its version guards it), but two
tournaments are two aggregates: nothing in either one sees the other's link.
So every link also writes a ``GameLink`` claim, an aggregate whose id is
derived from the game's id, in the same transaction as the tournament's
``GameLinked`` event (``Application.save`` of both). The event store's unique
key on (aggregate id, version) is the constraint: of two concurrent first
links of one game, the second to commit fails as a whole (its tournament
event is not stored either), and the application answers with a refusal.

A claim whose tournament no longer links the game (an organiser undid the
link) is stale: the next link moves it with one more event, and two
concurrent moves race on the claim's version in the same way.
"""

from __future__ import annotations

from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event


class GameLink(Aggregate):
    """Which tournament's pairing a recorded game decides."""

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return uuid5(NAMESPACE_URL, f"/shiai/tournament-game-links/{game_id}")

    @event("Claimed")
    def __init__(self, *, game_id: str, tournament_id: str, round: int, table: int) -> None:
        self.game_id = game_id
        self.tournament_id = tournament_id
        self.round = round
        self.table = table

    @event("Moved")
    def move(self, *, tournament_id: str, round: int, table: int) -> None:
        self.tournament_id = tournament_id
        self.round = round
        self.table = table


__all__ = ["GameLink"]

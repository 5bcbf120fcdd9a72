"""The Tournaments application: each method is get -> one aggregate command -> save.

Methods take and return primitives (account ids as strings, tournament ids as
UUIDs); the aggregate's refusals pass through as :class:`TournamentRefused`,
library errors become ours (:class:`TournamentNotFound`, ``Conflict``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from replays.errors import Conflict
from replays.listeners import NotifiesListeners, originators
from shiai.tournaments.aggregate import PlayerRow, Tournament, TournamentRefused
from shiai.tournaments.checker import PairingWarning
from shiai.tournaments.game_links import GameLink
from shiai.tournaments.model import Result, TournamentOptions


class TournamentNotFound(Exception):
    def __init__(self, tournament_id: UUID | str) -> None:
        super().__init__(f"no tournament {tournament_id}")
        self.tournament_id = tournament_id


@dataclass(frozen=True)
class Change:
    """One line of the audit: who changed what, when."""

    version: int
    kind: str
    author: str
    timestamp: datetime
    details: dict[str, Any]


RACE_RETRIES = 8
"""How often a change that named no version is decided again after losing a race."""


class Tournaments(NotifiesListeners, Application[UUID]):
    name = "Tournaments"

    # -- plumbing -------------------------------------------------------------

    def get(self, tournament_id: UUID, version: int | None = None) -> Tournament:
        try:
            tournament: Aggregate = self.repository.get(tournament_id, version=version)
        except AggregateNotFoundError:
            raise TournamentNotFound(tournament_id) from None
        if not isinstance(tournament, Tournament):  # a game link's claim, not a tournament
            raise TournamentNotFound(tournament_id)
        return tournament

    @staticmethod
    def touched(events: Iterable[tuple[int, Any]]) -> list[UUID]:
        """The tournaments a batch of notifications changed, in order (the
        followers' view: the game links' claims are no tournament)."""
        return originators(events, Tournament.Event)

    def _change(
        self,
        tournament_id: UUID,
        action: Callable[[Tournament], Any],
        expected_version: int | None = None,
    ) -> Any:
        """Run ``action`` on the tournament and save what it decided.

        A change made from a page that showed a version (``expected_version``)
        is refused when the tournament moved on. A change that named no version
        (a player's report, confirmation or check-in: it depends on their own
        table only) is decided again on the newer tournament when it lost a race
        with another save, up to ``RACE_RETRIES`` times: in a hall, tables report
        at the same moment, and none of them should be told to try again.
        """
        for attempt in range(RACE_RETRIES + 1):
            tournament = self.get(tournament_id)
            if expected_version is not None and expected_version != tournament.version:
                raise Conflict(
                    "the tournament changed since you loaded the page "
                    f"(version {tournament.version}, not {expected_version}): reload and try again"
                )
            linked_before = tournament.linked_games()
            answer = action(tournament)
            new_links = {
                game_id: where
                for game_id, where in tournament.linked_games().items()
                if game_id not in linked_before
            }
            claims = [
                self._claim(tournament_id, game_id, *where) for game_id, where in new_links.items()
            ]
            try:
                self.save(tournament, *claims)
            except IntegrityError:
                # Lost a race: on the tournament, or on a game linked elsewhere meanwhile.
                for game_id in new_links:
                    self.check_unlinked_elsewhere(game_id, tournament_id)
                if expected_version is None and attempt < RACE_RETRIES:
                    continue
                raise Conflict(
                    "someone else changed the tournament at the same moment: reload and try again"
                ) from None
            return answer
        raise AssertionError("unreachable: the last attempt returns or raises")

    # -- one pairing per game -------------------------------------------------

    def _claim(self, tournament_id: UUID, game_id: str, number: int, table: int) -> GameLink:
        """The claim on ``game_id`` for this pairing, new or moved (not saved yet)."""
        try:
            claim: GameLink = self.repository.get(GameLink.create_id(game_id))
        except AggregateNotFoundError:
            return GameLink(
                game_id=game_id, tournament_id=str(tournament_id), round=number, table=table
            )
        self.check_unlinked_elsewhere(game_id, tournament_id)
        claim.move(tournament_id=str(tournament_id), round=number, table=table)
        return claim

    def check_unlinked_elsewhere(self, game_id: str, tournament_id: UUID) -> None:
        """Refuse if another tournament's pairing is decided by ``game_id`` (this
        tournament checks its own tables itself)."""
        try:
            claim: GameLink = self.repository.get(GameLink.create_id(game_id))
        except AggregateNotFoundError:
            return
        if claim.tournament_id == str(tournament_id):
            return
        holder = self.get(UUID(claim.tournament_id))
        where = holder.linked_games().get(game_id)
        if where is not None:
            raise TournamentRefused(
                f"game {game_id} already decides round {where[0]}, table {where[1]} of "
                f"{holder.name}: a game decides one pairing only"
            )

    # -- commands -------------------------------------------------------------

    def create(
        self,
        author: str,
        *,
        name: str,
        game_system: str,
        battle_size: str = "",
        rounds: int,
        options: TournamentOptions | None = None,
        late_entry_until_round: int = 1,
        seed: str | None = None,
    ) -> UUID:
        tournament = Tournament.create(
            author=author,
            name=name,
            game_system=game_system,
            battle_size=battle_size,
            rounds=rounds,
            options=options or TournamentOptions(),
            seed=seed or secrets.token_hex(16),
            late_entry_until_round=late_entry_until_round,
        )
        self.save(tournament)
        return tournament.id

    def add_organiser(self, tid: UUID, author: str, account_id: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.add_organiser(author, account_id), **kw)

    def register(
        self, tid: UUID, author: str, *, expected_version: int | None = None, **player: Any
    ) -> str:
        found: str = self._change(tid, lambda t: t.register(author, **player), expected_version)
        return found

    def unregister(self, tid: UUID, author: str, player_id: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.unregister(author, player_id), **kw)

    def check_in(self, tid: UUID, author: str, player_id: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.check_in(author, player_id), **kw)

    def drop(
        self, tid: UUID, author: str, player_id: str, after_round: int | None = None, **kw: Any
    ) -> None:
        self._change(tid, lambda t: t.drop(author, player_id, after_round), **kw)

    def pair_next_round(self, tid: UUID, author: str, **kw: Any) -> int:
        def pair(t: Tournament) -> int:
            t.pair_next_round(author, t.seed)
            return len(t.rounds)

        number: int = self._change(tid, pair, **kw)
        return number

    def edit_pairings(
        self,
        tid: UUID,
        author: str,
        number: int,
        pairs: list[tuple[int, str, str]],
        byes: list[str],
        *,
        accept_warnings: bool = False,
        **kw: Any,
    ) -> tuple[PairingWarning, ...]:
        found: tuple[PairingWarning, ...] = self._change(
            tid,
            lambda t: t.edit_pairings(author, number, pairs, byes, accept_warnings=accept_warnings),
            **kw,
        )
        return found

    def delete_round(self, tid: UUID, author: str, number: int, **kw: Any) -> None:
        self._change(tid, lambda t: t.delete_round(author, number), **kw)

    def publish(self, tid: UUID, author: str, number: int, **kw: Any) -> None:
        self._change(tid, lambda t: t.publish(author, number), **kw)

    def record_result(
        self,
        tid: UUID,
        author: str,
        number: int,
        table: int,
        result: Result,
        *,
        correction: bool = False,
        **kw: Any,
    ) -> None:
        self._change(
            tid,
            lambda t: t.record_result(author, number, table, result, correction=correction),
            **kw,
        )

    def report(
        self, tid: UUID, author: str, number: int, table: int, result: Result, **kw: Any
    ) -> None:
        self._change(tid, lambda t: t.report(author, number, table, result), **kw)

    def confirm(self, tid: UUID, author: str, number: int, table: int, **kw: Any) -> None:
        self._change(tid, lambda t: t.confirm(author, number, table), **kw)

    def link_game(
        self,
        tid: UUID,
        author: str,
        *,
        number: int,
        table: int,
        game_id: str,
        side_a: str,
        sides: tuple[str, ...],
        seats: dict[str, str | None],
        **kw: Any,
    ) -> bool:
        """Link (``True``) or propose (``False``) a recorded game for a pairing."""
        self.check_unlinked_elsewhere(game_id, tid)
        linked: bool = self._change(
            tid,
            lambda t: t.link_game(author, number, table, game_id, side_a, sides=sides, seats=seats),
            **kw,
        )
        return linked

    def confirm_link(self, tid: UUID, author: str, number: int, table: int, **kw: Any) -> str:
        """Confirm the game proposed for a pairing; returns its id."""
        game_id: str = self._change(tid, lambda t: t.confirm_link(author, number, table), **kw)
        return game_id

    def take_game_result(self, tid: UUID, game_id: str, result: Result) -> bool:
        """Record a linked game's outcome (author ``game:<id>``); idempotent."""
        taken: bool = self._change(
            tid, lambda t: t.take_game_result(f"game:{game_id}", game_id, result)
        )
        return taken

    def start_top_cut(self, tid: UUID, author: str, size: int, **kw: Any) -> None:
        self._change(tid, lambda t: t.start_top_cut(author, size), **kw)

    def record_top_cut_winner(
        self, tid: UUID, author: str, round_number: int, match: int, winner: str, **kw: Any
    ) -> None:
        self._change(
            tid, lambda t: t.record_top_cut_winner(author, round_number, match, winner), **kw
        )

    def undo(self, tid: UUID, author: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.undo(author), **kw)

    # -- h3-event: registration, army lists, judges ---------------------------

    def open_registration(self, tid: UUID, author: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.open_registration(author), **kw)

    def close_registration(self, tid: UUID, author: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.close_registration(author), **kw)

    def register_self(
        self, tid: UUID, author: str, *, expected_version: int | None = None, **player: Any
    ) -> str:
        found: str = self._change(
            tid, lambda t: t.register_self(author, **player), expected_version
        )
        return found

    def submit_list(
        self,
        tid: UUID,
        author: str,
        player_id: str,
        *,
        faction: str | None,
        army_list: str,
        **kw: Any,
    ) -> None:
        self._change(
            tid,
            lambda t: t.submit_list(author, player_id, faction=faction, army_list=army_list),
            **kw,
        )

    def import_players(self, tid: UUID, author: str, rows: list[PlayerRow], **kw: Any) -> list[str]:
        """Register every row in one change, or none (``ImportRefused`` lists the problems)."""
        found: list[str] = self._change(tid, lambda t: t.import_players(author, rows), **kw)
        return found

    def add_judge(self, tid: UUID, author: str, account_id: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.add_judge(author, account_id), **kw)

    def remove_judge(self, tid: UUID, author: str, account_id: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.remove_judge(author, account_id), **kw)

    def lock_lists(self, tid: UUID, author: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.lock_lists(author), **kw)

    def unlock_lists(self, tid: UUID, author: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.unlock_lists(author), **kw)

    def publish_lists(
        self, tid: UUID, author: str, *, after_event: bool = False, **kw: Any
    ) -> None:
        self._change(tid, lambda t: t.publish_lists(author, after_event=after_event), **kw)

    # -- queries --------------------------------------------------------------

    def changes(self, tid: UUID) -> list[Change]:
        """Every change of the tournament, oldest first."""
        stored = list(self.events.get(tid))
        if not stored:
            raise TournamentNotFound(tid)
        changes = []
        for domain_event in stored:
            details = {
                key: value
                for key, value in domain_event.__dict__.items()
                if key not in ("originator_id", "originator_version", "timestamp", "author")
            }
            changes.append(
                Change(
                    version=domain_event.originator_version,
                    kind=type(domain_event).__name__,
                    author=str(getattr(domain_event, "author", "")),
                    timestamp=domain_event.timestamp,  # type: ignore[attr-defined]
                    details=details,
                )
            )
        return changes

    # -- h7: check-in, disputes, a player dropping themself --------------------

    def open_check_in(self, tid: UUID, author: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.open_check_in(author), **kw)

    def close_check_in(self, tid: UUID, author: str, **kw: Any) -> None:
        self._change(tid, lambda t: t.close_check_in(author), **kw)

    def check_in_themself(self, tid: UUID, author: str, **kw: Any) -> str:
        player_id: str = self._change(tid, lambda t: t.check_in_themself(author), **kw)
        return player_id

    def dispute(
        self, tid: UUID, author: str, number: int, table: int, reason: str, **kw: Any
    ) -> None:
        self._change(tid, lambda t: t.dispute(author, number, table, reason), **kw)

    def drop_themself(self, tid: UUID, author: str, **kw: Any) -> int:
        after: int = self._change(tid, lambda t: t.drop_themself(author), **kw)
        return after

    # -- h4-hall: the hall (pairing swaps and moves, the round timer) ---------

    def swap_players(
        self,
        tid: UUID,
        author: str,
        number: int,
        first: str,
        second: str,
        *,
        accept_warnings: bool = False,
        **kw: Any,
    ) -> tuple[PairingWarning, ...]:
        found: tuple[PairingWarning, ...] = self._change(
            tid,
            lambda t: t.swap_players(
                author, number, first, second, accept_warnings=accept_warnings
            ),
            **kw,
        )
        return found

    def move_table(
        self,
        tid: UUID,
        author: str,
        number: int,
        table: int,
        to_table: int,
        *,
        accept_warnings: bool = False,
        **kw: Any,
    ) -> tuple[PairingWarning, ...]:
        found: tuple[PairingWarning, ...] = self._change(
            tid,
            lambda t: t.move_table(
                author, number, table, to_table, accept_warnings=accept_warnings
            ),
            **kw,
        )
        return found

    # The timer's times are taken here, from the clock (or given by a test), and
    # stored in the events: the aggregate never reads a clock.

    def start_timer(
        self, tid: UUID, author: str, minutes: int, *, now: datetime | None = None, **kw: Any
    ) -> None:
        at = now or datetime.now(UTC)
        self._change(tid, lambda t: t.start_timer(author, minutes, at), **kw)

    def pause_timer(
        self, tid: UUID, author: str, *, now: datetime | None = None, **kw: Any
    ) -> None:
        at = now or datetime.now(UTC)
        self._change(tid, lambda t: t.pause_timer(author, at), **kw)

    def resume_timer(
        self, tid: UUID, author: str, *, now: datetime | None = None, **kw: Any
    ) -> None:
        at = now or datetime.now(UTC)
        self._change(tid, lambda t: t.resume_timer(author, at), **kw)

    def extend_timer(self, tid: UUID, author: str, minutes: int, **kw: Any) -> None:
        self._change(tid, lambda t: t.extend_timer(author, minutes), **kw)


__all__ = ["Change", "TournamentNotFound", "TournamentRefused", "Tournaments"]

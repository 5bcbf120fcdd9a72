"""The event-sourced ``Tournament``: every change an event with its author and time.

Public methods validate and raise :class:`TournamentRefused` (nothing changes);
the private ``@event`` methods only apply, because their bodies run again on
every reconstruction. A pairing is stored in its event as data (what
``pair_round`` and ``assign_tables`` proposed), so a replay never runs the
pairer again.

Undo: every organiser action pushes a copy of the state before it onto an
undo stack (rebuilt on replay, since the event bodies push it); ``Undone``
pops it. History is never deleted: the undo is one more event. A player's
report or confirmation clears the stack, so an undo never throws away what a
player entered, and it reaches back ``UNDO_DEPTH`` organiser actions at most.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from eventsourcing.domain import Aggregate, event

from shiai import army_lists
from shiai.tournaments.checker import PairingWarning, WarningKind, check_pairing
from shiai.tournaments.model import (
    Bye,
    ClubAvoidance,
    InvalidHistory,
    NoValidPairing,
    Outcome,
    Pairing,
    Player,
    Result,
    Round,
    Tiebreak,
    TournamentHistory,
    TournamentOptions,
)
from shiai.tournaments.round_timer import (
    DEFAULT_ROUND_MINUTES,
    LONGEST_EXTENSION_MINUTES,
    LONGEST_ROUND_MINUTES,
    RoundTimer,
    parse_utc,
    utc_text,
)
from shiai.tournaments.standings import Standings, compute_standings
from shiai.tournaments.swiss import pair_round
from shiai.tournaments.topcut import Bracket, build_bracket, top_cut_seeds

ORGANISER_ONLY = "only an organiser of this tournament may do that"
DISPUTED = "the result is disputed: an organiser will settle it"
# The longest texts the read models' columns hold (shiai.schema; a test keeps them equal).
NAME_LIMIT = 200  # tournaments.name
GAME_SYSTEM_LIMIT = 64  # tournaments.game_system
BATTLE_SIZE_LIMIT = 64  # tournaments.battle_size
PLAYER_TEXT_LIMIT = 120  # a player's name, club and faction (standings, rated games, ratings)
DISPUTE_REASON_LIMIT = 500  # why a player disputes a reported result
# An army list lives only in the events, but nothing a user sends is unbounded.
ARMY_LIST_LIMIT = 10_000
GAME_ID_LIMIT = 64  # tournament_game_links.game_id
# h3-event: the most players one CSV import registers; a battle size that is points.
IMPORT_LIMIT = 1_000
BATTLE_POINTS = re.compile(r"\s*(\d{1,6})\s*(?:points?|pts?\.?|p)?\s*", re.IGNORECASE)
# How many organiser actions an undo reaches back (each keeps a copy of the state).
UNDO_DEPTH = 10
# Pairing edits that would make the history meaningless are refused, not warned about.
REFUSED_EDITS = frozenset(
    {
        WarningKind.UNKNOWN_PLAYER,
        WarningKind.SELF_PAIRING,
        WarningKind.PAIRED_TWICE,
        WarningKind.DUPLICATE_TABLE,
    }
)


class TournamentRefused(Exception):
    """An action the tournament's rules refuse; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(TournamentRefused):
    """The author may not do this (not an organiser, not their game)."""


def checked_text(value: str, what: str, limit: int) -> str:
    """``value`` if it fits its column and has no NUL character (which PostgreSQL's
    text types cannot hold); a refusal otherwise, never a silent truncation."""
    if "\x00" in value:
        raise TournamentRefused(f"{what} must not contain a NUL character")
    if len(value) > limit:
        raise TournamentRefused(
            f"{what} is {len(value)} characters long: at most {limit} are allowed"
        )
    return value


class WarningsNotAccepted(TournamentRefused):
    """A manual pairing breaks rules: shown to the organiser, saved only if accepted."""

    def __init__(self, warnings: tuple[PairingWarning, ...]) -> None:
        super().__init__(
            "the pairing breaks rules: "
            + "; ".join(w.message for w in warnings)
            + ". Accept the warnings to save it anyway."
        )
        self.warnings = warnings


class ImportRefused(TournamentRefused):
    """A list of players (a CSV file) with problems: every one is listed, nothing stored."""

    def __init__(self, problems: list[str]) -> None:
        count = len(problems)
        super().__init__(
            f"nothing was imported: the file has {count} problem{'' if count == 1 else 's'}: "
            + "; ".join(problems)
        )
        self.problems = tuple(problems)


@dataclass(frozen=True)
class PlayerRow:
    """One player of an import, as the file gives it (``row``: the spreadsheet's row
    number, the header being row 1). ``account_id`` is the account of ``username``,
    ``None`` when no account has it (or none is named)."""

    row: int
    name: str
    club: str = ""
    faction: str = ""
    army_list: str = ""
    username: str = ""
    account_id: str | None = None


@dataclass(frozen=True)
class SubmittedList:
    """A list as it is stored: its text, the faction (the list's own when it names one),
    and the engine's verdict (``problems`` ``None``: not checked)."""

    text: str
    faction: str | None
    points: int | None
    problems: list[str] | None


@dataclass
class Entry:
    """A registered player, as the tournament knows them."""

    id: str
    name: str
    club: str | None
    faction: str | None
    army_list: str
    rating: float | None
    account_id: str | None
    checked_in: bool = False
    entered_round: int = 1
    dropped_after_round: int | None = None
    requested_bye_rounds: list[int] = field(default_factory=list)
    fixed_table: int | None = None
    # h3-event: the engine's verdict on the list when it was submitted (None: not checked).
    list_points: int | None = None
    list_problems: list[str] | None = None


@dataclass
class TableEntry:
    """One pairing of a round, with its result and what led to it."""

    table: int
    a: str
    b: str
    result: dict[str, Any] | None = None  # final: {"a", "b", "a_vp", "b_vp"}
    source: str | None = None  # "confirmed", "organiser", "game"
    reported: dict[str, Any] | None = None  # awaiting the opponent's confirmation
    reported_by: str | None = None  # player id
    game_id: str | None = None
    game_side_a: str | None = None
    # A game a player proposed for this table, awaiting the opponent (or an organiser):
    # {"game_id", "side_a", "by"} (player id).
    proposed_link: dict[str, str] | None = None
    # The opponent disputes the reported result: {"by" (player id), "reason"}; an
    # organiser settles it by recording the result, which clears it.
    disputed: dict[str, str] | None = None


@dataclass
class RoundEntry:
    number: int
    tables: list[TableEntry]
    byes: list[dict[str, Any]]  # {"player", "requested"}
    warnings: list[str]
    published: bool = False
    manual: bool = False
    # The round timer: {"minutes", "started_at", "paused_at", "paused_seconds"} (see round_timer).
    timer: dict[str, Any] | None = None


@dataclass
class State:
    organisers: list[str]
    players: dict[str, Entry] = field(default_factory=dict)
    rounds: list[RoundEntry] = field(default_factory=list)
    top_cut_seeds: list[str] | None = None
    top_cut_winners: dict[str, str] = field(default_factory=dict)  # "round:match" -> player
    registrations: int = 0
    # h3-event: judges, the registration window, and the army lists' lock and publication.
    judges: list[str] = field(default_factory=list)
    registration_open: bool = True
    lists_locked: bool = False
    lists_published: bool = False
    lists_after_event: bool = False
    check_in_open: bool = False  # players may check themselves in
    round_minutes: int | None = None  # the length the organiser last started a round timer with


def result_from_dict(raw: dict[str, Any]) -> Result:
    return Result(Outcome(raw["a"]), Outcome(raw["b"]), raw.get("a_vp", 0), raw.get("b_vp", 0))


def result_to_dict(result: Result) -> dict[str, Any]:
    return {"a": result.a.value, "b": result.b.value, "a_vp": result.a_vp, "b_vp": result.b_vp}


def _match_keys(winners: dict[str, str]) -> dict[tuple[int, int], str]:
    """Top cut winners stored as ``"round:match"`` keys (JSON has no tuple keys)."""
    keyed = {}
    for key, player in winners.items():
        round_number, match = key.split(":")
        keyed[(int(round_number), int(match))] = player
    return keyed


def options_from_dict(raw: dict[str, Any]) -> TournamentOptions:
    values = dict(raw)
    values["club_avoidance"] = ClubAvoidance(values.get("club_avoidance", "soft"))
    values["tiebreaks"] = tuple(Tiebreak(t) for t in values.get("tiebreaks", ()))
    return TournamentOptions(**values)


def options_to_dict(options: TournamentOptions) -> dict[str, Any]:
    return {
        "win_points": options.win_points,
        "draw_points": options.draw_points,
        "loss_points": options.loss_points,
        "bye_points": options.bye_points,
        "bye_victory_points": options.bye_victory_points,
        "late_entry_points_per_round": options.late_entry_points_per_round,
        "club_avoidance": options.club_avoidance.value,
        "soft_club_penalty": options.soft_club_penalty,
        "tiebreaks": [t.value for t in options.tiebreaks],
    }


class Tournament(Aggregate):
    @event("Created")
    def __init__(
        self,
        *,
        author: str,
        name: str,
        game_system: str,
        battle_size: str,
        rounds: int,
        options: dict[str, Any],
        seed: str,
        late_entry_until_round: int,
    ) -> None:
        self.name = name
        self.game_system = game_system
        self.battle_size = battle_size
        self.planned_rounds = rounds
        self.options_dict = options
        self.seed = seed
        self.late_entry_until_round = late_entry_until_round
        self.creator = author
        self.state = State(organisers=[author])
        self._undo: list[State] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> Tournament:
        """A copy for one command or page (the repository's cache hands out copies).

        The undo stack's snapshots are never changed in place (``_checkpoint``
        pushes a fresh copy, ``_undone`` copies the one it pops), so copies share
        them: copying a tournament costs one copy of its state, not eleven.
        """
        clone = object.__new__(type(self))
        memo[id(self)] = clone
        for key, value in self.__dict__.items():
            shared = key == "_undo"
            clone.__dict__[key] = list(value) if shared else copy.deepcopy(value, memo)
        return clone

    @classmethod
    def create(
        cls,
        *,
        author: str,
        name: str,
        game_system: str,
        battle_size: str,
        rounds: int,
        options: TournamentOptions,
        seed: str,
        late_entry_until_round: int,
    ) -> Tournament:
        if not name.strip():
            raise TournamentRefused("give the tournament a name")
        if not game_system.strip():
            raise TournamentRefused("name the game system")
        checked_text(name.strip(), "the tournament's name", NAME_LIMIT)
        checked_text(game_system.strip(), "the game system", GAME_SYSTEM_LIMIT)
        checked_text(battle_size.strip(), "the battle size", BATTLE_SIZE_LIMIT)
        if not 1 <= rounds <= 20:
            raise TournamentRefused("a Swiss tournament has from 1 to 20 rounds")
        if not 1 <= late_entry_until_round <= rounds:
            raise TournamentRefused(f"late entry must end at a round from 1 to {rounds}")
        return cls(
            author=author,
            name=name.strip(),
            game_system=game_system.strip(),
            battle_size=battle_size.strip(),
            rounds=rounds,
            options=options_to_dict(options),
            seed=seed,
            late_entry_until_round=late_entry_until_round,
        )

    # -- reading --------------------------------------------------------------

    @property
    def options(self) -> TournamentOptions:
        return options_from_dict(self.options_dict)

    @property
    def organisers(self) -> list[str]:
        return self.state.organisers

    @property
    def players(self) -> dict[str, Entry]:
        return self.state.players

    @property
    def rounds(self) -> list[RoundEntry]:
        return self.state.rounds

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def is_organiser(self, account_id: str | None) -> bool:
        return account_id is not None and account_id in self.state.organisers

    def player_of(self, account_id: str | None) -> Entry | None:
        if account_id is None:
            return None
        return next((p for p in self.players.values() if p.account_id == account_id), None)

    def round(self, number: int) -> RoundEntry:
        if not 1 <= number <= len(self.rounds):
            raise TournamentRefused(f"there is no round {number}")
        return self.rounds[number - 1]

    def table(self, number: int, table: int) -> TableEntry:
        found = next((t for t in self.round(number).tables if t.table == table), None)
        if found is None:
            raise TournamentRefused(f"round {number} has no table {table}")
        return found

    @property
    def status(self) -> str:
        bracket = self.bracket()
        if bracket is not None:
            return "finished" if bracket.champion else "top cut"
        if not self.rounds:
            return "registration"
        last = self.rounds[-1]
        if len(self.rounds) == self.planned_rounds and last.published and self._complete(last):
            return "finished"
        return "running"

    @staticmethod
    def _complete(round_: RoundEntry) -> bool:
        return all(t.result is not None for t in round_.tables)

    def history(self, *, published_only: bool = False) -> TournamentHistory:
        """The pure history the pairer and standings read. Players who never
        checked in (and never played) are not in it."""
        rounds = [r for r in self.rounds if r.published or not published_only]
        players = tuple(
            Player(
                id=p.id,
                name=p.name,
                club=p.club,
                faction=p.faction,
                rating=p.rating,
                entered_round=p.entered_round,
                dropped_after_round=p.dropped_after_round,
                requested_bye_rounds=frozenset(p.requested_bye_rounds),
                fixed_table=p.fixed_table,
            )
            for p in self.players.values()
            if p.checked_in
        )
        return TournamentHistory(
            players=players,
            rounds=tuple(
                Round(
                    r.number,
                    tuple(
                        Pairing(
                            t.table,
                            t.a,
                            t.b,
                            result_from_dict(t.result) if t.result is not None else None,
                        )
                        for t in r.tables
                    ),
                    tuple(Bye(b["player"], b["requested"]) for b in r.byes),
                )
                for r in rounds
            ),
            options=self.options,
        )

    def standings(self) -> Standings:
        """Standings over the published rounds (games without a result do not count)."""
        return compute_standings(self.history(published_only=True), seed=self.seed)

    def bracket(self) -> Bracket | None:
        if self.state.top_cut_seeds is None:
            return None
        return build_bracket(self.state.top_cut_seeds, _match_keys(self.state.top_cut_winners))

    # -- checks ---------------------------------------------------------------

    def _require_organiser(self, author: str) -> None:
        if not self.is_organiser(author):
            raise NotAllowed(ORGANISER_ONLY)

    def _entry(self, player_id: str) -> Entry:
        try:
            return self.players[player_id]
        except KeyError:
            raise TournamentRefused(f"no player {player_id} is registered") from None

    def _unpublished(self, number: int) -> RoundEntry:
        round_ = self.round(number)
        if round_.published:
            raise TournamentRefused(f"round {number} is published: it can no longer be changed")
        if number != len(self.rounds):
            raise TournamentRefused(f"round {number} is not the last round")
        return round_

    def _published_table(self, number: int, table: int) -> TableEntry:
        if not self.round(number).published:
            raise TournamentRefused(f"round {number} is not published yet")
        return self.table(number, table)

    def linked_games(self) -> dict[str, tuple[int, int]]:
        """Every recorded game linked to a pairing: its round and table."""
        return {
            current.game_id: (round_.number, current.table)
            for round_ in self.rounds
            for current in round_.tables
            if current.game_id is not None
        }

    def _paired_round_of(self, player_id: str) -> int:
        """The last round the player is paired in or has a bye in (0: none)."""
        last = 0
        for round_ in self.rounds:
            ids = {b["player"] for b in round_.byes}
            ids.update(x for t in round_.tables for x in (t.a, t.b))
            if player_id in ids:
                last = round_.number
        return last

    # -- organiser commands ---------------------------------------------------

    def add_organiser(self, author: str, account_id: str) -> None:
        self._require_organiser(author)
        if account_id in self.organisers:
            raise TournamentRefused("that account already organises this tournament")
        self._organiser_added(author=author, account_id=account_id)

    def register(
        self,
        author: str,
        *,
        name: str,
        club: str | None = None,
        faction: str | None = None,
        army_list: str = "",
        rating: float | None = None,
        account_id: str | None = None,
        fixed_table: int | None = None,
        requested_bye_rounds: tuple[int, ...] = (),
    ) -> str:
        self._require_organiser(author)
        if not name.strip():
            raise TournamentRefused("a player needs a name")
        checked_text(name.strip(), "the player's name", PLAYER_TEXT_LIMIT)
        checked_text((club or "").strip(), "the club or team", PLAYER_TEXT_LIMIT)
        submitted = self._submitted_list(army_list, faction)
        self._check_late_entry()
        if account_id is not None and self.player_of(account_id) is not None:
            raise TournamentRefused("that account is already registered in this tournament")
        if fixed_table is not None and fixed_table < 1:
            raise TournamentRefused("a fixed table is a table number from 1")
        bad = [r for r in requested_bye_rounds if not 1 <= r <= self.planned_rounds]
        if bad:
            raise TournamentRefused(f"there is no round {bad[0]} to request a bye for")
        player_id = f"p{self.state.registrations + 1}"
        self._registered(
            author=author,
            player_id=player_id,
            name=name.strip(),
            club=(club or "").strip() or None,
            faction=submitted.faction,
            army_list=submitted.text,
            rating=rating,
            account_id=account_id,
            fixed_table=fixed_table,
            requested_bye_rounds=sorted(set(requested_bye_rounds)),
            list_points=submitted.points,
            list_problems=submitted.problems,
        )
        return player_id

    def unregister(self, author: str, player_id: str) -> None:
        self._require_organiser(author)
        self._entry(player_id)
        if self._paired_round_of(player_id):
            raise TournamentRefused("the player has been paired: drop them instead")
        self._unregistered(author=author, player_id=player_id)

    def check_in(self, author: str, player_id: str) -> None:
        self._require_organiser(author)
        entry = self._entry(player_id)
        if entry.checked_in:
            raise TournamentRefused(f"{entry.name} is already checked in")
        entered = len(self.rounds) + 1
        if entered > self.late_entry_until_round:
            raise TournamentRefused(
                f"late entry is open until round {self.late_entry_until_round} only"
            )
        self._checked_in(author=author, player_id=player_id, entered_round=entered)

    def drop(self, author: str, player_id: str, after_round: int | None = None) -> None:
        self._require_organiser(author)
        entry = self._entry(player_id)
        if entry.dropped_after_round is not None:
            raise TournamentRefused(f"{entry.name} has already dropped")
        last = self._paired_round_of(player_id)
        after = len(self.rounds) if after_round is None else after_round
        if after < last:
            raise TournamentRefused(
                f"{entry.name} is paired in round {last}: edit or delete that round first"
            )
        if not 0 <= after <= self.planned_rounds:
            raise TournamentRefused(f"there is no round {after} to drop after")
        self._dropped(author=author, player_id=player_id, after_round=after)

    def pair_next_round(self, author: str, seed: str) -> None:
        """Pair the next round with ``pair_round`` and store the proposal as data."""
        self._require_organiser(author)
        self.check_can_pair()
        try:
            proposal = pair_round(self.history(), seed=seed)
        except (NoValidPairing, InvalidHistory) as error:
            raise TournamentRefused(error.message) from None
        self._round_paired(
            author=author,
            number=proposal.number,
            pairings=[{"table": p.table, "a": p.a, "b": p.b} for p in proposal.pairings],
            byes=[{"player": b.player, "requested": b.requested} for b in proposal.byes],
            warnings=list(proposal.warnings),
            squared_score_difference=proposal.squared_score_difference,
        )

    def check_can_pair(self) -> None:
        if len(self.rounds) >= self.planned_rounds:
            raise TournamentRefused(f"all {self.planned_rounds} rounds have been paired")
        if self.state.top_cut_seeds is not None:
            raise TournamentRefused("the top cut has started")
        if self.rounds:
            last = self.rounds[-1]
            if not last.published:
                raise TournamentRefused(
                    f"round {last.number} is a draft: publish round {last.number} (or delete it) "
                    f"before pairing round {last.number + 1}"
                )
            missing = sum(1 for t in last.tables if t.result is None)
            if missing:
                raise TournamentRefused(
                    f"round {last.number} still has {missing} game{'s' if missing > 1 else ''} "
                    f"without a result: enter {'them' if missing > 1 else 'it'} "
                    f"before pairing round {last.number + 1}"
                )
        if not any(p.checked_in for p in self.players.values()):
            raise TournamentRefused("check players in before pairing")

    def edit_pairings(
        self,
        author: str,
        number: int,
        pairs: list[tuple[int, str, str]],
        byes: list[str],
        *,
        accept_warnings: bool,
    ) -> tuple[PairingWarning, ...]:
        self._require_organiser(author)
        self._unpublished(number)
        history = self.history()
        earlier = TournamentHistory(history.players, history.rounds[: number - 1], history.options)
        requested = {
            p.id for p in history.players if number in p.requested_bye_rounds and p.id in byes
        }
        pairings = [Pairing(table, a, b) for table, a, b in pairs]
        bye_list = [Bye(player, player in requested) for player in byes]
        warnings = check_pairing(earlier, pairings, bye_list, round_number=number)
        refused = [w for w in warnings if w.kind in REFUSED_EDITS]
        if refused:
            raise TournamentRefused("; ".join(w.message for w in refused))
        if warnings and not accept_warnings:
            raise WarningsNotAccepted(warnings)
        self._pairings_edited(
            author=author,
            number=number,
            pairings=[{"table": p.table, "a": p.a, "b": p.b} for p in pairings],
            byes=[{"player": b.player, "requested": b.requested} for b in bye_list],
            warnings=[{"kind": w.kind.value, "message": w.message} for w in warnings],
        )
        return warnings

    def delete_round(self, author: str, number: int) -> None:
        self._require_organiser(author)
        self._unpublished(number)
        self._round_deleted(author=author, number=number)

    def publish(self, author: str, number: int) -> None:
        self._require_organiser(author)
        self._unpublished(number)
        self._published(author=author, number=number)

    def record_result(
        self, author: str, number: int, table: int, result: Result, *, correction: bool = False
    ) -> None:
        """An organiser or a judge enters or corrects a result (any published round, any time)."""
        self._require_scorer(author)
        current = self._published_table(number, table)
        if current.result is not None and not correction:
            raise TournamentRefused(
                f"round {number} table {table} already has a result: correct it instead"
            )
        if current.result is None and correction:
            raise TournamentRefused(f"round {number} table {table} has no result to correct")
        self._result_recorded(
            author=author,
            number=number,
            table=table,
            result=result_to_dict(result),
            source="correction" if correction else "organiser",
        )

    def start_top_cut(self, author: str, size: int) -> None:
        self._require_organiser(author)
        if self.state.top_cut_seeds is not None:
            raise TournamentRefused("the top cut has already started")
        if self.status != "finished":
            raise TournamentRefused("finish every Swiss round before the top cut")
        try:
            seeds = top_cut_seeds(self.standings(), size)
        except InvalidHistory as error:
            raise TournamentRefused(error.message) from None
        except ValueError as error:
            raise TournamentRefused(str(error)) from None
        self._top_cut_started(author=author, size=size, seeds=list(seeds))

    def record_top_cut_winner(
        self, author: str, round_number: int, match: int, winner: str
    ) -> None:
        self._require_organiser(author)
        bracket = self.bracket()
        if bracket is None:
            raise TournamentRefused("the top cut has not started")
        winners = dict(self.state.top_cut_winners)
        winners[f"{round_number}:{match}"] = winner
        try:
            build_bracket(bracket.seeds, _match_keys(winners))
        except InvalidHistory as error:
            raise TournamentRefused(error.message) from None
        for later in bracket.rounds[round_number:]:
            if any(m.winner for m in later):
                raise TournamentRefused("a later top cut match has a winner: undo that first")
        self._top_cut_winner(author=author, round=round_number, match=match, winner=winner)

    def undo(self, author: str) -> None:
        self._require_organiser(author)
        if not self._undo:
            raise TournamentRefused(
                "nothing to undo: no organiser action since the start or a player's report"
            )
        self._undone(author=author)

    # -- player commands ------------------------------------------------------

    def _own_side(self, author: str, current: TableEntry) -> str:
        entry = self.player_of(author)
        if entry is None or entry.id not in (current.a, current.b):
            raise NotAllowed("players may report only their own games")
        return entry.id

    def report(self, author: str, number: int, table: int, result: Result) -> None:
        current = self._published_table(number, table)
        player_id = self._own_side(author, current)
        if current.result is not None:
            raise TournamentRefused(
                "this game already has a result; ask an organiser to correct it"
            )
        self._check_open_to_players(current, player_id)
        self._reported(
            author=author,
            number=number,
            table=table,
            result=result_to_dict(result),
            player_id=player_id,
        )

    def confirm(self, author: str, number: int, table: int) -> None:
        current = self._published_table(number, table)
        player_id = self._own_side(author, current)
        if current.result is not None:
            raise TournamentRefused("this game already has a result")
        if current.reported is None:
            raise TournamentRefused("there is no reported result to confirm: report one")
        if current.reported_by == player_id:
            raise TournamentRefused("your opponent confirms the result you reported")
        if current.disputed is not None:
            raise TournamentRefused(DISPUTED)
        self._confirmed(author=author, number=number, table=table)

    def link_game(
        self,
        author: str,
        number: int,
        table: int,
        game_id: str,
        side_a: str,
        *,
        sides: tuple[str, ...],
        seats: dict[str, str | None],
    ) -> bool:
        """Link a recorded game to a pairing; ``True`` if it is linked now, ``False``
        if it is proposed and awaits the opponent's (or an organiser's) confirmation.

        ``sides`` are the game's two sides; ``seats`` the account seated at each side
        of a game created on the platform (``None``: a bot or an open seat; empty: a
        game recorded elsewhere). An organiser's link, or a player's link of a game
        whose seats are the pairing's two players (player A at ``side_a``), is made
        at once; any other player's link is a proposal, because a player must not be
        able to decide their own result: the opponent confirms it (or proposes the
        same game), or an organiser does. A game played by other accounts is for an
        organiser to link."""
        current = self._published_table(number, table)
        organiser = self.may_score(author)
        player_id = None if organiser else self._own_side(author, current)
        checked_text(game_id, "a game id", GAME_ID_LIMIT)
        if len(sides) != 2 or side_a not in sides:
            raise TournamentRefused(f"the game's sides are {' and '.join(sides)}, not {side_a!r}")
        self._check_linkable(current, game_id)
        if player_id is None or self._seated(current, side_a, sides, seats):
            self._game_linked(
                author=author, number=number, table=table, game_id=game_id, side_a=side_a
            )
            return True
        players = {self.players[current.a].account_id, self.players[current.b].account_id}
        if any(account is not None and account not in players for account in seats.values()):
            raise NotAllowed(
                f"game {game_id} is played by accounts that are not this pairing's players: "
                "only an organiser may link it"
            )
        proposed = current.proposed_link
        if (
            proposed is not None
            and proposed["by"] != player_id
            and (proposed["game_id"], proposed["side_a"]) == (game_id, side_a)
        ):  # both players named the same game: confirmed
            self._game_linked(
                author=author, number=number, table=table, game_id=game_id, side_a=side_a
            )
            return True
        self._game_link_proposed(
            author=author,
            number=number,
            table=table,
            game_id=game_id,
            side_a=side_a,
            player_id=player_id,
        )
        return False

    def confirm_link(self, author: str, number: int, table: int) -> str:
        """The opponent of the player who proposed a game (or an organiser) confirms
        it: the game is linked. Returns its id."""
        current = self._published_table(number, table)
        organiser = self.may_score(author)
        player_id = None if organiser else self._own_side(author, current)
        proposed = current.proposed_link
        if proposed is None:
            raise TournamentRefused("no recorded game has been proposed for this table")
        if proposed["by"] == player_id:
            raise TournamentRefused("your opponent confirms the game you proposed")
        self._check_linkable(current, proposed["game_id"])
        self._game_linked(
            author=author,
            number=number,
            table=table,
            game_id=proposed["game_id"],
            side_a=proposed["side_a"],
        )
        return proposed["game_id"]

    def _check_linkable(self, current: TableEntry, game_id: str) -> None:
        if current.game_id is not None:
            raise TournamentRefused(f"game {current.game_id} is already linked to this table")
        elsewhere = self.linked_games().get(game_id)
        if elsewhere is not None:
            raise TournamentRefused(
                f"game {game_id} is already linked to round {elsewhere[0]}, table {elsewhere[1]}: "
                "a game decides one pairing only"
            )

    def _seated(
        self, current: TableEntry, side_a: str, sides: tuple[str, ...], seats: dict[str, str | None]
    ) -> bool:
        """Whether the game's seats are the pairing's players, A at ``side_a``."""
        side_b = next(s for s in sides if s != side_a)
        account_a = self.players[current.a].account_id
        account_b = self.players[current.b].account_id
        return (
            account_a is not None
            and account_b is not None
            and seats.get(side_a) == account_a
            and seats.get(side_b) == account_b
        )

    def take_game_result(self, author: str, game_id: str, result: Result) -> bool:
        """The result of a linked recorded game; ``False`` when already taken."""
        for round_ in self.rounds:
            for current in round_.tables:
                if current.game_id == game_id:
                    if current.result is not None:
                        return False
                    self._result_recorded(
                        author=author,
                        number=round_.number,
                        table=current.table,
                        result=result_to_dict(result),
                        source="game",
                    )
                    return True
        raise TournamentRefused(f"game {game_id} is not linked to a pairing")

    # -- h3-event: registration, army lists, judges --------------------------

    def is_judge(self, account_id: str | None) -> bool:
        return account_id is not None and account_id in self.state.judges

    def may_score(self, account_id: str | None) -> bool:
        """Organisers and judges enter and correct results."""
        return self.is_organiser(account_id) or self.is_judge(account_id)

    @property
    def judges(self) -> list[str]:
        return self.state.judges

    @property
    def registration_open(self) -> bool:
        """Whether players may register themselves (organisers always may, within
        the late-entry rules)."""
        return self.state.registration_open and not self._late_entry_closed()

    @property
    def lists_locked(self) -> bool:
        return self.state.lists_locked

    @property
    def lists_public(self) -> bool:
        """Whether every list is shown to everyone: published now, or after the event
        and the event is finished."""
        return self.state.lists_published or (
            self.state.lists_after_event and self.status == "finished"
        )

    @property
    def battle_points(self) -> int | None:
        """The event's battle size in points, when it is one ("400", "400 points")."""
        match = BATTLE_POINTS.fullmatch(self.battle_size)
        return int(match.group(1)) if match else None

    def may_see_list(self, account_id: str | None, player_id: str) -> bool:
        """A list is seen by its player and the organisers and judges until the
        lists are published; by everyone after."""
        entry = self.players.get(player_id)
        if entry is None:
            return False
        if self.lists_public or self.may_score(account_id):
            return True
        return account_id is not None and entry.account_id == account_id

    @staticmethod
    def list_status(entry: Entry) -> str:
        """``missing``, ``submitted`` (not checked: no catalogue), ``valid`` or
        ``invalid (N problems)``."""
        if not entry.army_list:
            return "missing"
        if entry.list_problems is None:
            return "submitted"
        if not entry.list_problems:
            return "valid"
        count = len(entry.list_problems)
        return f"invalid ({count} problem{'' if count == 1 else 's'})"

    def _require_scorer(self, author: str) -> None:
        if not self.may_score(author):
            raise NotAllowed("only an organiser or a judge of this tournament may do that")

    def _late_entry_closed(self) -> bool:
        return bool(self.rounds) and len(self.rounds) >= self.late_entry_until_round

    def _check_late_entry(self) -> None:
        if self._late_entry_closed():
            raise TournamentRefused(
                f"late entry closed after round {self.late_entry_until_round - 1}"
                if self.late_entry_until_round > 1
                else "registration closed when round 1 was paired"
            )

    def _faction(self, faction: str | None) -> str | None:
        """The catalogue's name of ``faction`` (given by id or name); free text only
        for a system without catalogue factions (neither a list book nor factions in
        its ``RulesetInfo``)."""
        text = checked_text((faction or "").strip(), "the faction", PLAYER_TEXT_LIMIT)
        choices = army_lists.factions(self.game_system)
        if not text or not choices:
            return text or None
        for choice in choices:
            if text.casefold() in (choice.id.casefold(), choice.name.casefold()):
                return choice.name
        raise TournamentRefused(
            f"{text!r} is not a faction of {self.game_system}: choose "
            + ", ".join(c.name for c in choices)
        )

    def _submitted_list(self, army_list: str, faction: str | None) -> SubmittedList:
        """Check a list with the system's engine. A list that breaks the army rules is
        kept with its problems (the player fixes it until the lists are locked); a list
        of another faction than the one chosen is refused."""
        chosen = self._faction(faction)
        text = army_list.strip()
        if not text or not army_lists.knows_lists(self.game_system):
            checked_text(text, "the army list", ARMY_LIST_LIMIT)
            return SubmittedList(text, chosen, None, None)
        check = army_lists.check_army_list(self.game_system, text, battle_size=self.battle_points)
        stored = check.document or text
        checked_text(stored, "the army list", ARMY_LIST_LIMIT)
        list_faction = None
        if check.faction is not None:
            list_faction = army_lists.faction_name(self.game_system, check.faction)
        known = {c.name for c in army_lists.factions(self.game_system)}
        if list_faction in known:
            if chosen is not None and chosen != list_faction:
                raise TournamentRefused(
                    f"the list is a {list_faction} list but the faction chosen is {chosen}: "
                    "choose the list's faction or another list"
                )
            chosen = list_faction
        return SubmittedList(stored, chosen, check.points, list(check.violations))

    def open_registration(self, author: str) -> None:
        self._require_organiser(author)
        if self.state.registration_open:
            raise TournamentRefused("registration is already open")
        self._registration_opened(author=author)

    def close_registration(self, author: str) -> None:
        self._require_organiser(author)
        if not self.state.registration_open:
            raise TournamentRefused("registration is already closed")
        self._registration_closed(author=author)

    def register_self(
        self,
        author: str,
        *,
        name: str,
        club: str | None = None,
        faction: str | None = None,
        army_list: str = "",
    ) -> str:
        """A signed-in player registers themself while the registration is open."""
        if not self.state.registration_open:
            raise TournamentRefused("registration is closed: ask an organiser")
        if self.player_of(author) is not None:
            raise TournamentRefused("you are already registered in this tournament")
        if not name.strip():
            raise TournamentRefused("give the name you play under")
        checked_text(name.strip(), "your name", PLAYER_TEXT_LIMIT)
        checked_text((club or "").strip(), "the club or team", PLAYER_TEXT_LIMIT)
        self._check_late_entry()
        submitted = self._submitted_list(army_list, faction)
        player_id = f"p{self.state.registrations + 1}"
        self._registered(
            author=author,
            player_id=player_id,
            name=name.strip(),
            club=(club or "").strip() or None,
            faction=submitted.faction,
            army_list=submitted.text,
            rating=None,
            account_id=author,
            fixed_table=None,
            requested_bye_rounds=[],
            list_points=submitted.points,
            list_problems=submitted.problems,
        )
        return player_id

    def submit_list(
        self, author: str, player_id: str, *, faction: str | None, army_list: str
    ) -> None:
        """A player changes their own faction and list until the lists are locked or
        published; an organiser changes anyone's at any time."""
        entry = self._entry(player_id)
        if not self.is_organiser(author):
            if entry.account_id is None or entry.account_id != author:
                raise NotAllowed("players may change only their own list")
            if self.state.lists_locked:
                raise TournamentRefused("the lists are locked: ask an organiser to change yours")
            if self.state.lists_published:
                raise TournamentRefused("the lists are published: ask an organiser")
        submitted = self._submitted_list(army_list, faction)
        self._list_submitted(
            author=author,
            player_id=player_id,
            faction=submitted.faction,
            army_list=submitted.text,
            list_points=submitted.points,
            list_problems=submitted.problems,
        )

    def import_players(self, author: str, rows: list[PlayerRow]) -> list[str]:
        """Register every row, or none: each row is checked and every problem is
        reported (``ImportRefused``) before anything is stored."""
        self._require_organiser(author)
        self._check_late_entry()
        if not rows:
            raise TournamentRefused("the file has no players")
        if len(rows) > IMPORT_LIMIT:
            raise TournamentRefused(f"at most {IMPORT_LIMIT} players are imported at once")
        problems: list[str] = []
        players: list[dict[str, Any]] = []
        names = {p.name.casefold() for p in self.players.values()}
        accounts = {p.account_id for p in self.players.values() if p.account_id}
        number = self.state.registrations
        for row in rows:
            where = f"row {row.row}" + (f" ({row.name.strip()[:40]})" if row.name.strip() else "")
            found = self._import_problems(row, names, accounts)
            try:
                submitted = self._submitted_list(row.army_list, row.faction)
            except TournamentRefused as error:
                found.append(error.message)
            if found:
                problems.extend(f"{where}: {problem}" for problem in found)
                continue
            names.add(row.name.strip().casefold())
            if row.account_id is not None:
                accounts.add(row.account_id)
            number += 1
            players.append(
                {
                    "player_id": f"p{number}",
                    "name": row.name.strip(),
                    "club": row.club.strip() or None,
                    "faction": submitted.faction,
                    "army_list": submitted.text,
                    "account_id": row.account_id,
                    "list_points": submitted.points,
                    "list_problems": submitted.problems,
                }
            )
        if problems:
            raise ImportRefused(problems)
        self._players_imported(author=author, players=players)
        return [p["player_id"] for p in players]

    @staticmethod
    def _import_problems(row: PlayerRow, names: set[str], accounts: set[str]) -> list[str]:
        """A row's problems with its name, club and account (``names`` and
        ``accounts``: those registered so far, casefolded names)."""
        found = []
        name = row.name.strip()
        for text, what in ((name, "the name"), (row.club.strip(), "the club or team")):
            try:
                checked_text(text, what, PLAYER_TEXT_LIMIT)
            except TournamentRefused as error:
                found.append(error.message)
        if not name:
            found.append("a player needs a name")
        elif name.casefold() in names:
            found.append(f"{name[:40]} is already registered or appears twice")
        if row.username and row.account_id is None:
            found.append(f"no account has the username {row.username[:40]!r}")
        elif row.account_id is not None and row.account_id in accounts:
            found.append(
                f"the account {row.username[:40]!r} is already registered or appears twice"
            )
        return found

    def add_judge(self, author: str, account_id: str) -> None:
        self._require_organiser(author)
        if account_id in self.state.judges:
            raise TournamentRefused("that account already judges this tournament")
        if account_id in self.organisers:
            raise TournamentRefused("an organiser already enters results: no need to add them")
        self._judge_added(author=author, account_id=account_id)

    def remove_judge(self, author: str, account_id: str) -> None:
        self._require_organiser(author)
        if account_id not in self.state.judges:
            raise TournamentRefused("that account is not a judge of this tournament")
        self._judge_removed(author=author, account_id=account_id)

    def lock_lists(self, author: str) -> None:
        self._require_organiser(author)
        if self.state.lists_locked:
            raise TournamentRefused("the lists are already locked")
        self._lists_locked(author=author)

    def unlock_lists(self, author: str) -> None:
        self._require_organiser(author)
        if not self.state.lists_locked:
            raise TournamentRefused("the lists are not locked")
        self._lists_unlocked(author=author)

    def publish_lists(self, author: str, *, after_event: bool = False) -> None:
        """Show every list to everyone now, or once the event is finished."""
        self._require_organiser(author)
        if self.state.lists_published:
            raise TournamentRefused("the lists are already published")
        if after_event and self.state.lists_after_event:
            raise TournamentRefused("the lists are already to be published after the event")
        self._lists_published(author=author, after_event=after_event)

    # -- h7: check-in, disputes, a player dropping themself --------------------

    def open_check_in(self, author: str) -> None:
        """Open the check-in window: registered players check themselves in."""
        self._require_organiser(author)
        if self.state.check_in_open:
            raise TournamentRefused("check-in is already open")
        if len(self.rounds) + 1 > self.late_entry_until_round:
            raise TournamentRefused(
                f"late entry is open until round {self.late_entry_until_round} only: "
                "nobody can check in any more"
            )
        self._check_in_opened(author=author)

    def close_check_in(self, author: str) -> None:
        self._require_organiser(author)
        if not self.state.check_in_open:
            raise TournamentRefused("check-in is not open")
        self._check_in_closed(author=author)

    def _own_entry(self, author: str) -> Entry:
        entry = self.player_of(author)
        if entry is None:
            raise NotAllowed("you are not registered in this tournament")
        return entry

    def check_in_themself(self, author: str) -> str:
        """A registered player checks in, while the window is open; returns their id.
        The late-entry rules are the organiser's: after round *n* is paired, a
        check-in enters round *n + 1*, up to the cut-off."""
        entry = self._own_entry(author)
        if entry.checked_in:
            raise TournamentRefused("you are already checked in")
        if entry.dropped_after_round is not None:
            raise TournamentRefused("you have dropped out of this tournament")
        if not self.state.check_in_open:
            raise TournamentRefused("check-in is not open: the organisers open it at the venue")
        entered = len(self.rounds) + 1
        if entered > self.late_entry_until_round:
            raise TournamentRefused(
                f"late entry is open until round {self.late_entry_until_round} only"
            )
        self._checked_in_themself(author=author, player_id=entry.id, entered_round=entered)
        return entry.id

    def _check_open_to_players(self, current: TableEntry, player_id: str) -> None:
        """A report is the reporter's to replace until the opponent answers; the
        opponent confirms or disputes it; a dispute is the organisers' to settle."""
        if current.disputed is not None:
            raise TournamentRefused(DISPUTED)
        if current.reported is not None and current.reported_by != player_id:
            raise TournamentRefused(
                "your opponent has reported a result: confirm it, or dispute it"
            )

    def dispute(self, author: str, number: int, table: int, reason: str) -> None:
        """The opponent of the player who reported disputes the report; the
        organisers (or judges) settle it by recording the result."""
        current = self._published_table(number, table)
        player_id = self._own_side(author, current)
        reason = checked_text(reason.strip(), "the reason", DISPUTE_REASON_LIMIT)
        if current.result is not None:
            raise TournamentRefused(
                "this game already has a result; ask an organiser to correct it"
            )
        if current.reported is None:
            raise TournamentRefused("there is no reported result to dispute: report one")
        if current.reported_by == player_id:
            raise TournamentRefused("you reported this result: report it again to change it")
        if current.disputed is not None:
            raise TournamentRefused(DISPUTED)
        if not reason:
            raise TournamentRefused("say in a few words what is wrong with the result")
        self._disputed(
            author=author, number=number, table=table, player_id=player_id, reason=reason
        )

    def unfinished_game(self, player_id: str) -> TableEntry | None:
        """The player's game in a published round that has neither a result, nor
        their own report awaiting the opponent, nor a dispute for the organisers."""
        for round_ in self.rounds:
            if not round_.published:
                continue
            for current in round_.tables:
                if player_id not in (current.a, current.b) or current.result is not None:
                    continue
                if current.disputed is None and current.reported_by != player_id:
                    return current
        return None

    def drop_themself(self, author: str) -> int:
        """A player leaves the event: they are not paired after the last round they
        are paired in (a draft round included). Their game of a published round
        must be reported first, so that the round can finish without them.
        Returns the round they dropped after."""
        entry = self._own_entry(author)
        if entry.dropped_after_round is not None:
            raise TournamentRefused("you have already dropped out")
        if self.state.top_cut_seeds is not None or self.status == "finished":
            raise TournamentRefused("the Swiss rounds are over: there is nothing to drop out of")
        unfinished = self.unfinished_game(entry.id)
        if unfinished is not None:
            raise TournamentRefused(
                f"report your game at table {unfinished.table} first "
                "(or confirm or dispute your opponent's report), then drop out"
            )
        after = len(self.rounds)  # a draft round they are in included
        self._dropped_themself(author=author, player_id=entry.id, after_round=after)
        return after

    # -- h4-hall: the hall (pairing swaps and moves, the round timer) ---------

    @property
    def pairing_blocker(self) -> str | None:
        """Why the next round cannot be paired now (``None``: it can)."""
        try:
            self.check_can_pair()
        except TournamentRefused as refusal:
            return refusal.message
        return None

    def round_warnings(self, number: int) -> tuple[PairingWarning, ...]:
        """What the checker finds wrong with round ``number`` as it stands now."""
        round_ = self.round(number)
        history = self.history()
        earlier = TournamentHistory(history.players, history.rounds[: number - 1], history.options)
        return check_pairing(
            earlier,
            [Pairing(t.table, t.a, t.b) for t in round_.tables],
            [Bye(b["player"], b["requested"]) for b in round_.byes],
            round_number=number,
        )

    def swap_players(
        self, author: str, number: int, first: str, second: str, *, accept_warnings: bool
    ) -> tuple[PairingWarning, ...]:
        """Swap two players' seats in a draft round (a bye is a seat too)."""
        self._require_organiser(author)
        round_ = self._unpublished(number)
        if first == second:
            raise TournamentRefused("choose two different players to swap")
        seated = {x for t in round_.tables for x in (t.a, t.b)} | {b["player"] for b in round_.byes}
        for player_id in (first, second):
            if player_id not in seated:
                raise TournamentRefused(
                    f"{self._name(player_id)} is neither paired nor on a bye in round {number}"
                )

        def swapped(player_id: str) -> str:
            return {first: second, second: first}.get(player_id, player_id)

        return self.edit_pairings(
            author,
            number,
            [(t.table, swapped(t.a), swapped(t.b)) for t in round_.tables],
            [swapped(b["player"]) for b in round_.byes],
            accept_warnings=accept_warnings,
        )

    def move_table(
        self, author: str, number: int, table: int, to_table: int, *, accept_warnings: bool
    ) -> tuple[PairingWarning, ...]:
        """Move a draft round's pairing to another table; a pairing already at that
        table takes the table the first one left."""
        self._require_organiser(author)
        round_ = self._unpublished(number)
        moved = self.table(number, table)
        if not 1 <= to_table <= 10_000:
            raise TournamentRefused("a table is numbered from 1 to 10000")
        if to_table == table:
            raise TournamentRefused(f"that pairing already plays at table {table}")

        def renumbered(current: TableEntry) -> int:
            if current is moved:
                return to_table
            return table if current.table == to_table else current.table

        pairs = sorted((renumbered(t), t.a, t.b) for t in round_.tables)
        return self.edit_pairings(
            author,
            number,
            pairs,
            [b["player"] for b in round_.byes],
            accept_warnings=accept_warnings,
        )

    def _name(self, player_id: str) -> str:
        entry = self.players.get(player_id)
        return entry.name if entry is not None else player_id

    @property
    def round_minutes(self) -> int:
        """The length a round timer starts with unless the organiser says otherwise."""
        return self.state.round_minutes or DEFAULT_ROUND_MINUTES

    @property
    def timer(self) -> RoundTimer | None:
        """The current (last) round's timer, ``None`` until it is started."""
        if not self.rounds or self.rounds[-1].timer is None:
            return None
        return RoundTimer.from_stored(self.rounds[-1].number, self.rounds[-1].timer)

    def _timed_round(self) -> RoundEntry:
        if not self.rounds:
            raise TournamentRefused("pair and publish round 1 before starting a round timer")
        current = self.rounds[-1]
        if not current.published:
            raise TournamentRefused(f"publish round {current.number} before starting its timer")
        return current

    def _started_timer(self) -> tuple[RoundEntry, RoundTimer]:
        current = self._timed_round()
        timer = self.timer
        if timer is None:
            raise TournamentRefused(f"round {current.number}'s timer has not been started")
        return current, timer

    @staticmethod
    def _moment(at: datetime, timer: RoundTimer | None = None) -> str:
        """``at`` as stored, never before the timer's last change (two web
        workers' clocks may differ by a moment; the timer must not run backwards)."""
        if at.tzinfo is None:
            raise TournamentRefused("the timer needs an aware UTC time")
        if timer is not None:
            at = max(at, timer.paused_at or timer.started_at)
        return utc_text(at)

    def start_timer(self, author: str, minutes: int, at: datetime) -> None:
        self._require_organiser(author)
        current = self._timed_round()
        if current.timer is not None:
            raise TournamentRefused(
                f"round {current.number}'s timer has already started: pause, resume or extend it"
            )
        if not 1 <= minutes <= LONGEST_ROUND_MINUTES:
            raise TournamentRefused(
                f"a round lasts from 1 to {LONGEST_ROUND_MINUTES} minutes, not {minutes}"
            )
        self._timer_started(
            author=author, number=current.number, minutes=minutes, at=self._moment(at)
        )

    def pause_timer(self, author: str, at: datetime) -> None:
        self._require_organiser(author)
        current, timer = self._started_timer()
        if timer.paused:
            raise TournamentRefused(f"round {current.number}'s timer is already paused")
        moment = self._moment(at, timer)
        if timer.remaining_seconds(parse_utc(moment)) == 0:
            raise TournamentRefused(
                f"round {current.number}'s time is up: extend the timer to give more time"
            )
        self._timer_paused(author=author, number=current.number, at=moment)

    def resume_timer(self, author: str, at: datetime) -> None:
        self._require_organiser(author)
        current, timer = self._started_timer()
        if timer.paused_at is None:
            raise TournamentRefused(f"round {current.number}'s timer is running, not paused")
        moment = self._moment(at, timer)
        paused_for = int((parse_utc(moment) - timer.paused_at).total_seconds())
        self._timer_resumed(
            author=author,
            number=current.number,
            at=moment,
            paused_seconds=timer.paused_seconds + paused_for,
        )

    def extend_timer(self, author: str, minutes: int) -> None:
        self._require_organiser(author)
        current, timer = self._started_timer()
        if not 1 <= minutes <= LONGEST_EXTENSION_MINUTES:
            raise TournamentRefused(
                f"extend the round by 1 to {LONGEST_EXTENSION_MINUTES} minutes, not {minutes}"
            )
        if timer.minutes + minutes > LONGEST_ROUND_MINUTES + LONGEST_EXTENSION_MINUTES:
            raise TournamentRefused(f"round {current.number} is long enough already")
        self._timer_extended(author=author, number=current.number, minutes=minutes)

    # -- events: apply only ----------------------------------------------------

    def _checkpoint(self) -> None:
        self._undo.append(copy.deepcopy(self.state))
        del self._undo[:-UNDO_DEPTH]

    @event("OrganiserAdded")
    def _organiser_added(self, *, author: str, account_id: str) -> None:
        self._checkpoint()
        self.state.organisers.append(account_id)

    @event("PlayerRegistered")
    def _registered(
        self,
        *,
        author: str,
        player_id: str,
        name: str,
        club: str | None,
        faction: str | None,
        army_list: str,
        rating: float | None,
        account_id: str | None,
        fixed_table: int | None,
        requested_bye_rounds: list[int],
        list_points: int | None = None,
        list_problems: list[str] | None = None,
    ) -> None:
        if self.is_organiser(author):
            self._checkpoint()
        else:  # a player registered themself: nothing before it can be undone
            self._undo.clear()
        self.state.registrations += 1
        self.state.players[player_id] = Entry(
            id=player_id,
            name=name,
            club=club,
            faction=faction,
            army_list=army_list,
            rating=rating,
            account_id=account_id,
            fixed_table=fixed_table,
            requested_bye_rounds=list(requested_bye_rounds),
            list_points=list_points,
            list_problems=None if list_problems is None else list(list_problems),
        )

    @event("PlayerUnregistered")
    def _unregistered(self, *, author: str, player_id: str) -> None:
        self._checkpoint()
        del self.state.players[player_id]

    @event("PlayerCheckedIn")
    def _checked_in(self, *, author: str, player_id: str, entered_round: int) -> None:
        self._checkpoint()
        entry = self.state.players[player_id]
        entry.checked_in = True
        entry.entered_round = entered_round

    @event("PlayerDropped")
    def _dropped(self, *, author: str, player_id: str, after_round: int) -> None:
        self._checkpoint()
        self.state.players[player_id].dropped_after_round = after_round

    @event("RoundPaired")
    def _round_paired(
        self,
        *,
        author: str,
        number: int,
        pairings: list[dict[str, Any]],
        byes: list[dict[str, Any]],
        warnings: list[str],
        squared_score_difference: float,
    ) -> None:
        self._checkpoint()
        self.state.rounds.append(
            RoundEntry(
                number=number,
                tables=[TableEntry(p["table"], p["a"], p["b"]) for p in pairings],
                byes=[dict(b) for b in byes],
                warnings=list(warnings),
            )
        )

    @event("PairingsEdited")
    def _pairings_edited(
        self,
        *,
        author: str,
        number: int,
        pairings: list[dict[str, Any]],
        byes: list[dict[str, Any]],
        warnings: list[dict[str, Any]],
    ) -> None:
        self._checkpoint()
        round_ = self.state.rounds[number - 1]
        round_.tables = [TableEntry(p["table"], p["a"], p["b"]) for p in pairings]
        round_.byes = [dict(b) for b in byes]
        round_.warnings = [f"accepted by the organiser: {w['message']}" for w in warnings]
        round_.manual = True

    @event("RoundDeleted")
    def _round_deleted(self, *, author: str, number: int) -> None:
        self._checkpoint()
        del self.state.rounds[number - 1]

    @event("RoundPublished")
    def _published(self, *, author: str, number: int) -> None:
        self._checkpoint()
        self.state.rounds[number - 1].published = True

    @event("ResultRecorded")
    def _result_recorded(
        self, *, author: str, number: int, table: int, result: dict[str, Any], source: str
    ) -> None:
        if source == "game":
            self._undo.clear()  # not an organiser action: nothing before it can be undone
        else:
            self._checkpoint()
        current = self.table(number, table)
        current.result = dict(result)
        current.source = source
        current.reported = None
        current.reported_by = None
        current.disputed = None

    @event("ResultReported")
    def _reported(
        self, *, author: str, number: int, table: int, result: dict[str, Any], player_id: str
    ) -> None:
        self._undo.clear()
        current = self.table(number, table)
        current.reported = dict(result)
        current.reported_by = player_id

    @event("ResultConfirmed")
    def _confirmed(self, *, author: str, number: int, table: int) -> None:
        self._undo.clear()
        current = self.table(number, table)
        current.result = current.reported
        current.source = "confirmed"
        current.reported = None

    @event("GameLinked")
    def _game_linked(
        self, *, author: str, number: int, table: int, game_id: str, side_a: str
    ) -> None:
        if self.may_score(author):
            self._checkpoint()
        else:
            self._undo.clear()
        current = self.table(number, table)
        current.game_id = game_id
        current.game_side_a = side_a
        current.proposed_link = None

    @event("GameLinkProposed")
    def _game_link_proposed(
        self, *, author: str, number: int, table: int, game_id: str, side_a: str, player_id: str
    ) -> None:
        self._undo.clear()
        current = self.table(number, table)
        current.proposed_link = {"game_id": game_id, "side_a": side_a, "by": player_id}

    @event("TopCutStarted")
    def _top_cut_started(self, *, author: str, size: int, seeds: list[str]) -> None:
        self._checkpoint()
        self.state.top_cut_seeds = list(seeds)

    @event("TopCutWinnerRecorded")
    def _top_cut_winner(self, *, author: str, round: int, match: int, winner: str) -> None:
        self._checkpoint()
        self.state.top_cut_winners[f"{round}:{match}"] = winner

    @event("Undone")
    def _undone(self, *, author: str) -> None:
        # A copy: the snapshots on the stack are shared between copies of the
        # aggregate (``__deepcopy__``), so none is ever changed in place.
        self.state = copy.deepcopy(self._undo.pop())

    # -- h3-event: registration, army lists, judges --------------------------

    @event("RegistrationOpened")
    def _registration_opened(self, *, author: str) -> None:
        self._checkpoint()
        self.state.registration_open = True

    @event("RegistrationClosed")
    def _registration_closed(self, *, author: str) -> None:
        self._checkpoint()
        self.state.registration_open = False

    @event("ArmyListSubmitted")
    def _list_submitted(
        self,
        *,
        author: str,
        player_id: str,
        faction: str | None,
        army_list: str,
        list_points: int | None,
        list_problems: list[str] | None,
    ) -> None:
        if self.is_organiser(author):
            self._checkpoint()
        else:  # a player's own list: nothing before it can be undone
            self._undo.clear()
        entry = self.state.players[player_id]
        entry.faction = faction
        entry.army_list = army_list
        entry.list_points = list_points
        entry.list_problems = None if list_problems is None else list(list_problems)

    @event("PlayersImported")
    def _players_imported(self, *, author: str, players: list[dict[str, Any]]) -> None:
        self._checkpoint()
        for player in players:
            self.state.registrations += 1
            problems = player["list_problems"]
            self.state.players[player["player_id"]] = Entry(
                id=player["player_id"],
                name=player["name"],
                club=player["club"],
                faction=player["faction"],
                army_list=player["army_list"],
                rating=None,
                account_id=player["account_id"],
                list_points=player["list_points"],
                list_problems=None if problems is None else list(problems),
            )

    @event("JudgeAdded")
    def _judge_added(self, *, author: str, account_id: str) -> None:
        self._checkpoint()
        self.state.judges.append(account_id)

    @event("JudgeRemoved")
    def _judge_removed(self, *, author: str, account_id: str) -> None:
        self._checkpoint()
        self.state.judges.remove(account_id)

    @event("ListsLocked")
    def _lists_locked(self, *, author: str) -> None:
        self._checkpoint()
        self.state.lists_locked = True

    @event("ListsUnlocked")
    def _lists_unlocked(self, *, author: str) -> None:
        self._checkpoint()
        self.state.lists_locked = False

    @event("ListsPublished")
    def _lists_published(self, *, author: str, after_event: bool) -> None:
        self._checkpoint()
        if after_event:
            self.state.lists_after_event = True
        else:
            self.state.lists_published = True

    # -- h7: check-in, disputes, a player dropping themself --------------------

    @event("CheckInOpened")
    def _check_in_opened(self, *, author: str) -> None:
        self._checkpoint()
        self.state.check_in_open = True

    @event("CheckInClosed")
    def _check_in_closed(self, *, author: str) -> None:
        self._checkpoint()
        self.state.check_in_open = False

    @event("PlayerCheckedInThemself")
    def _checked_in_themself(self, *, author: str, player_id: str, entered_round: int) -> None:
        self._undo.clear()  # a player's action: an undo never throws it away
        entry = self.state.players[player_id]
        entry.checked_in = True
        entry.entered_round = entered_round

    @event("ResultDisputed")
    def _disputed(
        self, *, author: str, number: int, table: int, player_id: str, reason: str
    ) -> None:
        self._undo.clear()
        self.table(number, table).disputed = {"by": player_id, "reason": reason}

    @event("PlayerDroppedThemself")
    def _dropped_themself(self, *, author: str, player_id: str, after_round: int) -> None:
        self._undo.clear()
        self.state.players[player_id].dropped_after_round = after_round

    # -- h4-hall: the hall (pairing swaps and moves, the round timer) ---------

    @event("TimerStarted")
    def _timer_started(self, *, author: str, number: int, minutes: int, at: str) -> None:
        self._checkpoint()
        self.state.round_minutes = minutes
        self.state.rounds[number - 1].timer = {
            "minutes": minutes,
            "started_at": at,
            "paused_at": None,
            "paused_seconds": 0,
        }

    @event("TimerPaused")
    def _timer_paused(self, *, author: str, number: int, at: str) -> None:
        self._checkpoint()
        timer = self.state.rounds[number - 1].timer
        assert timer is not None  # the command checked it
        timer["paused_at"] = at

    @event("TimerResumed")
    def _timer_resumed(self, *, author: str, number: int, at: str, paused_seconds: int) -> None:
        self._checkpoint()
        timer = self.state.rounds[number - 1].timer
        assert timer is not None
        timer["paused_at"] = None
        timer["paused_seconds"] = paused_seconds

    @event("TimerExtended")
    def _timer_extended(self, *, author: str, number: int, minutes: int) -> None:
        self._checkpoint()
        timer = self.state.rounds[number - 1].timer
        assert timer is not None
        timer["minutes"] += minutes

"""Results reported at a tournament's tables as data points of the meta.

Most games at an event are played on a real table and only their result is
entered (reported and confirmed, or recorded by an organiser). This follower of
the Tournaments application makes each final result of a published round a pair
of ``game_sides`` rows with ``source = "reported"``: the players' factions (the
system's catalogue id when the registered faction names one), the battle size, the
event and round, the event's size, the day the round was paired, the outcome and
the victory points. The dashboards' rollups of the days it changes are refreshed
in the same transaction.

A pairing counts once. A pairing linked to a recorded game that has ended is
counted by the game's own rows (``replays.analysis``), so none is written for it.
A pairing linked to a game that has not ended yet gets its reported rows under the
game's id and sides: when the game ends, its analysis replaces them (it replaces
every row of its id). Other rows take an id derived from the tournament, round and
table. Byes are not games and give no row.

The day of a round is its ``RoundPaired`` event's (kept in
``tournament_round_days``), so a rebuild gives the same rows.

A faction registered as free text ("Buke clan") is written as an organiser mapped
it (``shiai.faction_mapping``), with the text kept in ``faction_given``.

Once the event's lists are public (``Tournament.lists_public``), each side's
registered army list, when its system's catalogue can read it, is written too
(``shiai.list_facts``: ``side_lists`` and ``side_list_entries``, origin
``registration``), for the reported rows and for the recorded games linked to its
pairings (under the game's id and sides), in the same transaction; they are
deleted and written again with the tournament's rows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from sqlalchemy import Connection, Engine, delete, insert, select

from engine.core import Ruleset
from replays import registry, rollups
from replays.errors import UnknownRuleset
from replays.projection import Follower
from replays.schema import RECORDED, REPORTED, game_sides, games
from shiai import list_facts
from shiai.faction_mapping import given_faction, read_mappings
from shiai.schema import tournament_round_days
from shiai.systems.lists import ListSummary
from shiai.tournaments.aggregate import TableEntry, Tournament
from shiai.tournaments.application import Tournaments

RESULTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
# The faction column's width (game_sides.faction).
FACTION_LIMIT = 120
# The player column's width (game_sides.player).
PLAYER_LIMIT = 120
ENDING = "reported"


def reported_game_id(tournament_id: UUID, round_number: int, table: int) -> UUID:
    """The id of the rows of a pairing's reported result (no recorded game)."""
    return uuid5(NAMESPACE_URL, f"/shiai/reported-results/{tournament_id}/{round_number}/{table}")


def battle_points(battle_size: str) -> int:
    """The battle size as the meta's filter reads it: the first whole number of
    the tournament's battle size ("300 points": 300), 0 when it gives none."""
    found = re.search(r"[0-9]{1,9}", battle_size or "")
    return int(found.group()) if found else 0


def faction_id(ruleset: Ruleset | None, faction: str | None) -> str:
    """The catalogue's id of a registered faction (given by id or name), else the
    text as registered; empty when none was given."""
    text = (faction or "").strip()[:FACTION_LIMIT]
    if ruleset is not None:
        for choice in ruleset.info.factions:
            if text.casefold() in (choice.id.casefold(), choice.name.casefold()):
                return choice.id
    return text


class ReportedResults(Follower):
    name = "reported_results"

    def __init__(self, application: Tournaments, db_engine: Engine) -> None:
        super().__init__(application, db_engine)
        self.tournaments = application

    def reset(self, conn: Connection) -> None:
        conn.execute(delete(tournament_round_days))
        conn.execute(delete(game_sides).where(game_sides.c.source == REPORTED))
        list_facts.delete_written_by(conn, list_facts.REGISTRATION)
        rollups.rebuild(conn)

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        rollups.lock(conn)  # a faction mapping rewriting rows waits, and so do we
        for _, domain_event in events:
            if isinstance(domain_event, Tournament.RoundPaired):  # type: ignore[attr-defined]
                self._paired(conn, domain_event)
        reported: set[rollups.Day] = set()
        recorded: set[rollups.Day] = set()
        for tournament_id in Tournaments.touched(events):
            days = self._write(conn, self.tournaments.get(tournament_id))
            reported |= days.reported
            recorded |= days.recorded
        # Each source's rows of the days apart: a new result does not compute a day's
        # recorded games again, unless the lists of games linked to pairings changed.
        rollups.refresh(conn, reported, source=REPORTED)
        rollups.refresh(conn, recorded, source=RECORDED)

    def _paired(self, conn: Connection, domain_event: Any) -> None:
        key = {"tournament_id": domain_event.originator_id, "round": domain_event.number}
        conn.execute(
            delete(tournament_round_days).where(
                *(tournament_round_days.c[name] == value for name, value in key.items())
            )
        )
        paired_on = domain_event.timestamp.astimezone(UTC).date()
        conn.execute(insert(tournament_round_days).values(**key, paired_on=paired_on))

    def _write(self, conn: Connection, tournament: Tournament) -> _Touched:
        """Write one tournament's reported rows and its lists again; the days they
        touch, by source."""
        tid: UUID = tournament.id
        c = game_sides.c
        mine = (c.tournament_id == tid) & (c.source == REPORTED)
        days = {
            (row.system, row.played_on)
            for row in conn.execute(select(c.system, c.played_on).where(mine).distinct())
        }
        conn.execute(delete(game_sides).where(mine))
        listed = list_facts.games_written_by(conn, list_facts.REGISTRATION, tid)
        list_facts.delete_written_by(conn, list_facts.REGISTRATION, tid)
        days_table = tournament_round_days.c
        paired_on: dict[int, date] = {
            row.round: row.paired_on
            for row in conn.execute(
                select(days_table.round, days_table.paired_on).where(
                    days_table.tournament_id == tid
                )
            )
        }
        try:
            ruleset: Ruleset | None = registry.get(tournament.game_system)
        except UnknownRuleset:
            ruleset = None
        rows: list[dict[str, Any]] = []
        resulted = [
            (round_.number, seat)
            for round_ in tournament.rounds
            if round_.published
            for seat in round_.tables
            if seat.result is not None
        ]
        linked = _Linked.read(conn, [seat for _, seat in resulted])
        mappings = read_mappings(conn, tournament.game_system)
        lists = _Lists(tournament)
        for number, seat in resulted:
            if not linked.recorded(seat):
                day = paired_on.get(number) or tournament.created_on.astimezone(UTC).date()
                rows += _rows(linked, tournament, (ruleset, mappings), seat, round_=number, day=day)
            lists.add(linked, seat, round_=number)
        if rows:
            conn.execute(insert(game_sides), rows)
        list_facts.insert_lists(conn, lists.found)
        # The list rollups of the days of every data point whose list changed: the
        # linked recorded games' too (their game_sides rows are not rewritten here).
        listed |= {found.game_id for found in lists.found}
        days |= rollups.days_of(conn, listed, source=REPORTED)
        return _Touched(
            reported=days | {(row["system"], row["played_on"]) for row in rows},
            recorded=rollups.days_of(conn, listed, source=RECORDED),
        )


@dataclass(frozen=True)
class _Touched:
    """The days a tournament's rows changed in, by the source of their data points."""

    reported: set[rollups.Day]
    recorded: set[rollups.Day]


class _Lists:
    """The registered lists of a tournament's results (its reported rows and the
    recorded games linked to its pairings), once its lists are public; each
    player's list read once."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.public = tournament.lists_public
        self.read: dict[str, ListSummary | None] = {}
        self.found: list[list_facts.SideList] = []

    def add(self, linked: _Linked, seat: TableEntry, *, round_: int) -> None:
        if not self.public or str((seat.result or {}).get("a", "")) not in RESULTS:
            return
        tournament = self.tournament
        game_id, sides = _data_point(linked, tournament, seat, round_)
        for player in ("a", "b"):
            entry = tournament.players[getattr(seat, player)]
            if entry.id not in self.read:
                self.read[entry.id] = list_facts.read_list(tournament.game_system, entry.army_list)
            summary = self.read[entry.id]
            if summary is not None:
                self.found.append(
                    list_facts.SideList(
                        game_id, sides[player], tournament.game_system, summary,
                        list_facts.REGISTRATION, tournament.id, entry.name,
                    )
                )  # fmt: skip


def _data_point(
    linked: _Linked, tournament: Tournament, seat: TableEntry, round_: int
) -> tuple[UUID, dict[str, str]]:
    """The id and sides of a pairing's data point: its linked game's, else its own."""
    if seat.game_id is not None and seat.game_side_a is not None:
        game_id = UUID(seat.game_id)
        return game_id, {"a": seat.game_side_a, "b": linked.other_side(game_id, seat.game_side_a)}
    return reported_game_id(tournament.id, round_, seat.table), {"a": "a", "b": "b"}


def _rows(
    linked: _Linked,
    tournament: Tournament,
    catalogue: tuple[Ruleset | None, Mapping[str, str]],
    seat: TableEntry,
    *,
    round_: int,
    day: date,
) -> list[dict[str, Any]]:
    """The two rows of a pairing's result, under its game's id and sides when a
    game is linked (its rows replace them once it ends), else its own id.
    ``catalogue``: the system and its faction mappings."""
    ruleset, mappings = catalogue
    result = seat.result or {}
    entries = {"a": tournament.players[seat.a], "b": tournament.players[seat.b]}
    factions = {
        player: given_faction(ruleset, faction_id(ruleset, entry.faction), mappings)
        for player, entry in entries.items()
    }
    game_id, sides = _data_point(linked, tournament, seat, round_)
    rows = []
    for player, opponent in (("a", "b"), ("b", "a")):
        outcome = str(result.get(player, ""))
        if outcome not in RESULTS:
            return []  # not a final result (nothing to count)
        rows.append(
            {
                "game_id": game_id,
                "side": sides[player],
                "system": tournament.game_system,
                "ruleset_version": "",
                "faction": factions[player][0],
                "faction_given": factions[player][1],
                "army_points": battle_points(tournament.battle_size),
                "scenario": "",
                "tournament_id": tournament.id,
                "round": round_,
                "played_on": day,
                "first": None,
                "result": outcome,
                "score": RESULTS[outcome],
                "victory_points": _points(result.get(f"{player}_vp")),
                "opponent_faction": factions[opponent][0],
                "opponent_faction_given": factions[opponent][1],
                "turns": 0,
                "steps": 0,
                "ending": ENDING,
                "extra": {},
                "source": REPORTED,
                "event_size": len(tournament.players),
                "player": entries[player].name[:PLAYER_LIMIT],
                "account_id": _account(entries[player].account_id),
            }
        )
    return rows


# The most ids in one ``IN (...)`` of a query (SQLite allows 32,766 parameters).
ID_BATCH = 1_000


@dataclass(frozen=True)
class _Linked:
    """What the rows of a tournament's results need to know of the recorded games
    its pairings are linked to, read once for all its tables (it was a query or two
    for each table): which games have ended and have their own rows (``source =
    "recorded"``: such a pairing is counted by them), and each game's sides."""

    ended: frozenset[UUID]
    sides: Mapping[UUID, Sequence[str]]

    @classmethod
    def read(cls, conn: Connection, seats: Sequence[TableEntry]) -> _Linked:
        """Two queries (a batch of ids each), whatever the tables: the ended games
        are read from ``game_sides`` alone and the sides from ``games``, not joined,
        as the two tables are written by different read models (the analysis and
        the games list), which catch up each in its own time."""
        ids = sorted({UUID(seat.game_id) for seat in seats if seat.game_id is not None})
        ended: set[UUID] = set()
        sides: dict[UUID, Sequence[str]] = {}
        c = game_sides.c
        for start in range(0, len(ids), ID_BATCH):
            batch = ids[start : start + ID_BATCH]
            ended.update(
                conn.execute(
                    select(c.game_id).where(c.game_id.in_(batch), c.source == RECORDED).distinct()
                ).scalars()
            )
            found = conn.execute(select(games.c.id, games.c.sides).where(games.c.id.in_(batch)))
            sides.update((row.id, row.sides or ()) for row in found)
        return cls(frozenset(ended), sides)

    def recorded(self, seat: TableEntry) -> bool:
        """Whether the pairing's linked game has ended and has its own rows."""
        return seat.game_id is not None and UUID(seat.game_id) in self.ended

    def other_side(self, game_id: UUID, side_a: str) -> str:
        """The linked game's side that player b played (its sides other than ``side_a``)."""
        others = [side for side in self.sides.get(game_id, ()) if side != side_a]
        return others[0] if others else ("b" if side_a != "b" else "a")


def _points(value: object) -> int:
    """Victory points as the meta counts them: whole points (a half rounds to even)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    return round(value)


def _account(account_id: str | None) -> UUID | None:
    """A registered player's account id as the read model keeps it (a UUID)."""
    try:
        return UUID(account_id) if account_id else None
    except ValueError:
        return None

"""Player pages: a player's history across events and recorded games, read from the
read models (docs/players.md).

A player is the ratings' identity (``shiai.tournaments.read_models.rated_identity``):
``account:<id>`` for a player with an account, ``name:<casefolded name>`` for one
known by name only. Their games are the meta's data points (``game_sides``, any
source): the rows that name them (``account_id``, else ``player`` by casefolded
name, for results reported at events and imported ones) and, for an account, the
sides of recorded games they sat at (``game_seats``). Their events are the
standings rows of their identity; their rating over time is the leaderboard's
model run over the rated games (``ratings.rating_histories``).

Everything here is public: the games are ended ones (a running game has no data
point), names are display names and names as registered, never usernames; an army
list is shown only once its event publishes lists (or to its own player).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from fractions import Fraction
from threading import Lock
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, and_, func, or_, select

from dashboards.meta_stats import score_rate, wilson_interval
from replays import registry
from replays.errors import UnknownRuleset
from replays.schema import RECORDED, game_sides, projection_tracking
from shiai.imported_events.tables import imported_events
from shiai.schema import (
    accounts,
    game_seats,
    tournament_round_days,
    tournament_standings,
    tournaments,
)
from shiai.tournaments.ratings import RatingStep, rating_histories
from shiai.tournaments.read_models import name_identity, rated_in_order

# The longest name a player is registered or imported under (game_sides.player).
NAME_LIMIT = 120
# Players per page of the list, and the longest search.
PAGE_SIZE = 50
SEARCH_LIMIT = 60
ACCOUNT, NAME = "account:", "name"


@dataclass(frozen=True)
class PlayerKey:
    """Who a page is about: an account, or a name (no account)."""

    identity: str
    account_id: UUID | None = None
    name: str | None = None

    @classmethod
    def of_account(cls, account_id: UUID) -> PlayerKey:
        return cls(f"{ACCOUNT}{account_id}", account_id=account_id)

    @classmethod
    def of_name(cls, name: str) -> PlayerKey:
        return cls(name_identity(name), name=name)

    @classmethod
    def of_identity(cls, identity: str, name: str) -> PlayerKey:
        """The key of a rated identity, ``name`` being a name it was registered under."""
        if identity.startswith(ACCOUNT):
            try:
                return cls.of_account(UUID(identity.removeprefix(ACCOUNT)))
            except ValueError:
                pass
        return cls.of_name(name)


@dataclass(frozen=True)
class Opponent:
    name: str
    key: PlayerKey | None  # None: a bot, or nobody known


@dataclass(frozen=True)
class PlayedGame:
    game_id: UUID
    played_on: date
    system: str
    source: str
    tournament_id: UUID | None
    event_name: str | None  # a platform event's or an imported event's name
    round: int | None
    faction: str
    opponent: Opponent
    opponent_faction: str
    result: str
    victory_points: int
    opponent_points: int | None


@dataclass(frozen=True)
class EventEntry:
    tournament_id: UUID
    name: str | None  # None: an event whose name is not known (no longer imported)
    system: str
    held_on: date
    faction: str | None
    rank: int | None
    players: int | None
    wins: int
    draws: int
    losses: int
    dropped: bool = False
    imported: bool = False  # an event the platform did not run (docs/imports.md)


@dataclass(frozen=True)
class FactionTotal:
    system: str
    faction: str
    games: int
    wins: int
    draws: int
    losses: int
    rate: Fraction
    interval: tuple[float, float]


@dataclass(frozen=True)
class SubmittedList:
    tournament_id: UUID
    event_name: str
    system: str
    player_id: str
    faction: str | None
    points: int | None
    published: bool  # False: shown only because the viewer is the player


@dataclass(frozen=True)
class RatingPoint:
    """The rating after one rated game, with the game it followed."""

    tournament_id: UUID
    event_name: str
    round: int
    opponent: str
    outcome: str
    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True)
class Profile:
    key: PlayerKey
    name: str
    games: list[PlayedGame]
    events: list[EventEntry]
    factions: list[FactionTotal]
    lists: list[SubmittedList]
    rating: list[RatingPoint]
    names: list[str] = field(default_factory=list)  # the names registered under


def faction_name(system: str, faction: str) -> str:
    """A faction's name in its system's catalogue, else the text as stored."""
    try:
        return registry.get(system).info.faction_name(faction)
    except UnknownRuleset:
        return faction


def system_name(system: str) -> str:
    """A game system's name (``RulesetInfo.name``), else its id as stored."""
    try:
        return registry.get(system).info.name
    except UnknownRuleset:
        return system


# -- who --------------------------------------------------------------------------


def _matching_names(conn: Connection, identity: str) -> list[str]:
    """The names stored without an account whose identity is ``identity``: names
    compare casefolded, which SQL cannot do alike on SQLite and PostgreSQL, so the
    distinct names are read and compared here."""
    c = game_sides.c
    names = conn.execute(
        select(c.player).where(c.account_id.is_(None), c.player.is_not(None)).distinct()
    ).scalars()
    found = {name for name in names if name_identity(name) == identity}
    s = tournament_standings.c
    found |= set(conn.execute(select(s.name).where(s.identity == identity).distinct()).scalars())
    return sorted(found)


def display_names(conn: Connection, ids: Iterable[UUID]) -> dict[UUID, str]:
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    rows = conn.execute(
        select(accounts.c.id, accounts.c.display_name).where(accounts.c.id.in_(wanted))
    )
    return {row.id: row.display_name for row in rows}


# -- games ------------------------------------------------------------------------


def _games(conn: Connection, key: PlayerKey, names: Sequence[str]) -> list[PlayedGame]:
    c = game_sides.c
    seat = game_seats.c
    if key.account_id is not None:
        named = c.account_id == key.account_id
        # Recorded games they sat at, unless they sat at every side (hot-seat, a
        # script's game): such a game is no result of theirs against anyone.
        own_seats = (
            select(seat.game_id)
            .where(seat.account_id == key.account_id)
            .group_by(seat.game_id)
            .having(func.count() == 1)
        )
        seated = select(seat.game_id, seat.side).where(
            seat.account_id == key.account_id, seat.game_id.in_(own_seats)
        )
        recorded = and_(c.source == RECORDED, c.account_id.is_(None), c.game_id.in_(own_seats))
        rows = list(conn.execute(select(game_sides).where(or_(named, recorded))))
        mine = {(row.game_id, row.side) for row in conn.execute(seated)}
        rows = [r for r in rows if r.account_id is not None or (r.game_id, r.side) in mine]
    elif names:
        rows = list(
            conn.execute(
                select(game_sides).where(c.account_id.is_(None), c.player.in_(list(names)))
            )
        )
    else:
        rows = []
    if not rows:
        return []
    ids = sorted({row.game_id for row in rows})
    others: dict[UUID, list[Any]] = defaultdict(list)
    seats: dict[tuple[UUID, str], Any] = {}
    for start in range(0, len(ids), 1000):
        batch = ids[start : start + 1000]
        for row in conn.execute(select(game_sides).where(c.game_id.in_(batch))):
            others[row.game_id].append(row)
        for row in conn.execute(select(game_seats).where(seat.game_id.in_(batch))):
            seats[(row.game_id, row.side)] = row
    display = display_names(
        conn,
        [s.account_id for s in seats.values() if s.account_id is not None]
        + [row.account_id for rows_ in others.values() for row in rows_ if row.account_id],
    )
    events = _event_names(conn, {row.tournament_id for row in rows if row.tournament_id})
    played = []
    for row in rows:
        opposite = [o for o in others[row.game_id] if o.side != row.side]
        other = opposite[0] if opposite else None
        played.append(
            PlayedGame(
                game_id=row.game_id,
                played_on=row.played_on,
                system=row.system,
                source=row.source,
                tournament_id=row.tournament_id,
                event_name=events.get(row.tournament_id) if row.tournament_id else None,
                round=row.round,
                faction=row.faction,
                opponent=_opponent(other, seats, display),
                opponent_faction=row.opponent_faction,
                result=row.result,
                victory_points=row.victory_points,
                opponent_points=other.victory_points if other is not None else None,
            )
        )
    played.sort(key=lambda g: (g.played_on, g.event_name or "", g.round or 0, str(g.game_id)))
    played.reverse()
    return played


def _opponent(
    other: Any, seats: Mapping[tuple[UUID, str], Any], display: Mapping[UUID, str]
) -> Opponent:
    if other is None:
        return Opponent("unknown", None)
    if other.account_id is not None:
        return Opponent(
            other.player or display.get(other.account_id, "a player"),
            PlayerKey.of_account(other.account_id),
        )
    if other.player:
        return Opponent(other.player, PlayerKey.of_name(other.player))
    sat = seats.get((other.game_id, other.side))
    if sat is not None and sat.account_id is not None:
        return Opponent(
            display.get(sat.account_id, "a player"), PlayerKey.of_account(sat.account_id)
        )
    if sat is not None and sat.bot:
        return Opponent(f"bot ({sat.bot})", None)
    return Opponent(f"side {other.side}", None)


def _event_names(conn: Connection, ids: set[UUID]) -> dict[UUID, str]:
    """The names of events, run on the platform or imported (``imported_events``)."""
    if not ids:
        return {}
    names: dict[UUID, str] = {}
    for table in (tournaments, imported_events):
        found = select(table.c.id, table.c.name).where(table.c.id.in_(ids))
        names.update((row.id, row.name) for row in conn.execute(found))
    return names


# -- events -----------------------------------------------------------------------


def _events(conn: Connection, key: PlayerKey, games: Sequence[PlayedGame]) -> list[EventEntry]:
    s, t, d = tournament_standings.c, tournaments.c, tournament_round_days.c
    first_day = (
        select(d.tournament_id, func.min(d.paired_on).label("first_day"))
        .group_by(d.tournament_id)
        .subquery()
    )
    query = (
        select(
            s.tournament_id,
            s.faction,
            s.rank,
            s.wins,
            s.draws,
            s.losses,
            s.dropped,
            s.games,
            t.name,
            t.game_system,
            t.players,
            t.created_at,
            first_day.c.first_day,
        )
        .join(tournaments, t.id == s.tournament_id)
        .outerjoin(first_day, first_day.c.tournament_id == s.tournament_id)
        .where(s.identity == key.identity)
    )
    found = []
    for row in conn.execute(query):
        held = row.first_day or _utc(row.created_at).date()
        found.append(
            EventEntry(
                tournament_id=row.tournament_id,
                name=row.name,
                system=row.game_system,
                held_on=held,
                faction=row.faction,
                rank=row.rank if row.games else None,
                players=row.players,
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
                dropped=bool(row.dropped),
            )
        )
    # Events the platform does not run (imported ones): what the games say of them.
    known = {event.tournament_id for event in found}
    elsewhere: dict[UUID, list[PlayedGame]] = defaultdict(list)
    for game in games:
        if game.tournament_id is not None and game.tournament_id not in known:
            elsewhere[game.tournament_id].append(game)
    for tid, played in elsewhere.items():
        found.append(
            EventEntry(
                tournament_id=tid,
                name=played[0].event_name,
                imported=True,
                system=played[0].system,
                held_on=min(g.played_on for g in played),
                faction=faction_name(played[0].system, played[0].faction),
                rank=None,
                players=None,
                wins=sum(g.result == "win" for g in played),
                draws=sum(g.result == "draw" for g in played),
                losses=sum(g.result == "loss" for g in played),
            )
        )
    found.sort(key=lambda e: (e.held_on, e.name or "", str(e.tournament_id)), reverse=True)
    return found


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def faction_totals(games: Iterable[PlayedGame]) -> list[FactionTotal]:
    """Per faction played (in its system): games, W/D/L and the score rate (a draw
    counts half) with its Wilson 95% interval, as the meta counts them."""
    tally: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for game in games:
        counts = tally[(game.system, game.faction)]
        counts[("win", "draw", "loss").index(game.result)] += 1
    totals = []
    for (system, faction), (wins, draws, losses) in tally.items():
        played = wins + draws + losses
        rate = score_rate(wins, draws, played)
        totals.append(
            FactionTotal(
                system, faction, played, wins, draws, losses, rate, wilson_interval(rate, played)
            )
        )
    totals.sort(key=lambda f: (-f.games, f.system, f.faction))
    return totals


# -- lists ------------------------------------------------------------------------


def _lists(conn: Connection, key: PlayerKey, viewer: UUID | None) -> list[SubmittedList]:
    """The lists the player submitted per event: those of events that publish their
    lists, and all of them to the player themself (the tournaments' rule,
    ``Tournament.may_see_list``)."""
    s, t = tournament_standings.c, tournaments.c
    own = key.account_id is not None and key.account_id == viewer
    query = (
        select(
            s.tournament_id,
            s.player_id,
            s.faction,
            s.list_points,
            t.name,
            t.game_system,
            t.lists_public,
        )
        .join(tournaments, t.id == s.tournament_id)
        .where(s.identity == key.identity, s.has_list == 1)
        .order_by(t.created_at.desc(), t.id)
    )
    return [
        SubmittedList(
            tournament_id=row.tournament_id,
            event_name=row.name,
            system=row.game_system,
            player_id=row.player_id,
            faction=row.faction,
            points=row.list_points,
            published=bool(row.lists_public),
        )
        for row in conn.execute(query)
        if row.lists_public or own
    ]


# -- ratings ----------------------------------------------------------------------


class RatingHistories:
    """Every player's rating history, computed once per state of the rated games
    (the ``tournaments`` follower's position, which moves whenever they change)
    and kept for the pages until it moves again."""

    def __init__(self) -> None:
        self._lock = Lock()
        self._position: int | None = None
        self._games: list[Any] = []
        self._steps: dict[str, list[RatingStep]] = {}

    def of(self, conn: Connection, identity: str) -> list[RatingPoint]:
        tracking = projection_tracking.c
        position = conn.execute(
            select(tracking.position).where(tracking.name == "tournaments")
        ).scalar()
        with self._lock:
            if position is None or position != self._position:
                self._games, self._steps = _all_histories(conn)
                self._position = position
            games, steps = self._games, self._steps.get(identity, [])
        events = _event_names(conn, {games[step.game].tournament_id for step in steps})
        points = []
        for step in steps:
            game = games[step.game]
            first = game.player_a == identity
            points.append(
                RatingPoint(
                    tournament_id=game.tournament_id,
                    event_name=events.get(game.tournament_id, "an event"),
                    round=game.round,
                    opponent=game.name_b if first else game.name_a,
                    outcome=game.outcome_a if first else game.outcome_b,
                    mu=step.mu,
                    sigma=step.sigma,
                    ordinal=step.ordinal,
                )
            )
        return points


def _all_histories(conn: Connection) -> tuple[list[Any], dict[str, list[RatingStep]]]:
    # The leaderboard's order and model, so each player's last step is their rating.
    played = rated_in_order(conn)
    return [row for row, _ in played], rating_histories(game for _, game in played)


# -- the page ---------------------------------------------------------------------


def profile(
    conn: Connection, key: PlayerKey, histories: RatingHistories, *, viewer: UUID | None = None
) -> Profile | None:
    """Everything the player's page shows; ``None`` when nothing is known of them."""
    names = [] if key.account_id is not None else _matching_names(conn, key.identity)
    display: str | None = None
    if key.account_id is not None:
        display = display_names(conn, [key.account_id]).get(key.account_id)
        if display is None:
            return None
        s = tournament_standings.c
        names = sorted(
            set(conn.execute(select(s.name).where(s.identity == key.identity)).scalars())
        )
    games = _games(conn, key, names)
    events = _events(conn, key, games)
    rating = histories.of(conn, key.identity)
    own = viewer is not None and viewer == key.account_id
    if not (games or events or rating or own):
        return None  # an account nobody can know of from the public pages
    if display is None:
        display = _registered_name(key, names)
    return Profile(
        key=key,
        name=display,
        games=games,
        events=events,
        factions=faction_totals(games),
        lists=_lists(conn, key, viewer),
        rating=rating,
        names=names,
    )


def _registered_name(key: PlayerKey, names: Sequence[str]) -> str:
    """A name-only player's name: as written in the address when it is one of the
    names they were registered under, else the first of those."""
    if key.name in names or not names:
        return key.name or "unknown player"
    return names[0]

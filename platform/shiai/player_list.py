"""The list of players (``/players``, docs/players.md): everyone with a data point
(by account, else by casefolded name) or a rating, by name, a page at a time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, and_, func, select

from replays.schema import RECORDED, game_sides
from shiai.players import ACCOUNT, PAGE_SIZE, SEARCH_LIMIT, PlayerKey, display_names
from shiai.schema import game_seats, ratings
from shiai.tournaments.read_models import name_identity


@dataclass(frozen=True)
class ListedPlayer:
    key: PlayerKey
    name: str
    games: int
    last_played: date | None
    ordinal: float | None


def list_players(
    conn: Connection, search: str = "", *, page: int = 1, per_page: int = PAGE_SIZE
) -> tuple[list[ListedPlayer], int]:
    """A page of players (by name), and how many match ``search`` (a part of the
    name, any case) in all: everyone with a data point or a rating."""
    players: dict[str, dict[str, Any]] = {}

    def add(identity: str, name: str, games: int, last: date | None, account: UUID | None) -> None:
        entry = players.setdefault(
            identity, {"name": name, "games": 0, "last": None, "account": account}
        )
        entry["games"] += games
        if last is not None and (entry["last"] is None or last > entry["last"]):
            entry["last"] = last

    c = game_sides.c
    named = conn.execute(
        select(c.player, c.account_id, func.count(), func.max(c.played_on))
        .where(c.player.is_not(None))
        .group_by(c.player, c.account_id)
    )
    for player, account_id, count, last in named:
        identity = f"{ACCOUNT}{account_id}" if account_id else name_identity(player)
        add(identity, player, count, last, account_id)
    seat = game_seats.c
    # Recorded games count for an account at the one side it sat at, not those it
    # played at several sides (hot-seat, a script's games): no result against anyone.
    own = (
        select(seat.game_id, seat.account_id)
        .where(seat.account_id.is_not(None))
        .group_by(seat.game_id, seat.account_id)
        .having(func.count() == 1)
        .subquery()
    )
    seated = conn.execute(
        select(seat.account_id, func.count(), func.max(c.played_on))
        .join(own, and_(own.c.game_id == seat.game_id, own.c.account_id == seat.account_id))
        .join(game_sides, and_(c.game_id == seat.game_id, c.side == seat.side))
        .where(c.source == RECORDED)
        .group_by(seat.account_id)
    )
    for account_id, count, last in seated:
        add(f"{ACCOUNT}{account_id}", "", count, last, account_id)
    r = ratings.c
    rated = {row.player: row for row in conn.execute(select(r.player, r.name, r.ordinal))}
    for identity, row in rated.items():
        account = UUID(identity.removeprefix(ACCOUNT)) if identity.startswith(ACCOUNT) else None
        add(identity, row.name, 0, None, account)
    display = display_names(conn, [p["account"] for p in players.values() if p["account"]])
    listed = []
    wanted = search.strip().casefold()[:SEARCH_LIMIT]
    for identity, entry in players.items():
        account = entry["account"]
        name = display.get(account, entry["name"]) if account else entry["name"]
        if not name or (entry["games"] <= 0 and identity not in rated):
            continue
        if wanted and wanted not in name.casefold():
            continue
        key = PlayerKey.of_account(account) if account else PlayerKey(identity, name=name)
        ordinal = rated[identity].ordinal if identity in rated else None
        listed.append(ListedPlayer(key, name, entry["games"], entry["last"], ordinal))
    listed.sort(key=lambda p: (p.name.casefold(), p.key.identity))
    start = (page - 1) * per_page
    return listed[start : start + per_page], len(listed)

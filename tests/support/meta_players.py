"""Hand-made players of the per-player dice-luck dashboard: seated games of
accounts with a chosen luck."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import uuid4

from sqlalchemy import Connection, insert

from replays import rollups
from shiai.schema import accounts, game_seats
from tests.support.meta_rows import load, side


def player_name(luck: int) -> str:
    return f"P{luck:+03d}"


def seat_players(connection: Connection, lucks: range) -> None:
    """One 250-point game per luck, its side A played by the account
    ``player_name(luck)`` with ``luck`` more successes than the 30 expected of
    60 dice (so z = luck / sqrt(15)); side B imported (no seat). Rebuilds the
    rollups once the seats are in (the players' luck is rolled up by seat) and
    commits."""
    now = datetime(2026, 5, 1, tzinfo=UTC)
    games, people, seats = [], [], []
    for luck in lucks:
        gid, account = uuid4(), uuid4()
        dice = {"dice": 60, "expected_parts": 180, "observed": 30 + luck}
        games.append([side(gid, "A", "buke", "kuge", "win", **dice),
                      side(gid, "B", "kuge", "buke", "loss")])  # fmt: skip
        people.append({"id": account, "username": f"p{luck}", "display_name": player_name(luck),
                       "password_hash": "x", "role": "player", "created_at": now})  # fmt: skip
        seats.append({"game_id": gid, "side": "A", "account_id": account, "bot": None,
                      "invitation": None, "host_id": account, "created_at": now})  # fmt: skip
    load(connection, *games)
    connection.execute(insert(accounts), people)
    connection.execute(insert(game_seats), seats)
    rollups.rebuild(connection)
    connection.commit()

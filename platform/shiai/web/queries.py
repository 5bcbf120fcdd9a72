"""Reads answered from the read models."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, case, func, select

from replays.schema import game_sides, games
from shiai.schema import tournaments


def list_games(
    db_engine: Engine,
    *,
    status: str | None = None,
    system: str | None = None,
    limit: int = 50,
    offset: int = 0,
) -> tuple[list[dict[str, Any]], int]:
    """A page of games, newest first, and how many match in all."""
    query = select(games)
    counted = select(func.count()).select_from(games)
    if status:
        query = query.where(games.c.status == status)
        counted = counted.where(games.c.status == status)
    if system:
        query = query.where(games.c.system == system)
        counted = counted.where(games.c.system == system)
    query = query.order_by(games.c.created_at.desc(), games.c.id).limit(limit).offset(offset)
    with db_engine.connect() as conn:
        rows = [dict(row._mapping) for row in conn.execute(query)]
        total = conn.execute(counted).scalar_one()
    return rows, total


def game_row_json(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": str(row["id"]),
        "system": row["system"],
        "title": row["title"],
        "sides": row["sides"],
        "status": row["status"],
        "created_at": iso_utc(row["created_at"]),
        "updated_at": iso_utc(row["updated_at"]),
        "winner": row["winner"],
        "steps": row["steps"],
        "commands": row["commands"],
    }


def iso_utc(moment: datetime) -> str:
    """ISO 8601 in UTC; SQLite hands timestamps back without their zone."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat()


def recent_games_with_factions(db_engine: Engine, *, limit: int = 6) -> list[dict[str, Any]]:
    """The newest games, each with ``factions``: side -> faction, from the analysis
    read model (finished games only; a running game has none yet)."""
    rows, _ = list_games(db_engine, limit=limit)
    if not rows:
        return rows
    query = select(game_sides.c.game_id, game_sides.c.side, game_sides.c.faction).where(
        game_sides.c.game_id.in_([row["id"] for row in rows])
    )
    factions: dict[Any, dict[str, str]] = {}
    with db_engine.connect() as conn:
        for game_id, side, faction in conn.execute(query):
            factions.setdefault(game_id, {})[side] = faction
    return [row | {"factions": factions.get(row["id"], {})} for row in rows]


def current_events(db_engine: Engine, *, limit: int = 6) -> list[dict[str, Any]]:
    """Tournaments not finished yet, those under way first, then the newest."""
    under_way = case((tournaments.c.status.in_(("running", "top cut")), 0), else_=1)
    query = (
        select(tournaments)
        .where(tournaments.c.status != "finished")
        .order_by(under_way, tournaments.c.updated_at.desc(), tournaments.c.id)
        .limit(limit)
    )
    with db_engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(query)]

"""Reads answered from the read models."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, func, select

from replays.schema import games


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

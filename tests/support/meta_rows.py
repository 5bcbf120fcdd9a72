"""Hand-made rows of the analysis read models, for the meta dashboards' tests."""

from __future__ import annotations

from datetime import date
from typing import Any
from uuid import UUID, uuid4

from sqlalchemy import Connection, insert

from replays.schema import game_sides

CUP = UUID("00000000-0000-0000-0000-0000000000c1")


def side(
    game: UUID, name: str, faction: str, opponent: str, result: str, **extra: Any
) -> dict[str, Any]:
    return {
        "game_id": game,
        "side": name,
        "system": "kensei",
        "ruleset_version": "0.6.0",
        "faction": faction,
        "army_points": 250,
        "army_cost": 240,
        "units_fielded": 4,
        "scenario": "pitched-battle",
        "tournament_id": None,
        "round": None,
        "played_on": date(2026, 5, 1),
        "won_strategy_roll": name == "A",
        "won_first_initiative": name == "B",
        "activated_first": name == "B",
        "result": result,
        "score": {"win": 1.0, "draw": 0.5, "loss": 0.0}[result],
        "victory_points": 2,
        "opponent_faction": opponent,
        "turns": 5,
        "steps": 400,
        "ending": "last_turn",
        "dice_rolled": 30,
        "expected_successes": 15.0,
        "observed_successes": 16,
    } | extra


def game(a: str, b: str, result_a: str, **extra: Any) -> list[dict[str, Any]]:
    """Both sides' rows of one game, A playing ``a`` against B playing ``b``."""
    other = {"win": "loss", "loss": "win", "draw": "draw"}[result_a]
    gid = uuid4()
    return [side(gid, "A", a, b, result_a, **extra), side(gid, "B", b, a, other, **extra)]


def load(connection: Connection, *games: list[dict[str, Any]]) -> None:
    """Insert the games' rows into ``game_sides`` and commit."""
    connection.execute(insert(game_sides), [row for rows in games for row in rows])
    connection.commit()

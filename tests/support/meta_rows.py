"""Hand-made rows of the analysis read models, for the meta dashboards' tests."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any
from uuid import UUID, uuid4

from sqlalchemy import Connection, insert

from replays import rollups
from replays.schema import game_dice, game_sides

CUP = UUID("00000000-0000-0000-0000-0000000000c1")


# The keys of a side's row that go to its game_dice row (one kind of die).
DICE = ("faces", "dice", "observed", "expected_parts")


def side(
    game: UUID, name: str, faction: str, opponent: str, result: str, **extra: Any
) -> dict[str, Any]:
    """A side's game_sides row, with its d6s' luck under :data:`DICE` (``dice=0``:
    it rolled none) for :func:`load` to split off."""
    return {
        "game_id": game,
        "side": name,
        "system": "kensei",
        "ruleset_version": "0.6.0",
        "faction": faction,
        "army_points": 250,
        "scenario": "pitched-battle",
        "tournament_id": None,
        "round": None,
        "played_on": date(2026, 5, 1),
        "first": name == "A",
        "result": result,
        "score": {"win": 1.0, "draw": 0.5, "loss": 0.0}[result],
        "victory_points": 2,
        "opponent_faction": opponent,
        "turns": 5,
        "steps": 400,
        "ending": "last_turn",
        "extra": {"army_cost": 240, "units_fielded": 4},
        "faces": 6,
        "dice": 30,
        "observed": 16,
        "expected_parts": 90,  # 15 successes in sixths
    } | extra


def game(a: str, b: str, result_a: str, **extra: Any) -> list[dict[str, Any]]:
    """Both sides' rows of one game, A playing ``a`` against B playing ``b``."""
    other = {"win": "loss", "loss": "win", "draw": "draw"}[result_a]
    gid = uuid4()
    return [side(gid, "A", a, b, result_a, **extra), side(gid, "B", b, a, other, **extra)]


def insert_sides(connection: Connection, rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` (of :func:`side`) into ``game_sides`` and their dice into
    ``game_dice``."""
    sides = [{key: value for key, value in row.items() if key not in DICE} for row in rows]
    dice = [
        {"game_id": row["game_id"], "side": row["side"], **{key: row[key] for key in DICE}}
        for row in rows
        if row["dice"] > 0
    ]
    connection.execute(insert(game_sides), sides)
    if dice:
        connection.execute(insert(game_dice), dice)


def load(connection: Connection, *games: list[dict[str, Any]]) -> None:
    """Insert the games' rows into ``game_sides`` and ``game_dice``, rebuild the
    dashboards' rollups and commit."""
    insert_sides(connection, [row for rows in games for row in rows])
    rollups.rebuild(connection)
    connection.commit()


def load_event(connection: Connection, tid: UUID, name: str = "Cup") -> None:
    """A two-round event of three players (Aki, Ben, Cho; a bye in each round) in
    the platform's tournament read models: its row, standings and final games."""
    from shiai.schema import rated_games, tournament_standings, tournaments  # noqa: PLC0415

    now = datetime(2026, 5, 2, tzinfo=UTC)
    connection.execute(
        insert(tournaments),
        [{"id": tid, "name": name, "game_system": "kensei", "battle_size": "250",
          "status": "finished", "planned_rounds": 2, "rounds_paired": 2, "players": 3,
          "organisers": [], "version": 1, "created_at": now, "updated_at": now}],
    )  # fmt: skip
    standings = [("p1", 1, "Aki", "buke"), ("p2", 2, "Ben", "kuge"), ("p3", 3, "Cho", None)]
    connection.execute(
        insert(tournament_standings),
        [{"tournament_id": tid, "player_id": pid, "position": rank, "rank": rank, "name": who,
          "club": None, "faction": faction, "score": 0.0, "tiebreaks": {}, "games": 2,
          "wins": 0, "draws": 0, "losses": 0, "byes": 0, "victory_points": 0.0,
          "vp_differential": 0.0, "dropped": 0, "through_round": 2}
         for pid, rank, who, faction in standings],
    )  # fmt: skip
    games = [
        (1, "p1", "p2", "Aki", "Ben", "win", "loss"),
        (2, "p3", "p1", "Cho", "Aki", "draw", "draw"),
    ]
    connection.execute(
        insert(rated_games),
        [{"tournament_id": tid, "round": rnd, "table_number": 1, "tournament_created_at": now,
          "player_a": a, "player_b": b, "name_a": na, "name_b": nb, "outcome_a": oa,
          "outcome_b": ob} for rnd, a, b, na, nb, oa, ob in games],
    )  # fmt: skip
    connection.commit()

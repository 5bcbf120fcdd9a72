"""The analysis read models: a row per side, per side and kind of die it rolled,
and per unit fielded of every finished game.

``GameAnalysis`` follows GameRecords' notification log like every follower.
When a game ends it reads the game's stored events, asks the game's ruleset for
the facts of the game (``Ruleset.analyse``: pure, rules-specific; a system
without it gives no rows) and writes them with what every system shares: the
result and score from the outcome, the opponent's faction, the steps, the date
of the game's first event and, through ``event_of``, the tournament and round of
the pairing the game is linked to. A running game has no rows. Writing a game's
rows replaces any it had, so a rebuild gives the same rows; they also replace the
rows of a result reported for the pairing the game is linked to, which carry the
game's id until it ends (``shiai.reported_results``): a pairing counts once. What every system
has is a column; a system's own facts (``SideFacts.extra``, ``UnitFacts.extra``)
are stored as they are, canonical JSON. A side's dice luck is a ``game_dice`` row
per kind of die, its expected successes as a whole number of ``1/faces``; a
system without dice (``RulesetInfo.dice == ()``) has none. The dashboards'
rollups of the days a batch wrote are refreshed in the batch's transaction
(``replays.rollups``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, Engine, delete, insert, select

from engine.core import GameFacts, Outcome, Ruleset, canonical_json
from engine.core.position import is_position_setup
from replays import registry, rollups
from replays.errors import UnknownRuleset
from replays.game import Game
from replays.projection import Follower
from replays.records import GameRecords
from replays.schema import RECORDED, game_dice, game_sides, game_units

# The tournament id, round and event size (its players) of the pairing a game is
# linked to, if any.
EventOf = Callable[[Connection, UUID], "tuple[UUID, int, int] | None"]

RESULTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def result_of(outcome: Outcome, side: str) -> str:
    if outcome.winner is None:
        return "draw"
    return "win" if outcome.winner == side else "loss"


def _no_event(conn: Connection, game_id: UUID) -> None:
    return None


class GameAnalysis(Follower):
    name = "game_analysis"

    def __init__(
        self, records: GameRecords, db_engine: Engine, event_of: EventOf = _no_event
    ) -> None:
        super().__init__(records, db_engine)
        self.records = records
        self.event_of = event_of

    def reset(self, conn: Connection) -> None:
        """Every recorded game's rows gone (the other sources' rows are another
        follower's: ``shiai.reported_results``)."""
        recorded = select(game_sides.c.game_id).where(game_sides.c.source == RECORDED)
        conn.execute(delete(game_dice).where(game_dice.c.game_id.in_(recorded)))
        conn.execute(delete(game_units).where(game_units.c.game_id.in_(recorded)))
        conn.execute(delete(game_sides).where(game_sides.c.source == RECORDED))
        rollups.rebuild(conn)

    def apply(self, conn: Connection, events: Sequence[tuple[int, Any]]) -> None:
        days: set[rollups.Day] = set()
        for _, domain_event in events:
            if isinstance(domain_event, Game.Ended):  # type: ignore[attr-defined]
                days |= self._write(
                    conn, domain_event.originator_id, domain_event.originator_version
                )
        rollups.refresh(conn, days)

    def rows(self, game_id: UUID, ended_version: int) -> Rows:
        """The side, dice and unit rows of a finished game (without its tournament)."""
        stored: list[Any] = list(
            self.records.repository.event_store.get(game_id, lte=ended_version)
        )
        started, ended = stored[0], stored[-1]
        if is_position_setup(started.setup):
            return Rows()  # an analysis board: not a game of the meta
        try:
            ruleset = registry.get(started.ruleset)
        except UnknownRuleset:
            return Rows()
        engine_events = [
            ruleset.upcast_event(step.entry["event"], step.entry["schema"])
            for step in stored
            if isinstance(step, Game.Stepped)
        ]
        outcome = Outcome.from_dict(ended.outcome)
        facts = ruleset.analyse(started.initial_state, engine_events, outcome)
        if facts is None:
            return Rows()
        return Rows(
            _side_rows(game_id, facts, outcome, started, len(engine_events)),
            _dice_rows(game_id, facts, ruleset),
            [
                {
                    "game_id": game_id,
                    "unit": unit.unit,
                    "side": unit.side,
                    "name": unit.name,
                    "type": unit.type,
                    "cost": unit.cost,
                    "casualties_caused": unit.casualties_caused,
                    "casualties_suffered": unit.casualties_suffered,
                    "survived": unit.survived,
                    "extra": _json(unit.extra),
                }
                for unit in facts.units
            ],
        )

    def _write(self, conn: Connection, game_id: UUID, ended_version: int) -> set[rollups.Day]:
        """Write the game's rows; returns the days whose rollups they change."""
        days = rollups.days_of(conn, [game_id])
        conn.execute(delete(game_sides).where(game_sides.c.game_id == game_id))
        conn.execute(delete(game_dice).where(game_dice.c.game_id == game_id))
        conn.execute(delete(game_units).where(game_units.c.game_id == game_id))
        found = self.rows(game_id, ended_version)
        if not found.sides:
            return days
        linked = self.event_of(conn, game_id)
        for row in found.sides:
            row["tournament_id"], row["round"], row["event_size"] = linked or (None, None, None)
        conn.execute(insert(game_sides), found.sides)
        if found.dice:
            conn.execute(insert(game_dice), found.dice)
        if found.units:
            conn.execute(insert(game_units), found.units)
        return days | {(row["system"], row["played_on"]) for row in found.sides}


@dataclass(frozen=True)
class Rows:
    """A finished game's rows of ``game_sides``, ``game_dice`` and ``game_units``."""

    sides: list[dict[str, Any]] = field(default_factory=list)
    dice: list[dict[str, Any]] = field(default_factory=list)
    units: list[dict[str, Any]] = field(default_factory=list)


def _json(extra: Mapping[str, Any]) -> dict[str, Any]:
    """A system's own facts as stored: canonical JSON (``NotCanonical`` otherwise,
    e.g. for a float), a plain dict."""
    loaded: dict[str, Any] = json.loads(canonical_json(dict(extra)))
    return loaded


def _dice_rows(game_id: UUID, facts: GameFacts, ruleset: Ruleset) -> list[dict[str, Any]]:
    """A row per side and kind of die it rolled; a die the system does not roll
    (``RulesetInfo.dice``) is a fault of its analysis."""
    rows = []
    for side in facts.sides:
        for luck in side.luck:
            if luck.faces not in ruleset.info.dice:
                raise ValueError(
                    f"{ruleset.id} rolls no d{luck.faces} (its dice: {ruleset.info.dice})"
                )
            if luck.dice == 0:
                continue
            rows.append(
                {
                    "game_id": game_id,
                    "side": side.side,
                    "faces": luck.faces,
                    "dice": luck.dice,
                    "observed": luck.observed,
                    "expected_parts": luck.expected_parts,
                }
            )
    return rows


def _side_rows(
    game_id: UUID, facts: GameFacts, outcome: Outcome, started: Any, steps: int
) -> list[dict[str, Any]]:
    played_on = started.timestamp.astimezone(UTC).date()
    rows = []
    for side in facts.sides:
        result = result_of(outcome, side.side)
        opponents = [other.faction for other in facts.sides if other.side != side.side]
        rows.append(
            {
                "game_id": game_id,
                "side": side.side,
                "system": started.ruleset,
                "ruleset_version": started.engine_version,
                "faction": side.faction,
                "army_points": side.battle_size,
                "scenario": side.scenario,
                "played_on": played_on,
                "first": side.first,
                "result": result,
                "score": RESULTS[result],
                "victory_points": side.victory_points,
                "opponent_faction": " / ".join(opponents),
                "turns": side.turns,
                "steps": steps,
                "ending": side.ending,
                "extra": _json(side.extra),
                "source": RECORDED,
            }
        )
    return rows

"""What the Kensei odds page shows for a question: its tables (the rows behind
every chart, each downloadable as CSV), its figures and the same as JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dashboards.kensei_odds import Asked, Fighter, Roll, Strike, strikes
from dashboards.odds_figures import (
    ChanceRow,
    Figure,
    casualties_figure,
    chance_rows,
    distribution_figure,
    percent,
)

# What each table counts, in the order the page shows them.
COUNTED = {"hits": "hits", "wounds": "wounds", "stuns": "stuns", "casualties": "casualties"}


@dataclass(frozen=True)
class Chart:
    id: str  # "attacker-rolls", "attacker-casualties", ...
    figure: Figure
    tables: tuple[str, ...]  # the names of the tables behind it


@dataclass(frozen=True)
class Report:
    asked: Asked
    strikes: tuple[Strike, ...]
    tables: dict[str, list[ChanceRow]]  # "attacker-hits": rows, ...
    charts: tuple[Chart, ...]

    def fighter(self, role: str) -> Fighter:
        question = self.asked.question
        return question.attacker if role == "attacker" else question.defender


def report(asked: Asked) -> Report:
    found = tuple(strikes(asked.question, asked.troops))
    shooting = asked.question.situation.kind == "shoot"
    tables: dict[str, list[ChanceRow]] = {}
    charts: list[Chart] = []
    for strike in found:
        kinds = ("hits", "wounds") if shooting else ("hits", "wounds", "stuns")
        for kind in (*kinds, "casualties"):
            tables[f"{strike.by}-{kind}"] = chance_rows(getattr(strike.odds, kind))
        verb = "shoots" if shooting else "attacks"
        who = f"The {strike.by} {verb}"
        charts.append(
            Chart(
                f"{strike.by}-rolls",
                distribution_figure(
                    f"{who}: {_listed(kinds)}",
                    {kind: tables[f"{strike.by}-{kind}"] for kind in kinds},
                    counted="count",
                ),
                tuple(f"{strike.by}-{kind}" for kind in kinds),
            )
        )
        charts.append(
            Chart(
                f"{strike.by}-casualties",
                casualties_figure(
                    f"{who}: casualties of the {strike.on}", tables[f"{strike.by}-casualties"]
                ),
                (f"{strike.by}-casualties",),
            )
        )
    return Report(asked, found, tables, tuple(charts))


def _listed(words: tuple[str, ...]) -> str:
    """``("hits", "wounds", "stuns")`` -> ``"hits, wounds and stuns"``."""
    return " and ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else words[0]


def table_kind(name: str) -> str:
    """What a table counts: ``"attacker-hits"`` counts hits."""
    return name.partition("-")[2]


def _roll_json(roll: Roll) -> dict[str, Any]:
    return {
        "dice_lines": [list(line) for line in roll.dice_lines],
        "modifier_lines": [list(line) for line in roll.modifier_lines],
        "wound_lines": [list(line) for line in roll.wound_lines],
        "dice": roll.dice,
        "modifier": roll.modifier,
        "wound_modifier": roll.wound_modifier,
    }


def _rows_json(rows: list[ChanceRow]) -> list[dict[str, Any]]:
    return [
        {
            "count": row.count,
            "exactly": str(row.chance),
            "exactly_percent": percent(row.chance),
            "at_least": str(row.at_least),
            "at_least_percent": percent(row.at_least),
        }
        for row in rows
    ]


def report_json(found: Report) -> dict[str, Any]:
    """The answer as JSON: exact chances as fraction strings, percentages as text."""
    question = found.asked.question
    situation = question.situation
    fighters = {}
    for role in ("attacker", "defender"):
        fighter = found.fighter(role)
        fighters[role] = {
            "name": fighter.name,
            "miniatures": fighter.miniatures,
            "wounds": fighter.wounds,
            "wounded": fighter.wounded,
            "stunned": fighter.stunned,
            "honour": fighter.honour,
        }
    return {
        "kind": situation.kind,
        "situation": {
            "band": situation.band,
            "cover": situation.cover,
            "boosted": situation.boosted,
            "charging": situation.charging,
            "side": situation.side,
        },
        "fighters": fighters,
        "strikes": [
            {
                "by": strike.by,
                "on": strike.on,
                "lost": strike.lost,
                "roll": _roll_json(strike.roll),
                "breaks": {"chance": str(strike.breaks), "percent": percent(strike.breaks)},
                "tables": {
                    table_kind(name): _rows_json(rows)
                    for name, rows in found.tables.items()
                    if name.startswith(f"{strike.by}-")
                },
            }
            for strike in found.strikes
        ],
    }

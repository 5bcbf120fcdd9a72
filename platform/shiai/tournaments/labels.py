"""What the standings' columns are called and how their numbers are printed.

Every page, printout and export of a tournament takes its column headings and
one-line explanations from here, and prints its numbers with
:func:`format_number`, so a score reads ``12`` (never ``12.0``), a half
``4.5`` and an average ``2.33`` everywhere. The JSON export keeps full
precision but gives whole numbers as integers (:func:`json_number`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

from shiai.tournaments.model import Tiebreak

#: Decimal places printed for a number that is not whole (averages, thirds).
PLACES = 2


@dataclass(frozen=True)
class Label:
    """A column's heading in words and a one-line explanation of it."""

    heading: str
    explanation: str


TIEBREAKS: dict[Tiebreak, Label] = {
    Tiebreak.SOS: Label("Strength of schedule", "Average score of the opponents played."),
    Tiebreak.ESOS: Label(
        "Opponents' strength of schedule",
        "Average strength of schedule of the opponents played.",
    ),
    Tiebreak.VICTORY_POINTS: Label(
        "Victory points", "Victory points scored in all games (a bye scores the bye's points)."
    ),
    Tiebreak.VP_DIFFERENTIAL: Label(
        "Victory point difference", "Victory points scored minus victory points conceded."
    ),
    Tiebreak.HEAD_TO_HEAD: Label(
        "Head to head",
        "Points scored in games between the tied players, once all of them have met.",
    ),
    Tiebreak.BUCHHOLZ: Label("Buchholz", "Sum of the opponents' scores."),
    Tiebreak.MEDIAN_BUCHHOLZ: Label(
        "Median Buchholz", "Sum of the opponents' scores without the best and the worst."
    ),
    Tiebreak.SONNEBORN_BERGER: Label(
        "Sonneborn-Berger",
        "Scores of the opponents beaten, plus half the scores of the opponents drawn.",
    ),
}

#: The standings' other columns, by the key of the standings row.
COLUMNS: dict[str, Label] = {
    "rank": Label("Rank", "Place in the standings; players tied on everything share it."),
    "name": Label("Player", "The player's name."),
    "club": Label("Club", "The player's club or team."),
    "faction": Label("Faction", "The faction the player's army list is for."),
    "score": Label("Score", "Points for wins, draws and byes (and rounds missed by a late entry)."),
    "record": Label("Won-drawn-lost", "Games won, drawn and lost (byes are not games)."),
    "byes": Label("Byes", "Rounds the player had no opponent."),
}


def column_label(key: str) -> Label:
    """The heading and explanation of the standings column ``key`` (see :data:`COLUMNS`)."""
    return COLUMNS[key]


def tiebreak_label(tiebreak: Tiebreak | str) -> Label:
    """The heading and explanation of ``tiebreak`` (an enum member or its value)."""
    return TIEBREAKS[Tiebreak(tiebreak)]


def format_number(value: float | int | Fraction | Decimal | None) -> str:
    """A score, tiebreak or victory points as printed everywhere.

    Whole numbers without a decimal point (``12``, ``-3``), others to at most
    :data:`PLACES` places without trailing zeros (``4.5``, ``2.33``); nothing
    (``""``) for ``None``. ``-0`` prints as ``0``; a NaN or infinity is printed
    as Python writes it.
    """
    if value is None:
        return ""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    exact = Decimal(value) if not isinstance(value, Fraction) else _decimal(value)
    rounded = exact.quantize(Decimal(1).scaleb(-PLACES), rounding=ROUND_HALF_EVEN)
    text = f"{rounded:f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def json_number(value: float | int | None) -> float | int | None:
    """``value`` for a JSON export: an ``int`` when whole, else unchanged."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)

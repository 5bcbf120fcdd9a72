"""Standings labels and the one number format of every page and export."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from shiai.tournaments.labels import (
    COLUMNS,
    TIEBREAKS,
    column_label,
    format_number,
    json_number,
    tiebreak_label,
)
from shiai.tournaments.model import Tiebreak


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (12.0, "12"),
        (12, "12"),
        (4.5, "4.5"),
        (-5.5, "-5.5"),
        (0.0, "0"),
        (-0.0, "0"),
        (-0.001, "0"),
        (2 / 3, "0.67"),
        (7 / 3, "2.33"),
        (2.675, "2.67"),  # the float is just below 2.675
        (0.1 + 0.2, "0.3"),
        (1.25, "1.25"),
        (100.10, "100.1"),
        (Fraction(7, 2), "3.5"),
        (Fraction(1, 3), "0.33"),
        (Decimal("3.00"), "3"),
        (1e6, "1000000"),
        (None, ""),
    ],
)
def test_numbers_print_without_a_needless_decimal_point(value: object, text: str) -> None:
    assert format_number(value) == text  # type: ignore[arg-type]


def test_whole_numbers_are_integers_in_json() -> None:
    assert json_number(12.0) == 12
    assert isinstance(json_number(12.0), int)
    assert json_number(4.5) == 4.5
    assert json_number(2 / 3) == 2 / 3
    assert json_number(None) is None
    assert json_number(7) == 7


def test_every_tiebreak_has_a_heading_in_words_and_a_one_line_explanation() -> None:
    assert set(TIEBREAKS) == set(Tiebreak)
    headings = [label.heading for label in TIEBREAKS.values()]
    assert len(set(headings)) == len(headings)
    for tiebreak in Tiebreak:
        label = tiebreak_label(tiebreak.value)
        assert label is tiebreak_label(tiebreak)
        assert "_" not in label.heading
        assert label.heading[0].isupper()
        assert label.explanation.endswith(".")
        assert "\n" not in label.explanation
        assert len(label.explanation) <= 100
    for key in ("rank", "name", "club", "faction", "score", "record", "byes"):
        assert column_label(key) is COLUMNS[key]

"""The one function every CSV writer uses: formulas become text, numbers stay."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dashboards.csv_cells import csv_text, neutralised


@pytest.mark.parametrize(
    "cell",
    ["=1+1", "+1+1", "-1+1", "@SUM(A1)", "\t=1", "\r=1", "-", "=", "-cmd|' /C calc'!A0", "-1-"],
)
def test_a_text_cell_that_starts_a_formula_is_prefixed_with_a_quote(cell: str) -> None:
    assert neutralised(cell) == "'" + cell


@pytest.mark.parametrize(
    "cell", [-3, -0.25, Fraction(-3, 5), None, 0, "-3", "-0.25", "+2", "-1e-3", "-3/5", "Buke"]
)
def test_numbers_and_plain_text_are_left_as_they_are(cell: object) -> None:
    assert neutralised(cell) == cell


def test_csv_text_neutralises_the_header_and_every_row() -> None:
    assert csv_text(["=h", "n"], [["@x", -2], ["ok", "-2"]]) == "'=h,n\n'@x,-2\nok,-2\n"

"""CSV that a spreadsheet opens without running anything a user typed.

Every CSV the platform serves (tournament results and standings, the meta
dashboards' tables, the odds tables) is written by :func:`csv_text`, which
passes every cell through :func:`neutralised`. A spreadsheet treats a cell
that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return,
OWASP's "CSV injection") as a formula: a player named
``=HYPERLINK("http://evil","click")`` would be a live link in the organiser's
spreadsheet. Such a text cell gets a single quote in front, which makes the
spreadsheet show it as text.

What is not neutralised: a cell that is not a string (ints, floats,
fractions: a negative number written as a number stays a number), and a
string that is only a number (``-3``, ``-0.25``, ``1e-3``, ``-3/5``), which a
spreadsheet reads as that number and which can run nothing. Every other text
cell starting with one of those characters is prefixed, whatever follows.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A plain number as text: sign, digits, decimals, exponent, or a fraction.
NUMERAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?:/\d+)?")


def neutralised(cell: Any) -> Any:
    """``cell`` as a spreadsheet may safely read it (see the module's docstring)."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) and not NUMERAL.fullmatch(cell):
        return "'" + cell
    return cell


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A CSV document (``\\n`` line ends): the header, then the rows, every cell
    neutralised."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([neutralised(cell) for cell in header])
    writer.writerows([neutralised(cell) for cell in row] for row in rows)
    return out.getvalue()


__all__ = ["FORMULA_STARTS", "csv_text", "neutralised"]

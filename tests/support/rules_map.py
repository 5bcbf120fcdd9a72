"""The checks of a rules map: a rulebook pass against its rulebook and the tests.

A system's rulebook pass (``docs/rules/<system>-rulebook.md``) walks its rulebook
(``../shared/rules/<file>.txt``) from the first line to the last: each row
``| L<first>-<last> | Section > paragraph | status | code and tests, or the reason |``
names the lines it covers and one status. The functions here return the problems found,
one sentence each, so that a system's test module asserts that there are none:

- ``undefined_test_names``: a ``test_...`` name written in backticks in the system's
  documents that no test under ``tests/`` defines (``name*`` matches a prefix);
- ``coverage_problems``: a row out of order or past the end, a non-blank line of the
  rulebook left out or covered twice;
- ``status_problems``: a row without one of the statuses, an implemented row that names no
  test, another row without its reason (``require_section`` also wants the section path);
- ``summary_problems``: the document's summary table does not count its rows.

Used by ``tests/unit/kensei/test_kensei_rules_map.py`` and
``tests/unit/senjutsu/test_senjutsu_rules_map.py``.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
STATUSES = ("implemented", "pending", "not a rule")
ROW = re.compile(r"^\|\s*L(\d+)(?:-(\d+))?\s*\|(.*)\|\s*$")
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
TEST_NAME = re.compile(r"`(?:[\w/.]+::)?(test_\w+)(\*?)`")


@dataclass(frozen=True)
class Row:
    """One row of a rulebook pass: the lines it covers, its cells after the line range."""

    first: int
    last: int
    section: str
    status: str
    rest: str

    @property
    def where(self) -> str:
        """The row's line range as written in problems, ``L<first>-<last>``."""
        return f"L{self.first}-{self.last}"


def find_rulebook(name: str, root: Path = ROOT) -> Path | None:
    """The rulebook ``name``, shared beside the repository (``../shared/rules/``), or None."""
    for base in (root, *root.parents):
        found = base / "shared" / "rules" / name
        if found.is_file():
            return found
    return None


@cache
def defined_tests(root: Path = ROOT) -> frozenset[str]:
    """Every test function defined under ``tests/`` (read with ast, nothing imported)."""
    names = set()
    for path in (root / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, FUNCTIONS) and node.name.startswith("test_"):
                names.add(node.name)
    return frozenset(names)


def rows(document: Path) -> list[Row]:
    """Every row of a rulebook pass, in the document's order."""
    found = []
    for line in document.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match is None:
            continue
        first = int(match.group(1))
        last = int(match.group(2) or first)
        cells = [cell.strip() for cell in match.group(3).split("|")]
        found.append(
            Row(
                first=first,
                last=last,
                section=cells[0] if cells else "",
                status=cells[1] if len(cells) > 1 else "",
                rest=" | ".join(cells[2:]),
            )
        )
    return found


def named_tests(text: str) -> list[tuple[str, bool]]:
    """The backticked ``test_...`` names of a text, with whether each ends in ``*``."""
    return [(name, wildcard == "*") for name, wildcard in TEST_NAME.findall(text)]


def undefined_test_names(documents: Sequence[Path], defined: frozenset[str]) -> list[str]:
    """``document: name`` for each backticked test name that no test defines."""
    missing = []
    for doc in documents:
        for name, wildcard in named_tests(doc.read_text(encoding="utf-8")):
            ok = any(t.startswith(name) for t in defined) if wildcard else name in defined
            if not ok:
                missing.append(f"{doc.name}: {name}{'*' if wildcard else ''}")
    return missing


def coverage_problems(found: Sequence[Row], rulebook_lines: Sequence[str]) -> list[str]:
    """Rows out of order or past the end; non-blank lines not covered exactly once."""
    problems = []
    covered: Counter[int] = Counter()
    previous = 0
    for row in found:
        first, last = row.first, row.last
        if first > last or first <= previous:
            problems.append(f"L{first}-{last} is out of order (after L{previous})")
        if last > len(rulebook_lines):
            problems.append(f"L{first}-{last} goes past the rulebook's {len(rulebook_lines)} lines")
        covered.update(range(first, last + 1))
        previous = max(previous, last)
    for number, line in enumerate(rulebook_lines, start=1):
        if line.strip() and covered[number] != 1:
            problems.append(f"line {number} is covered {covered[number]} times: {line[:60]!r}")
    return problems


def status_problems(found: Sequence[Row], *, require_section: bool = False) -> list[str]:
    """Rows without a known status, implemented without a test, or without a reason."""
    problems = []
    for row in found:
        if require_section and not row.section:
            problems.append(f"{row.where}: no section > paragraph")
        if row.status not in STATUSES:
            problems.append(f"{row.where}: status {row.status!r} is not one of {STATUSES}")
        elif row.status == "implemented" and not TEST_NAME.search(row.rest):
            problems.append(f"{row.where}: implemented, but no test is named")
        elif row.status != "implemented" and len(row.rest) < 20:
            problems.append(f"{row.where}: {row.status}, but the reason is missing")
    return problems


def summary_problems(document: Path, found: Sequence[Row]) -> list[str]:
    """The summary lines ``| <status> | <count> |`` and ``| total | <count> |`` missing."""
    counts = Counter(row.status for row in found)
    summary = document.read_text(encoding="utf-8")
    expected = [f"| {status} | {counts[status]} |" for status in STATUSES]
    expected.append(f"| total | {sum(counts.values())} |")
    return [f"the summary lacks {line!r}" for line in expected if line not in summary]

"""The Kensei rules map is checked against the rulebook and the tests.

docs/rules/kensei-rulebook.md walks the living rules from the first line to the last:
each row names the lines it covers and one status. These tests fail when a row leaves a
line of the rulebook out, covers one twice or out of order, has no status, claims a
paragraph implemented without naming a test, or when any ``test_...`` name written in
backticks in docs/rules/kensei*.md is not a test defined under tests/.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs" / "rules"
PASS = DOCS / "kensei-rulebook.md"
RULEBOOK_NAME = "kensei-living-rules-2020.txt"
STATUSES = ("implemented", "pending", "not a rule")
ROW = re.compile(r"^\|\s*L(\d+)(?:-(\d+))?\s*\|(.*)\|\s*$")
TEST_NAME = re.compile(r"`(?:[\w/.]+::)?(test_\w+)(\*?)`")


def rulebook() -> Path:
    """The rulebook, shared beside the repository (``../shared/rules/``)."""
    for base in (ROOT, *ROOT.parents):
        found = base / "shared" / "rules" / RULEBOOK_NAME
        if found.is_file():
            return found
    pytest.skip(f"the rulebook {RULEBOOK_NAME} is not beside this checkout")


@cache
def defined_tests() -> frozenset[str]:
    """Every test function defined under tests/ (read with ast, nothing imported)."""
    names = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            if is_function and node.name.startswith("test_"):
                names.add(node.name)
    return frozenset(names)


def rows() -> list[tuple[int, int, str, str]]:
    """(first line, last line, status, the rest of the row) for each row of the pass."""
    found = []
    for line in PASS.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match is None:
            continue
        first = int(match.group(1))
        last = int(match.group(2) or first)
        cells = [cell.strip() for cell in match.group(3).split("|")]
        found.append((first, last, cells[1] if len(cells) > 1 else "", " | ".join(cells[2:])))
    return found


def test_every_backticked_test_name_in_the_kensei_rules_map_is_a_defined_test():
    defined = defined_tests()
    missing = []
    for doc in sorted(DOCS.glob("kensei*.md")):
        for name, wildcard in TEST_NAME.findall(doc.read_text(encoding="utf-8")):
            ok = any(t.startswith(name) for t in defined) if wildcard else name in defined
            if not ok:
                missing.append(f"{doc.name}: {name}{wildcard}")
    assert not missing, "tests named in the rules map but not defined:\n" + "\n".join(missing)


def test_the_rulebook_pass_covers_every_line_of_the_rulebook_once_and_in_order():
    text = rulebook().read_text(encoding="utf-8").splitlines()
    found = rows()
    assert found, "no rows in the rulebook pass"
    problems = []
    covered: Counter[int] = Counter()
    previous = 0
    for first, last, _status, _rest in found:
        if first > last or first <= previous:
            problems.append(f"L{first}-{last} is out of order (after L{previous})")
        if last > len(text):
            problems.append(f"L{first}-{last} goes past the rulebook's {len(text)} lines")
        covered.update(range(first, last + 1))
        previous = max(previous, last)
    for number, line in enumerate(text, start=1):
        if line.strip() and covered[number] != 1:
            problems.append(f"line {number} is covered {covered[number]} times: {line[:60]!r}")
    assert not problems, "\n".join(problems)


def test_each_row_of_the_rulebook_pass_has_a_status_and_its_evidence():
    problems = []
    for first, last, status, rest in rows():
        where = f"L{first}-{last}"
        if status not in STATUSES:
            problems.append(f"{where}: status {status!r} is not one of {STATUSES}")
        elif status == "implemented" and not TEST_NAME.search(rest):
            problems.append(f"{where}: implemented, but no test is named")
        elif status != "implemented" and len(rest) < 20:
            problems.append(f"{where}: {status}, but the reason is missing")
    assert not problems, "\n".join(problems)


def test_the_summary_of_the_rulebook_pass_counts_its_rows():
    counts = Counter(status for _first, _last, status, _rest in rows())
    summary = PASS.read_text(encoding="utf-8")
    for status in STATUSES:
        assert f"| {status} | {counts[status]} |" in summary, status
    assert f"| total | {sum(counts.values())} |" in summary

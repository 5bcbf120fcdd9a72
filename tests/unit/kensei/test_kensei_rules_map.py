"""The Kensei rules map is checked against the rulebook and the tests.

docs/rules/kensei-rulebook.md walks the living rules from the first line to the last:
each row names the lines it covers and one status. These tests fail when a row leaves a
line of the rulebook out, covers one twice or out of order, has no status, claims a
paragraph implemented without naming a test, or when any ``test_...`` name written in
backticks in docs/rules/kensei*.md is not a test defined under tests/. The checks are
shared with the other systems' maps: ``tests/support/rules_map.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import rules_map

PASS = rules_map.DOCS / "kensei-rulebook.md"
RULEBOOK_NAME = "kensei-living-rules-2020.txt"


def rulebook() -> Path:
    """The rulebook, shared beside the repository (``../shared/rules/``)."""
    found = rules_map.find_rulebook(RULEBOOK_NAME)
    if found is None:
        pytest.skip(f"the rulebook {RULEBOOK_NAME} is not beside this checkout")
    return found


def test_every_backticked_test_name_in_the_kensei_rules_map_is_a_defined_test() -> None:
    documents = sorted(rules_map.DOCS.glob("kensei*.md"))
    missing = rules_map.undefined_test_names(documents, rules_map.defined_tests())
    assert not missing, "tests named in the rules map but not defined:\n" + "\n".join(missing)


def test_the_rulebook_pass_covers_every_line_of_the_rulebook_once_and_in_order() -> None:
    text = rulebook().read_text(encoding="utf-8").splitlines()
    found = rules_map.rows(PASS)
    assert found, "no rows in the rulebook pass"
    problems = rules_map.coverage_problems(found, text)
    assert not problems, "\n".join(problems)


def test_each_row_of_the_rulebook_pass_has_a_status_and_its_evidence() -> None:
    problems = rules_map.status_problems(rules_map.rows(PASS))
    assert not problems, "\n".join(problems)


def test_the_summary_of_the_rulebook_pass_counts_its_rows() -> None:
    problems = rules_map.summary_problems(PASS, rules_map.rows(PASS))
    assert not problems, "\n".join(problems)

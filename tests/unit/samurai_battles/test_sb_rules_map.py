"""The Samurai Battles rules map is checked against the rulebook and the tests.

docs/rules/samurai-battles-rulebook.md walks the Samurai Battles orders rulebook
(``../shared/rules/samurai-battles-orders.txt``) from the first line to the last: each row
names the lines it covers, its section path and one status. These tests fail when a row
leaves a non-blank line of the rulebook out, covers one twice or out of order, has no
section or status, claims a paragraph implemented without naming a test, when the summary
does not count the rows, or when any ``test_...`` name written in backticks in
docs/rules/samurai-battles*.md is not a test defined under tests/. The checks are shared
with the other systems' maps (``tests/support/rules_map.py``, whose own tests, on a broken
map, are Senjutsu's: ``tests/unit/senjutsu/test_senjutsu_rules_map.py``).
"""

from __future__ import annotations

import pytest

from tests.support import rules_map

PASS = rules_map.DOCS / "samurai-battles-rulebook.md"
OVERVIEW = rules_map.DOCS / "samurai-battles.md"
RULEBOOK_NAME = "samurai-battles-orders.txt"
# The orders rulebook as the pass was written for it: 93 lines, the last without a line end.
RULEBOOK_LINES = 93


def rulebook_lines() -> list[str]:
    """The rulebook's lines, shared beside the repository (``../shared/rules/``)."""
    found = rules_map.find_rulebook(RULEBOOK_NAME)
    if found is None:
        pytest.skip(f"the rulebook {RULEBOOK_NAME} is not beside this checkout")
    return found.read_text(encoding="utf-8").splitlines()


def test_every_backticked_test_name_in_the_samurai_battles_rules_map_is_a_defined_test() -> None:
    documents = sorted(rules_map.DOCS.glob("samurai-battles*.md"))
    assert OVERVIEW in documents
    assert PASS in documents
    missing = rules_map.undefined_test_names(documents, rules_map.defined_tests())
    assert not missing, "tests named in the rules map but not defined:\n" + "\n".join(missing)


def test_the_samurai_battles_rulebook_pass_covers_every_line_once_and_in_order() -> None:
    lines = rulebook_lines()
    assert len(lines) == RULEBOOK_LINES, "the pass was written for the 93 lines of the orders"
    found = rules_map.rows(PASS)
    assert found, "no rows in the rulebook pass"
    problems = rules_map.coverage_problems(found, lines)
    assert not problems, "\n".join(problems)


def test_each_row_of_the_samurai_battles_rulebook_pass_has_a_section_status_and_evidence() -> None:
    problems = rules_map.status_problems(rules_map.rows(PASS), require_section=True)
    assert not problems, "\n".join(problems)


def test_the_summary_of_the_samurai_battles_rulebook_pass_counts_its_rows() -> None:
    problems = rules_map.summary_problems(PASS, rules_map.rows(PASS))
    assert not problems, "\n".join(problems)


def test_a_line_left_out_of_the_samurai_battles_pass_is_found() -> None:
    # The map's own check bites on this map: drop one row and its lines are reported.
    lines = rulebook_lines()
    found = rules_map.rows(PASS)
    dropped = found[len(found) // 2]
    problems = rules_map.coverage_problems([r for r in found if r != dropped], lines)
    assert f"line {dropped.first} is covered 0 times" in "\n".join(problems)

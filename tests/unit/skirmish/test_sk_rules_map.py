"""The skirmish rules map is checked against the rulebook and the tests.

docs/rules/skirmish-rulebook.md walks the samurai skirmish rulebook
(``../shared/rules/samurai-skirmish-rules.txt``) from the first line to the last: each row
names the lines it covers, its section path and one status. These tests fail when a row
leaves a non-blank line of the rulebook out, covers one twice or out of order, has no
section or status, claims a paragraph implemented without naming a test, when the summary
does not count the rows, or when any ``test_...`` name written in backticks in
docs/rules/skirmish*.md is not a test defined under tests/. The checks are shared with the
other systems' maps (``tests/support/rules_map.py``).
"""

from __future__ import annotations

import pytest

from tests.support import rules_map

PASS = rules_map.DOCS / "skirmish-rulebook.md"
OVERVIEW = rules_map.DOCS / "skirmish.md"
RULEBOOK_NAME = "samurai-skirmish-rules.txt"
# The rulebook as the pass was written for it: 736 lines.
RULEBOOK_LINES = 736


def rulebook_lines() -> list[str]:
    """The rulebook's lines, shared beside the repository (``../shared/rules/``)."""
    found = rules_map.find_rulebook(RULEBOOK_NAME)
    if found is None:
        pytest.skip(f"the rulebook {RULEBOOK_NAME} is not beside this checkout")
    return found.read_text(encoding="utf-8").splitlines()


def test_every_backticked_test_name_in_the_skirmish_rules_map_is_a_defined_test() -> None:
    documents = sorted(rules_map.DOCS.glob("skirmish*.md"))
    assert OVERVIEW in documents
    assert PASS in documents
    missing = rules_map.undefined_test_names(documents, rules_map.defined_tests())
    assert not missing, "tests named in the rules map but not defined:\n" + "\n".join(missing)


def test_the_skirmish_rulebook_pass_covers_every_line_once_and_in_order() -> None:
    lines = rulebook_lines()
    assert len(lines) == RULEBOOK_LINES, "the pass was written for the 736 lines of the rules"
    found = rules_map.rows(PASS)
    assert found, "no rows in the rulebook pass"
    problems = rules_map.coverage_problems(found, lines)
    assert not problems, "\n".join(problems)


def test_each_row_of_the_skirmish_rulebook_pass_has_a_section_status_and_evidence() -> None:
    problems = rules_map.status_problems(rules_map.rows(PASS), require_section=True)
    assert not problems, "\n".join(problems)


def test_the_summary_of_the_skirmish_rulebook_pass_counts_its_rows() -> None:
    problems = rules_map.summary_problems(PASS, rules_map.rows(PASS))
    assert not problems, "\n".join(problems)


def test_a_paragraph_left_out_of_the_skirmish_pass_is_found() -> None:
    # The map's own check bites on this map: drop one row and its lines are reported.
    lines = rulebook_lines()
    found = rules_map.rows(PASS)
    dropped = next(row for row in found[len(found) // 2 :] if lines[row.first - 1].strip())
    problems = rules_map.coverage_problems([r for r in found if r != dropped], lines)
    assert f"line {dropped.first} is covered 0 times" in "\n".join(problems)


def test_every_paragraph_of_the_skirmish_rules_has_a_row_of_its_own_or_a_shared_one() -> None:
    # A paragraph (lines between blank lines) never straddles two rows' statuses without
    # the row boundary falling on a line end: each row starts at a non-blank line.
    lines = rulebook_lines()
    for row in rules_map.rows(PASS):
        assert lines[row.first - 1].strip(), f"{row.where} starts on a blank line"

"""The Senjutsu rules map is checked against the rulebook and the tests.

docs/rules/senjutsu-rulebook.md walks the Senjutsu 1.5 rulebook from the first line to the
last: each row names the lines it covers, its section path and one status. These tests
fail when a row leaves a non-blank line of the rulebook out, covers one twice or out of
order, has no section or status, claims a paragraph implemented without naming a test, when
the summary does not count the rows, or when any ``test_...`` name written in backticks in
docs/rules/senjutsu*.md is not a test defined under tests/. The checks are shared with the
other systems' maps (``tests/support/rules_map.py``); the last tests show that they fail on
a broken map.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import rules_map

PASS = rules_map.DOCS / "senjutsu-rulebook.md"
OVERVIEW = rules_map.DOCS / "senjutsu.md"
RULEBOOK_NAME = "senjutsu-rulebook-1.5.txt"


def rulebook_lines() -> list[str]:
    """The rulebook's lines, shared beside the repository (``../shared/rules/``)."""
    found = rules_map.find_rulebook(RULEBOOK_NAME)
    if found is None:
        pytest.skip(f"the rulebook {RULEBOOK_NAME} is not beside this checkout")
    return found.read_text(encoding="utf-8").splitlines()


def test_every_backticked_test_name_in_the_senjutsu_rules_map_is_a_defined_test() -> None:
    documents = sorted(rules_map.DOCS.glob("senjutsu*.md"))
    assert OVERVIEW in documents
    assert PASS in documents
    missing = rules_map.undefined_test_names(documents, rules_map.defined_tests())
    assert not missing, "tests named in the rules map but not defined:\n" + "\n".join(missing)


def test_the_senjutsu_rulebook_pass_covers_every_line_of_the_rulebook_once_and_in_order() -> None:
    lines = rulebook_lines()
    assert len(lines) == 1479, "the pass was written for the 1,479 lines of the 1.5 rulebook"
    found = rules_map.rows(PASS)
    assert found, "no rows in the rulebook pass"
    problems = rules_map.coverage_problems(found, lines)
    assert not problems, "\n".join(problems)


def test_each_row_of_the_senjutsu_rulebook_pass_has_a_section_a_status_and_its_evidence() -> None:
    problems = rules_map.status_problems(rules_map.rows(PASS), require_section=True)
    assert not problems, "\n".join(problems)


def test_the_summary_of_the_senjutsu_rulebook_pass_counts_its_rows() -> None:
    problems = rules_map.summary_problems(PASS, rules_map.rows(PASS))
    assert not problems, "\n".join(problems)


# The checker itself, on a small broken map: each check must find what is wrong.

BOOK = ["Title", "", "First rule.", "Second rule.", "", "Third rule."]


def write_map(tmp_path: Path, body: str, summary: str = "") -> Path:
    document = tmp_path / "game-rulebook.md"
    document.write_text(f"# A map\n\n{summary}\n{body}", encoding="utf-8")
    return document


def test_the_checker_finds_a_line_left_out_one_covered_twice_and_rows_out_of_order(
    tmp_path: Path,
) -> None:
    document = write_map(
        tmp_path,
        "| L1 | Title | not a rule | the title of the book |\n"
        "| L3-4 | Rules > first | pending | needs the engine's first rule |\n"
        "| L4 | Rules > second | pending | needs the engine's second rule |\n",
    )
    problems = rules_map.coverage_problems(rules_map.rows(document), BOOK)
    assert "L4-4 is out of order (after L4)" in problems
    assert "line 4 is covered 2 times: 'Second rule.'" in problems
    assert "line 6 is covered 0 times: 'Third rule.'" in problems
    assert len(problems) == 3


def test_the_checker_finds_a_row_past_the_end_of_the_rulebook(tmp_path: Path) -> None:
    document = write_map(tmp_path, "| L1-9 | Everything | not a rule | the whole of the book |\n")
    problems = rules_map.coverage_problems(rules_map.rows(document), BOOK)
    assert problems == ["L1-9 goes past the rulebook's 6 lines"]


def test_the_checker_finds_rows_without_status_section_test_or_reason(tmp_path: Path) -> None:
    document = write_map(
        tmp_path,
        "| L1 | Title | flavour | the title of the book |\n"
        "| L3 | Rules > first | implemented | `engine/x.py` but no test |\n"
        "| L4 | Rules > second | pending | later |\n"
        "| L6 |  | implemented | `test_third_rule_is_kept` |\n",
    )
    problems = rules_map.status_problems(rules_map.rows(document), require_section=True)
    assert problems == [
        "L1-1: status 'flavour' is not one of ('implemented', 'pending', 'not a rule')",
        "L3-3: implemented, but no test is named",
        "L4-4: pending, but the reason is missing",
        "L6-6: no section > paragraph",
    ]


def test_the_checker_finds_undefined_test_names_and_a_summary_that_does_not_count(
    tmp_path: Path,
) -> None:
    document = write_map(
        tmp_path,
        "| L1 | Title | not a rule | the title of the book |\n"
        "| L3-6 | Rules | implemented | `test_kept`, `test_made_up`, `test_pre*`, `test_no*` |\n",
        summary="| implemented | 1 |\n| pending | 0 |\n| not a rule | 2 |\n| total | 3 |\n",
    )
    defined = frozenset({"test_kept", "test_prefix_matches"})
    missing = rules_map.undefined_test_names([document], defined)
    assert missing == ["game-rulebook.md: test_made_up", "game-rulebook.md: test_no*"]
    problems = rules_map.summary_problems(document, rules_map.rows(document))
    assert problems == [
        "the summary lacks '| not a rule | 1 |'",
        "the summary lacks '| total | 2 |'",
    ]

"""engine.core.fields.field_or: a field of a record's JSON form or of its model value."""

from __future__ import annotations

import doctest
from dataclasses import dataclass

from engine.core import fields
from engine.core.fields import field_or


@dataclass(frozen=True)
class Step:
    do: str
    n: int | None = None


def test_a_json_field_present_is_its_value_and_absent_the_default() -> None:
    assert field_or({"do": "step", "n": 3}, "n", 1) == 3
    assert field_or({"do": "step"}, "n", 1) == 1


def test_a_json_null_stays_null() -> None:
    """JSON that says ``null`` says it: only an absent key takes the default."""
    assert field_or({"n": None}, "n", 1) is None


def test_a_model_field_left_at_none_or_missing_reads_as_the_default() -> None:
    assert field_or(Step("rotate", 2), "n", 1) == 2
    assert field_or(Step("rotate"), "n", 1) == 1
    assert field_or(Step("rotate"), "dirs", "front") == "front"


def test_the_docstring_examples_hold() -> None:
    failed, tried = doctest.testmod(fields)
    assert (failed, tried > 0) == (0, True)

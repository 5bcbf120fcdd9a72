"""The examples in the Senjutsu grid docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["moves", "attacks", "blocks", "ranged", "forced", "kamae"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"engine.senjutsu.grid.{name}")
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failed == 0

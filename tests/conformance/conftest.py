"""Every check of the suite runs once per installed ruleset (see ``systems``)."""

from __future__ import annotations

import pytest

from tests.conformance import systems


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "ruleset_id" in metafunc.fixturenames:
        ids = sorted(systems.rulesets())
        metafunc.parametrize("ruleset_id", ids, ids=ids)

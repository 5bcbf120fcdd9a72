"""Sealed answers and hidden values stay hidden in every platform output, for every
installed ruleset: a bot game is played through the API until a side's sealed
answer waits for the others' (or ``LIMIT`` commands), and then the API's answers,
``/steps``, ``/steps/<n>``, the game pages and the record export are checked for
each side and a spectator by ``tests/integration/test_redaction.py``'s checks."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import UUID

import pytest
from flask import Flask

from replays import registry
from shiai import create_app
from shiai.migrations import upgrade
from tests.conformance import systems
from tests.conftest import platform_config
from tests.integration.test_redaction import _check_every_output, _play_through_the_api
from tests.support.web import token_client

# Commands played at most, looking for a waiting answer of each sealed prompt kind.
LIMIT = 250


@pytest.fixture
def app(sqlite_database: str) -> Iterator[Flask]:
    """The platform with every ruleset under test installed, on SQLite."""
    upgrade(sqlite_database)
    config = {**platform_config(sqlite_database), "SHIAI_RULESETS": list(systems.specs())}
    flask_app = create_app(config)
    yield flask_app
    flask_app.extensions["shiai"].close()


def test_every_output_hides_a_waiting_sealed_answer(app: Flask, ruleset_id: str) -> None:
    """Checked at the first waiting answer of each sealed prompt kind met within
    ``LIMIT`` commands (at the last command played if none waits)."""
    ruleset = registry.get(ruleset_id)
    client = token_client(app, "redaction")  # the account _check_every_output signs in as
    setup = ruleset.sample_setups()[0]
    created = client.post("/api/games", json={"ruleset": ruleset_id, "setup": setup})
    assert created.status_code == 201, created.get_json()
    game_id = UUID(created.get_json()["id"])
    records = app.extensions["shiai"].records
    sides = records.summary(game_id).sides
    names = list(ruleset.bots())
    bots = {
        side: ruleset.bots()[names[i % len(names)]].build(f"platform/{side}")
        for i, side in enumerate(sides)
    }
    sealed_kinds = {
        d.prompt.kind
        for game in systems.played(ruleset_id)
        for d in game.decisions
        if d.prompt.sealed
    }
    checked: set[str] = set()
    for _ in range(LIMIT):
        before = ruleset.prompt(records.current(game_id).state)
        if before is None or checked == sealed_kinds:
            break
        _play_through_the_api(app, client, game_id, bots, 1)
        after = ruleset.prompt(records.current(game_id).state)
        if (
            before.sealed
            and before.kind not in checked
            and after is not None
            and after.kind == before.kind
            and set(after.sides) < set(before.sides)
        ):
            last = records.head(game_id)[0]
            _check_every_output(app, client, game_id, sorted({0, last // 2, last}))
            checked.add(before.kind)
    if not checked:
        last = records.head(game_id)[0]
        _check_every_output(app, client, game_id, sorted({0, last // 2, last}))
    assert checked or not sealed_kinds, (
        f"{ruleset_id} has sealed prompts, but none waited for another side within {LIMIT} "
        "commands: raise LIMIT"
    )

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

# Commands played at most before the outputs are checked when no sealed answer waits.
LIMIT = 80


@pytest.fixture
def app(sqlite_database: str) -> Iterator[Flask]:
    """The platform with every ruleset under test installed, on SQLite."""
    upgrade(sqlite_database)
    config = {**platform_config(sqlite_database), "SHIAI_RULESETS": list(systems.specs())}
    flask_app = create_app(config)
    yield flask_app
    flask_app.extensions["shiai"].close()


def test_every_output_hides_a_waiting_sealed_answer(app: Flask, ruleset_id: str) -> None:
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
    waiting = None
    for _ in range(LIMIT):
        before = ruleset.prompt(records.current(game_id).state)
        assert before is not None, f"{ruleset_id}: the game ended before a sealed answer waited"
        _play_through_the_api(app, client, game_id, bots, 1)
        after = ruleset.prompt(records.current(game_id).state)
        if (
            before.sealed
            and after is not None
            and after.sealed
            and after.kind == before.kind
            and set(after.sides) < set(before.sides)
        ):
            waiting = before.kind
            break
    last = records.head(game_id)[0]
    _check_every_output(app, client, game_id, sorted({0, last // 2, last}))
    sealed = any(d.prompt.sealed for game in systems.played(ruleset_id) for d in game.decisions)
    assert waiting is not None or not sealed, (
        f"{ruleset_id} has sealed prompts, but none waited for another side within {LIMIT} "
        "commands: raise LIMIT"
    )

"""Write load on SQLite and PostgreSQL (issue 18): processes writing different
games and the same game at once get no 5xx, lose or double nothing, and leave
read models equal to a rebuild (tests/support/write_load.py)."""

from __future__ import annotations

import os
from typing import Any

from sqlalchemy import Table, select

from replays.schema import game_sides, game_units, games
from shiai.services import Services, build_services
from tests.conftest import DICE_RACE_SPEC, TEST_PASSWORD_METHOD
from tests.support.write_load import Load, run_writers

WRITERS = 3
# A few seconds in the suite; SHIAI_WRITE_LOAD_SECONDS=60 makes it a soak.
SECONDS = float(os.environ.get("SHIAI_WRITE_LOAD_SECONDS", "3"))


def _rows(services: Services, table: Table) -> list[dict[str, Any]]:
    with services.db_engine.connect() as conn:
        query = select(table).order_by(*table.primary_key)
        return [dict(row._mapping) for row in conn.execute(query)]


def test_writers_in_several_processes_get_no_5xx_and_lose_or_double_nothing(
    database_url: str,
) -> None:
    services = build_services(database_url, [DICE_RACE_SPEC], TEST_PASSWORD_METHOD)
    try:
        records = services.records
        shared = records.start_game("dice-race", {"target": 100_000, "max_rounds": 10_000})
        load = Load(database_url, [DICE_RACE_SPEC], TEST_PASSWORD_METHOD, shared, SECONDS)
        written = run_writers(load, WRITERS)
        assert [w.errors for w in written] == [[]] * WRITERS
        assert [w.logged for w in written] == [[]] * WRITERS
        stored = [game for w in written for game in w.games]
        assert len(stored) == len(set(stored)) > WRITERS
        assert services.catch_up() == {follower.name: 0 for follower in services.followers()}
        assert all(status.current for status in services.read_model_status())
        # Nothing lost: a row for every game any writer was answered for, and no other.
        rows = {row["id"]: row for row in _rows(services, games)}
        assert set(rows) == {shared, *stored}
        # Nothing doubled: the rows count the stored steps and commands once.
        for game_id, row in rows.items():
            summary = records.summary(game_id)
            assert (row["steps"], row["commands"]) == (summary.last_step, summary.commands)
        assert records.summary(shared).commands == sum(w.shared_commands for w in written) > 0
        # The read models equal a rebuild of them.
        before = [_rows(services, table) for table in (games, game_sides, game_units)]
        services.games.rebuild()
        services.analysis.rebuild()
        assert [_rows(services, table) for table in (games, game_sides, game_units)] == before
    finally:
        services.close()

"""The army-list dashboards at scale: ``dashboards.meta_lists`` over 100,000
synthetic games (``tests.support.synthetic_games``, as ``bench.dashboards``) whose
200,000 sides each have an army list (``tests.support.list_rows.random_list``: most
drawn from a few common builds per faction, about 4 entries each), as if every
side were a reported result with its player's list. The unit and common-list
tables sum the list rollups (``rollup_list_units``, ``rollup_lists``); the top
finishes read the list tables.

Figures: ``dash.lists.rollup_build.<store>`` (every rollup rebuilt, one
transaction), and (median of ``ROUNDS`` runs after a warm-up, per store)
``dash.lists.<table>.<state>.<store>`` for each of the three tables and
``dash.lists.all.<state>.<store>`` for the three together, for the widest filter
state (every Kensei game) and a narrower one (the last three months, 400 points).

``python -m bench.meta_lists``; ``SHIAI_BENCH_DASH_GAMES`` overrides the games.
"""

from __future__ import annotations

import random
import time

from sqlalchemy import Connection, Engine, bindparam, select, update

from bench._util import (
    figure,
    median,
    note,
)
from bench.dashboards import SEED, Database, _vacuum, filter_states, stores, synthetic_store
from dashboards.meta_filters import Filters
from dashboards.meta_lists import common_lists, top_finishes, unit_inclusion
from replays.rollups import rebuild
from replays.schema import game_sides
from shiai.list_facts import REGISTRATION, SideList, insert_lists
from shiai.schema import game_seats
from tests.support.list_rows import list_templates, random_list

ROUNDS = 3
# A database of its own: bench.dashboards drops and re-creates its own on entry.
POSTGRES_DATABASE = "shiai_bench_lists"
BATCH = 20_000
TABLES = {"list-units": unit_inclusion, "common-lists": common_lists,
          "top-finishes": top_finishes}  # fmt: skip


def load_lists(engine: Engine, source: str | None = None) -> int:
    """A list for every side of ``game_sides`` (of one ``source``'s data points, when
    given); how many."""
    rng = random.Random(SEED)
    templates = list_templates(rng)
    c = game_sides.c
    with engine.begin() as connection:
        _name_event_players(connection)
        query = select(c.game_id, c.side, c.system, c.faction, c.tournament_id, c.player)
        if source is not None:
            query = query.where(c.source == source)
        sides = connection.execute(query.order_by(c.game_id, c.side)).all()
        found = []
        for row in sides:
            faction = row.faction if row.faction in templates else "buke"
            found.append(SideList(row.game_id, row.side, row.system,
                                  random_list(rng, faction, templates), REGISTRATION,
                                  row.tournament_id, row.player))  # fmt: skip
            if len(found) == BATCH:
                insert_lists(connection, found)
                found = []
        insert_lists(connection, found)
    return len(sides)


def _name_event_players(connection: Connection) -> None:
    """The synthetic games name no player: the sides of their events' games take
    their seat's account as the player's name, so the top finishes rank them."""
    c, s = game_sides.c, game_seats.c
    seated = connection.execute(
        select(c.game_id, c.side, s.account_id)
        .join(game_seats, (s.game_id == c.game_id) & (s.side == c.side))
        .where(c.tournament_id.is_not(None), s.account_id.is_not(None))
    ).all()
    if seated:
        connection.execute(
            update(game_sides)
            .where(c.game_id == bindparam("gid"), c.side == bindparam("sid"))
            .values(player=bindparam("who")),
            [{"gid": row.game_id, "sid": row.side, "who": f"player {row.account_id.hex[:8]}"}
             for row in seated],
        )  # fmt: skip


def bench_store(store: str, database: Database) -> None:
    clock = time.perf_counter
    with synthetic_store(store, database) as (_, engine):
        started = clock()
        lists = load_lists(engine)
        _vacuum(engine, ("game_sides", "side_lists", "side_list_entries"))
        note(f"dash.lists.{store}: {lists} lists loaded in {clock() - started:.1f} s")
        started = clock()
        with engine.begin() as connection:
            rebuild(connection)
        figure(f"dash.lists.rollup_build.{store}", clock() - started, "s")
        _vacuum(engine, ("rollup_list_units", "rollup_lists"))
        for state, filters in filter_states().items():
            _time_state(engine, f"{state}.{store}", filters)


def _time_state(engine: Engine, label: str, filters: Filters) -> None:
    clock = time.perf_counter
    per_table: dict[str, list[float]] = {name: [] for name in TABLES}
    counts: dict[str, int] = {}
    with engine.connect() as connection:
        for round_number in range(ROUNDS + 1):
            for name, query in TABLES.items():
                started = clock()
                counts[name] = len(query(connection, filters))
                if round_number:  # the first run warms the caches
                    per_table[name].append(clock() - started)
    note(f"dash.lists.{label}: rows " + ", ".join(f"{n} {k}" for n, k in counts.items()))
    for name, samples in per_table.items():
        figure(f"dash.lists.{name}.{label}", median(samples), "s")
    totals = [sum(run) for run in zip(*per_table.values(), strict=True)]
    figure(f"dash.lists.all.{label}", median(totals), "s")


def main() -> None:
    for store, database in stores(POSTGRES_DATABASE):
        bench_store(store, database)


if __name__ == "__main__":
    main()

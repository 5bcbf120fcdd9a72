"""The Execution Phase on many random battles and random (shaped, not checked) orders:
it always finishes, and what it leaves is a table a player could set up: no two units
on one hex, melees only between enemies on the table, whole non-negative counts, and
the same events for the same dice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import SeededDice, State
from engine.hexgrid import Hex
from engine.samurai_battles.army.catalogue import load_catalogue
from engine.samurai_battles.execution import EXECUTION_EVENT_KINDS, execute
from tests.unit.samurai_battles.builders import battle, revealed
from tests.unit.samurai_battles.test_sb_execution_support import fold

CATALOGUE = load_catalogue()
TYPES = sorted(CATALOGUE.unit_types)
COLUMNS, ROWS = 7, 5
LIMITS = {
    "assault": (2, 4),
    "march": (1, 2),
    "run": (2, 4),
    "move_and_fire": (4, 4),
    "retreat": (1, 2),
}


def _walk(rng: random.Random, start: Hex, length: int) -> list[list[int]]:
    path, here = [], start
    for _ in range(length):
        steps = [h for h in here.neighbours() if 0 <= h.q < COLUMNS and 0 <= h.r < ROWS]
        here = rng.choice(steps)
        path.append(here.to_json())
    return path


def _order(rng: random.Random, state: State, unit_id: str) -> dict[str, Any]:
    record = state["units"][unit_id]
    kind = CATALOGUE.unit_type(record["type"])
    here = Hex.from_json(record["hex"])
    enemies = sorted(u for u, r in state["units"].items() if r["side"] != record["side"])
    friends = sorted(
        u for u, r in state["units"].items() if r["side"] == record["side"] and u != unit_id
    )
    order = rng.choice([o for o in kind.orders if o != "join_up" or friends])
    faces = [h for h in here.neighbours() if 0 <= h.q < COLUMNS and 0 <= h.r < ROWS]
    written: dict[str, Any] = {"order": order}
    if order in LIMITS:
        limit = LIMITS[order][1 if kind.is_cavalry else 0]
        written["path"] = _walk(rng, here, rng.randint(1, limit))
    if order in ("assault", "fire", "move_and_fire"):
        written["target"] = rng.choice(enemies)
    if order == "move_and_fire":
        written["fire_at"] = rng.randint(0, len(written["path"]))
    if order in ("defend", "fire_and_retreat", "ambush"):
        written["face"] = rng.choice(faces).to_json()
    if order == "defend" and kind.ranged:
        written["kill_range"] = rng.randint(1, kind.ranged.range)
    if order == "join_up":
        written |= {"with": rng.choice(friends), "hex": here.to_json()}
    if order == "receive_supplies" and kind.ranged:
        written["from"] = rng.choice(friends)
    return written


def _battle(seed: int) -> State:
    rng = random.Random(seed)
    hexes = rng.sample([(q, r) for q in range(COLUMNS) for r in range(ROWS)], 8)
    terrain = {h: rng.choice(["forest", "village", "hill", "marsh"]) for h in rng.sample(hexes, 2)}
    units: dict[str, Any] = {}
    for index, (q, r) in enumerate(hexes[:6]):
        unit_id = f"{'ew'[index % 2]}{index // 2 + 1}"
        overrides = {"facing": rng.randrange(6), "hidden": rng.random() < 0.25}
        units[unit_id] = (rng.choice(TYPES), (q, r), overrides)
    state = battle(units, columns=COLUMNS, rows=ROWS, terrain=terrain)
    orders: dict[str, dict[str, Any]] = {"east": {}, "west": {}}
    for unit_id, record in sorted(state["units"].items()):
        orders[record["side"]][unit_id] = _order(rng, state, unit_id)
    return revealed(state, **orders)


def _hidden_hexes_stay_secret(state: State, events: list[Any]) -> None:
    """No event names where a hidden unit is or faces, except under ``sealed`` for its
    own side, or the ``revealed`` event that puts it back on the board."""
    for event in events:
        hidden = {u for u, r in state["units"].items() if r["hidden"]}
        if event["type"] != "revealed":
            open_part = {k: v for k, v in event.items() if k != "sealed"}
            for unit_id in hidden:
                where = state["units"][unit_id]["hex"]
                if unit_id in str(open_part):
                    assert "facing" not in open_part, event
                    assert where not in open_part.values(), event
        state = fold(state, [event])


@pytest.mark.parametrize("seed", range(150))
def test_the_execution_phase_leaves_a_table_a_player_could_set_up(seed: int) -> None:
    state = _battle(seed)
    events = execute(state, SeededDice("invariants", seed))
    assert events == execute(state, SeededDice("invariants", seed))
    assert {e["type"] for e in events} <= set(EXECUTION_EVENT_KINDS)
    _hidden_hexes_stay_secret(state, events)
    after = fold(state, events)
    on_table = {u: r for u, r in after["units"].items() if r["status"] == "ready"}
    hexes = [tuple(r["hex"]) for r in on_table.values()]
    assert len(hexes) == len(set(hexes)), "two units on one hex"
    for unit_id, record in after["units"].items():
        kind = CATALOGUE.unit_type(record["type"])
        assert 0 <= record["models"] <= kind.models
        assert 0 <= record["fortitude"] <= kind.fortitude
        assert 0 <= record["ammo"] <= (kind.ranged.ammunition if kind.ranged else 0)
        for other in record["engaged"]:
            assert unit_id in on_table
            assert other in on_table
            assert after["units"][other]["side"] != record["side"]
            assert unit_id in after["units"][other]["engaged"]
            assert (
                Hex.from_json(record["hex"]).distance(Hex.from_json(after["units"][other]["hex"]))
                == 1
            )

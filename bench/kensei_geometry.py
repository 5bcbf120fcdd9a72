"""Benchmark: the Kensei geometry kernel on a realistic table.

A 120 x 90 cm table with 10 scenery polygons (heights 1-4) and 2 x 40 miniatures
(25 mm bases, one in seven square) deployed in two rows per side, facing each other.
Times line of sight (single queries and batched), edge distances, melee
engagement, formation checks, path checks and building a Scene. Prints::

    kensei.los_checks: <n> checks/s            (batched, line_of_sight_many)
    kensei.los_checks_single: <n> checks/s     (one line_of_sight call per check)
    kensei.cover_checks: <n> checks/s
    kensei.los_checks_repeated: <n> checks/s   (answers the Scene already gave)
    kensei.edge_distance: <n> /s
    kensei.engaged_pairs: <n> unit pairs/s     (10 x 10 miniatures)
    kensei.formation_check: <n> units/s        (10 miniatures, answers not remembered)
    kensei.path_check: <n> paths/s             (path_scenery + path_bases + overlap)
    kensei.scene_build: <n> scenes/s           (80 bases, scenery index cached)

Run with ``python -m bench kensei_geometry``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bench._util import figure, note, profiled
from engine.kensei.geometry import (
    Base,
    Scene,
    Scenery,
    edge_distance,
    forget_formations,
    formation_problems,
    table_scene,
)

SEED = 20240607
WIDTH, HEIGHT = 12000, 9000


def realistic_scene(seed: int = SEED) -> Scene:
    """10 scenery blocks in the middle of the table, 2 x 40 miniatures in loose rows."""
    rng = random.Random(seed)
    scenery = []
    for n in range(10):
        x, y = rng.randrange(500, 10500), rng.randrange(2300, 5700)
        w, h = rng.randrange(400, 1500), rng.randrange(400, 1000)
        points = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        scenery.append(Scenery(f"s{n}", "normal", rng.randint(1, 4), points))
    bases: dict[str, Base] = {}
    for side, (y0, step, facing) in enumerate(((1000, 450, 900), (8000, -450, 2700))):
        for n in range(40):
            x = 700 + (n % 20) * 540 + rng.randrange(0, 80)
            y = y0 + (n // 20) * step + rng.randrange(0, 80)
            shape = "square" if n % 7 == 0 else "round"
            turn = (facing + rng.randrange(-200, 200)) % 3600
            bases[f"{'ab'[side]}{n:02d}"] = Base(x, y, turn, shape, 250, rng.randint(1, 3))
    return table_scene(scenery, bases)


def rate(action: Callable[[], object], per_call: int, budget: float = 1.0) -> float:
    """Operations per CPU second: repeat ``action`` (``per_call`` operations each) for
    about ``budget`` CPU seconds, best of three rounds. CPU time (``process_time``), not
    wall time, so that other processes on a shared machine do not count against us."""
    action()  # warm the caches
    best = 0.0
    for _ in range(3):
        calls = 0
        started = time.process_time()
        elapsed = 0.0
        while elapsed < budget / 3:
            action()
            calls += 1
            elapsed = time.process_time() - started
        best = max(best, calls * per_call / elapsed)
    return best


def main() -> None:
    scene = realistic_scene()
    ids = sorted(scene.bases)
    side_a, side_b = ids[:40], ids[40:]
    pairs = [(a, b) for a in side_a for b in side_b] + [(b, a) for b in side_b for a in side_a]
    outcomes = scene.line_of_sight_many(pairs)
    note(
        "sight outcomes over 3200 checks: "
        + ", ".join(f"{kind} {outcomes.count(kind)}" for kind in ("total", "partial", "none"))
    )
    with profiled("kensei_geometry"):
        # A Scene remembers its answers: every round asks a fresh one (with_bases({})
        # costs one Scene build, a few µs per hundred checks).
        figure(
            "kensei.los_checks",
            rate(lambda: scene.with_bases({}).line_of_sight_many(pairs), len(pairs)),
            "checks/s",
        )
        sample = pairs[::8]

        def singles() -> object:
            fresh = scene.with_bases({})
            return [fresh.line_of_sight(a, b) for a, b in sample]

        def covers() -> object:
            fresh = scene.with_bases({})
            return [fresh.in_cover(b, a) for a, b in sample]

        figure("kensei.los_checks_single", rate(singles, len(sample)), "checks/s")
        figure("kensei.cover_checks", rate(covers, len(sample)), "checks/s")
        figure(
            "kensei.los_checks_repeated",
            rate(lambda: [scene.line_of_sight(a, b) for a, b in sample], len(sample)),
            "checks/s",
        )
        bases = [scene.base(i) for i in ids]
        couples = [(bases[i], bases[j]) for i in range(80) for j in range(i + 1, 80, 7)]
        figure(
            "kensei.edge_distance",
            rate(lambda: [edge_distance(a, b) for a, b in couples], len(couples)),
            "/s",
        )
        figure(
            "kensei.engaged_pairs",
            rate(lambda: scene.engaged_pairs(side_a[:10], side_b[:10]), 1),
            "unit pairs/s",
        )
        unit = bases[:10]
        figure(
            "kensei.formation_check",
            # formation_problems remembers its answers: forget them, to time the check.
            rate(lambda: (forget_formations(), formation_problems(unit, skirmishers=False)), 1),
            "units/s",
        )
        mover = scene.base("a05")
        path = [(mover.x + 300, mover.y + 1500), (mover.x + 600, mover.y + 2500)]

        def path_check() -> object:
            scene.path_scenery(mover, path)
            scene.path_bases(mover, path, exclude=["a05"])
            end = Base(path[-1][0], path[-1][1], 900, "round", 250, 2)
            return scene.overlaps_any_base(end, exclude=["a05"]), scene.over_impassable(end)

        figure("kensei.path_check", rate(path_check, 1), "paths/s")
        moved = {"a05": Base(mover.x + 10, mover.y, mover.facing, "round", 250, 2)}
        figure("kensei.scene_build", rate(lambda: scene.with_bases(moved), 1), "scenes/s")


if __name__ == "__main__":
    main()

"""Engage in melee combat: where along its path a miniature engages an enemy.

"To engage in melee combat, the miniature must move at 2.5 cm or less of the
closest points between its base and the enemy's base at the first moment that
there is a line of sight between them." (Orders and Actions > Movement Orders >
Move > Engage in melee combat.)

Read here as: walking the path, the *first moment* is the first point where the
moving miniature is 2.5 cm or less from the enemy's base and has a line of
sight to it. That is where it engages: it may close in (anywhere within the
2.5 cm is engaged), but it engages on the side of the enemy's base (front,
flank or rearguard, as for attacks) where it was at that moment, so going on
round the enemy to reach a flank or the rear is refused. While it moves, a
miniature looks along the leg it is walking (its visual field turns with it);
at the end it has its final facing; the other miniatures stand where they
stood before the order, as when moving miniatures one by one at the table.
The path is walked in steps of :data:`STEP` (5 mm).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.kensei import geometry
from engine.kensei.geometry import Base

STEP = 50  # tenths of a millimetre: the path is walked 5 mm at a time


def first_moment(
    scene: geometry.Scene,
    mid: str,
    *,
    start: Base,
    waypoints: Sequence[tuple[int, int]],
    final: Base,
    enemy_id: str,
) -> Base | None:
    """The miniature at the first point along its path where it is 2.5 cm or less
    from the enemy and sees it; ``None`` if that never happens."""
    enemy = scene.base(enemy_id)
    here = (start.x, start.y)
    for end in waypoints:
        dx, dy = end[0] - here[0], end[1] - here[1]
        length = math.hypot(dx, dy)
        if length == 0:
            continue
        facing = geometry.heading(here, end)
        steps = max(1, math.ceil(length / STEP))
        for k in range(1, steps + 1):
            point = (here[0] + round(dx * k / steps), here[1] + round(dy * k / steps))
            at_end = k == steps and end == waypoints[-1]
            base = (
                final
                if at_end
                else Base(point[0], point[1], facing, start.shape, start.size, start.height)
            )
            if geometry.within(base, enemy, geometry.MELEE_DISTANCE) and _sees(
                scene, mid, base, enemy_id
            ):
                return base
        here = end
    return None


def _sees(scene: geometry.Scene, mid: str, base: Base, enemy_id: str) -> bool:
    return scene.with_bases({mid: base}).line_of_sight(mid, enemy_id) != "none"

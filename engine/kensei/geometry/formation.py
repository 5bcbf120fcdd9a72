"""Unit formation (Kensei, "Unit formation"): closed and open formations and the
spread of a unit, under Kensei's distances."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from engine.tabletop.bases import EPSILON, Base, edge_distance
from engine.tabletop.movement import SURE

MELEE_DISTANCE = 250
"""2.5 cm: melee engagement, cover, closed formation ("a miniature's base width")."""
SKIRMISH_DISTANCE = 500
"""5 cm: skirmishers' open formation."""
UNIT_SPREAD = 2000
"""20 cm: no miniature of a unit further than this from any other."""


def formation_problems(bases: Sequence[Base], *, skirmishers: bool) -> list[str]:
    """Why a unit is out of formation ("Unit formation"); empty if it is in formation.

    Closed (not skirmishers): each miniature within 2.5 cm of at least two others when
    the unit has more than two miniatures, within 2.5 cm of the other when it has two.
    Open (skirmishers): each within 5 cm of at least one other. All units: no miniature
    more than 20 cm from any other. Miniatures are named by their index in ``bases``.
    """
    if len(bases) < 2:
        return []
    return list(_formation_problems(tuple(bases), skirmishers))


def forget_formations() -> None:
    """Forget the answers :func:`formation_problems` remembers (for benchmarks)."""
    _formation_problems.cache_clear()


@lru_cache(maxsize=4096)
def _formation_problems(bases: tuple[Base, ...], skirmishers: bool) -> tuple[str, ...]:
    """:func:`formation_problems`, remembered: a unit's formation is asked again for
    the same bases (before a move, by every check of a move)."""
    count = len(bases)
    if skirmishers:
        limit, needed, words = SKIRMISH_DISTANCE, 1, "5 cm of another miniature"
    else:
        limit, needed = MELEE_DISTANCE, min(2, count - 1)
        words = "2.5 cm of two other miniatures" if needed == 2 else "2.5 cm of the other miniature"
    kind = "open formation, skirmishers" if skirmishers else "closed formation"
    close_limit = limit + EPSILON
    spread_limit = UNIT_SPREAD + EPSILON
    close = [0] * count
    spread: list[tuple[int, int]] = []
    for i in range(count):
        a = bases[i]
        for j in range(i + 1, count):
            b = bases[j]
            if a.shape == "round" and b.shape == "round":
                distance = edge_distance(a, b)
            else:
                # Bounds from the circles about the bases (outside) and in them (inside):
                # the exact distance only when a bound does not settle both questions.
                centres = math.hypot(b.x - a.x, b.y - a.y)
                low = centres - a.bound - b.bound
                high = centres - (a.size + b.size) / 2
                if low > close_limit + SURE and high < spread_limit - SURE:
                    continue  # apart, but not too far apart
                distance = edge_distance(a, b)
            if distance <= close_limit:
                close[i] += 1
                close[j] += 1
            if distance > spread_limit:
                spread.append((i, j))
    problems = [
        f"miniature {i} is not within {words} of its unit ({kind})"
        for i in range(count)
        if close[i] < needed
    ]
    problems.extend(f"miniatures {i} and {j} are more than 20 cm apart" for i, j in spread)
    return tuple(problems)

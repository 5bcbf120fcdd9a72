"""Where a combat's models stand: surrounded, retreat blocked, outnumbered, defending an
obstacle, charging mounted (Close Combat; Moving and Fighting on Horseback; Wind
Strategies > Never outnumbered).

* A character is surrounded when the enemies in base contact with it leave no free half
  circle around it (two on opposite sides, or three or more all round): the largest
  angle between the directions to them is at most 190 degrees (Interpretation >
  Surrounded).
* A retreat is blocked when the forced-retreat spot 1" straight away from the enemies in
  contact does not exist (another model, an obstacle, impassable scenery, the edge).
* A character defends an obstacle against an enemy in contact across one (their centres'
  line crosses an obstacle) who charged this turn when he did not (Interpretation >
  Defending an obstacle).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from engine.core import State
from engine.skirmish.geometry import paths
from engine.skirmish.heroic import chars

SURROUND_GAP = 1900
"""The largest free angle (tenths of a degree) that still surrounds a character."""
SPEAR_INFANTRY = ("yari", "naginata")


def away_point(state: State, model_id: str, foes: Sequence[str]) -> tuple[float, float]:
    """The point a retreat goes away from: the centre of the enemies in contact."""
    points = [chars.circle(state, f) for f in foes] or [chars.circle(state, model_id)]
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def surrounded(state: State, model_id: str) -> bool:
    foes = chars.contacts(state, model_id)
    if len(foes) < 2:
        return False
    x, y, _ = chars.circle(state, model_id)
    angles = sorted(
        math.degrees(math.atan2(chars.circle(state, f)[1] - y, chars.circle(state, f)[0] - x))
        * 10
        % 3600
        for f in foes
    )
    gaps = [b - a for a, b in itertools.pairwise(angles)]
    gaps.append(3600 - angles[-1] + angles[0])
    return max(gaps) <= SURROUND_GAP


def retreat_blocked(state: State, model_id: str, friends: Sequence[str]) -> bool:
    """Whether the model could not retreat 1" if its side lost (its friends in the
    combat retreat with it and are not in the way)."""
    foes = chars.contacts(state, model_id)
    spot = paths.retreat_spot(
        state, model_id, away_point(state, model_id, foes), ignore=list(friends)
    )
    return spot is None


def across_obstacle(state: State, first: str, second: str) -> bool:
    """Whether the line between two models' centres crosses an obstacle."""
    a = chars.circle(state, first)
    b = chars.circle(state, second)
    return any(
        piece.kind == "obstacle" and paths.crossings((a[0], a[1]), (b[0], b[1]), piece.ring)
        for piece in paths.pieces(state)
    )


def charged_now(state: State, model_id: str) -> bool:
    return bool(chars.unit_of(state, model_id).get("charged") == state["turn"])


def attacks_defended_obstacle(state: State, attacker: str) -> bool:
    """Close Combat: the attacker of a character defending an obstacle suffers -1."""
    if not charged_now(state, attacker):
        return False
    return any(
        not charged_now(state, foe) and across_obstacle(state, attacker, foe)
        for foe in chars.contacts(state, attacker)
    )


def mounted_charge(state: State, model_id: str) -> bool:
    """Close Combat on Horseback: +1 when charging mounted, unless charging spear or
    halberd-armed infantry."""
    if not chars.mounted(state, model_id) or not charged_now(state, model_id):
        return False
    return not any(
        not chars.mounted(state, foe) and chars.unit_of(state, foe)["weapon"] in SPEAR_INFANTRY
        for foe in chars.contacts(state, model_id)
    )

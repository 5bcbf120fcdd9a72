"""Measuring on the table: inches, round bases, edge-to-edge distances, base contact,
group coherency, the nearest enemy, what lies within a radius.

Table units are tenths of a millimetre (engine.tabletop's convention): one inch is
:data:`INCH` = 254. Every base is round (foot 25 mm, mounted 50 mm), so distances are
plain circle arithmetic: the distance between two bases is the distance between their
centres less both radii ("Movement", every distance of the rulebook is measured edge
to edge, as the tabletop convention). Base contact is a gap of at most :data:`CONTACT`
(0.05 inch), so that a model moved "into contact" by integer arithmetic is in contact.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.tabletop.bases import Base

INCH = 254
"""One inch in table units (tenths of a millimetre)."""
CONTACT = 13
"""Base contact: an edge-to-edge gap of at most 0.05 inch (Interpretation > Base contact)."""
FOOT_SIZE = 250
"""A foot model's round base: 25 mm across."""
MOUNTED_SIZE = 500
"""A mounted model's round base: 50 mm across."""
FOOT_HEIGHT = 2
MOUNTED_HEIGHT = 3
COHERENCY = 2 * INCH
"""Introduction: the members of a group stay within 2 inches of each other."""
FULL_CIRCLE = 3600
"""Facings are tenths of a degree, 0 = +x, counter-clockwise."""


def inches(value: float) -> int:
    """``value`` inches in table units, rounded half away from zero.

    >>> inches(6), inches(0.5), inches(-1.5)
    (1524, 127, -381)
    """
    scaled = value * INCH
    return math.floor(abs(scaled) + 0.5) * (1 if scaled >= 0 else -1)


def to_inches(tenths: float) -> float:
    """Table units in inches (for messages and views, never stored)."""
    return tenths / INCH


@lru_cache(maxsize=8192)
def make_base(x: int, y: int, facing: int, *, mounted: bool) -> Base:
    """The round base of a model: 25 mm on foot, 50 mm mounted (remembered: bases are
    frozen values, asked for again and again where models stand still)."""
    if mounted:
        return Base(x, y, facing % FULL_CIRCLE, "round", MOUNTED_SIZE, MOUNTED_HEIGHT)
    return Base(x, y, facing % FULL_CIRCLE, "round", FOOT_SIZE, FOOT_HEIGHT)


def radius_of(mounted: bool) -> float:
    return (MOUNTED_SIZE if mounted else FOOT_SIZE) / 2


def centre_distance(a: Base, b: Base) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def gap(a: Base, b: Base) -> float:
    """The edge-to-edge distance of two round bases (negative when they overlap)."""
    return math.hypot(a.x - b.x, a.y - b.y) - (a.size + b.size) / 2


def edge_distance(a: Base, b: Base) -> float:
    """The distance between two round bases, edge to edge (0 when touching or overlapping).

    >>> edge_distance(make_base(0, 0, 0, mounted=False), make_base(1250, 0, 0, mounted=False))
    1000.0
    """
    return max(0.0, gap(a, b))


def point_distance(base: Base, x: float, y: float) -> float:
    """The distance from a point to the edge of a base (0 inside it)."""
    return max(0.0, math.hypot(base.x - x, base.y - y) - base.size / 2)


def overlapping(a: Base, b: Base) -> bool:
    """Whether two bases overlap (more than a hair: touching is allowed)."""
    return gap(a, b) < -1.0


def in_contact(a: Base, b: Base) -> bool:
    """Base contact: an edge gap of at most :data:`CONTACT`."""
    return gap(a, b) <= CONTACT


def within(a: Base, b: Base, limit: int) -> bool:
    """Whether ``b`` is within ``limit`` table units of ``a``, edge to edge."""
    return gap(a, b) <= limit


def within_radius(
    centre: Base, bases: Mapping[str, Base], limit: int, *, exclude: Iterable[str] = ()
) -> tuple[str, ...]:
    """The ids of ``bases`` within ``limit`` of ``centre`` (edge to edge), in id order."""
    skip = frozenset(exclude)
    return tuple(
        key for key in sorted(bases) if key not in skip and within(centre, bases[key], limit)
    )


def nearest(origin: Base, bases: Mapping[str, Base]) -> tuple[str, ...]:
    """The ids of the bases nearest ``origin`` edge to edge (ties all given, in id
    order); empty when there are none."""
    best: float | None = None
    found: list[str] = []
    for key in sorted(bases):
        distance = edge_distance(origin, bases[key])
        if best is None or distance < best - 1e-6:
            best = distance
            found = [key]
        elif abs(distance - best) <= 1e-6:
            found.append(key)
    return tuple(found)


def nearest_between(group: Sequence[Base], bases: Mapping[str, Base]) -> tuple[str, ...]:
    """The ids of the bases nearest to any base of ``group`` (ties all given)."""
    best: float | None = None
    found: list[str] = []
    for key in sorted(bases):
        distance = min(edge_distance(member, bases[key]) for member in group)
        if best is None or distance < best - 1e-6:
            best = distance
            found = [key]
        elif abs(distance - best) <= 1e-6:
            found.append(key)
    return tuple(found)


def coherent(bases: Sequence[Base], limit: int = COHERENCY) -> bool:
    """Group coherency (Introduction): every model within ``limit`` of another model of
    its group, all connected. One model (or none) is coherent."""
    if len(bases) <= 1:
        return True
    reached = {0}
    frontier = [0]
    while frontier:
        here = bases[frontier.pop()]
        for index, other in enumerate(bases):
            if index not in reached and within(here, other, limit):
                reached.add(index)
                frontier.append(index)
    return len(reached) == len(bases)


def contact_groups(bases: Mapping[str, Base], sides: Mapping[str, str]) -> list[list[str]]:
    """The close combats: models connected by base contact with an enemy (``sides``
    gives each model's side), each combat a sorted list of model ids, ordered by its
    lowest id. Models in contact only with friends are not in a combat."""
    keys = sorted(bases)
    links: dict[str, list[str]] = {key: [] for key in keys}
    for i, first in enumerate(keys):
        for second in keys[i + 1 :]:
            if sides[first] != sides[second] and in_contact(bases[first], bases[second]):
                links[first].append(second)
                links[second].append(first)
    return [sorted(members) for members in linked_groups(keys, links)]


def linked_groups(keys: Sequence[str], links: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """The connected groups of a graph given as ``links`` (each key's neighbours), in
    the order of ``keys``' first member of each, keys without a link left out; members
    in the order they are reached (callers sort them as they need)."""
    seen: set[str] = set()  # membership only, never iterated
    groups: list[list[str]] = []
    for key in keys:
        if key in seen or not links[key]:
            continue
        members, frontier = [key], [key]
        seen.add(key)
        while frontier:
            for other in links[frontier.pop()]:
                if other not in seen:
                    seen.add(other)
                    members.append(other)
                    frontier.append(other)
        groups.append(members)
    return groups


def on_table(base: Base, width: int, height: int) -> bool:
    """Whether the whole base lies on a ``width`` x ``height`` table."""
    r = base.size / 2
    return r <= base.x <= width - r and r <= base.y <= height - r


def heading(from_x: float, from_y: float, to_x: float, to_y: float) -> int:
    """The facing (tenths of a degree, 0 = +x, counter-clockwise) from one point to another."""
    if from_x == to_x and from_y == to_y:
        return 0
    angle = math.degrees(math.atan2(to_y - from_y, to_x - from_x))
    return math.floor(angle * 10 + 0.5) % FULL_CIRCLE


# -- reading positions from a state (geometry sits below ``state``: plain dict reads) ----


def model_base(state: Mapping[str, Any], model_id: str) -> Base:
    """The round base of a model of ``state`` where it stands."""
    record = state["models"][model_id]
    return make_base(record["x"], record["y"], record["facing"], mounted=record["mounted"])


def living_model_ids(state: Mapping[str, Any]) -> list[str]:
    """Every model on the table (status ``ok``), in id order."""
    return sorted(m for m, record in state["models"].items() if record["status"] == "ok")


def scenery_of(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The scenery pieces of ``state`` (points in table units)."""
    found: list[dict[str, Any]] = state.get("scenery", [])
    return found

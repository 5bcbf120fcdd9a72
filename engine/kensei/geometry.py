"""Kensei geometry kernel: bases, distances, orientation, sight, melee, formation.

Conventions (the ruleset relies on them):

* Coordinates are integers in tenths of a millimetre, origin at the table's
  lower-left corner, x to the right, y up (a 120 x 90 cm table is 12000 x 9000).
* Facing is an integer in tenths of a degree in [0, 3600): 0 is +x, counter-clockwise.
* A base's ``(x, y)`` is its centre; a miniature rotates about it ("Rotate miniatures").

Floats are used inside computations only. Whatever the ruleset stores comes out
as an int through a documented rounding (:func:`heading`, :func:`position_along`),
and float distances are only compared with integer thresholds through
:func:`within`-style helpers using the fixed tolerance :data:`EPSILON`, so that
"2.5 cm or less" is inclusive and stable.

Round bases are handled with exact circle math wherever a distance or a touch
is decided; :func:`footprint` gives a fixed-resolution polygon (64 vertices on
the circle) for areas and for the few polygon operations (sweeps, the "cut
across" test of line of sight). Rulebook paragraphs are cited by their titles
in ``kensei-living-rules-2020.txt``.

This module gathers the public names of the kernel, which lives in
:mod:`~engine.kensei.geometry_bases` (bases, scenery, distances),
:mod:`~engine.kensei.geometry_orientation` (facing, sides, visual field),
:mod:`~engine.kensei.geometry_movement` (paths, sweeps, melee, formation),
:mod:`~engine.kensei.geometry_sight` (sight bands),
:mod:`~engine.kensei.geometry_scenery` (the scenery index, paths against polygons) and
:mod:`~engine.kensei.geometry_scene` (the :class:`Scene` and its queries).
"""

from __future__ import annotations

from engine.kensei.geometry_bases import (
    CM,
    CUT_TOLERANCE,
    EPSILON,
    MELEE_DISTANCE,
    QUAD_SEGS,
    SKIRMISH_DISTANCE,
    UNIT_SPREAD,
    XY,
    Base,
    FloatXY,
    MiniatureId,
    Scenery,
    SceneryKind,
    Shape,
    Side,
    Sight,
    centre,
    corners,
    direction,
    distance_to_polygon,
    edge_distance,
    footprint,
    impassable_for,
    overlaps,
    scenery_polygon,
    touches_polygon,
    within,
)
from engine.kensei.geometry_movement import (
    control_area,
    engaged,
    formation_problems,
    in_control_area,
    isolated,
    on_table,
    path_length,
    position_along,
    sweep,
)
from engine.kensei.geometry_orientation import (
    attack_side,
    facing_away_from,
    facing_centre_of,
    facing_towards,
    forward_or_sideways,
    heading,
    in_visual_field,
    point_in_visual_field,
    rotate,
    side_of,
)
from engine.kensei.geometry_scene import (
    Layout,
    Scene,
)

__all__ = [
    "CM",
    "CUT_TOLERANCE",
    "EPSILON",
    "MELEE_DISTANCE",
    "QUAD_SEGS",
    "SKIRMISH_DISTANCE",
    "UNIT_SPREAD",
    "XY",
    "Base",
    "FloatXY",
    "Layout",
    "MiniatureId",
    "Scene",
    "Scenery",
    "SceneryKind",
    "Shape",
    "Side",
    "Sight",
    "attack_side",
    "centre",
    "control_area",
    "corners",
    "direction",
    "distance_to_polygon",
    "edge_distance",
    "engaged",
    "facing_away_from",
    "facing_centre_of",
    "facing_towards",
    "footprint",
    "formation_problems",
    "forward_or_sideways",
    "heading",
    "impassable_for",
    "in_control_area",
    "in_visual_field",
    "isolated",
    "on_table",
    "overlaps",
    "path_length",
    "point_in_visual_field",
    "position_along",
    "rotate",
    "scenery_polygon",
    "side_of",
    "sweep",
    "touches_polygon",
    "within",
]

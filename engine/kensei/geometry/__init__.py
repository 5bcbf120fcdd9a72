"""Kensei's table: the shared tabletop geometry (:mod:`engine.tabletop`) under
Kensei's distances (melee contact and cover at 2.5 cm, formations), gathered under one
name the rules use (``geometry.within``, ``geometry.engaged``...). Rulebook paragraphs
are cited by their titles in ``kensei-living-rules-2020.txt``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.kensei.geometry.formation import (
    MELEE_DISTANCE,
    SKIRMISH_DISTANCE,
    UNIT_SPREAD,
    forget_formations,
    formation_problems,
)
from engine.tabletop.bases import (
    CM,
    CUT_TOLERANCE,
    EPSILON,
    QUAD_SEGS,
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
from engine.tabletop.movement import (
    control_area,
    in_control_area,
    on_table,
    path_length,
    position_along,
    sweep,
)
from engine.tabletop.movement import engaged as _engaged
from engine.tabletop.movement import isolated as _isolated
from engine.tabletop.orientation import (
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
from engine.tabletop.scene import (
    Layout,
    Scene,
)


def engaged(a: Base, b: Base) -> bool:
    """ "Melee combat": the edges are 2.5 cm or less apart and at least one of the two
    faces the centre of the other's base."""
    return _engaged(a, b, MELEE_DISTANCE)


def isolated(bases: Sequence[Base], i: int) -> bool:
    """No other miniature of the unit within 2.5 cm of miniature ``i``."""
    return _isolated(bases, i, MELEE_DISTANCE)


def table_scene(
    scenery: Iterable[Scenery], bases: Mapping[MiniatureId, Base], *, layout: Layout | None = None
) -> Scene:
    """The table at one moment under Kensei's distances (melee contact and cover at
    2.5 cm)."""
    return Scene(scenery, bases, contact=MELEE_DISTANCE, layout=layout)


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
    "forget_formations",
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
    "table_scene",
    "touches_polygon",
    "within",
]

"""Free-form tabletop geometry shared by the table systems (Kensei, and next the
skirmish rules and Kensei 1st edition): bases, distances, orientation, sight,
paths and sweeps, the scenery and the :class:`~engine.tabletop.scene.Scene`.

A system's own distances (melee contact, cover, formation) are parameters here,
never constants: Kensei's live in :mod:`engine.kensei.geometry`.

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
across" test of line of sight).

Modules: :mod:`~engine.tabletop.bases` (bases, scenery, distances),
:mod:`~engine.tabletop.orientation` (facing, sides, visual field),
:mod:`~engine.tabletop.movement` (paths, sweeps, contact, control areas),
:mod:`~engine.tabletop.sight` (sight bands), :mod:`~engine.tabletop.scenery` (the
scenery index, paths against polygons) and :mod:`~engine.tabletop.scene`.
"""

"""The hex grid shared by the hex-board systems (Senjutsu, Samurai Battles).

Pure, deterministic and exact: whole numbers and :class:`fractions.Fraction`
only, never a float; every value is frozen; nothing here knows a game system.
The systems decide what their terrain and pieces mean and pass it in (a set of
blocking hexes, a step cost, a side rule).

Coordinates (Red Blob Games' hexagon guide)
    Axial ``Hex(q, r)``; the cube coordinate ``s = -q - r`` is derived. Hexes
    are ordered by ``(q, r)``, the canonical order of every sorted result and
    of the JSON forms.

Layout (shared with the drawing code, ``static/boards/hex.js``)
    Pointy-top hexes: each hex has neighbours due east and due west and four on
    the diagonals. ``q`` grows eastwards along a row, ``r`` grows southwards
    (down the screen), so ``Hex(0, 1)`` is south-east of ``Hex(0, 0)``. With a
    hex of size ``size`` (centre to corner), the centre of ``Hex(q, r)`` is at
    ``x = size * sqrt(3) * (q + r / 2)``, ``y = size * 3/2 * r`` (y down), and
    its corners at angles 30, 90, ... 330 degrees: the pixels are the drawing
    side's business, this package never computes a float.

Facings
    Six, one per hexside, numbered clockwise from EAST = 0: SOUTH_EAST 1,
    SOUTH_WEST 2, WEST 3, NORTH_WEST 4, NORTH_EAST 5 (Red Blob lists the same
    six vectors anticlockwise; the numbering here is clockwise, as a piece
    turns). A piece faces the centre of one adjacent hex (Senjutsu 1.5, Move
    Effects: "turn your character to face the centre of the adjacent hex").
    ``turn(facing, n)`` turns ``n`` hexsides clockwise; six turns are none.

Sides and arcs (:mod:`engine.hexgrid.arcs`)
    Around a piece the plane is cut into six sextants centred on its hexsides.
    The default side rule: front = the three hexsides ahead, flanks = the two
    behind those, rear = the one behind. A hex on the boundary between two
    sides counts as the more frontal one. The Samurai Battles text we hold does
    not define its zones' shapes (it points to sections it does not contain):
    until it does, a Defense Zone is taken as the front arc at range 1 and a
    Kill Zone as the front arc out to the written range; a system with other
    sides passes its own six-entry rule.

Lines and line of sight (:mod:`engine.hexgrid.lines`)
    ``line(a, b)`` samples the segment between the centres at ``distance + 1``
    points; a point exactly on the edge between two hexes (the segment runs
    along that edge) reports *both* hexes of that step.

    Centre-to-centre ``line_of_sight``: the rulebooks do not say how a line
    along an edge is treated (Samurai Battles' text we have refers to a Ranged
    Combat section it does not contain), so the conventional rule applies:
    a line running along the edge between two hexes is blocked only if
    *both* block; a line that merely passes through a corner is blocked by
    neither of the hexes it grazes. The viewer's and the target's hexes never
    block.

    ``corner_line_of_sight`` is Senjutsu 1.5's rule as written (Line Of Sight,
    p. 14): a line from either of the two front corners of the viewer's hex to
    any corner of the target's hex, interrupted if it "crosses or touches any
    part of your character's own hex or any hex occupied by terrain". So there
    touching counts: a line along a terrain hex's edge, or through its corner,
    is interrupted; the own hex may be touched only at the corner the line
    starts from.

Paths (:mod:`engine.hexgrid.paths`)
    Dijkstra over whole-number step costs with a fixed tie-break (facing order),
    zones of control as the hexes next to the pieces exerting them.
"""

from __future__ import annotations

from engine.hexgrid.arcs import (
    THREE_FRONT,
    Side,
    SideRule,
    arc,
    facings_towards,
    front_hexes,
    oriented,
    relative_directions,
    relative_side,
)
from engine.hexgrid.board import Board
from engine.hexgrid.coords import Facing, Hex, turn
from engine.hexgrid.geometry import Contact, Point, contact, corner, corners, front_corners
from engine.hexgrid.lines import (
    Blocks,
    corner_line_of_sight,
    directly_away,
    directly_towards,
    line,
    line_hexes,
    line_of_sight,
    sight_lines,
)
from engine.hexgrid.paths import (
    is_connected_path,
    path,
    path_cost,
    reachable,
    unit_cost,
    zone_of_control,
)

__all__ = [
    "THREE_FRONT",
    "Blocks",
    "Board",
    "Contact",
    "Facing",
    "Hex",
    "Point",
    "Side",
    "SideRule",
    "arc",
    "contact",
    "corner",
    "corner_line_of_sight",
    "corners",
    "directly_away",
    "directly_towards",
    "facings_towards",
    "front_corners",
    "front_hexes",
    "is_connected_path",
    "line",
    "line_hexes",
    "line_of_sight",
    "oriented",
    "path",
    "path_cost",
    "reachable",
    "relative_directions",
    "relative_side",
    "sight_lines",
    "turn",
    "unit_cost",
    "zone_of_control",
]

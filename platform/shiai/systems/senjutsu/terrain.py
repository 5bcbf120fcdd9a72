"""Terrain for the new-game form's presets (Battlefield Setup > 2), placed on the
chosen battlefield deterministically."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.core import InvalidCommand
from engine.hexgrid import Facing, Hex, oriented

# Battlefield Setup > 2: terrain "cannot be placed within 2 hexes of any other
# previously placed terrain" (so at least 3 hexes apart).
TERRAIN_SPACING = 3
# Terrain presets: (key, label, the kinds placed). "When playing for the first
# time, just use rocks. In general, terrain should occupy 3 to 4 battlefield hexes."
TERRAIN_PRESETS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("rocks", "Three rocks (the first game's terrain)", ("rocks", "rocks", "rocks")),
    (
        "mixed",
        "Rocks, bamboo, a shrine and a cherry tree",
        ("rocks", "bamboo", "shrine", "cherry-tree"),
    ),
    (
        "village",
        "Burning carts, a rock and the torii gate",
        ("burning-carts", "rocks", "torii-gate"),
    ),
    ("none", "No terrain", ()),
)


def preset_kinds(preset: str) -> tuple[str, ...]:
    """The pieces of ``preset`` (checked)."""
    kinds = next((k for key, _, k in TERRAIN_PRESETS if key == preset), None)
    if kinds is None:
        raise InvalidCommand("choose a terrain preset")
    return kinds


def preset_terrain(
    catalogue: Any, board: Sequence[tuple[int, int]], preset: str
) -> list[dict[str, Any]]:
    """The terrain of ``preset`` (checked) placed on the battlefield's hexes ``board``."""
    kinds = preset_kinds(preset)
    hexes = [Hex(q, r) for q, r in board]
    shapes = {kind: _terrain_shape(catalogue, kind) for kind in kinds}
    return place_terrain(hexes, [(kind, shapes[kind]) for kind in kinds])


def _terrain_shape(catalogue: Any, kind: str) -> tuple[Hex, ...]:
    found = catalogue.terrain_kinds.get(kind)
    if found is None:
        raise InvalidCommand(f"the catalogue has no terrain {kind!r}")
    return tuple(Hex(q, r) for q, r in found.hexes)


def place_terrain(
    board: Sequence[Hex], pieces: Iterable[tuple[str, Sequence[Hex]]]
) -> list[dict[str, Any]]:
    """Terrain placed for a preset, deterministically (Battlefield Setup > 2): each
    piece, facing east, on the board hex whose piece lies wholly inside the board,
    not on its edge, and at least ``TERRAIN_SPACING`` hexes from every piece placed
    before, farthest from those pieces (the first: nearest the board's middle; ties
    in (q, r) order). A piece that fits nowhere is left out."""
    area = frozenset(board)
    inner = sorted(h for h in area if all(n in area for n in h.neighbours()))
    if not inner:
        return []
    middle = min(inner, key=lambda h: (sum(h.distance(o) for o in area), h.q, h.r))
    placed: list[dict[str, Any]] = []
    occupied: list[Hex] = []
    for kind, shape in pieces:
        best: tuple[tuple[int, int, int], Hex] | None = None
        for anchor in inner:
            cells = oriented(shape, anchor, Facing.EAST)
            if not cells <= area or any(c not in inner for c in cells):
                continue
            gaps = [c.distance(o) for c in cells for o in occupied]
            if gaps and min(gaps) < TERRAIN_SPACING:
                continue
            spread = min(gaps) if gaps else -anchor.distance(middle)
            key = (spread, -anchor.q, -anchor.r)
            if best is None or key > best[0]:
                best = (key, anchor)
        if best is None:
            continue
        anchor = best[1]
        occupied.extend(oriented(shape, anchor, Facing.EAST))
        placed.append({"terrain": kind, "hex": [anchor.q, anchor.r], "facing": int(Facing.EAST)})
    return placed


# How the form's terrain is placed: for the players now (the preset's deterministic
# placement), or by the players in turns once the game starts (Battlefield Setup > 2:
# "Beginning with a randomly chosen player and proceeding clockwise, take turns placing
# terrain on the battlefield"), the pieces chosen as the pool.
TERRAIN_MODES = (
    ("placed", "Placed as the sample set-up places it"),
    ("turns", "Placed by the players in turns, from the pieces below"),
)
POOL_FIELD = "pool_"


def form_terrain(
    catalogue: Any, read: Callable[[str, str], str], board: Sequence[tuple[int, int]]
) -> dict[str, Any]:
    """The set-up's ``terrain`` (and ``terrain_pool``) for the form's choices read by
    ``read(name, default)``: ``terrain_mode`` placed or turns; ``terrain`` the preset;
    in turns, ``pool_<kind>`` the count of each piece (0 to the box's count; the
    preset's pieces when no count is given at all)."""
    mode = read("terrain_mode", "placed")
    if mode not in dict(TERRAIN_MODES):
        raise InvalidCommand("the terrain is placed as the sample does, or by the players")
    preset = read("terrain", "rocks")
    if mode == "placed":
        return {"terrain": preset_terrain(catalogue, board, preset)}
    counts = {kind: read(f"{POOL_FIELD}{kind}", "").strip() for kind in catalogue.terrain_kinds}
    pool: list[str] = sorted(preset_kinds(preset)) if not any(counts.values()) else []
    for kind_id, typed in counts.items():
        kind = catalogue.terrain_kinds[kind_id]
        if typed and not (typed.isdigit() and int(typed) <= kind.count):
            raise InvalidCommand(
                f"{kind.name}: from 0 to {kind.count} pieces (the box holds {kind.count})"
            )
        pool.extend([kind_id] * int(typed or 0))
    if not pool:
        raise InvalidCommand("choose at least one piece of terrain to place in turns")
    return {"terrain": [], "terrain_pool": pool}

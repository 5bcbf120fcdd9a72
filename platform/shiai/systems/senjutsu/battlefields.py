"""The battlefields the new-game form offers (Battlefield Setup > 1): each side of a
board alone, or two boards combined side by side ("Multiple battlefield boards can be
combined to create large battlefields"). A combined choice is written ``"a+b"``; the
second board is shifted east until it touches the first without a shared hex, and the
two must be different physical boards (the box holds one of each). The engine checks
the combined list again (``engine.senjutsu.turn.battlefield``)."""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.core import InvalidCommand

# A form battlefield combines at most this many boards (the box holds two boards).
MAX_BOARDS = 2
JOIN = "+"


def battlefield_choices(catalogue: Any) -> list[tuple[str, str]]:
    """Every single battlefield, then every pair of sides of two different boards
    (the Snowy Battlefield's board first)."""
    singles = list(catalogue.battlefields.values())
    pairs = [
        (f"{a.id}{JOIN}{b.id}", f"{a.name} and {b.name}, side by side (two boards)")
        for a, b in product(singles, singles)
        if _physical(a) > _physical(b)
    ]
    return [(b.id, b.name) for b in singles] + pairs


def _physical(battlefield: Any) -> str:
    return str(battlefield.board or battlefield.id)


def side_by_side(first: Any, second: Any) -> list[int]:
    """The axial offset putting ``second`` just east of ``first``: in every row both
    boards share, no hex of both and the nearest pair adjacent."""
    east: dict[int, int] = {}
    west: dict[int, int] = {}
    for q, r in first.hexes:
        east[r] = max(east.get(r, q), q)
    for q, r in second.hexes:
        west[r] = min(west.get(r, q), q)
    rows = set(east) & set(west)
    if not rows:
        raise InvalidCommand(f"{first.name} and {second.name} share no row to join them by")
    return [max(east[r] - west[r] + 1 for r in rows), 0]


def chosen_battlefield(catalogue: Any, value: str) -> tuple[Any, list[tuple[int, int]]]:
    """The set-up's ``battlefield`` for the form's choice (an id, or boards combined)
    and the battlefield's hexes, or ``InvalidCommand`` in words."""
    ids = value.split(JOIN)
    if not value or len(ids) > MAX_BOARDS:
        raise InvalidCommand(f"choose a battlefield: one board, or {MAX_BOARDS} boards combined")
    boards = [catalogue.battlefields.get(key) for key in ids]
    if any(b is None for b in boards):
        raise InvalidCommand("choose a battlefield the box holds")
    if len(boards) == 1:
        return boards[0].id, [tuple(h) for h in boards[0].hexes]
    first, second = boards
    if _physical(first) == _physical(second):
        raise InvalidCommand(
            f"{first.name} and {second.name} are the two sides of one board: combine two boards"
        )
    dq, dr = side_by_side(first, second)
    hexes = [tuple(h) for h in first.hexes] + [(q + dq, r + dr) for q, r in second.hexes]
    combined = [
        {"battlefield": first.id, "offset": [0, 0]},
        {"battlefield": second.id, "offset": [dq, dr]},
    ]
    return combined, hexes

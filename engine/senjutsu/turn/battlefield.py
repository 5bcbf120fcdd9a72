"""Battlefield Setup step 1: the battlefield, one board or several boards combined.

The set-up's ``"battlefield"`` is either one battlefield id (one side of a board, as
``"snowy-battlefield"``) or, for a large battlefield made of several boards ("Multiple
battlefield boards can be combined to create large battlefields"), a list of boards each
shifted by an axial offset::

    "battlefield": [
        {"battlefield": "snowy-battlefield", "offset": [0, 0]},
        {"battlefield": "frozen-lake", "offset": [9, 0]}
    ]

Interpretation (docs/rules/senjutsu.md, "Combined battlefields"): the boards keep their
orientation (no turning), no hex may lie on two boards, each board after the first must
touch one before it (a hex next to one of theirs), and a physical board is used once (its
two sides, ``Battlefield.board``, are never both on the table: the box holds one of each
board, as it holds 3 rocks). A wrong list is an ``InvalidCommand`` naming the board at
fault. The state's ``board`` keeps the hexes, and for a combined battlefield the list of
``boards`` it was made of.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import InvalidCommand
from engine.hexgrid import Hex
from engine.senjutsu import rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.grid.setup import board_problem, shifted


def axial(value: Any, where: str) -> Hex:
    """A set-up's ``[q, r]`` (a hex, an offset), or ``InvalidCommand`` naming ``where``."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise InvalidCommand(f"{where}: [q, r] whole numbers, not {value!r}")
    return Hex(value[0], value[1])


def _one(catalogue: Catalogue, battlefield_id: Any, where: str) -> tuple[str, frozenset[Hex]]:
    if not isinstance(battlefield_id, str):
        raise InvalidCommand(f"{where}: expected a str, got {battlefield_id!r}")
    if battlefield_id not in catalogue.battlefields:
        raise InvalidCommand(f"{where}: no battlefield {battlefield_id!r}")
    hexes = catalogue.battlefield(battlefield_id).hexes
    return battlefield_id, frozenset(Hex(q, r) for q, r in hexes)


def board(catalogue: Catalogue, value: Any) -> dict[str, Any]:
    """The state's ``board`` for the set-up's ``battlefield`` field, checked.

    >>> from engine.senjutsu import load_catalogue
    >>> found = board(load_catalogue(), [
    ...     {"battlefield": "snowy-battlefield", "offset": [0, 0]},
    ...     {"battlefield": "frozen-lake", "offset": [9, 0]}])
    >>> len(found["hexes"]), found["boards"][1]
    (154, {'battlefield': 'frozen-lake', 'offset': [9, 0]})
    """
    if not isinstance(value, list):
        _, hexes = _one(catalogue, value, "battlefield")
        return {"hexes": [h.to_json() for h in sorted(hexes)]}
    if not value:
        raise InvalidCommand("battlefield: a battlefield id, or a list of boards to combine")
    parts: list[frozenset[Hex]] = []
    boards: list[dict[str, Any]] = []
    physical: dict[str, int] = {}
    for index, part in enumerate(value):
        where = f"battlefield[{index}]"
        if not isinstance(part, Mapping):
            raise InvalidCommand(f"{where}: a board is an object {{battlefield, offset}}")
        extra = sorted(set(part) - {"battlefield", "offset"})
        if extra:
            raise InvalidCommand(f"{where}.{', '.join(extra)}: unexpected in a board")
        battlefield_id, hexes = _one(catalogue, part.get("battlefield"), f"{where}.battlefield")
        offset = axial(part.get("offset"), f"{where}.offset")
        kept = catalogue.battlefield(battlefield_id).board or battlefield_id
        if kept in physical:
            raise InvalidCommand(
                f"{where}.battlefield: {battlefield_id!r} is on the board {kept!r} already "
                f"used by battlefield[{physical[kept]}] (a board is on the table once, "
                f"{rules.COMPONENT_BOARDS})"
            )
        physical[kept] = index
        parts.append(shifted(hexes, offset))
        boards.append({"battlefield": battlefield_id, "offset": offset.to_json()})
    problem = board_problem(parts)
    if problem is not None:
        at, reason = problem
        raise InvalidCommand(
            f"battlefield[{at}]: {boards[at]['battlefield']!r} at {boards[at]['offset']} "
            f"{reason} ({rules.BATTLEFIELD_BOARDS})"
        )
    union = frozenset().union(*parts)
    return {"hexes": [h.to_json() for h in sorted(union)], "boards": boards}

"""Builders of hand-made cards for the Senjutsu unit tests: a card the sample catalogue
does not have, put on a table through ``table(cards=card(...))`` (the state's
``card_data``), in the contract's CARD shape."""

from __future__ import annotations

from typing import Any


def card(
    card_id: str,
    *lines: dict[str, Any],
    kind: str = "attack",
    initiative: int | list[int] = 5,
    name: str = "",
    **more: Any,
) -> dict[str, dict[str, Any]]:
    """``{card_id: CARD}``: a card of type ``kind`` (its ``name`` the id unless given)
    with these ``lines`` (see :func:`line`) and any other CARD fields in ``more``."""
    data = {"id": card_id, "name": name or card_id, "type": kind, "initiative": initiative}
    return {card_id: {**data, **more, "lines": list(lines)}}


def line(*effects: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A card LINE of these effects (``more``: its ``focus`` cost or ``kamae``)."""
    return {**more, "effects": list(effects)}


def attack(*hexes: tuple[int, int]) -> dict[str, Any]:
    """An attack EFFECT on the grid ``hexes`` (one wound each)."""
    return {"do": "attack", "grid": [{"hex": list(h)} for h in hexes]}

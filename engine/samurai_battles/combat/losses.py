"""Casualties: models removed from a unit, and the unit destroyed at none left."""

from __future__ import annotations

from engine.core import Event


def losses(unit: str, hits: int, models: int) -> list[Event]:
    """The events of ``hits`` casualties on ``unit`` (``models`` left before): none for
    no hit, ``casualties``, and ``destroyed`` when no model is left.

    >>> [e["type"] for e in losses("w1", 3, 2)]
    ['casualties', 'destroyed']
    >>> losses("w1", 0, 2)
    []
    """
    if hits <= 0:
        return []
    lost = min(hits, models)
    events: list[Event] = [
        {"type": "casualties", "unit": unit, "models": lost, "left": models - lost}
    ]
    if models - lost == 0:
        events.append({"type": "destroyed", "unit": unit})
    return events
